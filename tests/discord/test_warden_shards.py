"""Two Warden processes, each running one of two shards, on one PostgreSQL database
(bot/shards.py, bot/relay.py). Here both run in the test's event loop on clocks the test
drives; test_warden_shard_processes.py runs them as real processes and kills one.

The game sits in a server of shard 1. Its secret choices, answered from DMs, reach the
process of shard 0 (Discord delivers DMs there): that process stores the move and
answers the player; the process of shard 1 tells the table and runs the game's timer."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from fake_discord import FakeDiscord, FakeMessage, InteractionRecord
from warden_helpers import RATE_SCALE, ManualClock, add_players, warden

from bot.app import WardenBot
from bot.feed import BOARD
from bot.replay import replay_game
from bot.shards import ShardPlan
from bot.storage import GameRecord, open_storage
from rules import get_ruleset

RS = get_ruleset("darkmoon")
SHARD1_GUILD = (1 << 22) + 2001  # (id >> 22) % 2 == 1
SHARD1_CHANNEL = 3001
PLAYERS = (101, 102, 103)
MINUTE = 60.0


@pytest.fixture
def fake_discord_options() -> dict[str, object]:
    return {"rate_limit_scale": RATE_SCALE, "shard_count": 2}


def test_a_guild_belongs_to_the_shard_discord_gives_it() -> None:
    plan = ShardPlan(count=2, ids=(1,))
    assert plan.shard_of(SHARD1_GUILD) == 1 and plan.owns(str(SHARD1_GUILD))
    assert plan.shard_of(2000) == 0 and not plan.owns("2000")
    assert not plan.owns(None)  # a DM: shard 0
    assert ShardPlan(count=2, ids=(0, 1)).owns("2000")  # every shard here
    assert ShardPlan().owns("2000") and ShardPlan(count=4).owns(None)
    assert ShardPlan(count=2, ids=(1,)).client_options() == {"shard_count": 2,
                                                              "shard_ids": [1]}


def add_shard1_server(fake: FakeDiscord) -> None:
    fake.add_guild(SHARD1_GUILD, "Shard one")
    fake.add_channel(SHARD1_CHANNEL, "moon", guild_id=SHARD1_GUILD)
    add_players(fake, *PLAYERS)


@asynccontextmanager
async def two_shards(tmp_path: Path, pg_url: str, **extra: object
                     ) -> AsyncIterator[tuple[list[WardenBot], list[ManualClock]]]:
    """Bots for shards 0 and 1 (each with its own storage, as separate processes)."""
    clocks = [ManualClock(), ManualClock()]
    async with AsyncExitStack() as stack:
        bots = []
        for shard, clock in enumerate(clocks):
            storage = await open_storage(pg_url)
            stack.push_async_callback(storage.close)
            bots.append(await stack.enter_async_context(warden(
                tmp_path / "unused.db", seed=3, clock=clock, storage=storage,
                WARDEN_SHARD_COUNT=2, WARDEN_SHARDS=str(shard), **extra)))
        yield bots, clocks


async def game_record(bot: WardenBot) -> GameRecord:
    record = await bot.storage.active_game_in_channel(SHARD1_CHANNEL)
    if record is None:
        record = await bot.storage.get_game(1)
    assert record is not None
    return record


async def start_game(fake: FakeDiscord, **options: Any) -> None:
    lobby = await fake.slash(PLAYERS[0], SHARD1_CHANNEL, "game", "new", ruleset="darkmoon",
                             **options)
    for uid in PLAYERS[1:]:
        await fake.click(uid, lobby.message, label="Join")
    await fake.click(PLAYERS[0], lobby.message, label="Start")


async def play_one(fake: FakeDiscord, bot: WardenBot, agent: random.Random
                   ) -> tuple[str, bool, InteractionRecord]:
    """A random legal move of a waiting seat: a secret one by /move in the player's DM,
    a public one by /move in the game's channel."""
    record = await game_record(bot)
    state = bot.tables.state_of(record)
    prompt = agent.choice(RS.pending(state))
    action = agent.choice(RS.legal_actions(state, prompt.seat))
    where = fake.dm_channel_id(int(prompt.seat)) if prompt.secret else SHARD1_CHANNEL
    done = await fake.slash(int(prompt.seat), where, "move", action=action.key)
    assert done.response.content.startswith("Done:"), done.response.content
    return prompt.seat, prompt.secret, done


def board(fake: FakeDiscord) -> FakeMessage:
    boards = [m for m in fake.messages_in(SHARD1_CHANNEL, include_ephemeral=False)
              if m.attachments and not m.deleted]
    assert boards, "no board in the shard-1 channel"
    return boards[-1]


async def play_to_secret(fake: FakeDiscord, bot: WardenBot, agent: random.Random) -> None:
    """Public moves until someone faces a secret decision."""
    for _ in range(300):
        record = await game_record(bot)
        if any(p.secret for p in RS.pending(bot.tables.state_of(record))):
            return
        await play_one(fake, bot, agent)
    pytest.fail("no secret decision came up")


@pytest.mark.rule("BOT-PERSIST-1")
async def test_dm_moves_of_a_shard1_game_are_stored_by_shard0_and_told_by_shard1(
        fake_discord: FakeDiscord, tmp_path: Path, pg_url: str) -> None:
    add_shard1_server(fake_discord)
    agent = random.Random(5)
    async with two_shards(tmp_path, pg_url) as ([zero, one], _):
        await start_game(fake_discord, turn_timer=10)
        record = await game_record(one)
        # the game's timer runs in shard 1's process only
        assert record.id in one.timers.scheduled()
        assert record.id not in zero.timers.scheduled()
        await play_to_secret(fake_discord, one, agent)
        told_in_dm = 0
        for _ in range(40):
            before = await game_record(one)
            seat, secret, done = await play_one(fake_discord, one, agent)
            await fake_discord.settle()
            after = await game_record(one)
            assert after.version == before.version + 1  # stored once
            kept = await one.storage.table_message(after.id, BOARD)
            assert kept is not None and kept.version == after.version  # the table was told
            if secret:
                told_in_dm += 1
                # shard 0 answered the DM and told no table; shard 1 did
                assert zero.tables.cached(after.id, after.version) is not None  # applied
                assert after.id not in zero.publisher.feeds
                assert after.id not in zero.timers.scheduled()
                assert done.channel_id == fake_discord.dm_channel_id(int(seat))
            if after.status == "running":
                assert after.id in one.timers.scheduled()
            else:
                break
        assert told_in_dm >= 3, told_in_dm
        final = await game_record(one)
        assert one.publisher.status_text(final, one.tables.state_of(final)) in \
            board(fake_discord).content
        report = await replay_game(zero.storage, final.id)
        assert report.matches, report.detail


@pytest.mark.rule("BOT-AFK-1")
async def test_the_shard_owner_runs_the_timer_and_its_successor_catches_up(
        fake_discord: FakeDiscord, tmp_path: Path, pg_url: str) -> None:
    """Shard 1's process stops; meanwhile a DM move is stored by shard 0's. The process
    that runs shard 1 next tells the table that move and resumes the game's timer."""
    add_shard1_server(fake_discord)
    agent = random.Random(8)
    async with two_shards(tmp_path, pg_url) as ([zero, one], [clock0, clock1]):
        await start_game(fake_discord, turn_timer=10)
        await play_to_secret(fake_discord, one, agent)
        record = await game_record(one)
        # the time passes in shard 0's process: nothing happens there
        await clock0.advance(11 * MINUTE, fake_discord)
        assert (await game_record(one)).version == record.version
        await one.close()
        # a secret decision answered by DM while shard 1 is down
        seat, secret, _ = await play_one(fake_discord, zero, agent)
        assert secret
        moved = await game_record(zero)
        assert moved.version == record.version + 1
        kept = await zero.storage.table_message(moved.id, BOARD)
        assert kept is not None and kept.version == record.version  # nobody told the table
        storage = await open_storage(pg_url)
        try:
            clock = ManualClock()
            async with warden(tmp_path / "unused.db", clock=clock, storage=storage,
                              WARDEN_SHARD_COUNT=2, WARDEN_SHARDS="1") as successor:
                await fake_discord.settle()
                kept = await storage.table_message(moved.id, BOARD)
                assert kept is not None and kept.version == moved.version
                latest = await game_record(successor)
                assert latest.status == "running"
                assert latest.id in successor.timers.scheduled()
                waiting = {p.seat for p in RS.pending(successor.tables.state_of(latest))}
                await clock.advance(10 * MINUTE + 1, fake_discord)
                after = await game_record(successor)
                assert after.version > latest.version  # the timer played the defaults
                log = await storage.moves(after.id, after=latest.version)
                assert {m.seat for m in log} <= waiting
                assert "ran out of time" in "\n".join(
                    m.content for m in fake_discord.messages_in(SHARD1_CHANNEL,
                                                                include_ephemeral=False))
        finally:
            await storage.close()
