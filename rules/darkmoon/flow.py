"""Dark Moon's frames on the core frame machine: which seats must decide, what they
may do, and running the automatic steps until the next decision."""

from __future__ import annotations

from rules.core.contract import Action
from rules.core.frames import FrameMachine, Handler, automatic
from rules.darkmoon import (
    corporation,
    damage,
    decisions,
    effects,
    forced_votes,
    rolling,
    tasks,
    threats,
    turn,
    votes,
)
from rules.darkmoon.state import GameState
from rules.darkmoon.table import Ctx

MACHINE: FrameMachine[Ctx] = FrameMachine({
    "turn": Handler(turn.turn_waiting, turn.turn_legal, turn.turn_act, turn.turn_run),
    "order": Handler(turn.order_waiting, turn.order_legal, turn.order_act, turn.order_run),
    "infected_action": Handler(turn.infected_action_waiting, turn.infected_action_legal,
                               turn.infected_action_act, turn.infected_action_run),
    "roll": Handler(rolling.roll_waiting, rolling.roll_legal, rolling.roll_act,
                    rolling.roll_run),
    "vote": Handler(votes.vote_waiting, votes.vote_legal, votes.vote_act, votes.vote_run),
    "task": Handler(tasks.task_waiting, tasks.task_legal, tasks.task_act, tasks.task_run),
    "effects": automatic(effects.effects_run),
    "damage": Handler(damage.damage_waiting, damage.damage_legal, damage.damage_act,
                      damage.damage_run),
    "shield_test": Handler(damage.shield_waiting, damage.shield_legal, damage.shield_act,
                           damage.shield_run),
    "repair_pick": Handler(damage.repair_waiting, damage.repair_legal, damage.repair_act,
                           damage.repair_run),
    "discard": Handler(decisions.discard_waiting, decisions.discard_legal,
                       decisions.discard_act, decisions.discard_run),
    "retrieve": Handler(decisions.retrieve_waiting, decisions.retrieve_legal,
                        decisions.retrieve_act, decisions.retrieve_run),
    "event_pick": Handler(effects.event_pick_waiting, effects.event_pick_legal,
                          effects.event_pick_act, effects.event_pick_run),
    "target": Handler(decisions.target_waiting, decisions.target_legal,
                      decisions.target_act, decisions.target_run),
    "answer": Handler(decisions.answer_waiting, decisions.answer_legal,
                      decisions.answer_act, decisions.answer_run),
    "choice": Handler(decisions.choice_waiting, decisions.choice_legal,
                      decisions.choice_act, decisions.choice_run),
    "reveal": automatic(decisions.reveal_run),
    "next_event": automatic(effects.next_event_run),
    "victory": automatic(effects.victory_run),
    "corporation": Handler(corporation.corporation_waiting, corporation.corporation_legal,
                           corporation.corporation_act, corporation.corporation_run),
    "evacuation_call": Handler(forced_votes.call_waiting, forced_votes.call_legal,
                               forced_votes.call_act, forced_votes.call_run),
    "vote_order": Handler(forced_votes.order_waiting, forced_votes.order_legal,
                          forced_votes.order_act, forced_votes.order_run),
    "threat_claim": Handler(threats.claim_waiting, threats.claim_legal, threats.claim_act,
                            threats.claim_run),
    "costly_action": automatic(turn.costly_action_run),
})


def waiting(s: GameState) -> list[str]:
    """Seats that must decide now (several = a simultaneous, secret decision)."""
    return MACHINE.waiting(s)


def legal(s: GameState, seat: str) -> list[Action]:
    return MACHINE.legal(s, seat)


def act(ctx: Ctx, seat: str, action: Action) -> None:
    MACHINE.act(ctx, seat, action)


def advance(ctx: Ctx) -> None:
    """Run automatic steps until someone must decide or the game is over."""
    MACHINE.advance(ctx)
