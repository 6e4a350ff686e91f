"""Fire (NX-MARK-1): a fire marker in a room, from a limited supply (a fire needed with
none left in the supply ends the game: the game says how); in the event phase fire
injures the intruders in its room and destroys an egg there."""

from __future__ import annotations

from rules.nemesis.combat import nest_check
from rules.nemesis.injuries import injure
from rules.nemesis.places import intruders_in
from rules.nemesis.profile import Table
from rules.nemesis.state import change_room, take_object


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


def fire_damage(ctx: Table) -> None:
    s = ctx.s
    hooks = ctx.rules.hooks
    for slot, room in s.rooms.items():
        if not room.fire:
            continue
        for intruder in list(intruders_in(s, slot)):
            ctx.say(f"The fire in {hooks.room_name(s, slot)} burns the {intruder.kind}.",
                    kind="fire", room=slot)
            injure(ctx, intruder, 2 if hooks.weakness_active(s, "fire_hurts_more", None)
                   else 1)
        if take_object(s.rooms, slot, "egg"):
            ctx.say("The fire destroys an egg.", kind="egg")
        elif hooks.nest_room(s) == slot and s.eggs > 0:
            s.eggs -= 1
            ctx.say("The fire destroys an egg in the nest.", kind="egg")
            nest_check(ctx)
