"""The drawing both Nemesis boards (Lockdown's facility, the original's ship) do the same
way from their views, parameterised by what differs: the frame's cache, background,
header bar and corridor lines; the header's round and waiting text; the corridors'
doors and noise; a room's markers and token row; the legend's common entries; a panel
of titled chip groups; one player's row.

A view here is either game's public view: both carry the same field names for what is
drawn here (`round`, `first_player`, `waiting`, `winners`, `survivors`, `heroes`,
`intruders`, `corridors`, a hero's `seat`, `place`, `room`, `light`, `serious`...).
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from PIL import Image, ImageDraw

from kits.nemesis.pieces import (
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
    fire_border,
    flame_icon,
    flow,
    hero_token,
    intruder_token,
    items_token,
    name_of,
    no_icon,
    noise,
    object_token,
    plate,
    vent,
)
from kits.nemesis.views import MarkedRoom, TableView
from renders.board_geometry import VENT_R, Box, Point
from renders.common import (
    RGB,
    C,
    chip_width,
    draw_chip,
    draw_text_mid,
    fit_text,
    mix,
    short_seat,
    text_width,
    vertical_gradient,
)
from rules.nemesis.view import CorridorView, GameView, HeroView

CHIP_H = 30
HEADER_H = 60
ROW_H = 72           # one player's row
ROW_GAP = 6
SLIME: RGB = (150, 220, 80)
PAD = 7              # inside a room box
TOKEN_Y = 68         # a room's token row's middle, below the box top

Chip = tuple[str, RGB, bool]   # text, colour, solid
Draw = ImageDraw.ImageDraw

TAKES_TURNS = ("board", "pod")  # where a character still plays rounds (and passes)


class MapGeometry(Protocol):
    """What both boards' geometries give for the corridors."""

    @property
    def segments(self) -> Mapping[str, tuple[Point, Point]]: ...
    @property
    def stubs(self) -> Mapping[str, tuple[Point, Point]]: ...
    @property
    def plates(self) -> Sequence[tuple[Point, int]]: ...


# ----------------------------------------------------------------------- frame
class FrameCache:
    """The static frames built per key, at most `size` (then all dropped), built once
    even when several threads ask at the same time."""

    def __init__(self, size: int = 8) -> None:
        self._frames: dict[Hashable, Image.Image] = {}
        self._lock = threading.Lock()
        self._size = size

    def get(self, key: Hashable, build: Callable[[], Image.Image]) -> Image.Image:
        frame = self._frames.get(key)
        if frame is None:
            with self._lock:
                frame = self._frames.get(key)
                if frame is None:
                    frame = build()
                    if len(self._frames) >= self._size:
                        self._frames.clear()
                    self._frames[key] = frame
        return frame

    def clear(self) -> None:
        with self._lock:
            self._frames.clear()


def frame_patch(frame: Image.Image, box: Box) -> tuple[Image.Image, Draw, int, int]:
    """The frame's patch under a room's box (a room tile is drawn on it and cached), a
    drawing on it, its width and height."""
    x0, y0, x1, y1 = (round(c) for c in box)
    patch = frame.crop((x0, y0, x1 + 1, y1 + 1))
    return patch, ImageDraw.Draw(patch), x1 - x0, y1 - y0


def panel(d: Draw, box: Box) -> None:
    d.rounded_rectangle(box, radius=10, fill=C.PANEL, outline=C.EDGE, width=2)


def frame_base(width: int, height: int, title: str, emblem: Callable[[Image.Image, Draw], None],
               panels: Iterable[Box]) -> tuple[Image.Image, Draw]:
    """The background, the header bar with the game's emblem and title, the empty panels."""
    img = vertical_gradient((width, height), C.BG_TOP, C.BG_BOTTOM)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, width, HEADER_H), fill=mix(C.BG_TOP, C.PANEL, 0.6))
    d.line((0, HEADER_H, width, HEADER_H), fill=mix(C.EDGE, C.CYAN, 0.35), width=2)
    emblem(img, d)
    draw_text_mid(img, 48, HEADER_H / 2, title, 28, C.TITLE, bold=True)
    for box in panels:
        panel(d, box)
    return img, d


def corridor_lines(img: Image.Image, d: Draw, geo: MapGeometry,
                   stub_end: Callable[[Draw, Point], None]) -> None:
    """The corridors, the stubs to the technical entrances (`stub_end` draws their end)
    and the number plates."""
    line = mix(C.PANEL, C.EDGE_HI, 0.75)
    for a, b in geo.segments.values():
        d.line((a, b), fill=mix(C.PANEL, (0, 0, 0), 0.4), width=9)
        d.line((a, b), fill=line, width=5)
    for start, end in geo.stubs.values():
        d.line((start, end), fill=mix(C.PANEL, C.EDGE_HI, 0.55), width=4)
        stub_end(d, end)
    for (px, py), number in geo.plates:
        plate(img, d, px, py, number)


def stacked(x0: float, x1: float, top: float, heights: Sequence[float], gap: float
            ) -> list[Box]:
    """Panels `x0`..`x1` wide of the given heights, from `top` down, `gap` apart."""
    out: list[Box] = []
    for h in heights:
        out.append((x0, top, x1, top + h))
        top = top + h + gap
    return out


def rows_height(players: int) -> int:
    """The players' panel's height: one row a player (at least one)."""
    rows = max(1, players)
    return rows * ROW_H + (rows - 1) * ROW_GAP


def row_boxes(players: Box, n: int) -> list[Box]:
    """The boxes of `n` player rows stacked in the players' panel."""
    x0, y0, x1, _ = players
    return [(x0, y0 + i * (ROW_H + ROW_GAP), x1, y0 + i * (ROW_H + ROW_GAP) + ROW_H)
            for i in range(n)]


# ---------------------------------------------------------------------- header
def header(img: Image.Image, d: Draw, title: str, v: TableView, people: Mapping[str, Person],
           width: int, extra: Sequence[tuple[str, RGB]] = ()) -> None:
    """The round chip (then `extra` solid chips) after the title, and who plays first or
    whom the game waits for."""
    cy = HEADER_H / 2
    x = 48 + text_width(title, 28, True) + 14
    x += draw_chip(img, d, x, cy, f"ROUND {v.round}", C.TITLE, solid=False, size=MIN_TEXT,
                   h=CHIP_H) + 12
    for text, colour in extra:
        x += draw_chip(img, d, x, cy, text, colour, solid=True, size=MIN_TEXT, h=CHIP_H) + 12
    if v.winners is not None:
        text, colour = "Game over", C.WARN
    else:
        first = name_of(people, v.first_player) if v.first_player else "—"
        text, colour = f"First: {first}", C.TEXT
        if v.waiting:
            text += " · waiting for " + ", ".join(name_of(people, s) for s in v.waiting)
    draw_text_mid(img, x, cy, text, BIG, colour, bold=True, max_w=width - 12 - int(x))


# ------------------------------------------------------------------- corridors
def corridor_marks(d: Draw, geo: MapGeometry, corridors: Iterable[CorridorView], plate_off: float,
                   stub_noise: Callable[[str, Point], None]) -> None:
    """Doors and noise markers on the corridors; `stub_noise(corridor id, end)` marks a
    technical entrance's end when it has noise."""
    for c in corridors:
        if c.id in geo.stubs:
            start, end = geo.stubs[c.id]
            length = math.hypot(end[0] - start[0], end[1] - start[1]) or 1.0
            ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
            mid = (2 * plate_off + length - VENT_R) / 2  # between the plate and the vent
            mx, my = start[0] + ux * mid, start[1] + uy * mid
            stub_noise(c.id, end)
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
def who_is_where(v: GameView) -> tuple[dict[str, list[HeroView]],
                                       dict[str, list[dict[str, object]]]]:
    """The characters on the board and the intruders, by room slot."""
    heroes: dict[str, list[HeroView]] = {}
    for h in v.heroes:
        if h.place == "board":
            heroes.setdefault(h.room, []).append(h)
    intruders: dict[str, list[dict[str, object]]] = {}
    for it in v.intruders:
        intruders.setdefault(str(it.get("room")), []).append(it)
    return heroes, intruders


def room_contents(img: Image.Image, d: Draw, box: tuple[int, int, int, int],
                  markers: Sequence[Token], heroes: Sequence[Any],
                  intruders: Sequence[dict[str, object]], objects: Mapping[str, int],
                  people: Mapping[str, Person], striped: bool) -> None:
    """A room's markers from the right, then its characters, intruders and objects from
    the left (past the search stripe when `striped`)."""
    x0, y0, x1, _ = box
    cy = y0 + TOKEN_Y
    right: float = x1 - PAD
    for w, draw in markers:
        draw(d, right - w / 2, cy)
        right -= w + 3
    tokens = [hero_token(img, people.get(h.seat)) for h in heroes]
    tokens += [intruder_token(img, it) for it in intruders]
    for obj, n in objects.items():
        tokens.append(object_token(img, obj, n))
    flow(img, d, x0 + PAD + (7 if striped else 0), right - 3, cy, tokens)


def room_markers(img: Image.Image, r: MarkedRoom, fire: bool, malfunction: bool,
                 extra: Sequence[Token] = ()) -> list[Token]:
    """Items, computer, `extra` (the boards' own), fire, malfunction, right to left."""
    markers: list[Token] = []
    if r.items:
        markers.append(items_token(img, r.items))
    if r.computer:
        markers.append((24, computer_icon))
    markers.extend(extra)
    if fire:
        markers.append((22, flame_icon))
    if malfunction:
        markers.append((20, bolt_icon))
    return markers


def object_counts(objects: Iterable[str]) -> Counter[str]:
    return Counter(o.split("_")[0] for o in objects)


# ---------------------------------------------------------------------- legend
def _seat(img: Image.Image, d: Draw, x: float, cy: float) -> None:
    disc(img, d, x + 15, cy, SEATS[0], 1)


def _intruder(img: Image.Image, d: Draw, x: float, cy: float) -> None:
    diamond(img, d, x + 18, cy, "A", False)


def _loud(img: Image.Image, d: Draw, x: float, cy: float) -> None:
    noise(d, x + 10, cy)


def _shut(broken: bool) -> LegendIcon:
    def draw(img: Image.Image, d: Draw, x: float, cy: float) -> None:
        d.line((x, cy, x + 30, cy), fill=mix(C.PANEL, C.EDGE_HI, 0.75), width=5)
        door(d, x + 15, cy, 1.0, 0.0, broken)
    return draw


def _hurt(img: Image.Image, d: Draw, x: float, cy: float) -> None:
    w, draw = intruder_token(img, {"kind": "adult", "injuries": 2})
    draw(d, x + w / 2, cy)


def _burning(img: Image.Image, d: Draw, x: float, cy: float) -> None:
    """A room on fire: the orange border and the flame."""
    fire_border(d, (x, cy - 13, x + 40, cy + 13), 3)
    flame_icon(d, x + 27, cy + 1)


def _stripes(img: Image.Image, d: Draw, x: float, cy: float) -> None:
    """The search stripe a room shows at its left side, one in each deck's colour."""
    for i, colour in enumerate(SEARCH.values()):
        d.rounded_rectangle((x + i * 9, cy - 12, x + i * 9 + 5, cy + 12), radius=2,
                            fill=colour)


def _number(img: Image.Image, d: Draw, x: float, cy: float) -> None:
    plate(img, d, x + 9, cy, 2)


def _duct(img: Image.Image, d: Draw, x: float, cy: float) -> None:
    vent(d, (x + VENT_R, cy), False)


def _items(img: Image.Image, d: Draw, x: float, cy: float) -> None:
    w, draw = items_token(img, 3)
    draw(d, x + w / 2, cy)


def legend_icon(fn: Callable[[Draw, float, float], None]) -> LegendIcon:
    """A room icon (`fn(d, cx, cy)`, 24 px wide) as a legend icon."""
    return lambda img, d, x, cy: fn(d, x + 12, cy)


def _obj(kind: str) -> LegendIcon:
    def draw(img: Image.Image, d: Draw, x: float, cy: float) -> None:
        w, fn = object_token(img, kind, 1)
        fn(d, x + w / 2, cy)
    return draw


LEGEND_PIECES: Mapping[str, list[LegendEntry]] = {
    "corridors": [(36, _intruder, "intruder:"),
                  (0, no_icon, "L larva · C creeper · A adult · B breeder · Q queen"),
                  (48, _hurt, "injuries"), (30, _seat, "character (seat)"),
                  (18, _number, "corridor number"),
                  (20, _loud, "noise"), (30, _shut(False), "door"),
                  (30, _shut(True), "broken door")],
    "vent": [(2 * VENT_R, _duct, "technical corridor")],
    "items": [(32, _stripes, "search deck"), (30, _items, "items"),
              (24, legend_icon(computer_icon), "computer")],
    "hazards": [(40, _burning, "fire"), (24, legend_icon(bolt_icon), "malfunction")],
    "objects": [(18, _obj("egg"), "egg"), (20, _obj("carcass"), "carcass"),
                (22, _obj("corpse"), "corpse")],
}
"""The legend entries both boards show, in groups each board orders with its own."""


# ------------------------------------------------------------------ chip panel
def intruder_chips(v: TableView) -> tuple[str, list[Chip]]:
    """The INTRUDERS group: the eggs in the nest (no count once it is destroyed: its
    eggs went with it), the nest, the bag."""
    nest: list[Chip] = [("NEST DESTROYED", C.OK, True)] if v.nest_destroyed else [
        (f"{v.eggs} EGG{'S' if v.eggs != 1 else ''}", EGG, False),
        ("NEST FOUND", C.WARN, True) if v.nest_found else ("NEST HIDDEN", C.DIM, False)]
    return "INTRUDERS", [*nest, (f"BAG {v.bag_size}", C.MUTED, False)]


def tech_chips(v: GameView) -> tuple[str, list[Chip]]:
    """The technical corridors' group: noise in them or not."""
    return "TECH CORRIDORS", [("NOISE", NOISE, True) if v.tech_noise
                              else ("QUIET", C.DIM, False)]


def chip_groups(img: Image.Image, d: Draw, box: Box, groups: Sequence[tuple[str, list[Chip]]],
                own_line: frozenset[str] = frozenset()) -> None:
    """Titled groups of chips flowed into lines across a panel; a group whose title is in
    `own_line` starts a new line."""
    x0, y0, x1, _ = box
    left, right = x0 + 14, x1 - 12
    x, cy = left, y0 + 24
    for title, chips in groups:
        need = text_width(title, MIN_TEXT, True) + 8 + sum(
            chip_width(t, MIN_TEXT) + 6 for t, _, _ in chips)
        if x > left and (x + need > right or title in own_line):
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
class RowParts(Protocol):
    """What a board puts in a player's row its own way."""

    def place(self, h: Any) -> tuple[str, RGB]:
        """The chip for a character off the board (in a pod, escaped, dead...)."""

    def room(self, h: Any, v: Any, person: Person) -> tuple[str, RGB] | None:
        """The character's room (its label and dot colour), None off the board."""

    def hand(self, h: Any) -> str:
        """The text after the wounds: the hand (and what else the game counts)."""


def _right_chips(img: Image.Image, d: Draw, right: float, cy: float,
                 chips: Sequence[Chip]) -> float:
    """Chips drawn leftwards from `right`; where the last one starts, less a gap."""
    x = right
    for label, colour, solid in reversed(chips):
        w = chip_width(label, MIN_TEXT)
        x -= w
        draw_chip(img, d, x, cy, label, colour, solid=solid, size=MIN_TEXT, h=28)
        x -= 6
    return x


def player_row(img: Image.Image, d: Draw, box: Box, h: Any, v: Any,
               people: Mapping[str, Person], parts: RowParts) -> None:
    """One player's row: the seat disc; line 1 their name, character and room (or
    place), marks on the right; line 2 wounds, hand, items, what is held, flags."""
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
    # line 1, right: first player, waiting, passed, result
    marks: list[Chip] = []
    if h.seat == v.first_player:
        marks.append(("FIRST", C.TITLE, True))
    if h.seat in v.waiting and v.winners is None:
        marks.append(("WAITING", C.WARN, True))
    if h.passed and h.place in TAKES_TURNS and v.winners is None:
        marks.append(("PASSED", C.DIM, False))
    if v.winners is not None:
        marks.append(("WINNER", C.OK, True) if h.seat in v.winners
                     else ("SURVIVED", C.TEXT, False) if h.seat in v.survivors
                     else ("LOST", C.DIM, False))
    line_right = _right_chips(img, d, right, cy1, marks) - 6
    # line 1, left: name · character · where
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
    room = parts.room(h, v, person) if h.place == "board" else None
    if room is not None:
        label, colour = room
        if x + 20 < line_right:
            d.ellipse((x, cy1 - 7, x + 14, cy1 + 7), fill=mix(colour, WHITE, 0.2))
            draw_text_mid(img, x + 20, cy1, label, MIN_TEXT, C.TEXT,
                          max_w=max(0, int(line_right - x - 20)))
    else:
        label, colour = parts.place(h)
        label = fit_text(label, MIN_TEXT, True, int(line_right - x) - 14)
        if label:
            draw_chip(img, d, x, cy1, label, colour, size=MIN_TEXT, h=28)
    # line 2: wounds, hand, items, what is held; flags on the right
    flags: list[Chip] = [(label, colour, True) for on, label, colour in (
        (h.slime, "SLIME", SLIME), (h.larva, "LARVA", C.INFECTED),
        (h.signal, "SIGNAL", C.CYAN)) if on]
    fx = _right_chips(img, d, right, cy2, flags)
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
    x += draw_text_mid(img, x, cy2, parts.hand(h), MIN_TEXT, C.TEXT,
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
