"""Display names reach the boards, the summaries and the texts cleaned (issue 18):
no control characters (NUL, ESC, line breaks), no format characters that draw nothing
(zero-width spaces and joiners, the byte order mark, the word joiner) and no
bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E/U+200F). The bot's
fallback for a name with nothing left is in tests/bot/test_publish_names.py."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from playouts import random_game, seats_for
from text_spy import drawn_texts

from kits.lockdown import board as lockdown
from kits.nemesis_original import board as nemesis
from renders import render_image
from renders.common import clean_name
from renders.names import display_name
from renders.summary import summary
from rules import get_ruleset

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
ZERO_WIDTH = "\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"
NASTY = {  # raw display name -> what is shown
    "Ana\x00": "Ana",
    "B\u202eob\u202c": "Bob",
    "\x1b[31mCy\x1b[0m": "[31mCy[0m",
    "D\u200bi\u2060a\ufeffn\u00ada": "Diana",
    "E\u2066v\u2069e\u200f": "Eve",
    "Line\nbreak\ttab": "Line break tab",
}


def unwanted(text: str) -> list[str]:
    """The characters of `text` no name may bring: control and format characters (the
    zero-width joiner inside an emoji sequence excepted)."""
    return [f"U+{ord(ch):04X}" for ch in text
            if unicodedata.category(ch) in ("Cc", "Cf") and ch != "\u200d"]


@pytest.mark.parametrize(("raw", "shown"), list(NASTY.items()))
def test_display_name_drops_control_bidi_and_zero_width_characters(raw: str,
                                                                   shown: str) -> None:
    assert display_name(raw) == shown
    assert clean_name(raw) == shown  # the boards' cleaning starts from the same


def test_every_format_and_control_character_goes() -> None:
    everything = "".join(chr(c) for c in range(0x20)) + "\x7f\x85" + BIDI + ZERO_WIDTH
    assert display_name(f"a{everything}b") in ("a b", "ab")
    assert unwanted(display_name(f"a{everything}b")) == []
    assert display_name(BIDI + ZERO_WIDTH + "\x00\x1b") == ""
    assert display_name("  Zoë   🚀 ") == "Zoë 🚀"


def test_an_emoji_sequence_keeps_its_joiner_and_nothing_else_does() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    runner = "\U0001f3c3\U0001f3fd\u200d\u2640\ufe0f"
    assert display_name(f"Kim {family}") == f"Kim {family}"
    assert display_name(runner) == runner
    assert display_name("A\u200dB") == "AB"
    assert display_name("\u200d\U0001f468") == "\U0001f468"


def board_texts(view: Any, names: dict[str, str]) -> list[str]:
    with drawn_texts(lockdown._frames.clear, lockdown._tile.cache_clear,
                     nemesis._frames.clear, nemesis._tile.cache_clear) as texts:
        render_image(view, names)
    return texts


@pytest.mark.parametrize("ruleset", ["darkmoon", "lockdown", "nemesis"])
def test_boards_and_summaries_show_names_cleaned(ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    n = 4
    view = rs.view(random_game(rs, n, 5, 30), None)
    raws = list(NASTY)[:n]
    names = dict(zip(seats_for(n), raws, strict=True))
    drawn = board_texts(view, names)
    text = summary(view, names)
    assert not [t for t in drawn if unwanted(t)]
    assert [u for line in text.split("\n") for u in unwanted(line)] == []
    shown = " ".join(drawn)
    for raw in raws:
        assert NASTY[raw] in shown, raw
        assert raw not in shown and raw not in text
