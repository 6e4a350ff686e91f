"""PNG encoding of board images with ISA-L's deflate (the `isal` package).

Picked by measurement on the boards themselves (benchmarks/render_bench.py prints the
encode time beside each render): one unfiltered stream through ISA-L at level 1 encodes
the 1100x700 Dark Moon board in about 2.6 ms and the 1100x1836 Lockdown board in about
8-13 ms with files within a few per cent of zlib's; zlib-ng at level 1 took about 40%
longer for 15-20% larger files, zlib level 1 three times as long, Pillow's own encoder
(adaptive filters) eight times. Rows are left unfiltered: the flat, panel-style art
compresses well without filters, and filtering in Python would cost more than it saves.
Where `isal` has no wheel the standard zlib module encodes the same PNG, slower.
"""

from __future__ import annotations

import struct
import zlib
from types import ModuleType

from PIL import Image

deflate: ModuleType
try:
    from isal import isal_zlib as deflate
except ImportError:  # pragma: no cover - only where isal cannot be installed
    deflate = zlib

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def encode_png(img: Image.Image, level: int = 1) -> bytes:
    """Encode an image as an 8-bit RGB PNG (filter 'None' on every row)."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    w, h = img.size
    stream = deflate.compressobj(level)
    idat = b"".join([stream.compress(part) for part in _scanline_parts(img)]) + stream.flush()
    return _SIGNATURE + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) \
        + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def scanlines(img: Image.Image) -> bytes:
    """The image's rows, each preceded by its filter byte 0 (no filter)."""
    return b"".join(_scanline_parts(img))


def _scanline_parts(img: Image.Image) -> tuple[bytes, memoryview]:
    """The scanlines in two pieces, without a copy per row: Pillow's raw encoder given a
    stride one byte longer than a row writes each row followed by one zero byte
    (RawEncode.c zero-pads the stride), so a leading zero byte plus all but the last
    byte of that are the rows each preceded by the filter byte 0. Measured on the
    1100x1836 Lockdown board: 2 ms, against 9 ms for joining the rows in Python."""
    w, _ = img.size
    padded = img.tobytes("raw", "RGB", w * 3 + 1)
    return b"\x00", memoryview(padded)[:-1]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
