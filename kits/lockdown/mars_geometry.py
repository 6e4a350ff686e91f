"""Where the Lockdown Mars surface side goes (pure geometry), on the same 1100 px map
panel as the basic side.

The Mars map (1600 x 1000, three buildings side by side, the surface below them) is
turned a quarter clockwise: the buildings are stacked top to bottom, each a block of
two rows of rooms (a building's columns), and the surface is a strip on the left
(south becomes west). A room's column comes from its height on the map (the same
grid for every building, so a building with fewer rows starts further right).

* building: a wall drawn close around its rooms; its numbered area is the band of
  ground around it (labelled "AREA n"), where the room exits no corridor uses end
  (short stubs with a marker, like the basic side's vents);
* an area without a building gets a labelled patch in the gap nearest its place, long
  enough for a note saying what it is;
* crossroads: boxes in the surface strip, at the height of their place on the map
  (pushed apart when they would touch);
* the bunker: a box below everything, under the strip, the legend beside it;
* paths: straight lines between box edges, or, when a line would cross another box,
  routed along a lane at the strip's outer edge. An exit room gets an airlock tab
  where its path leaves it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from kits.lockdown.geometry import (
    MAP_X0,
    MAP_X1,
    MAP_Y0,
    PLATE_OFF,
    ROOM_H,
    ROOM_W,
    Box,
    Corridor,
    Geometry,
    Point,
    Room,
    _along,
    _stub,
    box_dist,
    centre,
    seg_dist,
)
from renders.board_geometry import clip as _clip
from renders.board_geometry import corridor_segments

XR_W = 136              # a crossroads box
LANE_X = MAP_X0 + 20    # the detour lane at the strip's outer edge
STRIP_X0 = MAP_X0 + 32  # the crossroads column's left side
AREA_X0 = STRIP_X0 + XR_W + 20
AREA_X1 = MAP_X1 - 16
AREA_PAD_X = 30         # from the area's side to the first room
AREA_PAD_Y = 72         # below the last row (the exit stubs)
AREA_TOP = 98           # above the first row: the area's label, then the exit stubs
WALL = 12               # from the building wall to its rooms
ROW_GAP = 58            # between a building's two rows
AREA_GAP = 56           # between two areas (room for an area without a building)
XR_GAP = 22             # at least this between two crossroads
TOP = MAP_Y0 + 18
BUNKER_W, BUNKER_H = 236, ROOM_H
BAND_GAP = 26           # above the bunker band
LEGEND_LINES = 6
LEGEND_LINE = 30
MARS_STUB = 28          # exit stub length (to the marker's edge)
AREA_CHIP_H = 30
LONE_NOTE_W = 420       # an area without a building: the note after its label
COLS = 4
COL_GAP = (AREA_X1 - AREA_X0 - 2 * AREA_PAD_X - COLS * ROOM_W) / (COLS - 1)

Building = tuple[str, str, int, tuple[str, ...]]  # id, name, area, room slots
Area = tuple[int, str | None, int, int]            # number, building, x, y
Path = tuple[str, str, str]                        # id, a, b


@dataclass(frozen=True, eq=False)
class Surface:
    """The surface side's extra shapes (the rooms, crossroads and bunker boxes are in
    Geometry.boxes)."""

    walls: dict[str, Box]                   # building id -> its wall
    areas: dict[int, Box]                   # area number -> its ground (or patch)
    labels: dict[int, tuple[Point, str]]    # area number -> label's left middle, title
    stub_area: dict[str, int]               # exit stub (corridor id) -> its area
    paths: dict[str, tuple[Point, ...]]     # path id -> polyline
    airlocks: tuple[tuple[Point, Point], ...]  # exit tab: centre, outward unit vector
    crossroads: frozenset[str]
    bunker: str                             # the bunker's id in Geometry.boxes
    colours: dict[str, int | None]          # building id -> section


def col_x(col: float) -> float:
    return AREA_X0 + AREA_PAD_X + ROOM_W / 2 + col * (ROOM_W + COL_GAP)


def _interp(v: float, anchors: Sequence[tuple[float, float]]) -> float:
    """Piecewise linear through (map coordinate, px) anchors, extended at both ends."""
    keys = [a for a, _ in anchors]
    i = min(max(bisect_left(keys, v), 1), len(anchors) - 1)
    (a0, p0), (a1, p1) = anchors[i - 1], anchors[i]
    return p0 + (p1 - p0) * (v - a0) / ((a1 - a0) or 1)


# The Mars side's layout key: the basic side's parts and the surface's
Crossroads = tuple[str, int, int]                  # slot, x, y
SurfaceKey = tuple[tuple[Crossroads, ...], tuple[Building, ...], tuple[Area, ...],
                   tuple[Path, ...], tuple[str, int, int]]  # ..., the bunker: id, x, y
MarsKey = tuple[tuple[Room, ...], tuple[Corridor, ...], SurfaceKey]


@lru_cache(maxsize=2)
def mars_geometry(key: MarsKey) -> Geometry:
    rooms, corridors, surface = key
    crossroads, buildings, areas, paths, bunker = surface
    pos = {slot: (x, y) for slot, _sec, x, y in rooms}
    sections = {slot: sec for slot, sec, _, _ in rooms}
    # columns: the rooms' map heights, bottom (south) first
    heights = sorted({pos[s][1] for b in buildings for s in b[3]}, reverse=True)
    column = {h: i for i, h in enumerate(heights[:COLS])}
    boxes: dict[str, Box] = {}
    walls: dict[str, Box] = {}
    ground: dict[int, Box] = {}
    labels: dict[int, tuple[Point, str]] = {}
    anchors: list[tuple[float, float]] = []
    y = TOP
    order = sorted(buildings, key=lambda b: min(pos[s][0] for s in b[3]))
    for bid, name, area, slots in order:
        xs = sorted({pos[s][0] for s in slots})
        row_y = {x: y + AREA_TOP + ROOM_H / 2 + i * (ROOM_H + ROW_GAP)
                 for i, x in enumerate(xs)}
        cols = [column.get(pos[s][1], COLS - 1) for s in slots]
        for slot, col in zip(slots, cols, strict=True):
            cx, cy = col_x(col), row_y[pos[slot][0]]
            boxes[slot] = (cx - ROOM_W / 2, cy - ROOM_H / 2, cx + ROOM_W / 2, cy + ROOM_H / 2)
        anchors += [(float(x), ry) for x, ry in row_y.items()]
        bottom = y + AREA_TOP + AREA_PAD_Y + len(xs) * ROOM_H + (len(xs) - 1) * ROW_GAP
        left = col_x(min(cols)) - ROOM_W / 2
        right = col_x(max(cols)) + ROOM_W / 2
        walls[bid] = (left - WALL, y + AREA_TOP - WALL, right + WALL,
                      bottom - AREA_PAD_Y + WALL)
        ground[area] = (left - AREA_PAD_X, y, right + AREA_PAD_X, bottom)
        labels[area] = ((left - AREA_PAD_X + 12, y + AREA_CHIP_H / 2 + 6), name)
        y = bottom + AREA_GAP
    anchors.sort()
    # an area without a building: a patch in the gap between the areas around it
    gaps = [(ground[a][3], ground[b][1]) for a, b in zip(
        [b[2] for b in order], [b[2] for b in order][1:], strict=False)]
    for number, building, ax, ay in areas:
        if building is not None or number in ground or not gaps:
            continue
        want = _interp(ax, anchors)
        g0, g1 = min(gaps, key=lambda g: abs((g[0] + g[1]) / 2 - want))
        cx = _interp(-ay, sorted((-h, col_x(c)) for h, c in column.items()))
        cy = (g0 + g1) / 2
        ground[number] = (cx - 60, cy - AREA_CHIP_H / 2 - 6,
                          min(cx + 150 + LONE_NOTE_W, AREA_X1), cy + AREA_CHIP_H / 2 + 6)
        labels[number] = ((cx - 48, cy), "")
    # crossroads in the strip, at their map place's height, pushed apart downwards
    placed = sorted(((_interp(x, anchors), slot) for slot, x, _y in crossroads))
    last = -1e9
    for cy, slot in placed:
        cy = max(cy, last + ROOM_H + XR_GAP, TOP + ROOM_H / 2)
        boxes[slot] = (STRIP_X0, cy - ROOM_H / 2, STRIP_X0 + XR_W, cy + ROOM_H / 2)
        last = cy
    band = max(max(b[3] for b in ground.values()), last + ROOM_H / 2) + BAND_GAP
    bunker_id = bunker[0]
    boxes[bunker_id] = (STRIP_X0, band, STRIP_X0 + BUNKER_W, band + BUNKER_H)
    legend_h = LEGEND_LINES * LEGEND_LINE
    legend = (STRIP_X0 + BUNKER_W + 28, band - 6, MAP_X1 - 16, band - 6 + legend_h)
    height = max(band + BUNKER_H, legend[3]) + 18 - MAP_Y0
    for slot in boxes:
        sections.setdefault(slot, None)
    # paths, straight or along the lane
    route: dict[str, tuple[Point, ...]] = {}
    airlocks: list[tuple[Point, Point]] = []
    xr = {slot for slot, _x, _y in crossroads}
    for pid, a, b in paths:
        if a not in boxes or b not in boxes:
            continue
        line = _clip(boxes[a], boxes[b])
        between = [bx for s, bx in boxes.items() if s not in (a, b)]
        if line is not None and not any(_crosses(line, o) for o in between):
            pts: tuple[Point, ...] = line
        else:
            pts = _lane(boxes[a], boxes[b])
        route[pid] = pts
        for end, p, q in ((a, pts[0], pts[1]), (b, pts[-1], pts[-2])):
            if end not in xr and end != bunker_id:
                d = _along(p, q, 1.0)
                airlocks.append((p, (d[0] - p[0], d[1] - p[1])))
    # numbered corridors inside the buildings, then the exits to the areas
    segments, plates, tech = corridor_segments(corridors, boxes, PLATE_OFF)
    area_of = {s: area for _bid, _n, area, slots in buildings for s in slots}
    wall_of = {s: bid for bid, _n, _a, slots in buildings for s in slots}
    label_boxes = [_label_box(labels[n]) for n in labels]
    stubs: dict[str, tuple[Point, Point]] = {}
    stub_area: dict[str, int] = {}
    lines = [*segments.values(), *(seg for pts in route.values() for seg in pairwise(pts))]
    for cid, a, an in tech:
        inner = ground[area_of[a]]
        inner = (inner[0] + 4, inner[1] + 4, inner[2] - 4, inner[3] - 4)
        others = {s: bx for s, bx in boxes.items() if wall_of.get(s) == wall_of[a]}
        stubs[cid] = _stub(boxes[a], others, lines, list(stubs.values()), label_boxes,
                           inner, MARS_STUB, walls[wall_of[a]])
        stub_area[cid] = area_of[a]
        start, vent = stubs[cid]
        plates.append((_along(start, vent, PLATE_OFF), an))
    surface_geo = Surface(walls, ground, labels, stub_area, route, tuple(airlocks),
                          frozenset(xr), bunker_id,
                          {bid: sections.get(slots[0]) for bid, _n, _a, slots in buildings})
    return Geometry(boxes, sections, segments, stubs, tuple(plates), legend, round(height),
                    key, surface_geo)


def _label_box(label: tuple[Point, str]) -> Box:
    (x, cy), _title = label
    return (x - 4, cy - AREA_CHIP_H / 2 - 4, x + 330, cy + AREA_CHIP_H / 2 + 4)


def _crosses(line: tuple[Point, Point], box: Box) -> bool:
    """True when the segment passes within a few px of the box."""
    a, b = line
    steps = max(2, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) / 6))
    for i in range(steps + 1):
        t = i / steps
        if box_dist((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), box) < 4:
            return True
    return False


def _lane(a: Box, b: Box) -> tuple[Point, ...]:
    """From a's left side to the lane, along it, and into b's left side."""
    (_, ay), (_, by) = centre(a), centre(b)
    return ((a[0], ay), (LANE_X, ay), (LANE_X, by), (b[0], by))


__all__ = ["LANE_X", "LEGEND_LINE", "LEGEND_LINES", "XR_W", "Surface", "box_dist", "centre",
           "mars_geometry", "seg_dist"]
