"""The Nemesis: Lockdown board image, drawn from a public `LockdownView` only.

1400x900 px; text is 18 px or more at full size (Discord's inline preview is about
550 px wide). Layout, top to bottom:

* header: round, first player, who the game waits for;
* the facility map: three wings of rooms (coloured by section, dimmed while the
  section has no power) joined by corridors, with doors, noise, technical corridor
  entrances, room markers, characters (coloured discs) and intruders (red squares);
* the facility strip: the time track (CSS slots, power thresholds, autodestruction,
  alert) and the facility state (power, elevator, gate, rover, nest, laboratory);
* one card per player.

The map geometry (room boxes, clipped corridor lines, technical corridor stubs) is
computed once per board layout; the frame (background, panels, corridors, legends) is
drawn once per layout and copied, and room tiles are cached images pasted per view.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw

from renders.common import (
    RGB,
    C,
    chip_width,
    clean_name,
    draw_chip,
    draw_text,
    draw_text_mid,
    fit_size,
    fit_text,
    mix,
    short_seat,
    text_width,
    vertical_gradient,
)
from renders.png import encode_png
from rules.lockdown.board import slot_code, staircase_name
from rules.lockdown.view import HeroView, LockdownView, RoomView

W, H = 1400, 900
HEADER_H = 48
P_MAP = (8, 56, W - 8, 526)
P_FAC = (8, 534, W - 8, 700)
P_PLAYERS = (8, 708, W - 8, H - 8)
TRACK_X1 = 872  # the time track's right edge inside P_FAC; facility state to its right

ROOM_W, ROOM_H = 150, 58
STAIRS_W = 96
MAP_PAD = 10     # inside the map panel
STUB_PAD = 30    # room for technical corridor stubs along the map's sides
STUB_LEN = 24
STUB_R = 9
GAP_RATIO = 1.45  # spacing between wings / spacing of a wing's two columns
CARD_GAP = 8
CARD_MAX_W = 460
BANNER_H = 260

WHITE: RGB = (255, 255, 255)
SECTION: dict[int | None, RGB] = {1: (52, 112, 200), 2: (34, 150, 132), 3: (128, 84, 200),
                                  None: (96, 104, 124)}
SEARCH: dict[str, RGB] = {"red": (222, 72, 62), "yellow": (240, 202, 62),
                          "green": (88, 204, 112), "white": (232, 234, 240)}
ITEM: dict[str, RGB] = {**SEARCH, "crafted": (70, 210, 255), "character": (176, 140, 255),
                        "quest": (255, 150, 40)}
SEATS: tuple[RGB, ...] = ((70, 180, 255), (150, 232, 92), (246, 126, 204), (246, 210, 80),
                          (188, 160, 255))
FIRE: RGB = (255, 122, 36)
MALF: RGB = (250, 214, 60)
NOISE: RGB = (255, 236, 120)
DOOR: RGB = (236, 226, 200)
INTRUDER: RGB = (196, 38, 52)
QUEEN: RGB = (120, 16, 40)
EGG: RGB = (238, 230, 196)
CARCASS: RGB = (122, 150, 70)
CORPSE: RGB = (170, 176, 188)
ALERT: RGB = (255, 92, 200)
KIND_LETTER = {"larva": "L", "creeper": "C", "adult": "A", "breeder": "B", "queen": "Q"}

# Short room names (the box is 150 px wide); unknown tiles fall back to their name.
SHORT = {
    "isolation": "Isolation", "repository": "Repository", "backup_power": "Backup Power",
    "alert": "Alert Room", "elevator_s01": "Elevator 1", "elevator_s02": "Elevator 2",
    "elevator_s03": "Elevator 3", "archive": "Archive", "cave_entrance": "Cave Entrance",
    "cooling_system": "Cooling", "decon": "Decon", "emergency": "Emergency",
    "laboratory": "Laboratory", "css_a": "CSS A", "css_b": "CSS B", "css_c": "CSS C",
    "nest": "Nest", "power_generator": "Generator", "transmitter": "Transmitter",
    "storage": "Storage", "css_control": "CSS Control", "defense_control": "Defense",
    "guard_room": "Guard Room", "contaminated": "Contaminated", "surgery": "Surgery",
    "testing_lab": "Testing Lab", "vent_control": "Vent Control", "monitoring": "Monitoring",
}
PLACES = {"pod": ("IN A POD", C.CYAN), "css": ("ESCAPED (CSS)", C.OK),
          "bunker": ("BUNKER", C.OK), "isolated": ("ISOLATED", C.QUARANTINE),
          "dead": ("DEAD", C.DANGER)}
ENDINGS = {
    "purge": "The corporation purged the facility",
    "alert": "The alert ran out: the facility was purged",
    "autodestruct": "The autodestruction sequence blew up the facility",
    "nobody_left": "No character was left in the facility",
}

Box = tuple[float, float, float, float]
Point = tuple[float, float]


# ----------------------------------------------------------------- entry point
def render_board(view: LockdownView, names: Mapping[str, str] | None = None) -> bytes:
    """The public board for `view` as PNG bytes (1400x900). `names` maps seat ids to
    display names; missing seats fall back to a shortened seat id."""
    return encode_png(render_image(view, names))


def render_image(view: LockdownView, names: Mapping[str, str] | None = None) -> Image.Image:
    """The board as a Pillow RGB image (for tests and tools)."""
    geo = geometry(layout_key(view))
    img = _static_frame(geo).copy()
    d = ImageDraw.Draw(img)
    people = _people(view, names)
    _header(img, d, view, people, _tech_flag(img, d, view.tech_noise))
    _corridors(d, geo, view)
    _rooms(img, d, geo, view, people)
    _time_track(img, d, view)
    _facility(img, d, view)
    _players(img, d, view, people)
    if view.winners is not None:
        _end_banner(img, view, people)
    return img


# ---------------------------------------------------------------------- people
@dataclass(frozen=True)
class Person:
    name: str
    label: str    # 1-2 characters drawn on the map disc
    colour: RGB


def _people(view: LockdownView, names: Mapping[str, str] | None) -> dict[str, Person]:
    full = {}
    for h in view.heroes:
        given = clean_name(names.get(h.seat, "")) if names else ""
        full[h.seat] = given or short_seat(h.seat)
    initials = {seat: _initial(name) for seat, name in full.items()}
    counts = Counter(initials.values())
    out = {}
    for i, h in enumerate(view.heroes):
        label = initials[h.seat]
        if counts[label] > 1:  # same initial: number them in seat order
            label = f"{label}{i + 1}"
        out[h.seat] = Person(full[h.seat], label, SEATS[i % len(SEATS)])
    return out


def _initial(name: str) -> str:
    ch = next((c for c in name if c.isalnum()), name[:1] or "?")
    return ch.upper() if text_width(ch.upper(), 15, True) <= 20 else "?"


def _name_of(people: Mapping[str, Person], seat: str) -> str:
    p = people.get(seat)
    return p.name if p else short_seat(seat)


# -------------------------------------------------------------------- geometry
@dataclass(frozen=True, eq=False)  # hashed by identity (one per layout, cached)
class Geometry:
    boxes: dict[str, Box]                    # slot -> room box
    sections: dict[str, int | None]
    segments: dict[str, tuple[Point, Point]]  # corridor id -> visible part of the line
    stubs: dict[str, tuple[Point, Point]]     # technical corridor id -> (start, marker)
    key: tuple[object, ...]


def layout_key(view: LockdownView) -> tuple[object, ...]:
    return (tuple((r.slot, r.section, r.x, r.y) for r in view.rooms),
            tuple((c.id, c.a, c.b) for c in view.corridors))


@lru_cache(maxsize=4)
def geometry(key: tuple[object, ...]) -> Geometry:
    rooms, corridors = key  # type: ignore[misc]
    slots: dict[str, tuple[int | None, int, int]] = {s: (sec, x, y) for s, sec, x, y in rooms}
    centres = _place_rooms(slots)
    boxes: dict[str, Box] = {}
    for slot, (cx, cy) in centres.items():
        hw = (STAIRS_W if slots[slot][0] is None else ROOM_W) / 2
        boxes[slot] = (cx - hw, cy - ROOM_H / 2, cx + hw, cy + ROOM_H / 2)
    segments: dict[str, tuple[Point, Point]] = {}
    tech: list[tuple[str, str]] = []
    for cid, a, b in corridors:
        if b == "tech" or b not in boxes:
            if a in boxes:
                tech.append((cid, a))
            continue
        if a in boxes:
            seg = _clip(boxes[a], boxes[b])
            if seg is not None:
                segments[cid] = seg
    stubs: dict[str, tuple[Point, Point]] = {}
    for cid, a in tech:
        stubs[cid] = _stub(boxes[a], boxes, list(segments.values()), list(stubs.values()))
    return Geometry(boxes, {s: v[0] for s, v in slots.items()}, segments, stubs, key)


def _place_rooms(slots: Mapping[str, tuple[int | None, int, int]]) -> dict[str, Point]:
    """Room centres: the wings' columns keep their order, spaced evenly (a wing's two
    columns closer together than neighbouring wings); staircases sit midway between
    the columns around them; y is scaled to the panel."""
    cols: dict[int, int | None] = {}
    for sec, x, _ in slots.values():
        if sec is not None:
            cols.setdefault(x, sec)
    xs = sorted(cols)
    x0, y0, x1, y1 = P_MAP
    left = x0 + MAP_PAD + STUB_PAD + ROOM_W / 2
    avail = (x1 - x0) - 2 * (MAP_PAD + STUB_PAD) - ROOM_W
    same = sum(1 for a, b in pairwise(xs) if cols[a] == cols[b])
    other = len(xs) - 1 - same
    unit = avail / max(1e-9, same + GAP_RATIO * other)
    out_x = {xs[0]: left} if xs else {}
    for a, b in pairwise(xs):
        out_x[b] = out_x[a] + unit * (1 if cols[a] == cols[b] else GAP_RATIO)
    ys = [y for _, _, y in slots.values()]
    lo, hi = min(ys), max(ys)
    top = y0 + MAP_PAD + ROOM_H / 2
    scale = ((y1 - y0) - 2 * MAP_PAD - ROOM_H) / max(1, hi - lo)
    centres = {}
    for slot, (sec, x, y) in slots.items():
        cy = top + (y - lo) * scale
        if sec is not None or not xs:
            cx = out_x.get(x, left)
        else:
            before = max((c for c in xs if c <= x), default=xs[0])
            after = min((c for c in xs if c >= x), default=xs[-1])
            cx = (out_x[before] + out_x[after]) / 2
        centres[slot] = (cx, cy)
    return centres


def _centre(b: Box) -> Point:
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)


def _exit_t(b: Box, dx: float, dy: float) -> float:
    """Fraction of (dx, dy) at which a ray from the box centre leaves the box."""
    hw, hh = (b[2] - b[0]) / 2, (b[3] - b[1]) / 2
    tx = hw / abs(dx) if dx else math.inf
    ty = hh / abs(dy) if dy else math.inf
    return min(tx, ty)


def _clip(a: Box, b: Box) -> tuple[Point, Point] | None:
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    dx, dy = bx - ax, by - ay
    t0 = _exit_t(a, dx, dy)
    t1 = 1 - _exit_t(b, -dx, -dy)
    if t1 <= t0:
        return None
    return (ax + dx * t0, ay + dy * t0), (ax + dx * t1, ay + dy * t1)


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    vx, vy = b[0] - a[0], b[1] - a[1]
    n = vx * vx + vy * vy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / n))
    return math.hypot(p[0] - a[0] - vx * t, p[1] - a[1] - vy * t)


def _box_dist(p: Point, b: Box) -> float:
    dx = max(b[0] - p[0], 0.0, p[0] - b[2])
    dy = max(b[1] - p[1], 0.0, p[1] - b[3])
    return math.hypot(dx, dy)


def _stub(box: Box, boxes: Mapping[str, Box], segments: Sequence[tuple[Point, Point]],
          stubs: Sequence[tuple[Point, Point]]) -> tuple[Point, Point]:
    """A short line from the room's edge to a technical corridor marker, pointing where
    it is clearest of other rooms, corridors and stubs."""
    cx, cy = _centre(box)
    inner = (P_MAP[0] + 4, P_MAP[1] + 4, P_MAP[2] - 4, P_MAP[3] - 4)
    best: tuple[float, tuple[Point, Point]] | None = None
    for step in range(24):
        ang = step * math.pi / 12
        ux, uy = math.cos(ang), math.sin(ang)
        t = _exit_t(box, ux, uy)
        start = (cx + ux * t, cy + uy * t)
        end = (start[0] + ux * (STUB_LEN + STUB_R), start[1] + uy * (STUB_LEN + STUB_R))
        mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        probe = (mid, end)
        clear = min(end[0] - inner[0], inner[2] - end[0], end[1] - inner[1],
                    inner[3] - end[1]) - STUB_R
        for other in boxes.values():
            if other != box:
                clear = min(clear, *(_box_dist(p, other) for p in probe))
        for a, b in segments:
            clear = min(clear, *(_seg_dist(p, a, b) for p in probe))
        for s0, s1 in stubs:
            clear = min(clear, _seg_dist(end, s0, s1) - STUB_R, _seg_dist(mid, s0, s1))
        score = min(clear, 40.0) + 6 * abs(ux) + 0.5 * (1 if uy < 0 else 0)
        if best is None or score > best[0]:
            best = (score, (start, end))
    assert best is not None
    return best[1]


# ----------------------------------------------------------------------- frame
_frames: dict[tuple[object, ...], Image.Image] = {}
_frame_lock = threading.Lock()


def _static_frame(geo: Geometry) -> Image.Image:
    frame = _frames.get(geo.key)
    if frame is None:
        with _frame_lock:
            frame = _frames.get(geo.key)
            if frame is None:
                frame = _build_frame(geo)
                if len(_frames) >= 4:
                    _frames.clear()
                _frames[geo.key] = frame
    return frame


def _panel(d: ImageDraw.ImageDraw, box: Box) -> None:
    d.rounded_rectangle(box, radius=10, fill=C.PANEL, outline=C.EDGE, width=2)


def _build_frame(geo: Geometry) -> Image.Image:
    import random

    img = vertical_gradient((W, H), C.BG_TOP, C.BG_BOTTOM)
    d = ImageDraw.Draw(img)
    rnd = random.Random(20261123)
    for _ in range(320):
        x, y = rnd.randrange(W), rnd.randrange(HEADER_H, H)
        d.point((x, y), fill=mix(C.BG_BOTTOM, C.STAR, rnd.random()))
    d.rectangle((0, 0, W, HEADER_H), fill=mix(C.BG_TOP, C.PANEL, 0.6))
    d.line((0, HEADER_H, W, HEADER_H), fill=mix(C.EDGE, C.CYAN, 0.35), width=2)
    # a hazard glyph + title
    d.regular_polygon((28, HEADER_H / 2 + 2, 15), 3, fill=C.WARN)
    draw_text_mid(img, 28, HEADER_H / 2 + 5, "!", 18, C.INK, bold=True, align="center")
    draw_text_mid(img, 52, HEADER_H / 2, "LOCKDOWN", 28, C.TITLE, bold=True)
    for box in (P_MAP, P_FAC):
        _panel(d, box)
    # map: a faint floor grid, corridors, technical corridor stubs
    x0, y0, x1, y1 = P_MAP
    grid = mix(C.PANEL, C.EDGE, 0.25)
    for gx in range(int(x0) + 24, int(x1) - 4, 48):
        d.line((gx, y0 + 4, gx, y1 - 4), fill=grid)
    for gy in range(int(y0) + 24, int(y1) - 4, 48):
        d.line((x0 + 4, gy, x1 - 4, gy), fill=grid)
    line = mix(C.PANEL, C.EDGE_HI, 0.75)
    for a, b in geo.segments.values():
        d.line((a, b), fill=mix(C.PANEL, (0, 0, 0), 0.4), width=9)
        d.line((a, b), fill=line, width=5)
    for start, end in geo.stubs.values():
        d.line((start, end), fill=mix(C.PANEL, C.EDGE_HI, 0.55), width=3)
        ex, ey = end
        r = STUB_R
        d.regular_polygon((ex, ey, r + 1), 6, fill=C.SLOT, outline=C.EDGE_HI, width=2)
        d.line((ex - 4, ey - 3, ex + 4, ey - 3), fill=C.MUTED, width=1)
        d.line((ex - 4, ey, ex + 4, ey), fill=C.MUTED, width=1)
        d.line((ex - 4, ey + 3, ex + 4, ey + 3), fill=C.MUTED, width=1)
    # facility strip legends
    fx0, fy0, _, fy1 = P_FAC
    d.line((TRACK_X1 + 6, fy0 + 10, TRACK_X1 + 6, fy1 - 10), fill=mix(C.PANEL, C.EDGE, 0.7))
    draw_text_mid(img, fx0 + 14, fy0 + 18, "TIME", 20, C.TITLE, bold=True)
    for i, (slot, white, _css, threshold) in enumerate(TRACK):
        bx, by = _slot_box(i)
        edge = C.EDGE_HI
        if slot == 0:
            fill: RGB = mix(C.PANEL, C.DANGER, 0.35)
            edge = C.DANGER
        elif white:
            fill = (196, 204, 216)
        else:
            fill = C.SLOT
        d.rounded_rectangle((bx, by, bx + SLOT_W, by + SLOT_H), radius=6, fill=fill,
                            outline=edge, width=2)
        label = "☠" if slot == 0 else str(slot)
        ink = C.INK if white else (C.DANGER if slot == 0 else C.MUTED)
        draw_text_mid(img, bx + SLOT_W / 2, by + SLOT_H / 2, label, 22, ink, bold=True,
                      align="center")
        if threshold:
            gx = bx + SLOT_W + SLOT_GAP / 2
            for k in range(threshold):
                _bolt(d, gx + (k - (threshold - 1) / 2) * 12, by - 10, 9, MALF)
    return img


def _bolt(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, colour: RGB) -> None:
    pts = [(cx + 0.15 * s, cy - s), (cx - 0.55 * s, cy + 0.1 * s), (cx - 0.05 * s, cy + 0.1 * s),
           (cx - 0.2 * s, cy + s), (cx + 0.55 * s, cy - 0.15 * s),
           (cx + 0.05 * s, cy - 0.15 * s)]
    d.polygon(pts, fill=colour)


# ------------------------------------------------------------------- time track
@lru_cache(maxsize=1)
def _track() -> tuple[tuple[int, bool, bool, int], ...]:
    """(slot, white, css, threshold after) from the content, plus the purge slot 0."""
    from rules.lockdown.cards import content

    slots = sorted(content().time_track.slots, key=lambda s: -s.number)
    return (*((s.number, s.white, s.css, s.threshold_after) for s in slots),
            (0, False, False, 0))


TRACK = _track()
SLOT_GAP = 6
SLOT_W = min(48, int((TRACK_X1 - P_FAC[0] - 28 - SLOT_GAP * (len(TRACK) - 1)) / len(TRACK)))
SLOT_H = 40
SLOT_Y = 54     # below P_FAC's top


def _slot_box(i: int) -> tuple[float, float]:
    return P_FAC[0] + 14 + i * (SLOT_W + SLOT_GAP), P_FAC[1] + SLOT_Y


def _time_track(img: Image.Image, d: ImageDraw.ImageDraw, v: LockdownView) -> None:
    fx0, fy0, _, _ = P_FAC
    index = {slot: i for i, (slot, *_rest) in enumerate(TRACK)}
    # title row: the time token, autodestruction, alert; isolation on the right
    right = TRACK_X1 - 8
    if v.isolation_open:
        w = chip_width("ISOLATION OPEN", 16)
        draw_chip(img, d, right - w, fy0 + 18, "ISOLATION OPEN", C.OK, size=16, h=22)
        right -= w + 8
    parts: list[tuple[str, RGB]] = [
        (f"slot {v.time}" + (" · backup power" if v.time_active else " · token inactive"),
         C.CYAN if v.time_active else C.MUTED)]
    if v.autodestruct is not None:
        parts.append((f"autodestruct at {v.autodestruct}"
                      + (" (locked)" if v.autodestruct_red else ""),
                      C.DANGER if v.autodestruct_red else C.WARN))
    if v.alert is not None:
        parts.append((f"alert ends at {v.alert}", ALERT))
    if v.css_revealed:
        parts.append((f"{len(v.css_revealed)} CSS revealed", C.CYAN))
    x = fx0 + 14 + text_width("TIME", 20, True) + 12
    for text, colour in parts:
        if x >= right - 24:
            break
        x += draw_text_mid(img, x, fy0 + 18, text, 18, colour, bold=True,
                           max_w=int(right - x)) + 14
    i = index.get(v.time)
    if i is not None:
        bx, by = _slot_box(i)
        ring = C.CYAN if v.time_active else (222, 228, 236)
        d.rounded_rectangle((bx - 4, by - 4, bx + SLOT_W + 4, by + SLOT_H + 4), radius=8,
                            outline=ring, width=4)
    # markers under the slots: CSS tokens, autodestruction, alert
    below: dict[int, list[tuple[str, RGB, bool]]] = {}
    for slot in v.css_slots:
        below.setdefault(slot, []).append(("CSS", C.CYAN, False))
    if v.autodestruct is not None:
        colour = C.DANGER if v.autodestruct_red else C.WARN
        below.setdefault(v.autodestruct, []).append(("BOOM", colour, True))
    if v.alert is not None:
        below.setdefault(v.alert, []).append(("ALERT", ALERT, True))
    for slot, marks in below.items():
        j = index.get(slot)
        if j is None:
            continue
        bx, by = _slot_box(j)
        for k, (label, colour, solid) in enumerate(marks[:3]):
            cy = by + SLOT_H + 14 + k * 20
            w = SLOT_W + 4
            box = (bx - 2, cy - 9, bx - 2 + w, cy + 8)
            if solid:
                d.rounded_rectangle(box, radius=4, fill=colour)
            else:
                d.rounded_rectangle(box, radius=4, fill=mix(C.PANEL, colour, 0.2),
                                    outline=colour, width=2)
            draw_text_mid(img, bx + SLOT_W / 2, cy, label, 14, C.INK if solid else colour,
                          bold=True, align="center", max_w=w - 4)

# -------------------------------------------------------------------- facility
def _facility(img: Image.Image, d: ImageDraw.ImageDraw, v: LockdownView) -> None:
    from rules.lockdown.cards import index

    x0 = TRACK_X1 + 20
    x1 = P_FAC[2] - 12
    y = P_FAC[1] + 18
    label_w = max(text_width(t, 18, True) for t in ("POWER", "SITE", "NEST", "LAB", "ITEMS")) + 10
    rows = 28

    def label(cy: float, text: str) -> float:
        draw_text_mid(img, x0, cy, text, 18, C.TITLE, bold=True)
        return x0 + label_w

    def chips(x: float, cy: float, items: Sequence[tuple[str, RGB, bool]]) -> float:
        for text, colour, solid in items:
            w = chip_width(text, 16)
            if x + w > x1:
                break
            draw_chip(img, d, x, cy, text, colour, solid=solid, size=16, h=22)
            x += w + 6
        return x

    on = v.power
    x = label(y, "POWER")
    x = chips(x, y, [(f"S{k}", C.OK, True) if on.get(k) else (f"S{k}", C.DIM, False)
                     for k in ("1", "2", "3")]
                 + [("LIFT", C.OK, True) if on.get("elevator") else ("LIFT", C.DIM, False)])
    x = chips(x + 4, y, [("BACKUP", C.CYAN, True) if v.time_active
                         else ("NO BACKUP", C.DIM, False)])
    y += rows
    x = label(y, "SITE")
    x = chips(x, y, [(f"LIFT @ S{v.elevator_at}", C.TEXT, False),
                     ("GATE OPEN", C.OK, True) if v.gate_open else ("GATE SHUT", C.DIM, False),
                     ("ROVER HOME", C.TEXT, False) if v.rover_at_base
                     else ("ROVER OUT", C.WARN, True)])
    y += rows
    x = label(y, "NEST")
    nest = (("DESTROYED", C.OK, True) if v.nest_destroyed else
            ("FOUND", C.WARN, True) if v.nest_found else ("HIDDEN", C.DIM, False))
    x = chips(x, y, [(f"{v.eggs} EGG{'S' if v.eggs != 1 else ''}", EGG, False), nest,
                     (f"BAG {v.bag_size}", C.MUTED, False)])
    y += rows
    x = label(y, "LAB")
    names = index().weaknesses
    slots = max(3, len(v.lab_slots))
    each = int((x1 - x) - 6 * (slots - 1)) // slots
    for k in range(slots):
        if k < len(v.lab_slots):  # the weakness it revealed, else the object researched
            weak = v.weaknesses[k] if k < len(v.weaknesses) else ""
            card = names.get(weak)
            text = card.name if card else (weak or v.lab_slots[k]).replace("_", " ")
            colour, solid = C.QUARANTINE, True
        else:
            text, colour, solid = "not researched", C.DIM, False
        box = (x, y - 11, x + each, y + 11)
        if solid:
            d.rounded_rectangle(box, radius=5, fill=colour)
        else:
            d.rounded_rectangle(box, radius=5, fill=C.SLOT, outline=C.EDGE, width=1)
        draw_text_mid(img, x + each / 2, y, text, 16, C.INK if solid else C.DIM, bold=solid,
                      align="center", max_w=each - 10)
        x += each + 6
    y += rows
    x = label(y, "ITEMS")
    crafted = f"{len(v.crafted)} craftable" if v.crafted else "nothing craftable"
    draw_text_mid(img, x, y, crafted, 18, C.MUTED, max_w=int(x1 - x))


# ---------------------------------------------------------------------- header
def _header(img: Image.Image, d: ImageDraw.ImageDraw, v: LockdownView,
            people: Mapping[str, Person], right: int) -> None:
    cy = HEADER_H / 2
    x = 52 + text_width("LOCKDOWN", 28, True) + 18
    x += draw_chip(img, d, x, cy, f"ROUND {v.round}", C.TITLE, solid=False) + 14
    if v.winners is not None:
        text, colour = "Game over", C.WARN
    else:
        first = _name_of(people, v.first_player) if v.first_player else "—"
        text = f"First: {first}"
        colour = C.TEXT
        if v.waiting:
            text += " · waiting for " + ", ".join(_name_of(people, s) for s in v.waiting)
    draw_text_mid(img, x, cy, text, 22, colour, bold=True, max_w=right - 14 - int(x))


# ------------------------------------------------------------------- corridors
def _corridors(d: ImageDraw.ImageDraw, geo: Geometry, v: LockdownView) -> None:
    for c in v.corridors:
        seg = geo.segments.get(c.id) or geo.stubs.get(c.id)
        if seg is None:
            continue
        (ax, ay), (bx, by) = seg
        if c.id in geo.stubs:  # the stub's marker sits at its end
            length = math.hypot(bx - ax, by - ay)
            k = max(0.0, (length - STUB_R - 2) / max(1e-9, length))
            bx, by = ax + (bx - ax) * k, ay + (by - ay) * k
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        mx, my = (ax + bx) / 2, (ay + by) / 2
        if c.door in ("closed", "destroyed"):
            _door(d, mx, my, ux, uy, c.door == "destroyed")
            if c.noise:
                off = min(11.0, length / 2 - 2)
                mx, my = mx - ux * off, my - uy * off
        if c.noise:
            d.ellipse((mx - 6, my - 6, mx + 6, my + 6), fill=NOISE, outline=C.INK, width=2)


def _door(d: ImageDraw.ImageDraw, mx: float, my: float, ux: float, uy: float,
          broken: bool) -> None:
    px, py = -uy, ux
    half = 12
    if not broken:
        d.line((mx - px * half, my - py * half, mx + px * half, my + py * half), fill=C.INK,
               width=9)
        d.line((mx - px * half, my - py * half, mx + px * half, my + py * half), fill=DOOR,
               width=5)
        return
    for sign in (-1, 1):  # two halves knocked askew, with a gap between them
        a = (mx + sign * (px * (half + 1) + ux * 3), my + sign * (py * (half + 1) + uy * 3))
        b = (mx + sign * (px * 3 - ux * 3), my + sign * (py * 3 - uy * 3))
        d.line((a, b), fill=C.INK, width=10)
        d.line((a, b), fill=C.DANGER, width=6)


def tech_flag_box(noise: bool) -> Box:
    """Where the technical corridors' noise marker goes (the header's right corner)."""
    w = chip_width(_flag_label(noise), 18) + 22
    return (W - 12 - w, HEADER_H / 2 - 14, W - 12, HEADER_H / 2 + 14)


def _flag_label(noise: bool) -> str:
    return "TECH CORRIDORS: NOISE" if noise else "TECH CORRIDORS: QUIET"


def _tech_flag(img: Image.Image, d: ImageDraw.ImageDraw, noise: bool) -> int:
    """The technical corridors' noise marker. Returns the x where it starts."""
    box = tech_flag_box(noise)
    x = box[0]
    cy = HEADER_H / 2
    colour = NOISE if noise else C.DIM
    if noise:
        d.rounded_rectangle(box, radius=6, fill=mix(C.PANEL, NOISE, 0.25), outline=NOISE,
                            width=2)
        d.ellipse((x + 8, cy - 7, x + 22, cy + 7), fill=NOISE, outline=C.INK, width=2)
    else:
        d.rounded_rectangle(box, radius=6, fill=C.PANEL, outline=C.EDGE, width=2)
        d.ellipse((x + 8, cy - 7, x + 22, cy + 7), outline=C.DIM, width=2)
    draw_text_mid(img, x + 28, cy, _flag_label(noise), 18, colour, bold=True)
    return int(x)


# ----------------------------------------------------------------------- rooms
@lru_cache(maxsize=512)
def _tile(geo: Geometry, slot: str, tile: str | None, explored: bool,
          powered: bool) -> Image.Image:
    """The room box (fill, border, search colour strip) on its patch of the frame."""
    frame = _static_frame(geo)
    x0, y0, x1, y1 = (round(c) for c in geo.boxes[slot])
    patch = frame.crop((x0, y0, x1 + 1, y1 + 1))
    d = ImageDraw.Draw(patch)
    w, h = x1 - x0, y1 - y0
    base = SECTION.get(geo.sections[slot], SECTION[None])
    if not explored:
        d.rounded_rectangle((0, 0, w, h), radius=8, fill=(16, 21, 34),
                            outline=mix(C.PANEL, base, 0.55), width=2)
        draw_text_mid(patch, w / 2, 17, "?", 24, mix(C.PANEL, base, 0.8), bold=True,
                      align="center")
        draw_text_mid(patch, w / 2, h - 13, slot_code(slot), 14, mix(C.PANEL, base, 0.9),
                      align="center")
        return patch
    lit = powered or geo.sections[slot] is None
    fill = mix(C.PANEL, base, 0.42 if lit else 0.2)
    d.rounded_rectangle((0, 0, w, h), radius=8, fill=fill,
                        outline=mix(base, WHITE, 0.25) if lit else mix(C.PANEL, base, 0.7),
                        width=2)
    colour = _search_colour(tile)
    if colour is not None:
        d.rounded_rectangle((3, 3, 9, h - 3), radius=3, fill=colour)
    return patch


@lru_cache(maxsize=64)
def _search_colour(tile: str | None) -> RGB | None:
    from rules.lockdown.cards import index

    room = index().rooms.get(tile or "")
    return SEARCH.get(room.color) if room else None


def _room_name(r: RoomView) -> str:
    if r.tile == "staircase" or (r.section is None and r.slot.startswith("stairs")):
        return staircase_name(r.slot)
    return SHORT.get(r.tile or "", r.name or r.slot)


Token = tuple[float, Callable[[ImageDraw.ImageDraw, float, float], None]]


def _rooms(img: Image.Image, d: ImageDraw.ImageDraw, geo: Geometry, v: LockdownView,
           people: Mapping[str, Person]) -> None:
    heroes: dict[str, list[HeroView]] = {}
    for h in v.heroes:
        if h.place == "board":
            heroes.setdefault(h.room, []).append(h)
    intruders: dict[str, list[dict[str, object]]] = {}
    for it in v.intruders:
        intruders.setdefault(str(it.get("room")), []).append(it)
    lift_room = _lift_room(v.elevator_at)
    for r in v.rooms:
        box = geo.boxes.get(r.slot)
        if box is None:
            continue
        sec = r.section
        powered = sec is None or bool(v.power.get(str(sec), False))
        patch = _tile(geo, r.slot, r.tile, r.explored, powered)
        x0, y0, x1, y1 = (round(c) for c in box)
        img.paste(patch, (x0, y0))
        if r.fire:
            d.rounded_rectangle((x0, y0, x1, y1), radius=8, outline=FIRE, width=3)
        # name row: the name, fire and malfunction on the right
        right = x1 - 6
        if r.malfunction:
            _bolt(d, right - 7, y0 + 14, 10, MALF)
            right -= 18
        if r.fire:
            _flame(d, right - 7, y0 + 14, 10)
            right -= 18
        if r.explored:
            name = _room_name(r)
            left = x0 + (14 if _search_colour(r.tile) else 8)
            text, size = fit_size(name, (20, 18, 16), True, int(right - left - 2))
            draw_text_mid(img, left, y0 + 15, text, size, C.TEXT, bold=True)
        # occupant row: objects and occupants on the left, items/computer/lift on the right
        cy = y0 + 40
        icons: list[Token] = []
        if r.slot == lift_room:
            icons.append((22, _lift_icon))
        if r.computer:
            icons.append((22, _computer_icon))
        if r.items:
            icons.append(_items_token(img, r.items))
        right = x1 - 6
        for w, draw in icons:
            draw(d, right - w / 2, cy)
            right -= w + 2
        tokens: list[Token] = []
        for obj, n in Counter(_object_kind(o) for o in r.objects).items():
            tokens.append(_object_token(img, obj, n))
        occupants = [_hero_token(img, people.get(h.seat)) for h in heroes.get(r.slot, [])]
        occupants += [_intruder_token(img, it) for it in intruders.get(r.slot, [])]
        _flow(img, d, x0 + 8, right - 2, cy, occupants + tokens)


def _lift_room(at: int) -> str:
    from rules.lockdown.cards import content

    return content().board.elevator_rooms.get(str(at), "")


def _object_kind(obj: str) -> str:
    return obj.split("_")[0]


def _flow(img: Image.Image, d: ImageDraw.ImageDraw, left: float, right: float, cy: float,
          tokens: Sequence[Token]) -> None:
    """Tokens left to right; a "+n" counter replaces the ones that do not fit."""
    x = left
    for i, (w, draw) in enumerate(tokens):
        rest = len(tokens) - i - 1
        more = text_width(f"+{rest + 1}", 16, True) + 4
        if x + w > right or (rest and x + w + 2 + more > right and
                             x + w + 2 + sum(t[0] + 2 for t in tokens[i + 1:]) > right):
            draw_text_mid(img, x, cy, f"+{len(tokens) - i}", 16, C.TEXT, bold=True,
                          max_w=max(0, int(right - x + 20)))
            return
        draw(d, x + w / 2, cy)
        x += w + 2


def _hero_token(img: Image.Image, person: Person | None) -> Token:
    colour = person.colour if person else C.MUTED
    label = person.label if person else "?"

    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
        d.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=colour, outline=C.INK, width=2)
        size = 15 if len(label) == 1 else 12
        draw_text_mid(img, cx, cy, label, size, C.INK, bold=True, align="center", max_w=22)
    return 25, draw


def _intruder_token(img: Image.Image, it: Mapping[str, object]) -> Token:
    kind = str(it.get("kind", ""))
    letter = KIND_LETTER.get(kind, (kind[:1] or "?").upper())
    injuries = it.get("injuries", 0)
    hurt = injuries if isinstance(injuries, int) else 0
    queen = kind == "queen"

    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
        s = 12
        cx -= 3 if hurt else 0  # room for the injury badge on the right
        d.rounded_rectangle((cx - s, cy - s, cx + s, cy + s), radius=4,
                            fill=QUEEN if queen else INTRUDER,
                            outline=C.WARN if queen else (255, 150, 150), width=2)
        draw_text_mid(img, cx, cy, letter, 16, WHITE, bold=True, align="center", max_w=20)
        if hurt:
            d.ellipse((cx + 3, cy - 17, cx + 18, cy - 2), fill=WHITE, outline=C.INK, width=2)
            draw_text_mid(img, cx + 10.5, cy - 9.5, str(min(hurt, 9)), 13, C.DANGER, bold=True,
                          align="center")
    return (31 if hurt else 25), draw


def _object_token(img: Image.Image, obj: str, n: int) -> Token:
    count = f"{n}" if n > 1 else ""
    cw = text_width(count, 14, True) if count else 0

    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
        x = cx - (16 + cw) / 2 + 8
        if obj == "egg":
            d.ellipse((x - 7, cy - 10, x + 7, cy + 10), fill=EGG, outline=C.INK, width=1)
        elif obj == "carcass":
            d.ellipse((x - 8, cy - 8, x + 8, cy + 8), fill=CARCASS, outline=C.INK, width=1)
            d.line((x - 4, cy - 4, x + 4, cy + 4), fill=C.INK, width=2)
            d.line((x - 4, cy + 4, x + 4, cy - 4), fill=C.INK, width=2)
        else:  # a corpse (or anything else left in the room)
            draw_text_mid(img, x, cy, "☠", 20, CORPSE, bold=True, align="center")
        if count:
            draw_text_mid(img, x + 9, cy + 4, count, 14, C.TEXT, bold=True)
    return 18 + cw, draw


def _items_token(img: Image.Image, n: int) -> Token:
    label = str(n)
    w = max(20, text_width(label, 16, True) + 10)

    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
        d.rounded_rectangle((cx - w / 2, cy - 10, cx + w / 2, cy + 10), radius=4,
                            fill=mix(C.PANEL, C.WARN, 0.2), outline=mix(C.PANEL, C.WARN, 0.8),
                            width=2)
        draw_text_mid(img, cx, cy, label, 16, C.WARN, bold=True, align="center")
    return w, draw


def _computer_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    d.rectangle((cx - 10, cy - 9, cx + 10, cy + 5), fill=C.INK, outline=C.CYAN, width=2)
    d.rectangle((cx - 6, cy - 5, cx + 6, cy + 1), fill=mix(C.INK, C.CYAN, 0.5))
    d.line((cx, cy + 5, cx, cy + 9), fill=C.CYAN, width=2)
    d.line((cx - 6, cy + 10, cx + 6, cy + 10), fill=C.CYAN, width=2)


def _lift_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    d.rounded_rectangle((cx - 10, cy - 11, cx + 10, cy + 11), radius=3, fill=C.INK,
                        outline=C.OK, width=2)
    d.polygon([(cx, cy - 8), (cx - 5, cy - 2), (cx + 5, cy - 2)], fill=C.OK)
    d.polygon([(cx, cy + 8), (cx - 5, cy + 2), (cx + 5, cy + 2)], fill=C.OK)


def _flame(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    d.ellipse((cx - 0.7 * s, cy - 0.2 * s, cx + 0.7 * s, cy + s), fill=FIRE)
    d.polygon([(cx - 0.7 * s, cy + 0.35 * s), (cx, cy - s), (cx + 0.7 * s, cy + 0.35 * s)],
              fill=FIRE)
    d.ellipse((cx - 0.32 * s, cy + 0.25 * s, cx + 0.32 * s, cy + 0.85 * s), fill=C.WARN)


# --------------------------------------------------------------------- players
def _players(img: Image.Image, d: ImageDraw.ImageDraw, v: LockdownView,
             people: Mapping[str, Person]) -> None:
    rooms = {r.slot: r for r in v.rooms}
    for box, h in zip(card_boxes(len(v.heroes)), v.heroes, strict=True):
        _card(img, d, box, h, v, people, rooms)


def card_boxes(n: int) -> list[Box]:
    """The player cards, left to right (at most CARD_MAX_W wide)."""
    x0, y0, x1, y1 = P_PLAYERS
    cw = int(min(CARD_MAX_W, ((x1 - x0) - CARD_GAP * (max(1, n) - 1)) / max(1, n)))
    return [(x0 + i * (cw + CARD_GAP), y0, x0 + i * (cw + CARD_GAP) + cw, y1) for i in range(n)]


def _card(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, h: HeroView, v: LockdownView,
          people: Mapping[str, Person], rooms: Mapping[str, RoomView]) -> None:
    x0, y0, x1, _y1 = box
    person = people.get(h.seat) or Person(short_seat(h.seat), "?", C.MUTED)
    dead = h.place == "dead"
    d.rounded_rectangle(box, radius=10, fill=C.PANEL if not dead else (14, 16, 24),
                        outline=mix(C.PANEL, person.colour, 0.7), width=2)
    d.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 6), radius=2, fill=person.colour)
    left, right = x0 + 12, x1 - 12
    inner = int(right - left)
    # 1: disc + name
    cy = y0 + 26
    d.ellipse((left, cy - 13, left + 26, cy + 13), fill=person.colour, outline=C.INK, width=2)
    size = 15 if len(person.label) == 1 else 12
    draw_text_mid(img, left + 13, cy, person.label, size, C.INK, bold=True, align="center",
                  max_w=24)
    name, nsize = fit_size(person.name, (22, 20), True, inner - 34)
    draw_text_mid(img, left + 34, cy, name, nsize, C.TEXT if not dead else C.MUTED, bold=True)
    # 2: character · place
    cy += 28
    if not h.character:
        draw_text_mid(img, left, cy, "choosing a character", 18, C.DIM, max_w=inner)
        return
    w = draw_text_mid(img, left, cy, h.name, 18, C.MUTED, max_w=inner // 2)
    x = left + w + 10
    r = rooms.get(h.room)
    if h.place == "board" and r is not None:
        where = _room_name(r) if r.explored else "unexplored room"
        colour = SECTION.get(r.section, SECTION[None])
        d.ellipse((x, cy - 6, x + 12, cy + 6), fill=mix(colour, WHITE, 0.2))
        draw_text_mid(img, x + 18, cy, where, 18, C.TEXT, max_w=int(right - x - 18))
    else:
        label, colour = PLACES.get(h.place, (h.place.upper(), C.MUTED))
        label = fit_text(label, 16, True, int(right - x) - 12)
        if label:
            draw_chip(img, d, x, cy, label, colour, size=16, h=22)
    # 3: wounds, hand, knowledge
    cy += 28
    x = left
    for k in range(2):
        filled = k < h.light
        d.ellipse((x, cy - 8, x + 16, cy + 8), fill=C.FATIGUE if filled else C.SLOT,
                  outline=C.FATIGUE if filled else C.EDGE_HI, width=2)
        x += 20
    x += 2
    if h.serious:
        text = f"{len(h.serious)} serious"
        x += draw_chip(img, d, x, cy, text, C.DANGER, size=16, h=22) + 6
    draw_text_mid(img, right, cy, f"hand {h.hand_size}", 18, C.TEXT, align="right",
                  max_w=max(0, int(right - x - 4)))
    # 4: item colours and flags
    cy += 28
    x = left
    for colour_name in h.item_colors[:12]:
        if x + 16 > right:
            break
        c = ITEM.get(colour_name, C.MUTED)
        d.rounded_rectangle((x, cy - 8, x + 14, cy + 8), radius=3, fill=c, outline=C.INK)
        x += 18
    if not h.item_colors:
        x += draw_text_mid(img, x, cy, "no items", 18, C.DIM)
    flags = [(label, colour) for on, label, colour in (
        (h.slime, "SLIME", (150, 220, 80)), (h.larva, "LARVA", C.INFECTED),
        (h.signal, "SIGNAL", C.CYAN)) if on]
    fx = right
    for label, colour in reversed(flags):
        w = chip_width(label, 14)
        if fx - w < x + 8:
            break
        draw_chip(img, d, fx - w, cy, label, colour, size=14, h=20)
        fx -= w + 4
    # 5: heavy things carried
    cy += 28
    if h.hands:
        held = ", ".join(x.replace("_", " ") for x in h.hands if x)
        w = draw_text_mid(img, left, cy, "holds", 18, C.DIM)
        draw_text_mid(img, left + w + 6, cy, held, 18, C.TEXT, max_w=inner - w - 6)
    else:
        draw_text_mid(img, left, cy, "hands free", 18, C.DIM)
    # 6: status, knowledge
    cy += 28
    x = left
    know = f"know {h.knowledge}"
    right -= draw_text_mid(img, right, cy, know, 18, C.TEXT, align="right") + 8
    marks: list[tuple[str, RGB, bool]] = []
    if h.seat == v.first_player:
        marks.append(("FIRST", C.TITLE, True))
    if h.seat in v.waiting and v.winners is None:
        marks.append(("WAITING", C.WARN, True))
    if h.passed and not dead and v.winners is None:
        marks.append(("PASSED", C.DIM, False))
    if v.winners is not None:
        marks.append(("WINNER", C.OK, True) if h.seat in v.winners
                     else ("SURVIVED", C.TEXT, False) if h.seat in v.survivors
                     else ("LOST", C.DIM, False))
    for label, colour, solid in marks:
        w = chip_width(label, 16)
        if x + w > right:
            break
        draw_chip(img, d, x, cy, label, colour, solid=solid, size=16, h=22)
        x += w + 6


# --------------------------------------------------------------------- the end
def _ending(reason: str | None) -> str:
    if not reason:
        return "The game is over"
    if reason.startswith("explosion"):
        why = reason.partition(":")[2]
        return f"The facility exploded: {why}" if why else "The facility exploded"
    return ENDINGS.get(reason, reason.replace("_", " ").capitalize())


def _end_banner(img: Image.Image, v: LockdownView, people: Mapping[str, Person]) -> None:
    from renders.common import wrap_text

    mx0, my0, mx1, my1 = P_MAP
    overlay = ImageDraw.Draw(img, "RGBA")
    overlay.rectangle((mx0 + 2, my0 + 2, mx1 - 2, my1 - 2), fill=(4, 6, 12, 120))
    bx0, bx1 = (mx0 + mx1) / 2 - 420, (mx0 + mx1) / 2 + 420
    by0, by1 = (my0 + my1) / 2 - BANNER_H / 2, (my0 + my1) / 2 + BANNER_H / 2
    won = bool(v.winners)
    colour = C.OK if won else C.DANGER
    overlay.rounded_rectangle((bx0, by0, bx1, by1), radius=16, fill=(8, 10, 20, 238),
                              outline=(*colour, 255), width=4)
    cx = (bx0 + bx1) / 2
    inner = int(bx1 - bx0 - 48)
    draw_text_mid(img, cx, by0 + 30, "GAME OVER", 24, C.MUTED, bold=True, align="center")
    y = by0 + 50
    for line in wrap_text(_ending(v.ended), 24, True, inner, 2):
        draw_text(img, cx, y, line, 24, C.TEXT, bold=True, align="center")
        y += 30
    winners = [_name_of(people, s) for s in v.winners or []]
    if not winners:
        draw_text_mid(img, cx, by0 + 175, "NOBODY WINS", 44, colour, bold=True, align="center")
        return
    title = "WINNER" if len(winners) == 1 else "WINNERS"
    draw_text_mid(img, cx, by0 + 144, title, 22, colour, bold=True, align="center")
    lines = _pack(winners, 30, inner, 2)
    y = by0 + (196 if len(lines) == 1 else 182)
    for line in lines:
        draw_text_mid(img, cx, y, line, 30, colour, bold=True, align="center")
        y += 38


def _pack(names: Sequence[str], size: int, width: int, max_lines: int) -> list[str]:
    """Names joined with dots, whole names per line where possible; the last line is
    cut when they do not all fit."""
    lines: list[str] = []
    for name in names:
        joined = f"{lines[-1]} · {name}" if lines else name
        if lines and (text_width(joined, size, True) <= width or len(lines) == max_lines):
            lines[-1] = joined
        else:
            lines.append(name)
    return [fit_text(x, size, True, width) for x in lines]


__all__ = ["H", "W", "card_boxes", "geometry", "layout_key", "render_board", "render_image",
           "tech_flag_box"]
