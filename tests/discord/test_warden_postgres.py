"""The bot end to end with its storage on PostgreSQL: a whole Dark Moon game through
the fake Discord server, with a restart in the middle, replaying to its snapshot."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fake_discord import FakeDiscord, run_client
from test_warden_game import _play_by_button, _play_by_command
from warden_helpers import (
    PLAYERS,
    add_players,
    board_message,
    button_labels,
    current_state,
    fake_discord_options,  # noqa: F401 (fixture)
    open_and_start,
    warden,
)

from bot import Settings, make_bot
from bot.replay import replay_game
from bot.storage import SCHEMA_VERSION, PostgresStorage, open_storage
from rules import get_ruleset

RS = get_ruleset("darkmoon")
MOVES_BEFORE_RESTART = 9


@pytest.mark.rule("BOT-PERSIST-1")
@pytest.mark.rule("BOT-LOG-1")
async def test_whole_game_on_postgres_with_a_restart(fake_discord: FakeDiscord,
                                                     tmp_path: Path, pg_url: str) -> None:
    add_players(fake_discord, *PLAYERS)
    agent = random.Random(11)
    unused = tmp_path / "not-used.db"  # the bots get their storage opened on PostgreSQL
    storage = await open_storage(pg_url)
    try:
        async with warden(unused, storage=storage) as bot:
            await open_and_start(fake_discord)
            for move in range(MOVES_BEFORE_RESTART):
                play = _play_by_button if move % 3 == 0 else _play_by_command
                await play(fake_discord, bot, agent)
            record, state = await current_state(bot)
            assert record.status == "running" and record.version >= MOVES_BEFORE_RESTART
    finally:
        await storage.close()
    assert not (tmp_path / "not-used.db").exists()

    storage = await open_storage(pg_url)  # a new process on the same database
    try:
        async with warden(unused, storage=storage) as bot:
            record, resumed = await current_state(bot)
            assert RS.dump_state(resumed) == RS.dump_state(state)
            moves = 0
            while record.status == "running":
                play = _play_by_button if moves % 3 == 0 else _play_by_command
                await play(fake_discord, bot, agent)
                moves += 1
                assert moves < 600, "the game did not end"
                record, state = await current_state(bot)
            assert record.status == "finished" and RS.outcome(state) is not None
            final = board_message(fake_discord)
            assert "Game over" in final.content and final.components == []
            recap = fake_discord.messages_in(fake_discord.channel_id,
                                             include_ephemeral=False)[-1]
            assert button_labels(recap) == ["Rematch"]
            log = await bot.storage.moves(record.id)
            assert [m.seq for m in log] == list(range(1, record.version + 1))
            report = await replay_game(bot.storage, record.id)
            assert report.matches, report.detail
            assert report.moves == record.version
    finally:
        await storage.close()


async def test_the_bot_opens_postgres_from_its_setting(fake_discord: FakeDiscord,
                                                       pg_url: str) -> None:
    """WARDEN_DATABASE holding a postgresql:// URL: setup_hook opens PostgreSQL (and
    migrates it), and the bot closes the storage it opened when it stops."""
    add_players(fake_discord, PLAYERS[0])
    bot = make_bot(Settings(DISCORD_TOKEN="x", WARDEN_DATABASE=pg_url))  # type: ignore[call-arg]
    async with run_client(bot):
        storage = bot.storage
        assert isinstance(storage, PostgresStorage)
        assert await storage.schema_version() == SCHEMA_VERSION
        lobby = await fake_discord.slash(PLAYERS[0], fake_discord.channel_id, "game", "new",
                                         ruleset="darkmoon")
        assert lobby.response.components
        game = await storage.active_game_in_channel(fake_discord.channel_id)
        assert game is not None and game.status == "lobby"
    assert storage.closed
