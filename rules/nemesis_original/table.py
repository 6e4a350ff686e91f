"""Reading and changing the table of the original Nemesis; `Ctx` wraps a copied state
while an action is applied and collects the events."""

from __future__ import annotations

from rules.core.actions import seat_ref
from rules.core.table import TableCtx
from rules.nemesis import character
from rules.nemesis.places import intruders_in
from rules.nemesis.profile import Profile
from rules.nemesis.state import Hero
from rules.nemesis_original.ship import tile_of
from rules.nemesis_original.state import GameState


class Ctx(TableCtx[GameState]):
    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        self.rules: Profile = state.rules


def who(seat: str) -> str:
    return seat_ref(seat)


def hand_limit(s: GameState, hero: Hero) -> int:
    """The family's hand limit; the Cabins (working, no intruder) hold 1 card more."""
    room = s.rooms[hero.room]
    cabins = (hero.place == "board" and room.tile is not None and room.explored
              and not room.malfunction and tile_of(room.tile).action == "cabins"
              and not intruders_in(s, hero.room))
    return character.hand_limit(s.rules, hero, cabins)


def remember(s: GameState, seat: str, key: str, value: str) -> None:
    """What a seat saw in secret (coordinates, an engine, a room): only its view shows it."""
    s.known.setdefault(seat, {})[key] = value
    engine = key.removeprefix("engine_")
    if engine != key and engine in s.engines_outdated.get(seat, ()):
        s.engines_outdated[seat].remove(engine)


def worked_on(s: GameState, seat: str, engine: str) -> None:
    """`seat` works on `engine` (it may repair or wreck it; the table sees only that it
    works on it): what every other player saw of that engine may be out of date."""
    for other, seen in s.known.items():
        if other != seat and f"engine_{engine}" in seen:
            stale = s.engines_outdated.setdefault(other, [])
            if engine not in stale:
                stale.append(engine)
