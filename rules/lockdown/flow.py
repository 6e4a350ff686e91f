"""Lockdown's frames on the core frame machine."""

from __future__ import annotations

from typing import Any

from rules.core.frames import FrameMachine, Handler, automatic
from rules.lockdown import (
    crossover,
    endgame,
    event_phase,
    rooms,
    turns,
)
from rules.lockdown.table import Ctx
from rules.nemesis import (
    attacks,
    combat,
    discards,
    encounters,
    interrupts,
    movement,
    picks,
    player_phase,
    resolve,
    trade,
    turn_actions,
)
from rules.nemesis import choices as drafting


def _ends_at_once(handler: Handler[Ctx]) -> Handler[Ctx]:
    """After every step and decision: with no active character left the game ends at
    once (LD-END-1), before anything else pending runs."""
    def run(ctx: Ctx, frame: Any) -> None:
        handler.run(ctx, frame)
        endgame.end_if_nobody_left(ctx)

    def act(ctx: Ctx, frame: Any, seat: str, action: Any) -> None:
        handler.act(ctx, frame, seat, action)
        endgame.end_if_nobody_left(ctx)

    return Handler(handler.waiting, handler.legal, act, run)


def _guarded(handlers: dict[str, Handler[Ctx]]) -> dict[str, Handler[Ctx]]:
    return {kind: h if kind == "end" else _ends_at_once(h) for kind, h in handlers.items()}


MACHINE: FrameMachine[Ctx] = FrameMachine(_guarded({
    "round": automatic(turns.round_run),
    "turn": Handler(player_phase.turn_waiting, turn_actions.turn_legal, player_phase.turn_act,
                    player_phase.turn_run),
    "pay": Handler(player_phase.pay_waiting, player_phase.pay_legal, player_phase.pay_act,
                   player_phase.pay_run),
    "discard": Handler(discards.discard_waiting, discards.discard_legal, discards.discard_act,
                       discards.discard_run),
    "draft": Handler(drafting.draft_waiting, crossover.draft_legal, crossover.draft_act,
                     drafting.draft_run),
    "objectives": Handler(drafting.objectives_waiting, drafting.objectives_legal,
                          drafting.objectives_act, drafting.objectives_run),
    "encounter": automatic(encounters.encounter_run),
    "attack": automatic(attacks.attack_run),
    "move": automatic(movement.move_run),
    "event_phase": automatic(event_phase.event_phase_run),
    "end": automatic(endgame.end_run),
    "effects": automatic(resolve.effects_run),
    "pick": Handler(picks.pick_waiting, picks.pick_legal, picks.pick_act, picks.pick_run),
    "shot": Handler(combat.shot_waiting, combat.shot_legal, combat.shot_act,
                    combat.shot_run),
    "interrupt": Handler(interrupts.interrupt_waiting, interrupts.interrupt_legal,
                         interrupts.interrupt_act, interrupts.interrupt_run),
    "agree": Handler(rooms.agree_waiting, rooms.agree_legal, rooms.agree_act,
                     rooms.agree_run),
    "trade": Handler(trade.trade_waiting, trade.trade_legal, trade.trade_act,
                     trade.trade_run),
}))
