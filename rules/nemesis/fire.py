"""Fire (NX-MARK-1): a fire marker in a room, from a limited supply; a fire needed with
none left in the supply ends the game (the game says how)."""

from __future__ import annotations

from rules.nemesis.profile import Table
from rules.nemesis.state import change_room


def set_fire(ctx: Table, room: str, on: bool) -> None:
    s = ctx.s
    state = s.rooms[room]
    if state.fire == on or (on and not s.graph.takes_room_marker(room)):
        return
    if on and s.fires >= ctx.rules.fire_supply:
        ctx.rules.hooks.explode(ctx, "a fire broke out with no fire marker left")
        return
    change_room(s.rooms, room, fire=on)
    s.fires += 1 if on else -1
    ctx.say(f"{'Fire in' if on else 'The fire is out in'} "
            f"{ctx.rules.hooks.room_name(s, room)}.", kind="fire", room=room)
