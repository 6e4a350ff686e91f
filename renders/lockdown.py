"""The Nemesis: Lockdown board image, drawn from a public `LockdownView` only.

Drawn for a phone: 1100 px wide, so Discord's inline preview (about 550 px) halves it,
and no text is smaller than MIN_TEXT (22 px, 11 px on the phone). Taller than wide;
top to bottom:

* header: round, first player, who the game waits for;
* the facility map (renders/lockdown_geometry.py places it): rooms named as every text
  names them (the tile's name once explored, else the space's code "2-3"), coloured by
  section and dimmed without power; corridors with their numbers at each end, doors,
  noise markers and vents (technical corridor entrances); characters are round
  coloured discs with their seat number, intruders angular red diamonds with a kind
  letter; a legend in the free band of the map;
* the time track (CSS slots, power thresholds, autodestruction, alert);
* the facility state (power, elevator, gate, rover, nest, technical corridors, lab);
* one row per player (the seat disc again, name, character, room, wounds, items...).

The frame (background, panels, corridors, their numbers, vents, the legend) is drawn
once per layout and copied; room tiles (box and name) are cached images.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renders.common import (
    RGB,
    SQUEEZE_MIN,
    C,
    chip_width,
    clean_name,
    draw_chip,
    draw_text,
    draw_text_mid,
    draw_text_squeezed,
    fit_text,
    fits_squeezed,
    mix,
    short_seat,
    text_width,
    vertical_gradient,
    wrap_text,
)
from renders.lockdown_geometry import (
    MAP_X0,
    MAP_X1,
    MAP_Y0,
    PLATE_OFF,
    ROOM_H,
    VENT_R,
    Box,
    Geometry,
    Point,
    W,
    geometry,
)
from renders.png import encode_png
from rules.lockdown.board import slot_code, staircase_name
from rules.lockdown.view import HeroView, LockdownView, RoomView

MIN_TEXT = 22        # the smallest text on the board, in px at full size
PHONE_W = 550        # Discord's inline width on a phone
TEXT = 22            # ordinary text
BIG = 24             # names and titles
CHIP_H = 30
HEADER_H = 60
GAP = 8              # between panels
TIME_H = 172
FAC_H = 128
TEAM_H = 134         # the cooperative mode's panel: three lines
ROW_H = 72           # one player's row
ROW_GAP = 6

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
INTRUDER: RGB = (206, 34, 46)
QUEEN: RGB = (120, 16, 40)
EGG: RGB = (238, 230, 196)
CARCASS: RGB = (122, 150, 70)
CORPSE: RGB = (170, 176, 188)
ALERT: RGB = (255, 92, 200)
PLATE_INK: RGB = (176, 192, 216)
KINDS = {"larva": ("L", "larva"), "creeper": ("C", "creeper"), "adult": ("A", "adult"),
         "breeder": ("B", "breeder"), "queen": ("Q", "queen")}
PLACES = {"pod": ("IN A POD", C.CYAN), "css": ("ESCAPED (CSS)", C.OK),
          "bunker": ("BUNKER", C.OK), "isolated": ("ISOLATED", C.QUARANTINE),
          "dead": ("DEAD", C.DANGER)}
MODES = {"coop": "CO-OP", "solo": "SOLO"}  # marked in the header (semi-coop: nothing)
ENDINGS = {
    "purge": "The corporation purged the facility",
    "alert": "The alert ran out: the facility was purged",
    "autodestruct": "The autodestruction sequence blew up the facility",
    "nobody_left": "No character was left in the facility",
}


# ---------------------------------------------------------------------- layout
@dataclass(frozen=True)
class Layout:
    """The panels of a board for one map layout and player count."""

    map: Box
    time: Box
    facility: Box
    players: Box
    height: int
    team: Box | None = None


def layout_key(view: LockdownView) -> tuple[object, ...]:
    """What the map's geometry depends on: rooms and numbered corridors, plus the
    surface on the Mars side (a third part)."""
    from rules.lockdown.board import map_for

    numbers = {c.id: (c.a_number, c.b_number) for c in map_for(view.board).corridors}
    key = (tuple((r.slot, r.section, r.x, r.y) for r in view.rooms),
           tuple((c.id, c.a, c.b, *numbers.get(c.id, (1, None))) for c in view.corridors))
    if view.surface is None:
        return key
    from renders.lockdown_mars import surface_key

    return (*key, surface_key(view))


def layout(geo: Geometry, players: int, team: bool = False) -> Layout:
    """The panels; `team` adds the cooperative mode's panel (objectives, contingencies)
    above the players."""
    m = (MAP_X0, MAP_Y0, MAP_X1, MAP_Y0 + geo.height)
    t = (MAP_X0, m[3] + GAP, MAP_X1, m[3] + GAP + TIME_H)
    f = (MAP_X0, t[3] + GAP, MAP_X1, t[3] + GAP + FAC_H)
    g = (MAP_X0, f[3] + GAP, MAP_X1, f[3] + GAP + TEAM_H) if team else None
    top = (g or f)[3] + GAP
    rows = max(1, players)
    p = (MAP_X0, top, MAP_X1, top + rows * ROW_H + (rows - 1) * ROW_GAP)
    return Layout(m, t, f, p, int(p[3] + GAP), g)


def row_boxes(lay: Layout, n: int) -> list[Box]:
    x0, y0, x1, _ = lay.players
    return [(x0, y0 + i * (ROW_H + ROW_GAP), x1, y0 + i * (ROW_H + ROW_GAP) + ROW_H)
            for i in range(n)]


# ----------------------------------------------------------------- entry point
def render_board(view: LockdownView, names: Mapping[str, str] | None = None) -> bytes:
    """The public board for `view` as PNG bytes (1100 px wide). `names` maps seat ids
    to display names; missing seats fall back to a shortened seat id."""
    return encode_png(render_image(view, names))


def render_image(view: LockdownView, names: Mapping[str, str] | None = None) -> Image.Image:
    """The board as a Pillow RGB image (for tests and tools)."""
    geo = geometry(layout_key(view))
    team = view.mode == "coop"
    lay = layout(geo, len(view.heroes), team)
    img = _static_frame(geo, len(view.heroes), team).copy()
    d = ImageDraw.Draw(img)
    people = _people(view, names)
    _header(img, d, view, people)
    _corridors(d, geo, view)
    _rooms(img, d, geo, view, people)
    if geo.surface is not None:
        from renders import lockdown_mars

        lockdown_mars.draw_surface(img, d, geo, view, people)
    _time_track(img, d, lay, view)
    _facility(img, d, lay, view)
    if lay.team is not None:
        from renders.lockdown_team import draw_team

        draw_team(img, d, lay.team, view, people)
    for box, h in zip(row_boxes(lay, len(view.heroes)), view.heroes, strict=True):
        _player_row(img, d, box, h, view, people)
    if view.winners is not None:
        _end_banner(img, lay, view, people)
    return img


# ---------------------------------------------------------------------- people
@dataclass(frozen=True)
class Person:
    name: str
    number: int   # the seat number on the map disc (1-based, in seat order)
    colour: RGB


def _people(view: LockdownView, names: Mapping[str, str] | None) -> dict[str, Person]:
    out = {}
    for i, h in enumerate(view.heroes):
        given = clean_name(names.get(h.seat, "")) if names else ""
        out[h.seat] = Person(given or short_seat(h.seat), i + 1, SEATS[i % len(SEATS)])
    return out


def _name_of(people: Mapping[str, Person], seat: str) -> str:
    p = people.get(seat)
    return p.name if p else short_seat(seat)


def room_label(r: RoomView) -> str:
    """A room as every text names it (rules.lockdown.table.room_name)."""
    if r.section is None and r.slot in _crossroads_names():  # Mars: named from the start
        return _crossroads_names()[r.slot]
    if r.explored and r.tile:
        return staircase_name(r.slot) if r.tile == "staircase" else (r.name or r.tile)
    if r.section is None:
        return staircase_name(r.slot)
    return f"unexplored room {slot_code(r.slot)}"


@lru_cache(maxsize=1)
def _crossroads_names() -> dict[str, str]:
    from rules.lockdown.mars_board import mars_map

    return {x.id: x.name for x in mars_map().crossroads}


# ----------------------------------------------------------------------- frame
_frames: dict[tuple[object, ...], Image.Image] = {}
_frame_lock = threading.Lock()


def _static_frame(geo: Geometry, players: int, team: bool = False) -> Image.Image:
    key = (geo.key, players, team)
    frame = _frames.get(key)
    if frame is None:
        with _frame_lock:
            frame = _frames.get(key)
            if frame is None:
                frame = _build_frame(geo, layout(geo, players, team))
                if len(_frames) >= 8:
                    _frames.clear()
                _frames[key] = frame
    return frame


def _panel(d: ImageDraw.ImageDraw, box: Box) -> None:
    d.rounded_rectangle(box, radius=10, fill=C.PANEL, outline=C.EDGE, width=2)


def _build_frame(geo: Geometry, lay: Layout) -> Image.Image:
    img = vertical_gradient((W, lay.height), C.BG_TOP, C.BG_BOTTOM)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, HEADER_H), fill=mix(C.BG_TOP, C.PANEL, 0.6))
    d.line((0, HEADER_H, W, HEADER_H), fill=mix(C.EDGE, C.CYAN, 0.35), width=2)
    d.regular_polygon((26, HEADER_H / 2 + 2, 16), 3, fill=C.WARN)
    draw_text_mid(img, 26, HEADER_H / 2 + 5, "!", MIN_TEXT, C.INK, bold=True, align="center")
    draw_text_mid(img, 48, HEADER_H / 2, "LOCKDOWN", 28, C.TITLE, bold=True)
    for box in (lay.map, lay.time, lay.facility, *((lay.team,) if lay.team else ())):
        _panel(d, box)
    mars = geo.surface is not None
    if mars:
        from renders import lockdown_mars

        lockdown_mars.draw_surface_frame(img, d, geo, lay.map)
    line = mix(C.PANEL, C.EDGE_HI, 0.75)
    for a, b in geo.segments.values():
        d.line((a, b), fill=mix(C.PANEL, (0, 0, 0), 0.4), width=9)
        d.line((a, b), fill=line, width=5)
    for start, end in geo.stubs.values():
        d.line((start, end), fill=mix(C.PANEL, C.EDGE_HI, 0.55), width=4)
        if mars:
            lockdown_mars.area_exit(d, end, False)
        else:
            _vent(d, end, False)
    for (px, py), number in geo.plates:
        _plate(img, d, px, py, number)
    if geo.legend is not None:
        _legend(img, d, geo.legend, mars)
    _time_frame(img, d, lay)
    return img


def _plate(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, number: int) -> None:
    """A corridor number next to its room."""
    d.rounded_rectangle((x - 9, y - 11, x + 9, y + 11), radius=4, fill=C.INK,
                        outline=mix(C.PANEL, C.EDGE_HI, 0.6), width=1)
    draw_text_mid(img, x, y, str(number), MIN_TEXT, PLATE_INK, bold=True, align="center")


def _vent(d: ImageDraw.ImageDraw, at: Point, noisy: bool) -> None:
    """A technical corridor entrance: a hexagonal grille (yellow while it has noise)."""
    x, y = at
    d.regular_polygon((x, y, VENT_R), 6, fill=NOISE if noisy else C.SLOT,
                      outline=C.INK if noisy else C.EDGE_HI, width=2)
    ink = C.INK if noisy else C.MUTED
    for dy in (-4, 0, 4):
        d.line((x - 6, y + dy, x + 6, y + dy), fill=ink, width=2)


# ---------------------------------------------------------------------- legend
LegendIcon = Callable[[Image.Image, ImageDraw.ImageDraw, float, float], None]


def _legend_entries(mars: bool = False) -> list[tuple[float, LegendIcon, str]]:
    def disc(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        _disc(img, d, x + 15, cy, SEATS[0], 1)

    def intruder(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        _diamond(img, d, x + 18, cy, "A", False)

    def noise(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        _noise(d, x + 10, cy)

    def door(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        d.line((x, cy, x + 30, cy), fill=mix(C.PANEL, C.EDGE_HI, 0.75), width=5)
        _door(d, x + 15, cy, 1.0, 0.0, False)

    def broken(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        d.line((x, cy, x + 30, cy), fill=mix(C.PANEL, C.EDGE_HI, 0.75), width=5)
        _door(d, x + 15, cy, 1.0, 0.0, True)

    def plate(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        _plate(img, d, x + 9, cy, 2)

    def vent(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        _vent(d, (x + VENT_R, cy), False)

    def items(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        w, draw = _items_token(img, 3)
        draw(d, x + w / 2, cy)

    def icon(fn: Callable[[ImageDraw.ImageDraw, float, float], None]) -> LegendIcon:
        return lambda img, d, x, cy: fn(d, x + 12, cy)

    def obj(kind: str) -> LegendIcon:
        def draw(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
            w, fn = _object_token(img, kind, 1)
            fn(d, x + w / 2, cy)
        return draw

    head = [(30, disc, "character (seat)"), (36, intruder, "intruder:"),
            (0, _no_icon, "L larva · C creeper · A adult · B breeder · Q queen"),
            (18, plate, "corridor number"), (20, noise, "noise"), (30, door, "door"),
            (30, broken, "broken door")]
    tail = [(30, items, "items"), (24, icon(_computer_icon), "computer"),
            (24, icon(_flame_icon), "fire"), (24, icon(_bolt_icon), "malfunction"),
            (18, obj("egg"), "egg"), (20, obj("carcass"), "carcass"),
            (22, obj("corpse"), "corpse")]
    if mars:
        from renders.lockdown_mars import legend_entries

        return [*head, *legend_entries(), *tail]
    return [*head, (2 * VENT_R, vent, "vent"), *tail[:2], (24, icon(_lift_icon), "elevator"),
            *tail[2:]]


def _no_icon(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    return None


LEGEND_LINE = 30


def legend_lines(width: int, mars: bool = False) -> list[list[tuple[float, LegendIcon, str]]]:
    """The legend's entries (the Mars side's with `mars`) flowed into lines of `width` px."""
    lines: list[list[tuple[float, LegendIcon, str]]] = [[]]
    x = 0.0
    for entry in _legend_entries(mars):
        w = _entry_width(entry)
        if lines[-1] and x + w > width:
            lines.append([])
            x = 0.0
        lines[-1].append(entry)
        x += w + 18
    return lines


def _entry_width(entry: tuple[float, LegendIcon, str]) -> float:
    icon_w, _, label = entry
    return icon_w + (6 if icon_w else 0) + text_width(label, MIN_TEXT)


def _legend(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, mars: bool = False) -> None:
    x0, y0, x1, y1 = box
    lines = legend_lines(int(x1 - x0), mars)
    top = (y0 + y1) / 2 - len(lines) * LEGEND_LINE / 2
    for i, entries in enumerate(lines):
        cy = top + i * LEGEND_LINE + LEGEND_LINE / 2
        x = x0
        for entry in entries:
            icon_w, icon, label = entry
            icon(img, d, x, cy)
            x += icon_w + (6 if icon_w else 0)
            x += draw_text_mid(img, x, cy, label, MIN_TEXT, C.MUTED) + 18


# ---------------------------------------------------------------------- header
def _header(img: Image.Image, d: ImageDraw.ImageDraw, v: LockdownView,
            people: Mapping[str, Person]) -> None:
    cy = HEADER_H / 2
    x = 48 + text_width("LOCKDOWN", 28, True) + 14
    x += draw_chip(img, d, x, cy, f"ROUND {v.round}", C.TITLE, solid=False, size=MIN_TEXT,
                   h=CHIP_H) + 12
    mode = MODES.get(v.mode)
    if mode is not None:
        x += draw_chip(img, d, x, cy, mode, C.OK, solid=True, size=MIN_TEXT, h=CHIP_H) + 12
    if v.winners is not None:
        text, colour = "Game over", C.WARN
    else:
        first = _name_of(people, v.first_player) if v.first_player else "—"
        text, colour = f"First: {first}", C.TEXT
        if v.waiting:
            text += " · waiting for " + ", ".join(_name_of(people, s) for s in v.waiting)
    draw_text_mid(img, x, cy, text, BIG, colour, bold=True, max_w=W - 12 - int(x))


# ------------------------------------------------------------------- corridors
def _corridors(d: ImageDraw.ImageDraw, geo: Geometry, v: LockdownView) -> None:
    noisy_areas: set[str] = set()
    if geo.surface is not None and v.surface is not None:
        loud = {a.number for a in v.surface.areas if a.noise}
        noisy_areas = {cid for cid, n in geo.surface.stub_area.items() if n in loud}
    for c in v.corridors:
        if c.id in geo.stubs:
            start, end = geo.stubs[c.id]
            length = math.hypot(end[0] - start[0], end[1] - start[1]) or 1.0
            ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
            # between the number plate and the vent
            mid = (2 * PLATE_OFF + length - VENT_R) / 2
            mx, my = start[0] + ux * mid, start[1] + uy * mid
            if geo.surface is not None:
                if c.id in noisy_areas:
                    from renders.lockdown_mars import area_exit

                    area_exit(d, end, True)
            elif v.tech_noise:
                _vent(d, end, True)
        elif c.id in geo.segments:
            (ax, ay), (bx, by) = geo.segments[c.id]
            length = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = (bx - ax) / length, (by - ay) / length
            mx, my = (ax + bx) / 2, (ay + by) / 2
        else:
            continue
        shut = c.door in ("closed", "destroyed")
        if shut:
            _door(d, mx, my, ux, uy, c.door == "destroyed")
        if c.noise:
            off = 18 if shut else 0  # beside a door, on the side away from the top-left
            _noise(d, mx - uy * off, my + ux * off)


def _noise(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    d.ellipse((x - 10, y - 10, x + 10, y + 10), fill=NOISE, outline=C.INK, width=3)


def _door(d: ImageDraw.ImageDraw, mx: float, my: float, ux: float, uy: float,
          broken: bool) -> None:
    px, py = -uy, ux
    half = 15
    if not broken:
        ends = (mx - px * half, my - py * half, mx + px * half, my + py * half)
        d.line(ends, fill=C.INK, width=11)
        d.line(ends, fill=DOOR, width=6)
        return
    for sign in (-1, 1):  # two halves knocked askew, with a gap between them
        a = (mx + sign * (px * (half + 1) + ux * 4), my + sign * (py * (half + 1) + uy * 4))
        b = (mx + sign * (px * 3 - ux * 4), my + sign * (py * 3 - uy * 4))
        d.line((a, b), fill=C.INK, width=11)
        d.line((a, b), fill=C.DANGER, width=6)


# ----------------------------------------------------------------------- rooms
NAME_TOP = 5
NAME_STEP = 24
TOKEN_Y = 68     # the token row's middle, below the box top
PAD = 7


@lru_cache(maxsize=512)
def _tile(geo: Geometry, players: int, slot: str, tile: str | None, label: str,
          explored: bool, powered: bool) -> Image.Image:
    """The room box with its name, on its patch of the frame."""
    frame = _static_frame(geo, players)
    x0, y0, x1, y1 = (round(c) for c in geo.boxes[slot])
    patch = frame.crop((x0, y0, x1 + 1, y1 + 1))
    d = ImageDraw.Draw(patch)
    w, h = x1 - x0, y1 - y0
    section = geo.sections[slot]
    base = SECTION.get(section, SECTION[None])
    if not explored and section is not None:
        d.rounded_rectangle((0, 0, w, h), radius=8, fill=(16, 21, 34),
                            outline=mix(C.PANEL, base, 0.6), width=2)
        code = slot_code(slot)
        x = PAD + 2
        x += draw_text(patch, x, NAME_TOP, "?", BIG, mix(C.PANEL, base, 0.9), bold=True) + 8
        draw_text(patch, x, NAME_TOP, code, BIG, mix(base, WHITE, 0.45), bold=True,
                  max_w=w - x - PAD)
        return patch
    lit = powered or section is None
    fill = mix(C.PANEL, base, 0.42 if lit else 0.2)
    d.rounded_rectangle((0, 0, w, h), radius=8, fill=fill,
                        outline=mix(base, WHITE, 0.25) if lit else mix(C.PANEL, base, 0.7),
                        width=2)
    left = PAD
    colour = _search_colour(tile)
    if colour is not None:
        d.rounded_rectangle((3, 3, 9, h - 3), radius=3, fill=colour)
        left = 14
    inner = w - left - PAD
    lines, bold = name_lines(label, inner)
    for i, line in enumerate(lines):
        draw_text_squeezed(patch, left, NAME_TOP + i * NAME_STEP, line, MIN_TEXT,
                           C.TEXT if lit else mix(C.TEXT, C.PANEL, 0.25), bold, inner)
    return patch


NAME_FITS = ((True, 1.0), (True, 0.9), (False, 1.0), (False, SQUEEZE_MIN))


@lru_cache(maxsize=256)
def name_lines(name: str, width: int) -> tuple[tuple[str, ...], bool]:
    """A room name in at most two lines of `width` px, and whether they are bold: the
    first way that fits of bold, bold a little squeezed, regular, regular squeezed
    (draw_text_squeezed keeps the height); else the second line is cut."""
    lines: list[str] = []
    for bold, squeeze in NAME_FITS:
        lines = []
        for word in name.split():
            if lines and fits_squeezed(f"{lines[-1]} {word}", MIN_TEXT, bold, width, squeeze):
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        if len(lines) <= 2 and all(fits_squeezed(x, MIN_TEXT, bold, width, squeeze)
                                   for x in lines):
            return tuple(lines), bold
    rest = " ".join(lines[1:])
    return (lines[0], fit_text(rest, MIN_TEXT, False, width)), False


@lru_cache(maxsize=64)
def _search_colour(tile: str | None) -> RGB | None:
    from rules.lockdown.cards import index

    room = index().rooms.get(tile or "")
    return SEARCH.get(room.color) if room else None


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
    lift_room = _lift_room(v.elevator_at) if v.surface is None else ""
    rover = v.surface.rover if v.surface is not None else ""
    crossroads = geo.surface.crossroads if geo.surface is not None else frozenset()
    for r in v.rooms:
        box = geo.boxes.get(r.slot)
        if box is None:
            continue
        powered = r.section is None or bool(v.power.get(str(r.section), False))
        label = room_label(r)
        outside = r.slot in crossroads  # a crossroads: never fire nor a malfunction
        if outside:
            from renders.lockdown_mars import crossroads_tile

            patch = crossroads_tile(geo, len(v.heroes), r.slot, label, r.explored)
        else:
            patch = _tile(geo, len(v.heroes), r.slot, r.tile, label, r.explored, powered)
        x0, y0, x1, y1 = (round(c) for c in box)
        img.paste(patch, (x0, y0))
        if r.fire and not outside:
            d.rounded_rectangle((x0, y0, x1, y1), radius=8, outline=FIRE, width=4)
        cy = y0 + TOKEN_Y
        markers: list[Token] = []
        if r.items:
            markers.append(_items_token(img, r.items))
        if r.computer:
            markers.append((24, _computer_icon))
        if r.slot == lift_room:
            markers.append((24, _lift_icon))
        if r.slot == rover:
            from renders.lockdown_mars import ROVER_W, rover_icon

            markers.append((ROVER_W, rover_icon))
        if r.fire and not outside:
            markers.append((22, _flame_icon))
        if r.malfunction and not outside:
            markers.append((20, _bolt_icon))
        right = x1 - PAD
        for w, draw in markers:
            draw(d, right - w / 2, cy)
            right -= w + 3
        tokens = [_hero_token(img, people.get(h.seat)) for h in heroes.get(r.slot, [])]
        tokens += [_intruder_token(img, it) for it in intruders.get(r.slot, [])]
        for obj, n in Counter(o.split("_")[0] for o in r.objects).items():
            tokens.append(_object_token(img, obj, n))
        _flow(img, d, x0 + PAD + (7 if _search_colour(r.tile) else 0), right - 3, cy, tokens)


def _lift_room(at: int) -> str:
    from rules.lockdown.cards import content

    return content().board.elevator_rooms.get(str(at), "")


def _flow(img: Image.Image, d: ImageDraw.ImageDraw, left: float, right: float, cy: float,
          tokens: Sequence[Token]) -> None:
    """Tokens left to right; a "+n" counter replaces the ones that do not fit."""
    x = left
    for i, (w, draw) in enumerate(tokens):
        rest = tokens[i + 1:]
        more = text_width(f"+{len(rest)}", MIN_TEXT, True) + 4 if rest else 0
        fits_all = x + w + sum(t[0] + 3 for t in rest) <= right
        if x + w > right or (rest and not fits_all and x + w + 3 + more > right):
            draw_text_mid(img, x, cy, f"+{len(tokens) - i}", MIN_TEXT, C.TEXT, bold=True)
            return
        draw(d, x + w / 2, cy)
        x += w + 3


def _disc(img: Image.Image, d: ImageDraw.ImageDraw, cx: float, cy: float, colour: RGB,
          number: int | None) -> None:
    d.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill=colour, outline=C.INK, width=2)
    label = "?" if number is None else str(number)
    draw_text_mid(img, cx, cy, label, MIN_TEXT, C.INK, bold=True, align="center")


def _hero_token(img: Image.Image, person: Person | None) -> Token:
    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
        _disc(img, d, cx, cy, person.colour if person else C.MUTED,
              person.number if person else None)
    return 30, draw


def _diamond(img: Image.Image, d: ImageDraw.ImageDraw, cx: float, cy: float, letter: str,
             queen: bool) -> None:
    r = 18
    pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    d.polygon(pts, fill=QUEEN if queen else INTRUDER, outline=C.WARN if queen else C.INK,
              width=2)
    draw_text_mid(img, cx, cy, letter, MIN_TEXT, WHITE, bold=True, align="center")


def _intruder_token(img: Image.Image, it: Mapping[str, object]) -> Token:
    kind = str(it.get("kind", ""))
    letter = KINDS.get(kind, ((kind[:1] or "?").upper(), kind))[0]
    injuries = it.get("injuries", 0)
    hurt = min(injuries, 9) if isinstance(injuries, int) else 0

    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
        cx -= 6 if hurt else 0
        _diamond(img, d, cx, cy, letter, kind == "queen")
        if hurt:  # injuries: a white badge on the right
            bx = cx + 19
            d.rounded_rectangle((bx - 9, cy - 12, bx + 9, cy + 12), radius=5, fill=WHITE,
                                outline=C.INK, width=2)
            draw_text_mid(img, bx, cy, str(hurt), MIN_TEXT, C.DANGER, bold=True,
                          align="center")
    return (48 if hurt else 36), draw


def _object_token(img: Image.Image, obj: str, n: int) -> Token:
    count = f"{n}" if n > 1 else ""
    cw = text_width(count, MIN_TEXT, True) if count else 0

    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
        x = cx - (18 + cw) / 2 + 9
        if obj == "egg":
            d.ellipse((x - 8, cy - 11, x + 8, cy + 11), fill=EGG, outline=C.INK, width=2)
        elif obj == "carcass":
            d.ellipse((x - 10, cy - 10, x + 10, cy + 10), fill=CARCASS, outline=C.INK, width=2)
            d.line((x - 5, cy - 5, x + 5, cy + 5), fill=C.INK, width=3)
            d.line((x - 5, cy + 5, x + 5, cy - 5), fill=C.INK, width=3)
        else:  # a corpse (or anything else left in the room)
            draw_text_mid(img, x, cy, "☠", BIG, CORPSE, bold=True, align="center")
        if count:
            draw_text_mid(img, x + 11, cy, count, MIN_TEXT, C.TEXT, bold=True)
    return 20 + cw + (2 if count else 0), draw


def _items_token(img: Image.Image, n: int) -> Token:
    label = str(n)
    w = max(24, text_width(label, MIN_TEXT, True) + 10)

    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
        d.rounded_rectangle((cx - w / 2, cy - 13, cx + w / 2, cy + 13), radius=4,
                            fill=mix(C.PANEL, C.WARN, 0.2), outline=mix(C.PANEL, C.WARN, 0.8),
                            width=2)
        draw_text_mid(img, cx, cy, label, MIN_TEXT, C.WARN, bold=True, align="center")
    return w, draw


def _computer_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    d.rectangle((cx - 11, cy - 10, cx + 11, cy + 5), fill=C.INK, outline=C.CYAN, width=2)
    d.rectangle((cx - 7, cy - 6, cx + 7, cy + 1), fill=mix(C.INK, C.CYAN, 0.5))
    d.line((cx, cy + 5, cx, cy + 9), fill=C.CYAN, width=2)
    d.line((cx - 7, cy + 10, cx + 7, cy + 10), fill=C.CYAN, width=2)


def _lift_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    d.rounded_rectangle((cx - 11, cy - 12, cx + 11, cy + 12), radius=3, fill=C.INK,
                        outline=C.OK, width=2)
    d.polygon([(cx, cy - 9), (cx - 6, cy - 2), (cx + 6, cy - 2)], fill=C.OK)
    d.polygon([(cx, cy + 9), (cx - 6, cy + 2), (cx + 6, cy + 2)], fill=C.OK)


def _flame_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    s = 11
    d.ellipse((cx - 0.7 * s, cy - 0.2 * s, cx + 0.7 * s, cy + s), fill=FIRE)
    d.polygon([(cx - 0.7 * s, cy + 0.35 * s), (cx, cy - s), (cx + 0.7 * s, cy + 0.35 * s)],
              fill=FIRE)
    d.ellipse((cx - 0.32 * s, cy + 0.25 * s, cx + 0.32 * s, cy + 0.85 * s), fill=C.WARN)


def _bolt(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, colour: RGB) -> None:
    pts = [(cx + 0.15 * s, cy - s), (cx - 0.55 * s, cy + 0.1 * s), (cx - 0.05 * s, cy + 0.1 * s),
           (cx - 0.2 * s, cy + s), (cx + 0.55 * s, cy - 0.15 * s),
           (cx + 0.05 * s, cy - 0.15 * s)]
    d.polygon(pts, fill=colour)


def _bolt_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    _bolt(d, cx, cy, 12, MALF)


# ------------------------------------------------------------------- time track
@lru_cache(maxsize=1)
def _track() -> tuple[tuple[int, bool, bool, int], ...]:
    """(slot, white, css, threshold after) from the content, plus the purge slot 0."""
    from rules.lockdown.cards import content

    slots = sorted(content().time_track.slots, key=lambda s: -s.number)
    return (*((s.number, s.white, s.css, s.threshold_after) for s in slots),
            (0, False, False, 0))


TRACK = _track()
SLOT_GAP = 4
SLOT_W = int((MAP_X1 - MAP_X0 - 28 - SLOT_GAP * (len(TRACK) - 1)) / len(TRACK))
SLOT_H = 46
SLOT_Y = 58          # below the panel's top
MARK_H = 26
MARK_STEP = 30


def _slot_box(lay: Layout, i: int) -> tuple[float, float]:
    return lay.time[0] + 14 + i * (SLOT_W + SLOT_GAP), lay.time[1] + SLOT_Y


def _time_frame(img: Image.Image, d: ImageDraw.ImageDraw, lay: Layout) -> None:
    draw_text_mid(img, lay.time[0] + 14, lay.time[1] + 22, "TIME", BIG, C.TITLE, bold=True)
    for i, (slot, white, _css, threshold) in enumerate(TRACK):
        bx, by = _slot_box(lay, i)
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
        draw_text_mid(img, bx + SLOT_W / 2, by + SLOT_H / 2, label, 26, ink, bold=True,
                      align="center")
        if threshold:
            gx = bx + SLOT_W + SLOT_GAP / 2
            for k in range(threshold):
                _bolt(d, gx + (k - (threshold - 1) / 2) * 13, by - 11, 10, MALF)


def _time_track(img: Image.Image, d: ImageDraw.ImageDraw, lay: Layout,
                v: LockdownView) -> None:
    fx0, fy0, fx1, _ = lay.time
    index = {slot: i for i, (slot, *_rest) in enumerate(TRACK)}
    right = fx1 - 12
    if v.isolation_open:
        w = chip_width("ISOLATION OPEN", MIN_TEXT)
        draw_chip(img, d, right - w, fy0 + 22, "ISOLATION OPEN", C.OK, size=MIN_TEXT, h=CHIP_H)
        right -= w + 10
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
    x = fx0 + 14 + text_width("TIME", BIG, True) + 14
    for text, colour in parts:
        if x >= right - 30:
            break
        x += draw_text_mid(img, x, fy0 + 22, text, MIN_TEXT, colour, bold=True,
                           max_w=int(right - x)) + 16
    i = index.get(v.time)
    if i is not None:
        bx, by = _slot_box(lay, i)
        ring = C.CYAN if v.time_active else (222, 228, 236)
        d.rounded_rectangle((bx - 4, by - 4, bx + SLOT_W + 4, by + SLOT_H + 4), radius=8,
                            outline=ring, width=4)
    marks: list[tuple[int, str, RGB, bool]] = [(s, "CSS", C.CYAN, False) for s in v.css_slots]
    if v.autodestruct is not None:
        marks.append((v.autodestruct, "BOOM", C.DANGER if v.autodestruct_red else C.WARN, True))
    if v.alert is not None:
        marks.append((v.alert, "ALERT", ALERT, True))
    taken: list[list[tuple[float, float]]] = [[], []]
    for slot, label, colour, solid in marks:
        j = index.get(slot)
        if j is None:
            continue
        bx, by = _slot_box(lay, j)
        w = max(SLOT_W, chip_width(label, MIN_TEXT))
        x0 = bx + SLOT_W / 2 - w / 2
        row = next((k for k, spans in enumerate(taken)
                    if all(x0 + w + 2 <= a or b + 2 <= x0 for a, b in spans)), None)
        if row is None:
            continue
        taken[row].append((x0, x0 + w))
        cy = by + SLOT_H + 8 + MARK_H / 2 + row * MARK_STEP
        box = (x0, cy - MARK_H / 2, x0 + w, cy + MARK_H / 2)
        if solid:
            d.rounded_rectangle(box, radius=5, fill=colour)
        else:
            d.rounded_rectangle(box, radius=5, fill=mix(C.PANEL, colour, 0.2), outline=colour,
                                width=2)
        draw_text_mid(img, x0 + w / 2, cy, label, MIN_TEXT, C.INK if solid else colour,
                      bold=True, align="center")


# -------------------------------------------------------------------- facility
Chip = tuple[str, RGB, bool]


def _facility(img: Image.Image, d: ImageDraw.ImageDraw, lay: Layout, v: LockdownView) -> None:
    from rules.lockdown.cards import index

    on = v.power
    nest = (("NEST DESTROYED", C.OK, True) if v.nest_destroyed else
            ("NEST FOUND", C.WARN, True) if v.nest_found else ("NEST HIDDEN", C.DIM, False))
    power: list[Chip] = [(f"S{k}", C.OK, True) if on.get(k) else (f"S{k}", C.DIM, False)
                         for k in ("1", "2", "3")]
    backup: Chip = ("BACKUP", C.CYAN, True) if v.time_active else ("NO BACKUP", C.DIM, False)
    aliens: tuple[str, list[Chip]] = (
        "ALIENS", [(f"{v.eggs} EGG{'S' if v.eggs != 1 else ''}", EGG, False), nest,
                   (f"BAG {v.bag_size}", C.MUTED, False)])
    items: tuple[str, list[Chip]] = ("ITEMS", [(f"{len(v.crafted)} CRAFTABLE", C.MUTED, False)])
    if v.surface is not None:  # Mars: no elevator, no gate; the rover and the areas
        from renders.lockdown_mars import site_chips

        groups = [("POWER", [*power, backup]), ("SITE", site_chips(v)), aliens, items]
    else:
        groups = [
            ("POWER", [*power, ("LIFT", C.OK, True) if on.get("elevator")
                       else ("LIFT", C.DIM, False), backup]),
            ("SITE", [(f"LIFT @ S{v.elevator_at}", C.TEXT, False),
                      ("GATE OPEN", C.OK, True) if v.gate_open else ("GATE SHUT", C.DIM, False),
                      ("ROVER HOME", C.TEXT, False) if v.rover_at_base
                      else ("ROVER OUT", C.WARN, True)]),
            aliens,
            ("VENTS", [("NOISE", NOISE, True) if v.tech_noise else ("QUIET", C.DIM, False)]),
            items,
        ]
    names = index().weaknesses
    lab: list[Chip] = []
    for k in range(max(3, len(v.lab_slots))):
        if k < len(v.lab_slots):  # the weakness it revealed, else the object researched
            weak = v.weaknesses[k] if k < len(v.weaknesses) else ""
            card = names.get(weak)
            lab.append((card.name if card else (weak or v.lab_slots[k]).replace("_", " "),
                        C.QUARANTINE, True))
        else:
            lab.append(("—", C.DIM, False))
    groups.append(("LAB", lab))
    x0, y0, x1, _ = lay.facility
    left, right = x0 + 14, x1 - 12
    x, cy = left, y0 + 24
    for title, chips in groups:
        need = text_width(title, MIN_TEXT, True) + 8 + sum(
            chip_width(t, MIN_TEXT) + 6 for t, _, _ in chips)
        if x > left and (x + need > right or title == "LAB"):
            x, cy = left, cy + 38
        x += draw_text_mid(img, x, cy, title, MIN_TEXT, C.TITLE, bold=True) + 8
        for text, colour, solid in chips:
            text = fit_text(text, MIN_TEXT, True, int(right - x) - 14)
            if not text:
                break
            x += draw_chip(img, d, x, cy, text, colour, solid=solid, size=MIN_TEXT,
                           h=CHIP_H) + 6
        x += 20


# --------------------------------------------------------------------- players
def _player_row(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, h: HeroView,
                v: LockdownView, people: Mapping[str, Person]) -> None:
    x0, y0, x1, y1 = box
    person = people.get(h.seat) or Person(short_seat(h.seat), 0, C.MUTED)
    dead = h.place == "dead"
    d.rounded_rectangle(box, radius=10, fill=C.PANEL if not dead else (14, 16, 24),
                        outline=mix(C.PANEL, person.colour, 0.7), width=2)
    d.rounded_rectangle((x0 + 3, y0 + 6, x0 + 8, y1 - 6), radius=2, fill=person.colour)
    left, right = x0 + 16, x1 - 12
    cy1, cy2 = y0 + 20, y0 + 52
    _disc(img, d, left + 15, (y0 + y1) / 2, person.colour, person.number or None)
    left += 40
    # line 1, right: first player, waiting, passed, result
    marks: list[Chip] = []
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
    x = right
    for label, colour, solid in reversed(marks):
        w = chip_width(label, MIN_TEXT)
        x -= w
        draw_chip(img, d, x, cy1, label, colour, solid=solid, size=MIN_TEXT, h=28)
        x -= 6
    line_right = x - 6
    # line 1, left: name · character · where
    name_w = min(text_width(person.name, BIG, True), 300)
    x = left + draw_text_mid(img, left, cy1, person.name, BIG,
                             C.TEXT if not dead else C.MUTED, bold=True,
                             max_w=int(min(name_w, line_right - left)))
    if not h.character:
        draw_text_mid(img, x + 12, cy1, "choosing a character", MIN_TEXT, C.DIM,
                      max_w=max(0, int(line_right - x - 12)))
    else:
        x += 12
        x += draw_text_mid(img, x, cy1, h.name, MIN_TEXT, C.MUTED,
                           max_w=max(0, int(min(170, line_right - x)))) + 12
        r = next((r for r in v.rooms if r.slot == h.room), None)
        if h.place == "board" and r is not None:
            colour = SECTION.get(r.section, SECTION[None])
            if x + 20 < line_right:
                d.ellipse((x, cy1 - 7, x + 14, cy1 + 7), fill=mix(colour, WHITE, 0.2))
                draw_text_mid(img, x + 20, cy1, room_label(r), MIN_TEXT, C.TEXT,
                              max_w=max(0, int(line_right - x - 20)))
        else:
            label, colour = PLACES.get(h.place, (h.place.upper(), C.MUTED))
            label = fit_text(label, MIN_TEXT, True, int(line_right - x) - 14)
            if label:
                draw_chip(img, d, x, cy1, label, colour, size=MIN_TEXT, h=28)
    if not h.character:
        return
    # line 2: wounds, hand, knowledge, items, heavy things; flags on the right
    flags = [(label, colour) for on, label, colour in (
        (h.slime, "SLIME", (150, 220, 80)), (h.larva, "LARVA", C.INFECTED),
        (h.signal, "SIGNAL", C.CYAN)) if on]
    fx = right
    for label, colour in reversed(flags):
        w = chip_width(label, MIN_TEXT)
        fx -= w
        draw_chip(img, d, fx, cy2, label, colour, size=MIN_TEXT, h=28)
        fx -= 6
    x = left
    for k in range(2):
        filled = k < h.light
        d.ellipse((x, cy2 - 9, x + 18, cy2 + 9), fill=C.FATIGUE if filled else C.SLOT,
                  outline=C.FATIGUE if filled else C.EDGE_HI, width=2)
        x += 22
    x += 4
    if h.serious:
        x += draw_chip(img, d, x, cy2, f"{len(h.serious)} serious", C.DANGER, size=MIN_TEXT,
                       h=28) + 10
    x += draw_text_mid(img, x, cy2, f"hand {h.hand_size} · know {h.knowledge}", MIN_TEXT,
                       C.TEXT, max_w=max(0, int(fx - x - 8))) + 12
    for colour_name in h.item_colors[:10]:
        if x + 18 > fx - 8:
            break
        c = ITEM.get(colour_name, C.MUTED)
        d.rounded_rectangle((x, cy2 - 9, x + 15, cy2 + 9), radius=3, fill=c, outline=C.INK)
        x += 19
    held = ", ".join(x.replace("_", " ") for x in h.hands if x)
    if held and x + 40 < fx - 8:
        x += 8
        draw_text_mid(img, x, cy2, f"holds {held}", MIN_TEXT, C.MUTED,
                      max_w=int(fx - 8 - x))


# --------------------------------------------------------------------- the end
def _ending(reason: str | None) -> str:
    if not reason:
        return "The game is over"
    if reason.startswith("explosion"):
        why = reason.partition(":")[2]
        return f"The facility exploded: {why}" if why else "The facility exploded"
    return ENDINGS.get(reason, reason.replace("_", " ").capitalize())


BANNER_W, BANNER_H = 900, 280


def banner_box(lay: Layout) -> Box:
    mx0, my0, mx1, my1 = lay.map
    cx, cy = (mx0 + mx1) / 2, (my0 + my1) / 2
    return (cx - BANNER_W / 2, cy - BANNER_H / 2, cx + BANNER_W / 2, cy + BANNER_H / 2)


def _end_banner(img: Image.Image, lay: Layout, v: LockdownView,
                people: Mapping[str, Person]) -> None:
    mx0, my0, mx1, my1 = lay.map
    overlay = ImageDraw.Draw(img, "RGBA")
    overlay.rectangle((mx0 + 2, my0 + 2, mx1 - 2, my1 - 2), fill=(4, 6, 12, 130))
    bx0, by0, bx1, by1 = banner_box(lay)
    won = bool(v.winners)
    colour = C.OK if won else C.DANGER
    overlay.rounded_rectangle((bx0, by0, bx1, by1), radius=16, fill=(8, 10, 20, 238),
                              outline=(*colour, 255), width=4)
    cx = (bx0 + bx1) / 2
    inner = int(bx1 - bx0 - 48)
    draw_text_mid(img, cx, by0 + 32, "GAME OVER", 26, C.MUTED, bold=True, align="center")
    y = by0 + 54
    for line in wrap_text(_ending(v.ended), 26, True, inner, 2):
        draw_text(img, cx, y, line, 26, C.TEXT, bold=True, align="center")
        y += 32
    winners = [_name_of(people, s) for s in v.winners or []]
    if not winners:
        draw_text_mid(img, cx, by0 + 190, "NOBODY WINS", 48, colour, bold=True, align="center")
        return
    title = "WINNER" if len(winners) == 1 else "WINNERS"
    draw_text_mid(img, cx, by0 + 150, title, BIG, colour, bold=True, align="center")
    lines = _pack(winners, 32, inner, 2)
    y = by0 + (206 if len(lines) == 1 else 190)
    for line in lines:
        draw_text_mid(img, cx, y, line, 32, colour, bold=True, align="center")
        y += 40


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


__all__ = [
    "HEADER_H",
    "MIN_TEXT",
    "PHONE_W",
    "ROOM_H",
    "Layout",
    "W",
    "banner_box",
    "geometry",
    "layout",
    "layout_key",
    "legend_lines",
    "name_lines",
    "render_board",
    "render_image",
    "room_label",
    "row_boxes",
]
