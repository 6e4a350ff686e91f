"""The event phase in the source's order (NE-PHASE-1): the time marker (and a running
self-destruct) moves, intruders attack, fire burns (1 injury to each intruder in it, 1
egg destroyed), an event card moves intruders then takes effect, the bag develops;
bleeding wounds hurt at the end of the round. The critical moments of the tracks
(NE-CRIT-1, NE-SELF-1) and the hyperspace jump (NE-END-1) happen here."""

from __future__ import annotations

from rules.nemesis import injuries
from rules.nemesis.event_phase import run_stage
from rules.nemesis.frames import EndFrame
from rules.nemesis.wounds import bleed
from rules.nemesis_original import pods
from rules.nemesis_original.ship import ship
from rules.nemesis_original.state import EventPhaseFrame
from rules.nemesis_original.table import Ctx

STAGES = ("time", "attacks", "fire", "event", "bag", "round_end", "done")


def event_phase_run(ctx: Ctx, f: EventPhaseFrame) -> None:
    if not run_stage(ctx, f, STAGES, {"time": move_time, "round_end": end_of_round}):
        ctx.s.stack.pop()


def end_of_round(ctx: Ctx) -> None:
    """Bleeding wounds hurt; with Short-Lived known, worn-out adults die."""
    bleed(ctx)
    injuries.worn_out(ctx)


def move_time(ctx: Ctx) -> None:
    """The time marker moves one space on; a running self-destruct marker moves with
    it."""
    s = ctx.s
    track = ship().time_track
    s.time = min(track.length, s.time + 1)
    ctx.say(f"Time passes: the time marker moves to space {s.time} of {track.length}.",
            kind="time", space=s.time)
    if s.self_destruct is not None:
        move_self_destruct(ctx)
        if s.ended is not None or (s.stack and isinstance(s.stack[-1], EndFrame)):
            return
    if s.time >= track.length:
        s.stack.append(EndFrame(reason="hyperjump"))
    elif s.time == track.first_blue:
        ctx.say("The time marker reaches the blue spaces: the hibernation chambers open.",
                kind="critical")


def move_self_destruct(ctx: Ctx) -> None:
    s = ctx.s
    track = ship().self_destruct
    assert s.self_destruct is not None
    s.self_destruct += 1
    ctx.say(f"The self-destruct marker moves to space {s.self_destruct} of {track.length}.",
            kind="self_destruct", space=s.self_destruct)
    if s.self_destruct >= track.length:
        s.stack.append(EndFrame(reason="explosion:the self-destruct sequence"))
    elif s.self_destruct >= track.first_yellow:
        # every yellow space unlocks the pods (004: "reaches any yellow space"), so a pod
        # locked again since the last one opens once more
        if s.self_destruct == track.first_yellow:
            ctx.say("The self-destruct sequence can no longer be stopped.", kind="critical")
        pods.unlock_all(ctx, "The self-destruct marker reaches yellow")
