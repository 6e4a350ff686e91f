"""When drawing a part of the table fails (the board image, the summary, a sheet, a
choice message), the table goes on in text: the story lines, the pings and the prompts
still go out, the error is logged at ERROR with the game and version, and `/game
status` says what happened (issue 18: a Lockdown character in a CSS pod once broke every
table update until the launch)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from fake_discord import DiscordErrorGuard, FakeDiscord
from warden_helpers import (
    HOST,
    PLAYERS,
    STRANGER,
    add_players,
    current_state,
    fake_discord_options,  # noqa: F401 (fixture)
    play_moves,
    warden,
)

from bot import table_parts
from bot.logs import FIELDS
from bot.table_parts import BOARD_FAILED, CHOICES_FAILED, SHEET_FAILED
from rules import get_ruleset

LD = get_ruleset("lockdown")


class Broken(RuntimeError):
    pass


def breaks(*_args: Any, **_kwargs: Any) -> Any:
    raise Broken("drawing failed on purpose")


def break_parts(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    """Make the named drawing functions of bot/table_parts.py raise."""
    for name in names:
        monkeypatch.setattr(table_parts, name, breaks)


async def start_lockdown(fake: FakeDiscord) -> None:
    lobby = await fake.slash(HOST, fake.channel_id, "game", "new", ruleset="lockdown")
    for uid in PLAYERS[1:]:
        await fake.click(uid, lobby.message, label="Join")
    await fake.click(HOST, lobby.message, label="Start")


def channel_text(fake: FakeDiscord) -> str:
    return "\n".join(m.content for m in fake.messages_in(fake.channel_id,
                                                          include_ephemeral=False)
                     if m.author_id == fake.bot.id)


def draw_errors(guard: DiscordErrorGuard) -> list[logging.LogRecord]:
    """The ERROR lines of failed drawings (taken from the guard: they are expected)."""
    taken = guard.take()
    assert all(r.name == "warden.publish" for r in taken), guard.describe(taken)
    return taken


async def test_a_table_that_cannot_draw_goes_on_in_text(
        fake_discord: FakeDiscord, discord_errors: DiscordErrorGuard, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    break_parts(monkeypatch, "board_png", "summary_text", "private_text", "seat_choices")
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        await start_lockdown(fake_discord)
        # the drafts are secret: each DM asks, with the choices as a list for /move
        _, state = await current_state(bot)
        drafting = {p.seat for p in LD.pending(state) if p.secret}
        assert drafting
        for seat in drafting:
            ask = fake_discord.dms_to(int(seat))[-1].content
            assert CHOICES_FAILED in ask and "1. " in ask
            first = LD.legal_actions(state, seat)[0]
            assert first.label in ask
            sheet = next(m.content for m in fake_discord.dms_to(int(seat))
                         if "Your private sheet" in m.content)
            assert SHEET_FAILED in sheet
        while (prompt := LD.pending(state)[0]).kind == "draft":
            await fake_discord.slash(int(prompt.seat), fake_discord.channel_id, "move",
                                     action=LD.legal_actions(state, prompt.seat)[0].key)
            _, state = await current_state(bot)
        story = await play_moves(fake_discord, bot, LD, 25, seed=3)
        await fake_discord.settle()
        shown = channel_text(fake_discord)
        at = 0
        for line in story:  # every story line is shown, in order
            found = shown.find(line, at)
            assert found >= 0, f"missing from the channel: {line!r}"
            at = found + len(line)
        record, state = await current_state(bot)
        prompt = LD.pending(state)[0]
        board = [m for m in fake_discord.messages_in(fake_discord.channel_id,
                                                     include_ephemeral=False)
                 if m.author_id == fake_discord.bot.id][-1]
        assert not board.attachments and BOARD_FAILED in board.content
        assert f"Waiting for <@{prompt.seat}>" in board.content
        turns = [line for line in story if line.startswith("It is <@")]
        assert turns
        for line in turns:  # the player whose turn begins is pinged
            seat = int(line.split("<@")[1].split(">")[0])
            assert any(line in e.content for e in fake_discord.notifications(seat)), line
        choices = await fake_discord.click(int(prompt.seat), board, label="My choices")
        assert CHOICES_FAILED in choices.response.content
        assert LD.legal_actions(state, prompt.seat)[0].label in choices.response.content
        errors = draw_errors(discord_errors)
        parts = {r.getMessage().split(" of game")[0].removeprefix("drawing the ")
                 for r in errors}
        assert parts == {"board", "summary", "sheet", "choices"}
        assert all(r.levelno == logging.ERROR and r.exc_info for r in errors)
        newest = max(getattr(r, FIELDS)["version"] for r in errors)
        assert {getattr(r, FIELDS)["game"] for r in errors} == {record.id}
        assert newest == record.version
        assert f"game {record.id} at version {record.version}" in errors[-1].getMessage()


async def test_game_status_says_when_the_board_could_not_be_drawn(
        fake_discord: FakeDiscord, discord_errors: DiscordErrorGuard, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    add_players(fake_discord, *PLAYERS, STRANGER)
    async with warden(tmp_path / "w.db") as bot:
        await start_lockdown(fake_discord)
        fine = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "status")
        assert fine.response.content == "The board is posted again below."
        break_parts(monkeypatch, "board_png")
        posts = len(fake_discord.messages_in(fake_discord.channel_id,
                                             include_ephemeral=False))
        asked = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "status")
        assert "The board could not be drawn" in asked.response.content
        assert "posted again" not in asked.response.content
        public = fake_discord.messages_in(fake_discord.channel_id, include_ephemeral=False)
        assert len(public) == posts + 1  # the board again, in text
        record, state = await current_state(bot)
        waiting = LD.pending(state)[0].seat
        assert f"Waiting for <@{waiting}>" in public[-1].content
        assert BOARD_FAILED in public[-1].content and not public[-1].attachments
        spectator = await fake_discord.slash(STRANGER, fake_discord.channel_id, "game",
                                             "status")
        assert spectator.response.ephemeral and BOARD_FAILED in spectator.response.content
        assert not spectator.response.attachments
        errors = draw_errors(discord_errors)
        assert len(errors) == 2
        assert all(getattr(r, FIELDS)["version"] == record.version for r in errors)
