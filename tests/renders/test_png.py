"""The PNG encoder: valid PNGs (zlib stream, checksums, chunk CRCs) for any size and
image mode; in 8-bit RGB with the same pixels, in 256 colours with exactly the quantized
image's, every colour a board is drawn with kept or mapped to a close one."""

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


def test_the_rgb_png_decodes_to_the_same_pixels() -> None:
    for seed, size in ((1, (300, 200)), (2, (37, 5)), (3, (1100, 700)), (4, (1, 1))):
        img = _board(seed, size)
        assert _decode(png.encode_png(img, palette=False)).tobytes() == img.tobytes()


def test_other_modes_are_encoded_as_rgb() -> None:
    img = _board(5).convert("RGBA")
    back = _decode(png.encode_png(img, palette=False))
    assert back.tobytes() == img.convert("RGB").tobytes()


def test_the_palette_png_decodes_to_exactly_the_quantized_image() -> None:
    for seed, size in ((1, (300, 200)), (2, (37, 5)), (3, (1100, 700)), (4, (1, 1)),
                       (5, (3, 2))):
        img = _board(seed, size)
        data = png.encode_png(img)
        raw = Image.open(io.BytesIO(data))
        raw.load()
        assert raw.mode == "P" and raw.size == size
        quantized = png.quantize(img)
        assert raw.tobytes() == quantized.tobytes()
        assert raw.convert("RGB").tobytes() == quantized.convert("RGB").tobytes()


def test_an_image_of_few_flat_colours_survives_the_palette_exactly() -> None:
    img = _board(7, (400, 300))  # 13 colours at most, each on blocks of 5 px or more
    assert _decode(png.encode_png(img)).tobytes() == img.tobytes()


def test_a_new_colour_gets_a_palette_that_holds_it() -> None:
    """A palette kept from earlier boards is not used for a board with a colour it
    lacks (here a block of 40 x 20 px, about what a status tag covers)."""
    img = _board(8, (400, 300))
    png.quantize(img)
    tagged = img.copy()
    ImageDraw.Draw(tagged).rectangle((300, 250, 339, 269), fill=(232, 62, 128))
    back = png.quantize(tagged).convert("RGB")
    assert back.getpixel((320, 260)) == (232, 62, 128)


def test_rows_are_unfiltered_scanlines() -> None:
    img = _board(6, (4, 3))
    lines = png.scanlines(img)
    assert len(lines) == 3 * (1 + 4 * 3)
    assert lines[::13] == b"\x00\x00\x00"  # a filter byte 0 before every row


def test_palettes_that_fit_are_used_again() -> None:
    img = _board(9, (400, 300))
    first = png.quantize(img).getpalette()
    kept = png._KEPT.palettes[0]
    assert png.quantize(img.copy()).getpalette() == first
    assert png._KEPT.palettes[0] is kept


def test_the_library_encoder_is_in_use() -> None:
    from isal import isal_zlib

    assert png.deflate is isal_zlib
