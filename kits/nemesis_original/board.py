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

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from kits.nemesis.board import (
    CHIP_H,
    HEADER_H,
    LEGEND_PIECES,
    PAD,
    Chip,
    FrameCache,
    chip_groups,
    corridor_lines,
    corridor_marks,
    frame_base,
    frame_patch,
    header,
    intruder_chips,
    object_counts,
    player_row,
    room_contents,
    room_markers,
    rows_height,
    stacked,
    tech_chips,
    who_is_where,
)
from kits.nemesis.board import row_boxes as player_boxes
from kits.nemesis.pieces import (
    BIG,
    EGG,
    MIN_TEXT,
    SEARCH,
    WHITE,
    LegendEntry,
    Person,
    draw_legend,
    end_banner,
    fire_border,
    flow_legend,
    name_lines,
    name_of,
    seat_people,
    vent,
)
from kits.nemesis_original.geometry import (
    MAP_X0,
    MAP_X1,
    MAP_Y0,
    PLATE_OFF,
    Geometry,
    LayoutKey,
    W,
    geometry,
)
from renders.board_geometry import Box
from renders.common import (
    RGB,
    C,
    chip_width,
    draw_chip,
    draw_text,
    draw_text_mid,
    draw_text_squeezed,
    mix,
    text_width,
)
from renders.png import encode_png
from rules.nemesis_original.cards import index
from rules.nemesis_original.ship import ship, tiles
from rules.nemesis_original.view import HeroView, NemesisView, RoomView

PHONE_W = 550        # Discord's inline width on a phone
GAP = 8              # between panels
TRACKS_H = 206
SHIP_H = 128
HULL: RGB = (96, 112, 140)          # special rooms
UNEXPLORED: RGB = (86, 100, 130)
BLUE: RGB = (58, 120, 220)          # the time track's blue spaces
SEALED: RGB = (120, 220, 255)
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


def layout_key(view: NemesisView) -> LayoutKey:
    """What the map's geometry depends on: the room slots and the numbered corridors."""
    numbers = {c.id: (c.a_number, c.b_number) for c in ship().ship.corridors}
    return (tuple((r.slot, r.x, r.y) for r in view.rooms),
            tuple((c.id, c.a, c.b, *numbers.get(c.id, (1, None))) for c in view.corridors))


def layout(geo: Geometry, players: int) -> Layout:
    m, t, s, p = stacked(MAP_X0, MAP_X1, MAP_Y0,
                         (geo.height, TRACKS_H, SHIP_H, rows_height(players)), GAP)
    return Layout(m, t, s, p, int(p[3] + GAP))


def row_boxes(lay: Layout, n: int) -> list[Box]:
    return player_boxes(lay.players, n)


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
_frames = FrameCache()


def _static_frame(geo: Geometry, players: int) -> Image.Image:
    return _frames.get((geo.key, players), lambda: _build_frame(geo, layout(geo, players)))


def _emblem(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    d.ellipse((12, HEADER_H / 2 - 14, 40, HEADER_H / 2 + 14), fill=EGG, outline=C.INK,
              width=2)


def _build_frame(geo: Geometry, lay: Layout) -> Image.Image:
    img, d = frame_base(W, lay.height, "NEMESIS", _emblem, (lay.map, lay.tracks, lay.ship))
    corridor_lines(img, d, geo, lambda d, end: vent(d, end, False))
    lx0, ly0, lx1, _ = geo.legend
    d.line((lx0, ly0, lx1, ly0), fill=C.EDGE, width=2)
    draw_legend(img, d, geo.legend, legend_lines(int(lx1 - lx0)))
    _tracks_frame(img, d, lay)
    return img


# ---------------------------------------------------------------------- legend
def _sealed(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    d.rounded_rectangle((x, cy - 11, x + 28, cy + 11), radius=5, outline=SEALED, width=4)


def _legend_entries() -> list[LegendEntry]:
    pieces = LEGEND_PIECES
    return [*pieces["corridors"], *pieces["vent"], *pieces["items"], *pieces["hazards"],
            (28, _sealed, "sealed"), *pieces["objects"]]


def legend_lines(width: int) -> list[list[LegendEntry]]:
    return flow_legend(_legend_entries(), width)


# ---------------------------------------------------------------------- header
def _header(img: Image.Image, d: ImageDraw.ImageDraw, v: NemesisView,
            people: Mapping[str, Person]) -> None:
    header(img, d, "NEMESIS", v, people, W)


# ------------------------------------------------------------------- corridors
def _corridors(d: ImageDraw.ImageDraw, geo: Geometry, v: NemesisView) -> None:
    def stub_noise(_corridor: str, end: tuple[float, float]) -> None:
        if v.tech_noise:
            vent(d, end, True)

    corridor_marks(d, geo, v.corridors, PLATE_OFF, stub_noise)


# ----------------------------------------------------------------------- rooms
NAME_TOP = 6
NAME_STEP = 24


@lru_cache(maxsize=64)
def _search_colour(tile: str | None) -> RGB | None:
    room = tiles().get(tile or "")
    return SEARCH.get(room.color) if room else None


@lru_cache(maxsize=256)
def _tile(geo: Geometry, players: int, slot: str, tile: str | None, label: str,
          level: str) -> Image.Image:
    """The room box with its name, on its patch of the frame."""
    frame = _static_frame(geo, players)
    patch, d, w, h = frame_patch(frame, geo.boxes[slot])
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
    heroes, intruders = who_is_where(v)
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
            fire_border(d, (x0, y0, x1, y1))
        objects = object_counts(r.objects)
        if r.tile == "nest" and v.eggs and not v.nest_destroyed:
            objects["egg"] += v.eggs
        room_contents(img, d, (x0, y0, x1, y1), room_markers(img, r, r.fire, r.malfunction),
                      heroes.get(r.slot, []), intruders.get(r.slot, []), objects, people,
                      _search_colour(r.tile) is not None)


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
    sh = ship()
    return (sh.time_track.length, sh.time_track.first_blue, sh.self_destruct.length,
            sh.self_destruct.first_yellow, sh.destination.spaces)


TIME_LEN, FIRST_BLUE, SD_LEN, FIRST_YELLOW, DESTINATIONS = _track_sizes()


def _engine_ids() -> tuple[str, ...]:
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
    for i, place in enumerate(DESTINATIONS):
        box = _dest_box(lay, i)
        d.rounded_rectangle(box, radius=6, fill=C.SLOT, outline=C.EDGE_HI, width=2)
        draw_text_mid(img, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, place, BIG,
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
    exploded = (v.ended or "").startswith("explosion")
    if v.winners is not None:  # over: how the journey ended, where the markers stopped
        status, colour = ending_text(v.ended), C.DANGER if exploded else C.CYAN
    else:
        status, colour = f"space {v.time} of {v.time_length}" + (
            f" · hibernation opens at {FIRST_BLUE}" if not v.hibernation_open else "") + (
            f" · » the jump at {v.time_length}"), C.CYAN
    draw_text_mid(img, x, y0 + 22, status, MIN_TEXT, colour, bold=True,
                  max_w=int(right - x))
    if 1 <= v.time <= TIME_LEN:
        _ring(d, _time_box(lay, v.time), WHITE)
    sx = x0 + 14 + text_width("SELF-DESTRUCT", MIN_TEXT, True) + 12
    if v.self_destruct is None:
        draw_text_mid(img, sx, y0 + LOW_LABEL_Y, "off", MIN_TEXT, C.DIM, bold=True)
    else:
        draw_text_mid(img, sx, y0 + LOW_LABEL_Y, "EXPLODED" if exploded else "COUNTING DOWN",
                      MIN_TEXT, C.DANGER, bold=True)
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
def _ship_state(img: Image.Image, d: ImageDraw.ImageDraw, lay: Layout, v: NemesisView,
                people: Mapping[str, Person]) -> None:
    pods: list[Chip] = []
    for p in v.pods:
        riders = " ".join(str(people[s].number) for s in p.seats if s in people)
        if p.launched:
            pods.append((f"{p.id} GONE" + (f" {riders}" if riders else ""), C.OK, True))
        elif p.locked:
            pods.append((f"{p.id} LOCKED", C.DIM, False))
        else:
            pods.append((f"{p.id} OPEN" + (f" {riders}" if riders else ""), C.CYAN, True))
    names = index().weaknesses
    weak: list[Chip] = [(names[w].name if w in names else w.replace("_", " "),
                         C.QUARANTINE, True) for w in v.weaknesses] or [("none", C.DIM, False)]
    groups: list[tuple[str, list[Chip]]] = [("PODS", pods), intruder_chips(v), tech_chips(v),
                                            ("WEAKNESS", weak)]
    if v.engines is not None:  # revealed at the end
        groups.append(("ENGINES", [(f"{e} OK", C.OK, True) if ok else (f"{e} DAMAGED",
                                                                        C.DANGER, True)
                                   for e, ok in sorted(v.engines.items())]))
    else:  # secret: only who checked an engine knows (their private sheet)
        groups.append(("ENGINES", [(f"{e} ?", C.DIM, False) for e in ENGINES]))
    chip_groups(img, d, lay.ship, groups)


# --------------------------------------------------------------------- players
class _RowParts:
    """What a player's row shows the original game's way."""

    @staticmethod
    def place(h: HeroView) -> tuple[str, RGB]:
        label, colour = PLACES.get(h.place, (h.place.upper(), C.MUTED))
        if h.place in ("pod", "escaped") and h.pod:
            label += f" {h.pod}"
        return label, colour

    @staticmethod
    def room(h: HeroView, v: NemesisView, person: Person) -> tuple[str, RGB] | None:
        r = next((r for r in v.rooms if r.slot == h.room), None)
        return (room_label(r), person.colour) if r is not None else None

    @staticmethod
    def hand(h: HeroView) -> str:
        return f"hand {h.hand_size}"


def _player_row(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, h: HeroView,
                v: NemesisView, people: Mapping[str, Person]) -> None:
    player_row(img, d, box, h, v, people, _RowParts())


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
