"""Running many games and operating the bot, through the fake Discord server: start-up
reads only the light records (no state) to schedule the timers, a DM command finds the
user's games through the seat index, and the operator's endpoint (/ready, /metrics)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from fake_discord import DiscordErrorGuard, FakeDiscord, run_client
from prometheus_client.parser import text_string_to_metric_families
from test_warden_game import _play_by_command
from warden_helpers import (
    HOST,
    PLAYERS,
    RATE_SCALE,
    ManualClock,
    add_players,
    fake_discord_options,  # noqa: F401 (fixture)
    open_and_start,
    settings,
    warden,
)

from bot import app as bot_app
from bot import make_bot
from bot.games import Tables
from bot.sheets import describe_private
from bot.storage import GameStore, Storage
from rules import get_ruleset

RS = get_ruleset("darkmoon")
MINUTE = 60.0
FIRST_CHANNEL = 900_000_000_000_001


class Counting:
    """Counts the calls of some methods (the storage's reads, the states decoded)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: dict[str, int] = {}
        self.monkeypatch = monkeypatch

    def watch(self, owner: Any, name: str) -> None:
        original = getattr(owner, name)
        self.calls[name] = 0

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return original(*args, **kwargs)

        self.monkeypatch.setattr(owner, name, counted)


def seeds_with_a_guest_waiting(seats: list[str]) -> Iterator[int]:
    """Seeds whose first decision is not the host's (so that seat can be removed)."""
    for seed in range(1000):
        if RS.pending(RS.new_game(seats, seed, RS.Options()))[0].seat != seats[0]:
            yield seed


async def seed_games(fake: FakeDiscord, storage: GameStore, players: list[list[int]],
                     minutes: list[int]) -> list[int]:
    """Running Dark Moon games made through the tables (no bot running): game n in a
    channel of its own with the players ``players[n]`` and a turn timer of
    ``minutes[n]``."""
    tables = Tables(storage, new_seed=lambda: 3)
    ids = []
    for n, (seats, timer) in enumerate(zip(players, minutes, strict=True)):
        channel = FIRST_CHANNEL + n
        fake.add_channel(channel, f"table-{n}")
        add_players(fake, *seats)
        await tables.open_lobby(str(fake.guild_id), str(channel), "darkmoon", str(seats[0]),
                                {"turn_timeout_minutes": timer})
        for seat in seats[1:]:
            await tables.join(str(channel), str(seat))
        record, _ = await tables.start(str(channel), str(seats[0]))
        ids.append(record.id)
    return ids


@pytest.mark.rule("BOT-SCALE-1")
@pytest.mark.rule("BOT-AFK-1")
async def test_start_up_schedules_the_timers_without_reading_a_state(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = await Storage.open(tmp_path / "w.db")
    try:
        trio = [[11, 12, 13], [21, 22, 23], [31, 32, 33], [41, 42, 43]]
        ids = await seed_games(fake_discord, storage, trio, [1, 1, 0, 2])
        count = Counting(monkeypatch)
        count.watch(type(RS), "load_state")
        for name in ("get_game", "running_games", "active_game_in_channel"):
            count.watch(storage, name)
        clock = ManualClock()
        async with warden(tmp_path / "w.db", clock=clock, storage=storage) as bot:
            await fake_discord.settle()
            assert bot.timers.scheduled() == {ids[0], ids[1], ids[3]}  # not the untimed
            assert bot.timers.tasks == {}  # resumed timers hold no task until due
            assert set(count.calls.values()) == {0}  # no game read, no state decoded
            assert len(bot.tables._cache) == 0
            versions = {i: (await storage.get_game(i)).version for i in ids}  # type: ignore[union-attr]
            await clock.advance(MINUTE, fake_discord)  # the one-minute games time out
            after = {i: (await storage.get_game(i)).version for i in ids}  # type: ignore[union-attr]
            assert [after[i] > versions[i] for i in ids] == [True, True, False, False]
            reminded = fake_discord.messages_in(FIRST_CHANNEL + 3, include_ephemeral=False)
            assert ["Reminder" in m.content for m in reminded] == [True]  # half of 2 min
            assert "In 1 min Warden decides" in reminded[0].content
            # a state is decoded when its game is touched: two defaults and one reminder
            assert count.calls["load_state"] == 3
    finally:
        await storage.close()


@pytest.mark.rule("BOT-SCALE-1")
@pytest.mark.rule("BOT-AFK-1")
async def test_a_removed_player_waiting_at_start_up_gets_the_crews_move(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rare start-up case that needs a state: a removed player's decision is open, so
    the bot reads that game (only that one) and Warden's crew plays for them after its
    pause."""
    storage = await Storage.open(tmp_path / "w.db")
    try:
        seats = ["51", "52", "53"]
        seed = next(seeds_with_a_guest_waiting(seats))
        tables = Tables(storage, new_seed=lambda: seed)
        channel = FIRST_CHANNEL - 1
        fake_discord.add_channel(channel, "table")
        add_players(fake_discord, 51, 52, 53)
        await tables.open_lobby(str(fake_discord.guild_id), str(channel), "darkmoon", "51", {})
        for seat in seats[1:]:
            await tables.join(str(channel), seat)
        record, state = await tables.start(str(channel), "51")
        waiting = RS.pending(state)[0].seat
        await tables.kick(str(channel), "51", moderator=False, target=waiting)
        other = await seed_games(fake_discord, storage, [[61, 62, 63]], [5])
        count = Counting(monkeypatch)
        count.watch(type(RS), "load_state")
        clock = ManualClock()
        async with warden(tmp_path / "w.db", clock=clock, storage=storage) as bot:
            await fake_discord.settle()
            assert (await storage.get_game(record.id)).version == 0  # type: ignore[union-attr]
            await clock.advance(bot.settings.crew_pause_seconds, fake_discord)
            after = await storage.get_game(record.id)
            assert after is not None and after.version > record.version
            log = await storage.moves(record.id)
            assert log[0].seat == waiting
            assert (await storage.get_game(other[0])).version == 0  # type: ignore[union-attr]
            assert count.calls["load_state"] == 1  # the removed player's game only
    finally:
        await storage.close()


@pytest.mark.rule("BOT-SCALE-1")
async def test_a_dm_command_finds_the_users_game_among_many(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = await Storage.open(tmp_path / "w.db")
    me = 77
    try:
        players = [[10 * n + 1, 10 * n + 2, me if n in (1, 4, 6) else 10 * n + 3]
                   for n in range(1, 9)]
        ids = await seed_games(fake_discord, storage, players, [0] * len(players))

        async def no_scan() -> None:
            raise AssertionError("a DM command read every running game")

        monkeypatch.setattr(storage, "running_games", no_scan)
        async with warden(tmp_path / "w.db", storage=storage) as bot:
            dm = fake_discord.dm_channel_id(me)
            several = await fake_discord.slash(me, dm, "hand")
            assert "several games" in several.response.content
            for n in (1, 4):  # two of the three end; the third is the one
                host = players[n - 1][0]
                await fake_discord.slash(host, FIRST_CHANNEL + n - 1, "game", "end")
            mine = await storage.get_game(ids[5])
            assert mine is not None
            hand = await fake_discord.slash(me, dm, "hand")
            # the private information of that game, and of no other
            view = RS.view(bot.tables.state_of(mine), str(me))
            assert hand.response.content == describe_private(view)
            add_players(fake_discord, 99)
            stranger = await fake_discord.slash(99, fake_discord.dm_channel_id(99), "hand")
            assert "not in a running game" in stranger.response.content
    finally:
        await storage.close()


async def _get(session: aiohttp.ClientSession, url: str) -> tuple[int, str]:
    async with session.get(url) as response:
        return response.status, await response.text()


def _samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


async def test_ready_says_503_until_connected_with_the_timers_scheduled(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = await Storage.open(tmp_path / "w.db")
    reached, gate, up, done = (asyncio.Event() for _ in range(4))
    heads = storage.heads

    async def slow_heads(*args: Any) -> Any:
        reached.set()
        await gate.wait()
        return await heads(*args)

    monkeypatch.setattr(storage, "heads", slow_heads)
    bot = make_bot(settings(tmp_path / "w.db", WARDEN_METRICS_PORT=0), storage)

    async def run() -> None:
        async with run_client(bot):
            up.set()
            await done.wait()

    task = asyncio.create_task(run())
    try:
        async with aiohttp.ClientSession() as session:
            await reached.wait()  # setup_hook is reading the running games
            assert bot.health is not None and bot.health.port > 0
            url = bot.health.url
            assert await _get(session, f"{url}/ready") == (503, "starting\n")
            gate.set()
            await up.wait()
            assert await _get(session, f"{url}/ready") == (200, "ready\n")
            done.set()
            await task
            with pytest.raises(aiohttp.ClientConnectionError):
                await _get(session, f"{url}/ready")  # the endpoint closed with the bot
    finally:
        gate.set()
        done.set()
        await asyncio.gather(task, return_exceptions=True)
        await storage.close()


async def test_no_endpoint_unless_the_operator_asks(fake_discord: FakeDiscord,
                                                    tmp_path: Path) -> None:
    async with warden(tmp_path / "w.db") as bot:
        assert bot.health is None and bot.metrics is None
        assert bot.ready()


async def test_metrics_count_moves_games_requests_and_429s(fake_discord: FakeDiscord,
                                                           tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    agent = random.Random(4)
    async with warden(tmp_path / "w.db", WARDEN_METRICS_PORT=0) as bot, \
            aiohttp.ClientSession() as session:
        assert bot.health is not None
        url = f"{bot.health.url}/metrics"
        status, text = await _get(session, url)
        assert status == 200
        assert _samples(text)[("warden_running_games", ())] == 0
        await open_and_start(fake_discord)
        for _ in range(3):
            await _play_by_command(fake_discord, bot, agent)
        await fake_discord.settle()
        moves = len(await bot.storage.moves(1))
        assert moves == 3
        samples = _samples((await _get(session, url))[1])
        assert samples[("warden_moves_total", (("ruleset", "darkmoon"),))] == moves
        assert samples[("warden_move_seconds_count", ())] == moves
        buckets = {dict(labels)["le"]: value for (name, labels), value in samples.items()
                   if name == "warden_move_seconds_bucket"}
        assert buckets["+Inf"] == moves and "0.005" in buckets and len(buckets) == 12
        assert list(buckets.values()) == sorted(buckets.values())  # cumulative
        assert samples[("warden_running_games", ())] == 1
        callback = ("warden_discord_requests_total",
                    (("method", "POST"), ("route", "/interactions/{id}/{token}/callback")))
        assert samples[callback] >= 4  # /game new, two joins, start, the moves...
        assert not any(name == "warden_discord_rate_limited_total" for name, _ in samples)

        # the channel's message bucket used up by someone else: the bot's post gets a 429,
        # which discord.py waits out and retries. The limiter's clock stands still from
        # the fillers until the bot got its 429 (on the real clock, a busy machine let
        # the 0.25 s window roll over first: no 429 at all), then moves on a window.
        channel = fake_discord.channel_id
        clock = FrozenClock()
        fake_discord.rate_limiter.clock = clock
        for n in range(5):
            async with session.post(f"{fake_discord.api_base}/channels/{channel}/messages",
                                    json={"content": f"filler {n}"}) as response:
                if response.status == 429:
                    break
        hits = len(fake_discord.rate_limit_hits)  # the fillers' own 429 is not the bot's
        posting = asyncio.create_task(
            bot.get_partial_messageable(channel).send("after the burst"))
        await fake_discord.wait_for(lambda: len(fake_discord.rate_limit_hits) > hits)
        clock.now += 5.0 * RATE_SCALE  # the next window
        await posting
        fake_discord.rate_limiter.clock = time.monotonic
        bots_hits = len(fake_discord.rate_limit_hits) - hits
        assert bots_hits == 1
        samples = _samples((await _get(session, url))[1])
        route = (("method", "POST"), ("route", "/channels/{id}/messages"))
        assert samples[("warden_discord_rate_limited_total", route)] == bots_hits
        assert samples[("warden_discord_requests_total", route)] >= 2
        await fake_discord.slash(HOST, channel, "game", "end")
        samples = _samples((await _get(session, url))[1])
        assert samples[("warden_running_games", ())] == 0


class FrozenClock:
    """The rate limiter's clock, standing at the moment it was made until moved."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def __call__(self) -> float:
        return self.now


async def _move_in(fake: FakeDiscord, bot: Any, game_id: int, channel: int) -> None:
    """The waiting player of the game in `channel` makes its first offered move."""
    record = await bot.storage.get_game(game_id)
    seat = RS.pending(bot.tables.state_of(record))[0].seat
    choices = await fake.autocomplete(int(seat), channel, "move", focused="action", value="")
    value = choices[0]["value"]
    if value.startswith("vote:"):
        done = await fake.slash(int(seat), channel, "vote", choice=value.split(":")[1])
    else:
        done = await fake.slash(int(seat), channel, "move", action=value)
    assert done.response.content.startswith("Done:"), done.response.content


@pytest.mark.rule("BOT-AFK-1")
async def test_a_move_before_a_resumed_timer_is_due_starts_a_new_clock(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Resumed timers wait in one list until due; a game that moves meanwhile leaves it
    and gets the whole time again from its move, the others keep theirs."""
    storage = await Storage.open(tmp_path / "w.db")
    try:
        moved, kept = await seed_games(fake_discord, storage, [[11, 12, 13], [21, 22, 23]],
                                       [1, 1])
        clock = ManualClock()
        async with warden(tmp_path / "w.db", clock=clock, storage=storage) as bot:
            await fake_discord.settle()
            assert bot.timers.scheduled() == {moved, kept} and bot.timers.tasks == {}
            await clock.advance(20, fake_discord)
            await _move_in(fake_discord, bot, moved, FIRST_CHANNEL)
            await fake_discord.settle()
            assert set(bot.timers.tasks) == {moved} and bot.timers.scheduled() == {moved, kept}
            start = {g: (await storage.get_game(g)).version for g in (moved, kept)}  # type: ignore[union-attr]

            def reminders(n: int) -> int:
                return sum("Reminder" in m.content for m in fake_discord.messages_in(
                    FIRST_CHANNEL + n, include_ephemeral=False))

            await clock.advance(10, fake_discord)  # 30 s: the resumed game's half time
            assert (reminders(0), reminders(1)) == (0, 1)
            await clock.advance(30, fake_discord)  # 60 s: its end
            now = {g: (await storage.get_game(g)).version for g in (moved, kept)}  # type: ignore[union-attr]
            assert now[kept] > start[kept] and now[moved] == start[moved]
            assert reminders(0) == 1  # half of the new clock came at 50 s
            await clock.advance(20, fake_discord)  # 80 s: a minute after the move
            assert (await storage.get_game(moved)).version > start[moved]  # type: ignore[union-attr]
    finally:
        await storage.close()


async def test_a_game_that_fails_to_load_is_logged_and_the_others_are_played(
        fake_discord: FakeDiscord, discord_errors: DiscordErrorGuard, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed game whose entry point cannot be loaded is left out by the registry;
    the bot says so in its log at ERROR when it starts, and opens the other games."""
    monkeypatch.setattr(bot_app, "broken_games",
                        lambda: {"nova": "nova_game:KIT failed to load: ImportError: boom"})
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db"):
        lobby = await fake_discord.slash(PLAYERS[0], fake_discord.channel_id, "game", "new",
                                         ruleset="darkmoon")
        assert lobby.response.content and "Dark Moon" in lobby.response.content
    logged = [r.getMessage() for r in discord_errors.take()]
    assert logged == ["game nova is left out: nova_game:KIT failed to load: ImportError: boom"]
