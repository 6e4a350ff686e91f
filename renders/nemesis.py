"""The original Nemesis board image, drawn from a public `NemesisView` only.

Drawn for a phone like the Lockdown board: 1100 px wide, so Discord's inline preview
(about 550 px) halves it, and no text is smaller than MIN_TEXT (22 px, 11 px on the
phone). Top to bottom:

* header: round, first player, who the game waits for;
* the ship (renders/nemesis_geometry.py places it, turned a quarter: engines at the
  top, cockpit at the bottom, one column per deck): rooms named as every text names them
  (the tile's name once explored, else "? Room 7" and the slot's level), a stripe in the
  colour of the item deck searched there; corridors with their numbers at each end,
  doors, noise markers and vents; characters are round coloured discs with their seat
  number, intruders red diamonds with a kind letter and their injuries; objects, item
  counters, fire, malfunctions, a sealed room; the legend under the rooms;
* the tracks: time (the blue spaces open the hibernatorium; the ship jumps after the
  last), self-destruct (green, yellow, skull) and the destination marker (where the
  ship is headed is public, which space is Earth is not);
* the ship's state: the escape pods (locked, open, gone, who sits in them), the nest and
  its eggs, the bag, the weaknesses found, and, at the end only, the engines and the
  coordinates;
* one row per player (the seat disc again, name, character, room, wounds, hand, items).

The frame (background, panels, corridors, their numbers, vents, the legend, the empty
tracks) is drawn once per layout and copied.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renders.board_geometry import VENT_R, Box
from renders.common import (
    RGB,
    C,
    chip_width,
    draw_chip,
    draw_text,
    draw_text_mid,
    draw_text_squeezed,
    fit_text,
    mix,
    short_seat,
    text_width,
    vertical_gradient,
)
from renders.nemesis_geometry import MAP_X0, MAP_X1, MAP_Y0, PLATE_OFF, Geometry, W, geometry
from renders.nemesis_pieces import (
    BIG,
    EGG,
    ITEM,
    MIN_TEXT,
    NOISE,
    SEARCH,
    SEATS,
    WHITE,
    LegendEntry,
    LegendIcon,
    Person,
    Token,
    bolt_icon,
    computer_icon,
    diamond,
    disc,
    door,
    draw_legend,
    end_banner,
    flame_icon,
    flow,
    flow_legend,
    hero_token,
    intruder_token,
    items_token,
    name_lines,
    name_of,
    no_icon,
    noise,
    object_token,
    plate,
    seat_people,
    vent,
)
from renders.png import encode_png
from rules.nemesis_original.view import HeroView, NemesisView, RoomView

PHONE_W = 550        # Discord's inline width on a phone
CHIP_H = 30
HEADER_H = 60
GAP = 8              # between panels
TRACKS_H = 206
SHIP_H = 128
ROW_H = 72           # one player's row
ROW_GAP = 6
HULL: RGB = (96, 112, 140)          # special rooms
UNEXPLORED: RGB = (86, 100, 130)
BLUE: RGB = (58, 120, 220)          # the time track's blue spaces
SEALED: RGB = (120, 220, 255)
SLIME: RGB = (150, 220, 80)
PLACES = {"pod": ("IN POD", C.CYAN), "escaped": ("ESCAPED", C.OK),
          "hibernated": ("HIBERNATING", C.QUARANTINE), "dead": ("DEAD", C.DANGER)}


# ---------------------------------------------------------------------- layout
@dataclass(frozen=True)
class Layout:
    """The panels of a board for one map layout and player count."""

    map: Box
    tracks: Box
    ship: Box
    players: Box
    height: int


def layout_key(view: NemesisView) -> tuple[object, ...]:
    """What the map's geometry depends on: the room slots and the numbered corridors."""
    from rules.nemesis_original.ship import ship

    numbers = {c.id: (c.a_number, c.b_number) for c in ship().ship.corridors}
    return (tuple((r.slot, r.x, r.y) for r in view.rooms),
            tuple((c.id, c.a, c.b, *numbers.get(c.id, (1, None))) for c in view.corridors))


def layout(geo: Geometry, players: int) -> Layout:
    m = (MAP_X0, MAP_Y0, MAP_X1, MAP_Y0 + geo.height)
    t = (MAP_X0, m[3] + GAP, MAP_X1, m[3] + GAP + TRACKS_H)
    s = (MAP_X0, t[3] + GAP, MAP_X1, t[3] + GAP + SHIP_H)
    rows = max(1, players)
    top = s[3] + GAP
    p = (MAP_X0, top, MAP_X1, top + rows * ROW_H + (rows - 1) * ROW_GAP)
    return Layout(m, t, s, p, int(p[3] + GAP))


def row_boxes(lay: Layout, n: int) -> list[Box]:
    x0, y0, x1, _ = lay.players
    return [(x0, y0 + i * (ROW_H + ROW_GAP), x1, y0 + i * (ROW_H + ROW_GAP) + ROW_H)
            for i in range(n)]


# ----------------------------------------------------------------- entry point
def render_board(view: NemesisView, names: Mapping[str, str] | None = None) -> bytes:
    """The public board for `view` as PNG bytes (1100 px wide). `names` maps seat ids
    to display names; missing seats fall back to a shortened seat id."""
    return encode_png(render_image(view, names))


def render_image(view: NemesisView, names: Mapping[str, str] | None = None) -> Image.Image:
    """The board as a Pillow RGB image (for tests and tools)."""
    geo = geometry(layout_key(view))
    lay = layout(geo, len(view.heroes))
    img = _static_frame(geo, len(view.heroes)).copy()
    d = ImageDraw.Draw(img)
    people = seat_people(view, names)
    _header(img, d, view, people)
    _corridors(d, geo, view)
    _rooms(img, d, geo, view, people)
    _tracks(img, d, lay, view)
    _ship_state(img, d, lay, view, people)
    for box, h in zip(row_boxes(lay, len(view.heroes)), view.heroes, strict=True):
        _player_row(img, d, box, h, view, people)
    if view.winners is not None:
        end_banner(img, lay.map, ending_text(view.ended),
                   [name_of(people, s) for s in view.winners])
    return img


def slot_code(slot: str) -> str:
    """The number printed in an empty room space ("7" for slot s07)."""
    return slot.lstrip("s0") or slot


def room_label(r: RoomView) -> str:
    """A room as every text names it (rules.nemesis_original.profile.room_name)."""
    return r.name if r.explored else f"? Room {slot_code(r.slot)}"


def ending_text(reason: str | None) -> str:
    kind, _, why = (reason or "").partition(":")
    if kind == "explosion":
        return f"The ship exploded: {why}" if why else "The ship exploded"
    if kind == "hyperjump":
        return "The ship jumped into hyperspace"
    return reason.replace("_", " ").capitalize() if reason else "The game is over"


# ----------------------------------------------------------------------- frame
_frames: dict[tuple[object, ...], Image.Image] = {}
_frame_lock = threading.Lock()


def _static_frame(geo: Geometry, players: int) -> Image.Image:
    key = (geo.key, players)
    frame = _frames.get(key)
    if frame is None:
        with _frame_lock:
            frame = _frames.get(key)
            if frame is None:
                frame = _build_frame(geo, layout(geo, players))
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
    d.ellipse((12, HEADER_H / 2 - 14, 40, HEADER_H / 2 + 14), fill=EGG, outline=C.INK,
              width=2)
    draw_text_mid(img, 48, HEADER_H / 2, "NEMESIS", 28, C.TITLE, bold=True)
    for box in (lay.map, lay.tracks, lay.ship):
        _panel(d, box)
    line = mix(C.PANEL, C.EDGE_HI, 0.75)
    for a, b in geo.segments.values():
        d.line((a, b), fill=mix(C.PANEL, (0, 0, 0), 0.4), width=9)
        d.line((a, b), fill=line, width=5)
    for start, end in geo.stubs.values():
        d.line((start, end), fill=mix(C.PANEL, C.EDGE_HI, 0.55), width=4)
        vent(d, end, False)
    for (px, py), number in geo.plates:
        plate(img, d, px, py, number)
    lx0, ly0, lx1, _ = geo.legend
    d.line((lx0, ly0, lx1, ly0), fill=C.EDGE, width=2)
    draw_legend(img, d, geo.legend, legend_lines(int(lx1 - lx0)))
    _tracks_frame(img, d, lay)
    return img


# ---------------------------------------------------------------------- legend
def _legend_entries() -> list[LegendEntry]:
    def seat(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        disc(img, d, x + 15, cy, SEATS[0], 1)

    def intruder(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        diamond(img, d, x + 18, cy, "A", False)

    def loud(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        noise(d, x + 10, cy)

    def shut(broken: bool) -> LegendIcon:
        def draw(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
            d.line((x, cy, x + 30, cy), fill=mix(C.PANEL, C.EDGE_HI, 0.75), width=5)
            door(d, x + 15, cy, 1.0, 0.0, broken)
        return draw

    def number(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        plate(img, d, x + 9, cy, 2)

    def duct(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        vent(d, (x + VENT_R, cy), False)

    def items(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        w, draw = items_token(img, 3)
        draw(d, x + w / 2, cy)

    def icon(fn: object) -> LegendIcon:
        return lambda img, d, x, cy: fn(d, x + 12, cy)  # type: ignore[operator]

    def obj(kind: str) -> LegendIcon:
        def draw(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
            w, fn = object_token(img, kind, 1)
            fn(d, x + w / 2, cy)
        return draw

    def sealed(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        d.rounded_rectangle((x, cy - 11, x + 28, cy + 11), radius=5, outline=SEALED, width=4)

    return [(30, seat, "character (seat)"), (36, intruder, "intruder:"),
            (0, no_icon, "L larva · C creeper · A adult · B breeder · Q queen"),
            (18, number, "corridor number"), (20, loud, "noise"), (30, shut(False), "door"),
            (30, shut(True), "broken door"), (2 * VENT_R, duct, "vent"),
            (30, items, "items"), (24, icon(computer_icon), "computer"),
            (24, icon(flame_icon), "fire"), (24, icon(bolt_icon), "malfunction"),
            (28, sealed, "sealed"), (18, obj("egg"), "egg"), (20, obj("carcass"), "carcass"),
            (22, obj("corpse"), "corpse")]


def legend_lines(width: int) -> list[list[LegendEntry]]:
    return flow_legend(_legend_entries(), width)


# ---------------------------------------------------------------------- header
def _header(img: Image.Image, d: ImageDraw.ImageDraw, v: NemesisView,
            people: Mapping[str, Person]) -> None:
    cy = HEADER_H / 2
    x = 48 + text_width("NEMESIS", 28, True) + 14
    x += draw_chip(img, d, x, cy, f"ROUND {v.round}", C.TITLE, solid=False, size=MIN_TEXT,
                   h=CHIP_H) + 12
    if v.winners is not None:
        text, colour = "Game over", C.WARN
    else:
        first = name_of(people, v.first_player) if v.first_player else "—"
        text, colour = f"First: {first}", C.TEXT
        if v.waiting:
            text += " · waiting for " + ", ".join(name_of(people, s) for s in v.waiting)
    draw_text_mid(img, x, cy, text, BIG, colour, bold=True, max_w=W - 12 - int(x))


# ------------------------------------------------------------------- corridors
def _corridors(d: ImageDraw.ImageDraw, geo: Geometry, v: NemesisView) -> None:
    for c in v.corridors:
        if c.id in geo.stubs:
            start, end = geo.stubs[c.id]
            length = math.hypot(end[0] - start[0], end[1] - start[1]) or 1.0
            ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
            mid = (2 * PLATE_OFF + length - VENT_R) / 2  # between the plate and the vent
            mx, my = start[0] + ux * mid, start[1] + uy * mid
            if v.tech_noise:
                vent(d, end, True)
        elif c.id in geo.segments:
            (ax, ay), (bx, by) = geo.segments[c.id]
            length = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = (bx - ax) / length, (by - ay) / length
            mx, my = (ax + bx) / 2, (ay + by) / 2
        else:
            continue
        shut = c.door in ("closed", "destroyed")
        if shut:
            door(d, mx, my, ux, uy, c.door == "destroyed")
        if c.noise:
            off = 18 if shut else 0  # beside a door
            noise(d, mx - uy * off, my + ux * off)


# ----------------------------------------------------------------------- rooms
NAME_TOP = 6
NAME_STEP = 24
TOKEN_Y = 68     # the token row's middle, below the box top
PAD = 7


@lru_cache(maxsize=64)
def _search_colour(tile: str | None) -> RGB | None:
    from rules.nemesis_original.ship import tiles

    room = tiles().get(tile or "")
    return SEARCH.get(room.color) if room else None


@lru_cache(maxsize=256)
def _tile(geo: Geometry, players: int, slot: str, tile: str | None, label: str,
          level: str) -> Image.Image:
    """The room box with its name, on its patch of the frame."""
    frame = _static_frame(geo, players)
    x0, y0, x1, y1 = (round(c) for c in geo.boxes[slot])
    patch = frame.crop((x0, y0, x1 + 1, y1 + 1))
    d = ImageDraw.Draw(patch)
    w, h = x1 - x0, y1 - y0
    if tile is None:  # unexplored: the slot's number and level
        d.rounded_rectangle((0, 0, w, h), radius=8, fill=(16, 21, 34),
                            outline=mix(C.PANEL, UNEXPLORED, 0.8), width=2)
        x = PAD + 2 + draw_text(patch, PAD + 2, NAME_TOP, label, BIG,
                                mix(UNEXPLORED, WHITE, 0.5), bold=True) + 10
        draw_text(patch, x, NAME_TOP + 1, f"level {level}", MIN_TEXT, C.DIM,
                  max_w=w - x - PAD)
        return patch
    special = level == "special"
    base = HULL if special else (52, 112, 200)
    d.rounded_rectangle((0, 0, w, h), radius=8, fill=mix(C.PANEL, base, 0.42),
                        outline=mix(base, WHITE, 0.25 if not special else 0.45), width=2)
    left = PAD
    colour = _search_colour(tile)
    if colour is not None:
        d.rounded_rectangle((3, 3, 9, h - 3), radius=3, fill=colour)
        left = 14
    inner = w - left - PAD
    lines, bold = name_lines(label, inner)
    for i, line in enumerate(lines[:1] if len(lines) > 1 and h < 80 else lines):
        draw_text_squeezed(patch, left, NAME_TOP + i * NAME_STEP, line, MIN_TEXT, C.TEXT, bold,
                           inner)
    return patch


def _rooms(img: Image.Image, d: ImageDraw.ImageDraw, geo: Geometry, v: NemesisView,
           people: Mapping[str, Person]) -> None:
    heroes: dict[str, list[HeroView]] = {}
    for h in v.heroes:
        if h.place == "board":
            heroes.setdefault(h.room, []).append(h)
    intruders: dict[str, list[dict[str, object]]] = {}
    for it in v.intruders:
        intruders.setdefault(str(it.get("room")), []).append(it)
    for r in v.rooms:
        box = geo.boxes.get(r.slot)
        if box is None:
            continue
        level = r.kind if r.kind in ("I", "II") else "special"
        patch = _tile(geo, len(v.heroes), r.slot, r.tile if r.explored else None,
                      room_label(r), level)
        x0, y0, x1, y1 = (round(c) for c in box)
        img.paste(patch, (x0, y0))
        if r.sealed:
            d.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=10, outline=SEALED,
                                width=4)
        if r.fire:
            d.rounded_rectangle((x0, y0, x1, y1), radius=8, outline=C.FATIGUE, width=4)
        cy = y0 + TOKEN_Y
        markers: list[Token] = []
        if r.items:
            markers.append(items_token(img, r.items))
        if r.computer:
            markers.append((24, computer_icon))
        if r.fire:
            markers.append((22, flame_icon))
        if r.malfunction:
            markers.append((20, bolt_icon))
        right = x1 - PAD
        for w, draw in markers:
            draw(d, right - w / 2, cy)
            right -= w + 3
        tokens = [hero_token(img, people.get(h.seat)) for h in heroes.get(r.slot, [])]
        tokens += [intruder_token(img, it) for it in intruders.get(r.slot, [])]
        objects = Counter(o.split("_")[0] for o in r.objects)
        if r.tile == "nest" and v.eggs and not v.nest_destroyed:
            objects["egg"] += v.eggs
        for obj, n in objects.items():
            tokens.append(object_token(img, obj, n))
        flow(img, d, x0 + PAD + (7 if _search_colour(r.tile) else 0), right - 3, cy, tokens)


# ---------------------------------------------------------------------- tracks
SLOT_GAP = 4
SLOT_H = 44
TIME_Y = 46          # the time slots' top, below the panel's top
LOW_LABEL_Y = 118    # the self-destruct and destination titles
LOW_Y = 136          # their slots' top
SD_W = 56
DEST_W = 56


def _track_sizes() -> tuple[int, int, int, int, tuple[str, ...]]:
    """(time length, first blue space, self-destruct length, first yellow space,
    destination spaces) from the ship's content."""
    from rules.nemesis_original.ship import ship

    sh = ship()
    return (sh.time_track.length, sh.time_track.first_blue, sh.self_destruct.length,
            sh.self_destruct.first_yellow, sh.destination.spaces)


TIME_LEN, FIRST_BLUE, SD_LEN, FIRST_YELLOW, DESTINATIONS = _track_sizes()


def _engine_ids() -> tuple[str, ...]:
    from rules.nemesis_original.ship import ship

    return tuple(e.id for e in ship().engines)


ENGINES = _engine_ids()
TIME_W = int((MAP_X1 - MAP_X0 - 28 - SLOT_GAP * (TIME_LEN - 1)) / TIME_LEN)


def _time_box(lay: Layout, space: int) -> Box:
    x = lay.tracks[0] + 14 + (space - 1) * (TIME_W + SLOT_GAP)
    y = lay.tracks[1] + TIME_Y
    return (x, y, x + TIME_W, y + SLOT_H)


def _sd_box(lay: Layout, space: int) -> Box:
    x = lay.tracks[0] + 14 + (space - 1) * (SD_W + SLOT_GAP)
    y = lay.tracks[1] + LOW_Y
    return (x, y, x + SD_W, y + SLOT_H)


def _dest_box(lay: Layout, i: int) -> Box:
    n = len(DESTINATIONS)
    x = lay.tracks[2] - 14 - (n - i) * (DEST_W + SLOT_GAP) + SLOT_GAP
    y = lay.tracks[1] + LOW_Y
    return (x, y, x + DEST_W, y + SLOT_H)


def _tracks_frame(img: Image.Image, d: ImageDraw.ImageDraw, lay: Layout) -> None:
    x0, y0, _, _ = lay.tracks
    draw_text_mid(img, x0 + 14, y0 + 22, "TIME", BIG, C.TITLE, bold=True)
    for space in range(1, TIME_LEN + 1):
        box = _time_box(lay, space)
        blue = space >= FIRST_BLUE
        d.rounded_rectangle(box, radius=6, fill=mix(C.PANEL, BLUE, 0.55) if blue else C.SLOT,
                            outline=mix(BLUE, WHITE, 0.3) if blue else C.EDGE_HI, width=2)
        label = "»" if space == TIME_LEN else str(space)
        draw_text_mid(img, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, label, MIN_TEXT,
                      C.TEXT if blue else C.MUTED, bold=True, align="center")
    draw_text_mid(img, x0 + 14, y0 + LOW_LABEL_Y, "SELF-DESTRUCT", MIN_TEXT, C.TITLE,
                  bold=True)
    for space in range(1, SD_LEN + 1):
        box = _sd_box(lay, space)
        skull = space == SD_LEN
        colour = C.DANGER if skull else C.WARN if space >= FIRST_YELLOW else C.OK
        d.rounded_rectangle(box, radius=6, fill=mix(C.PANEL, colour, 0.3), outline=colour,
                            width=2)
        draw_text_mid(img, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2,
                      "☠" if skull else str(space), MIN_TEXT, colour, bold=True,
                      align="center")
    first = _dest_box(lay, 0)
    draw_text_mid(img, first[0], y0 + LOW_LABEL_Y, "DESTINATION", MIN_TEXT, C.TITLE,
                  bold=True)
    for i, space in enumerate(DESTINATIONS):
        box = _dest_box(lay, i)
        d.rounded_rectangle(box, radius=6, fill=C.SLOT, outline=C.EDGE_HI, width=2)
        draw_text_mid(img, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, space, BIG,
                      C.MUTED, bold=True, align="center")


def _ring(d: ImageDraw.ImageDraw, box: Box, colour: RGB) -> None:
    d.rounded_rectangle((box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), radius=8,
                        outline=colour, width=4)


def _tracks(img: Image.Image, d: ImageDraw.ImageDraw, lay: Layout, v: NemesisView) -> None:
    x0, y0, x1, _ = lay.tracks
    right = x1 - 12
    if v.hibernation_open:
        w = chip_width("HIBERNATION OPEN", MIN_TEXT)
        draw_chip(img, d, right - w, y0 + 22, "HIBERNATION OPEN", C.OK, size=MIN_TEXT,
                  h=CHIP_H)
        right -= w + 10
    x = x0 + 14 + text_width("TIME", BIG, True) + 14
    status = f"space {v.time} of {v.time_length}" + (
        f" · hibernation opens at {FIRST_BLUE}" if not v.hibernation_open else "") + (
        f" · » the jump at {v.time_length}")
    draw_text_mid(img, x, y0 + 22, status, MIN_TEXT, C.CYAN, bold=True,
                  max_w=int(right - x))
    if 1 <= v.time <= TIME_LEN:
        _ring(d, _time_box(lay, v.time), WHITE)
    sx = x0 + 14 + text_width("SELF-DESTRUCT", MIN_TEXT, True) + 12
    if v.self_destruct is None:
        draw_text_mid(img, sx, y0 + LOW_LABEL_Y, "off", MIN_TEXT, C.DIM, bold=True)
    else:
        draw_text_mid(img, sx, y0 + LOW_LABEL_Y, "COUNTING DOWN", MIN_TEXT, C.DANGER, bold=True)
        if 1 <= v.self_destruct <= SD_LEN:
            _ring(d, _sd_box(lay, v.self_destruct), C.DANGER)
    if v.destination in DESTINATIONS:
        box = _dest_box(lay, DESTINATIONS.index(v.destination))
        d.rounded_rectangle(box, radius=6, fill=C.CYAN, outline=WHITE, width=2)
        draw_text_mid(img, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, v.destination, BIG,
                      C.INK, bold=True, align="center")
    if v.coordinates_earth in DESTINATIONS:  # revealed at the end
        box = _dest_box(lay, DESTINATIONS.index(v.coordinates_earth or ""))
        draw_text_mid(img, (box[0] + box[2]) / 2, box[3] + 14, "EARTH", MIN_TEXT, C.OK,
                      bold=True, align="center")


# ------------------------------------------------------------------ ship state
Chip = tuple[str, RGB, bool]


def _ship_state(img: Image.Image, d: ImageDraw.ImageDraw, lay: Layout, v: NemesisView,
                people: Mapping[str, Person]) -> None:
    from rules.nemesis_original.cards import index

    pods: list[Chip] = []
    for p in v.pods:
        riders = " ".join(str(people[s].number) for s in p.seats if s in people)
        if p.launched:
            pods.append((f"{p.id} GONE" + (f" {riders}" if riders else ""), C.OK, True))
        elif p.locked:
            pods.append((f"{p.id} LOCKED", C.DIM, False))
        else:
            pods.append((f"{p.id} OPEN" + (f" {riders}" if riders else ""), C.CYAN, True))
    nest = (("NEST DESTROYED", C.OK, True) if v.nest_destroyed else
            ("NEST FOUND", C.WARN, True) if v.nest_found else ("NEST HIDDEN", C.DIM, False))
    aliens: list[Chip] = [(f"{v.eggs} EGG{'S' if v.eggs != 1 else ''}", EGG, False), nest,
                          (f"BAG {v.bag_size}", C.MUTED, False)]
    names = index().weaknesses
    weak: list[Chip] = [(names[w].name if w in names else w.replace("_", " "),
                         C.QUARANTINE, True) for w in v.weaknesses] or [("none", C.DIM, False)]
    vents: list[Chip] = [("NOISE", NOISE, True) if v.tech_noise else ("QUIET", C.DIM, False)]
    groups: list[tuple[str, list[Chip]]] = [("PODS", pods), ("ALIENS", aliens),
                                            ("VENTS", vents), ("WEAKNESS", weak)]
    if v.engines is not None:  # revealed at the end
        groups.append(("ENGINES", [(f"{e} OK", C.OK, True) if ok else (f"{e} DAMAGED",
                                                                        C.DANGER, True)
                                   for e, ok in sorted(v.engines.items())]))
    else:  # secret: only who checked an engine knows (their private sheet)
        groups.append(("ENGINES", [(f"{e} ?", C.DIM, False) for e in ENGINES]))
    x0, y0, x1, _ = lay.ship
    left, right = x0 + 14, x1 - 12
    x, cy = left, y0 + 24
    for title, chips in groups:
        need = text_width(title, MIN_TEXT, True) + 8 + sum(
            chip_width(t, MIN_TEXT) + 6 for t, _, _ in chips)
        if x > left and x + need > right:
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
                v: NemesisView, people: Mapping[str, Person]) -> None:
    x0, y0, x1, y1 = box
    person = people.get(h.seat) or Person(short_seat(h.seat), 0, C.MUTED)
    dead = h.place == "dead"
    d.rounded_rectangle(box, radius=10, fill=C.PANEL if not dead else (14, 16, 24),
                        outline=mix(C.PANEL, person.colour, 0.7), width=2)
    d.rounded_rectangle((x0 + 3, y0 + 6, x0 + 8, y1 - 6), radius=2, fill=person.colour)
    left, right = x0 + 16, x1 - 12
    cy1, cy2 = y0 + 20, y0 + 52
    disc(img, d, left + 15, (y0 + y1) / 2, person.colour, person.number or None)
    left += 40
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
    name_w = min(text_width(person.name, BIG, True), 300)
    x = left + draw_text_mid(img, left, cy1, person.name, BIG,
                             C.TEXT if not dead else C.MUTED, bold=True,
                             max_w=int(min(name_w, line_right - left)))
    if not h.character:
        draw_text_mid(img, x + 12, cy1, "choosing a character", MIN_TEXT, C.DIM,
                      max_w=max(0, int(line_right - x - 12)))
        return
    x += 12
    x += draw_text_mid(img, x, cy1, h.name, MIN_TEXT, C.MUTED,
                       max_w=max(0, int(min(170, line_right - x)))) + 12
    r = next((r for r in v.rooms if r.slot == h.room), None)
    if h.place == "board" and r is not None:
        if x + 20 < line_right:
            d.ellipse((x, cy1 - 7, x + 14, cy1 + 7), fill=mix(person.colour, WHITE, 0.2))
            draw_text_mid(img, x + 20, cy1, room_label(r), MIN_TEXT, C.TEXT,
                          max_w=max(0, int(line_right - x - 20)))
    else:
        label, colour = PLACES.get(h.place, (h.place.upper(), C.MUTED))
        if h.place in ("pod", "escaped") and h.pod:
            label += f" {h.pod}"
        label = fit_text(label, MIN_TEXT, True, int(line_right - x) - 14)
        if label:
            draw_chip(img, d, x, cy1, label, colour, size=MIN_TEXT, h=28)
    # line 2: wounds, hand, items, what is held; flags on the right
    flags = [(label, colour) for on, label, colour in (
        (h.slime, "SLIME", SLIME), (h.larva, "LARVA", C.INFECTED),
        (h.signal, "SIGNAL", C.CYAN)) if on]
    fx = right
    for label, colour in reversed(flags):
        w = chip_width(label, MIN_TEXT)
        fx -= w
        draw_chip(img, d, fx, cy2, label, colour, size=MIN_TEXT, h=28)
        fx -= 6
    x = left
    for k in range(2):  # light wounds (a third one turns into a serious wound)
        filled = k < h.light
        d.ellipse((x, cy2 - 9, x + 18, cy2 + 9), fill=C.FATIGUE if filled else C.SLOT,
                  outline=C.FATIGUE if filled else C.EDGE_HI, width=2)
        x += 22
    x += 4
    if h.serious:
        x += draw_chip(img, d, x, cy2, f"{len(h.serious)} serious", C.DANGER, size=MIN_TEXT,
                       h=28) + 10
    x += draw_text_mid(img, x, cy2, f"hand {h.hand_size}", MIN_TEXT, C.TEXT,
                       max_w=max(0, int(fx - x - 8))) + 12
    for colour_name in h.item_colors[:10]:
        if x + 18 > fx - 8:
            break
        c = ITEM.get(colour_name, C.MUTED)
        d.rounded_rectangle((x, cy2 - 9, x + 15, cy2 + 9), radius=3, fill=c, outline=C.INK)
        x += 19
    held = ", ".join(x.replace("_", " ") for x in h.hands if x)
    if held and x + 40 < fx - 8:
        x += 8
        draw_text_mid(img, x, cy2, f"holds {held}", MIN_TEXT, C.MUTED, max_w=int(fx - 8 - x))


__all__ = [
    "HEADER_H",
    "MIN_TEXT",
    "PHONE_W",
    "Layout",
    "W",
    "ending_text",
    "geometry",
    "layout",
    "layout_key",
    "legend_lines",
    "render_board",
    "render_image",
    "room_label",
    "row_boxes",
]
