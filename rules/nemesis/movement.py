"""Moving (NX-MOVE-*), careful movement, escaping (NX-ESCAPE-1) and exploring rooms
(NX-EXPLORE-1): a MoveFrame runs the escape attacks, the arrival (and exploration),
then the noise roll or the careful-movement marker."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.nemesis import noise
from rules.nemesis.board import Exit
from rules.nemesis.contamination import set_slime
from rules.nemesis.doors import close_door, door
from rules.nemesis.fire import set_fire
from rules.nemesis.frames import AttackFrame, MoveFrame
from rules.nemesis.malfunctions import set_malfunction
from rules.nemesis.places import heroes_in, intruders_in
from rules.nemesis.profile import NemesisState, Profile, Table
from rules.nemesis.state import Hero, change_room


def open_neighbours(s: NemesisState, room: str) -> list[str]:
    """Rooms reachable through a corridor without a closed door."""
    out = []
    for ex in s.graph.exits[room]:
        if ex.to != "tech" and door(s, ex.corridor) != "closed":
            out.append(ex.to)
    return out


def careful_numbers(rules: Profile, s: NemesisState, room: str) -> list[int]:
    """Corridor numbers of `room` that can take a careful-movement noise marker."""
    return [ex.number for ex in s.graph.exits[room] if _quiet_exit(rules, s, ex)]


def careful_possible(rules: Profile, s: NemesisState, room: str) -> bool:
    """`room` has a corridor that can take a careful-movement noise marker (what
    `_quiet_exit` says, in one loop: the turn's list asks this for every neighbour)."""
    graph = s.graph
    noise = s.noise
    for ex in graph.exits[room]:
        if not graph.takes_noise(ex.corridor):
            continue
        if ex.to == "tech":
            if not rules.hooks.tech_noisy(s, ex.corridor):
                return True
        elif ex.corridor not in noise:
            return True
    return False


def _quiet_exit(rules: Profile, s: NemesisState, ex: Exit) -> bool:
    if not s.graph.takes_noise(ex.corridor):
        return False
    if ex.to == "tech":
        return not rules.hooks.tech_noisy(s, ex.corridor)
    return not noise.noisy(s, ex.corridor)


def move_run(ctx: Table, f: MoveFrame) -> None:
    s = ctx.s
    hero = s.heroes[f.seat]
    if hero.place != "board":
        s.stack.pop()
        return
    if f.stage == "escape":
        f.stage = "arrive"
        attackers = intruders_in(s, f.origin)
        if attackers and hero.room == f.origin:
            ctx.say(f"{who(f.seat)} tries to escape!", kind="escape")
            s.stack.append(AttackFrame(queue=[(i.id, f.seat) for i in attackers]))
        return
    if f.stage == "arrive":
        f.stage = "noise"
        arrive(ctx, hero, f)
        return
    s.stack.pop()
    if f.no_noise:
        return
    others = [x for x in heroes_in(s, hero.room) if x.seat != hero.seat]
    if intruders_in(s, hero.room) or others:
        return  # not an empty room: no noise (entering an intruder's room is combat)
    if f.careful_corridor is not None:
        careful_noise(ctx, hero, f)
    else:
        noise.noise_roll(ctx, hero)


def careful_noise(ctx: Table, hero: Hero, f: MoveFrame) -> None:
    number = int(f.careful_corridor or 1)
    ctx.say(f"{who(hero.seat)} makes no noise roll: their careful movement puts a noise "
            f"marker in corridor {number}.", kind="noise_marker", corridor=number)
    noise.place_noise(ctx, hero, ctx.s.graph.exit_by_number(hero.room, number))


def arrive(ctx: Table, hero: Hero, f: MoveFrame) -> None:
    s = ctx.s
    hero.room = f.to
    ctx.rules.hooks.entered(ctx, hero, f.to)
    verb = "moves" if f.careful_corridor is None else "moves carefully"
    ctx.say(f"{who(hero.seat)} {verb} to {ctx.rules.hooks.room_name(s, f.to)}.", kind="move",
            seat=hero.seat, room=f.to)
    room = s.rooms[f.to]
    if room.explored:
        return
    explore(ctx, hero, f)


def explore(ctx: Table, hero: Hero, f: MoveFrame) -> None:
    """Flip the tile, set its items, resolve and remove the exploration token."""
    s = ctx.s
    hero.tally.explored += 1
    if ctx.rules.hooks.own_exploration(ctx, hero, f):
        return
    room = s.rooms[f.to]
    tile = ctx.rules.tiles[room.tile or ""]
    token = room.token or "silence"
    change_room(s.rooms, f.to, explored=True, token=None,
                items=room.items if tile.action == "nest" else room.token_items)
    ctx.say(f"{who(hero.seat)} explores: {tile.name}! Exploration token: {token}.",
            kind="explore", room=f.to, tile=tile.id, token=token)
    ctx.rules.hooks.explored(ctx, hero, f.to)
    if token == "silence":
        f.no_noise = f.careful_corridor is None
        if hero.slime:
            ctx.say("The slime gives them away: danger!", kind="noise")
            f.no_noise = True
            noise.danger(ctx, hero)
    elif token == "danger":
        f.no_noise = True
        noise.danger(ctx, hero)
    elif token == "slime":
        set_slime(ctx, hero, True)
    elif token == "fire":
        set_fire(ctx, f.to, True)
    elif token == "malfunction":
        set_malfunction(ctx, f.to, True)
    elif token == "doors":
        corridor = s.graph.corridor_between(f.to, f.origin)
        if corridor is not None and close_door(s, corridor):
            ctx.say("A door slams shut behind them.", kind="door", corridor=corridor)
