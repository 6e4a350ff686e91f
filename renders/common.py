"""Shared drawing helpers for the board renderers: fonts, cached text, fitting, colours
and chips (the PNG encoder is in png.py).

Speed notes (a render must stay well under 40 ms on a small 2-core host):

* Text is rasterised once per (string, size, weight) into an "L" mask kept in an LRU
  cache (renders/glyphs.py, which also picks a font per glyph for any script); drawing
  it again is a masked paste of a solid colour (~6x faster than `ImageDraw.text`, and
  board strings repeat a lot from one render to the next).
* `renders.png.encode_png` writes the PNG in 256 colours through ISA-L's deflate (see png.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from renders import glyphs
from renders.names import ZWJ, display_name

RGB = tuple[int, int, int]

FONT_DIR = glyphs.FONT_DIR
ELLIPSIS = "…"


# ------------------------------------------------------------------- colours
class C:
    """The dark sci-fi palette."""

    BG_TOP: RGB = (7, 10, 20)
    BG_BOTTOM: RGB = (12, 19, 36)
    STAR: RGB = (60, 78, 110)
    PANEL: RGB = (15, 23, 40)
    PANEL_HI: RGB = (21, 32, 54)
    EDGE: RGB = (44, 66, 100)
    EDGE_HI: RGB = (80, 120, 170)
    TITLE: RGB = (96, 200, 255)
    TEXT: RGB = (228, 236, 246)
    MUTED: RGB = (150, 166, 190)
    DIM: RGB = (82, 98, 124)
    SLOT: RGB = (24, 35, 58)
    CYAN: RGB = (70, 210, 255)
    OK: RGB = (86, 216, 140)
    WARN: RGB = (255, 196, 64)
    DANGER: RGB = (236, 78, 68)
    TOKEN: RGB = (222, 96, 58)
    FATIGUE: RGB = (255, 146, 60)
    INFECTED: RGB = (232, 62, 128)
    QUARANTINE: RGB = (168, 124, 255)
    COMMANDER: RGB = (84, 150, 255)
    SABOTAGE: RGB = (255, 70, 200)
    DIE_STRONG: RGB = (52, 56, 66)
    DIE_WEAK: RGB = (198, 52, 52)
    DIE_COMMANDER: RGB = (50, 110, 230)
    INK: RGB = (8, 12, 20)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend colour a towards b by t (0..1)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


# --------------------------------------------------------------------- fonts
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans Condensed at `size` px (bundled, else the system copy, else Pillow's
    default font); other scripts fall back per glyph (renders/glyphs.py)."""
    f = glyphs.face_font(glyphs.MAIN, size, bold)
    assert f is not None
    return f


@lru_cache(maxsize=64)
def _cap_mid(size: int, bold: bool) -> float:
    """Distance from the line top (ascender) to the middle of a capital letter."""
    _, top, _, bottom = font(size, bold).getbbox("H")
    return (top + bottom) / 2


def line_top(cy: float, size: int, bold: bool = False) -> float:
    """The line top that puts the middle of the capitals on cy (for draw_text)."""
    return cy - _cap_mid(size, bold)


def text_width(text: str, size: int, bold: bool = False) -> int:
    return glyphs.width(text, size, bold) if text else 0


# ------------------------------------------------------------- text fitting
@lru_cache(maxsize=4096)
def fit_text(text: str, size: int, bold: bool, max_w: int) -> str:
    """`text` as is if it fits in max_w px, else cut with an ellipsis ('' if even the
    ellipsis does not fit)."""
    text = " ".join(text.split())
    if text_width(text, size, bold) <= max_w:
        return text
    if text_width(ELLIPSIS, size, bold) > max_w:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, bold) <= max_w:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


def fit_size(text: str, sizes: Iterable[int], bold: bool, max_w: int) -> tuple[str, int]:
    """The largest size in `sizes` (largest first) at which text fits, else the last
    size with the text cut."""
    size = 0
    for size in sizes:
        if text_width(text, size, bold) <= max_w:
            return text, size
    return fit_text(text, size, bold, max_w), size


@lru_cache(maxsize=1024)
def wrap_text(text: str, size: int, bold: bool, max_w: int, max_lines: int) -> tuple[str, ...]:
    """Greedy word wrap into at most max_lines lines; the last one is cut with an
    ellipsis when text remains. Over-long words are cut too."""
    words = text.split()
    lines: list[str] = []
    i = 0
    while i < len(words) and len(lines) < max_lines:
        line = words[i]
        i += 1
        while i < len(words) and text_width(line + " " + words[i], size, bold) <= max_w:
            line += " " + words[i]
            i += 1
        lines.append(line)
    if not lines:
        return ()
    if i < len(words):  # greedy wrap: the rest cannot fit on the last line, so it is cut
        lines[-1] = lines[-1] + " " + " ".join(words[i:])
    return tuple(fit_text(x, size, bold, max_w) for x in lines)


# ------------------------------------------------------------------- drawing
def draw_text(img: Image.Image, x: float, y: float, text: str, size: int,
              fill: RGB, bold: bool = False, align: str = "left",
              max_w: int | None = None) -> int:
    """Draw text whose line top (ascender) is at y; align left/center/right on x.
    Cut to max_w px when given. Returns the drawn width."""
    if max_w is not None:
        text = fit_text(text, size, bold, max_w)
    if not text:
        return 0
    w = text_width(text, size, bold)
    if align == "center":
        x -= w / 2
    elif align == "right":
        x -= w
    m = glyphs.mask(text, size, bold)
    if m is not None:
        mask, dx, dy, colour = m
        at = (round(x) + dx, round(y) + dy)
        img.paste(fill, at, mask)
        if colour is not None:  # colour emoji keep their own colours
            img.paste(colour, at, colour)
    return w


SQUEEZE_MIN = 0.78  # the narrowest a text is squeezed to fit (its height is kept)


def fits_squeezed(text: str, size: int, bold: bool, max_w: int,
                  squeeze: float = SQUEEZE_MIN) -> bool:
    return text_width(text, size, bold) * squeeze <= max_w


@lru_cache(maxsize=512)
def _squeezed(text: str, size: int, bold: bool, max_w: int
              ) -> tuple[Image.Image, int, int] | None:
    m = glyphs.mask(text, size, bold)
    if m is None:
        return None
    mask, dx, dy, _colour = m
    k = max_w / max(1, text_width(text, size, bold))
    return (mask.resize((max(1, round(mask.width * k)), mask.height),
                        Image.Resampling.LANCZOS), round(dx * k), dy)


def draw_text_squeezed(img: Image.Image, x: float, y: float, text: str, size: int,
                       fill: RGB, bold: bool, max_w: int) -> int:
    """Like draw_text, but a text too wide for max_w is squeezed sideways to fit (to
    SQUEEZE_MIN at most, keeping its height: a long word stays whole and readable), and
    only beyond that cut with an ellipsis."""
    if text_width(text, size, bold) <= max_w:
        return draw_text(img, x, y, text, size, fill, bold)
    if not fits_squeezed(text, size, bold, max_w):
        return draw_text(img, x, y, text, size, fill, bold, max_w=max_w)
    m = _squeezed(text, size, bold, max_w)
    if m is not None:
        mask, dx, dy = m
        img.paste(fill, (round(x) + dx, round(y) + dy), mask)
    return max_w


def draw_text_mid(img: Image.Image, x: float, cy: float, text: str, size: int,
                  fill: RGB, bold: bool = False, align: str = "left",
                  max_w: int | None = None) -> int:
    """Like draw_text, with the middle of the capitals on cy."""
    return draw_text(img, x, cy - _cap_mid(size, bold), text, size, fill, bold, align, max_w)


CHIP_SIZE = 22
CHIP_PAD = 6
CHIP_H = 28


def chip_width(text: str, size: int = CHIP_SIZE) -> int:
    return text_width(text, size, True) + 2 * CHIP_PAD


def draw_chip(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, cy: float, text: str,
              colour: RGB, solid: bool = True, size: int = CHIP_SIZE,
              h: int = CHIP_H) -> int:
    """A rounded label centred vertically on cy, starting at x. Solid chips are filled
    with the colour and use dark ink; outline chips use the colour for text and edge.
    Returns the chip width."""
    w = chip_width(text, size)
    box = (round(x), round(cy - h / 2), round(x) + w, round(cy - h / 2) + h)
    if solid:
        draw.rounded_rectangle(box, radius=5, fill=colour)
        draw_text_mid(img, x + CHIP_PAD, cy, text, size, C.INK, bold=True)
    else:
        draw.rounded_rectangle(box, radius=5, fill=mix(C.PANEL, colour, 0.15), outline=colour,
                               width=2)
        draw_text_mid(img, x + CHIP_PAD, cy, text, size, colour, bold=True)
    return w


def vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> Image.Image:
    w, h = size
    column = Image.new("RGB", (1, h))
    column.putdata([mix(top, bottom, y / max(1, h - 1)) for y in range(h)])
    return column.resize((w, h), Image.Resampling.NEAREST)


def short_seat(seat: str) -> str:
    """Fallback display name for a seat id: Discord ids shortened to their tail."""
    seat = str(seat)
    return seat if len(seat) <= 8 else f"#{seat[-4:]}"


def has_glyph(ch: str) -> bool:
    """True when some font of the chain draws `ch` (not as a .notdef box)."""
    return glyphs.drawable(ch)


def clean_name(name: str) -> str:
    """A display name as the boards draw it: cleaned like every printed name
    (renders/names.py: one line, no control, bidi or zero-width characters), less the
    characters that no bundled font has (they would show as empty boxes)."""
    text = display_name(name)
    return " ".join("".join(ch for ch in text if ch == ZWJ or has_glyph(ch)).split())
