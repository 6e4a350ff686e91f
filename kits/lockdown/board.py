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
* the time track (CSS slots, power thresholds, autodestruction, alert), a line saying
  what the thresholds do and the time token's side in words;
* the facility state (power, elevator, gate, rover, nest, technical corridors, lab);
* one row per player (the seat disc again, name, character, room, wounds, items...).

The frame (background, panels, corridors, their numbers, vents, the legend) is drawn
once per layout and copied; room tiles (box and name) are cached images.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from kits.lockdown import mars_board as lockdown_mars
from kits.lockdown.geometry import (
    MAP_X0,
    MAP_X1,
    MAP_Y0,
    PLATE_OFF,
    ROOM_H,
    BasicKey,
    Box,
    Geometry,
    W,
    basic_geometry,
)
from kits.lockdown.mars_board import (
    ROVER_W,
    area_exit,
    crossroads_tile,
    legend_entries,
    rover_icon,
    site_chips,
    surface_key,
)
from kits.lockdown.mars_geometry import MarsKey, Surface, mars_geometry
from kits.lockdown.palette import NAME_STEP, NAME_TOP, SECTION
from kits.lockdown.team_board import draw_team
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
    legend_icon,
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
    MALF,
    MIN_TEXT,
    SEARCH,
    WHITE,
    LegendEntry,
    LegendIcon,
    Person,
    Token,
    banner_at,
    draw_legend,
    end_banner,
    fire_border,
    flow_legend,
    name_lines,
)
from kits.nemesis.pieces import bolt as _bolt
from kits.nemesis.pieces import name_of as _name_of
from kits.nemesis.pieces import seat_people as _people
from kits.nemesis.pieces import vent as _vent
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
from rules.lockdown.board import map_for, slot_code, staircase_name
from rules.lockdown.cards import content, index
from rules.lockdown.mars_board import mars_map
from rules.lockdown.view import HeroView, LockdownView, RoomView

PHONE_W = 550        # Discord's inline width on a phone
TEXT = 22            # ordinary text
GAP = 8              # between panels
TIME_H = 206         # the title, the slots, two rows of marks, the legend line
FAC_H = 128
TEAM_H = 134         # the cooperative mode's panel: three lines

ALERT: RGB = (255, 92, 200)
PLACES = {"pod": ("IN A POD", C.CYAN), "css": ("ESCAPED (CSS)", C.OK),
          "bunker": ("ESCAPED (BUNKER)", C.OK), "isolated": ("ISOLATED", C.QUARANTINE),
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


def layout_key(view: LockdownView) -> BasicKey | MarsKey:
    """What the map's geometry depends on: rooms and numbered corridors, plus the
    surface on the Mars side (a third part)."""
    numbers = {c.id: (c.a_number, c.b_number) for c in map_for(view.board).corridors}
    key: BasicKey = (
        tuple((r.slot, r.section, r.x, r.y) for r in view.rooms),
        tuple((c.id, c.a, c.b, *numbers.get(c.id, (1, None))) for c in view.corridors))
    if view.surface is None:
        return key
    return (*key, surface_key(view))


def geometry(key: BasicKey | MarsKey) -> Geometry:
    """The geometry of a layout key (`layout_key`): the basic side's, or with a third
    part (the surface), the Mars side's (kits/lockdown/mars_geometry.py)."""
    if len(key) == 3:
        return mars_geometry(key)
    return basic_geometry(key)


def layout(geo: Geometry, players: int, team: bool = False) -> Layout:
    """The panels; `team` adds the cooperative mode's panel (objectives, contingencies)
    above the players."""
    heights = (geo.height, TIME_H, FAC_H, *((TEAM_H,) if team else ()), rows_height(players))
    m, t, f, *g, p = stacked(MAP_X0, MAP_X1, MAP_Y0, heights, GAP)
    return Layout(m, t, f, p, int(p[3] + GAP), g[0] if g else None)


def row_boxes(lay: Layout, n: int) -> list[Box]:
    return player_boxes(lay.players, n)


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
        lockdown_mars.draw_surface(img, d, geo, view, people)
    _time_track(img, d, lay, view)
    _facility(img, d, lay, view)
    if lay.team is not None:
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
    return {x.id: x.name for x in mars_map().crossroads}


# ----------------------------------------------------------------------- frame
_frames = FrameCache()


def _static_frame(geo: Geometry, players: int, team: bool = False) -> Image.Image:
    return _frames.get((geo.key, players, team),
                       lambda: _build_frame(geo, layout(geo, players, team)))


def _emblem(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    d.regular_polygon((26, HEADER_H / 2 + 2, 16), 3, fill=C.WARN)
    draw_text_mid(img, 26, HEADER_H / 2 + 5, "!", MIN_TEXT, C.INK, bold=True, align="center")


def _build_frame(geo: Geometry, lay: Layout) -> Image.Image:
    img, d = frame_base(W, lay.height, "LOCKDOWN", _emblem,
                        (lay.map, lay.time, lay.facility, *((lay.team,) if lay.team else ())))
    mars = geo.surface is not None
    if mars:
        lockdown_mars.draw_surface_frame(img, d, geo, lay.map)
        corridor_lines(img, d, geo, lambda d, end: lockdown_mars.area_exit(d, end, False))
    else:
        corridor_lines(img, d, geo, lambda d, end: _vent(d, end, False))
    if geo.legend is not None:
        _legend(img, d, geo.legend, mars)
    _time_frame(img, d, lay)
    return img


# ---------------------------------------------------------------------- legend


def _legend_entries(mars: bool = False) -> list[LegendEntry]:
    pieces = LEGEND_PIECES
    if mars:
        return [*pieces["corridors"], *legend_entries(), *pieces["items"],
                *pieces["hazards"], *pieces["objects"]]
    return [*pieces["corridors"], *pieces["vent"], *pieces["items"],
            (24, legend_icon(_lift_icon), "elevator"), *pieces["hazards"],
            *pieces["objects"]]


def legend_lines(width: int, mars: bool = False) -> list[list[LegendEntry]]:
    """The legend's entries (the Mars side's with `mars`) flowed into lines of `width` px."""
    return flow_legend(_legend_entries(mars), width)


def _legend(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, mars: bool = False) -> None:
    draw_legend(img, d, box, legend_lines(int(box[2] - box[0]), mars))


# ---------------------------------------------------------------------- header
def _header(img: Image.Image, d: ImageDraw.ImageDraw, v: LockdownView,
            people: Mapping[str, Person]) -> None:
    mode = MODES.get(v.mode)
    header(img, d, "LOCKDOWN", v, people, W, [(mode, C.OK)] if mode is not None else [])


# ------------------------------------------------------------------- corridors
def _corridors(d: ImageDraw.ImageDraw, geo: Geometry, v: LockdownView) -> None:
    noisy_areas: set[str] = set()
    if isinstance(geo.surface, Surface) and v.surface is not None:
        loud = {a.number for a in v.surface.areas if a.noise}
        noisy_areas = {cid for cid, n in geo.surface.stub_area.items() if n in loud}

    def stub_noise(corridor: str, end: tuple[float, float]) -> None:
        if geo.surface is not None:
            if corridor in noisy_areas:
                area_exit(d, end, True)
        elif v.tech_noise:
            _vent(d, end, True)

    corridor_marks(d, geo, v.corridors, PLATE_OFF, stub_noise)


# ----------------------------------------------------------------------- rooms
@lru_cache(maxsize=512)
def _tile(geo: Geometry, players: int, slot: str, tile: str | None, label: str,
          explored: bool, powered: bool) -> Image.Image:
    """The room box with its name, on its patch of the frame."""
    frame = _static_frame(geo, players)
    patch, d, w, h = frame_patch(frame, geo.boxes[slot])
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
    room = index().rooms.get(tile or "")
    return SEARCH.get(room.color) if room else None


def _rooms(img: Image.Image, d: ImageDraw.ImageDraw, geo: Geometry, v: LockdownView,
           people: Mapping[str, Person]) -> None:
    heroes, intruders = who_is_where(v)
    lift_room = _lift_room(v.elevator_at) if v.surface is None else ""
    rover = v.surface.rover if v.surface is not None else ""
    crossroads = geo.surface.crossroads if isinstance(geo.surface, Surface) else frozenset()
    for r in v.rooms:
        box = geo.boxes.get(r.slot)
        if box is None:
            continue
        powered = r.section is None or bool(v.power.get(str(r.section), False))
        label = room_label(r)
        outside = r.slot in crossroads  # a crossroads: never fire nor a malfunction
        if outside:
            patch = crossroads_tile(_static_frame, geo, len(v.heroes), r.slot, label,
                                    r.explored)
        else:
            patch = _tile(geo, len(v.heroes), r.slot, r.tile, label, r.explored, powered)
        x0, y0, x1, y1 = (round(c) for c in box)
        img.paste(patch, (x0, y0))
        if r.fire and not outside:
            fire_border(d, (x0, y0, x1, y1))
        extra: list[Token] = []
        if r.slot == lift_room:
            extra.append((24, _lift_icon))
        if r.slot == rover:
            extra.append((ROVER_W, rover_icon))
        markers = room_markers(img, r, r.fire and not outside, r.malfunction and not outside,
                               extra)
        room_contents(img, d, (x0, y0, x1, y1), markers, heroes.get(r.slot, []),
                      intruders.get(r.slot, []), object_counts(r.objects), people,
                      _search_colour(r.tile) is not None)


def _lift_room(at: int) -> str:
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
TIME_LEGEND_Y = 186  # the legend line's middle, below the panel's top
TOKEN_WORDS = {True: "token active (backup power)", False: "token inactive (no backup power)"}


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
            _bolts(d, bx + SLOT_W + SLOT_GAP / 2, by - 11, threshold)
    draw_legend(img, d, (lay.time[0] + 14, lay.time[1] + TIME_LEGEND_Y - 15, lay.time[2] - 12,
                         lay.time[1] + TIME_LEGEND_Y + 15), [TIME_LEGEND])


def _bolts(d: ImageDraw.ImageDraw, cx: float, cy: float, n: int) -> None:
    """A power threshold's mark: 1 bolt (cuts the power while the time token is
    inactive) or 2 (always)."""
    for k in range(n):
        _bolt(d, cx + (k - (n - 1) / 2) * 13, cy, 10, MALF)


def _threshold_icon(n: int) -> LegendIcon:
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        _bolts(d, x + 7 + 6.5 * (n - 1), cy, n)
    return draw


TIME_LEGEND: list[LegendEntry] = [
    (14, _threshold_icon(1), "threshold: crossing it cuts the power if the token is inactive"),
    (27, _threshold_icon(2), "always cuts the power")]


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
        (f"slot {v.time} · {TOKEN_WORDS[v.time_active]}",
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
def _facility(img: Image.Image, d: ImageDraw.ImageDraw, lay: Layout, v: LockdownView) -> None:
    on = v.power
    power: list[Chip] = [(f"S{k}", C.OK, True) if on.get(k) else (f"S{k}", C.DIM, False)
                         for k in ("1", "2", "3")]
    backup: Chip = ("BACKUP", C.CYAN, True) if v.time_active else ("NO BACKUP", C.DIM, False)
    aliens = intruder_chips(v)
    items: tuple[str, list[Chip]] = ("ITEMS", [(f"{len(v.crafted)} CRAFTABLE", C.MUTED, False)])
    if v.surface is not None:  # Mars: no elevator, no gate; the rover and the areas
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
            tech_chips(v),
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
    chip_groups(img, d, lay.facility, groups, own_line=frozenset({"ITEMS"}))


# --------------------------------------------------------------------- players
class _RowParts:
    """What a player's row shows Lockdown's way: the room's dot in its section's colour,
    the knowledge beside the hand."""

    @staticmethod
    def place(h: HeroView) -> tuple[str, RGB]:
        return PLACES.get(h.place, (h.place.upper(), C.MUTED))

    @staticmethod
    def room(h: HeroView, v: LockdownView, person: Person) -> tuple[str, RGB] | None:
        r = next((r for r in v.rooms if r.slot == h.room), None)
        if r is None:
            return None
        return room_label(r), SECTION.get(r.section, SECTION[None])

    @staticmethod
    def hand(h: HeroView) -> str:
        return f"hand {h.hand_size} · know {h.knowledge}"


def _player_row(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, h: HeroView,
                v: LockdownView, people: Mapping[str, Person]) -> None:
    player_row(img, d, box, h, v, people, _RowParts())


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
