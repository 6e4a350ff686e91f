"""The facility map as a graph: corridors by number, neighbours, sections, power."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from rules.lockdown.cards import BoardMap, content


@dataclass(frozen=True)
class Exit:
    corridor: str
    number: int
    to: str  # a room slot id, or "tech"


@dataclass
class BoardIndex:
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
        return [room for room, exits in self.exits.items()
                if any(ex.to == "tech" for ex in exits)]

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


def build_index(board: BoardMap) -> BoardIndex:
    idx = BoardIndex()
    for slot in board.slots:
        idx.exits[slot.id] = []
        idx.section[slot.id] = slot.section
        idx.kind[slot.id] = slot.kind
        if slot.room is not None:
            idx.special[slot.id] = slot.room
    for cor in board.corridors:
        idx.exits[cor.a].append(Exit(cor.id, cor.a_number, cor.b))
        if cor.b == "tech":
            idx.technical.add(cor.id)
        if cor.b != "tech" and cor.b_number is not None:
            idx.exits[cor.b].append(Exit(cor.id, cor.b_number, cor.a))
    for exits in idx.exits.values():
        exits.sort(key=lambda e: e.number)
    return idx


@lru_cache(maxsize=1)
def board() -> BoardIndex:
    return build_index(content().board)


def slot_code(slot: str) -> str:
    """How players name a room space before its tile is known: "2-3" for the third
    space of section 2 (drawn in the empty box on the board); other spaces keep their id."""
    head, _, number = slot.partition("_")
    if len(head) == 2 and head[0] == "s" and head[1].isdigit() and number.isdigit():
        return f"{head[1]}-{number}"
    return slot


def staircase_name(slot: str) -> str:
    """"Stairs A" for the staircase space "stairs_a" (as the board labels it)."""
    tail = slot.rsplit("_", 1)[-1]
    return f"Stairs {tail.upper()}" if len(tail) <= 2 else "Stairs"
