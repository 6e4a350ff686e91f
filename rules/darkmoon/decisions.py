"""Small decision frames: retrieving and discarding dice, naming a player, yes/no
answers, option picks, and the steps of revealing as infected."""

from __future__ import annotations

from functools import cache
from itertools import permutations

from rules.core.contract import Action
from rules.core.words import dice_count
from rules.darkmoon import actions as a
from rules.darkmoon import variants
from rules.darkmoon.cards import index
from rules.darkmoon.damage import clear_kind
from rules.darkmoon.effects import clear_kind_options, first_hidden_left_of, push_effects
from rules.darkmoon.in_play import current_task_frame, task_card
from rules.darkmoon.state import (
    AnswerFrame,
    ChoiceFrame,
    DiscardFrame,
    GameState,
    InfectedActionFrame,
    OrderFrame,
    RetrieveFrame,
    RevealFrame,
    TargetFrame,
    TurnFrame,
)
from rules.darkmoon.table import (
    Ctx,
    ability,
    all_infected_revealed,
    enforce_limit,
    hidden_seats,
    own_list,
    put_back_tasks,
    set_commander,
    strong_retrievable,
    who,
)
from rules.darkmoon.tasks import discard_task
from rules.darkmoon.votes import quarantine_player, release_player, start_vote
from rules.darkmoon.words import plural, status_power


def _single(options: list[Action], seat: str) -> list[str]:
    return [seat] if len(options) > 1 else []


# ------------------------------------------------------------------ RetrieveFrame
def retrieve_legal(s: GameState, f: RetrieveFrame, seat: str) -> list[Action]:
    strong_ok = strong_retrievable(s, seat)
    total = min(f.count, strong_ok + s.available.weak)
    cmd_options = [False]
    if f.purpose == "turn" and s.commander == seat and s.commander_die == "available":
        cmd_options = [True, False]
    swap_ok = f.purpose == "turn" and ability(s, seat, "free_swap")
    held_weak = s.players[seat].held.weak if swap_ok else 0
    return list(_retrievals(total, strong_ok, s.available.weak, tuple(cmd_options), swap_ok,
                            held_weak))


@cache
def _retrievals(total: int, strong_ok: int, weak_ok: int, cmd_options: tuple[bool, ...],
                swap_ok: bool, held_weak: int) -> tuple[a.Retrieve, ...]:
    """Every way to take exactly `total` dice (most strong dice first), with the
    commander die if it may be taken and the free swap where it is possible."""
    options: list[a.Retrieve] = []
    for strong in range(min(total, strong_ok), -1, -1):
        weak = total - strong
        if weak > weak_ok:
            continue
        for cmd in cmd_options:
            options.append(a.Retrieve(strong=strong, weak=weak, commander=cmd))
            if swap_ok and held_weak + weak > 0 and strong_ok - strong > 0:
                options.append(a.Retrieve(strong=strong, weak=weak, commander=cmd, swap=True))
    return tuple(options)


def retrieve_waiting(s: GameState, f: RetrieveFrame) -> list[str]:
    return _single(retrieve_legal(s, f, f.seat), f.seat)


def retrieve_act(ctx: Ctx, f: RetrieveFrame, seat: str, action: Action) -> None:
    assert isinstance(action, a.Retrieve)
    s = ctx.s
    s.stack.pop()
    p = ctx.player(seat)
    p.held.strong += action.strong
    p.held.weak += action.weak
    s.available.strong -= action.strong
    s.available.weak -= action.weak
    if action.commander:
        p.held.commander = 1
        s.available.commander = 0
        s.commander_die = "held"
    if action.swap:
        p.held.weak -= 1
        p.held.strong += 1
        s.available.weak += 1
        s.available.strong -= 1
    n = action.strong + action.weak + int(action.commander)
    if n or action.swap:
        ctx.say(f"{who(seat)} retrieves {dice_count(n)}.", kind="retrieve", seat=seat, count=n)
        ctx.tell(seat, f"You took {a.dice_text(action.strong, action.weak, action.commander)}"
                 + (" and swapped a weak die for a strong one." if action.swap else "."),
                 kind="dice")


def retrieve_run(ctx: Ctx, f: RetrieveFrame) -> None:
    options = retrieve_legal(ctx.s, f, f.seat)
    if options:
        retrieve_act(ctx, f, f.seat, options[0])
    else:
        ctx.s.stack.pop()


# ------------------------------------------------------------------ DiscardFrame
def discard_legal(s: GameState, f: DiscardFrame, seat: str) -> list[Action]:
    held = s.players[seat].held
    options: list[Action] = []
    for strong in range(min(f.count, held.strong), -1, -1):
        weak = f.count - strong
        if weak > held.weak:
            continue
        if (f.dice_kind == "strong" and weak) or (f.dice_kind == "weak" and strong):
            continue
        options.append(a.Discard(dice=a.held_dice(strong, weak)))
    return options


def discard_waiting(s: GameState, f: DiscardFrame) -> list[str]:
    return _single(discard_legal(s, f, f.seat), f.seat)


def discard_act(ctx: Ctx, f: DiscardFrame, seat: str, action: Action) -> None:
    assert isinstance(action, a.Discard)
    s = ctx.s
    s.stack.pop()
    p = ctx.player(seat)
    p.held.strong -= action.strong
    p.held.weak -= action.weak
    s.available.strong += action.strong
    s.available.weak += action.weak
    n = action.strong + action.weak
    ctx.say(f"{who(seat)} returns {dice_count(n)} to the available pool ({f.reason}).",
            kind="discard", seat=seat, count=n)


def discard_run(ctx: Ctx, f: DiscardFrame) -> None:
    options = discard_legal(ctx.s, f, f.seat)
    if options:
        discard_act(ctx, f, f.seat, options[0])
    else:
        ctx.s.stack.pop()


# ------------------------------------------------------------------ TargetFrame
def target_legal(s: GameState, f: TargetFrame, seat: str) -> list[Action]:
    hidden = hidden_seats(s)
    if f.purpose == "decree":
        return [a.Decree(target=t, quarantine=not s.players[t].quarantined) for t in hidden]
    if f.purpose == "trust":
        return [a.NameTarget(target=t) for t in hidden if t != seat]
    if f.purpose == "appoint":
        return [*(a.NameTarget(target=t) for t in hidden if t != s.commander), a.Decline()]
    return [a.NameTarget(target=t) for t in hidden]


def target_waiting(s: GameState, f: TargetFrame) -> list[str]:
    return [f.seat] if target_legal(s, f, f.seat) else []


def target_act(ctx: Ctx, f: TargetFrame, seat: str, action: Action) -> None:
    s = ctx.s
    s.stack.pop()
    if isinstance(action, a.Decree):
        if action.quarantine:
            quarantine_player(ctx, action.target, seat)
        else:
            release_player(ctx, action.target)
        return
    task = current_task_frame(s)
    if isinstance(action, a.Decline):
        ctx.say(f"{who(seat)} refuses to hand over command.", kind="complication")
        return
    assert isinstance(action, a.NameTarget)
    target = action.target
    if f.purpose == "forced_vote":
        start_vote(ctx, seat, target, forced=True)
    elif f.purpose == "task_vote":
        start_vote(ctx, seat, target, forced=True, purpose="task")
    elif f.purpose == "trust":
        ctx.say(f"{who(seat)} asks {who(target)} for an act of trust.", kind="complication")
        s.stack.append(AnswerFrame(seat=target, purpose="trust", asker=seat))
    else:
        set_commander(ctx, target, "appointed by the task")
        if task is not None:
            task.success = True


def target_run(ctx: Ctx, f: TargetFrame) -> None:
    ctx.s.stack.pop()


# ------------------------------------------------------------------ AnswerFrame
def answer_legal(s: GameState, f: AnswerFrame, seat: str) -> list[Action]:
    return [a.Answer(yes=True), a.Answer(yes=False)]


def answer_waiting(s: GameState, f: AnswerFrame) -> list[str]:
    return [f.seat]


def answer_act(ctx: Ctx, f: AnswerFrame, seat: str, action: Action) -> None:
    assert isinstance(action, a.Answer)
    s = ctx.s
    s.stack.pop()
    task = current_task_frame(s)
    card = task_card(s, task.card) if task is not None and task.card else None
    if f.purpose == "power_again":
        if action.yes:
            status = index().statuses[s.players[seat].status]
            ctx.say(f"{who(seat)} uses their infection power a second time.", kind="reveal")
            push_effects(ctx, status.power, status.id, lethal=True, active=seat)
        return
    if f.purpose == "trust":
        ctx.say(f"{who(seat)} {'accepts' if action.yes else 'refuses'}.", kind="complication")
        if action.yes and task is not None and card is not None and card.kind == "complication":
            task.success = True
            push_effects(ctx, card.active_effects, card.id, lethal=True, subject=f.asker)
            push_effects(ctx, card.target_effects, card.id, lethal=True, subject=seat)
        return
    if action.yes and task is not None and card is not None and card.kind == "complication":
        ctx.say(f"{who(seat)} volunteers.", kind="complication")
        task.success = True
        quarantine_player(ctx, seat, f.asker)
        push_effects(ctx, card.target_effects, card.id, lethal=True, subject=seat)
        return
    ctx.say(f"{who(seat)} does not volunteer.", kind="complication")
    if f.queue:
        s.stack.append(AnswerFrame(seat=f.queue[0], purpose="volunteer", asker=f.asker,
                                   queue=f.queue[1:]))


def answer_run(ctx: Ctx, f: AnswerFrame) -> None:
    ctx.s.stack.pop()


# ------------------------------------------------------------------ ChoiceFrame
def choice_legal(s: GameState, f: ChoiceFrame, seat: str) -> list[Action]:
    if f.purpose == "complication":
        card = task_card(s, f.cards[0])
        assert card.kind == "complication"
        return [a.PickOption(card=card.id, index=i) for i in range(len(card.options))]
    if f.purpose == "clear_kind":
        return clear_kind_options(s)
    options: list[Action] = []
    for size in range(len(f.cards), -1, -1):
        for order in dict.fromkeys(permutations(f.cards, size)):
            options.append(a.ReturnTasks(cards=tuple(a.task_code(c) for c in order)))
    return options


def choice_waiting(s: GameState, f: ChoiceFrame) -> list[str]:
    return _single(choice_legal(s, f, f.seat), f.seat)


def choice_act(ctx: Ctx, f: ChoiceFrame, seat: str, action: Action) -> None:
    s = ctx.s
    s.stack.pop()
    if isinstance(action, a.PickOption):
        card = task_card(s, action.card)
        assert card.kind == "complication"
        option = card.options[action.index]
        ctx.say(f"{who(seat)} chooses \"{option.label}\".", kind="complication")
        task = current_task_frame(s)
        if task is not None:
            task.success = option.success
        push_effects(ctx, option.effects, card.id, lethal=True, active=seat)
    elif isinstance(action, a.ClearKind):
        if action.damage == "none":
            ctx.say(f"{who(seat)} removes no tokens.")
        else:
            clear_kind(ctx, action.damage, who(seat))
    else:
        assert isinstance(action, a.ReturnTasks)
        back = action.card_ids
        for card_id in f.cards:
            if card_id not in back:
                discard_task(s, card_id, seat)
        put_back_tasks(s, seat, list(back))
        ctx.say(f"{who(seat)} puts {plural(len(action.cards), 'task')} back on top of the "
                f"deck and discards {len(f.cards) - len(action.cards)} face down.",
                kind="infected")


def choice_run(ctx: Ctx, f: ChoiceFrame) -> None:
    options = choice_legal(ctx.s, f, f.seat)
    if options:
        choice_act(ctx, f, f.seat, options[0])
    else:
        ctx.s.stack.pop()


# ------------------------------------------------------------------ RevealFrame
def reveal_run(ctx: Ctx, f: RevealFrame) -> None:
    s = ctx.s
    p = s.players[f.seat]
    status = index().statuses[p.status]
    if f.stage == "power":
        if f.had_quarantine:
            ctx.say(f"{who(f.seat)} was in quarantine: no infection power.", kind="reveal")
            f.stage = "finish"
            return
        if not variants.power_allowed(s):
            ctx.say("Nerfed Reveal (extreme): no infection power.", kind="reveal")
            f.stage = "finish"
            return
        f.stage = "roll"
        power = status.name.removeprefix("Infected: ")
        ctx.say(f"{who(f.seat)}'s infection power ({power}): {status_power(status.id)}",
                kind="reveal")
        push_effects(ctx, status.power, status.id, lethal=True, active=f.seat)
        return
    if f.stage == "roll":
        f.stage = "finish"
        if not variants.second_use_allowed(s):
            ctx.say("Nerfed Reveal: no roll for a second use of the power.", kind="reveal")
            return
        kind = next((k for k in ("strong", "weak") if s.available.get(k)), None)
        if kind is None:
            kind = next((k for k in ("strong", "weak", "commander") if p.held.get(k)), "weak")
        face = getattr(ctx.c.board.dice, kind)[s.rng.below(6)]
        ctx.say(f"{who(f.seat)} rolls a {kind} die for a second use: {face:+d}.",
                kind="reveal_roll", face=face)
        if face > 0:
            s.stack.append(AnswerFrame(seat=f.seat, purpose="power_again"))
        return
    s.stack.pop()
    p = ctx.player(f.seat)
    p.quarantined = False
    p.die_tokens = 0
    p.participation = None
    own_list(s, "revealed_order").append(f.seat)
    if s.commander == f.seat:
        set_commander(ctx, first_hidden_left_of(s, f.seat), "the old commander is infected")
    if f.ordered_first:
        # below the discard: the new infected discards down to 2 dice first, then acts
        s.stack.append(InfectedActionFrame(seat=f.seat))
    enforce_limit(ctx, f.seat)
    if all_infected_revealed(s) and not s.suspicion_removed:
        s.suspicion_removed = True
        ctx.say("Every infected player is revealed: suspicion no longer matters.",
                kind="suspicion")
        variants.strip_complications(ctx)
    if f.ordered_first:
        return
    for frame in reversed(s.stack):
        if isinstance(frame, OrderFrame) and frame.seat == f.seat:
            frame.actions_left = 0
            return
        if isinstance(frame, TurnFrame) and frame.seat == f.seat:
            frame.stage = "end"
            return
