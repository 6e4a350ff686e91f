"""The map of a Nemesis-family board as a graph: room spaces, corridors numbered from
each room's side (1-4), and corridors leading into the technical corridors (NX-MOVE-*).
Each game draws its own map (content) and may extend the graph with its own places."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Section = Literal[1, 2, 3]


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RoomSlot(_M):
    """A place for a room on the board: a fixed special room or a slot for a I/II tile."""

    id: str
    kind: Literal["I", "II", "special"]
    room: str | None = None   # the special room's tile id (special slots only)
    section: Section | None = None  # None: no section (staircases; a board without any)
    x: int = Field(ge=0, le=2000)  # drawing coordinates (board image, 0..1600 x 0..1000)
    y: int = Field(ge=0, le=1200)

    @model_validator(mode="after")
    def _special_has_room(self) -> RoomSlot:
        if (self.kind == "special") != (self.room is not None):
            raise ValueError(f"{self.id}: special slots name their room, others do not")
        return self


class Corridor(_M):
    """A corridor between two rooms, or from a room to the technical corridors (b =
    "tech"). Each end carries the number the room sees it by (1-4)."""

    id: str
    a: str
    a_number: int = Field(ge=1, le=4)
    b: str
    b_number: int | None = Field(None, ge=1, le=4)

    @property
    def technical(self) -> bool:
        return self.b == "tech"

    @model_validator(mode="after")
    def _ends(self) -> Corridor:
        if self.technical != (self.b_number is None):
            raise ValueError(f"{self.id}: only technical entrances lack a second number")
        return self


def corridor_problems(slots: Iterable[str], corridors: Iterable[Corridor]) -> list[str]:
    """Content checks of a board's corridors: each end is a known room slot (or "tech",
    the technical corridors), and each room slot's corridors are numbered 1, 2, 3 and 4
    once each."""
    problems = []
    numbers: dict[str, list[int]] = {sid: [] for sid in slots}
    for cor in corridors:
        for end, num in ((cor.a, cor.a_number), (cor.b, cor.b_number)):
            if end == "tech":
                continue
            if end not in numbers:
                problems.append(f"corridor {cor.id}: unknown room slot {end}")
            elif num is not None:
                numbers[end].append(num)
    for sid, nums in numbers.items():
        if sorted(nums) != [1, 2, 3, 4]:
            problems.append(f"room slot {sid}: corridor numbers {sorted(nums)}, "
                            "need 1, 2, 3 and 4 once each")
    return problems


@dataclass(frozen=True)
class Exit:
    corridor: str
    number: int
    to: str  # a room slot id, or "tech"


@dataclass
class BoardGraph:
    """Rooms and corridors: each room's exits in number order, its section and kind."""

    exits: dict[str, list[Exit]] = field(default_factory=dict)
    section: dict[str, int | None] = field(default_factory=dict)
    kind: dict[str, str] = field(default_factory=dict)
    special: dict[str, str] = field(default_factory=dict)  # slot -> special room tile id
    technical: set[str] = field(default_factory=set)  # technical entrance corridor ids

    def exit_by_number(self, room: str, number: int) -> Exit:
        for ex in self.exits[room]:
            if ex.number == number:
                return ex
        raise KeyError(f"{room} has no corridor {number}")

    def neighbours(self, room: str) -> list[str]:
        return [ex.to for ex in self.exits[room] if ex.to != "tech"]

    def corridor_between(self, a: str, b: str) -> str | None:
        for ex in self.exits[a]:
            if ex.to == b:
                return ex.corridor
        return None

    def tech_rooms(self) -> list[str]:
        """Rooms with an entrance to the technical corridors."""
        return [room for room, exits in self.exits.items()
                if any(ex.to == "tech" for ex in exits)]

    def takes_door(self, corridor: str) -> bool:
        """Whether a door token may stand in this corridor (never a technical one)."""
        return corridor not in self.technical

    def takes_noise(self, corridor: str) -> bool:
        """Whether a noise marker may lie in this corridor (a board may have corridors
        that never take one)."""
        return True

    def takes_room_marker(self, room: str) -> bool:
        """Whether fire and malfunction markers may lie in this place."""
        return True

    def corridors_of(self, room: str) -> list[str]:
        return [ex.corridor for ex in self.exits[room]]

    def distances_from(self, room: str) -> dict[str, int]:
        seen = {room: 0}
        frontier = [room]
        while frontier:
            nxt = []
            for r in frontier:
                for n in self.neighbours(r):
                    if n not in seen:
                        seen[n] = seen[r] + 1
                        nxt.append(n)
            frontier = nxt
        return seen

    def add_rooms(self, slots: tuple[RoomSlot, ...], corridors: tuple[Corridor, ...]
                  ) -> None:
        """Put a map's room spaces and corridors into the graph (exits sorted by number)."""
        for slot in slots:
            self.exits[slot.id] = []
            self.section[slot.id] = slot.section
            self.kind[slot.id] = slot.kind
            if slot.room is not None:
                self.special[slot.id] = slot.room
        for cor in corridors:
            self.exits[cor.a].append(Exit(cor.id, cor.a_number, cor.b))
            if cor.b == "tech":
                self.technical.add(cor.id)
            if cor.b != "tech" and cor.b_number is not None:
                self.exits[cor.b].append(Exit(cor.id, cor.b_number, cor.a))
        self.sort_exits()

    def sort_exits(self) -> None:
        for exits in self.exits.values():
            exits.sort(key=lambda e: e.number)
