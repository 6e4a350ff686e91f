"""Task cards: the draw, malfunction tasks (in/out, rolls, result) and complications."""

from __future__ import annotations

from functools import cache

from rules.core.contract import Action
from rules.core.words import dice_count
from rules.darkmoon import cards as k
from rules.darkmoon import corporation, evacuation, variants
from rules.darkmoon.actions import GoIn, GoOut, KeepTask, PickSystem, card_name
from rules.darkmoon.damage import suspicion_gone
from rules.darkmoon.effects import add_cube, hold_forced_vote, move_suspicion, push_effects
from rules.darkmoon.forced_votes import after_task
from rules.darkmoon.in_play import task_card
from rules.darkmoon.state import (
    AnswerFrame,
    ChoiceFrame,
    GameState,
    RollFrame,
    TargetFrame,
    TaskFrame,
)
from rules.darkmoon.table import (
    Ctx,
    ability,
    die_limit,
    draw_top_task,
    during,
    hidden_seats,
    new_task_deck,
    normal_held,
    own_list,
    own_player,
    seats_from,
    spent_to_available,
    strong_retrievable,
    who,
)
from rules.darkmoon.words import SYSTEM_DAMAGE, tokens


def draw_tasks(ctx: Ctx, n: int, by: str = "") -> list[str]:
    """Draw `n` task cards for `by`. The evacuation failure card is shown as it is drawn
    (evacuation ends) and another card is drawn in its place."""
    s = ctx.s
    drawn: list[str] = []
    while len(drawn) < n:
        if not s.task_deck:
            if not s.task_discard:
                break
            new_task_deck(s, s.task_discard)
            ctx.say("The task deck is empty: the discards are shuffled into a new deck.")
        card = draw_top_task(s)
        if s.expansion is not None and card == s.expansion.failure_card:
            evacuation.failure_drawn(ctx, by or s.active)
            continue
        drawn.append(card)
    return drawn


def discard_task(s: GameState, card_id: str, face_down_by: str = "") -> None:
    """`card_id` goes to the discard pile, face up (the table sees it) or face down by
    the seat `face_down_by` (it alone saw it)."""
    if s.final_started and task_card(s, card_id).kind == "complication":
        return
    own_list(s, "task_discard").append(card_id)
    own_list(s, "task_discard_by").append(face_down_by)


# ------------------------------------------------------------------ TaskFrame
def task_waiting(s: GameState, f: TaskFrame) -> list[str]:
    if f.stage == "draw":
        return [f.seat] if len(f.drawn) > 1 else []
    if f.stage == "system":
        return [f.seat]
    if f.stage == "participation" and f.cursor < len(f.order):
        return [f.order[f.cursor]]
    return []


def out_allowance(s: GameState, seat: str) -> int:
    p = s.players[seat]
    if p.revealed:
        n = 2
    else:
        n = 2 + during(s).out_dice_delta
        if "command" in s.outposts:
            n -= 1
        if ability(s, seat, "extra_out_die", needs_active=False):
            n += 1
    room = die_limit(s, seat) - normal_held(p)
    return max(0, min(n, room))


def task_legal(s: GameState, f: TaskFrame, seat: str) -> list[Action]:
    if f.stage == "draw":
        return [_keep_task(c) for c in dict.fromkeys(f.drawn)]
    if f.stage == "system":
        return [PickSystem(system="outpost"), PickSystem(system="life_support"),
                PickSystem(system="shield")]
    p = s.players[seat]
    options: list[Action] = [_GO_IN] if p.held.strong + p.held.weak + p.held.commander else []
    strong_cap = s.available.strong if p.revealed else strong_retrievable(s, seat)
    options += _outs(out_allowance(s, seat), strong_cap, s.available.weak)
    return options


_GO_IN = GoIn()


@cache
def _keep_task(card: str) -> KeepTask:
    """The action keeping `card` (one per card, looked up by the card alone)."""
    return KeepTask(card=card)


@cache
def _outs(cap: int, strong_cap: int, weak_cap: int) -> tuple[GoOut, ...]:
    """Every way to go OUT taking at most `cap` dice (most strong dice first)."""
    return tuple(GoOut(strong=strong, weak=weak)
                 for strong in range(min(cap, strong_cap), -1, -1)
                 for weak in range(min(cap - strong, weak_cap), -1, -1))


def task_act(ctx: Ctx, f: TaskFrame, seat: str, action: Action) -> None:
    s = ctx.s
    if isinstance(action, KeepTask):
        _keep(ctx, f, action.card)
    elif isinstance(action, PickSystem):
        f.system = action.system
        ctx.say(f"{who(seat)} decides: {action.label[0].lower()}{action.label[1:]}.",
                kind="task_system")
        f.stage = "start"
    elif isinstance(action, GoIn):
        ctx.player(seat).participation = "in"
        ctx.say(f"{who(seat)} is IN.", kind="participation", seat=seat, choice="in")
        f.cursor += 1
    else:
        assert isinstance(action, GoOut)
        p = ctx.player(seat)
        p.participation = "out"
        p.held.strong += action.strong
        p.held.weak += action.weak
        s.available.strong -= action.strong
        s.available.weak -= action.weak
        n = action.strong + action.weak
        ctx.say(f"{who(seat)} is OUT and takes {dice_count(n)}.", kind="participation", seat=seat,
                choice="out", taken=n)
        f.cursor += 1


def _keep(ctx: Ctx, f: TaskFrame, card_id: str) -> None:
    s = ctx.s
    others = list(f.drawn)
    others.remove(card_id)
    for other in others:
        discard_task(s, other, f.seat)
    f.card = card_id
    s.current_task = card_id
    card = task_card(s, card_id)
    mark = " (SUSPICIOUS ACTIVITY)" if card.suspicious else ""
    ctx.say(f"{who(f.seat)} plays the task {card.name}{mark}.", kind="task", card=card_id)
    if others:
        ctx.tell(f.seat, "You discarded face down: "
                 + ", ".join(card_name(o) for o in others) + ".", kind="task_discard")
    if card.kind == "complication":
        f.stage = "complication"
    elif card.system == "unknown":
        f.stage = "system"
    else:
        f.system = card.system
        f.stage = "start"


def task_run(ctx: Ctx, f: TaskFrame) -> None:
    s = ctx.s
    if f.stage == "draw":
        if f.drawn:
            _keep(ctx, f, f.drawn[0])
            return
        n = 3 if ability(s, f.seat, "task_draw_extra") else 2
        f.drawn = draw_tasks(ctx, n, f.seat)
        if not f.drawn:
            ctx.say("No task card is left to draw.")
            s.stack.pop()
            return
        ctx.tell(f.seat, "You drew: " + ", ".join(card_name(c) for c in f.drawn) + ".",
                 kind="task_drawn", cards=list(f.drawn))
        if len(f.drawn) == 1:
            _keep(ctx, f, f.drawn[0])
    elif f.stage == "start":
        card = task_card(s, f.card)
        assert card.kind == "malfunction"
        f.difficulty = max(1, card.difficulty + during(s).difficulty_delta)
        s.success_track = 0
        f.order = variants.task_order(s, f.seat)
        clear_participation(s)
        last = " (First Is Last: the active player goes last)" if s.options.first_is_last \
            else ""
        ctx.say(f"Malfunction: difficulty {f.difficulty}; failure places "
                f"{tokens(card.consequence, SYSTEM_DAMAGE[f.system])}. In turn order from "
                f"{who(f.order[0])}, each player is IN or OUT{last}.",
                kind="task_start", difficulty=f.difficulty)
        f.stage = "participation"
        f.cursor = 0
        if s.expansion is not None:
            corporation.start(ctx, f)
    elif f.stage == "participation":
        ins = [seat for seat in f.order if s.players[seat].participation == "in"]
        for seat in ins:
            own_player(s, seat).tally.went_in += 1
        f.order = ins
        f.cursor = 0
        f.stage = "rolling"
    elif f.stage == "rolling":
        if f.cursor >= len(f.order):
            f.stage = "resolve"
            return
        seat = f.order[f.cursor]
        f.cursor += 1
        luba = ability(s, seat, "reroll_once")
        s.stack.append(RollFrame(seat=seat, purpose="task", must_roll_all=True,
                                 reroll_allowed=luba, max_dice=99))
    elif f.stage == "resolve":
        _resolve_malfunction(ctx, f)
    elif f.stage == "complication":
        _start_complication(ctx, f)
    elif f.stage == "complication_done":
        card = task_card(s, f.card)
        assert card.kind == "complication"
        f.stage = "after"
        if f.success:
            ctx.say(f"The task {card.name} succeeds.", kind="task_result", ok=True)
            add_cube(ctx)
        else:
            ctx.say(f"The task {card.name} fails.", kind="task_result", ok=False)
            push_effects(ctx, card.on_failure, card.id, lethal=True, active=f.seat)
    elif f.stage == "after":
        f.stage = "done"
        tally = own_player(s, f.seat).tally
        tally.tasks += 1
        if f.success:
            tally.tasks_ok += 1
        card = task_card(s, f.card)
        suspicious = card.suspicious or during(s).all_tasks_suspicious
        depth = len(s.stack)
        if suspicious and not suspicion_gone(s):
            if f.success and ability(s, f.seat, "suspicion_relief"):
                ctx.say(f"{who(f.seat)}'s calm keeps the suspicion cube still.")
            else:
                move_suspicion(ctx, 1)
        hold_forced_vote(ctx)  # step 9, whatever moved the cube during the turn
        if s.expansion is not None:
            after_task(ctx, f.card, f.seat, depth)
    else:
        s.stack.pop()
        s.current_task = None
        s.success_track = 0
        clear_participation(s)
        discard_task(s, f.card)


def clear_participation(s: GameState) -> None:
    """Nobody is IN or OUT any more (between tasks)."""
    for seat, p in s.players.items():
        if p.participation is not None:
            own_player(s, seat).participation = None


def _resolve_malfunction(ctx: Ctx, f: TaskFrame) -> None:
    s = ctx.s
    card = task_card(s, f.card)
    assert card.kind == "malfunction"
    f.success = s.success_track >= f.difficulty
    spent_to_available(s)
    f.stage = "after"
    if f.success:
        ctx.say(f"The task succeeds ({s.success_track} against {f.difficulty}).",
                kind="task_result", ok=True)
        add_cube(ctx)
        return
    ctx.say(f"The task fails ({s.success_track} against {f.difficulty}): "
            f"{card.consequence} {SYSTEM_DAMAGE[f.system]} damage.", kind="task_result", ok=False)
    effect = k.Damage(do="damage", kind=SYSTEM_DAMAGE[f.system],
                      count=card.consequence, lethal=True)
    push_effects(ctx, [effect], card.id, lethal=True, active=f.seat)


def _start_complication(ctx: Ctx, f: TaskFrame) -> None:
    s = ctx.s
    card = task_card(s, f.card)
    assert card.kind == "complication"
    ctx.say(f"Complication: {card.text}", kind="complication", card=card.id)
    f.stage = "complication_done"
    f.success = False
    if card.mode == "choose":
        s.stack.append(ChoiceFrame(seat=f.seat, purpose="complication", cards=[card.id]))
    elif card.mode == "trust":
        if len(hidden_seats(s)) > 1:
            s.stack.append(TargetFrame(seat=f.seat, purpose="trust"))
    elif card.mode == "vote":
        s.stack.append(TargetFrame(seat=f.seat, purpose="task_vote"))
    elif card.mode == "appoint":
        s.stack.append(TargetFrame(seat=f.seat, purpose="appoint"))
    else:
        queue = [seat for seat in seats_from(s, f.seat)
                 if not s.players[seat].revealed and not s.players[seat].quarantined]
        if queue:
            s.stack.append(AnswerFrame(seat=queue[0], purpose="volunteer", asker=f.seat,
                                       queue=queue[1:]))
