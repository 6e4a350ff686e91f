"""Searching a room (NX-ITEM-2): an explored room with searches left gives an item card
of its colour (any colour in a white room; none in special rooms or the nest); with two
drawn (a scavenger) one is kept and the other goes under its deck."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.core.contract import Action
from rules.nemesis import actions as a
from rules.nemesis.character import ability
from rules.nemesis.contamination import set_slime
from rules.nemesis.decks import draw_from
from rules.nemesis.frames import PickFrame
from rules.nemesis.items import give_item
from rules.nemesis.memory import put_under
from rules.nemesis.profile import NemesisState, Table
from rules.nemesis.state import Hero, change_room

COLORS = ("red", "yellow", "green")


def search_actions(s: NemesisState, hero: Hero) -> list[Action]:
    room = s.rooms[hero.room]
    if not room.explored or room.tile is None or room.items <= 0:
        return []
    tile = s.rules.tiles[room.tile]
    if tile.level == "special" or tile.action == "nest":
        return []
    colors = list(COLORS) if tile.color == "white" else [tile.color]
    return [a.Search(color=c) for c in colors if c in COLORS]


def search(ctx: Table, hero: Hero, color: str) -> None:
    s = ctx.s
    room = change_room(s.rooms, hero.room, items=s.rooms[hero.room].items - 1)
    ctx.say(f"{who(hero.seat)} searches {ctx.rules.hooks.room_name(s, hero.room)} "
            f"({room.items} left).", kind="search")
    if room.tile and ctx.rules.tiles[room.tile].action == "contaminated":
        set_slime(ctx, hero, True)
    draw_item(ctx, hero, color, 2 if ability(ctx.rules, hero) == "scavenger" else 1)


def draw_item(ctx: Table, hero: Hero, color: str, n: int) -> None:
    """Draw n item cards of a colour; with 2 the hero keeps 1 and the other goes under
    its deck (Scavenger, the storage room)."""
    s = ctx.s
    drawn = [c for c in (draw_from(s, color) for _ in range(n)) if c is not None]
    if not drawn:
        ctx.say(f"The {color} item deck is empty.", kind="search")
        return
    if len(drawn) == 1:
        give_item(ctx, hero, drawn[0])
        return
    items = ctx.rules.items
    s.stack.append(PickFrame(seat=hero.seat, purpose="step", tag="keep_item",
                             options=["+".join(drawn), "+".join(reversed(drawn))],
                             labels=[f"Keep {items[c].name}" for c in drawn],
                             subject=hero.seat))


def keep_item(ctx: Table, hero: Hero, option: str) -> None:
    keep, other = option.split("+")
    color = ctx.rules.items[other].color
    put_under(ctx.s, color, other, (hero.seat,))
    give_item(ctx, hero, keep)
