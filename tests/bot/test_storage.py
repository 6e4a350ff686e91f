"""Behavioural tests for bot.storage (async SQLite game store)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot import storage as storage_mod
from bot.storage import (
    SCHEMA_VERSION,
    ChannelBusy,
    GameNotFound,
    GameRecord,
    StaleVersion,
    Storage,
    StorageError,
    WrongStatus,
)

T0 = datetime(2024, 5, 1, 12, 0, 0, tzinfo=UTC)


class FakeClock:
    """Deterministic clock: returns ``now`` and moves one second per call."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        current = self.now
        self.now += timedelta(seconds=1)
        return current


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "warden.db"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(db_path: Path, clock: FakeClock) -> AsyncIterator[Storage]:
    s = await Storage.open(db_path, clock=clock)
    try:
        yield s
    finally:
        await s.close()


def raw(db_path: Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Query the file with a separate plain sqlite3 connection (independent observer)."""
    conn = sqlite3.connect(db_path)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


async def running_game(s: Storage, channel: str = "c1", state: str = '{"turn":0}') -> GameRecord:
    game = await s.create_game("g1", channel, "nemesis", "u1", {"mode": "coop"})
    return await s.start_game(game.id, ["u1", "u2"], state, 0)


# ---------------------------------------------------------------- schema & pragmas


async def test_schema_version_recorded_and_migrations_idempotent(
    db_path: Path, clock: FakeClock
) -> None:
    async with await Storage.open(db_path, clock=clock) as s:
        assert await s.schema_version() == SCHEMA_VERSION
        await s.create_game("g", "c", "r", "h", {})
    async with await Storage.open(db_path, clock=clock) as s:
        assert await s.schema_version() == SCHEMA_VERSION
        assert len(await s.running_games()) == 0
        assert await s.active_game_in_channel("c") is not None
    versions = raw(db_path, "SELECT version FROM schema_version ORDER BY version")
    assert versions == [(v,) for v in range(1, SCHEMA_VERSION + 1)]


async def test_file_db_pragmas(store: Storage, db_path: Path) -> None:
    assert raw(db_path, "PRAGMA journal_mode") == [("wal",)]
    conn = store._conn
    assert conn is not None
    assert [tuple(r) for r in await conn.execute_fetchall("PRAGMA foreign_keys")] == [(1,)]
    assert [tuple(r) for r in await conn.execute_fetchall("PRAGMA synchronous")] == [(1,)]  # NORMAL
    assert [tuple(r) for r in await conn.execute_fetchall("PRAGMA busy_timeout")] == [(100,)]


async def test_memory_database_works(clock: FakeClock) -> None:
    async with await Storage.open(":memory:", clock=clock) as s:
        assert await s.schema_version() == SCHEMA_VERSION
        game = await running_game(s)
        await s.record_move(game.id, "u1", "draw", '{"turn":1}', 1)
        assert [m.action for m in await s.moves(game.id)] == ["draw"]
        with pytest.raises(ChannelBusy):
            await s.create_game("g1", "c1", "nemesis", "u9", {})
    assert s.closed


async def test_failed_migration_is_rolled_back(
    db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await Storage.open(db_path, clock=clock):
        pass

    async def broken_v2(conn: aiosqlite.Connection) -> None:
        await conn.execute("CREATE TABLE half_done (x INTEGER)")
        await conn.execute("ALTER TABLE games ADD COLUMN extra TEXT")
        raise RuntimeError("migration bug")

    monkeypatch.setattr(storage_mod, "MIGRATIONS", (*storage_mod.MIGRATIONS, broken_v2))
    monkeypatch.setattr(storage_mod, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(RuntimeError, match="migration bug"):
        await Storage.open(db_path, clock=clock)
    assert raw(db_path, "SELECT MAX(version) FROM schema_version") == [(SCHEMA_VERSION,)]
    assert raw(db_path, "SELECT name FROM sqlite_master WHERE name = 'half_done'") == []
    columns = [row[1] for row in raw(db_path, "PRAGMA table_info(games)")]
    assert "extra" not in columns


async def test_newer_schema_is_refused(db_path: Path, clock: FakeClock) -> None:
    async with await Storage.open(db_path, clock=clock):
        pass
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute("INSERT INTO schema_version VALUES (?, 'later')", (SCHEMA_VERSION + 1,))
    conn.close()
    with pytest.raises(StorageError, match="newer"):
        await Storage.open(db_path, clock=clock)


# ---------------------------------------------------------------- lobby lifecycle


async def test_create_game_defaults(store: Storage, db_path: Path, clock: FakeClock) -> None:
    clock.now = T0
    game = await store.create_game(111, 222, "nemesis", 333, {"expansion": True})
    assert game.status == "lobby"
    assert (game.guild_id, game.channel_id, game.host_id) == ("111", "222", "333")
    assert game.seats == ["333"]
    assert game.options == {"expansion": True}
    assert game.version == 0
    assert game.state is None
    assert game.prompt_message_id is game.board_message_id is game.lobby_message_id is None
    assert game.created_at == game.updated_at == T0
    assert game.is_active
    assert await store.get_game(game.id) == game
    assert await store.get_game(game.id + 1000) is None
    stored = raw(db_path, "SELECT created_at FROM games WHERE id = ?", (game.id,))
    assert stored == [("2024-05-01T12:00:00.000000+00:00",)]
    with pytest.raises(Exception, match="frozen"):
        game.status = "running"  # type: ignore[misc]


async def test_channel_busy_and_freed_by_finish(store: Storage) -> None:
    first = await store.create_game("g", "c1", "r", "h1", {})
    with pytest.raises(ChannelBusy) as excinfo:
        await store.create_game("g", "c1", "r", "h2", {})
    assert excinfo.value.game_id == first.id
    assert excinfo.value.channel_id == "c1"

    other = await store.create_game("g", "c2", "r", "h2", {})  # other channels unaffected
    assert other.channel_id == "c2"

    await store.start_game(first.id, ["h1", "h3"], "{}", 0)
    with pytest.raises(ChannelBusy):  # a running game also blocks
        await store.create_game("g", "c1", "r", "h2", {})
    active = await store.active_game_in_channel("c1")
    assert active is not None and active.id == first.id

    finished = await store.set_status(first.id, "finished")
    assert finished.status == "finished" and not finished.is_active
    assert await store.active_game_in_channel("c1") is None
    second = await store.create_game("g", "c1", "r", "h2", {})
    assert second.id != first.id

    # ended games free the channel too; reactivating into a busy channel is refused
    await store.set_status(second.id, "ended")
    third = await store.create_game("g", "c1", "r", "h4", {})
    with pytest.raises(ChannelBusy) as excinfo:
        await store.set_status(second.id, "lobby")
    assert excinfo.value.game_id == third.id
    got = await store.get_game(second.id)
    assert got is not None and got.status == "ended"


async def test_set_seats_options_and_invalid_ids(store: Storage, clock: FakeClock) -> None:
    game = await store.create_game("g", "c", "r", "h", {"a": 1})
    seated = await store.set_seats(game.id, ["h", 42, "x"])
    assert seated.seats == ["h", "42", "x"]
    assert seated.updated_at > game.updated_at
    opted = await store.set_options(game.id, {"a": 2, "nested": {"b": [1, 2]}})
    assert opted.options == {"a": 2, "nested": {"b": [1, 2]}}
    assert opted.seats == ["h", "42", "x"]
    with pytest.raises(GameNotFound):
        await store.set_seats(9999, ["h"])
    with pytest.raises(GameNotFound):
        await store.set_status(9999, "ended")
    with pytest.raises(ValueError):
        await store.set_status(game.id, "paused")  # type: ignore[arg-type]


async def test_start_game_only_from_lobby(store: Storage) -> None:
    game = await store.create_game("g", "c", "r", "h", {})
    started = await store.start_game(game.id, ["h", "p2", "p3"], '{"s":1}', 0)
    assert started.status == "running"
    assert started.seats == ["h", "p2", "p3"]
    assert (started.state, started.version) == ('{"s":1}', 0)
    with pytest.raises(WrongStatus):  # double "start" click
        await store.start_game(game.id, ["h"], '{"s":2}', 0)
    got = await store.get_game(game.id)
    assert got is not None and got.state == '{"s":1}' and got.seats == ["h", "p2", "p3"]
    with pytest.raises(GameNotFound):
        await store.start_game(9999, ["h"], "{}", 0)


# ---------------------------------------------------------------- moves


async def test_record_move_is_atomic_and_persistent(db_path: Path, clock: FakeClock) -> None:
    async with await Storage.open(db_path, clock=clock) as s:
        game = await running_game(s)
        await s.record_move(game.id, "u1", "play:card7", '{"turn":1}', 1)
        await s.record_move(game.id, "u2", "pass", '{"turn":2}', 2)

    async with await Storage.open(db_path, clock=clock) as s:
        got = await s.get_game(game.id)
        assert got is not None
        assert (got.state, got.version, got.status) == ('{"turn":2}', 2, "running")
        moves = await s.moves(game.id)
        assert [(m.seq, m.seat, m.action) for m in moves] == [
            (1, "u1", "play:card7"),
            (2, "u2", "pass"),
        ]
        assert all(m.game_id == game.id for m in moves)
        assert moves[0].created_at < moves[1].created_at
        assert got.updated_at == moves[1].created_at


async def test_acted_since_tells_whether_a_seat_moved_after_a_version(store: Storage) -> None:
    game = await running_game(store)
    await store.record_move(game.id, "u1", "a", "{}", 1)
    await store.record_move(game.id, "u2", "b", "{}", 2)
    assert await store.acted_since(game.id, "u1", 0)
    assert not await store.acted_since(game.id, "u1", 1)
    assert await store.acted_since(game.id, "u2", 1)
    assert not await store.acted_since(game.id, "u3", 0)


async def test_final_move_finishes_game_and_frees_channel(store: Storage) -> None:
    game = await running_game(store)
    await store.record_move(game.id, "u1", "win", '{"over":true}', 1, status="finished")
    got = await store.get_game(game.id)
    assert got is not None and got.status == "finished" and got.version == 1
    assert await store.active_game_in_channel("c1") is None
    with pytest.raises(WrongStatus):  # no moves after the end
        await store.record_move(game.id, "u2", "late", "{}", 2)
    assert len(await store.moves(game.id)) == 1


async def test_stale_version_writes_nothing(store: Storage, db_path: Path) -> None:
    game = await running_game(store)
    await store.record_move(game.id, "u1", "a", '{"v":1}', 1)
    before = await store.get_game(game.id)

    for bad_version in (1, 3):  # replayed version, skipped version
        with pytest.raises(StaleVersion) as excinfo:
            await store.record_move(game.id, "u2", "b", '{"v":"bad"}', bad_version)
        assert excinfo.value.actual == 1
        assert excinfo.value.expected == bad_version - 1

    assert await store.get_game(game.id) == before
    assert raw(db_path, "SELECT seq, action FROM moves") == [(1, "a")]
    with pytest.raises(GameNotFound):
        await store.record_move(9999, "u1", "a", "{}", 1)
    with pytest.raises(WrongStatus):  # lobby games take no moves
        lobby = await store.create_game("g", "c9", "r", "h", {})
        await store.record_move(lobby.id, "h", "a", "{}", 1)


async def test_concurrent_moves_one_wins(store: Storage) -> None:
    game = await running_game(store)
    results = await asyncio.gather(
        *(store.record_move(game.id, f"u{i}", f"act{i}", f'{{"by":{i}}}', 1) for i in range(5)),
        return_exceptions=True,
    )
    assert sum(r is None for r in results) == 1
    assert sum(isinstance(r, StaleVersion) for r in results) == 4
    moves = await store.moves(game.id)
    assert len(moves) == 1
    got = await store.get_game(game.id)
    winner = moves[0].action.removeprefix("act")
    assert got is not None and got.state == f'{{"by":{winner}}}'


async def test_failure_mid_transaction_rolls_back_snapshot(store: Storage, db_path: Path) -> None:
    game = await running_game(store, state='{"turn":0}')
    # A stray move row with seq 1 makes the INSERT fail *after* the snapshot UPDATE.
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute(
            "INSERT INTO moves VALUES (?, 1, 'ghost', 'boo', '2000-01-01T00:00:00+00:00')",
            (game.id,),
        )
    conn.close()

    with pytest.raises(sqlite3.IntegrityError):
        await store.record_move(game.id, "u1", "draw", '{"turn":1}', 1)
    got = await store.get_game(game.id)
    assert got is not None and (got.state, got.version) == ('{"turn":0}', 0)
    assert raw(db_path, "SELECT version, state FROM games") == [(0, '{"turn":0}')]

    # the store stays usable once the conflict is gone
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute("DELETE FROM moves")
    conn.close()
    await store.record_move(game.id, "u1", "draw", '{"turn":1}', 1)
    assert [m.action for m in await store.moves(game.id)] == ["draw"]


async def test_failing_commit_rolls_back_move_and_snapshot(
    store: Storage, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await running_game(store)

    class Boom(Exception):
        pass

    conn = store._conn
    assert conn is not None

    async def exploding_commit() -> None:  # both statements ran; COMMIT fails
        raise Boom("disk on fire")

    monkeypatch.setattr(conn, "commit", exploding_commit)
    with pytest.raises(Boom):
        await store.record_move(game.id, "u1", "draw", '{"turn":1}', 1)
    monkeypatch.undo()

    assert raw(db_path, "SELECT COUNT(*) FROM moves") == [(0,)]
    got = await store.get_game(game.id)
    assert got is not None and got.version == 0 and got.state == '{"turn":0}'
    await store.record_move(game.id, "u1", "draw", '{"turn":1}', 1)
    got = await store.get_game(game.id)
    assert got is not None and got.version == 1


async def test_running_games_lists_only_running(store: Storage) -> None:
    lobby = await store.create_game("g", "c1", "r", "h", {})
    run_a = await running_game(store, channel="c2")
    run_b = await running_game(store, channel="c3")
    done = await running_game(store, channel="c4")
    await store.record_move(done.id, "u1", "win", "{}", 1, status="finished")
    ended = await running_game(store, channel="c5")
    await store.set_status(ended.id, "ended")

    running = await store.running_games()
    assert [g.id for g in running] == [run_a.id, run_b.id]
    assert all(g.status == "running" for g in running)
    assert lobby.id not in {g.id for g in running}


# ---------------------------------------------------------------- persistence & message ids


async def test_persistence_across_reopen(db_path: Path, clock: FakeClock) -> None:
    async with await Storage.open(db_path, clock=clock) as s:
        game = await s.create_game(None, "c", "nemesis", "h", {"difficulty": "hard"})
        game = await s.set_seats(game.id, ["h", "p"])
        game = await s.set_message_ids(game.id, lobby=987654321098765432)
    async with await Storage.open(db_path, clock=clock) as s:
        assert await s.get_game(game.id) == game
        assert game.guild_id is None
        assert game.lobby_message_id == "987654321098765432"


async def test_message_ids_partial_update_and_explicit_none(store: Storage) -> None:
    game = await store.create_game("g", "c", "r", "h", {})
    game = await store.set_message_ids(game.id, prompt="p1", board=2)
    assert (game.prompt_message_id, game.board_message_id, game.lobby_message_id) == (
        "p1",
        "2",
        None,
    )
    game = await store.set_message_ids(game.id, lobby="l1")
    assert (game.prompt_message_id, game.board_message_id, game.lobby_message_id) == (
        "p1",
        "2",
        "l1",
    )
    game = await store.set_message_ids(game.id, prompt=None)
    assert (game.prompt_message_id, game.board_message_id, game.lobby_message_id) == (
        None,
        "2",
        "l1",
    )
    unchanged = await store.set_message_ids(game.id)
    assert unchanged == game
    assert await store.get_game(game.id) == game
    with pytest.raises(GameNotFound):
        await store.set_message_ids(9999, board=None)


async def test_closed_storage_refuses_work(db_path: Path) -> None:
    s = await Storage.open(db_path)
    await s.close()
    await s.close()  # idempotent
    with pytest.raises(StorageError, match="closed"):
        await s.get_game(1)


async def test_default_clock_is_utc(db_path: Path) -> None:
    async with await Storage.open(db_path) as s:
        game = await s.create_game("g", "c", "r", "h", {})
    assert game.created_at.tzinfo is not None
    assert game.created_at.utcoffset() == timedelta(0)
    assert abs(datetime.now(UTC) - game.created_at) < timedelta(minutes=1)


@pytest.mark.rule("BOT-LIMITS-1")
async def test_a_write_locked_by_another_process_does_not_block_reads(tmp_path: Path) -> None:
    """Another process holding the write lock: reads go on at once; a write retries in
    the event loop, succeeds once the lock is released, and gives up with StorageBusy
    (nothing written) when it is held too long."""
    from bot.storage import StorageBusy

    path = tmp_path / "busy.db"
    store = await Storage.open(path)
    try:
        game = await store.create_game("g", "c1", "darkmoon", "h", {})
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        write = asyncio.create_task(store.set_options(game.id, {"x": 1}))
        await asyncio.sleep(0.2)
        assert not write.done()
        loop = asyncio.get_running_loop()
        start = loop.time()
        assert (await store.get_game(game.id)) is not None  # a read is not held up
        assert loop.time() - start < 0.5
        other.execute("COMMIT")
        assert (await write).options == {"x": 1}
        store.busy_wait = 0.3
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(StorageBusy):
            await store.set_options(game.id, {"x": 2})
        other.execute("ROLLBACK")
        assert (await store.get_game(game.id)).options == {"x": 1}  # type: ignore[union-attr]
        other.close()
    finally:
        await store.close()
