"""The Mars surface side of the Lockdown board (drawing; the geometry is in
renders/mars_geometry.py).

The map panel becomes rust-red ground. Each building is a dark walled block of rooms
inside its numbered area (a lighter band of ground, "AREA n" by the building's name);
the room exits no corridor uses end in round area-exit markers in that band, yellow
while the area has noise (a noise marker also sits by the area's label). The area with
no building (area 3) is a patch of its own, its label followed by a note saying so and
that noise rolled on a crossroads lands there. Crossroads are
sand-coloured boxes with cut corners in the strip on the left (never fire nor a
malfunction); paths are dashed sand lines (no numbers, doors or noise); an exit room has
an airlock tab where its path leaves. The bunker sits below the strip, with the
characters who reached it; the rover is a marker in the exit room where it stands (in
the bunker once used).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from kits.lockdown.geometry import Box, Geometry, Point
from kits.lockdown.mars_geometry import Surface, SurfaceKey
from kits.lockdown.palette import NAME_STEP, NAME_TOP, SECTION
from kits.nemesis.board import frame_patch
from kits.nemesis.pieces import MIN_TEXT, NOISE, name_lines
from kits.nemesis.pieces import disc as _disc
from kits.nemesis.pieces import noise as _noise
from renders.common import (
    RGB,
    C,
    chip_width,
    draw_chip,
    draw_text_mid,
    draw_text_squeezed,
    mix,
    text_width,
)
from rules.lockdown.board import slot_code
from rules.lockdown.mars_board import mars_map

if TYPE_CHECKING:
    from kits.nemesis.pieces import LegendIcon, Person
    from rules.lockdown.view import LockdownView

GROUND: RGB = (52, 27, 22)
AREA_GROUND: RGB = (74, 40, 30)
AREA_EDGE: RGB = (140, 84, 58)
SAND: RGB = (226, 166, 104)
XR_FILL: RGB = (118, 64, 40)
XR_DARK: RGB = (70, 38, 28)
BUNKER: RGB = (58, 96, 84)
BUNKER_EDGE: RGB = (120, 210, 170)
AREA_EXIT_R = 11
ROVER_W = 34
CUT = 14  # the crossroads box's cut corners
NOISE_SPOT = 32  # after an area's label: its noise marker's place
LONE_AREA = "no building: noise rolled on a crossroads"


def surface_key(view: LockdownView) -> SurfaceKey:
    """The surface part of the layout key (kits.lockdown.board.layout_key)."""
    assert view.surface is not None
    m = mars_map()
    names = {b.id: (b.name, b.area) for b in m.buildings}
    xr = {x.id for x in m.crossroads}
    sv = view.surface
    return (tuple((r.slot, r.x, r.y) for r in view.rooms if r.slot in xr),
            tuple((bid, *names.get(bid, (bid, 0)), tuple(rooms))
                  for bid, rooms in sv.buildings.items()),
            tuple((a.number, a.building, a.x, a.y) for a in sv.areas),
            tuple((p.id, p.a, p.b) for p in sv.paths),
            (m.bunker.id, *sv.bunker))


def _surface(geo: Geometry) -> Surface:
    assert isinstance(geo.surface, Surface)
    return geo.surface


# ---------------------------------------------------------------------- frame
def draw_surface_frame(img: Image.Image, d: ImageDraw.ImageDraw, geo: Geometry,
                       panel: Box) -> None:
    """The parts of the surface that never change: ground, areas, walls, labels,
    paths, airlocks and the bunker's box."""
    s = _surface(geo)
    x0, y0, x1, y1 = panel
    d.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), radius=9, fill=GROUND)
    for box in s.areas.values():
        d.rounded_rectangle(box, radius=14, fill=AREA_GROUND)
        _dashed_box(d, box, AREA_EDGE)
    for bid, wall in s.walls.items():
        colour = SECTION.get(s.colours.get(bid), SECTION[None])
        d.rounded_rectangle(wall, radius=12, fill=mix(C.PANEL, GROUND, 0.25),
                            outline=mix(colour, AREA_EDGE, 0.35), width=3)
    for number, ((lx, cy), title) in s.labels.items():
        x = lx
        if title:
            x += draw_text_mid(img, x, cy, title.upper(), 22, SAND, bold=True) + 10
        x += draw_chip(img, d, x, cy, f"AREA {number}", SAND, solid=False, h=28)
        if not title:  # no building: say so, and where its noise comes from
            x += NOISE_SPOT
            draw_text_mid(img, x, cy, LONE_AREA, 22, mix(SAND, C.TEXT, 0.3),
                          max_w=int(s.areas[number][2] - 12 - x))
    for pts in s.paths.values():
        _path_line(d, pts)
    for at, out in s.airlocks:
        _airlock(d, at, out)
    bx0, by0, bx1, by1 = geo.boxes[s.bunker]
    d.rounded_rectangle((bx0, by0, bx1, by1), radius=10, fill=mix(GROUND, BUNKER, 0.6),
                        outline=BUNKER_EDGE, width=3)
    _bunker_icon(d, bx0 + 22, by0 + 22)
    draw_text_mid(img, bx0 + 44, by0 + 22, "BUNKER", 22, BUNKER_EDGE, bold=True)


def _dashed(d: ImageDraw.ImageDraw, a: Point, b: Point, fill: RGB, width: int,
            dash: float = 12, gap: float = 8) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(t + dash, length)
        d.line((a[0] + ux * t, a[1] + uy * t, a[0] + ux * e, a[1] + uy * e), fill=fill,
               width=width)
        t = e + gap


def _dashed_box(d: ImageDraw.ImageDraw, box: Box, fill: RGB) -> None:
    x0, y0, x1, y1 = box
    for a, b in (((x0 + 14, y0), (x1 - 14, y0)), ((x0 + 14, y1), (x1 - 14, y1)),
                 ((x0, y0 + 14), (x0, y1 - 14)), ((x1, y0 + 14), (x1, y1 - 14))):
        _dashed(d, a, b, fill, 2)


def _path_line(d: ImageDraw.ImageDraw, pts: Sequence[Point]) -> None:
    for a, b in pairwise(pts):
        d.line((a, b), fill=mix(GROUND, (0, 0, 0), 0.4), width=9)
    for p in pts[1:-1]:
        d.ellipse((p[0] - 4, p[1] - 4, p[0] + 4, p[1] + 4), fill=SAND)
    for a, b in pairwise(pts):
        _dashed(d, a, b, SAND, 5)


def _airlock(d: ImageDraw.ImageDraw, at: Point, out: Point) -> None:
    """A tab on the room's edge where its path leaves."""
    (x, y), (ux, uy) = at, out
    px, py = -uy, ux
    depth, half = 9, 15
    pts = [(x + px * half, y + py * half), (x + px * half + ux * depth, y + py * half
                                            + uy * depth),
           (x - px * half + ux * depth, y - py * half + uy * depth),
           (x - px * half, y - py * half)]
    d.polygon(pts, fill=SAND, outline=C.INK, width=2)


def area_exit(d: ImageDraw.ImageDraw, at: Point, noisy: bool) -> None:
    """Where a room's unused exit leads out to its area (yellow while it has noise)."""
    x, y = at
    r = AREA_EXIT_R
    d.ellipse((x - r, y - r, x + r, y + r), fill=NOISE if noisy else AREA_GROUND,
              outline=C.INK if noisy else SAND, width=3)
    d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=C.INK if noisy else SAND)


def _bunker_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    d.chord((cx - 14, cy - 12, cx + 14, cy + 16), 180, 360, fill=BUNKER_EDGE)
    d.rectangle((cx - 14, cy + 2, cx + 14, cy + 8), fill=BUNKER_EDGE)
    d.rectangle((cx - 4, cy - 4, cx + 4, cy + 8), fill=C.INK)


def rover_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    d.rounded_rectangle((cx - 16, cy - 8, cx + 16, cy + 4), radius=3, fill=SAND,
                        outline=C.INK, width=2)
    d.rectangle((cx - 2, cy - 14, cx + 10, cy - 8), fill=SAND, outline=C.INK, width=2)
    for wx in (cx - 10, cx + 10):
        d.ellipse((wx - 6, cy, wx + 6, cy + 12), fill=C.INK, outline=SAND, width=2)
    d.line((cx - 12, cy - 8, cx - 12, cy - 16), fill=SAND, width=2)


def _crossroads_shape(d: ImageDraw.ImageDraw, box: Box, fill: RGB, edge: RGB) -> None:
    x0, y0, x1, y1 = box
    pts = [(x0 + CUT, y0), (x1 - CUT, y0), (x1, y0 + CUT), (x1, y1 - CUT), (x1 - CUT, y1),
           (x0 + CUT, y1), (x0, y1 - CUT), (x0, y0 + CUT)]
    d.polygon(pts, fill=fill, outline=edge, width=3)


# ------------------------------------------------------------------- crossroads
@lru_cache(maxsize=64)
def crossroads_tile(static_frame: Callable[[Geometry, int], Image.Image], geo: Geometry,
                    players: int, slot: str, label: str, explored: bool) -> Image.Image:
    """A crossroads box with its name, on its patch of the frame (`static_frame`: the
    board's unchanging frame for a geometry and a number of players)."""
    frame = static_frame(geo, players)
    patch, d, w, h = frame_patch(frame, geo.boxes[slot])
    fill = XR_FILL if explored else XR_DARK
    _crossroads_shape(d, (1, 1, w - 1, h - 1), fill, SAND if explored else AREA_EDGE)
    inner = w - 20
    lines, bold = name_lines(label, inner)
    ink = C.TEXT if explored else mix(C.TEXT, fill, 0.3)
    for i, line in enumerate(lines):
        draw_text_squeezed(patch, 10, NAME_TOP + i * NAME_STEP, line, MIN_TEXT, ink, bold,
                           inner)
    return patch


# ------------------------------------------------------------------ the changes
def draw_surface(img: Image.Image, d: ImageDraw.ImageDraw, geo: Geometry, v: LockdownView,
                 people: Mapping[str, Person]) -> None:
    """What changes on the surface: area noise, who reached the bunker, the used rover."""
    s = _surface(geo)
    if v.surface is None:
        return
    for a in v.surface.areas:
        if a.noise and a.number in s.labels:
            (lx, cy), title = s.labels[a.number]
            x = lx + (text_width(title.upper(), 22, True) + 10 if title else 0)
            x += chip_width(f"AREA {a.number}") + NOISE_SPOT / 2
            _noise(d, x, cy)
    bx0, by0, bx1, _ = geo.boxes[s.bunker]
    cy = by0 + 64
    x = bx0 + 24
    if not v.surface.rover:
        rover_icon(d, bx1 - 26, by0 + 22)
    for h in v.heroes:
        if h.place != "bunker":
            continue
        p = people.get(h.seat)
        if x + 15 > bx1 - 8:
            break
        _disc(img, d, x, cy, p.colour if p else C.MUTED, p.number if p else None)
        x += 34


# ----------------------------------------------------------------------- legend
def legend_entries() -> list[tuple[float, LegendIcon, str]]:
    """The surface's symbols, for the legend."""
    def crossroads(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        _crossroads_shape(d, (x, cy - 12, x + 30, cy + 12), XR_FILL, SAND)

    def path(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        _path_line(d, ((x, cy), (x + 34, cy)))

    def exit_room(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        d.rectangle((x + 8, cy - 13, x + 30, cy + 13), fill=mix(C.PANEL, SAND, 0.2),
                    outline=SAND, width=2)
        _airlock(d, (x + 8, cy), (-1.0, 0.0))

    def exit_area(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        area_exit(d, (x + AREA_EXIT_R, cy), False)

    def bunker(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        _bunker_icon(d, x + 14, cy - 2)

    def rover(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        rover_icon(d, x + ROVER_W / 2, cy)

    return [(30, crossroads, "crossroads"), (34, path, "path"),
            (30, exit_room, "exit room (airlock)"),
            (2 * AREA_EXIT_R, exit_area, "way out to the area (yellow: noise)"),
            (28, bunker, "bunker"), (ROVER_W, rover, "rover")]


# ---------------------------------------------------------------------- facility
def site_chips(v: LockdownView) -> list[tuple[str, RGB, bool]]:
    """The facility panel's SITE group on the surface side: the rover and area noise."""
    assert v.surface is not None
    rover = v.surface.rover
    noisy = [str(a.number) for a in v.surface.areas if a.noise]
    return [(f"ROVER {slot_code(rover)}", SAND, False) if rover
            else ("ROVER USED", C.DIM, False),
            (f"NOISE IN AREA {', '.join(noisy)}", (255, 236, 120), True) if noisy
            else ("AREAS QUIET", C.DIM, False)]


__all__ = ["ROVER_W", "area_exit", "crossroads_tile", "draw_surface", "draw_surface_frame",
           "legend_entries", "rover_icon", "site_chips", "surface_key"]
