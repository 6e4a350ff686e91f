"""Lockdown's frames on the core frame machine."""

from __future__ import annotations

from rules.core.frames import FrameMachine, Handler, automatic
from rules.lockdown import crossover, endgame, event_phase, rooms, turns
from rules.lockdown.table import Ctx
from rules.nemesis import choices as drafting
from rules.nemesis.flow import family_handlers

# After every step and decision: with no active character left the game ends at once
# (LD-END-1), before anything else pending runs.
MACHINE: FrameMachine[Ctx] = FrameMachine({
    **family_handlers(),
    "round": automatic(turns.round_run),
    "draft": Handler(drafting.draft_waiting, crossover.draft_legal, crossover.draft_act,
                     drafting.draft_run),
    "event_phase": automatic(event_phase.event_phase_run),
    "end": automatic(endgame.end_run),
    "agree": Handler(rooms.agree_waiting, rooms.agree_legal, rooms.agree_act,
                     rooms.agree_run),
}, after=endgame.end_if_nobody_left)
