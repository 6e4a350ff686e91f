"""Where the original Nemesis ship's rooms, corridors and corridor numbers go (pure
geometry).

The ship's content (rules/nemesis_original/content/board.toml) lays the rooms out as a
grid: columns from the engines to the cockpit, three decks. A phone shows a tall
picture best, so the map is drawn turned a quarter: each deck becomes a column of
rooms, the engines at the top and the cockpit at the bottom. Every corridor joins two
neighbouring rooms of that grid, so it is a short straight line between two box edges;
each end carries the number the room knows the corridor by. Technical corridor entrances
are short stubs ending in a vent, pointing where it is clearest (renders.board_geometry).
The legend has a band of its own under the rooms.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from renders.board_geometry import Box, Point, along, corridor_segments, stub

W = 1100
MAP_X0, MAP_X1 = 8, W - 8   # the map panel's sides
MAP_Y0 = 68                 # the map panel's top (below the header)
EDGE_X = 74                 # between the panel's side and the outer columns (vents)
GAP_X = 92                  # between two columns (decks)
ROOM_H = 90
GAP_Y = 60                  # between two rows
PAD_Y = 30                  # above the first row and below the last
LEGEND_H = 104              # the legend's band under the rooms
PLATE_OFF = 11              # corridor number plate: its centre's distance from the box


@dataclass(frozen=True, eq=False)  # hashed by identity (one per layout, cached)
class Geometry:
    boxes: dict[str, Box]                     # slot -> room box
    segments: dict[str, tuple[Point, Point]]  # corridor id -> visible part of the line
    stubs: dict[str, tuple[Point, Point]]     # technical corridor id -> (start, vent centre)
    plates: tuple[tuple[Point, int], ...]     # corridor number plates: centre, number
    legend: Box                               # the legend's band
    height: int                               # the map panel's height
    key: tuple[object, ...]


Room = tuple[str, int, int]                        # slot, x, y (board coordinates)
Corridor = tuple[str, str, str, int, int | None]   # id, a, b, a number, b number
LayoutKey = tuple[tuple[Room, ...], tuple[Corridor, ...]]


@lru_cache(maxsize=4)
def geometry(key: LayoutKey) -> Geometry:
    rooms, corridors = key
    xs = sorted({x for _, x, _ in rooms})   # board columns: the map's rows
    ys = sorted({y for _, _, y in rooms})   # board decks: the map's columns
    cols = max(1, len(ys))
    room_w = (MAP_X1 - MAP_X0 - 2 * EDGE_X - (cols - 1) * GAP_X) / cols
    boxes: dict[str, Box] = {}
    for slot, x, y in rooms:
        left = MAP_X0 + EDGE_X + ys.index(y) * (room_w + GAP_X)
        top = MAP_Y0 + PAD_Y + xs.index(x) * (ROOM_H + GAP_Y)
        boxes[slot] = (left, top, left + room_w, top + ROOM_H)
    rooms_bottom = MAP_Y0 + PAD_Y + len(xs) * (ROOM_H + GAP_Y) - GAP_Y + PAD_Y
    legend = (MAP_X0 + 18, rooms_bottom, MAP_X1 - 18, rooms_bottom + LEGEND_H)
    segments, plates, tech = corridor_segments(corridors, boxes, PLATE_OFF)
    stubs: dict[str, tuple[Point, Point]] = {}
    inner = (MAP_X0 + 6, MAP_Y0 + 6, MAP_X1 - 6, rooms_bottom - 2)
    for cid, a, an in tech:
        stubs[cid] = stub(boxes[a], boxes, list(segments.values()), list(stubs.values()),
                          [], inner)
        start, end = stubs[cid]
        plates.append((along(start, end, PLATE_OFF), an))
    return Geometry(boxes, segments, stubs, tuple(plates), legend,
                    round(legend[3] + 8 - MAP_Y0), key)


__all__ = ["MAP_X0", "MAP_X1", "MAP_Y0", "PLATE_OFF", "ROOM_H", "Geometry", "W", "geometry"]
