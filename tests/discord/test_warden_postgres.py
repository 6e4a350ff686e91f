"""The bot end to end with its storage on PostgreSQL: a whole Dark Moon game through
the fake Discord server, with a restart in the middle, replaying to its snapshot."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fake_discord import FakeDiscord, InteractionRecord, iter_components, run_client
from test_warden_game import _play_by_button, _play_by_command
from warden_helpers import (
    PLAYERS,
    ManualClock,
    add_players,
    board_message,
    button_labels,
    current_record,
    current_state,
    fake_discord_options,  # noqa: F401 (fixture)
    open_and_start,
    warden,
)

from bot import Settings, make_bot
from bot.commands.autocomplete import SLOW_CHOICES
from bot.replay import replay_game
from bot.replies import UNAVAILABLE
from bot.storage import SCHEMA_VERSION, PostgresStorage, open_storage
from bot.timers import RETRY_FIRST
from rules import get_ruleset

RS = get_ruleset("darkmoon")
MOVES_BEFORE_RESTART = 9
MINUTE = 60.0  # a timer minute in seconds (the default unit)


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


# ------------------------------------------------------------------ a database that fails

FIRST_ANSWER = 3.0  # Discord drops an interaction not answered within 3 s


def _first_answer_after(record: InteractionRecord) -> float:
    """Seconds from the interaction to the fake's receipt of its callback."""
    callback = next(r for r in record.requests if r.matches("POST", "/interactions/*"))
    assert callback.since_interaction is not None
    return callback.since_interaction


def _texts(record: InteractionRecord) -> list[str]:
    """Everything the user was answered: the callback's text, then the messages it made
    or edited (a deferred answer arrives there)."""
    shown = [record.response.content or ""]
    if record.original is not None and (record.original is not record.source_message
                                        or record.response.type == 6):  # deferred update
        shown.append(record.original.content)
    return shown + [m.content for m in record.followups]


async def _every_interaction(fake: FakeDiscord, state: Any, seat: int,
                             opened: InteractionRecord) -> list[InteractionRecord]:
    """One of each interaction `seat` makes in a running game at `state` (the move
    button from `opened`, choices offered before the database failed)."""
    channel = fake.channel_id
    button = next(c for c in iter_components(opened.response.components) if c["type"] == 2)
    done = [await fake.click(seat, opened.message, button["custom_id"]),
            await fake.click(seat, board_message(fake), label="My choices"),
            await fake.click(seat, board_message(fake), label="My hand"),
            await fake.slash(seat, channel, "choices"),
            await fake.slash(seat, channel, "move",
                             action=RS.legal_actions(state, str(seat))[0].key),
            await fake.slash(seat, channel, "hand"),
            await fake.slash(seat, channel, "game", "status"),
            await fake.slash(seat, channel, "rules")]
    choices = await fake.autocomplete(seat, channel, "move", focused="action", value="")
    assert choices, "the autocomplete gave nothing"
    return [*done, fake.interactions[-1]]


@pytest.mark.rule("BOT-LIMITS-1")
@pytest.mark.parametrize("failure", ["hung", "stopped"])
async def test_a_failing_database_still_answers_every_interaction_in_time(
        fake_discord: FakeDiscord, tmp_path: Path, pg_url: str, pg_relay: Any,
        failure: str) -> None:
    """PostgreSQL behind a relay that stops forwarding (hung) or closes (stopped): every
    interaction still gets its first answer within Discord's 3 s (deferred at 2 s from
    its arrival when the database keeps it waiting), then says that the game is
    unchanged; once the database is back, the same move goes through."""
    add_players(fake_discord, *PLAYERS)
    # each wait for the database gets more than Discord's 3 s: only a deferral from the
    # interaction's arrival answers in time
    storage = await PostgresStorage.open(pg_relay.url(pg_url), query_timeout=4.0)
    try:
        async with warden(tmp_path / "unused.db", storage=storage,
                          WARDEN_DEFER_AFTER_SECONDS=2.0) as bot:
            await open_and_start(fake_discord)
            record, state = await current_state(bot)
            seat = int(RS.pending(state)[0].seat)
            opened = await fake_discord.click(seat, board_message(fake_discord),
                                              label="My choices")
            if failure == "hung":
                pg_relay.hang()
            else:
                await pg_relay.stop()
            answered = await _every_interaction(fake_discord, state, seat, opened)
            slowest = max(_first_answer_after(r) for r in answered)
            assert slowest < FIRST_ANSWER, [(r.describe(), _first_answer_after(r))
                                            for r in answered]
            for done in answered[:-1]:  # the autocomplete's one choice says it
                await fake_discord.wait_for(lambda d=done: any(
                    UNAVAILABLE in text for text in _texts(d)), timeout=15)
            assert SLOW_CHOICES in answered[-1].choices[0]["name"] or failure == "stopped"
            await pg_relay.forward()
            await fake_discord.settle()
            moved = await fake_discord.click(seat, board_message(fake_discord),
                                             label="My choices")
            button = next(c for c in iter_components(moved.response.components)
                          if c["type"] == 2)
            done = await fake_discord.click(seat, moved.message, button["custom_id"])
            assert done.response.content.startswith("Done:"), done.response.content
            assert (await current_record(bot)).version == record.version + 1
    finally:
        await storage.close()


@pytest.mark.rule("BOT-AFK-1")
async def test_a_timer_due_while_the_database_is_down_plays_once_it_is_back(
        fake_discord: FakeDiscord, tmp_path: Path, pg_url: str, pg_relay: Any) -> None:
    """The turn timer comes due while PostgreSQL is stopped: it is not dropped but tried
    again (on the test's clock) and, once the database is back, the default is played."""
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    storage = await PostgresStorage.open(pg_relay.url(pg_url), query_timeout=1.0)
    try:
        async with warden(tmp_path / "unused.db", storage=storage, clock=clock) as bot:
            await open_and_start(fake_discord, turn_timer=1)
            await fake_discord.settle()
            record, state = await current_state(bot)
            waiting = RS.pending(state)[0].seat
            await clock.advance(MINUTE / 2, fake_discord)  # the reminder, database up
            await pg_relay.stop()
            await clock.advance(MINUTE / 2, fake_discord)  # due, database down
            await clock.advance(RETRY_FIRST, fake_discord)  # tried again: still down
            assert clock.sleeping >= 1  # the timer waits to try once more
            await pg_relay.forward()
            await clock.advance(2 * RETRY_FIRST, fake_discord)
            assert (await current_record(bot)).version == record.version + 1
            channel = "\n".join(m.content for m in fake_discord.messages_in(
                fake_discord.channel_id, include_ephemeral=False))
            assert f"<@{waiting}> ran out of time; Warden decided for them" in channel
    finally:
        await storage.close()
