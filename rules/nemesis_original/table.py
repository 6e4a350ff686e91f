"""Reading and changing the table of the original Nemesis; `Ctx` wraps a copied state
while an action is applied and collects the events."""

from __future__ import annotations

from typing import Any

from rules.core.actions import seat_ref
from rules.core.contract import Event
from rules.nemesis.character import ability, has_wound
from rules.nemesis.places import intruders_in
from rules.nemesis.profile import Profile
from rules.nemesis.state import Hero
from rules.nemesis_original.profile import PROFILE
from rules.nemesis_original.ship import tile_of
from rules.nemesis_original.state import GameState

HAND_SIZE = 5


class Ctx:
    def __init__(self, state: GameState) -> None:
        self.s = state
        self.rules: Profile = PROFILE
        self.events: list[Event] = []

    def say(self, text: str, kind: str = "log", to: tuple[str, ...] | None = None,
            **data: Any) -> None:
        self.events.append(Event(kind=kind, text=text, to=to, data=data))

    def tell(self, seat: str, text: str, kind: str = "private", **data: Any) -> None:
        self.say(text, kind=kind, to=(seat,), **data)


def who(seat: str) -> str:
    return seat_ref(seat)


def hand_limit(s: GameState, hero: Hero) -> int:
    """5 cards; 1 fewer with a head wound; 1 more for a tough character with a serious
    wound, and 1 more in the Cabins (working, no intruder)."""
    limit = HAND_SIZE
    if has_wound(PROFILE, hero, "head"):
        limit -= 1
    if hero.serious and ability(PROFILE, hero) == "tough":
        limit += 1
    room = s.rooms[hero.room]
    if (hero.place == "board" and room.tile is not None and room.explored
            and not room.malfunction and tile_of(room.tile).action == "cabins"
            and not intruders_in(s, hero.room)):
        limit += 1
    return limit


def remember(s: GameState, seat: str, key: str, value: str) -> None:
    """What a seat saw in secret (coordinates, an engine, a room): only its view shows it."""
    s.known.setdefault(seat, {})[key] = value
