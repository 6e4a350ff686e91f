"""Reading and changing the Lockdown table; `Ctx` wraps a copied state while an action
is applied and collects the events."""

from __future__ import annotations

from rules.core.actions import seat_ref
from rules.core.table import TableCtx
from rules.lockdown.cards import Content, content
from rules.lockdown.facility import tile_of
from rules.lockdown.state import GameState
from rules.nemesis import character
from rules.nemesis.profile import Profile
from rules.nemesis.state import Hero


class Ctx(TableCtx[GameState]):
    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        self.c: Content = content()
        self.rules: Profile = state.rules


def who(seat: str) -> str:
    return seat_ref(seat)


def hand_limit(s: GameState, hero: Hero) -> int:
    """The family's hand limit; the isolation room (working) holds 1 card more."""
    room = s.rooms[hero.room]
    isolation = (hero.place == "board" and room.tile is not None and room.explored
                 and not room.malfunction and tile_of(room.tile).action == "isolation")
    return character.hand_limit(s.rules, hero, isolation)
