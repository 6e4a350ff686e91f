"""The frame handlers both Nemesis games register alike: the family's frames (a turn,
paying, discarding, the objective choice, encounters, attempts by noise roll, attacks,
moves, effects, picks, shots, interrupts, trades). A game's machine adds its own frames
(the round, the event phase, the end, the draft as it deals it, ...) to these."""

from __future__ import annotations

from typing import Any

from rules.core.frames import Handler, automatic
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
    rooms,
    trade,
    turn_actions,
)
from rules.nemesis import choices as drafting


def family_handlers() -> dict[str, Handler[Any]]:
    return {
        "turn": Handler(player_phase.turn_waiting, turn_actions.turn_legal,
                        player_phase.turn_act, player_phase.turn_run),
        "pay": Handler(player_phase.pay_waiting, player_phase.pay_legal,
                       player_phase.pay_act, player_phase.pay_run),
        "discard": Handler(discards.discard_waiting, discards.discard_legal,
                           discards.discard_act, discards.discard_run),
        "objectives": Handler(drafting.objectives_waiting, drafting.objectives_legal,
                              drafting.objectives_act, drafting.objectives_run),
        "encounter": automatic(encounters.encounter_run),
        "attempt": automatic(rooms.attempt_run),
        "attack": automatic(attacks.attack_run),
        "move": automatic(movement.move_run),
        "effects": automatic(resolve.effects_run),
        "pick": Handler(picks.pick_waiting, picks.pick_legal, picks.pick_act, picks.pick_run),
        "shot": Handler(combat.shot_waiting, combat.shot_legal, combat.shot_act,
                        combat.shot_run),
        "interrupt": Handler(interrupts.interrupt_waiting, interrupts.interrupt_legal,
                             interrupts.interrupt_act, interrupts.interrupt_run),
        "trade": Handler(trade.trade_waiting, trade.trade_legal, trade.trade_act,
                         trade.trade_run),
    }
