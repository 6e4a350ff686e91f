"""Async SQLite persistence for Warden games.

One :class:`Storage` wraps one ``aiosqlite`` connection to one database file (or
``":memory:"`` in tests). The bot opens it once at start-up and injects it wherever it
is needed; this module keeps no global state and knows nothing about Discord.

What is stored:

* ``games`` -- one row per game: where it lives (guild/channel), which ruleset, its
  lifecycle ``status`` (``lobby`` -> ``running`` -> ``finished``/``ended``), the seat
  order, lobby options, the engine's serialized state snapshot with a monotonically
  increasing ``version``, and the ids of the Discord messages the bot keeps editing.
  A partial unique index guarantees at most one *active* (lobby or running) game per
  channel; violating it raises :class:`ChannelBusy`.
* ``moves`` -- an append-only log of the actions applied to a game; ``seq`` equals the
  game version the action produced.

Concurrency model: every operation goes through a single connection guarded by an
:class:`asyncio.Lock`, so writes are serialized and a read never observes another
coroutine's uncommitted transaction. Each write is one explicit ``BEGIN IMMEDIATE``
transaction that is rolled back on any exception (including cancellation), so a
cancelled write is either fully committed or not at all -- never half-applied.
:meth:`Storage.record_move` is additionally an optimistic-concurrency write: it only
succeeds if the stored version is exactly ``new_version - 1`` (else :class:`StaleVersion`).

Schema changes are expressed as an ordered list of migrations (:data:`MIGRATIONS`);
``Storage.open`` applies the missing ones, each in its own transaction, and records
them in ``schema_version``. Reopening an up-to-date database is a no-op.

Timestamps are stored as ISO-8601 UTC strings produced by an injectable clock and
exposed as timezone-aware :class:`~datetime.datetime` objects on the records.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal, Self, cast, get_args

import aiosqlite
from pydantic import BaseModel, ConfigDict

__all__ = [
    "ACTIVE_STATUSES",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ChannelBusy",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "MoveRecord",
    "StaleVersion",
    "Storage",
    "StorageBusy",
    "StorageError",
    "StorageOpenError",
    "TableMessage",
    "WrongStatus",
]

GameStatus = Literal["lobby", "running", "finished", "ended"]
"""Lifecycle of a game. ``finished`` = reached a result; ``ended`` = stopped early."""

ALL_STATUSES: Final[tuple[GameStatus, ...]] = get_args(GameStatus)
ACTIVE_STATUSES: Final[tuple[GameStatus, ...]] = ("lobby", "running")
"""Statuses that occupy a channel (at most one such game per channel)."""

Snowflake = str | int
"""Discord ids may be passed as ``int`` or ``str``; they are always stored as text."""

Clock = Callable[[], datetime]
Migration = Callable[[aiosqlite.Connection], Awaitable[None]]


# --------------------------------------------------------------------------- errors


class StorageError(Exception):
    """Base class for the errors raised by this module."""


BUSY_WAIT = 5.0  # seconds a write waits for another process's write lock
BUSY_RETRY = 0.05


class StorageBusy(StorageError):
    """Another process held the database's write lock for too long; nothing was written."""

    def __init__(self, waited: float) -> None:
        super().__init__(f"the database stayed locked by another process for {waited:.1f} s")


class StorageOpenError(StorageError):
    """:meth:`Storage.open` cannot use the database file: ``problem`` says what is
    wrong, ``advice`` what to do about it (both plain sentences for the operator)."""

    def __init__(self, problem: str, advice: str) -> None:
        super().__init__(f"{problem} {advice}")
        self.problem = problem
        self.advice = advice

    @classmethod
    def explain(cls, path: str | Path, exc: BaseException | None) -> StorageOpenError:
        """Turn SQLite's terse refusal into what is wrong with ``path``."""
        file = Path(path)
        folder = file.parent
        if file.is_dir():
            return cls(f"{file} is a folder, not a database file.",
                       f"Name a file instead, e.g. {file / 'warden.sqlite3'}.")
        if not folder.is_dir():
            return cls(f"The folder {folder} does not exist, so {file.name} cannot be "
                       "created there.", "Create the folder, or name a file in an existing "
                       "one.")
        if not os.access(folder, os.W_OK | os.X_OK) or (
                file.exists() and not os.access(file, os.R_OK | os.W_OK)):
            return cls(f"Warden may not read and write {file} (permission denied; it also "
                       f"needs to write its journal files in {folder}).",
                       "Fix the permissions, or name a file in a folder Warden can write.")
        if isinstance(exc, sqlite3.DatabaseError) and "not a database" in str(exc):
            return cls(f"{file} is not a SQLite database (a damaged file, or another kind "
                       "of file).", "Move it away or restore it from a backup; Warden "
                       "creates a new database when the file is missing.")
        return cls(f"{file} cannot be opened as a database ({exc}).",
                   "Check the file, or name another one.")


class ChannelBusy(StorageError):
    """The channel already has a game in ``lobby`` or ``running`` status."""

    def __init__(self, channel_id: str, game_id: int | None) -> None:
        super().__init__(f"channel {channel_id} already has an active game (id {game_id})")
        self.channel_id = channel_id
        self.game_id = game_id


class GameNotFound(StorageError, LookupError):
    """No game with this id exists."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} does not exist")
        self.game_id = game_id


class StaleVersion(StorageError):
    """Optimistic-concurrency failure: the stored version is not the one expected."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id}: expected stored version {expected}, found {actual}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class WrongStatus(StorageError):
    """The game is not in a status that allows this operation."""

    def __init__(self, game_id: int, actual: GameStatus, allowed: Sequence[GameStatus]) -> None:
        super().__init__(f"game {game_id} is {actual!r}; operation requires one of {list(allowed)}")
        self.game_id = game_id
        self.actual = actual
        self.allowed = tuple(allowed)


# --------------------------------------------------------------------------- records


class GameRecord(BaseModel):
    """Immutable snapshot of one ``games`` row."""

    model_config = ConfigDict(frozen=True)

    id: int
    guild_id: str | None
    channel_id: str
    ruleset: str
    status: GameStatus
    host_id: str
    seats: list[str]
    options: dict[str, Any]
    version: int
    state: str | None
    prompt_message_id: str | None
    board_message_id: str | None
    lobby_message_id: str | None
    created_at: datetime
    updated_at: datetime
    names: dict[str, str] = {}  # seat -> display name as last seen

    @property
    def is_active(self) -> bool:
        """True while the game occupies its channel (lobby or running)."""
        return self.status in ACTIVE_STATUSES


class MoveRecord(BaseModel):
    """Immutable snapshot of one ``moves`` row."""

    model_config = ConfigDict(frozen=True)

    game_id: int
    seq: int
    seat: str | None
    action: str
    created_at: datetime


class TableMessage(BaseModel):
    """A Discord message the bot keeps editing for a game (see ``table_messages``)."""

    model_config = ConfigDict(frozen=True)

    game_id: int
    role: str
    channel_id: str
    message_id: str
    lines: list[str]


class _Unset(Enum):
    UNSET = "UNSET"


_UNSET: Final = _Unset.UNSET
"""Sentinel: "leave this column alone" (``None`` means "store NULL")."""


# --------------------------------------------------------------------------- migrations


def _statements(*sql: str) -> Migration:
    """Build a migration that executes ``sql`` statements in order.

    ``executescript`` is deliberately avoided: it issues an implicit COMMIT, which
    would break the one-transaction-per-migration guarantee.
    """

    async def migrate(conn: aiosqlite.Connection) -> None:
        for statement in sql:
            await conn.execute(statement)

    return migrate


_V1: Final[Migration] = _statements(
    """
    CREATE TABLE games (
        id                INTEGER PRIMARY KEY,
        guild_id          TEXT,
        channel_id        TEXT    NOT NULL,
        ruleset           TEXT    NOT NULL,
        status            TEXT    NOT NULL
                          CHECK (status IN ('lobby', 'running', 'finished', 'ended')),
        host_id           TEXT    NOT NULL,
        seats             TEXT    NOT NULL DEFAULT '[]',
        options           TEXT    NOT NULL DEFAULT '{}',
        version           INTEGER NOT NULL DEFAULT 0,
        state             TEXT,
        prompt_message_id TEXT,
        board_message_id  TEXT,
        lobby_message_id  TEXT,
        created_at        TEXT    NOT NULL,
        updated_at        TEXT    NOT NULL
    )
    """,
    """
    CREATE UNIQUE INDEX games_one_active_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'running')
    """,
    "CREATE INDEX games_by_status ON games (status)",
    """
    CREATE TABLE moves (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        seat       TEXT,
        action     TEXT    NOT NULL,
        created_at TEXT    NOT NULL,
        PRIMARY KEY (game_id, seq)
    )
    """,
)

_V2: Final[Migration] = _statements(
    # The Discord messages the bot keeps editing for a running game: role "board" is the
    # channel message holding the current board and the story lines of this turn (kept
    # so a restart goes on appending to them); "sheet:<seat>" is a seat's private sheet.
    """
    CREATE TABLE table_messages (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        role       TEXT    NOT NULL,
        channel_id TEXT    NOT NULL,
        message_id TEXT    NOT NULL,
        lines      TEXT    NOT NULL DEFAULT '[]',
        PRIMARY KEY (game_id, role)
    )
    """,
)

_V3: Final[Migration] = _statements(
    # the players' display names as last seen, so a board drawn after a restart still
    # names them (Discord sends a name only with an interaction)
    "ALTER TABLE games ADD COLUMN names TEXT NOT NULL DEFAULT '{}'",
)

MIGRATIONS: Final[tuple[Migration, ...]] = (_V1, _V2, _V3)
"""Ordered migrations; ``MIGRATIONS[i]`` upgrades the schema to version ``i + 1``.

Append only -- never edit or reorder a migration that has shipped.
"""

SCHEMA_VERSION: Final[int] = len(MIGRATIONS)


# --------------------------------------------------------------------------- helpers


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime) -> str:
    """ISO-8601 UTC text with fixed precision (so strings sort chronologically)."""
    if moment.tzinfo is None:  # a naive clock is taken to be UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _sid(value: Snowflake) -> str:
    return str(value)


def _opt_sid(value: Snowflake | None) -> str | None:
    return None if value is None else str(value)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _check_status(status: str, allowed: Iterable[str] = ALL_STATUSES) -> GameStatus:
    if status not in allowed:
        raise ValueError(f"invalid game status {status!r}; expected one of {list(allowed)}")
    return cast(GameStatus, status)


_GAME_COLUMNS: Final = (
    "id, guild_id, channel_id, ruleset, status, host_id, seats, options, version, state, "
    "prompt_message_id, board_message_id, lobby_message_id, created_at, updated_at, names"
)


def _game_from_row(row: sqlite3.Row) -> GameRecord:
    data = dict(zip(row.keys(), tuple(row), strict=True))
    data["seats"] = json.loads(data["seats"])
    data["options"] = json.loads(data["options"])
    data["names"] = json.loads(data["names"])
    return GameRecord.model_validate(data)


def _move_from_row(row: sqlite3.Row) -> MoveRecord:
    return MoveRecord.model_validate(dict(zip(row.keys(), tuple(row), strict=True)))


# --------------------------------------------------------------------------- storage


class Storage:
    """Async game store backed by a single SQLite connection.

    Create with :meth:`open`; close with :meth:`close` or ``async with``::

        async with await Storage.open("warden.db") as storage:
            game = await storage.create_game(guild_id, channel_id, "ruleset", host_id, {})
    """

    def __init__(self, conn: aiosqlite.Connection, clock: Clock) -> None:
        """Internal; use :meth:`Storage.open`."""
        self._conn: aiosqlite.Connection | None = conn
        self._clock = clock
        self._lock = asyncio.Lock()
        self.busy_wait = BUSY_WAIT

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        clock: Clock = _utc_now,
        busy_timeout_ms: int = 100,
    ) -> Self:
        """Open (creating if needed) the database at ``path`` and migrate it.

        ``":memory:"`` gives a private in-memory database (handy in tests).
        ``clock`` supplies the timestamps written to the database.
        """
        # isolation_level=None: sqlite3 never opens transactions implicitly; this class
        # issues BEGIN/COMMIT/ROLLBACK itself.
        if str(path) != ":memory:" and (Path(path).is_dir() or not Path(path).parent.is_dir()):
            raise StorageOpenError.explain(path, None)  # before aiosqlite starts a thread
        try:
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except (sqlite3.Error, OSError) as exc:
            raise StorageOpenError.explain(path, exc) from exc
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA foreign_keys = ON")
            if str(path) != ":memory:":
                await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = NORMAL")
            tables = {row[0] for row in await conn.execute_fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%'")}
            if tables and "schema_version" not in tables:
                raise StorageOpenError(
                    f"{path} is a SQLite database, but not one of Warden's (it holds the "
                    f"tables {', '.join(sorted(tables))}).",
                    "Point Warden at another file; it creates a new database there.")
            storage = cls(conn, clock)
            await storage._migrate()
            for table, record in (("games", GameRecord), ("moves", MoveRecord)):
                async with conn.execute(f"SELECT * FROM {table} LIMIT 0") as cursor:
                    missing = set(record.model_fields) - {d[0] for d in cursor.description}
                if missing:
                    raise StorageOpenError(
                        f"{path} has a '{table}' table that Warden did not make (no "
                        f"{', '.join(sorted(missing))} column).",
                        "Point Warden at another file; it creates a new database there.")
        except StorageOpenError:
            await conn.close()
            raise
        except StorageError as exc:  # a schema newer than this code
            await conn.close()
            raise StorageOpenError(f"{path} was written by a newer Warden ({exc}).",
                                   "Update Warden, or point it at another file.") from exc
        except (sqlite3.Error, OSError) as exc:
            await conn.close()
            raise StorageOpenError.explain(path, exc) from exc
        except BaseException:
            await conn.close()
            raise
        return storage

    async def close(self) -> None:
        """Close the connection. Safe to call more than once."""
        async with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None:
                await conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def closed(self) -> bool:
        return self._conn is None

    # ------------------------------------------------------------------ plumbing

    def _connection(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StorageError("storage is closed")
        return self._conn

    def _now(self) -> str:
        return _iso(self.now())

    def now(self) -> datetime:
        """The storage clock's current time (UTC), the one its timestamps come from."""
        moment = self._clock()
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """Hold the lock so a read never sees another coroutine's open transaction."""
        async with self._lock:
            yield self._connection()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Serialized ``BEGIN IMMEDIATE`` ... ``COMMIT``; ROLLBACK on any exception.

        When another process holds the database's write lock, SQLite waits only
        ``busy_timeout_ms`` (short) in the connection's thread; the retries happen here,
        in the event loop, without holding the lock, so reads and other channels go on
        meanwhile. After ``busy_wait`` seconds :class:`StorageBusy` is raised and
        nothing was written."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.busy_wait
        while True:
            async with self._lock:
                conn = self._connection()
                if conn.in_transaction:  # left open by an interrupted rollback; discard it
                    await conn.rollback()
                try:
                    await conn.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError as exc:
                    if "locked" not in str(exc) and "busy" not in str(exc):
                        raise
                else:
                    try:
                        yield conn
                        await conn.commit()
                    except BaseException:
                        await conn.rollback()
                        raise
                    return
            if loop.time() >= deadline:
                raise StorageBusy(self.busy_wait)
            await asyncio.sleep(BUSY_RETRY)

    async def _migrate(self) -> None:
        conn = self._connection()
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version ("
            " version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        for version, migration in enumerate(MIGRATIONS, start=1):
            async with self._transaction() as tx:
                # Re-read inside the write transaction: another process may have
                # migrated between our check and our BEGIN.
                current = await self._schema_version(tx)
                if current > SCHEMA_VERSION:
                    raise StorageError(
                        f"database schema version {current} is newer than this code "
                        f"supports ({SCHEMA_VERSION})"
                    )
                if current >= version:
                    continue
                await migration(tx)
                await tx.execute(
                    "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                    (version, self._now()),
                )

    @staticmethod
    async def _schema_version(conn: aiosqlite.Connection) -> int:
        rows = list(await conn.execute_fetchall("SELECT MAX(version) FROM schema_version"))
        value = rows[0][0]
        return int(value) if value is not None else 0

    async def schema_version(self) -> int:
        """Highest migration applied to this database."""
        async with self._read() as conn:
            return await self._schema_version(conn)

    @staticmethod
    async def _fetch_game(conn: aiosqlite.Connection, game_id: int) -> GameRecord | None:
        rows = list(
            await conn.execute_fetchall(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
            )
        )
        return _game_from_row(rows[0]) if rows else None

    async def _require_game(self, conn: aiosqlite.Connection, game_id: int) -> GameRecord:
        game = await self._fetch_game(conn, game_id)
        if game is None:
            raise GameNotFound(game_id)
        return game

    @staticmethod
    async def _active_game_id(conn: aiosqlite.Connection, channel_id: str) -> int | None:
        rows = list(
            await conn.execute_fetchall(
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
                (channel_id,),
            )
        )
        return int(rows[0][0]) if rows else None

    async def _update_game(self, game_id: int, assignments: dict[str, Any]) -> GameRecord:
        """``UPDATE games SET <assignments>, updated_at`` for one game; return the row."""
        async with self._transaction() as conn:
            game = await self._require_game(conn, game_id)
            columns = {**assignments, "updated_at": self._now()}
            sql = ", ".join(f"{name} = ?" for name in columns)
            try:
                await conn.execute(
                    f"UPDATE games SET {sql} WHERE id = ?", (*columns.values(), game_id)
                )
            except sqlite3.IntegrityError:
                other = await self._active_game_id(conn, game.channel_id)
                if other is not None and other != game_id:
                    raise ChannelBusy(game.channel_id, other) from None
                raise
            return await self._require_game(conn, game_id)

    # ------------------------------------------------------------------ writes

    async def create_game(
        self,
        guild_id: Snowflake | None,
        channel_id: Snowflake,
        ruleset: str,
        host_id: Snowflake,
        options: dict[str, Any] | None = None,
    ) -> GameRecord:
        """Create a game in ``lobby`` status with the host in the first seat.

        Raises :class:`ChannelBusy` if the channel already has a lobby/running game.
        """
        channel = _sid(channel_id)
        host = _sid(host_id)
        now = self._now()
        async with self._transaction() as conn:
            try:
                cursor = await conn.execute(
                    "INSERT INTO games (guild_id, channel_id, ruleset, status, host_id, seats,"
                    " options, version, created_at, updated_at)"
                    " VALUES (?, ?, ?, 'lobby', ?, ?, ?, 0, ?, ?)",
                    (
                        _opt_sid(guild_id),
                        channel,
                        ruleset,
                        host,
                        _dumps([host]),
                        _dumps(options or {}),
                        now,
                        now,
                    ),
                )
            except sqlite3.IntegrityError:
                existing = await self._active_game_id(conn, channel)
                if existing is not None:
                    raise ChannelBusy(channel, existing) from None
                raise
            game_id = cursor.lastrowid
            await cursor.close()
            assert game_id is not None
            return await self._require_game(conn, game_id)

    async def set_seats(self, game_id: int, seats: Sequence[Snowflake]) -> GameRecord:
        """Replace the seat list (user ids in seat order)."""
        return await self._update_game(game_id, {"seats": _dumps([_sid(s) for s in seats])})

    async def set_options(self, game_id: int, options: dict[str, Any]) -> GameRecord:
        """Replace the options object."""
        return await self._update_game(game_id, {"options": _dumps(options)})

    async def set_message_ids(
        self,
        game_id: int,
        *,
        prompt: Snowflake | _Unset | None = _UNSET,
        board: Snowflake | _Unset | None = _UNSET,
        lobby: Snowflake | _Unset | None = _UNSET,
    ) -> GameRecord:
        """Update only the message ids passed; pass ``None`` to clear one."""
        given = {
            "prompt_message_id": prompt,
            "board_message_id": board,
            "lobby_message_id": lobby,
        }
        assignments = {
            column: _opt_sid(value)
            for column, value in given.items()
            if not isinstance(value, _Unset)
        }
        if not assignments:
            async with self._read() as conn:
                return await self._require_game(conn, game_id)
        return await self._update_game(game_id, assignments)

    async def start_game(
        self,
        game_id: int,
        seats: Sequence[Snowflake],
        state_json: str,
        version: int = 0,
    ) -> GameRecord:
        """Move a ``lobby`` game to ``running`` with its final seats and initial state.

        Raises :class:`WrongStatus` if the game is not in the lobby (e.g. a double
        "start" click) and :class:`GameNotFound` if it does not exist.
        """
        async with self._transaction() as conn:
            game = await self._require_game(conn, game_id)
            if game.status != "lobby":
                raise WrongStatus(game_id, game.status, ("lobby",))
            await conn.execute(
                "UPDATE games SET status = 'running', seats = ?, state = ?, version = ?,"
                " updated_at = ? WHERE id = ?",
                (_dumps([_sid(s) for s in seats]), state_json, version, self._now(), game_id),
            )
            return await self._require_game(conn, game_id)

    async def record_move(
        self,
        game_id: int,
        seat: Snowflake | None,
        action_key: str,
        state_json: str,
        new_version: int,
        status: GameStatus = "running",
    ) -> None:
        """Atomically append a move and store the resulting snapshot.

        The move gets ``seq = new_version``. The write happens only if the game is
        ``running`` and its stored version is ``new_version - 1``; otherwise
        :class:`StaleVersion` (or :class:`WrongStatus` / :class:`GameNotFound`) is
        raised and nothing is written. ``status`` lets the final move of a game
        flip it to ``finished`` (or ``ended``) in the same transaction.
        """
        _check_status(status, ("running", "finished", "ended"))
        if new_version < 1:
            raise ValueError(f"new_version must be >= 1, got {new_version}")
        now = self._now()
        async with self._transaction() as conn:
            cursor = await conn.execute(
                "UPDATE games SET state = ?, version = ?, status = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'running'",
                (state_json, new_version, status, now, game_id, new_version - 1),
            )
            updated = cursor.rowcount
            await cursor.close()
            if updated != 1:
                game = await self._require_game(conn, game_id)
                if game.status != "running":
                    raise WrongStatus(game_id, game.status, ("running",))
                raise StaleVersion(game_id, new_version - 1, game.version)
            await conn.execute(
                "INSERT INTO moves (game_id, seq, seat, action, created_at) VALUES (?, ?, ?, ?, ?)",
                (game_id, new_version, _opt_sid(seat), action_key, now),
            )

    async def set_status(self, game_id: int, status: GameStatus) -> GameRecord:
        """Set the lifecycle status (e.g. ``ended`` when the host stops a game).

        Raises :class:`ChannelBusy` when re-activating a game whose channel is taken.
        """
        return await self._update_game(game_id, {"status": _check_status(status)})

    # ------------------------------------------------------------------ reads

    async def get_game(self, game_id: int) -> GameRecord | None:
        """The game with this id, or ``None``."""
        async with self._read() as conn:
            return await self._fetch_game(conn, game_id)

    async def active_game_in_channel(self, channel_id: Snowflake) -> GameRecord | None:
        """The lobby/running game in this channel, or ``None``."""
        async with self._read() as conn:
            rows = list(
                await conn.execute_fetchall(
                    f"SELECT {_GAME_COLUMNS} FROM games"
                    " WHERE channel_id = ? AND status IN ('lobby', 'running')",
                    (_sid(channel_id),),
                )
            )
        return _game_from_row(rows[0]) if rows else None

    async def running_games(self) -> list[GameRecord]:
        """All games in ``running`` status, oldest first (used to resume after restart)."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'running' ORDER BY id"
            )
        return [_game_from_row(row) for row in rows]

    async def acted_since(self, game_id: int, seat: Snowflake, version: int) -> bool:
        """Whether `seat` made a move (or had one made for it) after `version`."""
        async with self._read() as conn:
            rows = list(await conn.execute_fetchall(
                "SELECT 1 FROM moves WHERE game_id = ? AND seat = ? AND seq > ? LIMIT 1",
                (game_id, _sid(seat), version)))
        return bool(rows)

    async def set_names(self, game_id: int, names: dict[str, str]) -> None:
        """Remember the players' display names (no change to ``updated_at``: the turn
        timer counts from the game's last move)."""
        async with self._transaction() as conn:
            await conn.execute("UPDATE games SET names = ? WHERE id = ?",
                               (_dumps(names), game_id))

    async def table_message(self, game_id: int, role: str) -> TableMessage | None:
        """The kept message of `role` ("board", "sheet:<seat>") for a game, or None."""
        async with self._read() as conn:
            rows = list(await conn.execute_fetchall(
                "SELECT game_id, role, channel_id, message_id, lines FROM table_messages"
                " WHERE game_id = ? AND role = ?", (game_id, role)))
        if not rows:
            return None
        data = dict(zip(rows[0].keys(), tuple(rows[0]), strict=True))
        data["lines"] = json.loads(data["lines"])
        return TableMessage.model_validate(data)

    async def put_table_message(self, game_id: int, role: str, channel_id: Snowflake,
                                message_id: Snowflake, lines: Sequence[str] = ()) -> None:
        """Remember (or replace) the kept message of `role`; does not touch the game's
        ``updated_at`` (the turn timer counts from the game's last move)."""
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO table_messages (game_id, role, channel_id, message_id, lines)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, role) DO UPDATE SET"
                " channel_id = excluded.channel_id, message_id = excluded.message_id,"
                " lines = excluded.lines",
                (game_id, role, _sid(channel_id), _sid(message_id), _dumps(list(lines))))

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """The move log of a game, ordered by ``seq``."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT game_id, seq, seat, action, created_at FROM moves"
                " WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
        return [_move_from_row(row) for row in rows]
