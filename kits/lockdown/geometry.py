"""Where the Lockdown map's rooms, corridors and corridor numbers go (pure geometry).

The board content lays the facility out as three vertical wings. On a phone the map
must be as wide as possible, so it is drawn turned a quarter: each wing becomes two
rows of rooms (its two columns), the wings stacked top to bottom; a room's place
along its row comes from its height on the board (each wing spread over the same
width). A staircase gets a band of its own between the two wings it joins, pushed
just past the end of the rows so its corridors pass clear of the rooms.

Corridors are straight lines between box edges; each end carries the number the room
knows the corridor by (a small plate on the line, next to the room). Technical
corridor entrances are short stubs ending in a vent marker, pointing where it is
clearest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from renders.board_geometry import (
    VENT_R,
    Box,
    Point,
    box_dist,
    centre,
    corridor_segments,
    free_span,
    seg_dist,
)
from renders.board_geometry import along as _along
from renders.board_geometry import stub as _stub

W = 1100
MAP_X0, MAP_X1 = 8, W - 8   # the map panel's sides
MAP_Y0 = 68                 # the map panel's top (below the header)
ROOM_H = 88
STAIRS_W = 116
GAP_H = 60                  # between rooms of a row
GAP_V = 58                  # between a wing's two rows
BAND_GAP = 46               # above and below a staircase
PAD_Y = 34                  # above the first row and below the last (vent stubs)
STAIRS_COL = 0.3            # how far past the rows' ends a staircase sits (in columns)
COLS = 8                    # a wing spans columns 0..8 (nine rooms, two rows)
_EDGE = 16                  # the map's inner margin
COL_W = (MAP_X1 - MAP_X0 - 2 * _EDGE - STAIRS_W) / (COLS + 2 * STAIRS_COL)
ROOM_W = round(2 * COL_W - GAP_H)
X_LEFT = MAP_X0 + _EDGE + STAIRS_W / 2 + STAIRS_COL * COL_W  # column 0's centre
LEGEND_MARGIN = 12          # between the legend and any corridor, plate or room
PLATE_OFF = 11              # corridor number plate: its centre's distance from the box


@dataclass(frozen=True, eq=False)  # hashed by identity (one per layout, cached)
class Geometry:
    boxes: dict[str, Box]                    # slot -> room box
    sections: dict[str, int | None]
    segments: dict[str, tuple[Point, Point]]  # corridor id -> visible part of the line
    stubs: dict[str, tuple[Point, Point]]     # technical corridor id -> (start, vent centre)
    plates: tuple[tuple[Point, int], ...]     # corridor number plates: centre, number
    legend: Box | None                        # free space in the first staircase band
    height: int                               # the map panel's height
    key: tuple[object, ...]
    surface: object = None                    # the Mars side's extra shapes (Surface)


Room = tuple[str, int | None, int, int]        # slot, section, x, y
Corridor = tuple[str, str, str, int, int | None]  # id, a, b, a number, b number
BasicKey = tuple[tuple[Room, ...], tuple[Corridor, ...]]  # the basic side's layout key


@lru_cache(maxsize=4)
def basic_geometry(key: BasicKey) -> Geometry:
    rooms, corridors = key
    centres, bands, bottom = _place(rooms)
    sections = {slot: sec for slot, sec, _, _ in rooms}
    boxes: dict[str, Box] = {}
    for slot, (cx, cy) in centres.items():
        hw = (STAIRS_W if sections[slot] is None else ROOM_W) / 2
        boxes[slot] = (cx - hw, cy - ROOM_H / 2, cx + hw, cy + ROOM_H / 2)
    segments, plates, tech = corridor_segments(corridors, boxes, PLATE_OFF)
    # the legend: the widest part of the first staircase band no corridor crosses
    legend = (free_span((MAP_X0 + _EDGE, bands[0][1] + 10, MAP_X1 - _EDGE, bands[0][3] - 10),
                        segments.values(), [p for p, _ in plates], boxes.values(),
                        LEGEND_MARGIN) if bands else None)
    stubs: dict[str, tuple[Point, Point]] = {}
    inner = (MAP_X0 + 6, MAP_Y0 + 6, MAP_X1 - 6, MAP_Y0 + bottom - 6)
    for cid, a, an in tech:
        stubs[cid] = _stub(boxes[a], boxes, list(segments.values()), list(stubs.values()),
                           [legend] if legend else [], inner)
        start, end = stubs[cid]
        plates.append((_along(start, end, PLATE_OFF), an))
    return Geometry(boxes, sections, segments, stubs, tuple(plates), legend, round(bottom),
                    key)


def _place(rooms: Sequence[Room]) -> tuple[dict[str, Point], list[Box], float]:
    """Room centres (the wings turned into rows), the staircase bands, the map height."""
    rows = sorted({x for _, sec, x, _ in rooms if sec is not None})
    wing_ys: dict[int, list[int]] = {}
    for _, sec, _, y in rooms:
        if sec is not None:
            wing_ys.setdefault(sec, []).append(y)
    all_ys = [y for _, sec, _, y in rooms if sec is not None] or [0]
    lo, hi = min(all_ys), max(all_ys)
    stairs = [(slot, x, y) for slot, sec, x, y in rooms if sec is None]
    row_y: dict[int, float] = {}
    stairs_y: dict[str, float] = {}
    bands: list[Box] = []
    y = MAP_Y0 + PAD_Y
    for i, rx in enumerate(rows):
        row_y[rx] = y + ROOM_H / 2
        y += ROOM_H
        if i == len(rows) - 1:
            break
        between = [s for s in stairs if rx < s[1] < rows[i + 1]]
        if between:
            bands.append((MAP_X0, y, MAP_X1, y + 2 * BAND_GAP + ROOM_H))
            for slot, _, _ in between:
                stairs_y[slot] = y + BAND_GAP + ROOM_H / 2
            y += 2 * BAND_GAP + ROOM_H
        else:
            y += GAP_V
    centres: dict[str, Point] = {}
    for slot, sec, x, ry in rooms:
        if sec is None:
            t = (ry - lo) / max(1, hi - lo)
            col = -STAIRS_COL if t < 0.5 else COLS + STAIRS_COL
            cy = stairs_y.get(slot, row_y.get(x, MAP_Y0 + PAD_Y))
        else:
            ys = wing_ys[sec]
            col = COLS * (ry - min(ys)) / max(1, max(ys) - min(ys))
            cy = row_y[x]
        centres[slot] = (X_LEFT + col * COL_W, cy)
    return centres, bands, y + PAD_Y - MAP_Y0


__all__ = [
    "COL_W",
    "GAP_H",
    "MAP_X0",
    "MAP_X1",
    "MAP_Y0",
    "PLATE_OFF",
    "ROOM_H",
    "ROOM_W",
    "STAIRS_W",
    "VENT_R",
    "Geometry",
    "W",
    "basic_geometry",
    "box_dist",
    "centre",
    "seg_dist",
]
