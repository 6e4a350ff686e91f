"""/games through the fake Discord server: a player's games in every server, in a
server channel and in a DM, those waiting on them first, with links to the boards and
relative times; a secret decision only as "waits on you", computer seats by name, a
long list within Discord's embed limits, and games running since before the storage
kept where they stand."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from fake_discord import FakeDiscord, InteractionRecord
from warden_helpers import (
    ManualClock,
    add_players,
    bot_backend,  # noqa: F401 (fixture)
    fake_discord_options,  # noqa: F401 (fixture)
    settings,
    warden,
)

from bot import app as bot_app
from bot.awaited import NO_GAMES, fill_unknown
from bot.games import Tables
from bot.storage import GameRecord, GameStore, PlayerGame, open_storage
from rules import get_ruleset

# every test here runs on SQLite and on PostgreSQL
pytestmark = pytest.mark.usefixtures("bot_backend")

RS = get_ruleset("darkmoon")
ME = 77
CHANNEL = 910_000_000_000_001  # game n plays in CHANNEL + n
MINUTE = 60  # the timer unit of the tests' settings (the default), in seconds


def seed_awaiting(seats: list[str], seat: str) -> int:
    """A seed whose first decision (a secret one: the commander's) is `seat`'s."""
    return next(s for s in range(200)
                if RS.pending(RS.new_game(seats, s, RS.Options()))[0].seat == seat)


async def running(fake: FakeDiscord, storage: GameStore, n: int, seats: list[str],
                  awaited: str, timer: int = 0) -> GameRecord:
    """A running Dark Moon game in channel CHANNEL + n, made through the tables, whose
    first decision is `awaited`'s (computer seats "crew1"... added by the host)."""
    tables = Tables(storage, new_seed=lambda: seed_awaiting(seats, awaited))
    channel = str(CHANNEL + n)
    fake.add_channel(CHANNEL + n, f"table-{n}")
    add_players(fake, *(int(s) for s in seats if s.isdigit()))
    await tables.open_lobby(str(fake.guild_id), channel, "darkmoon", seats[0],
                            {"turn_timeout_minutes": timer})
    for seat in seats[1:]:
        if seat.startswith("crew"):
            await tables.add_crew(channel, seats[0])
        else:
            await tables.join(channel, seat)
    record, _ = await tables.start(channel, seats[0])
    return record


def listing(answer: InteractionRecord) -> tuple[str, str]:
    """The answer's embed: its title and its description."""
    response = answer.response
    assert response.data["flags"] & 64, "not ephemeral"
    [embed] = response.embeds
    return embed["title"], embed["description"]


async def store_of(tmp_path: Path) -> GameStore:
    """The storage the test's bots open (SQLite in `tmp_path`, or the test's PostgreSQL
    database), opened to make games before a bot starts."""
    return await open_storage(settings(tmp_path / "w.db").database)


def stamp(seconds: float) -> str:
    return f"<t:{int(seconds)}:R>"


async def test_a_player_sees_the_games_waiting_on_them_first_in_a_dm_and_in_a_server(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    storage = await store_of(tmp_path)
    try:
        me = str(ME)
        slow = await running(fake, storage, 1, ["201", "202", me], me, timer=60)
        crew = await running(fake, storage, 2, ["301", "crew1", me], "crew1")
        quick = await running(fake, storage, 3, ["401", me, "402"], me, timer=10)
        lobby = Tables(storage)
        fake.add_channel(CHANNEL + 4, "lobby")
        add_players(fake, 501)
        await lobby.open_lobby(str(fake.guild_id), str(CHANNEL + 4), "darkmoon", "501", {})
        await lobby.join(str(CHANNEL + 4), me)
        await running(fake, storage, 5, ["601", me, "602"], "601")
        await Tables(storage).kick(str(CHANNEL + 5), "601", False, me)  # the crew plays it
        await running(fake, storage, 6, ["701", me, "702"], me)
        await Tables(storage).end(str(CHANNEL + 6), "701", False)
        await storage.put_table_message(quick.id, "board", quick.channel_id, 4242, [], 0)

        async with warden(tmp_path / "w.db", storage=storage, clock=ManualClock()) as bot:
            await fake.settle()
            guild = fake.world.guilds[fake.guild_id].name
            for where in (fake.dm_channel_id(ME), fake.channel_id):
                title, text = listing(await fake.slash(ME, where, "games"))
                assert title == "Your games: 4, 2 waiting on you"
                games = text.split("\n\n")
                # waiting on me, the earlier deadline first; then the others; lobby last
                assert [re.search(r"<#(\d+)>", g)[1] for g in games] == [
                    str(CHANNEL + n) for n in (3, 1, 2, 4)]
                first, second, third, fourth = games
                assert first.startswith("**Dark Moon**, round 1 · ")
                assert f"in *{guild}*" in first
                assert (f"[board](https://discord.com/channels/{fake.guild_id}/"
                        f"{CHANNEL + 3}/4242)") in first
                assert (f"[board](https://discord.com/channels/{fake.guild_id}/"
                        f"{CHANNEL + 1})") in second  # no board posted yet: the channel
                for game, timer in ((quick, 10), (slow, 60)):
                    since = game.updated_at.timestamp()
                    line = first if game is quick else second
                    assert (f"**Waits on you** since {stamp(since)}; Warden decides for "
                            f"you {stamp(since + timer * MINUTE)}.") in line
                # the computer seat by its name, never as a user
                assert f"Waits on **Warden crew 1** since {stamp(crew.updated_at.timestamp())}" \
                    in third
                assert "<@crew1>" not in text and "Waits on you" not in third
                assert fourth.startswith("**Dark Moon** (lobby) · ")
                assert "Waiting for the host to start it." in fourth
                # the secret decision only as "waits on you", nothing of what it is
                for game in (slow, crew, quick):
                    state = bot.tables.state_of(game)
                    for prompt in RS.pending(state):
                        assert prompt.text not in text
                assert "ommander" not in text and "event" not in text
                assert str(CHANNEL + 5) not in text and str(CHANNEL + 6) not in text
    finally:
        await storage.close()


async def test_a_player_with_no_games_is_told_how_to_find_one(fake_discord: FakeDiscord,
                                                              tmp_path: Path) -> None:
    add_players(fake_discord, ME)
    async with warden(tmp_path / "w.db"):
        for where in (fake_discord.dm_channel_id(ME), fake_discord.channel_id):
            answer = await fake_discord.slash(ME, where, "games")
            assert answer.response.content == NO_GAMES
            assert answer.response.embeds == []
            assert answer.response.data["flags"] & 64


async def test_a_long_list_stays_within_discords_limits(fake_discord: FakeDiscord,
                                                        tmp_path: Path) -> None:
    """A player in 45 games: as many as fit in one embed, those waiting on them first,
    then how many more (the fake refuses anything over Discord's limits)."""
    storage = await store_of(tmp_path)
    try:
        me = str(ME)
        mine = set()
        for n in range(45):
            seats = [str(1000 + 10 * n), str(1001 + 10 * n), me]
            await running(fake_discord, storage, n, seats,
                                 me if n % 3 == 0 else seats[0], timer=n % 2 * 30)
            if n % 3 == 0:
                mine.add(str(CHANNEL + n))
        async with warden(tmp_path / "w.db", storage=storage, clock=ManualClock()):
            title, text = listing(await fake_discord.slash(ME, fake_discord.dm_channel_id(ME),
                                                           "games"))
        assert title == "Your games: 45, 15 waiting on you"
        assert len(text) <= 4096 and len(title) + len(text) <= 6000
        *games, more = text.split("\n\n")
        shown = [re.search(r"<#(\d+)>", g)[1] for g in games]
        assert more == (f"*…and {45 - len(games)} more games not shown (those waiting on "
                        "you are listed first).*")
        assert 15 < len(games) < 45
        assert set(shown[:15]) == mine and not mine & set(shown[15:])
    finally:
        await storage.close()


async def games_from_before_the_upgrade(fake: FakeDiscord, storage: GameStore
                                        ) -> list[GameRecord]:
    """Three running games as migration 6 leaves them (no standing stored): ME is
    awaited in the first, seated in the second, not in the third."""
    me = str(ME)
    games = [await running(fake, storage, 1, ["201", "202", me], me),
             await running(fake, storage, 2, ["301", me, "302"], "301"),
             await running(fake, storage, 3, ["401", "402", "403"], "401")]
    for game in games:
        async with storage._transaction() as db:
            await db.execute("UPDATE games SET waits = NULL, game_round = NULL WHERE id = ?",
                             game.id)
    assert await storage.unknown_standing() == [game.id for game in games]
    return games


async def test_games_from_before_the_upgrade_are_worked_out_by_the_list(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose standing is not stored yet (the start-up pass has not reached it)
    is worked out from its state when /games meets it, and stored."""
    async def not_yet(bot: object) -> int:
        return 0

    monkeypatch.setattr(bot_app, "fill_unknown", not_yet)
    storage = await store_of(tmp_path)
    try:
        first, second, third = await games_from_before_the_upgrade(fake_discord, storage)
        async with warden(tmp_path / "w.db", storage=storage, clock=ManualClock()):
            title, text = listing(await fake_discord.slash(ME, fake_discord.channel_id,
                                                           "games"))
            assert title == "Your games: 2, 1 waiting on you"
            assert text.split("\n\n")[0].startswith("**Dark Moon**, round 1 · ")
            assert f"**Waits on you** since {stamp(first.updated_at.timestamp())}." in text
            assert f"Waits on <@301> since {stamp(second.updated_at.timestamp())}." in text
            assert await storage.unknown_standing() == [third.id]  # not ME's: not read
            stored = await storage.get_game(first.id)
            assert stored is not None and stored.waits == {str(ME): first.updated_at}
    finally:
        await storage.close()


async def test_games_from_before_the_upgrade_are_filled_at_start_up(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    storage = await store_of(tmp_path)
    try:
        games = await games_from_before_the_upgrade(fake_discord, storage)
        async with warden(tmp_path / "w.db", storage=storage, clock=ManualClock()) as bot:
            assert bot._filling is not None
            assert await bot._filling == 3
            assert await storage.unknown_standing() == []
            for game, seat in zip(games, ("77", "301", "401"), strict=True):
                stored = await storage.get_game(game.id)
                assert stored is not None and stored.game_round == 1
                assert stored.waits == {seat: game.updated_at}
            assert await fill_unknown(bot) == 0  # nothing left to do
    finally:
        await storage.close()


@pytest.mark.parametrize("moves", [3])
async def test_moves_through_the_table_keep_the_list_right(
        fake_discord: FakeDiscord, tmp_path: Path, moves: int) -> None:
    """Each move stores who the game waits on: after the awaited players move, the list
    says so (the seat that moved is no longer awaited, the next one is, since then)."""
    storage = await store_of(tmp_path)
    try:
        seats = ["201", "202", str(ME)]
        game = await running(fake_discord, storage, 1, seats, str(ME))
        async with warden(tmp_path / "w.db", storage=storage, clock=ManualClock()) as bot:
            for _ in range(moves):
                record = await storage.get_game(game.id)
                assert record is not None
                state = bot.tables.state_of(record)
                prompts = RS.pending(state)
                seat = prompts[0].seat
                action = RS.legal_actions(state, seat)[0]
                async with bot.tables.lock(record.channel_id):
                    await bot.tables.play(game.id, seat, action.key)
                await fake_discord.settle()
                after = await storage.get_game(game.id)
                assert after is not None
                waiting = RS.pending(bot.tables.state_of(after))
                assert set(after.waits or {}) == {p.seat for p in waiting}
                for p in waiting:
                    assert (after.waits or {})[p.seat] == (
                        (record.waits or {}).get(p.seat, after.updated_at)
                        if p.seat != seat else after.updated_at)
                title, text = listing(await fake_discord.slash(
                    ME, fake_discord.dm_channel_id(ME), "games"))
                mine = any(p.seat == str(ME) for p in waiting)
                assert title.endswith("1 waiting on you" if mine else "none waiting on you")
    finally:
        await storage.close()


async def test_a_slow_database_gets_the_list_deferred_then_shown(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The list waits for the database: the answer is deferred within Discord's window
    ("thinking", privately), then the list replaces it, embed and all."""
    storage = await store_of(tmp_path)
    try:
        await running(fake_discord, storage, 1, ["201", "202", str(ME)], str(ME))
        async with warden(tmp_path / "w.db", storage=storage, clock=ManualClock(),
                          WARDEN_DEFER_AFTER_SECONDS=0.05):
            gate = asyncio.Event()
            read = storage.player_games

            async def held(*args: Any, **kwargs: Any) -> list[PlayerGame]:
                await gate.wait()  # until the test has seen the deferral
                return await read(*args, **kwargs)

            monkeypatch.setattr(storage, "player_games", held)
            answer = await fake_discord.slash(ME, fake_discord.dm_channel_id(ME), "games")
            assert answer.response.deferred and answer.response.data["flags"] & 64
            gate.set()
            await fake_discord.wait_for(
                lambda: answer.original is not None and bool(answer.original.embeds),
                timeout=5)
            assert answer.original is not None
            [embed] = answer.original.embeds
            assert embed["title"] == "Your games: 1, 1 waiting on you"
    finally:
        await storage.close()
