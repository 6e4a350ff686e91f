"""The ship of the original Nemesis as data (NE-SETUP-1): room slots and corridors
(`content/board.toml`), the time, self-destruct and destination tracks, the coordinates
cards, the engines, the escape pods, the marker supplies, and the room tiles
(`content/rooms.toml`), validated by pydantic; the ship's graph for the family layer."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.nemesis.board import BoardGraph, Corridor, RoomSlot, corridor_problems
from rules.nemesis.cards import RoomTile as FamilyTile

CONTENT_DIR = Path(__file__).parent / "content"

RoomAction = Literal[
    # special rooms
    "cockpit", "hibernate", "engine", "evac",
    # basic rooms (I)
    "armory", "comms", "emergency", "fire_control", "generator", "laboratory", "nest",
    "storage", "surgery",
    # additional rooms (II)
    "airlock", "cabins", "canteen", "command_center", "engine_control", "hatch_control",
    "monitoring", "slime_room", "shower",
]
class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ShipMap(_M):
    name: str
    slots: tuple[RoomSlot, ...]
    corridors: tuple[Corridor, ...]
    width: int = 1400
    height: int = 900


class TimeTrack(_M):
    length: int = Field(ge=5, le=20)
    start: int = Field(1, ge=1)
    first_blue: int = Field(ge=2)   # hibernation opens from here; the last space jumps

    @model_validator(mode="after")
    def _inside(self) -> TimeTrack:
        if not self.start < self.first_blue <= self.length:
            raise ValueError("the blue spaces lie after the start, up to the last space")
        return self


class SelfDestructTrack(_M):
    length: int = Field(ge=3, le=12)  # the last space is the skull
    first_yellow: int = Field(ge=2)   # from here: no abort, pods unlock

    @model_validator(mode="after")
    def _inside(self) -> SelfDestructTrack:
        if not 1 < self.first_yellow < self.length:
            raise ValueError("yellow spaces lie between the green start and the skull")
        return self


class DestinationTrack(_M):
    spaces: tuple[str, ...] = Field(min_length=2)
    start: str


class CoordinatesCard(_M):
    id: str
    earth: str   # the destination space that takes the ship to Earth


class Engine(_M):
    id: str
    room: str    # the special slot of its engine room


class Pod(_M):
    id: str
    section: Literal["A", "B"]
    seats: int = Field(2, ge=1, le=4)


class Supplies(_M):
    fire: int = Field(ge=1)
    malfunction: int = Field(ge=1)


class RoomTile(FamilyTile):
    action: RoomAction


class Ship(_M):
    ship: ShipMap
    time_track: TimeTrack
    self_destruct: SelfDestructTrack
    destination: DestinationTrack
    coordinates: tuple[CoordinatesCard, ...]
    engines: tuple[Engine, ...] = Field(min_length=3, max_length=3)
    pods: tuple[Pod, ...]
    supplies: Supplies
    rooms: tuple[RoomTile, ...]


def read_ship(directory: Path = CONTENT_DIR) -> Ship:
    data: dict[str, object] = {}
    for name in ("board.toml", "rooms.toml"):
        with (directory / name).open("rb") as fh:
            data.update(tomllib.load(fh))
    return Ship.model_validate(data)


def check_ship(sh: Ship) -> list[str]:
    """Cross-checks (empty when the ship hangs together)."""
    problems: list[str] = []
    slots = {s.id: s for s in sh.ship.slots}
    tiles = {r.id: r for r in sh.rooms}
    if len(tiles) != len(sh.rooms):
        problems.append("duplicate room tile ids")
    for slot in sh.ship.slots:
        if slot.room is not None and tiles.get(slot.room) is None:
            problems.append(f"slot {slot.id}: unknown room {slot.room}")
        elif slot.room is not None and tiles[slot.room].level != "special":
            problems.append(f"slot {slot.id}: {slot.room} is not a special room")
    problems += corridor_problems(slots, sh.ship.corridors)
    for level in ("I", "II"):
        need = sum(1 for s in sh.ship.slots if s.kind == level)
        have = sum(r.copies for r in sh.rooms if r.level == level)
        if have < need:
            problems.append(f"{have} room tiles {level} for {need} slots")
    specials = {r.id for r in sh.rooms if r.level == "special"}
    if specials != {s.room for s in sh.ship.slots if s.kind == "special"}:
        problems.append("every special room tile needs exactly its slot")
    for engine in sh.engines:
        if engine.room not in slots or tiles.get(slots[engine.room].room or "") is None \
                or tiles[slots[engine.room].room or ""].action != "engine":
            problems.append(f"engine {engine.id}: {engine.room} is no engine room")
    if sh.destination.start not in sh.destination.spaces:
        problems.append("the destination marker starts off its track")
    earths = sorted(c.earth for c in sh.coordinates)
    if earths != sorted(sh.destination.spaces):
        problems.append("one coordinates card per destination space")
    for section in ("A", "B"):
        if not any(p.section == section for p in sh.pods):
            problems.append(f"no escape pod in section {section}")
        if not any(tiles[s.room].action == "evac" and s.room.endswith(section.lower())
                   for s in sh.ship.slots if s.room is not None and s.room in tiles):
            problems.append(f"no evacuation section {section}")
    graph = ship_graph_of(sh)
    start = sh.ship.slots[0].id
    if set(graph.distances_from(start)) != set(slots):
        problems.append("not every room can be reached by corridors")
    return problems


def ship_graph_of(sh: Ship) -> BoardGraph:
    graph = BoardGraph()
    graph.add_rooms(sh.ship.slots, sh.ship.corridors)
    return graph


@lru_cache(maxsize=1)
def ship() -> Ship:
    return read_ship()


@lru_cache(maxsize=1)
def ship_graph() -> BoardGraph:
    return ship_graph_of(ship())


@lru_cache(maxsize=1)
def tiles() -> dict[str, RoomTile]:
    return {r.id: r for r in ship().rooms}


def tile_of(tile_id: str) -> RoomTile:
    return tiles()[tile_id]


def slot_of_tile(tile_id: str) -> str:
    """The fixed slot of a special room tile."""
    return next(s.id for s in ship().ship.slots if s.room == tile_id)


def evac_section(tile_id: str) -> str:
    """"A" or "B": the section an evacuation room serves."""
    return tile_id[-1].upper()
