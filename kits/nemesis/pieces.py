"""The pieces both Nemesis boards draw (Lockdown's facility and the original's ship):
colours, seat discs, intruder diamonds with their injuries, objects (eggs, carcasses,
corpses), item counters, room icons (computer, fire, malfunction), corridor number
plates, vents, doors and noise markers, room names in two lines, a row of tokens that
ends in "+n", the legend's flow, and the end-of-game banner.

Sizes are at the boards' full width (1100 px; Discord halves it on a phone): no text
here is smaller than MIN_TEXT."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renders.board_geometry import VENT_R, Box, Point
from renders.common import (
    RGB,
    SQUEEZE_MIN,
    C,
    clean_name,
    draw_text,
    draw_text_mid,
    fit_text,
    fits_squeezed,
    mix,
    short_seat,
    text_width,
    wrap_text,
)
from rules.nemesis.view import GameView

MIN_TEXT = 22        # the smallest text on a board, in px at full size
BIG = 24             # names and titles

WHITE: RGB = (255, 255, 255)
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
PLATE_INK: RGB = (176, 192, 216)


KINDS = {"larva": ("L", "larva"), "creeper": ("C", "creeper"), "adult": ("A", "adult"),
         "breeder": ("B", "breeder"), "queen": ("Q", "queen")}


@dataclass(frozen=True)
class Person:
    name: str
    number: int   # the seat number on the map disc (1-based, in seat order)
    colour: RGB


def seat_people(view: GameView, names: Mapping[str, str] | None) -> dict[str, Person]:
    out = {}
    for i, h in enumerate(view.heroes):
        given = clean_name(names.get(h.seat, "")) if names else ""
        out[h.seat] = Person(given or short_seat(h.seat), i + 1, SEATS[i % len(SEATS)])
    return out


def name_of(people: Mapping[str, Person], seat: str) -> str:
    p = people.get(seat)
    return p.name if p else short_seat(seat)


def plate(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, number: int) -> None:
    """A corridor number next to its room."""
    d.rounded_rectangle((x - 9, y - 11, x + 9, y + 11), radius=4, fill=C.INK,
                        outline=mix(C.PANEL, C.EDGE_HI, 0.6), width=1)
    draw_text_mid(img, x, y, str(number), MIN_TEXT, PLATE_INK, bold=True, align="center")


def vent(d: ImageDraw.ImageDraw, at: Point, noisy: bool) -> None:
    """A technical corridor entrance: a hexagonal grille (yellow while it has noise)."""
    x, y = at
    d.regular_polygon((x, y, VENT_R), 6, fill=NOISE if noisy else C.SLOT,
                      outline=C.INK if noisy else C.EDGE_HI, width=2)
    ink = C.INK if noisy else C.MUTED
    for dy in (-4, 0, 4):
        d.line((x - 6, y + dy, x + 6, y + dy), fill=ink, width=2)


LegendIcon = Callable[[Image.Image, ImageDraw.ImageDraw, float, float], None]


def no_icon(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    return None


LEGEND_LINE = 30


def entry_width(entry: tuple[float, LegendIcon, str]) -> float:
    icon_w, _, label = entry
    return icon_w + (6 if icon_w else 0) + text_width(label, MIN_TEXT)


def noise(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    d.ellipse((x - 10, y - 10, x + 10, y + 10), fill=NOISE, outline=C.INK, width=3)


def door(d: ImageDraw.ImageDraw, mx: float, my: float, ux: float, uy: float,
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


Token = tuple[float, Callable[[ImageDraw.ImageDraw, float, float], None]]


def flow(img: Image.Image, d: ImageDraw.ImageDraw, left: float, right: float, cy: float,
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


def disc(img: Image.Image, d: ImageDraw.ImageDraw, cx: float, cy: float, colour: RGB,
          number: int | None) -> None:
    d.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill=colour, outline=C.INK, width=2)
    label = "?" if number is None else str(number)
    draw_text_mid(img, cx, cy, label, MIN_TEXT, C.INK, bold=True, align="center")


def hero_token(img: Image.Image, person: Person | None) -> Token:
    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
        disc(img, d, cx, cy, person.colour if person else C.MUTED,
              person.number if person else None)
    return 30, draw


def diamond(img: Image.Image, d: ImageDraw.ImageDraw, cx: float, cy: float, letter: str,
             queen: bool) -> None:
    r = 18
    pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    d.polygon(pts, fill=QUEEN if queen else INTRUDER, outline=C.WARN if queen else C.INK,
              width=2)
    draw_text_mid(img, cx, cy, letter, MIN_TEXT, WHITE, bold=True, align="center")


def intruder_token(img: Image.Image, it: Mapping[str, object]) -> Token:
    kind = str(it.get("kind", ""))
    letter = KINDS.get(kind, ((kind[:1] or "?").upper(), kind))[0]
    injuries = it.get("injuries", 0)
    hurt = min(injuries, 9) if isinstance(injuries, int) else 0

    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
        cx -= 6 if hurt else 0
        diamond(img, d, cx, cy, letter, kind == "queen")
        if hurt:  # injuries: a white badge on the right
            bx = cx + 19
            d.rounded_rectangle((bx - 9, cy - 12, bx + 9, cy + 12), radius=5, fill=WHITE,
                                outline=C.INK, width=2)
            draw_text_mid(img, bx, cy, str(hurt), MIN_TEXT, C.DANGER, bold=True,
                          align="center")
    return (48 if hurt else 36), draw


def object_token(img: Image.Image, obj: str, n: int) -> Token:
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


def items_token(img: Image.Image, n: int) -> Token:
    label = str(n)
    w = max(24, text_width(label, MIN_TEXT, True) + 10)

    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
        d.rounded_rectangle((cx - w / 2, cy - 13, cx + w / 2, cy + 13), radius=4,
                            fill=mix(C.PANEL, C.WARN, 0.2), outline=mix(C.PANEL, C.WARN, 0.8),
                            width=2)
        draw_text_mid(img, cx, cy, label, MIN_TEXT, C.WARN, bold=True, align="center")
    return w, draw


def computer_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    d.rectangle((cx - 11, cy - 10, cx + 11, cy + 5), fill=C.INK, outline=C.CYAN, width=2)
    d.rectangle((cx - 7, cy - 6, cx + 7, cy + 1), fill=mix(C.INK, C.CYAN, 0.5))
    d.line((cx, cy + 5, cx, cy + 9), fill=C.CYAN, width=2)
    d.line((cx - 7, cy + 10, cx + 7, cy + 10), fill=C.CYAN, width=2)


def flame_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    s = 11
    d.ellipse((cx - 0.7 * s, cy - 0.2 * s, cx + 0.7 * s, cy + s), fill=FIRE)
    d.polygon([(cx - 0.7 * s, cy + 0.35 * s), (cx, cy - s), (cx + 0.7 * s, cy + 0.35 * s)],
              fill=FIRE)
    d.ellipse((cx - 0.32 * s, cy + 0.25 * s, cx + 0.32 * s, cy + 0.85 * s), fill=C.WARN)


def fire_border(d: ImageDraw.ImageDraw, box: Box, width: int = 4) -> None:
    """The orange border of a room on fire (beside its flame icon)."""
    d.rounded_rectangle(box, radius=8, outline=FIRE, width=width)


def bolt(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, colour: RGB) -> None:
    pts = [(cx + 0.15 * s, cy - s), (cx - 0.55 * s, cy + 0.1 * s), (cx - 0.05 * s, cy + 0.1 * s),
           (cx - 0.2 * s, cy + s), (cx + 0.55 * s, cy - 0.15 * s),
           (cx + 0.05 * s, cy - 0.15 * s)]
    d.polygon(pts, fill=colour)


def bolt_icon(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    bolt(d, cx, cy, 12, MALF)


def pack(names: Sequence[str], size: int, width: int, max_lines: int) -> list[str]:
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


# ---------------------------------------------------------------------- legend
LegendEntry = tuple[float, LegendIcon, str]  # icon width, icon, label


def flow_legend(entries: Sequence[LegendEntry], width: int) -> list[list[LegendEntry]]:
    """Legend entries flowed into lines of `width` px."""
    lines: list[list[LegendEntry]] = [[]]
    x = 0.0
    for entry in entries:
        w = entry_width(entry)
        if lines[-1] and x + w > width:
            lines.append([])
            x = 0.0
        lines[-1].append(entry)
        x += w + 18
    return lines


def draw_legend(img: Image.Image, d: ImageDraw.ImageDraw, box: Box,
                lines: Sequence[Sequence[LegendEntry]]) -> None:
    """Flowed legend lines, centred vertically in the box."""
    x0, y0, _, y1 = box
    top = (y0 + y1) / 2 - len(lines) * LEGEND_LINE / 2
    for i, entries in enumerate(lines):
        cy = top + i * LEGEND_LINE + LEGEND_LINE / 2
        x = x0
        for icon_w, icon, label in entries:
            icon(img, d, x, cy)
            x += icon_w + (6 if icon_w else 0)
            x += draw_text_mid(img, x, cy, label, MIN_TEXT, C.MUTED) + 18


# --------------------------------------------------------------------- the end
BANNER_W, BANNER_H = 900, 280


def banner_at(area: Box) -> Box:
    """The end banner's box, centred on an area (the map)."""
    mx0, my0, mx1, my1 = area
    cx, cy = (mx0 + mx1) / 2, (my0 + my1) / 2
    return (cx - BANNER_W / 2, cy - BANNER_H / 2, cx + BANNER_W / 2, cy + BANNER_H / 2)


def end_banner(img: Image.Image, area: Box, ending: str, winners: Sequence[str]) -> None:
    """Dim the area and put the game-over banner on it: why it ended, who won."""
    mx0, my0, mx1, my1 = area
    overlay = ImageDraw.Draw(img, "RGBA")
    overlay.rectangle((mx0 + 2, my0 + 2, mx1 - 2, my1 - 2), fill=(4, 6, 12, 130))
    bx0, by0, bx1, by1 = banner_at(area)
    colour = C.OK if winners else C.DANGER
    overlay.rounded_rectangle((bx0, by0, bx1, by1), radius=16, fill=(8, 10, 20, 238),
                              outline=(*colour, 255), width=4)
    cx = (bx0 + bx1) / 2
    inner = int(bx1 - bx0 - 48)
    draw_text_mid(img, cx, by0 + 32, "GAME OVER", 26, C.MUTED, bold=True, align="center")
    y = by0 + 54
    for line in wrap_text(ending, 26, True, inner, 2):
        draw_text(img, cx, y, line, 26, C.TEXT, bold=True, align="center")
        y += 32
    if not winners:
        draw_text_mid(img, cx, by0 + 190, "NOBODY WINS", 48, colour, bold=True, align="center")
        return
    title = "WINNER" if len(winners) == 1 else "WINNERS"
    draw_text_mid(img, cx, by0 + 150, title, BIG, colour, bold=True, align="center")
    lines = pack(winners, 32, inner, 2)
    y = by0 + (206 if len(lines) == 1 else 190)
    for line in lines:
        draw_text_mid(img, cx, y, line, 32, colour, bold=True, align="center")
        y += 40
