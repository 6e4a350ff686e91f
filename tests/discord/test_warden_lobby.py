"""Lobby, help and moderation through the real client and the fake Discord server."""

from __future__ import annotations

from pathlib import Path

import pytest
from fake_discord import FakeDiscord
from warden_helpers import (
    BOB,
    CAROL,
    DAVE,
    HOST,
    PLAYERS,
    STRANGER,
    ManualClock,
    add_players,
    board_message,
    bot_backend,  # noqa: F401 (fixture)
    button_labels,
    current_record,
    fake_discord_options,  # noqa: F401 (fixture)
    open_and_start,
    warden,
)

from bot.replay import replay_game

# every test here runs on SQLite and on PostgreSQL
pytestmark = pytest.mark.usefixtures("bot_backend")


@pytest.mark.rule("BOT-LOBBY-1")
async def test_lobby_errors_and_start(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS, STRANGER)
    channel = fake_discord.channel_id
    async with warden(tmp_path / "w.db") as bot:
        lobby = await fake_discord.slash(HOST, channel, "game", "new", ruleset="darkmoon",
                                         task_deck="black")
        assert "Dark Moon" in lobby.response.content
        assert button_labels(lobby.response) == ["Join", "Leave", "Start", "Add AI player",
                                                 "Remove AI player"]
        second = await fake_discord.slash(BOB, channel, "game", "new", ruleset="darkmoon")
        assert second.response.ephemeral and "already has a game" in second.response.content
        joined = await fake_discord.click(BOB, lobby.message, label="Join")
        assert joined.response.type == 7 and f"<@{BOB}>" in joined.response.content
        again = await fake_discord.slash(BOB, channel, "game", "join")
        assert again.response.ephemeral and "already joined" in again.response.content
        early = await fake_discord.click(HOST, lobby.message, label="Start")
        assert early.response.ephemeral and "at least 3 players" in early.response.content
        await fake_discord.slash(CAROL, channel, "game", "join")
        not_host = await fake_discord.slash(BOB, channel, "game", "start")
        assert not_host.response.ephemeral and "Only the host" in not_host.response.content
        started = await fake_discord.click(HOST, lobby.message, label="Start")
        assert "Started" in started.response.content
        record = await current_record(bot)
        assert record.status == "running" and record.seats == [str(p) for p in PLAYERS]
        assert record.options["task_deck"] == "black"
        board = board_message(fake_discord)
        assert "Dark Moon** begins" in board.content
        assert button_labels(board) == ["My choices", "My hand"]
        late = await fake_discord.slash(STRANGER, channel, "game", "join")
        assert late.response.ephemeral and "already started" in late.response.content


@pytest.mark.rule("BOT-AUTH-1")
async def test_end_needs_host_or_moderator(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        await open_and_start(fake_discord)
        refused = await fake_discord.slash(BOB, fake_discord.channel_id, "game", "end")
        assert refused.response.ephemeral and "Only the host" in refused.response.content
        ended = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "end")
        assert not ended.response.ephemeral and "ended" in ended.response.content
        assert await bot.storage.active_game_in_channel("3000") is None


@pytest.mark.rule("BOT-HELP-1")
async def test_rules_help_from_content(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, HOST)
    channel = fake_discord.channel_id
    async with warden(tmp_path / "w.db"):
        index = await fake_discord.slash(HOST, channel, "rules")  # no game here: the games
        assert index.response.ephemeral and "`/rules darkmoon`" in index.response.content
        topics = await fake_discord.slash(HOST, channel, "rules", topic="darkmoon")
        assert topics.response.ephemeral and "`vote`" in topics.response.content
        card = await fake_discord.slash(HOST, channel, "rules", topic="food_rationing")
        assert "Food Rationing" in card.response.content
        choices = await fake_discord.autocomplete(HOST, channel, "rules", focused="topic",
                                                  value="jon")
        assert any("Jon Reed" in c["name"] for c in choices)
        unknown = await fake_discord.slash(HOST, channel, "rules", topic="zzz")
        assert "no rules entry" in unknown.response.content


async def test_status_reposts_board(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db"):
        await open_and_start(fake_discord)
        first = board_message(fake_discord)
        status = await fake_discord.slash(BOB, fake_discord.channel_id, "game", "status")
        assert status.response.ephemeral
        newest = board_message(fake_discord)
        assert newest.id != first.id and "Waiting for" in newest.content


@pytest.mark.rule("BOT-AUTH-1")
async def test_kick_frees_a_lobby_seat_and_hands_a_running_seat_to_the_bot(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The host (not a player) removes someone: in the lobby the seat is freed; in a
    running game the removed player can no longer act and Warden's crew plays their
    seat, after its pause like any computer seat."""
    add_players(fake_discord, *PLAYERS, DAVE)
    channel = fake_discord.channel_id
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        lobby = await fake_discord.slash(HOST, channel, "game", "new", ruleset="darkmoon")
        for uid in (BOB, CAROL, DAVE):
            await fake_discord.click(uid, lobby.message, label="Join")
        refused = await fake_discord.slash(BOB, channel, "game", "kick", player=DAVE)
        assert refused.response.ephemeral and "Only the host" in refused.response.content
        host = await fake_discord.slash(HOST, channel, "game", "kick", player=HOST)
        assert host.response.ephemeral and "host cannot be removed" in host.response.content
        await fake_discord.slash(HOST, channel, "game", "kick", player=DAVE)
        record = await current_record(bot)
        assert str(DAVE) not in record.seats and f"<@{DAVE}>" not in lobby.message.content
        await fake_discord.click(HOST, lobby.message, label="Start")
        kicked = await fake_discord.slash(HOST, channel, "game", "kick", player=BOB)
        assert f"removed <@{BOB}> from the game. Warden's crew now plays for <@{BOB}>." in \
            kicked.response.content
        assert (await current_record(bot)).options["away"] == [str(BOB)]
        pause = bot.settings.crew_pause_seconds
        for _ in range(80):  # play on: whenever Bob must decide, the crew answers
            await fake_discord.settle()
            record = await current_record(bot)
            if record.status != "running":
                break
            state = bot.tables.state_of(record)
            waiting = [p.seat for p in bot.tables.ruleset_of(record).pending(state)]
            if str(BOB) in waiting:
                await clock.advance(pause, fake_discord)
                assert (await current_record(bot)).version > record.version
                continue
            seat = waiting[0]
            key = bot.tables.ruleset_of(record).legal_actions(state, seat)[0].key
            await fake_discord.slash(int(seat), channel, "move", action=key)
        assert any(f"Warden's crew now plays for <@{BOB}>" in m.content
                   for m in fake_discord.messages_in(channel))
        record = await current_record(bot)
        moves = await bot.storage.moves(record.id)
        assert any(m.seat == str(BOB) for m in moves)
        if record.status == "running":
            own = await fake_discord.slash(BOB, channel, "move", action="pass")
            assert own.response.ephemeral and "removed" in own.response.content
        assert (await replay_game(bot.storage, record.id)).matches
