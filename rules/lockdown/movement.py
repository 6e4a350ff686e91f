"""Moving, escaping, exploring rooms (NX-MOVE-*, NX-EXPLORE-1, NX-ESCAPE-1)."""

from __future__ import annotations

from rules.lockdown.board import board
from rules.lockdown.state import AttackFrame, GameState, MoveFrame
from rules.lockdown.table import Ctx, room_name, section_of, tech_noisy, tile_of, who
from rules.nemesis import noise
from rules.nemesis.board import Exit
from rules.nemesis.contamination import set_slime
from rules.nemesis.doors import close_door, door
from rules.nemesis.noise import noisy
from rules.nemesis.places import heroes_in, intruders_in
from rules.nemesis.state import Hero, change_room


def open_neighbours(s: GameState, room: str) -> list[str]:
    """Rooms reachable through a corridor without a closed door."""
    out = []
    for ex in board(s).exits[room]:
        if ex.to != "tech" and door(s, ex.corridor) != "closed":
            out.append(ex.to)
    return out


def careful_numbers(s: GameState, room: str) -> list[int]:
    """Corridor numbers of `room` that can take a careful-movement noise marker."""
    return [ex.number for ex in board(s).exits[room] if _quiet_exit(s, ex)]


def careful_possible(s: GameState, room: str) -> bool:
    """`room` has a corridor that can take a careful-movement noise marker."""
    return any(_quiet_exit(s, ex) for ex in board(s).exits[room])


def _quiet_exit(s: GameState, ex: Exit) -> bool:
    if ex.number == 0:
        return False  # Mars paths take no noise
    return not tech_noisy(s, ex.corridor) if ex.to == "tech" else not noisy(s, ex.corridor)


def move_run(ctx: Ctx, f: MoveFrame) -> None:
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


def careful_noise(ctx: Ctx, hero: Hero, f: MoveFrame) -> None:
    ex = board(ctx.s).exit_by_number(hero.room, int(f.careful_corridor or 1))
    noise.place_noise(ctx, hero, ex)


def arrive(ctx: Ctx, hero: Hero, f: MoveFrame) -> None:
    s = ctx.s
    hero.room = f.to
    section = section_of(f.to)
    if section is not None and section not in hero.visited_sections:
        hero.visited_sections.append(section)
    ctx.say(f"{who(hero.seat)} moves to {room_name(s, f.to)}.", kind="move", seat=hero.seat,
            room=f.to)
    room = s.rooms[f.to]
    if room.explored:
        return
    explore(ctx, hero, f)


def explore(ctx: Ctx, hero: Hero, f: MoveFrame) -> None:
    """Flip the tile, set its items, resolve and remove the exploration token."""
    s = ctx.s
    if s.options.board == "mars":
        from rules.lockdown import surface

        surface.explore(ctx, hero, f)  # a surface exploration token
        return
    room = s.rooms[f.to]
    tile = tile_of(room.tile or "")
    token = room.token or "silence"
    change_room(s.rooms, f.to, explored=True, token=None,
                items=room.items if tile.action == "nest" else room.token_items)
    ctx.say(f"{who(hero.seat)} explores: {tile.name}! Exploration token: {token}.",
            kind="explore", room=f.to, tile=tile.id, token=token)
    if tile.action == "nest" and not s.nest_found:
        s.nest_found = True
        hero.knowledge += 1
        ctx.say(f"{who(hero.seat)} found the nest (+1 knowledge).", kind="knowledge")
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
        from rules.lockdown.resolve import set_fire

        set_fire(ctx, f.to, True)
    elif token == "malfunction":
        from rules.lockdown.resolve import set_malfunction

        set_malfunction(ctx, f.to, True)
    elif token == "doors":
        corridor = board(s).corridor_between(f.to, f.origin)
        if corridor is not None and close_door(s, corridor):
            ctx.say("A door slams shut behind them.", kind="door", corridor=corridor)
