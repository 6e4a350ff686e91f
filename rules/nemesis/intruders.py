"""Intruders on the board (NX-EVENT-1, NX-ENC-*): moving through corridors (doors break,
technical corridors swallow them), appearing (free miniatures, the first intruder), and
an encounter beginning."""

from __future__ import annotations

from typing import TypeGuard, get_args

from rules.core.words import a_or_an
from rules.nemesis.board import Exit
from rules.nemesis.decks import draw_to_discard
from rules.nemesis.doors import door, set_door
from rules.nemesis.effects import IntruderKind
from rules.nemesis.frames import EncounterFrame
from rules.nemesis.places import heroes_in
from rules.nemesis.profile import NemesisState, Profile, Table
from rules.nemesis.state import Hero, Intruder

BIG = ("breeder", "queen")


def move_intruder(ctx: Table, intruder: Intruder, exit_: Exit) -> bool:
    """Move through a corridor; False if it stayed (door broken, or gone into ducts)."""
    s = ctx.s
    it = a_or_an(intruder.kind).capitalize()
    if exit_.to == "tech":
        s.intruders.remove(intruder)
        ctx.rules.bag.return_token(s, intruder.kind, intruder.token)
        ctx.say(f"{it} vanishes into the technical corridors.", kind="intruder")
        return False
    if door(s, exit_.corridor) == "closed":
        set_door(s, exit_.corridor, "destroyed")
        ctx.say(f"{it} smashes a closed door.", kind="door", corridor=exit_.corridor)
        return False
    intruder.room = exit_.to
    ctx.say(f"{it} moves into {ctx.rules.hooks.room_name(s, exit_.to)}.", kind="intruder")
    return True


def retreat(ctx: Table, intruder: Intruder, why: str = "") -> None:
    """The intruder flees through the corridor numbered on an event card drawn for it
    (the card is discarded); `why` is said first."""
    s = ctx.s
    event = draw_to_discard(s, "events")
    if event is None:
        return
    number = ctx.rules.events[event].corridors[0]
    if why:
        ctx.say(why, kind="retreat")
    move_intruder(ctx, intruder, s.graph.exit_by_number(intruder.room, number))


def event_movement(ctx: Table, kinds: tuple[str, ...], numbers: tuple[int, ...]) -> None:
    """Intruders of these kinds not in a room with characters move through the
    numbered corridor(s); doors closed in a room's corridor stop every mover there."""
    s = ctx.s
    movers = [i for i in s.intruders if i.kind in kinds and not heroes_in(s, i.room)]
    for number in numbers:
        broken: set[str] = set()
        for intruder in list(movers):
            if intruder not in s.intruders:
                continue
            ex = s.graph.exit_by_number(intruder.room, number)
            if ex.to != "tech" and ex.corridor in broken:
                continue  # moving together: the door broke, everyone stays
            before = door(s, ex.corridor) if ex.to != "tech" else "open"
            moved = move_intruder(ctx, intruder, ex)
            if before == "closed":
                broken.add(ex.corridor)
            if not moved or heroes_in(s, intruder.room):
                movers.remove(intruder)


def models_free(rules: Profile, s: NemesisState, kind: str) -> int:
    total: int = getattr(rules.models, kind)
    return total - sum(1 for i in s.intruders if i.kind == kind)


INTRUDER_KINDS = frozenset(get_args(IntruderKind))


def is_intruder_kind(kind: str) -> TypeGuard[IntruderKind]:
    """Whether a token's (or a card's) kind is one of the intruders (not "blank")."""
    return kind in INTRUDER_KINDS


def spawn(ctx: Table, kind: str, room: str) -> Intruder | None:
    """A new intruder appears in `room`, then, if it is the first, the first encounter."""
    intruder = appear(ctx, kind, room)
    if intruder is not None:
        first_intruder(ctx)
    return intruder


def appear(ctx: Table, kind: str, room: str) -> Intruder | None:
    """A new intruder of `kind` in `room` (None when no miniature is free); the first
    encounter it may set off is the caller's to announce (`first_intruder`)."""
    s = ctx.s
    if kind == "adult" and models_free(ctx.rules, s, "adult") <= 0:
        retreating = [i for i in s.intruders if i.kind == "adult" and not heroes_in(s, i.room)]
        for i in retreating:
            s.intruders.remove(i)
            ctx.rules.bag.return_token(s, "adult", i.token)
        if retreating:
            ctx.say("Every adult is on the board: the ones not fighting retreat.",
                    kind="intruder")
    if models_free(ctx.rules, s, kind) <= 0:
        ctx.say(f"No {kind} model is free; nothing appears.", kind="intruder")
        return None
    if not is_intruder_kind(kind):  # a blank token never gets this far
        raise ValueError(f"no intruder of kind {kind!r}")
    intruder = Intruder(id=s.next_intruder, kind=kind, room=room)
    s.next_intruder += 1
    s.intruders.append(intruder)
    ctx.say(f"{a_or_an(kind).capitalize()} appears in {ctx.rules.hooks.room_name(s, room)}!",
            kind="spawn", intruder=kind, room=room)
    return intruder


def first_intruder(ctx: Table) -> None:
    """The first intruder on the board (NX-AI-1): what it sets off is the game's."""
    if ctx.s.first_encounter:
        return
    ctx.s.first_encounter = True
    ctx.rules.hooks.first_encounter(ctx)


def start_encounter(ctx: Table, hero: Hero) -> None:
    """An encounter in the hero's room: a token is drawn when the frame runs (the first
    encounter comes with the first intruder it brings, NX-AI-1)."""
    ctx.s.stack.append(EncounterFrame(seat=hero.seat, room=hero.room))
