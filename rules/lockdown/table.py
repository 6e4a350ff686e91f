"""Reading and changing the Lockdown table; `Ctx` wraps a copied state while an action
is applied and collects the events."""

from __future__ import annotations

from typing import Any

from rules.core.actions import seat_ref
from rules.core.contract import Event
from rules.lockdown.board import board, board_index, slot_code, staircase_name
from rules.lockdown.cards import Content, content, index
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
        self.rules: Profile = PROFILE
        self.events: list[Event] = []

    def say(self, text: str, kind: str = "log", to: tuple[str, ...] | None = None,
            **data: Any) -> None:
        self.events.append(Event(kind=kind, text=text, to=to, data=data))

    def tell(self, seat: str, text: str, kind: str = "private", **data: Any) -> None:
        self.say(text, kind=kind, to=(seat,), **data)


def who(seat: str) -> str:
    return seat_ref(seat)


def room_name(s: GameState, slot: str) -> str:
    """A room as the board shows it: its tile's name once explored (every tile but the
    staircase is unique), else the space's code drawn in the empty box."""
    room = s.rooms[slot]
    if slot in board(s).crossroads:  # Mars side: crossroads keep their own names
        from rules.lockdown.surface import crossroads_name

        return crossroads_name(slot)
    if room.explored and room.tile:
        return staircase_name(slot) if room.tile == "staircase" else tile_of(room.tile).name
    return f"unexplored room {slot_code(slot)}"


def tile_of(tile_id: str) -> Any:
    return index().rooms[tile_id]






def section_of(room: str) -> int | None:
    """A room's power section (None: staircases, Mars crossroads). Slot ids differ
    between the board sides, so the room itself says which side it is on."""
    basic = board().section
    return basic[room] if room in basic else board_index("mars").section[room]


def powered(s: GameState, room: str) -> bool:
    section = section_of(room)
    if section is None:  # emergency staircases are always dark
        return False
    return s.power[str(section)].active




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











def tech_noisy(s: GameState, corridor: str) -> bool:
    """Noise on a technical exit: the technical corridors space, or on the Mars side
    the area that exit leads to."""
    area = board(s).area.get(corridor)
    return s.tech_noise if area is None else area in s.area_noise


def set_tech_noise(s: GameState, corridor: str, on: bool) -> None:
    area = board(s).area.get(corridor)
    if area is None:
        s.tech_noise = on
    elif on and area not in s.area_noise:
        s.area_noise.append(area)
        s.area_noise.sort()
    elif not on and area in s.area_noise:
        s.area_noise.remove(area)


def nest_room(s: GameState) -> str | None:
    """The nest room's slot once explored (None before, or without a nest)."""
    for slot, room in s.rooms.items():
        if room.tile is not None and tile_of(room.tile).action == "nest":
            return slot if room.explored else None
    return None
