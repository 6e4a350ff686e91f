"""The boards in 256 colours (renders/png.py `quantize`), through seeded games of every
game and side: every colour a board is drawn with on a good number of pixels (fills,
letters, icons) is kept or mapped to a close one, the named colours of the shared
palette (renders.common.C) exactly or nearly, and the picture as a whole barely moves."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat
from playouts import side_views

from renders import render_image
from renders.common import C
from renders.png import quantize
from rules import get_ruleset, list_kits

NAMED = {value for key, value in vars(C).items() if key.isupper()}
SEEN = 64  # pixels a colour covers to count as drawn (not an edge of a letter)


def _off(image: Image.Image, palette: Image.Image) -> Image.Image:
    """Per pixel, the most a channel of `image` is off once mapped to `palette`."""
    mapped = image.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    red, green, blue = ImageChops.difference(image, mapped).split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


@pytest.mark.parametrize("name", [n for n in list_kits() if n != "toy"])
def test_the_colours_a_board_is_drawn_with_survive(name: str) -> None:
    for view, names in side_views(get_ruleset(name), 3, 90, 15):
        drawn = render_image(view, names)
        palette = quantize(drawn)
        assert ImageStat.Stat(_off(drawn, palette)).mean[0] < 3
        colours = [colour for count, colour in drawn.getcolors(1 << 20) or []
                   if count >= SEEN]
        strip = Image.new("RGB", (len(colours), 1))
        strip.putdata(colours)
        off = dict(zip(colours, _off(strip, palette).tobytes(), strict=True))
        assert max(off.values()) <= 40, name  # measured: up to 33, on thin letters
        named = [off[c] for c in colours if c in NAMED]
        assert named and max(named) <= 8, name
