"""Display names through the real client and the fake Discord server (issue 18): the
board message's text (the summary beside the image) shows each player's name cleaned of
control, bidi and zero-width characters."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from fake_discord import FakeDiscord
from warden_helpers import (
    BOB,
    CAROL,
    HOST,
    board_message,
    bot_backend,  # noqa: F401 (fixture)
    current_record,
    open_and_start,
    warden,
)

pytestmark = pytest.mark.usefixtures("bot_backend")

RAW = {HOST: "Ann\u202e\x00", BOB: "\u200bBo\u2066b\u2069\x1b", CAROL: "\u202a\u200f\ufeff"}


async def test_the_board_text_shows_names_cleaned(fake_discord: FakeDiscord,
                                                  tmp_path: Path) -> None:
    for uid, name in RAW.items():
        fake_discord.add_user(uid, name)
    async with warden(tmp_path / "w.db") as bot:
        await open_and_start(fake_discord)
        record = await current_record(bot)
        assert bot.publisher.names(record) == {str(HOST): "Ann", str(BOB): "Bob",
                                               str(CAROL): "Player 3"}
        text = board_message(fake_discord).content
        assert "turn: Player 3 · deciding: Bob" in text  # the summary
        hidden = [f"U+{ord(ch):04X}" for ch in text
                  if unicodedata.category(ch) in ("Cc", "Cf") and ch != "\n"]
        assert hidden == []
