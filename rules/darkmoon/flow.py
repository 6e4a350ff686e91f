"""The frame machine: which seats must decide, what they may do, and running the
automatic steps until the next decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.contract import Action
from rules.darkmoon import damage, decisions, effects, rolling, tasks, turn, votes
from rules.darkmoon.state import GameState
from rules.darkmoon.table import Ctx

Waiting = Callable[[GameState, Any], list[str]]
Legal = Callable[[GameState, Any, str], list[Action]]
Act = Callable[[Ctx, Any, str, Action], None]
Run = Callable[[Ctx, Any], None]


def _never(s: GameState, frame: Any) -> list[str]:
    return []


def _nothing(s: GameState, frame: Any, seat: str) -> list[Action]:
    return []


def _refuse(ctx: Ctx, frame: Any, seat: str, action: Action) -> None:
    raise AssertionError("automatic frames take no actions")


HANDLERS: dict[str, tuple[Waiting, Legal, Act, Run]] = {
    "turn": (turn.turn_waiting, turn.turn_legal, turn.turn_act, turn.turn_run),
    "order": (turn.order_waiting, turn.order_legal, turn.order_act, turn.order_run),
    "infected_action": (turn.infected_action_waiting, turn.infected_action_legal,
                        turn.infected_action_act, turn.infected_action_run),
    "roll": (rolling.roll_waiting, rolling.roll_legal, rolling.roll_act, rolling.roll_run),
    "vote": (votes.vote_waiting, votes.vote_legal, votes.vote_act, votes.vote_run),
    "task": (tasks.task_waiting, tasks.task_legal, tasks.task_act, tasks.task_run),
    "effects": (_never, _nothing, _refuse, effects.effects_run),
    "damage": (damage.damage_waiting, damage.damage_legal, damage.damage_act,
               damage.damage_run),
    "shield_test": (damage.shield_waiting, damage.shield_legal, damage.shield_act,
                    damage.shield_run),
    "repair_pick": (damage.repair_waiting, damage.repair_legal, damage.repair_act,
                    damage.repair_run),
    "discard": (decisions.discard_waiting, decisions.discard_legal, decisions.discard_act,
                decisions.discard_run),
    "retrieve": (decisions.retrieve_waiting, decisions.retrieve_legal,
                 decisions.retrieve_act, decisions.retrieve_run),
    "event_pick": (effects.event_pick_waiting, effects.event_pick_legal,
                   effects.event_pick_act, effects.event_pick_run),
    "target": (decisions.target_waiting, decisions.target_legal, decisions.target_act,
               decisions.target_run),
    "answer": (decisions.answer_waiting, decisions.answer_legal, decisions.answer_act,
               decisions.answer_run),
    "choice": (decisions.choice_waiting, decisions.choice_legal, decisions.choice_act,
               decisions.choice_run),
    "reveal": (decisions.reveal_waiting, _nothing, _refuse, decisions.reveal_run),
    "next_event": (_never, _nothing, _refuse, effects.next_event_run),
    "victory": (_never, _nothing, _refuse, effects.victory_run),
}

MAX_AUTOMATIC_STEPS = 10_000


def waiting(s: GameState) -> list[str]:
    """Seats that must decide now (several = a simultaneous, secret decision)."""
    if s.result is not None or not s.stack:
        return []
    top = s.stack[-1]
    return HANDLERS[top.kind][0](s, top)


def legal(s: GameState, seat: str) -> list[Action]:
    if seat not in waiting(s):
        return []
    top = s.stack[-1]
    return HANDLERS[top.kind][1](s, top, seat)


def act(ctx: Ctx, seat: str, action: Action) -> None:
    top = ctx.s.stack[-1]
    HANDLERS[top.kind][2](ctx, top, seat, action)
    advance(ctx)


def advance(ctx: Ctx) -> None:
    """Run automatic steps until someone must decide or the game is over."""
    s = ctx.s
    for _ in range(MAX_AUTOMATIC_STEPS):
        if s.result is not None or not s.stack:
            return
        top = s.stack[-1]
        if HANDLERS[top.kind][0](s, top):
            return
        HANDLERS[top.kind][3](ctx, top)
    raise RuntimeError("the game made no progress; this is an engine bug")
