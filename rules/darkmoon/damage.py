"""Damage tokens (shield, outpost, fatigue), repairs and the shield test."""

from __future__ import annotations

from rules.core.contract import Action
from rules.core.words import a_or_an
from rules.darkmoon.actions import PlaceDamage, RemoveToken, TestDie, card_name
from rules.darkmoon.cards import DamageKind
from rules.darkmoon.state import DamageFrame, DieKind, GameState, RepairPickFrame, ShieldTestFrame
from rules.darkmoon.table import (
    MAX_DAMAGE,
    Ctx,
    all_infected_revealed,
    own_list,
    seats_from,
    total_damage,
    who,
)
from rules.darkmoon.words import SYMBOL_TEXT, fails, plural

DAMAGE_KINDS: tuple[DamageKind, ...] = ("shield", "outpost", "fatigue")
_PENALTY_KINDS: tuple[DamageKind, ...] = ("fatigue", "outpost")
_POOL_DICE: tuple[DieKind, ...] = ("strong", "weak")
_HELD_DICE: tuple[DieKind, ...] = ("strong", "weak", "commander")
WIN_TEXT = {
    "shield": "the dome's shield is destroyed (the sixth shield token is on the track)",
    "outpost": "the outpost is wrecked (a sixth station is damaged)",
    "fatigue": "life support has failed (the sixth fatigue token is out)",
}


def can_place(s: GameState, kind: str, lethal: bool) -> bool:
    count = total_damage(s, kind)
    if count >= MAX_DAMAGE:
        return False
    if not lethal and count == MAX_DAMAGE - 1:
        return False
    if kind == "outpost":
        return bool(s.outpost_pile)
    if kind == "fatigue":
        return bool(s.fatigue_pile)
    return True


def place_one(ctx: Ctx, kind: str, lethal: bool) -> bool:
    """Place one token; False if it may not be placed (non-lethal stop or empty pile)."""
    s = ctx.s
    if not can_place(s, kind, lethal):
        if total_damage(s, kind) == MAX_DAMAGE - 1 and not lethal:
            ctx.say(f"{a_or_an(kind).capitalize()} token would end the game, so it is not "
                    "placed.")
        return False
    if kind == "shield":
        s.shield += 1
        ctx.say(f"A shield token goes on the track ({s.shield}/6).", kind="damage",
                damage="shield")
    elif kind == "outpost":
        token = own_list(s, "outpost_pile").pop(s.rng.below(len(s.outpost_pile)))
        own_list(s, "outposts").append(token)
        ctx.say(f"Outpost damage: {card_name(token)} ({len(s.outposts)}/6).", kind="damage",
                damage="outpost", token=token)
    else:
        token = own_list(s, "fatigue_pile").pop(s.rng.below(len(s.fatigue_pile)))
        own_list(s, "fatigue").append(token)
        _seen_fatigue(s, token)
        victims = [seat for seat, p in s.players.items()
                   if p.character == token and not p.revealed]
        tail = f": {who(victims[0])} is fatigued" if victims else ", a character nobody plays"
        ctx.say(f"Fatigue token {card_name(token)}{tail} (life support {len(s.fatigue)}/6).",
                kind="damage", damage="fatigue", token=token)
    if total_damage(s, kind) >= MAX_DAMAGE:
        s.result = "infected"
        s.result_reason = WIN_TEXT[kind]
        ctx.say(f"The infected win: {WIN_TEXT[kind]}.", kind="game_over", team="infected")
    return True


# ------------------------------------------------------------------ DamageFrame
def damage_choices(s: GameState, frame: DamageFrame) -> list[DamageKind]:
    return [k for k in DAMAGE_KINDS if can_place(s, k, frame.lethal)]


def damage_waiting(s: GameState, frame: DamageFrame) -> list[str]:
    if frame.remaining > 0 and frame.damage is None and len(damage_choices(s, frame)) > 1:
        return [frame.chooser]
    return []


def damage_legal(s: GameState, frame: DamageFrame, seat: str) -> list[Action]:
    return [PlaceDamage(damage=k) for k in damage_choices(s, frame)]


def damage_act(ctx: Ctx, frame: DamageFrame, seat: str, action: Action) -> None:
    assert isinstance(action, PlaceDamage)
    _place(ctx, frame, action.damage)


def damage_run(ctx: Ctx, frame: DamageFrame) -> None:
    if frame.remaining > 0:
        kind = frame.damage
        if kind is None:
            options = damage_choices(ctx.s, frame)
            kind = options[0] if options else None
        if kind is None:
            frame.remaining = 0
        else:
            _place(ctx, frame, kind)
        return
    ctx.s.stack.pop()
    if frame.placed_shield and frame.test_after:
        ctx.s.stack.append(ShieldTestFrame(seat=ctx.s.active))


def _place(ctx: Ctx, frame: DamageFrame, kind: str) -> None:
    frame.remaining -= 1
    if place_one(ctx, kind, frame.lethal):
        frame.placed_shield = frame.placed_shield or kind == "shield"
    elif frame.damage is not None:
        frame.remaining = 0  # a fixed kind that cannot be placed stops here


# ------------------------------------------------------------------ shield test
def failure_symbol(s: GameState, ctx_symbols: tuple[str, ...]) -> str:
    return ctx_symbols[min(s.shield, len(ctx_symbols) - 1)]


def test_die_options(s: GameState, seat: str) -> list[DieKind]:
    pool = s.available
    kinds = [k for k in _POOL_DICE if pool.get(k)]
    if kinds:
        return kinds
    held = s.players[seat].held
    return [k for k in _HELD_DICE if held.get(k)]


def shield_waiting(s: GameState, frame: ShieldTestFrame) -> list[str]:
    if frame.stage == "die" and len(test_die_options(s, frame.seat)) > 1:
        return [frame.seat]
    if frame.stage == "penalty" and len(_penalty_choices(s)) > 1:
        return [frame.seat]
    return []


def _penalty_choices(s: GameState) -> list[DamageKind]:
    return [k for k in _PENALTY_KINDS if can_place(s, k, True)]


def shield_legal(s: GameState, frame: ShieldTestFrame, seat: str) -> list[Action]:
    if frame.stage == "die":
        return [TestDie(die=k) for k in test_die_options(s, seat)]
    return [PlaceDamage(damage=k) for k in _penalty_choices(s)]


def shield_act(ctx: Ctx, frame: ShieldTestFrame, seat: str, action: Action) -> None:
    if isinstance(action, TestDie):
        _roll_test(ctx, frame, action.die)
    else:
        assert isinstance(action, PlaceDamage)
        ctx.s.stack.pop()
        place_one(ctx, action.damage, frame.lethal)


def shield_run(ctx: Ctx, frame: ShieldTestFrame) -> None:
    if frame.stage == "die":
        options = test_die_options(ctx.s, frame.seat)
        if options:
            _roll_test(ctx, frame, options[0])
            return
        lender = _lender(ctx.s, frame.seat)
        if lender is None:
            ctx.say("No die can be rolled for the shield test; it passes.")
            ctx.s.stack.pop()
            return
        _roll_test(ctx, frame, test_die_options(ctx.s, lender)[0], lender)
        return
    ctx.s.stack.pop()
    choices = _penalty_choices(ctx.s)
    if choices:
        place_one(ctx, choices[0], frame.lethal)


def _lender(s: GameState, seat: str) -> str | None:
    """With the pool empty and nothing behind the active player's screen, the first
    player clockwise who holds a die rolls one of theirs (README: rulings)."""
    return next((x for x in seats_from(s, seat)[1:] if s.players[x].held.total()), None)


def _roll_test(ctx: Ctx, frame: ShieldTestFrame, kind: DieKind,
               roller: str | None = None) -> None:
    s = ctx.s
    faces = getattr(ctx.c.board.dice, kind)
    face = faces[s.rng.below(6)]
    symbol = failure_symbol(s, ctx.c.board.shield_symbols)
    by = who(roller or frame.seat)
    if roller is not None:
        ctx.say(f"{who(frame.seat)} has no die and the pool is empty: {by} rolls one of "
                "theirs for the shield test (it stays theirs).", kind="shield_lender",
                seat=roller)
    if fails(symbol, face):
        ctx.say(f"Shield test: {by} rolls {face:+d} on a {kind} die against "
                f"'{SYMBOL_TEXT[symbol]}': the shield FAILS.", kind="shield_test", face=face,
                failed=True)
        frame.stage = "penalty"
    else:
        ctx.say(f"Shield test: {by} rolls {face:+d} on a {kind} die against "
                f"'{SYMBOL_TEXT[symbol]}': the shield holds.", kind="shield_test", face=face,
                failed=False)
        s.stack.pop()


# ------------------------------------------------------------------ repairs
def repair_tokens(s: GameState, frame: RepairPickFrame) -> list[str]:
    kinds = DAMAGE_KINDS if frame.damage == "choice" else (frame.damage,)
    tokens: list[str] = []
    for kind in kinds:
        if kind == "shield" and s.shield:
            tokens.append("shield")
        elif kind == "outpost":
            tokens.extend(dict.fromkeys(s.outposts))
        elif kind == "fatigue":
            tokens.extend(dict.fromkeys(s.fatigue))
    return tokens


def repair_waiting(s: GameState, frame: RepairPickFrame) -> list[str]:
    if frame.remaining > 0 and len(repair_tokens(s, frame)) > 1:
        return [frame.chooser]
    return []


def repair_legal(s: GameState, frame: RepairPickFrame, seat: str) -> list[Action]:
    options: list[Action] = [RemoveToken(token=t) for t in repair_tokens(s, frame)]
    if frame.optional:
        options.append(RemoveToken(token="none"))
    return options


def repair_act(ctx: Ctx, frame: RepairPickFrame, seat: str, action: Action) -> None:
    assert isinstance(action, RemoveToken)
    if action.token == "none":
        ctx.s.stack.pop()
        return
    remove_token(ctx, action.token)
    frame.remaining -= 1


def repair_run(ctx: Ctx, frame: RepairPickFrame) -> None:
    tokens = repair_tokens(ctx.s, frame)
    if frame.remaining <= 0 or not tokens:
        ctx.s.stack.pop()
        return
    remove_token(ctx, tokens[0])
    frame.remaining -= 1


def remove_token(ctx: Ctx, token: str) -> None:
    s = ctx.s
    if token == "shield":
        s.shield -= 1
        ctx.say(f"A shield token is removed ({s.shield}/6).", kind="repair", damage="shield")
    elif token in s.outposts:
        own_list(s, "outposts").remove(token)
        own_list(s, "outpost_pile").append(token)
        ctx.say(f"The {card_name(token)} outpost is repaired.", kind="repair", token=token)
    elif token in s.fatigue:
        own_list(s, "fatigue").remove(token)
        own_list(s, "fatigue_pile").append(token)
        ctx.say(f"Fatigue token {card_name(token)} is removed.", kind="repair", token=token)


def clear_kind(ctx: Ctx, kind: str, by: str) -> None:
    """Every `kind` token leaves the board; `by` (a player or a card, in words) says who
    cleared them. Nothing is said when there was none."""
    s = ctx.s
    count = total_damage(s, kind)
    if kind == "shield":
        s.shield = 0
    elif kind == "outpost":
        own_list(s, "outpost_pile").extend(s.outposts)
        own_list(s, "outposts").clear()
    elif kind == "fatigue":
        own_list(s, "fatigue_pile").extend(s.fatigue)
        own_list(s, "fatigue").clear()
    if count:
        ctx.say(f"{by} removes every {kind} token from the board ({plural(count, 'token')}).",
                kind="repair", damage=kind)


def reshuffle_damage(ctx: Ctx) -> None:
    s = ctx.s
    outposts, fatigue = own_list(s, "outposts"), own_list(s, "fatigue")
    outpost_pile, fatigue_pile = own_list(s, "outpost_pile"), own_list(s, "fatigue_pile")
    n_out, n_fat = len(outposts), len(fatigue)
    outpost_pile.extend(outposts)
    fatigue_pile.extend(fatigue)
    outposts.clear()
    fatigue.clear()
    for _ in range(n_out):
        outposts.append(outpost_pile.pop(s.rng.below(len(outpost_pile))))
    for _ in range(n_fat):
        fatigue.append(fatigue_pile.pop(s.rng.below(len(fatigue_pile))))
        _seen_fatigue(s, fatigue[-1])
    ctx.say("Outpost and fatigue tokens are shuffled and drawn again: outposts "
            + (", ".join(card_name(t) for t in s.outposts) or "none") + "; fatigue "
            + (", ".join(card_name(t) for t in s.fatigue) or "none") + ".", kind="repair")


def suspicion_gone(s: GameState) -> bool:
    return s.suspicion_removed or all_infected_revealed(s)


def _seen_fatigue(s: GameState, token: str) -> None:
    """The table has seen `token` on the board: it is known to be in the fatigue mix."""
    if token not in s.fatigue_seen:
        own_list(s, "fatigue_seen").append(token)
