"""Rolling and submitting dice: repairs, lone wolf, test commander and task rolls.

Rolls are private (an event to the roller only); submitted dice are public.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations
from operator import attrgetter

from rules.core.contract import Action
from rules.core.words import dice_count
from rules.darkmoon import threats
from rules.darkmoon.actions import Reroll, Roll, StopRolling, Submit, die_code_text, held_dice
from rules.darkmoon.cards import content
from rules.darkmoon.effects import add_cube
from rules.darkmoon.state import (
    DamageFrame,
    Die,
    DieKind,
    DiscardFrame,
    GameState,
    RepairPickFrame,
    RollFrame,
)
from rules.darkmoon.table import Ctx, normal_held, spent_to_available, who
from rules.darkmoon.variants import single_die


def _held_total(s: GameState, seat: str) -> int:
    p = s.players[seat]
    return p.held.strong + p.held.weak + p.held.commander


def roll_choices(s: GameState, frame: RollFrame) -> list[Roll]:
    return list(_roll_options(s, frame))


def _roll_options(s: GameState, frame: RollFrame) -> tuple[Roll, ...]:
    """The rolls the seat may make (a tuple built once per holding: callers copy it)."""
    held = s.players[frame.seat].held
    if frame.must_roll_all:
        return _roll_all(held.strong, held.weak, held.commander)
    strong, cmd = (0, 0) if frame.weak_only else (held.strong, held.commander)
    return _rolls(strong, held.weak, cmd, frame.submit_count, frame.max_dice)


@cache
def _roll_all(strong: int, weak: int, cmd: int) -> tuple[Roll]:
    """The one roll of every die held (built once per holding, as `_rolls`)."""
    return (Roll(dice=held_dice(strong, weak, cmd)),)


@cache
def _rolls(strong: int, weak: int, cmd: int, low: int, high: int) -> tuple[Roll, ...]:
    """Every roll of `low`..`high` dice out of those held (the same few lists come up
    again and again, so they are built once)."""
    return tuple(Roll(dice=held_dice(x, y, z))
                 for x in range(strong + 1) for y in range(weak + 1) for z in range(cmd + 1)
                 if low <= x + y + z <= high)


def _submit_options(s: GameState, frame: RollFrame) -> tuple[Submit, ...]:
    """The submissions the roller may make (a tuple built once per roll: callers copy it)."""
    codes = tuple(sorted(_codes_and_words(frame.rolled)[0]))
    if frame.purpose == "task":
        sizes = (1,) if single_die(s, frame.seat) else tuple(range(1, len(codes) + 1))
    else:
        sizes = (min(frame.submit_count, len(codes)),)
    return _submits(codes, sizes)


@lru_cache(maxsize=4096)
def _submits(codes: tuple[str, ...], sizes: tuple[int, ...]) -> tuple[Submit, ...]:
    seen: dict[tuple[str, ...], Submit] = {}
    for size in sizes:
        for combo in combinations(codes, size):
            if combo not in seen:
                seen[combo] = _submit_of(combo)
    return tuple(seen.values())


@cache
def _submit_of(dice: tuple[str, ...]) -> Submit:
    """The Submit of these dice (looked up by the dice alone: cheaper than building the
    action's keyword arguments for each of the many combinations listed)."""
    return Submit(dice=dice)


def roll_waiting(s: GameState, frame: RollFrame) -> list[str]:
    if frame.rolled:
        return [frame.seat]
    if frame.purpose == "task":
        return [frame.seat] if frame.submitted and _can_roll_again(s, frame) else []
    if frame.purpose == "test_commander":
        return []
    return [frame.seat] if len(roll_choices(s, frame)) > 1 else []


def _can_roll_again(s: GameState, frame: RollFrame) -> bool:
    return not single_die(s, frame.seat) and _held_total(s, frame.seat) > 0


_REROLL = Reroll()
_STOP = StopRolling()


def roll_legal(s: GameState, frame: RollFrame, seat: str) -> list[Action]:
    if frame.rolled:
        options: list[Action] = list(_submit_options(s, frame))
        if frame.reroll_allowed and not frame.rerolled:
            options.append(_REROLL)
        return options
    if frame.purpose == "task":
        return [*_roll_options(s, frame), _STOP]
    return list(_roll_options(s, frame))


def roll_act(ctx: Ctx, frame: RollFrame, seat: str, action: Action) -> None:
    if isinstance(action, Submit):  # the most frequent first
        _submit(ctx, frame, action)
    elif isinstance(action, Roll):
        _roll(ctx, frame, action)
    elif isinstance(action, Reroll):
        frame.rerolled = True
        below = ctx.s.rng.below
        frame.rolled = [_die(d.kind, _FACES[d.kind][below(6)]) for d in frame.rolled]
        ctx.say(f"{who(seat)} rerolls their dice.", kind="roll")
        _tell_roll(ctx, frame)
    else:
        assert isinstance(action, StopRolling)
        _finish(ctx, frame)


def roll_run(ctx: Ctx, frame: RollFrame) -> None:
    s = ctx.s
    if frame.purpose in ("task", "test_commander") and not frame.submitted:
        if _held_total(s, frame.seat) == 0:
            ctx.say(f"{who(frame.seat)} has no dice to roll.")
            _finish(ctx, frame)
            return
        _roll(ctx, frame, roll_choices(s, frame)[0])
        return
    if frame.purpose == "task":
        _finish(ctx, frame)
        return
    choices = roll_choices(s, frame)
    if not choices:
        ctx.say(f"{who(frame.seat)} has no dice to roll.")
        _finish(ctx, frame)
        return
    _roll(ctx, frame, choices[0])


@cache
def _by_kind(dice: tuple[str, ...]) -> tuple[tuple[DieKind, int], ...]:
    """How many dice of each kind a choice of held dice takes, strong first."""
    return tuple((kind, dice.count(kind[0].upper())) for kind in _KINDS)


_KINDS: tuple[DieKind, ...] = ("strong", "weak", "commander")
# each kind's faces, from the (immutable) content, read on every roll
_FACES = {kind: getattr(content().board.dice, kind) for kind in _KINDS}


@cache
def _die(kind: DieKind, face: int) -> Die:
    """The one Die of that kind showing that face (dice are values)."""
    return Die(kind=kind, face=face)


@cache
def _die_words(kind: DieKind, face: int) -> tuple[str, str]:
    """That die's code and words ("S2", "strong +2"), read for every die rolled or
    submitted."""
    code = _die(kind, face).code
    return code, die_code_text(code)


_FACE = attrgetter("face")


def _roll(ctx: Ctx, frame: RollFrame, action: Roll) -> None:
    s = ctx.s
    held = ctx.player(frame.seat).held
    below = s.rng.below
    rolled = frame.rolled
    for kind, n in _by_kind(action.dice):
        if n:
            setattr(held, kind, getattr(held, kind) - n)
            faces = _FACES[kind]
            for _ in range(n):
                rolled.append(_die(kind, faces[below(6)]))
    # How many dice were rolled stays private: a task or commander test rolls every
    # die behind the screen, so the count would tell the table what the player holds.
    ctx.say(f"{who(frame.seat)} rolls their dice.", kind="roll", seat=frame.seat)
    _tell_roll(ctx, frame)


def _tell_roll(ctx: Ctx, frame: RollFrame) -> None:
    codes, words = _codes_and_words(frame.rolled)
    ctx.tell(frame.seat, f"Your roll: {', '.join(words)}.", kind="private_roll", dice=codes)


def _codes_and_words(dice: list[Die]) -> tuple[list[str], list[str]]:
    """The dice's codes and words, in order (a loop: no comprehension to build)."""
    codes: list[str] = []
    words: list[str] = []
    for die in dice:
        code, word = _die_words(die.kind, die.face)
        codes.append(code)
        words.append(word)
    return codes, words


def _submit(ctx: Ctx, frame: RollFrame, action: Submit) -> None:
    s = ctx.s
    remaining = frame.rolled
    frame.rolled = []
    codes = _codes_and_words(remaining)[0]
    chosen: list[Die] = []
    for code in action.dice:
        i = codes.index(code)  # the first die showing it
        del codes[i]
        chosen.append(remaining.pop(i))
    if remaining:
        held = ctx.player(frame.seat).held
        for die in remaining:
            setattr(held, die.kind, getattr(held, die.kind) + 1)
    spent = s.spent
    for die in chosen:
        setattr(spent, die.kind, getattr(spent, die.kind) + 1)
        if die.kind == "commander":
            s.commander_die = "spent"
    frame.submitted.extend(chosen)
    total = sum(map(_FACE, chosen))
    tally = ctx.player(frame.seat).tally
    tally.dice += len(chosen)
    text = ", ".join(_codes_and_words(chosen)[1])
    if frame.purpose == "task":
        s.success_track += total
        tally.points += total
        ctx.say(f"{who(frame.seat)} submits {text}: the success cube is at {s.success_track}.",
                kind="submit", dice=list(action.dice), track=s.success_track)
        if single_die(s, frame.seat):
            _finish(ctx, frame)
        return
    ctx.say(f"{who(frame.seat)} submits {text}.", kind="submit", dice=list(action.dice))
    _finish(ctx, frame)


def _finish(ctx: Ctx, frame: RollFrame) -> None:
    s = ctx.s
    if frame.rolled:
        held = ctx.player(frame.seat).held
        for die in frame.rolled:
            held.add(die.kind)
    frame.rolled = []
    s.stack.pop()
    if frame.purpose == "task":
        if s.expansion is not None and s.expansion.threats is not None:
            threats.after_task_roll(ctx, frame)
        return
    if frame.purpose == "repair":
        _resolve_repair(ctx, frame)
    elif frame.purpose == "lone_wolf":
        ok = len(frame.submitted) == frame.submit_count and all(
            d.face > 0 for d in frame.submitted)
        spent_to_available(s)
        if ok:
            ctx.say(f"Lone wolf succeeds for {who(frame.seat)}.", kind="lone_wolf", ok=True)
            add_cube(ctx)
        else:
            ctx.say(f"Lone wolf fails for {who(frame.seat)}.", kind="lone_wolf", ok=False)
    else:
        _resolve_test_commander(ctx, frame)


def _resolve_repair(ctx: Ctx, frame: RollFrame) -> None:
    s = ctx.s
    ok = bool(frame.submitted) and frame.submitted[0].face > 0
    area = frame.target
    names = {"shield": "the shield", "outpost": "an outpost", "life_support": "life support"}
    ctx.say(f"Repair of {names[area]} {'succeeds' if ok else 'fails'}.", kind="repair_roll",
            ok=ok)
    if s.sabotage == area:
        s.sabotage = None
        p = s.players[frame.seat]
        n = min(2, normal_held(p))
        ctx.say(f"{who(frame.seat)} clears the sabotage and must give up {dice_count(n)}.",
                kind="sabotage")
        if n:
            s.stack.append(DiscardFrame(seat=frame.seat, count=n, reason="to clear sabotage"))
    spent_to_available(s)
    if not ok:
        return
    if area == "shield":
        s.stack.append(RepairPickFrame(chooser=frame.seat, remaining=1, damage="shield"))
    elif area == "outpost":
        s.stack.append(RepairPickFrame(chooser=frame.seat, remaining=1, damage="outpost"))
    else:
        s.stack.append(RepairPickFrame(chooser=frame.seat, remaining=1, damage="fatigue"))


def _resolve_test_commander(ctx: Ctx, frame: RollFrame) -> None:
    s = ctx.s
    ok = bool(frame.submitted) and frame.submitted[0].face > 0
    spent_to_available(s)
    if ok:
        ctx.say(f"The commander {who(frame.seat)} passes the test.", kind="test_commander",
                ok=True)
        return
    ctx.say(f"The commander {who(frame.seat)} fails the test: {who(frame.target)} picks a "
            "damage token.", kind="test_commander", ok=False)
    s.stack.append(DamageFrame(chooser=frame.target, remaining=1, damage=None, lethal=True))
