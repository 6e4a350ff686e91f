"""The facility as the rules read it: rooms by name, room tiles, power sections and
power, the nest, noise in the technical corridors (areas on the Mars side)."""

from __future__ import annotations

from functools import lru_cache

from rules.lockdown.board import board, board_index, slot_code, staircase_name
from rules.lockdown.cards import RoomTile, index
from rules.lockdown.mars_board import crossroads_name
from rules.lockdown.state import GameState


def room_name(s: GameState, slot: str) -> str:
    """A room as the board shows it: its tile's name once explored (every tile but the
    staircase is unique), else the space's code drawn in the empty box."""
    room = s.rooms[slot]
    return _room_name(s.options.board, slot, room.tile if room.explored else None)


@lru_cache(maxsize=1024)
def _room_name(side: str, slot: str, tile: str | None) -> str:
    """The name of space `slot` of a board side holding `tile` face up (None: not
    explored); content only, cached (the turn's list names every room next door)."""
    if slot in board_index(side).crossroads:  # Mars side: crossroads keep their own names
        return crossroads_name(slot)
    if tile:
        return staircase_name(slot) if tile == "staircase" else tile_of(tile).name
    return f"unexplored room {slot_code(slot)}"


def tile_of(tile_id: str) -> RoomTile:
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


def nest_room(s: GameState) -> str | None:
    """The nest room's slot once explored (None before, or without a nest)."""
    for slot, room in s.rooms.items():
        if room.tile is not None and tile_of(room.tile).action == "nest":
            return slot if room.explored else None
    return None


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
