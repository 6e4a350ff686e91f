"""Text in any script: the per-glyph font fallback chain and cached text masks.

Each character is drawn with the first font of the chain that has it (see
renders/fonts/__init__.py): DejaVu Sans Condensed, then Droid Sans Fallback (CJK),
then Noto Sans Symbols 2, then Noto Color Emoji. A text is cut into runs of one font
each; the runs share DejaVu's baseline. Runs in right-to-left scripts or with combining
marks are shaped with libraqm when Pillow has it (Arabic joins, bidi order).

The colour emoji font is a bitmap font with a single strike (109 px): its runs are drawn
at that size into an RGBA image and scaled to the text size (one em tall, centred on
the capitals). Everything is cached: a board draws the same strings again and again.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, features

FONT_DIR = Path(__file__).resolve().parent / "fonts"
_SYSTEM_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))
_PROBE = "\U000E0FFF"  # a private-use code point no font has: draws the .notdef glyph
_HAS_RAQM = features.check("raqm")
EMOJI_STRIKE = 109       # the only size the colour bitmap font can be opened at
_EMOJI_EM = 128          # its bitmaps' height: scaled to one em of the text
_DROPPED = {"\ufe0e", "\ufe0f"}  # presentation selectors: the chain decides


@dataclass(frozen=True)
class Face:
    regular: str
    bold: str | None = None     # None: the regular file serves both weights
    colour: bool = False        # a colour bitmap font (drawn at EMOJI_STRIKE, scaled)


CHAIN: tuple[Face, ...] = (
    Face("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"),
    Face("DroidSansFallback.ttf"),
    Face("NotoSansSymbols2-Regular.ttf"),
    Face("NotoColorEmoji.ttf", colour=True),
)
MAIN = 0  # DejaVu: its metrics place every line


def _path(name: str) -> Path | None:
    for folder in (FONT_DIR, *_SYSTEM_DIRS):
        if (folder / name).is_file():
            return folder / name
    return None


@lru_cache(maxsize=256)
def face_font(face: int, size: int, bold: bool = False, shaped: bool = False
              ) -> ImageFont.FreeTypeFont | ImageFont.ImageFont | None:
    """The chain's font `face` at `size` px (the colour font at its strike size), or
    None when its file is missing. `shaped` asks for libraqm layout (if available)."""
    spec = CHAIN[face]
    path = _path(spec.bold if bold and spec.bold else spec.regular)
    if path is None:
        return ImageFont.load_default(size=size) if face == MAIN else None
    engine = (ImageFont.Layout.RAQM if shaped and _HAS_RAQM else ImageFont.Layout.BASIC)
    try:
        return ImageFont.truetype(str(path), EMOJI_STRIKE if spec.colour else size,
                                  layout_engine=engine)
    except OSError:
        return None


def _signature(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, ch: str
               ) -> tuple[tuple[int, int, int, int], bytes]:
    left, top, right, bottom = font.getbbox(ch)
    return (round(left), round(top), round(right), round(bottom)), bytes(font.getmask(ch))


@cache
def _notdef(face: int, bold: bool) -> tuple[tuple[int, int, int, int], bytes] | None:
    font = face_font(face, 24, bold)
    return None if font is None else _signature(font, _PROBE)


@lru_cache(maxsize=32768)
def covers(face: int, ch: str) -> bool:
    """True when font `face` draws `ch` with a real glyph (in both weights)."""
    for bold in ((False, True) if CHAIN[face].bold else (False,)):
        font = face_font(face, 24, bold)
        if font is None:
            return False
        sig = _signature(font, ch)
        if sig == _notdef(face, bold):
            return False
        if CHAIN[face].colour and sig[0][3] <= sig[0][1]:  # no bitmap for it
            return False
    return True


def _joins(ch: str) -> bool:
    """Characters that take the font of the run they are in (spaces, marks, joiners)."""
    return ch.isspace() or unicodedata.combining(ch) != 0 or unicodedata.category(ch) in (
        "Cf", "Mn", "Me")


@lru_cache(maxsize=32768)
def face_of(ch: str) -> int | None:
    """The first font of the chain that has `ch` (None: none has it)."""
    return next((i for i in range(len(CHAIN)) if covers(i, ch)), None)


def drawable(ch: str) -> bool:
    return ch not in _DROPPED and (_joins(ch) or face_of(ch) is not None)


def _rtl_or_marks(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL", "AN")
               or unicodedata.combining(ch) for ch in text)


Run = tuple[int, str, bool]  # face, text, shaped


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[Run, ...]:
    """`text` cut into runs of one font each (characters no font has are left out)."""
    faces: list[int] = []  # each run's face and text
    texts: list[str] = []
    for ch in text:
        if ch in _DROPPED:
            continue
        face = faces[-1] if faces and _joins(ch) else face_of(ch)
        if face is None:
            if not _joins(ch):
                continue
            face = MAIN
        if faces and faces[-1] == face:
            texts[-1] += ch
        else:
            faces.append(face)
            texts.append(ch)
    return tuple((f, t, _rtl_or_marks(t)) for f, t in zip(faces, texts, strict=True))


def _font(run: Run, size: int, bold: bool) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    font = face_font(run[0], size, bold, run[2])
    assert font is not None  # runs() only names fonts that exist
    return font


def _scale(size: int) -> float:
    return size / _EMOJI_EM


@lru_cache(maxsize=8192)
def width(text: str, size: int, bold: bool = False) -> int:
    """The advance width of `text` in px."""
    total = 0.0
    for run in runs(text):
        advance = _font(run, size, bold).getlength(run[1])
        total += advance * _scale(size) if CHAIN[run[0]].colour else advance
    return round(total)


@lru_cache(maxsize=64)
def ascent(size: int, bold: bool) -> int:
    font = face_font(MAIN, size, bold)
    assert font is not None
    metrics = font.getmetrics() if isinstance(font, ImageFont.FreeTypeFont) else (size, 0)
    return int(metrics[0])


Piece = tuple[Image.Image, int, int, bool]  # image, x, y (from the line top), colour


def _pieces(text: str, size: int, bold: bool) -> list[Piece]:
    """Each run drawn on its own (an L mask, or an RGBA image for colour emoji), placed
    on the line (x from the text origin, y from DejaVu's line top)."""
    base = ascent(size, bold)
    x = 0.0
    out: list[Piece] = []
    for run in runs(text):
        font = _font(run, size, bold)
        if CHAIN[run[0]].colour:
            k = _scale(size)
            left, top, right, bottom = font.getbbox(run[1])
            if right > left and bottom > top:
                big = Image.new("RGBA", (int(right - left), int(bottom - top)))
                ImageDraw.Draw(big).text((-left, -top), run[1], font=font, embedded_color=True)
                w, h = max(1, round(big.width * k)), max(1, round(big.height * k))
                small = big.resize((w, h), Image.Resampling.LANCZOS)
                cap_mid = base - 0.36 * size
                out.append((small, round(x + left * k), round(cap_mid - size / 2), True))
            x += font.getlength(run[1]) * k
            continue
        run_asc = (font.getmetrics()[0] if isinstance(font, ImageFont.FreeTypeFont)
                   else base)
        oy = base - run_asc
        left, top, right, bottom = font.getbbox(run[1])
        if right > left and bottom > top:
            m = Image.new("L", (int(right - left), int(bottom - top)), 0)
            ImageDraw.Draw(m).text((-left, -top), run[1], font=font, fill=255)
            out.append((m, round(x + left), round(oy + top), False))
        x += font.getlength(run[1])
    return out


@lru_cache(maxsize=4096)
def mask(text: str, size: int, bold: bool
         ) -> tuple[Image.Image, int, int, Image.Image | None] | None:
    """`text` as an L mask (to paste a solid colour through) plus, when it has colour
    emoji, an RGBA image of them to composite on top; with the offset of both from the
    text origin (x) and DejaVu's line top (y). None for text that draws nothing."""
    pieces = _pieces(text, size, bold)
    if not pieces:
        return None
    if len(pieces) == 1 and not pieces[0][3]:
        return pieces[0][0], pieces[0][1], pieces[0][2], None
    x0 = min(p[1] for p in pieces)
    y0 = min(p[2] for p in pieces)
    x1 = max(p[1] + p[0].width for p in pieces)
    y1 = max(p[2] + p[0].height for p in pieces)
    m = Image.new("L", (x1 - x0, y1 - y0), 0)
    colour: Image.Image | None = None
    for img, px, py, is_colour in pieces:
        if is_colour:
            if colour is None:
                colour = Image.new("RGBA", m.size, (0, 0, 0, 0))
            colour.alpha_composite(img, (px - x0, py - y0))
        else:
            m.paste(255, (px - x0, py - y0), img)
    return m, x0, y0, colour


__all__ = ["CHAIN", "FONT_DIR", "ascent", "covers", "drawable", "face_font", "face_of",
           "mask", "runs", "width"]
