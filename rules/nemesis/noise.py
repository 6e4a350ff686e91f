"""Noise (NX-NOISE-*): noise markers in corridors (and on technical exits), the noise
roll, and danger: intruders next door come in, or noise fills every corridor."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.nemesis.board import Exit
from rules.nemesis.doors import door
from rules.nemesis.intruders import move_intruder, start_encounter
from rules.nemesis.places import heroes_in, intruders_in
from rules.nemesis.profile import NemesisState, Table
from rules.nemesis.state import Hero


def noisy(s: NemesisState, corridor: str) -> bool:
    return corridor in s.noise


def set_noise(s: NemesisState, corridor: str, on: bool) -> None:
    if on and not s.graph.takes_noise(corridor):
        return
    if on and corridor not in s.noise:
        s.noise.append(corridor)
    elif not on and corridor in s.noise:
        s.noise.remove(corridor)


def noise_roll(ctx: Table, hero: Hero) -> None:
    s = ctx.s
    if ctx.rules.hooks.own_noise_roll(ctx, hero):
        return
    faces = ctx.rules.noise_die
    face = faces[s.rng.below(len(faces))]
    if face == "silence":
        if hero.slime:
            ctx.say(f"{who(hero.seat)}'s noise roll: silence, but the slime draws them: "
                    "danger!", kind="noise")
            danger(ctx, hero)
        else:
            ctx.say(f"{who(hero.seat)}'s noise roll: silence.", kind="noise")
        return
    if face == "danger":
        ctx.say(f"{who(hero.seat)}'s noise roll: danger!", kind="noise")
        danger(ctx, hero)
        return
    ctx.say(f"{who(hero.seat)}'s noise roll: {face}.", kind="noise", face=face)
    place_noise(ctx, hero, s.graph.exit_by_number(hero.room, int(face)))


def place_noise(ctx: Table, hero: Hero, exit_: Exit) -> None:
    """A noise marker in a corridor; a second marker there is an encounter instead."""
    s = ctx.s
    hooks = ctx.rules.hooks
    if exit_.to == "tech":
        if hooks.tech_noisy(s, exit_.corridor):
            start_encounter(ctx, hero)
        else:
            hooks.set_tech_noise(s, exit_.corridor, True)
        return
    if noisy(s, exit_.corridor):
        start_encounter(ctx, hero)
    else:
        set_noise(s, exit_.corridor, True)


def fill_noise(ctx: Table, room: str) -> None:
    """A noise marker in every corridor of the room that has none (never an encounter)."""
    _mark_around(ctx, room, True)


def clear_noise_around(ctx: Table, room: str) -> None:
    _mark_around(ctx, room, False)


def _mark_around(ctx: Table, room: str, on: bool) -> None:
    s = ctx.s
    for ex in s.graph.exits[room]:
        if ex.to == "tech":
            ctx.rules.hooks.set_tech_noise(s, ex.corridor, on)
        else:
            set_noise(s, ex.corridor, on)


def danger(ctx: Table, hero: Hero) -> bool:
    """Intruders next door that are not fighting come in (those behind a closed door
    break it and stay, all together); else noise all around (then True). Never an
    encounter."""
    s = ctx.s
    graph = s.graph
    movers = [i for n in graph.neighbours(hero.room) for i in intruders_in(s, n)
              if not heroes_in(s, n)]
    if not movers:
        fill_noise(ctx, hero.room)
        ctx.say(f"Noise fills every corridor around "
                f"{ctx.rules.hooks.room_name(s, hero.room)}.", kind="noise")
        return True
    broken: set[str] = set()
    for intruder in movers:
        corridor = graph.corridor_between(intruder.room, hero.room)
        if corridor is None or corridor in broken:
            continue
        if door(s, corridor) == "closed":
            broken.add(corridor)
        move_intruder(ctx, intruder, Exit(corridor, 0, hero.room))
    return False
