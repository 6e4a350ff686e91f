"""The original Nemesis's frames on the core frame machine."""

from __future__ import annotations

from typing import Any

from rules.core.frames import FrameMachine, Handler, automatic
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
from rules.nemesis_original import endgame, event_phase, pods, turns
from rules.nemesis_original.table import Ctx


def _checked(handler: Handler[Ctx]) -> Handler[Ctx]:
    """After every step and decision: an intruder in an evacuation section throws its
    pods' occupants out (NE-POD-1), and with nobody awake aboard the game ends at once
    (NE-END-1), before anything else pending runs."""
    def after(ctx: Ctx) -> None:
        s = ctx.s
        if s.ended is not None:
            return
        awake = seated = False
        for hero in s.heroes.values():  # (runs after every step: one plain loop)
            if not hero.character:
                return  # still drafting
            if hero.place == "board":
                awake = True
            elif hero.place == "pod":
                awake = seated = True
        if seated and s.intruders:
            pods.thrown_out(ctx)
        if not awake:
            endgame.end_if_nobody_left(ctx)

    def run(ctx: Ctx, frame: Any) -> None:
        handler.run(ctx, frame)
        after(ctx)

    def act(ctx: Ctx, frame: Any, seat: str, action: Any) -> None:
        handler.act(ctx, frame, seat, action)
        after(ctx)

    return Handler(handler.waiting, handler.legal, act, run)


def _guarded(handlers: dict[str, Handler[Ctx]]) -> dict[str, Handler[Ctx]]:
    return {kind: h if kind == "end" else _checked(h) for kind, h in handlers.items()}


MACHINE: FrameMachine[Ctx] = FrameMachine(_guarded({
    "round": automatic(turns.round_run),
    "turn": Handler(player_phase.turn_waiting, turn_actions.turn_legal, player_phase.turn_act,
                    player_phase.turn_run),
    "pay": Handler(player_phase.pay_waiting, player_phase.pay_legal, player_phase.pay_act,
                   player_phase.pay_run),
    "discard": Handler(discards.discard_waiting, discards.discard_legal, discards.discard_act,
                       discards.discard_run),
    "draft": Handler(drafting.draft_waiting, drafting.draft_legal, drafting.draft_act,
                     drafting.draft_run),
    "objectives": Handler(drafting.objectives_waiting, drafting.objectives_legal,
                          drafting.objectives_act, drafting.objectives_run),
    "pod": Handler(pods.pod_waiting, pods.pod_legal, pods.pod_act, pods.pod_run),
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
    "trade": Handler(trade.trade_waiting, trade.trade_legal, trade.trade_act,
                     trade.trade_run),
}))
