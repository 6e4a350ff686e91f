"""The banded PNG encoder: valid PNGs, identical pixels, reused bands give the same
bytes as fresh ones."""

from __future__ import annotations

import io
import random
import zlib

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
    for seed, size in ((1, (300, 200)), (2, (37, 5)), (3, (1100, 700))):
        img = _board(seed, size)
        assert _decode(png.encode_png(img)).tobytes() == img.tobytes()


def test_a_changed_band_is_compressed_again_and_the_rest_reused() -> None:
    png._cache.clear()
    img = _board(4)
    first = png.encode_png(img)
    bands = len(png._cache)
    assert bands == -(-200 // png.BAND_ROWS)
    changed = img.copy()
    ImageDraw.Draw(changed).rectangle((10, 140, 40, 150), fill=(255, 0, 0))  # band 4
    second = png.encode_png(changed)
    assert len(png._cache) == bands + 1  # only the band with the red box is new
    assert _decode(second).tobytes() == changed.tobytes()
    png._cache.clear()
    assert png.encode_png(changed) == second and png.encode_png(img) == first


def test_adler32_combine_matches_zlib() -> None:
    rnd = random.Random(5)
    for _ in range(50):
        a = rnd.randbytes(rnd.randrange(0, 300))
        b = rnd.randbytes(rnd.randrange(0, 70_000))
        combined = png.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b))
        assert combined == zlib.adler32(a + b)
