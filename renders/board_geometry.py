"""Plane geometry the board layouts share: boxes, where a line leaves a box, clipping a
corridor between two boxes and numbering its ends, distances, and a technical
entrance's stub pointing where it is clearest."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Box = tuple[float, float, float, float]
Point = tuple[float, float]
STUB_LEN = 44               # vent stub: line from the box edge to the marker's edge
VENT_R = 13                 # a vent marker's radius


def along(a: Point, b: Point, d: float) -> Point:
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    return a[0] + (b[0] - a[0]) * d / length, a[1] + (b[1] - a[1]) * d / length


def centre(b: Box) -> Point:
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)


def exit_t(b: Box, dx: float, dy: float) -> float:
    """Fraction of (dx, dy) at which a ray from the box centre leaves the box."""
    hw, hh = (b[2] - b[0]) / 2, (b[3] - b[1]) / 2
    tx = hw / abs(dx) if dx else math.inf
    ty = hh / abs(dy) if dy else math.inf
    return min(tx, ty)


def clip(a: Box, b: Box) -> tuple[Point, Point] | None:
    (ax, ay), (bx, by) = centre(a), centre(b)
    dx, dy = bx - ax, by - ay
    t0 = exit_t(a, dx, dy)
    t1 = 1 - exit_t(b, -dx, -dy)
    if t1 <= t0:
        return None
    return (ax + dx * t0, ay + dy * t0), (ax + dx * t1, ay + dy * t1)


def seg_dist(p: Point, a: Point, b: Point) -> float:
    vx, vy = b[0] - a[0], b[1] - a[1]
    n = vx * vx + vy * vy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / n))
    return math.hypot(p[0] - a[0] - vx * t, p[1] - a[1] - vy * t)


def box_dist(p: Point, b: Box) -> float:
    dx = max(b[0] - p[0], 0.0, p[0] - b[2])
    dy = max(b[1] - p[1], 0.0, p[1] - b[3])
    return math.hypot(dx, dy)


Segments = dict[str, tuple[Point, Point]]
Plates = list[tuple[Point, int]]


def corridor_segments(corridors: Iterable[Sequence[Any]], boxes: Mapping[str, Box],
                      plate_off: float) -> tuple[Segments, Plates, list[tuple[str, str, int]]]:
    """The corridors `(id, a, b, a's number, b's number)` between two placed rooms as
    lines clipped to their boxes, their number plates `plate_off` from each end, and the
    technical entrances `(id, room, number)` left for the board to place."""
    segments: Segments = {}
    plates: Plates = []
    tech: list[tuple[str, str, int]] = []
    for cid, a, b, an, bn in corridors:
        if b == "tech" or b not in boxes:
            if a in boxes:
                tech.append((cid, a, an))
            continue
        seg = clip(boxes[a], boxes[b]) if a in boxes else None
        if seg is None:
            continue
        segments[cid] = seg
        plates.append((along(seg[0], seg[1], plate_off), an))
        if bn is not None:
            plates.append((along(seg[1], seg[0], plate_off), bn))
    return segments, plates, tech


def free_span(area: Box, segments: Iterable[tuple[Point, Point]], plates: Iterable[Point],
              boxes: Iterable[Box], margin: float, plate_r: tuple[float, float] = (9, 11)
              ) -> Box:
    """The widest part of `area`, at its full height, that no corridor line, number plate
    (half width and height `plate_r`) or box comes within `margin` of (where a legend
    can go without anything drawn across it). Only what reaches into the area's height
    counts: the area keeps its own distance from what lies above and below it."""
    x0, y0, x1, y1 = area
    lo, hi = y0, y1
    blocked: list[tuple[float, float]] = []
    for (ax, ay), (bx, by) in segments:
        if max(ay, by) < lo or min(ay, by) > hi:
            continue
        if ay == by:
            xs = [ax, bx]
        else:
            ts = [min(1.0, max(0.0, (y - ay) / (by - ay))) for y in (lo, hi)]
            xs = [ax + (bx - ax) * t for t in ts]
        blocked.append((min(xs) - margin, max(xs) + margin))
    pw, ph = plate_r
    for px, py in plates:
        if py + ph > lo and py - ph < hi:
            blocked.append((px - pw - margin, px + pw + margin))
    for bx0, by0, bx1, by1 in boxes:
        if by1 > lo and by0 < hi:
            blocked.append((bx0 - margin, bx1 + margin))
    best, start = (x0, x0), x0
    for b0, b1 in [*sorted(blocked), (x1, x1)]:
        end = min(b0, x1)
        if end - start > best[1] - best[0]:
            best = (start, end)
        start = max(start, b1)
    return (best[0], y0, best[1], y1)


def stub(box: Box, boxes: Mapping[str, Box], segments: Sequence[tuple[Point, Point]],
          stubs: Sequence[tuple[Point, Point]], obstacles: Sequence[Box], inner: Box,
          length: float = STUB_LEN, outside: Box | None = None) -> tuple[Point, Point]:
    """A short line from the room's edge to a vent marker, pointing where it is clearest
    of other rooms, corridors, stubs and the given obstacles (the legend); with
    `outside`, the marker must lie clear of that box (the Mars side's building wall)."""
    cx, cy = centre(box)
    best: tuple[float, tuple[Point, Point]] | None = None
    for step in range(48):
        ang = step * math.pi / 24
        ux, uy = math.cos(ang), math.sin(ang)
        t = exit_t(box, ux, uy)
        start = (cx + ux * t, cy + uy * t)
        end = (start[0] + ux * (length + VENT_R), start[1] + uy * (length + VENT_R))
        mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        probe = (mid, end)
        clear = min(end[0] - inner[0], inner[2] - end[0], end[1] - inner[1],
                    inner[3] - end[1]) - VENT_R
        for other in boxes.values():
            if other != box:
                clear = min(clear, *(box_dist(p, other) - VENT_R for p in probe))
        for ob in obstacles:
            clear = min(clear, *(box_dist(p, ob) - VENT_R for p in probe))
        if outside is not None and box_dist(end, outside) < VENT_R:
            clear -= 1000  # only if no other way is left
        for a, b in segments:
            clear = min(clear, *(seg_dist(p, a, b) - VENT_R for p in probe))
        for s0, s1 in stubs:
            clear = min(clear, seg_dist(end, s0, s1) - 2 * VENT_R, seg_dist(mid, s0, s1))
        # keep clear of the plates of the room's other corridors (they sit on its edge)
        score = min(clear, 30.0) + 4 * abs(uy) - 0.2 * abs(ux)
        if best is None or score > best[0]:
            best = (score, (start, end))
    assert best is not None
    return best[1]

