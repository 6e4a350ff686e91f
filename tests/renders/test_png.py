"""The PNG encoder: valid PNGs (zlib stream, checksums, chunk CRCs) with the same pixels,
for any size and image mode."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageDraw

from renders import png


def _board(seed: int, size: tuple[int, int] = (300, 200)) -> Image.Image:
    rnd = random.Random(seed)
    img = Image.new("RGB", size, (20, 24, 36))
    d = ImageDraw.Draw(img)
    for _ in range(12):
        x, y = rnd.randrange(size[0]), rnd.randrange(size[1])
        d.rectangle((x, y, x + rnd.randrange(5, 80), y + rnd.randrange(5, 40)),
                    fill=(rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)))
    return img


def _decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()  # checks the zlib stream, its checksum and every chunk CRC
    return img.convert("RGB")


def test_the_png_decodes_to_the_same_pixels() -> None:
    for seed, size in ((1, (300, 200)), (2, (37, 5)), (3, (1100, 700)), (4, (1, 1))):
        img = _board(seed, size)
        assert _decode(png.encode_png(img)).tobytes() == img.tobytes()


def test_other_modes_are_encoded_as_rgb() -> None:
    img = _board(5).convert("RGBA")
    assert _decode(png.encode_png(img)).tobytes() == img.convert("RGB").tobytes()


def test_rows_are_unfiltered_scanlines() -> None:
    img = _board(6, (4, 3))
    lines = png.scanlines(img)
    assert len(lines) == 3 * (1 + 4 * 3)
    assert lines[::13] == b"\x00\x00\x00"  # a filter byte 0 before every row


def test_the_library_encoder_is_in_use() -> None:
    from isal import isal_zlib

    assert png.deflate is isal_zlib
