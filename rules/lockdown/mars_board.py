"""The Mars surface side of the Lockdown board (LD-MARS-1): buildings, crossroads,
paths, areas and the bunker, validated like the basic map.

The file `content/board_mars.toml` keeps the basic map's shape (`slots` and numbered
`corridors` for the rooms inside buildings) and adds the surface. Layout and choices:
rules/lockdown/README.md, "Mars surface side".
"""

from __future__ import annotations

import tomllib
from collections import deque
from functools import lru_cache
from pathlib import Path
from typing import Literal, get_args

from pydantic import Field

from rules.lockdown.cards import _M, CONTENT_DIR, BoardMap, Content
from rules.nemesis.board import Section
from rules.nemesis.effects import Effect

MARS_FILE = "board_mars.toml"
BUNKER = "bunker"


class Building(_M):
    """A cluster of rooms: one power section, one area around it, reached through its
    exit rooms (the rooms a path joins to a crossroads)."""

    id: str
    name: str
    section: Section
    area: int = Field(ge=1, le=4)
    rooms: tuple[str, ...]
    exits: tuple[str, ...]


class Crossroads(_M):
    """A surface space joined to others by paths; it sees areas 1-4 as its numbers."""

    id: str
    name: str
    x: int = Field(ge=0, le=2000)
    y: int = Field(ge=0, le=1200)


class Area(_M):
    """Numbered surface space that works like a technical corridor: around one building
    (or none: area 3). Noise rolled on a crossroads lands on the area of that number."""

    number: int = Field(ge=1, le=4)
    building: str | None = None
    x: int = Field(ge=0, le=2000)
    y: int = Field(ge=0, le=1200)


class SurfacePath(_M):
    """A way across the surface: crossroads to crossroads, exit room to crossroads, or
    crossroads to the bunker. Paths are not numbered, have no doors and take no noise."""

    id: str
    a: str
    b: str


class Bunker(_M):
    id: str = BUNKER
    name: str
    x: int = Field(ge=0, le=2000)
    y: int = Field(ge=0, le=1200)


class MarsBoard(BoardMap):
    """The basic map's fields (rooms inside buildings) plus the surface."""

    rover_start: str
    buildings: tuple[Building, ...]
    crossroads: tuple[Crossroads, ...]
    areas: tuple[Area, ...]
    paths: tuple[SurfacePath, ...]
    bunker: Bunker


def read_mars(directory: Path = CONTENT_DIR) -> MarsBoard:
    with (directory / MARS_FILE).open("rb") as fh:
        parsed = tomllib.load(fh)
    return MarsBoard.model_validate(parsed["board"])


@lru_cache(maxsize=1)
def mars_map() -> MarsBoard:
    return read_mars()


def crossroads_name(slot: str) -> str:
    return next((x.name for x in mars_map().crossroads if x.id == slot), slot)


def building_of(m: MarsBoard) -> dict[str, Building]:
    """Room slot id -> its building."""
    return {room: b for b in m.buildings for room in b.rooms}


def check_mars(m: MarsBoard, c: Content) -> list[str]:
    """Problems with the Mars map (empty when it hangs together with the content)."""
    problems: list[str] = []
    slots = {s.id: s for s in m.slots}
    crossroads = {x.id for x in m.crossroads}
    tiles = {r.id: r for r in c.rooms}
    owner: dict[str, str] = {}
    for b in m.buildings:
        for room in b.rooms:
            if room not in slots:
                problems.append(f"building {b.id}: unknown room {room}")
            elif slots[room].section != b.section:
                problems.append(f"room {room}: section differs from building {b.id}")
            if room in owner:
                problems.append(f"room {room} in two buildings")
            owner[room] = b.id
        if not b.exits:
            problems.append(f"building {b.id} has no exit room")
        for ex in b.exits:
            if ex not in b.rooms:
                problems.append(f"building {b.id}: exit {ex} is not one of its rooms")
    for sid in slots:
        if sid not in owner:
            problems.append(f"room {sid} belongs to no building")
        if sid in crossroads or sid == m.bunker.id:
            problems.append(f"id {sid} used twice")
    for sid, slot in slots.items():
        if slot.room is not None and slot.room not in tiles:
            problems.append(f"slot {sid}: unknown room {slot.room}")
        if slot.room is not None and tiles.get(slot.room) is not None \
                and tiles[slot.room].action in ("elevator", "staircase"):
            problems.append(f"slot {sid}: the surface side has no elevators or staircases")
    if m.elevator_rooms:
        problems.append("the surface side has no elevators")
    if m.main_gate_slot:
        problems.append("the surface side has no main gate (escape by rover or on foot)")
    for key, want in ((m.isolation_slot, "isolation"), (m.repository_slot, "repository")):
        if key not in slots or slots[key].room != want:
            problems.append(f"{key} is not the {want} slot")
    # numbered corridors stay inside one building; every room sees 1-4 once each
    numbers: dict[str, list[int]] = {sid: [] for sid in slots}
    for cor in m.corridors:
        for end, num in ((cor.a, cor.a_number), (cor.b, cor.b_number)):
            if end == "tech":
                continue
            if end not in slots:
                problems.append(f"corridor {cor.id}: unknown room {end}")
            elif num is not None:
                numbers[end].append(num)
        if cor.b != "tech" and owner.get(cor.a) != owner.get(cor.b):
            problems.append(f"corridor {cor.id} joins two buildings (use a path)")
    for sid, nums in numbers.items():
        if sorted(nums) != [1, 2, 3, 4]:
            problems.append(f"room {sid}: corridor numbers {sorted(nums)}, need 1-4 once each")
    # areas 1-4, each around at most one building; the building's area matches
    if sorted(a.number for a in m.areas) != [1, 2, 3, 4]:
        problems.append("areas must be numbered 1, 2, 3 and 4 once each")
    buildings = {b.id: b for b in m.buildings}
    for a in m.areas:
        if a.building is None:
            continue
        if a.building not in buildings:
            problems.append(f"area {a.number}: unknown building {a.building}")
        elif buildings[a.building].area != a.number:
            problems.append(f"area {a.number}: building {a.building} names another area")
    if not any(a.building is None for a in m.areas):
        problems.append("one area has no building")
    # paths: exit room - crossroads, crossroads - crossroads, crossroads - bunker
    exits = {ex for b in m.buildings for ex in b.exits}
    adj: dict[str, set[str]] = {x: set() for x in crossroads}
    adj[m.bunker.id] = set()
    for ex in exits:
        adj[ex] = set()
    seen_pairs: set[frozenset[str]] = set()
    for p in m.paths:
        ends = {p.a, p.b}
        if len(ends) != 2 or frozenset(ends) in seen_pairs:
            problems.append(f"path {p.id}: a loop or a second path between the same places")
        seen_pairs.add(frozenset(ends))
        if not ends & crossroads:
            problems.append(f"path {p.id}: one end must be a crossroads")
        for end in ends:
            if end not in adj:
                problems.append(f"path {p.id}: {end} is not an exit room, crossroads or bunker")
        if ends <= set(adj):
            adj[p.a].add(p.b)
            adj[p.b].add(p.a)
    for ex in exits:
        if not adj.get(ex):
            problems.append(f"exit room {ex} has no path")
    if not adj[m.bunker.id]:
        problems.append("no crossroads leads to the bunker")
    start = next(iter(sorted(crossroads)), None)
    if start is not None:
        reach = {start}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nxt in adj[here]:
                if nxt not in reach:
                    reach.add(nxt)
                    todo.append(nxt)
        missing = sorted(set(adj) - reach)
        if missing:
            problems.append(f"the surface does not reach {', '.join(missing)}")
    if m.rover_start not in exits:
        problems.append("the rover starts in an exit room")
    levels = {lvl: sum(1 for s in m.slots if s.kind == lvl) for lvl in ("I", "II")}
    for level, need in levels.items():
        have = sum(r.copies for r in c.rooms if r.level == level)
        if have < need:
            problems.append(f"{have} room tiles {level} for {need} slots")
    return problems


# ------------------------------------------------------------------ surface content
MARS_CONTENT_FILE = "mars.toml"
SurfaceFace = Literal["1", "2", "3", "4", "silence", "danger", "card"]


class SurfaceToken(_M):
    """A surface exploration token: first `draw` (an item of that colour, a Mars surface
    card, a malfunction, or nothing), then a noise roll or a noise marker (`then`).
    `items` is the room's item counter (building rooms; crossroads are never searched)."""

    draw: Literal["red", "yellow", "green", "card", "malfunction", "none"]
    then: Literal["roll", "marker"] = "roll"
    items: int = Field(ge=0, le=4)
    count: int = Field(1, ge=1, le=6)


class SurfaceCard(_M):
    """A Mars surface card. `upper` hits characters out in the open (on a crossroads
    without an Enviro-Suit): the one who drew it (`exposed = "drawer"`) or every such
    character (`"surface"`); `lower` is what the drawer suffers when sheltered (in a
    building or wearing an Enviro-Suit)."""

    id: str
    name: str
    exposed: Literal["drawer", "surface"] = "drawer"
    upper: tuple[Effect, ...] = ()
    lower: tuple[Effect, ...] = ()
    upper_text: str
    lower_text: str


class MarsContent(_M):
    die: tuple[SurfaceFace, ...]
    tokens: tuple[SurfaceToken, ...]
    cards: tuple[SurfaceCard, ...]


def read_mars_content(directory: Path = CONTENT_DIR) -> MarsContent:
    with (directory / MARS_CONTENT_FILE).open("rb") as fh:
        return MarsContent.model_validate(tomllib.load(fh))


@lru_cache(maxsize=1)
def mars_content() -> MarsContent:
    return read_mars_content()


def check_mars_content(mc: MarsContent, m: MarsBoard) -> list[str]:
    problems: list[str] = []
    faces = set(mc.die)
    if faces != set(get_args(SurfaceFace)):
        problems.append("the surface die needs every face: 1-4, silence, danger, card")
    places = sum(1 for s in m.slots if s.kind != "special") + len(m.crossroads)
    if sum(t.count for t in mc.tokens) < places:
        problems.append("too few surface exploration tokens for the rooms and crossroads")
    ids = [card.id for card in mc.cards]
    if len(ids) != len(set(ids)):
        problems.append("duplicate surface card ids")
    for card in mc.cards:
        if not card.upper:
            problems.append(f"surface card {card.id}: the exposed part does nothing")
    return problems
