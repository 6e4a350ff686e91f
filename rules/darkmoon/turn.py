"""The active player's turn, orders, and the actions a player may choose."""

from __future__ import annotations

from rules.core.contract import Action
from rules.darkmoon import actions as a
from rules.darkmoon import evacuation, threats, variants
from rules.darkmoon.cards import ActionName
from rules.darkmoon.effects import demoralize, hold_forced_vote
from rules.darkmoon.forced_votes import call_vote
from rules.darkmoon.state import (
    Area,
    ChoiceFrame,
    CostlyActionFrame,
    DamageFrame,
    GameState,
    InfectedActionFrame,
    OrderFrame,
    RetrieveFrame,
    RevealFrame,
    RollFrame,
    ShieldTestFrame,
    TaskFrame,
    TurnFrame,
)
from rules.darkmoon.table import (
    Ctx,
    ability,
    blocked,
    blocked_now,
    die_limit,
    during,
    left_of,
    normal_held,
    strong_retrievable,
    who,
)
from rules.darkmoon.tasks import draw_tasks
from rules.darkmoon.votes import start_vote

AREAS: tuple[Area, ...] = ("shield", "outpost", "life_support")
_REPAIR_BLOCK: dict[Area, ActionName] = {
    "shield": "repair_shield", "life_support": "repair_life_support", "outpost": "repair_outpost"}


# ------------------------------------------------------------------ what can be done
def main_actions(s: GameState, seat: str, *, ordered: bool = False) -> list[Action]:
    p = s.players[seat]
    if p.revealed:
        return infected_actions(s, seat)
    acts: list[Action] = []
    now = during(s)
    off = blocked_now(s)
    held = p.held
    dice = held.strong + held.weak + held.commander
    if not p.quarantined:
        if held.weak if now.repair_weak_only else dice:
            damaged = (s.shield > 0, bool(s.outposts), bool(s.fatigue))  # in AREAS' order
            for (repair, blocker), hurt in zip(_REPAIRS, damaged, strict=True):
                if hurt and blocker not in off:
                    acts.append(repair)
        event_open = s.current_event is not None or s.final_started
        if dice >= 2 and event_open and "lone_wolf" not in off:
            acts.append(_LONE_WOLF)
    hidden = tuple([t for t in s.seats if not s.players[t].revealed])
    if "call_vote" not in off:
        acts.extend(a.per_target(a.CallVote, hidden))
        if s.expansion is not None:
            acts.extend(evacuation.vote_actions(s, seat))
    if not ordered and "issue_order" not in off:
        # a revealed infected player takes no orders (README: rulings on the core game)
        acts.extend(a.per_target(a.IssueOrder, tuple([t for t in hidden if t != seat])))
    if p.infected and variants.may_reveal(s, ordered=ordered):
        acts.append(_REVEAL)
    return acts


# the actions main_actions lists, built once: (repair, the action name that blocks it)
# per area in AREAS' order, lone wolf, reveal
_REPAIRS = tuple((a.Repair(area=area), _REPAIR_BLOCK[area]) for area in AREAS)
_LONE_WOLF = a.LoneWolf()
_REVEAL = a.Reveal()


def infected_actions(s: GameState, seat: str) -> list[Action]:
    acts: list[Action] = []
    if not variants.infected_actions_affordable(s, seat):
        return acts
    if s.task_deck or s.task_discard:
        acts.append(a.Interference())
    acts.append(a.EnergySpike())
    acts.extend(a.Sabotage(area=x) for x in AREAS if s.sabotage != x)
    if s.commander is not None:
        acts.append(a.TestCommander())
    acts.append(a.Demoralize())
    return acts


def do_main_action(ctx: Ctx, seat: str, action: Action, *, ordered_first: bool = False) -> None:
    s = ctx.s
    luba = ability(s, seat, "reroll_once")
    if isinstance(action, a.Repair):
        extra = 1 if ability(s, seat, "repair_extra_die") else 0
        ctx.say(f"{who(seat)} attempts to {action.label.lower()}.", kind="action")
        s.stack.append(RollFrame(seat=seat, purpose="repair", target=action.area,
                                 max_dice=3 + extra, submit_count=1, reroll_allowed=luba,
                                 weak_only=during(s).repair_weak_only))
    elif isinstance(action, a.LoneWolf):
        extra = 1 if ability(s, seat, "lone_wolf_extra_die") else 0
        single = during(s).lone_wolf_single_die
        ctx.say(f"{who(seat)} goes lone wolf.", kind="action")
        s.stack.append(RollFrame(seat=seat, purpose="lone_wolf", max_dice=3 + extra,
                                 submit_count=1 if single else 2, reroll_allowed=luba))
    elif isinstance(action, a.CallVote):
        start_vote(ctx, seat, action.target)
    elif isinstance(action, a.IssueOrder):
        bonus = 1 if ability(s, seat, "order_bonus") else 0
        ctx.say(f"{who(seat)} issues an order to {who(action.target)}.", kind="order")
        s.stack.append(OrderFrame(giver=seat, seat=action.target, bonus=bonus))
    elif isinstance(action, a.Reveal):
        start_reveal(ctx, seat, ordered_first)
    elif isinstance(action, a.CallAmputation):
        start_vote(ctx, seat, action.target, topic="amputation")
    elif isinstance(action, a.CallClearance | a.CallTakeoff):
        call_vote(ctx, seat, action, forced=False)
    else:
        do_infected_action(ctx, seat, action)


def do_infected_action(ctx: Ctx, seat: str, action: Action, *, paid: bool = False) -> None:
    s = ctx.s
    if not paid and variants.charge(ctx, seat, action):
        return
    if isinstance(action, a.Interference):
        cards = draw_tasks(ctx, 3, seat)
        ctx.say(f"{who(seat)} interferes with the task deck.", kind="infected")
        ctx.tell(seat, "Top of the task deck: " + ", ".join(a.card_name(c) for c in cards),
                 kind="interference", cards=cards)
        s.stack.append(ChoiceFrame(seat=seat, purpose="interference", cards=cards))
    elif isinstance(action, a.EnergySpike):
        ctx.say(f"{who(seat)} causes an energy spike.", kind="infected")
        if s.shield <= 1:
            s.stack.append(DamageFrame(chooser=seat, remaining=1, damage="shield", lethal=True))
        else:
            s.stack.append(ShieldTestFrame(seat=s.active))
    elif isinstance(action, a.Sabotage):
        s.sabotage = action.area
        ctx.say(f"{who(seat)} sabotages {a.AREA_NAMES[action.area]}: repairing there costs "
                "2 more dice.", kind="infected", area=action.area)
    elif isinstance(action, a.TestCommander):
        cmd = s.commander
        assert cmd is not None
        ctx.say(f"{who(seat)} tests the commander {who(cmd)}.", kind="infected")
        s.stack.append(RollFrame(seat=cmd, purpose="test_commander", target=seat,
                                 must_roll_all=True, submit_count=1, max_dice=99))
    else:
        assert isinstance(action, a.Demoralize)
        demoralize(ctx, seat, 99)


def costly_action_run(ctx: Ctx, f: CostlyActionFrame) -> None:
    """Costly Actions: the die is paid (`variants.charge`), the infected action runs."""
    ctx.s.stack.pop()
    do_infected_action(ctx, f.seat, a.CODEC.parse(f.action), paid=True)


def start_reveal(ctx: Ctx, seat: str, ordered_first: bool) -> None:
    s = ctx.s
    p = ctx.player(seat)
    p.revealed = True
    kind = a.card_name(p.status).removeprefix("Infected: ")
    ctx.say(f"{who(seat)} reveals: INFECTED ({kind}).", kind="reveal",
            seat=seat, status=p.status)
    if s.expansion is not None:
        evacuation.revoke(ctx, seat, "an infected player cannot board")
    s.stack.append(RevealFrame(seat=seat, ordered_first=ordered_first,
                               had_quarantine=p.quarantined))


# ------------------------------------------------------------------ TurnFrame
def has_main_action(s: GameState, seat: str, *, ordered: bool = False) -> bool:
    """Cheap check for the common cases before listing every action."""
    p = s.players[seat]
    if p.revealed:
        return variants.infected_actions_affordable(s, seat)
    if p.infected and variants.may_reveal(s, ordered=ordered):
        return True
    if not blocked(s, "call_vote"):
        return True
    return bool(main_actions(s, seat, ordered=ordered))


def turn_waiting(s: GameState, f: TurnFrame) -> list[str]:
    if f.stage == "action" and (has_main_action(s, f.seat) or (
            s.expansion is not None and threats.show_actions(s, f.seat))):
        return [f.seat]
    return []


def turn_legal(s: GameState, f: TurnFrame, seat: str) -> list[Action]:
    if s.expansion is not None and s.expansion.threats is not None:
        main = main_actions(s, seat)
        shows = threats.show_actions(s, seat)
        # Exposure is never forced: with no action available, taking none is offered
        return [*main, *shows] if main or not shows else [a.NoAction(), *shows]
    return main_actions(s, seat)


def turn_act(ctx: Ctx, f: TurnFrame, seat: str, action: Action) -> None:
    if isinstance(action, a.ShowStatus):  # Exposure: not the turn's action
        threats.show_status(ctx, seat, action.target)
        return
    f.stage = "task"
    if isinstance(action, a.NoAction):
        ctx.say(f"{who(seat)} has no action available.")
        return
    do_main_action(ctx, seat, action)


def turn_run(ctx: Ctx, f: TurnFrame) -> None:
    s = ctx.s
    p = s.players[f.seat]
    if f.stage == "retrieve":
        f.stage = "action"
        room = die_limit(s, f.seat) - normal_held(p)
        can_take = strong_retrievable(s, f.seat) + s.available.weak
        cmd = s.commander == f.seat and s.commander_die == "available"
        swap = ability(s, f.seat, "free_swap")
        if (room > 0 and can_take > 0) or cmd or swap:
            s.stack.append(RetrieveFrame(seat=f.seat, count=max(0, room), purpose="turn"))
    elif f.stage == "action":
        ctx.say(f"{who(f.seat)} has no action available.")
        f.stage = "task"
    elif f.stage == "task":
        f.stage = "end"
        if variants.draws_tasks(s, f.seat):
            s.stack.append(TaskFrame(seat=f.seat))
    elif not hold_forced_vote(ctx):  # a turn with no task still holds step 9's vote
        s.stack.pop()
        s.turns += 1
        nxt = left_of(s, f.seat)
        s.round = s.turns // len(s.seats) + 1
        if s.expansion is not None:
            evacuation.pass_turn(ctx)
        s.active = nxt
        ctx.say(f"It is {who(nxt)}'s turn.", kind="turn", seat=nxt)
        s.stack.append(TurnFrame(seat=nxt))


# ------------------------------------------------------------------ orders
def _order_options(s: GameState, f: OrderFrame) -> list[Action]:
    p = s.players[f.seat]
    options: list[Action] = []
    room = die_limit(s, f.seat) - normal_held(p)
    if room > 0 and strong_retrievable(s, f.seat) + s.available.weak > 0:
        options.append(a.OrderAnswer(choice="retrieve"))
    if main_actions(s, f.seat, ordered=True):
        options.append(a.OrderAnswer(choice="actions"))
    options.append(a.OrderAnswer(choice="decline"))
    return options


def order_waiting(s: GameState, f: OrderFrame) -> list[str]:
    if f.stage == "answer":
        return [f.seat]
    if f.stage == "actions" and f.actions_left > 0 and has_main_action(s, f.seat,
                                                                         ordered=True):
        return [f.seat]
    return []


def order_legal(s: GameState, f: OrderFrame, seat: str) -> list[Action]:
    if f.stage == "answer":
        return _order_options(s, f)
    return [*main_actions(s, seat, ordered=True), a.EndOrder()]


def order_act(ctx: Ctx, f: OrderFrame, seat: str, action: Action) -> None:
    s = ctx.s
    if isinstance(action, a.OrderAnswer):
        if action.choice == "decline":
            ctx.say(f"{who(seat)} ignores the order.", kind="order")
            s.stack.pop()
        elif action.choice == "retrieve":
            ctx.say(f"{who(seat)} follows the order and retrieves dice.", kind="order")
            s.stack.pop()
            room = die_limit(s, seat) - normal_held(s.players[seat])
            s.stack.append(RetrieveFrame(seat=seat, count=min(2 + f.bonus, room),
                                         purpose="order"))
        else:
            ctx.say(f"{who(seat)} follows the order and takes actions.", kind="order")
            f.stage = "actions"
        return
    if isinstance(action, a.EndOrder):
        s.stack.pop()
        return
    first = f.first
    f.first = False
    f.actions_left -= 1
    if isinstance(action, a.Reveal):
        f.actions_left = 0
    do_main_action(ctx, seat, action, ordered_first=first)


def order_run(ctx: Ctx, f: OrderFrame) -> None:
    ctx.s.stack.pop()


def infected_action_waiting(s: GameState, f: InfectedActionFrame) -> list[str]:
    return [f.seat] if variants.infected_actions_affordable(s, f.seat) else []


def infected_action_legal(s: GameState, f: InfectedActionFrame, seat: str) -> list[Action]:
    return infected_actions(s, seat)


def infected_action_act(ctx: Ctx, f: InfectedActionFrame, seat: str, action: Action) -> None:
    ctx.s.stack.pop()
    do_infected_action(ctx, seat, action)


def infected_action_run(ctx: Ctx, f: InfectedActionFrame) -> None:
    ctx.s.stack.pop()
