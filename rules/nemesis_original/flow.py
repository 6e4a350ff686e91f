"""The original Nemesis's frames on the core frame machine."""

from __future__ import annotations

from rules.core.frames import FrameMachine, Handler, automatic
from rules.nemesis import choices as drafting
from rules.nemesis.flow import family_handlers
from rules.nemesis_original import endgame, event_phase, pods, turns
from rules.nemesis_original.table import Ctx


def _after_each_step(ctx: Ctx) -> None:
    """After every step and decision: an intruder in an evacuation section throws its
    pods' occupants out (NE-POD-1), and with nobody awake aboard the game ends at once
    (NE-END-1), before anything else pending runs."""
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


MACHINE: FrameMachine[Ctx] = FrameMachine({
    **family_handlers(),
    "round": automatic(turns.round_run),
    "draft": Handler(drafting.draft_waiting, drafting.draft_legal, drafting.draft_act,
                     drafting.draft_run),
    "pod": Handler(pods.pod_waiting, pods.pod_legal, pods.pod_act, pods.pod_run),
    "event_phase": automatic(event_phase.event_phase_run),
    "end": automatic(endgame.end_run),
}, after=_after_each_step)
