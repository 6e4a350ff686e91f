"""Behavioural tests for bot.storage, each run on both backends (SQLite and PostgreSQL),
plus the few that concern only one of them (SQLite's pragmas, PostgreSQL's URLs)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import pytest

import bot.app
from bot.__main__ import main
from bot.storage import (
    SCHEMA_VERSION,
    ChannelBusy,
    GameHead,
    GameNotFound,
    GameRecord,
    GameStore,
    PlayerGame,
    PostgresStorage,
    StaleVersion,
    Standing,
    Storage,
    StorageBusy,
    StorageError,
    StorageOpenError,
    StorageUnavailable,
    WrongStatus,
    migrations,
    open_storage,
)
from bot.storage.postgres import numbered

T0 = datetime(2024, 5, 1, 12, 0, 0, tzinfo=UTC)


class FakeClock:
    """Deterministic clock: returns ``now`` and moves one second per call."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        current = self.now
        self.now += timedelta(seconds=1)
        return current


class Backend(ABC):
    """One database of one backend, seen by the tests: open the store on it, and look
    at it (or meddle with it) through a connection of its own, as another process."""

    name: str
    integrity_error: type[Exception]

    @abstractmethod
    async def open(self, clock: FakeClock | None = None) -> GameStore:
        """A new store on this backend's database (a process starting up)."""

    @abstractmethod
    async def raw(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        """Run ``sql`` (``?`` placeholders) on an independent connection; its rows."""

    @abstractmethod
    async def hold_write_lock(self, game_id: int) -> Callable[[], Awaitable[None]]:
        """Take, from another connection, the lock a write of this game needs; return
        the function that lets it go."""

    async def tables(self) -> set[str]:
        kind = Storage if self.name == "sqlite" else PostgresStorage
        return {row[0] for row in await self.raw(kind.dialect.tables_sql)}

    async def columns(self, table: str) -> set[str]:
        kind = Storage if self.name == "sqlite" else PostgresStorage
        return {row[0] for row in await self.raw(kind.dialect.columns_sql, table)}


class SqliteBackend(Backend):
    name = "sqlite"
    integrity_error = sqlite3.IntegrityError

    def __init__(self, path: Path) -> None:
        self.path = path

    async def open(self, clock: FakeClock | None = None) -> GameStore:
        return await Storage.open(self.path, clock=clock)

    async def raw(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        conn = sqlite3.connect(self.path)
        try:
            with conn:
                return conn.execute(sql, args).fetchall()
        finally:
            conn.close()

    async def hold_write_lock(self, game_id: int) -> Callable[[], Awaitable[None]]:
        other = sqlite3.connect(self.path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")

        async def release() -> None:
            other.execute("ROLLBACK")
            other.close()

        return release


class PostgresBackend(Backend):
    name = "postgres"
    integrity_error = asyncpg.UniqueViolationError

    def __init__(self, url: str) -> None:
        self.url = url

    async def open(self, clock: FakeClock | None = None) -> GameStore:
        return await PostgresStorage.open(self.url, clock=clock)

    async def raw(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        conn = await asyncpg.connect(self.url)
        try:
            return [tuple(row) for row in await conn.fetch(numbered(sql), *args)]
        finally:
            await conn.close()

    async def hold_write_lock(self, game_id: int) -> Callable[[], Awaitable[None]]:
        other = await asyncpg.connect(self.url)
        await other.execute("BEGIN")
        await other.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)

        async def release() -> None:
            await other.execute("ROLLBACK")
            await other.close()

        return release


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "sqlite":
        return SqliteBackend(tmp_path / "warden.db")
    return PostgresBackend(request.getfixturevalue("pg_url"))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(backend: Backend, clock: FakeClock) -> AsyncIterator[GameStore]:
    s = await backend.open(clock)
    try:
        yield s
    finally:
        await s.close()


async def running_game(s: GameStore, channel: str = "c1",
                       state: str = '{"turn":0}') -> GameRecord:
    game = await s.create_game("g1", channel, "nemesis", "u1", {"mode": "coop"})
    return await s.start_game(game.id, ["u1", "u2"], state, 0)


# ---------------------------------------------------------------- schema & opening


async def test_schema_version_recorded_and_migrations_idempotent(
    backend: Backend, clock: FakeClock
) -> None:
    async with await backend.open(clock) as s:
        assert await s.schema_version() == SCHEMA_VERSION
        await s.create_game("g", "c", "r", "h", {})
    async with await backend.open(clock) as s:
        assert await s.schema_version() == SCHEMA_VERSION
        assert len(await s.running_games()) == 0
        assert await s.active_game_in_channel("c") is not None
    versions = await backend.raw("SELECT version FROM schema_version ORDER BY version")
    assert versions == [(v,) for v in range(1, SCHEMA_VERSION + 1)]


async def test_file_db_pragmas(tmp_path: Path) -> None:
    db_path = tmp_path / "warden.db"
    async with await Storage.open(db_path) as store:
        assert await SqliteBackend(db_path).raw("PRAGMA journal_mode") == [("wal",)]
        conn = store._conn
        assert conn is not None
        assert [tuple(r) for r in await conn.execute_fetchall("PRAGMA foreign_keys")] == [(1,)]
        assert [tuple(r) for r in await conn.execute_fetchall("PRAGMA synchronous")] == [(1,)]
        assert [tuple(r) for r in await conn.execute_fetchall("PRAGMA busy_timeout")] == [
            (100,)]


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
    backend: Backend, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await backend.open(clock):
        pass
    broken = ("CREATE TABLE half_done (x INTEGER)", "ALTER TABLE games ADD COLUMN extra TEXT",
              "SELECT no_such_column FROM games")
    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, broken))
    with pytest.raises(StorageOpenError, match="no_such_column"):
        await backend.open(clock)
    assert await backend.raw("SELECT MAX(version) FROM schema_version") == [(SCHEMA_VERSION,)]
    assert "half_done" not in await backend.tables()
    assert "extra" not in await backend.columns("games")


async def test_newer_schema_is_refused(backend: Backend, clock: FakeClock) -> None:
    async with await backend.open(clock):
        pass
    await backend.raw("INSERT INTO schema_version VALUES (?, 'later')", SCHEMA_VERSION + 1)
    with pytest.raises(StorageError, match="newer"):
        await backend.open(clock)


async def test_foreign_tables_are_refused(backend: Backend) -> None:
    await backend.raw("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)")
    with pytest.raises(StorageOpenError, match=r"not one of Warden's \(it holds the tables "
                       r"games\)"):
        await backend.open()
    assert await backend.tables() == {"games"}  # nothing created beside it

# ---------------------------------------------------------------- lobby lifecycle


async def test_create_game_defaults(store: GameStore, backend: Backend, clock: FakeClock
                                    ) -> None:
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
    stored = await backend.raw("SELECT created_at FROM games WHERE id = ?", game.id)
    assert stored == [("2024-05-01T12:00:00.000000+00:00",)]
    with pytest.raises(Exception, match="frozen"):
        game.status = "running"  # type: ignore[misc]


async def test_channel_busy_and_freed_by_finish(store: GameStore) -> None:
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


async def test_set_seats_options_and_invalid_ids(store: GameStore, clock: FakeClock) -> None:
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


async def test_start_game_only_from_lobby(store: GameStore) -> None:
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


async def test_record_move_is_atomic_and_persistent(backend: Backend, clock: FakeClock
                                                     ) -> None:
    async with await backend.open(clock) as s:
        game = await running_game(s)
        await s.record_move(game.id, "u1", "play:card7", '{"turn":1}', 1)
        await s.record_move(game.id, "u2", "pass", '{"turn":2}', 2)

    async with await backend.open(clock) as s:
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


async def test_acted_since_tells_whether_a_seat_moved_after_a_version(store: GameStore) -> None:
    game = await running_game(store)
    await store.record_move(game.id, "u1", "a", "{}", 1)
    await store.record_move(game.id, "u2", "b", "{}", 2)
    assert await store.acted_since(game.id, "u1", 0)
    assert not await store.acted_since(game.id, "u1", 1)
    assert await store.acted_since(game.id, "u2", 1)
    assert not await store.acted_since(game.id, "u3", 0)


async def test_final_move_finishes_game_and_frees_channel(store: GameStore) -> None:
    game = await running_game(store)
    await store.record_move(game.id, "u1", "win", '{"over":true}', 1, status="finished")
    got = await store.get_game(game.id)
    assert got is not None and got.status == "finished" and got.version == 1
    assert await store.active_game_in_channel("c1") is None
    with pytest.raises(WrongStatus):  # no moves after the end
        await store.record_move(game.id, "u2", "late", "{}", 2)
    assert len(await store.moves(game.id)) == 1


async def test_stale_version_writes_nothing(store: GameStore, backend: Backend) -> None:
    game = await running_game(store)
    await store.record_move(game.id, "u1", "a", '{"v":1}', 1)
    before = await store.get_game(game.id)

    for bad_version in (1, 3):  # replayed version, skipped version
        with pytest.raises(StaleVersion) as excinfo:
            await store.record_move(game.id, "u2", "b", '{"v":"bad"}', bad_version)
        assert excinfo.value.actual == 1
        assert excinfo.value.expected == bad_version - 1

    assert await store.get_game(game.id) == before
    assert await backend.raw("SELECT seq, action FROM moves") == [(1, "a")]
    with pytest.raises(GameNotFound):
        await store.record_move(9999, "u1", "a", "{}", 1)
    with pytest.raises(WrongStatus):  # lobby games take no moves
        lobby = await store.create_game("g", "c9", "r", "h", {})
        await store.record_move(lobby.id, "h", "a", "{}", 1)


async def test_concurrent_moves_one_wins(store: GameStore) -> None:
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


async def test_failure_mid_transaction_rolls_back_snapshot(store: GameStore,
                                                          backend: Backend) -> None:
    game = await running_game(store, state='{"turn":0}')
    # A stray move row with seq 1 makes the INSERT fail *after* the snapshot UPDATE.
    await backend.raw("INSERT INTO moves VALUES (?, 1, 'ghost', 'boo', "
                      "'2000-01-01T00:00:00+00:00')", game.id)

    with pytest.raises(backend.integrity_error):
        await store.record_move(game.id, "u1", "draw", '{"turn":1}', 1)
    got = await store.get_game(game.id)
    assert got is not None and (got.state, got.version) == ('{"turn":0}', 0)
    assert await backend.raw("SELECT version, state FROM games") == [(0, '{"turn":0}')]

    # the store stays usable once the conflict is gone
    await backend.raw("DELETE FROM moves")
    await store.record_move(game.id, "u1", "draw", '{"turn":1}', 1)
    assert [m.action for m in await store.moves(game.id)] == ["draw"]


async def test_failing_commit_rolls_back_move_and_snapshot(
    store: GameStore, backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await running_game(store)

    class Boom(Exception):
        pass

    async def exploding_commit(conn: object) -> None:  # both statements ran; COMMIT fails
        raise Boom("disk on fire")

    monkeypatch.setattr(store, "_commit", exploding_commit)
    with pytest.raises(Boom):
        await store.record_move(game.id, "u1", "draw", '{"turn":1}', 1)
    monkeypatch.undo()

    assert await backend.raw("SELECT COUNT(*) FROM moves") == [(0,)]
    got = await store.get_game(game.id)
    assert got is not None and got.version == 0 and got.state == '{"turn":0}'
    await store.record_move(game.id, "u1", "draw", '{"turn":1}', 1)
    got = await store.get_game(game.id)
    assert got is not None and got.version == 1


async def test_running_games_lists_only_running(store: GameStore) -> None:
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


async def test_persistence_across_reopen(backend: Backend, clock: FakeClock) -> None:
    async with await backend.open(clock) as s:
        game = await s.create_game(None, "c", "nemesis", "h", {"difficulty": "hard"})
        game = await s.set_seats(game.id, ["h", "p"])
        game = await s.set_message_ids(game.id, lobby=987654321098765432)
    async with await backend.open(clock) as s:
        assert await s.get_game(game.id) == game
        assert game.guild_id is None
        assert game.lobby_message_id == "987654321098765432"


async def test_message_ids_partial_update_and_explicit_none(store: GameStore) -> None:
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


async def test_closed_storage_refuses_work(backend: Backend) -> None:
    s = await backend.open()
    await s.close()
    await s.close()  # idempotent
    with pytest.raises(StorageError, match="closed"):
        await s.get_game(1)


async def test_default_clock_is_utc(backend: Backend) -> None:
    async with await backend.open() as s:
        game = await s.create_game("g", "c", "r", "h", {})
    assert game.created_at.tzinfo is not None
    assert game.created_at.utcoffset() == timedelta(0)
    assert abs(datetime.now(UTC) - game.created_at) < timedelta(minutes=1)


@pytest.mark.rule("BOT-LIMITS-1")
async def test_a_write_locked_by_another_process_does_not_block_reads(backend: Backend) -> None:
    """Another process holding the lock a write needs: reads go on at once; the write
    waits, succeeds once the lock is released, and gives up with StorageBusy (nothing
    written) when it is held too long."""
    store = await backend.open()
    try:
        game = await store.create_game("g", "c1", "darkmoon", "h", {})
        release = await backend.hold_write_lock(game.id)
        write = asyncio.create_task(store.set_options(game.id, {"x": 1}))
        await asyncio.sleep(0.2)
        assert not write.done()
        loop = asyncio.get_running_loop()
        start = loop.time()
        assert (await store.get_game(game.id)) is not None  # a read is not held up
        assert loop.time() - start < 0.5
        await release()
        assert (await write).options == {"x": 1}
        store.busy_wait = 0.3
        release = await backend.hold_write_lock(game.id)
        with pytest.raises(StorageBusy):
            await store.set_options(game.id, {"x": 2})
        await release()
        assert (await store.get_game(game.id)).options == {"x": 1}  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_two_processes_racing_for_one_version_one_wins(backend: Backend) -> None:
    """Two stores on one database (two bot processes): the same version offered by
    both at once is applied once; the other gets StaleVersion and writes nothing."""
    first, second = await backend.open(), await backend.open()
    try:
        game = await running_game(first)
        results = await asyncio.gather(
            *(s.record_move(game.id, f"u{i}", f"act{i}", f'{{"by":{i}}}', 1)
              for i, s in enumerate((first, second, first, second))),
            return_exceptions=True)
        assert sum(r is None for r in results) == 1
        assert sum(isinstance(r, StaleVersion) for r in results) == 3
        moves = await second.moves(game.id)
        assert len(moves) == 1 and (await first.get_game(game.id)).version == 1  # type: ignore[union-attr]
    finally:
        await first.close()
        await second.close()


# ---------------------------------------------------------------- choosing the backend


async def test_open_storage_chooses_the_backend(tmp_path: Path, pg_url: str) -> None:
    async with await open_storage(str(tmp_path / "w.sqlite3")) as lite:
        assert isinstance(lite, Storage)
    async with await open_storage(pg_url) as pg:
        assert isinstance(pg, PostgresStorage)
        assert await pg.schema_version() == SCHEMA_VERSION


async def test_postgres_refusals_are_explained(pg_url: str) -> None:
    nobody = pg_url.rsplit(":", 1)[0] + ":1/warden"  # port 1: nothing listens there
    with pytest.raises(StorageOpenError, match=r"No PostgreSQL server answers at 127\.0\.0\.1:1 "):
        await open_storage(nobody)
    missing = pg_url.rsplit("/", 1)[0] + "/no_such_db"
    with pytest.raises(StorageOpenError, match="has no database 'no_such_db'") as excinfo:
        await open_storage(missing)
    assert "createdb no_such_db" in excinfo.value.advice


def test_an_unreachable_postgres_is_explained_before_going_online(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    url = "postgresql://warden:s3cret@127.0.0.1:1/warden"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("WARDEN_DATABASE", url)

    def no_discord(*args: object) -> object:
        raise AssertionError("the bot went online with an unusable database")

    monkeypatch.setattr(bot.app, "make_bot", no_discord)
    assert main([]) == 2
    err = capsys.readouterr().err.strip()
    assert "No PostgreSQL server answers" in err and "WARDEN_DATABASE" in err
    assert "warden:***@127.0.0.1:1/warden" in err and "s3cret" not in err
    assert "\n" not in err and "Traceback" not in err  # one paragraph


# ---------------------------------------------------------------- seat index & light records


async def seat_rows(backend: Backend) -> dict[int, list[str]]:
    """The seat index as stored: game id -> user ids in seat order."""
    rows = await backend.raw("SELECT game_id, position, user_id FROM game_seats"
                             " ORDER BY game_id, position")
    index: dict[int, list[str]] = {}
    for game_id, position, user in rows:
        assert position == len(index.setdefault(int(game_id), []))
        index[int(game_id)].append(user)
    return index


async def stored_seats(backend: Backend) -> dict[int, list[str]]:
    """The seats as the games table holds them (games with at least one seat)."""
    rows = await backend.raw("SELECT id, seats FROM games ORDER BY id")
    return {int(i): json.loads(seats) for i, seats in rows if json.loads(seats)}


@pytest.mark.rule("BOT-SCALE-1")
async def test_seat_index_follows_every_change_of_the_seats(store: GameStore,
                                                            backend: Backend) -> None:
    """create (the host), join, leave and kick in the lobby (set_seats), start (the final
    seats), kick in a running game (seats kept) and end: the index says what `seats`
    says after each step, and a user's running games are found through it."""
    game = await store.create_game("g", "c1", "nemesis", "h", {})
    assert await seat_rows(backend) == {game.id: ["h"]} == await stored_seats(backend)
    await store.set_seats(game.id, ["h", "a", "b"])  # two join
    assert await seat_rows(backend) == await stored_seats(backend)
    await store.set_seats(game.id, ["h", "b"])  # a leaves (or is kicked)
    assert await seat_rows(backend) == {game.id: ["h", "b"]}
    assert await store.games_of_user("a", ("lobby", "running")) == []
    assert [g.id for g in await store.games_of_user("b", ("lobby",))] == [game.id]
    assert await store.games_of_user("b") == []  # running only, by default
    await store.start_game(game.id, ["b", "h", "c"], '{"turn":0}', 0)  # seat order changes
    assert await seat_rows(backend) == {game.id: ["b", "h", "c"]} == await stored_seats(backend)
    running = await store.games_of_user("c")
    assert [(g.id, g.status, g.seats) for g in running] == [(game.id, "running",
                                                             ["b", "h", "c"])]
    await store.set_options(game.id, {"away": ["c"]})  # a kick in a running game
    assert await seat_rows(backend) == {game.id: ["b", "h", "c"]}
    await store.set_status(game.id, "ended")
    assert await store.games_of_user("c") == []
    assert [g.id for g in await store.games_of_user("c", ("ended",))] == [game.id]


@pytest.mark.rule("BOT-SCALE-1")
async def test_a_failed_seat_change_leaves_the_index_alone(store: GameStore,
                                                           backend: Backend) -> None:
    game = await running_game(store)
    with pytest.raises(WrongStatus):
        await store.start_game(game.id, ["x", "y"], "{}", 0)
    assert await seat_rows(backend) == {game.id: ["u1", "u2"]}


@pytest.mark.rule("BOT-SCALE-1")
async def test_a_user_finds_exactly_their_games_among_many(store: GameStore) -> None:
    mine: list[int] = []
    for n in range(30):
        seats = [f"p{n}", f"q{n}"] + (["me"] if n in (3, 17, 29) else [])
        game = await store.create_game("g", f"c{n}", "r", seats[0], {})
        game = await store.start_game(game.id, seats, "{}", 0)
        if "me" in seats:
            mine.append(game.id)
    lobby = await store.create_game("g", "lobby", "r", "me", {})  # not running
    found = await store.games_of_user("me")
    assert [g.id for g in found] == mine
    assert all("me" in g.seats and g.status == "running" for g in found)
    assert lobby.id not in {g.id for g in found}
    assert [g.id for g in await store.games_of_user("me", ("lobby",))] == [lobby.id]
    assert await store.games_of_user("nobody") == []
    with pytest.raises(ValueError, match="invalid game status"):
        await store.games_of_user("me", ("playing",))  # type: ignore[arg-type]


@pytest.mark.rule("BOT-SCALE-1")
async def test_heads_are_the_light_records_of_the_running_games(store: GameStore) -> None:
    await store.create_game("g", "c0", "r", "h", {})
    game = await running_game(store, channel="c1", state='{"big":"' + "x" * 1000 + '"}')
    other = await running_game(store, channel="c2")
    await store.record_move(other.id, "u1", "win", "{}", 1, status="finished")
    heads = await store.heads()
    assert [h.id for h in heads] == [game.id]
    head = heads[0]
    assert type(head) is GameHead and not hasattr(head, "state")
    full = await store.get_game(game.id)
    assert full is not None
    assert head == GameHead.model_validate(full.model_dump(include=set(GameHead.model_fields)))
    assert [h.id for h in await store.heads(("running", "finished"))] == [game.id, other.id]


@pytest.mark.rule("BOT-SCALE-1")
async def test_the_seat_index_is_filled_from_games_made_before_it(
        backend: Backend, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database of schema version 3 (before the index) gets its seats indexed by the
    migration that makes the index."""
    with monkeypatch.context() as patch:
        patch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:3])
        async with await backend.open(clock) as old:
            assert await old.schema_version() == 3
        assert "game_seats" not in await backend.tables()
    made = "2024-01-01T00:00:00.000000+00:00"

    async def old_game(channel: str, status: str, seats: list[str]) -> int:
        rows = await backend.raw(
            "INSERT INTO games (guild_id, channel_id, ruleset, status, host_id, seats,"
            " options, version, state, created_at, updated_at)"
            " VALUES ('g', ?, 'r', ?, 'h', ?, '{}', 0, '{}', ?, ?) RETURNING id",
            channel, status, json.dumps(seats), made, made)
        return int(rows[0][0])

    lobby = await old_game("c1", "lobby", ["h", "a"])
    game = await old_game("c2", "running", ["u1", "u2", "h"])
    await old_game("c3", "lobby", [])
    async with await backend.open(clock) as new:
        assert await new.schema_version() == SCHEMA_VERSION
        assert await seat_rows(backend) == {lobby: ["h", "a"], game: ["u1", "u2", "h"]}
        assert [g.id for g in await new.games_of_user("u2")] == [game]
        assert [g.id for g in await new.games_of_user("h", ("lobby", "running"))] == [lobby,
                                                                                     game]


# ---------------------------------------------------------------- where each game stands


def waits_of(game: GameRecord | None) -> dict[str, datetime] | None:
    assert game is not None
    return game.waits


@pytest.mark.rule("BOT-SCALE-1")
async def test_who_a_game_waits_on_follows_every_move(store: GameStore) -> None:
    """start, moves (a seat still awaited keeps its time; the seat that moved, or one
    newly awaited, starts now), a kick (seats and waits alone), the end; each stored in
    the move's own write."""
    game = await store.create_game("g", "c1", "nemesis", "a", {})
    assert waits_of(await store.get_game(game.id)) is None  # a lobby waits on nobody yet
    await store.set_seats(game.id, ["a", "b", "c"])
    started = await store.start_game(game.id, ["a", "b", "c"], "{}", 0,
                                     standing=Standing(waiting=("b", "c"), round=1))
    t0 = started.updated_at
    assert started.waits == {"b": t0, "c": t0} and started.game_round == 1
    # b votes; c is still awaited (since the start), a is newly awaited
    await store.record_move(game.id, "b", "vote", "{}", 1,
                            standing=Standing(waiting=("c", "a"), round=1))
    after = await store.get_game(game.id)
    assert after is not None
    t1 = after.updated_at
    assert t1 > t0 and after.waits == {"c": t0, "a": t1}
    # a moves and must decide again (a second action): a's decision starts now
    await store.record_move(game.id, "a", "move", "{}", 2,
                            standing=Standing(waiting=("a", "c"), round=2))
    after = await store.get_game(game.id)
    assert after is not None
    t2 = after.updated_at
    assert after.waits == {"a": t2, "c": t0} and after.game_round == 2
    await store.set_options(game.id, {"away": ["c"]})  # c is kicked: the crew plays c
    assert waits_of(await store.get_game(game.id)) == {"a": t2, "c": t0}
    # a move for a seat (the timer's, the crew's) counts as that seat's
    await store.record_move(game.id, "c", "pass", "{}", 3,
                            standing=Standing(waiting=("a", "c"), round=2))
    after = await store.get_game(game.id)
    assert after is not None
    assert after.waits == {"a": t2, "c": after.updated_at}
    await store.record_move(game.id, "a", "win", "{}", 4, status="finished",
                            standing=Standing(waiting=(), round=3))
    assert waits_of(await store.get_game(game.id)) == {}


@pytest.mark.rule("BOT-SCALE-1")
async def test_a_move_that_fails_leaves_the_standing_alone(store: GameStore) -> None:
    game = await running_game(store)
    await store.record_move(game.id, "u1", "a", "{}", 1,
                            standing=Standing(waiting=("u2",), round=1))
    before = await store.get_game(game.id)
    with pytest.raises(StaleVersion):
        await store.record_move(game.id, "u2", "b", "{}", 1,
                                standing=Standing(waiting=("u1",), round=9))
    assert await store.get_game(game.id) == before


@pytest.mark.rule("BOT-SCALE-1")
async def test_a_players_list_comes_through_the_seat_index_with_where_each_game_stands(
        store: GameStore) -> None:
    mine: list[int] = []
    for n in range(12):
        seats = [f"p{n}", f"q{n}"] + (["me"] if n % 4 == 1 else [])
        game = await store.create_game("g", f"c{n}", "r", seats[0], {})
        waiting = ("me",) if n == 5 else (f"p{n}",)
        game = await store.start_game(game.id, seats, "{}", 0,
                                      standing=Standing(waiting=waiting, round=n))
        if "me" in seats:
            mine.append(game.id)
    await store.put_table_message(mine[1], "board", "c5", 555, [], 0)
    await store.put_table_message(mine[1], "sheet:me", "dm", 556, [], 0)
    lobby = await store.create_game("g", "lobby", "r", "h", {})
    await store.set_seats(lobby.id, ["h", "me"])
    ended = await store.create_game("g", "ended", "r", "me", {})
    await store.start_game(ended.id, ["me"], "{}", 0, standing=Standing(waiting=("me",)))
    await store.set_status(ended.id, "ended")

    found = await store.player_games("me")
    assert [g.id for g in found] == [*mine, lobby.id]  # oldest first; not the ended one
    assert all(type(g) is PlayerGame and not hasattr(g, "state") for g in found)
    by_id = {g.id: g for g in found}
    assert set(by_id[mine[1]].waits or {}) == {"me"}
    assert by_id[mine[1]].game_round == 5
    assert by_id[mine[1]].board_message == "555"  # the board, not a sheet
    assert set(by_id[mine[0]].waits or {}) == {"p1"} and by_id[mine[0]].board_message is None
    assert by_id[lobby.id].waits is None and by_id[lobby.id].status == "lobby"
    assert [g.id for g in await store.player_games("me", ("ended",))] == [ended.id]
    assert await store.player_games("nobody") == []


@pytest.mark.rule("BOT-SCALE-1")
async def test_games_running_before_the_standing_was_kept_are_found_and_filled(
        backend: Backend, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database of schema version 5: its running games have no standing after the
    migration; they are listed (by a partial index) until filled, once, at the version
    their state was read at; a move stores its own first."""
    with monkeypatch.context() as patch:
        patch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:5])
        async with await backend.open(clock) as old:
            assert await old.schema_version() == 5
    made = "2024-01-01T00:00:00.000000+00:00"

    async def old_game(channel: str, status: str) -> int:
        rows = await backend.raw(
            "INSERT INTO games (guild_id, channel_id, ruleset, status, host_id, seats,"
            " options, version, state, created_at, updated_at)"
            " VALUES ('g', ?, 'r', ?, 'h', '[\"h\",\"u\"]', '{}', 0, '{}', ?, ?)"
            " RETURNING id", channel, status, made, made)
        game_id = int(rows[0][0])
        await backend.raw("INSERT INTO game_seats (game_id, position, user_id)"
                          " VALUES (?, 0, 'h'), (?, 1, 'u')", game_id, game_id)
        return game_id

    lobby = await old_game("c0", "lobby")
    first, second = await old_game("c1", "running"), await old_game("c2", "running")
    await old_game("c3", "finished")
    since = datetime(2024, 1, 1, tzinfo=UTC)
    async with await backend.open(clock) as new:
        assert await new.schema_version() == SCHEMA_VERSION
        assert await new.unknown_standing() == [first, second]  # not lobby, finished
        assert waits_of(await new.get_game(first)) is None
        listed = {g.id: g.waits for g in await new.player_games("u")}
        assert listed == {lobby: None, first: None, second: None}
        assert not await new.fill_standing(first, 7, Standing(waiting=("u",)), since)
        assert await new.fill_standing(first, 0, Standing(waiting=("u",), round=2), since)
        filled = await new.get_game(first)
        assert filled is not None and filled.waits == {"u": since} and filled.game_round == 2
        # filled once: a second worker's answer does not overwrite
        assert not await new.fill_standing(first, 0, Standing(waiting=("h",)), since)
        await new.record_move(second, "h", "a", "{}", 1, standing=Standing(waiting=("u",)))
        assert await new.unknown_standing() == []
        assert not await new.fill_standing(second, 0, Standing(waiting=("h",)), since)
        moved = await new.get_game(second)
        assert moved is not None and list(moved.waits or {}) == ["u"]


# ---------------------------------------------------------------- a server that fails


async def _unavailable_within(seconds: float, work: Callable[[], Awaitable[object]]) -> None:
    loop = asyncio.get_running_loop()
    began = loop.time()
    with pytest.raises(StorageUnavailable):
        await work()
    assert loop.time() - began < seconds


@pytest.mark.rule("BOT-LIMITS-1")
async def test_a_hung_or_stopped_postgres_is_unavailable_in_bounded_time(
        pg_url: str, pg_relay: Any) -> None:
    """Behind a relay that stops forwarding (a hung server) or closes (a server that is
    down), every read and write gives StorageUnavailable within its timeouts instead of
    waiting for ever, writes nothing, and the storage works again once the server does."""
    timeout = 0.3
    store = await PostgresStorage.open(pg_relay.url(pg_url), query_timeout=timeout)
    try:
        game = await running_game(store)
        move = lambda: store.record_move(game.id, "u1", "draw", '{"turn":1}', 1)  # noqa: E731
        pg_relay.hang()
        bound = 4 * timeout + 2  # a connection, a statement, giving it back, and slack
        for work in (lambda: store.get_game(game.id), move,
                     lambda: store.games_of_user("u1", ("running",))):
            await _unavailable_within(bound + store.busy_wait, work)
        await pg_relay.stop()
        for work in (lambda: store.get_game(game.id), move):
            await _unavailable_within(bound, work)
        await pg_relay.forward()
        got = await store.get_game(game.id)
        assert got is not None and got.version == 0  # the moves tried meanwhile: none stored
        await move()
        got = await store.get_game(game.id)
        assert got is not None and got.version == 1
    finally:
        await store.close()


async def test_closing_a_storage_whose_server_hangs_does_not_hang(pg_url: str,
                                                                  pg_relay: Any) -> None:
    store = await PostgresStorage.open(pg_relay.url(pg_url), query_timeout=0.3)
    await store.listen(lambda game, version: None)
    pg_relay.hang()
    await asyncio.wait_for(store.close(), 5)
    assert store.closed
