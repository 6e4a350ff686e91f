"""The board message's image goes up again only when the drawn board changed: an edit
whose board draws the same keeps the message's image (discord.py sends no `attachments`,
and Discord keeps them); a changed board uploads its new image; a new board message
carries its own. After a restart the bot does not know what the board shows, so its
first board may upload once more; it is never stale."""

from __future__ import annotations

import io
import itertools
from pathlib import Path
from typing import Any

from fake_discord import FakeDiscord, FakeMessage
from PIL import Image, ImageChops
from warden_helpers import (
    PLAYERS,
    add_players,
    board_message,
    current_state,
    fake_discord_options,  # noqa: F401 (fixture)
    open_and_start,
    play_moves,
    warden,
)

from bot.app import WardenBot
from renders import render_image
from rules import get_ruleset

DM = get_ruleset("darkmoon")
OFF = 96  # the most a channel of a pixel may move in 256 colours (measured: under 60)


def shown_png(fake: FakeDiscord, message: FakeMessage) -> bytes:
    [attachment] = message.attachments
    return fake.world.blobs[int(attachment["id"])].data


async def assert_board_is_current(fake: FakeDiscord, bot: WardenBot) -> None:
    """The newest board message shows the board of the game's current state: its image
    is the drawn board in 256 colours (no pixel off by more than a palette moves one;
    any other board differs by whole letters, far more)."""
    await fake.settle()
    record, state = await current_state(bot)
    drawn = render_image(DM.view(state, None), bot.publisher.names(record))
    shown = Image.open(io.BytesIO(shown_png(fake, board_message(fake)))).convert("RGB")
    assert shown.size == drawn.size
    red, green, blue = ImageChops.difference(shown, drawn).split()
    off = ImageChops.lighter(ImageChops.lighter(red, green), blue).histogram()
    assert sum(off[OFF + 1:]) == 0, "the board message shows another board"


def board_versions(fake: FakeDiscord) -> list[list[dict[str, Any]]]:
    """Each board message's data, version after version (its creation, each edit), for
    every message the bot posted with an image."""
    boards = [m for m in fake.messages_in(fake.channel_id, include_ephemeral=False)
              if m.author_id == fake.bot.id and (m.attachments or any(
                  old.get("attachments") for old in m.history))]
    return [[*m.history, m.data] for m in boards]


def kept_and_uploaded(fake: FakeDiscord) -> tuple[int, int]:
    """How many edits of a live board message (one with buttons: not the old board a new
    turn closes) kept its image and how many uploaded one; an upload always brings an
    image that differs from the one it replaces."""
    kept = uploaded = 0
    for versions in board_versions(fake):
        for before, after in itertools.pairwise(versions):
            old, new = before["attachments"], after["attachments"]
            if [a["id"] for a in old] == [a["id"] for a in new]:
                kept += bool(after["components"])
                continue
            uploaded += 1
            assert old and new, "a board edit dropped or added its image"
            assert fake.world.blobs[int(old[0]["id"])].data != \
                fake.world.blobs[int(new[0]["id"])].data, \
                "a board edit uploaded the image the message already showed"
    return kept, uploaded


async def test_a_board_edit_uploads_only_a_changed_image(fake_discord: FakeDiscord,
                                                         tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        await open_and_start(fake_discord)
        await assert_board_is_current(fake_discord, bot)
        for n in range(30):
            await play_moves(fake_discord, bot, DM, 1, seed=n)
            await assert_board_is_current(fake_discord, bot)
        kept, uploaded = kept_and_uploaded(fake_discord)
        assert kept > 0 and uploaded > 0
        edits = [r for r in fake_discord.find_requests("PATCH", "/channels/*/messages/*")
                 if r.json and "content" in r.json and "attachments" in r.json]
        assert all(len(r.files) == 1 for r in edits if r.json["attachments"])


async def test_after_a_restart_the_board_is_never_stale(fake_discord: FakeDiscord,
                                                        tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    db = tmp_path / "w.db"
    async with warden(db) as bot:
        await open_and_start(fake_discord)
        await play_moves(fake_discord, bot, DM, 6, seed=2)
        await assert_board_is_current(fake_discord, bot)
    async with warden(db) as bot:
        for n in range(12):
            await play_moves(fake_discord, bot, DM, 1, seed=10 + n)
            await assert_board_is_current(fake_discord, bot)
        kept, uploaded = kept_and_uploaded(fake_discord)
        assert kept > 0 and uploaded > 0
