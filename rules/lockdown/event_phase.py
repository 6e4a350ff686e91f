"""The event phase in the source's order (LD-PHASE-1): launch CSS, move time (with
autodestruction, alert and power thresholds), noise removal, intruder attacks, fire
damage, the event card, bag development."""

from __future__ import annotations

from rules.lockdown.board import board
from rules.lockdown.cards import TimeSlot, index
from rules.lockdown.endgame import weakness_active
from rules.lockdown.facility import powered, tile_of
from rules.lockdown.power import power_effect
from rules.lockdown.state import EventPhaseFrame, GameState
from rules.lockdown.table import Ctx, who
from rules.nemesis import injuries
from rules.nemesis.event_phase import run_stage
from rules.nemesis.frames import EndFrame
from rules.nemesis.noise import noisy, set_noise
from rules.nemesis.places import in_play
from rules.nemesis.wounds import bleed, serious_wound


def time_slot(ctx: Ctx, number: int) -> TimeSlot | None:
    return next((t for t in ctx.c.time_track.slots if t.number == number), None)


STAGES = ("css", "time", "noise", "attacks", "fire", "event", "bag", "round_end", "done")


def event_phase_run(ctx: Ctx, f: EventPhaseFrame) -> None:
    own = {"css": launch_css, "time": move_time, "noise": remove_noise,
           "round_end": end_of_round}
    if not run_stage(ctx, f, STAGES, own):
        s = ctx.s
        s.stack.pop()
        if not in_play(s):
            s.stack.append(EndFrame(reason="nobody_left"))


def launch_css(ctx: Ctx) -> None:
    s = ctx.s
    waiting = [h for h in s.heroes.values() if h.place == "pod"]
    if s.time not in s.css:
        return
    token_id = s.css.pop(s.time)
    s.css_revealed.append(token_id)
    token = index().css[token_id]
    ctx.say("CSS launch window: pods " + ", ".join(token.launches) + " launch.",
            kind="css_launch", launches=list(token.launches))
    for hero in waiting:
        if hero.pod in token.launches:
            hero.place = "css"
            ctx.say(f"{who(hero.seat)} is launched in pod {hero.pod} and escapes!",
                    kind="escape_css", seat=hero.seat)
        else:
            hero.place = "board"
            hero.room = css_room(s, hero.pod or "")
            ctx.say(f"Pod {hero.pod} does not launch: {who(hero.seat)} is thrown back out.",
                    kind="css_fail")
            serious_wound(ctx, hero)
            hero.pod = None


def css_room(s: GameState, pod: str) -> str:
    for slot, room in s.rooms.items():
        if room.tile and tile_of(room.tile).action == f"css_{pod.lower()}":
            return slot
    return next(iter(s.rooms))


def move_time(ctx: Ctx) -> None:
    s = ctx.s
    left = time_slot(ctx, s.time)
    if s.alert is not None and s.time == s.alert:
        s.stack.append(EndFrame(reason="alert"))
        return
    if s.autodestruct_gate == s.time:
        s.autodestruct_gate = None
        if not s.gate_open:
            s.gate_open = True
            ctx.say("The time token leaves the autodestruction slot: the main gate opens.",
                    kind="critical")
    if s.autodestruct is not None and s.autodestruct_red and s.time <= s.autodestruct:
        # the time token has to leave the red slot: the facility explodes (LD-END-1)
        s.stack.append(EndFrame(reason="autodestruct"))
        return
    s.time -= 1
    ctx.say(f"Time passes: the time token moves to slot {s.time}.", kind="time",
            slot=s.time)
    if s.time <= 0:
        # a red token pushed onto the final slot: the time token cannot go further
        red_end = s.autodestruct is not None and s.autodestruct_red and s.autodestruct <= 0
        s.stack.append(EndFrame(reason="autodestruct" if red_end else "purge"))
        return
    if s.autodestruct is not None and not s.autodestruct_red and s.time == s.autodestruct:
        s.autodestruct = max(0, s.time - 3)
        s.autodestruct_red = True
        s.autodestruct_gate = s.time
        ctx.say(f"The autodestruction sequence can no longer be stopped: the facility "
                f"explodes when time has to move on from slot {s.autodestruct}. The main "
                "gate opens when time moves on.", kind="autodestruct")
    here = time_slot(ctx, s.time)
    s.isolation_open = bool(here and here.white) or s.alert is not None
    if here is not None and here.white:
        ctx.say("The isolation room is open.", kind="isolation")
    threshold = left.threshold_after if left is not None else 0
    if threshold and (not s.time_active or threshold == 2):
        ctx.say("A power threshold is crossed.", kind="power")
        power_effect(ctx, "off_highest", None)


def remove_noise(ctx: Ctx) -> None:
    """In powered sections, noise goes from corridors not next to characters (the
    technical corridors keep theirs, unless Hunting by Sound is known)."""
    s = ctx.s
    if s.tech_noise and weakness_active(s, "sound_hunters"):
        s.tech_noise = False
        ctx.say("The technical corridors fall silent (weakness).", kind="noise_removal")
    occupied = {h.room for h in in_play(s)}
    removed = 0
    for room in s.rooms:
        if not powered(s, room) or room in occupied:
            continue
        for ex in board(s).exits[room]:
            if ex.to == "tech" or ex.to in occupied:
                continue
            if noisy(s, ex.corridor):
                set_noise(s, ex.corridor, False)
                removed += 1
    if removed:
        markers = "1 marker" if removed == 1 else f"{removed} markers"
        ctx.say(f"Noise dies down in the powered sections ({markers}).",
                kind="noise_removal")


def end_of_round(ctx: Ctx) -> None:
    """Bleeding wounds hurt; with Metabolic Burnout known, worn-out adults die."""
    bleed(ctx)
    injuries.worn_out(ctx)
