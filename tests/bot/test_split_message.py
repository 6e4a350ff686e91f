"""A text longer than one Discord message in several (bot/texts.py split_message): cut
between lines, a line longer than a message cut between words, nothing left out."""

from __future__ import annotations

import pytest

from bot.texts import MAX_CONTENT, split_message


@pytest.mark.rule("BOT-LIMITS-1")
def test_a_text_that_fits_stays_one_message() -> None:
    text = "\n".join(["x" * 99] * 20)  # exactly 1999 characters
    assert split_message(text) == [text]
    assert split_message("") == [""]


@pytest.mark.rule("BOT-LIMITS-1")
def test_a_longer_text_is_cut_between_lines_and_keeps_every_line() -> None:
    lines = [f"line {i}: " + "y" * 90 for i in range(50)]
    parts = split_message("\n".join(lines))
    assert len(parts) == 3 and all(len(p) <= MAX_CONTENT for p in parts)
    assert [line for p in parts for line in p.split("\n")] == lines


@pytest.mark.rule("BOT-LIMITS-1")
def test_a_line_longer_than_a_message_is_cut_between_words() -> None:
    words = [f"w{i:04d}" for i in range(700)]  # 3,499 characters on one line
    parts = split_message("head\n" + " ".join(words), limit=1000)
    assert parts[0] == "head" and all(len(p) <= 1000 for p in parts)
    assert " ".join(parts[1:]).split() == words
