"""The parts of a seat's view both Nemesis games show alike: corridors, intruders, each
character's public side, and the seat's own hand, items and held things. A game's view
subclasses these models with what only it shows and builds them with these helpers; it
passes its own name lookups so each game keeps naming cards and items as it does."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pydantic import BaseModel

from rules.nemesis.frames import PickFrame
from rules.nemesis.profile import NemesisState
from rules.nemesis.state import Hero

Name = Callable[[str], str]


class CorridorView(BaseModel):
    id: str
    a: str
    b: str
    door: str
    noise: bool


class HeldView(BaseModel):
    """One hand slot: an item id (with its ammo) or an object ("egg", "carcass")."""

    item: str | None = None
    obj: str | None = None
    ammo: int = 0


class HeroView(BaseModel):
    """A character's public side."""

    seat: str
    character: str
    name: str
    place: str
    room: str
    light: int
    serious: list[str]               # wound card ids, "*" after a dressed one
    hand_size: int
    item_colors: list[str]
    hands: list[str]                 # item names, objects ("egg", "corpse")
    larva: bool
    slime: bool
    signal: bool
    passed: bool
    objectives: list[str] | None = None  # revealed at the end (or to a cooperative team)


class MeView(BaseModel):
    """What only its own seat sees."""

    hand: list[str]                  # card names ("Contamination" for those)
    hand_ids: list[str]              # card ids, "contamination" for contamination cards
    deck: int
    discard: int
    inventory: list[str]             # item names
    inventory_ids: list[str]
    held: list[HeldView]
    objectives: list[str]
    choosing: list[str] = []         # the labels of the pick this seat is making
    prompt: str = ""                 # what this seat is being asked now


class GameView(BaseModel):
    """The fields a Nemesis game's view begins with, in this order; a game's view
    narrows `ruleset`, `rooms` and `heroes` in place and adds its own fields after."""

    ruleset: str
    version: int
    viewer: str | None
    round: int
    first_player: str
    rooms: list[Any]
    corridors: list[CorridorView]
    tech_noise: bool
    intruders: list[dict[str, object]]
    heroes: Sequence[HeroView]  # a game narrows it to a list of its own hero views


def card_name(cards: Any, card_id: str) -> str:
    """An action card's name; a contamination card stays "Contamination"."""
    if card_id.startswith("c:"):
        return "Contamination"
    card = cards.get(card_id)
    return card.name if card is not None else card_id


def corridor_views(s: NemesisState, corridors: Iterable[Any]) -> list[CorridorView]:
    return [CorridorView(id=c.id, a=c.a, b=c.b, door=s.doors.get(c.id, "open"),
                         noise=c.id in s.noise) for c in corridors]


def intruder_views(s: NemesisState) -> list[dict[str, object]]:
    return [{"id": i.id, "kind": i.kind, "room": i.room, "injuries": i.injuries}
            for i in s.intruders]


def hero_fields(h: Hero, index: Any, item_name: Name, reveal: bool) -> dict[str, Any]:
    """The `HeroView` fields of `h` (its objectives only when `reveal`); `index` is the
    game's content index (its `characters` and `items` by id)."""
    return {
        "seat": h.seat, "character": h.character,
        "name": index.characters[h.character].name if h.character else "?",
        "place": h.place, "room": h.room, "light": h.light,
        "serious": [w.card + ("*" if w.dressed else "") for w in h.serious],
        "hand_size": len(h.hand), "item_colors": [index.items[i].color for i in h.inventory],
        "hands": [item_name(held.item) if held.item else (held.obj or "").split("_")[0]
                  for held in h.hands],
        "larva": h.larva, "slime": h.slime, "signal": h.signal, "passed": h.passed,
        "objectives": list(h.objectives) if reveal else None,
    }


def me_fields(h: Hero, card: Name, item_name: Name) -> dict[str, Any]:
    """The `MeView` fields of `h` but the prompt and the pick (see `ask`)."""
    return {
        "hand": [card(c) for c in h.hand],
        "hand_ids": ["contamination" if c.startswith("c:") else c for c in h.hand],
        "deck": len(h.deck), "discard": len(h.discard),
        "inventory": [item_name(i) for i in h.inventory], "inventory_ids": list(h.inventory),
        "held": [HeldView(item=x.item, obj=x.obj, ammo=x.ammo) for x in h.hands],
        "objectives": list(h.objectives),
    }


def ask(me: MeView, s: NemesisState, seat: str, waiting: list[str],
        prompt_text: Callable[[Any, str], str]) -> None:
    """Fill in what `seat` is asked now and the labels of its pick."""
    if seat in waiting:
        me.prompt = prompt_text(s, seat)
    top = s.stack[-1] if s.stack else None
    if isinstance(top, PickFrame) and top.seat == seat:
        me.choosing = list(top.labels) if top.labels else []
