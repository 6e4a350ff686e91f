"""PNG encoding of board images in 256 colours, with ISA-L's deflate (the `isal` package).

Picked by measurement on the boards themselves (benchmarks/render_bench.py prints the
encode time beside each render; benchmarks/image_bench.py the bytes a table uploads):

* One unfiltered stream through ISA-L at level 1: the 1100x700 Dark Moon board in about
  1.5 ms, the 1100x1836 Lockdown board in about 4 ms, within a few per cent of zlib's
  size; zlib-ng at level 1 took about 40% longer for 15-20% larger files, zlib level 1
  three times as long, Pillow's own encoder (adaptive filters) eight times. Row filters
  do not pay: Up and Sub (computed in C with ImageChops) made the boards' files 3-10%
  larger at level 1 and 2, and level 3 is four times slower for 0-4% less.
* A palette (colour type 3, 8 bits an index) instead of 8-bit RGB: a board is flat fills
  plus anti-aliased text, about 2,000 to 6,000 colours, almost all of them the few
  pixels at the edges of letters. 256 colours from a sample of the board's own pixels
  (every 4th pixel of every 4th row, exact colours, not averaged): its 64 most frequent
  colours exactly (fills, letters, tags: kept as drawn), the rest picked by Pillow's fast
  octree; each pixel mapped to the nearest, without dithering (flat fills stay flat).
  Files 2.2 to 2.4 times smaller; the edges of letters move by a few levels (mean error
  1 to 2.5 of 255; tests/renders/test_board_palette.py bounds it).
* Speed: Pillow keeps a palette's colour lookup on the palette, so mapping a board to a
  palette used before takes half the time of a new one. A thread keeps its last palettes
  and uses one again while it maps the new board's frequent colours about as closely as
  a new palette would (`_palette`); a new palette (octree, sort, cold lookup) costs 2-4
  ms more (a board in 10 of Dark Moon, 3 to 8 in 100 of Lockdown and Nemesis needs one:
  a tag in a colour the kept palettes lack). Picking a palette from the whole board took
  5-30 ms. The sample, the check and the mapping cost about what the 3 times larger RGB
  stream did: encoding takes 0.4 to 0.9 ms more CPU than in RGB at the median and up to
  3 ms more at p95 (the new palettes; benchmarks/image_bench.py prints both), for 2.3
  times fewer bytes. WebP (lossless at method 0, or lossy) was larger and 5-10 times
  slower.
* The palette a board gets depends on the boards the thread encoded before: the same
  picture may be encoded with another palette (and other bytes) later.
Where `isal` has no wheel the standard zlib module encodes the same PNG, slower.
"""

from __future__ import annotations

import struct
import threading
import zlib
from dataclasses import dataclass
from types import ModuleType
from typing import cast

from PIL import Image, ImageChops

deflate: ModuleType
try:
    from isal import isal_zlib as deflate
except ImportError:  # pragma: no cover - only where isal cannot be installed
    deflate = zlib

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOURS = 256  # in a palette image
SAMPLE = 4  # the palette is picked from every SAMPLE-th pixel of every SAMPLE-th row


def encode_png(img: Image.Image, level: int = 1, palette: bool = True) -> bytes:
    """Encode an image as a PNG of 256 colours (`quantize`; `palette` False: 8-bit RGB,
    lossless), filter 'None' on every row."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    if palette:
        img = quantize(img)
    w, h = img.size
    stream = deflate.compressobj(level)
    idat = b"".join([stream.compress(part) for part in _scanline_parts(img)]) + stream.flush()
    head = _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3 if palette else 2, 0, 0, 0))
    if palette:
        head += _chunk(b"PLTE", bytes(img.getpalette("RGB") or ()))
    return _SIGNATURE + head + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def quantize(img: Image.Image) -> Image.Image:
    """An RGB image in at most 256 colours (a "P" image), every pixel mapped to the
    nearest colour of a palette without dithering: a palette that fitted a board before
    and fits this one (`_palette`), else a new one picked by Pillow's fast octree from a
    sample of the image's own pixels (see the module's docstring)."""
    w, h = img.size
    sample = img.resize((max(1, w // SAMPLE), max(1, h // SAMPLE)),
                        Image.Resampling.NEAREST)
    return img.quantize(palette=_palette(sample), dither=Image.Dither.NONE)


@dataclass(frozen=True)
class _Palette:
    image: Image.Image  # a "P" image holding the palette
    # its `worst` errors on the frequent and on the big colours of the sample it was
    # made from
    frequent: int
    big: int


class _Kept(threading.local):
    """The palettes this thread used last, the latest first. Pillow keeps each palette's
    colour lookup on the palette itself: mapping a board to a palette it has mapped
    boards to before takes half the time of a new one's (whose octree costs as much
    again). Per thread, as the lookup is filled while the mapping runs without the GIL."""

    def __init__(self) -> None:
        self.palettes: list[_Palette] = []


_KEPT = _Kept()
KEEP = 8  # palettes kept per thread (a process draws boards of several games, sides)
EXACT = 64  # of a new palette's colours are the sample's most frequent ones, exactly
# A kept palette fits a board when it maps each colour of its sample on FREQUENT pixels
# or more (about 50 of the board: letters, icons) within CLOSE in every channel, and each
# on BIG pixels or more (about 250 of the board: fills, tags) within NEAR; or no worse
# than on the sample it was made from.
FREQUENT, CLOSE = 3, 24
BIG, NEAR = 16, 8


def _palette(sample: Image.Image) -> Image.Image:
    """A palette for the image `sample` was taken from: the latest kept one that fits
    it (see FREQUENT), else a new one (`_new_palette`)."""
    # (more than 8,192 colours: not a board; the colours of a 64 x 64 sample of it)
    colours = cast(list[tuple[int, tuple[int, ...]]], sample.getcolors(8192)
                   or sample.resize((64, 64), Image.Resampling.NEAREST).getcolors(4096))
    often = [(count, colour) for count, colour in colours if count >= FREQUENT]
    frequent = _strip([colour for _, colour in often])
    big = _strip([colour for count, colour in often if count >= BIG])
    kept = _KEPT.palettes
    for i, palette in enumerate(kept):
        if worst(big, palette.image) <= max(NEAR, palette.big) and \
                worst(frequent, palette.image) <= max(CLOSE, palette.frequent):
            kept.insert(0, kept.pop(i))
            return palette.image
    image = _new_palette(sample, colours)
    kept.insert(0, _Palette(image, worst(frequent, image), worst(big, image)))
    del kept[KEEP:]
    return image


def _strip(colours: list[tuple[int, ...]]) -> Image.Image:
    """`colours` as a one-row RGB image (one black pixel when there are none)."""
    return Image.frombytes("RGB", (max(1, len(colours)), 1),
                           b"".join(bytes(colour) for colour in colours) or bytes(3))


def _new_palette(sample: Image.Image, colours: list[tuple[int, tuple[int, ...]]]
                 ) -> Image.Image:
    """The EXACT most frequent colours of `sample` (fills, letters: kept as they are
    drawn), then what Pillow's fast octree picks from the sample for the rest."""
    exact = [colour for _, colour in sorted(colours, key=lambda c: -c[0])[:EXACT]]
    octree = sample.quantize(COLOURS - len(exact), method=Image.Quantize.FASTOCTREE,
                             dither=Image.Dither.NONE).getpalette("RGB") or []
    image = Image.new("P", (1, 1))
    image.putpalette([v for colour in exact for v in colour]
                     + octree[:3 * (COLOURS - len(exact))])
    return image


def worst(image: Image.Image, palette: Image.Image) -> int:
    """How far (the most in any channel, of 255) a pixel of the RGB `image` is from the
    colour `palette` maps it to."""
    mapped = image.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    red, green, blue = ImageChops.difference(image, mapped).split()
    counts = ImageChops.lighter(ImageChops.lighter(red, green), blue).histogram()
    return max(off for off, count in enumerate(counts) if count)


def scanlines(img: Image.Image) -> bytes:
    """The image's rows, each preceded by its filter byte 0 (no filter)."""
    return b"".join(_scanline_parts(img))


def _scanline_parts(img: Image.Image) -> tuple[bytes, memoryview]:
    """The scanlines (of an "RGB" or a "P" image) in two pieces, without a copy per row:
    Pillow's raw encoder given a stride one byte longer than a row writes each row
    followed by one zero byte (RawEncode.c zero-pads the stride), so a leading zero byte
    plus all but the last byte of that are the rows each preceded by the filter byte 0.
    Measured on the 1100x1836 Lockdown board: 2 ms, against 9 ms for joining the rows in
    Python."""
    w, _ = img.size
    padded = img.tobytes("raw", img.mode, w * len(img.getbands()) + 1)
    return b"\x00", memoryview(padded)[:-1]


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = deflate.crc32(data, deflate.crc32(kind)) & 0xFFFFFFFF
    return b"".join((struct.pack(">I", len(data)), kind, data, struct.pack(">I", crc)))
