"""Malfunctions (NX-MARK-1): a malfunction marker in an explored room (never the nest,
the contaminated room or the slime-coated room), from a limited supply; one needed with
none left ends the game (the game says how)."""

from __future__ import annotations

from rules.nemesis.profile import Table
from rules.nemesis.state import change_room

NEVER_MALFUNCTION = ("nest", "contaminated", "slime_room")  # room actions without a marker


def set_malfunction(ctx: Table, room: str, on: bool) -> None:
    s = ctx.s
    state = s.rooms[room]
    if state.malfunction == on or (on and not s.graph.takes_room_marker(room)):
        return
    if on:
        if not state.explored or (state.tile and ctx.rules.tiles[state.tile].action
                                  in NEVER_MALFUNCTION):
            return
        if s.malfunctions >= ctx.rules.malfunction_supply:
            ctx.rules.hooks.explode(ctx, "a malfunction struck with no marker left")
            return
    change_room(s.rooms, room, malfunction=on)
    s.malfunctions += 1 if on else -1
    ctx.say(f"{'Malfunction in' if on else 'Repaired:'} {ctx.rules.hooks.room_name(s, room)}.",
            kind="malfunction", room=room)
