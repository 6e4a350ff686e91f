"""Text in any script: every character of a name is drawn by some font of the chain
(never as a .notdef box), names are kept whole on the boards, and the colour emoji and
right-to-left runs are drawn too."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from renders import glyphs
from renders.common import C, clean_name, draw_text, text_width

NAMES = {
    "CJK": "李小龍",
    "Japanese": "さくら",
    "Korean": "김민준",
    "Cyrillic": "Дмитрий",
    "Greek": "Αλέξης",
    "accents": "José Müller-Øberg",
    "Arabic": "محمد علي",
    "emoji": "Zoë 🚀🐉",
}


def tofu(text: str, size: int = 22) -> Image.Image:
    """`text` drawn with DejaVu alone: every character it lacks is a .notdef box."""
    font = ImageFont.truetype(str(glyphs.FONT_DIR / "DejaVuSansCondensed-Bold.ttf"), size)
    img = Image.new("L", (600, 60), 0)
    ImageDraw.Draw(img).text((4, 4), text, font=font, fill=255)
    return img


def chained(text: str, size: int = 22) -> Image.Image:
    img = Image.new("RGB", (600, 60), (0, 0, 0))
    draw_text(img, 4, 4, text, size, (255, 255, 255), bold=True)
    return img.convert("L")


@pytest.mark.parametrize("script", list(NAMES))
def test_every_character_has_a_font(script: str) -> None:
    name = NAMES[script]
    assert clean_name(name) == name  # nothing dropped, nothing replaced
    for ch in name:
        if not ch.isspace():
            assert glyphs.face_of(ch) is not None, (script, ch)


@pytest.mark.parametrize("script", ["CJK", "Japanese", "Korean", "emoji"])
def test_fallback_fonts_draw_what_dejavu_lacks(script: str) -> None:
    name = NAMES[script]
    missing = [ch for ch in name if not ch.isspace() and not glyphs.covers(glyphs.MAIN, ch)]
    assert missing  # DejaVu alone would draw boxes here...
    assert all(glyphs.face_of(ch) != glyphs.MAIN for ch in missing)
    # ...and the chain draws something else than those boxes
    assert ImageChops.difference(chained(name), tofu(name)).getbbox() is not None
    assert text_width(name, 22, True) > 0


def test_cjk_glyphs_are_not_notdef_boxes() -> None:
    """Each CJK glyph differs from the fallback font's own .notdef glyph."""
    for ch in NAMES["CJK"] + NAMES["Korean"] + NAMES["Japanese"]:
        face = glyphs.face_of(ch)
        assert face is not None and glyphs.CHAIN[face].regular == "DroidSansFallback.ttf"
        font = glyphs.face_font(face, 22)
        assert font is not None
        assert bytes(font.getmask(ch)) != bytes(font.getmask("\U000E0FFF"))


def test_emoji_are_drawn_in_colour() -> None:
    m = glyphs.mask("🚀", 22, True)
    assert m is not None
    _mask, _dx, _dy, colour = m
    assert colour is not None and colour.getbbox() is not None
    img = Image.new("RGB", (60, 60), C.PANEL)
    draw_text(img, 10, 10, "🚀", 22, (255, 255, 255), bold=True)
    assert len({c for _, c in img.getcolors(1 << 16)}) > 3  # more than one ink


def test_arabic_is_shaped_right_to_left() -> None:
    (run,) = glyphs.runs(NAMES["Arabic"])
    assert run[2]  # shaped (joined letters, bidi order)
    assert chained(NAMES["Arabic"]).getbbox() is not None


def test_unknown_characters_and_controls_are_dropped() -> None:
    assert clean_name("Ann\x00\U000E0FFF\ufe0f") == "Ann"


@pytest.mark.parametrize("ruleset", ["darkmoon", "lockdown", "nemesis"])
def test_boards_draw_names_in_any_script(ruleset: str) -> None:
    """A board with a name in any script differs from the one showing the seat id."""
    from renders import render_image
    from rules import get_ruleset

    rs = get_ruleset(ruleset)
    seats = [str(100000000000000000 + 7919 * i) for i in range(3)]
    view = rs.view(rs.new_game(seats, seed=1), None)
    with_id = render_image(view, {})
    for name in NAMES.values():
        img = render_image(view, {seats[0]: name})
        assert ImageChops.difference(img, with_id).getbbox() is not None, name
