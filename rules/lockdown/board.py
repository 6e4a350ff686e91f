"""The Lockdown board sides as graphs: the family graph (rules.nemesis.board) of the
facility, or of the Mars surface with its crossroads, paths and bunker."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from rules.lockdown.cards import BoardMap, content
from rules.lockdown.mars_board import MarsBoard, mars_map
from rules.nemesis.board import BoardGraph, Exit


class OnASide(Protocol):
    """A game state: its options name the board side (a protocol, so that the state,
    whose graph property reads this module, is not imported here)."""

    @property
    def options(self) -> Any: ...


MARS_BUILDING_LETTERS = "hrw"  # Mars room ids: habitat, research block, power works


@dataclass
class BoardIndex(BoardGraph):
    """The family graph of a Lockdown board side, plus what only the Mars surface has."""

    # Mars surface side only (empty on the basic side):
    paths: set[str] = field(default_factory=set)       # path ids (number 0 in `exits`)
    area: dict[str, int] = field(default_factory=dict)  # area exit / tech corridor -> area
    crossroads: set[str] = field(default_factory=set)
    building: dict[str, str] = field(default_factory=dict)  # room slot -> building id
    exit_rooms: set[str] = field(default_factory=set)
    bunker_crossroads: set[str] = field(default_factory=set)  # joined to the bunker
    mars: bool = False

    def tech_rooms(self) -> list[str]:
        """Rooms with a technical entrance (none on Mars: areas are no technical
        corridors for effects and moves)."""
        return [] if self.mars else super().tech_rooms()

    def takes_door(self, corridor: str) -> bool:
        return corridor not in self.technical and corridor not in self.paths

    def takes_noise(self, corridor: str) -> bool:
        return corridor not in self.paths  # Mars side: paths never take noise

    def takes_room_marker(self, room: str) -> bool:
        return room not in self.crossroads  # Mars crossroads never hold fire/malfunction


def build_index(board: BoardMap) -> BoardIndex:
    idx = BoardIndex()
    idx.add_rooms(board.slots, board.corridors)
    return idx


def build_mars_index(m: MarsBoard) -> BoardIndex:
    """The basic index of the building rooms, plus crossroads (areas 1-4 as their
    numbered exits, `area{n}`), unnumbered paths (number 0) and the bunker's paths."""
    idx = build_index(m)
    idx.mars = True
    for b in m.buildings:
        idx.exit_rooms.update(b.exits)
        for room in b.rooms:
            idx.building[room] = b.id
        for cor in m.corridors:
            if cor.b == "tech" and cor.a in b.rooms:
                idx.area[cor.id] = b.area
    for x in m.crossroads:
        idx.crossroads.add(x.id)
        idx.section[x.id] = None
        idx.kind[x.id] = "crossroads"
        idx.exits[x.id] = [Exit(f"area{n}", n, "tech") for n in (1, 2, 3, 4)]
        for n in (1, 2, 3, 4):
            idx.area[f"area{n}"] = n
    for p in m.paths:
        idx.paths.add(p.id)
        for here, there in ((p.a, p.b), (p.b, p.a)):
            if there == m.bunker.id:
                idx.bunker_crossroads.add(here)
            elif here != m.bunker.id:
                idx.exits[here].append(Exit(p.id, 0, there))
    idx.sort_exits()
    return idx


@lru_cache(maxsize=2)
def board_index(side: str = "basic") -> BoardIndex:
    """The graph of one board side ("basic" or "mars"), built once."""
    return build_mars_index(mars_map()) if side == "mars" else build_index(content().board)


def board(s: OnASide | None = None) -> BoardIndex:
    """The graph of the state's board side (the basic side without a state)."""
    return board_index("basic" if s is None else s.options.board)


def board_map(s: OnASide | None = None) -> BoardMap:
    """The map data of the state's board side."""
    return map_for("basic" if s is None else s.options.board)


def map_for(side: str) -> BoardMap:
    return mars_map() if side == "mars" else content().board


def slot_code(slot: str) -> str:
    """How players name a room space before its tile is known: "2-3" for the third
    space of section 2 (drawn in the empty box on the board); other spaces keep their id."""
    head, _, number = slot.partition("_")
    if len(head) == 2 and head[0] == "s" and head[1].isdigit() and number.isdigit():
        return f"{head[1]}-{number}"
    if len(slot) == 2 and slot[0] in MARS_BUILDING_LETTERS and slot[1].isdigit():
        return f"{slot[0].upper()}-{slot[1]}"  # Mars side: "H-3", third room of the Habitat
    return slot


def staircase_name(slot: str) -> str:
    """"Stairs A" for the staircase space "stairs_a" (as the board labels it)."""
    tail = slot.rsplit("_", 1)[-1]
    return f"Stairs {tail.upper()}" if len(tail) <= 2 else "Stairs"
