"""Reading and changing the Lockdown table; `Ctx` wraps a copied state while an action
is applied and collects the events."""

from __future__ import annotations

from typing import Any

from rules.core.actions import seat_ref
from rules.core.contract import Event
from rules.lockdown.cards import Content, content
from rules.lockdown.facility import tile_of
from rules.lockdown.profile import PROFILE
from rules.lockdown.state import GameState
from rules.nemesis.character import ability, has_wound
from rules.nemesis.profile import Profile
from rules.nemesis.state import Hero

HAND_SIZE = 5


class Ctx:
    def __init__(self, state: GameState) -> None:
        self.s = state
        self.c: Content = content()
        self.rules: Profile = state.rules
        self.events: list[Event] = []

    def say(self, text: str, kind: str = "log", to: tuple[str, ...] | None = None,
            **data: Any) -> None:
        self.events.append(Event(kind=kind, text=text, to=to, data=data))

    def tell(self, seat: str, text: str, kind: str = "private", **data: Any) -> None:
        self.say(text, kind=kind, to=(seat,), **data)


def who(seat: str) -> str:
    return seat_ref(seat)


def hand_limit(s: GameState, hero: Hero) -> int:
    limit = HAND_SIZE
    if has_wound(PROFILE, hero, "head"):
        limit -= 1
    if hero.serious and ability(PROFILE, hero) == "tough":
        limit += 1
    room = s.rooms[hero.room]
    if (hero.place == "board" and room.tile is not None and room.explored
            and not room.malfunction and tile_of(room.tile).action == "isolation"):
        limit += 1
    return limit
