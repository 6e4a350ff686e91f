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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

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
from renders.lockdown_geometry import (
    MAP_X0,
    MAP_X1,
    MAP_Y0,
    PLATE_OFF,
    ROOM_H,
    VENT_R,
    Box,
    Geometry,
    W,
    geometry,
)
from renders.nemesis_pieces import (
    BIG,
    EGG,
    FIRE,
    ITEM,
    MALF,
    MIN_TEXT,
    NOISE,
    SEARCH,
    SEATS,
    WHITE,
    LegendEntry,
    LegendIcon,
    Person,
    Token,
    banner_at,
    draw_legend,
    end_banner,
    flow_legend,
    name_lines,
)
from renders.nemesis_pieces import bolt as _bolt
from renders.nemesis_pieces import bolt_icon as _bolt_icon
from renders.nemesis_pieces import computer_icon as _computer_icon
from renders.nemesis_pieces import diamond as _diamond
from renders.nemesis_pieces import disc as _disc
from renders.nemesis_pieces import door as _door
from renders.nemesis_pieces import flame_icon as _flame_icon
from renders.nemesis_pieces import flow as _flow
from renders.nemesis_pieces import hero_token as _hero_token
from renders.nemesis_pieces import intruder_token as _intruder_token
from renders.nemesis_pieces import items_token as _items_token
from renders.nemesis_pieces import name_of as _name_of
from renders.nemesis_pieces import no_icon as _no_icon
from renders.nemesis_pieces import noise as _noise
from renders.nemesis_pieces import object_token as _object_token
from renders.nemesis_pieces import plate as _plate
from renders.nemesis_pieces import seat_people as _people
from renders.nemesis_pieces import vent as _vent
from renders.png import encode_png
from rules.lockdown.board import slot_code, staircase_name
from rules.lockdown.view import HeroView, LockdownView, RoomView

PHONE_W = 550        # Discord's inline width on a phone
TEXT = 22            # ordinary text
CHIP_H = 30
HEADER_H = 60
GAP = 8              # between panels
TIME_H = 172
FAC_H = 128
TEAM_H = 134         # the cooperative mode's panel: three lines
ROW_H = 72           # one player's row
ROW_GAP = 6

SECTION: dict[int | None, RGB] = {1: (52, 112, 200), 2: (34, 150, 132), 3: (128, 84, 200),
                                  None: (96, 104, 124)}
ALERT: RGB = (255, 92, 200)
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


# ---------------------------------------------------------------------- legend


def _legend_entries(mars: bool = False) -> list[LegendEntry]:
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


def legend_lines(width: int, mars: bool = False) -> list[list[LegendEntry]]:
    """The legend's entries (the Mars side's with `mars`) flowed into lines of `width` px."""
    return flow_legend(_legend_entries(mars), width)


def _legend(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, mars: bool = False) -> None:
    draw_legend(img, d, box, legend_lines(int(box[2] - box[0]), mars))


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


@lru_cache(maxsize=64)
def _search_colour(tile: str | None) -> RGB | None:
    from rules.lockdown.cards import index

    room = index().rooms.get(tile or "")
    return SEARCH.get(room.color) if room else None


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


def _lift_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    d.rounded_rectangle((cx - 11, cy - 12, cx + 11, cy + 12), radius=3, fill=C.INK,
                        outline=C.OK, width=2)
    d.polygon([(cx, cy - 9), (cx - 6, cy - 2), (cx + 6, cy - 2)], fill=C.OK)
    d.polygon([(cx, cy + 9), (cx - 6, cy + 2), (cx + 6, cy + 2)], fill=C.OK)


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


def banner_box(lay: Layout) -> Box:
    return banner_at(lay.map)


def _end_banner(img: Image.Image, lay: Layout, v: LockdownView,
                people: Mapping[str, Person]) -> None:
    end_banner(img, lay.map, _ending(v.ended), [_name_of(people, s) for s in v.winners or []])


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
