"""The SQLite backend: one ``aiosqlite`` connection to one database file (or
``":memory:"`` in tests), WAL mode.

Every operation goes through the single connection guarded by an :class:`asyncio.Lock`,
so writes are serialized and a read never observes another coroutine's uncommitted
transaction. Each write is one ``BEGIN IMMEDIATE`` transaction: it holds the database's
write lock (which is also the per-game lock a move needs) and is rolled back on any
exception, cancellation included. When another process holds the write lock, the
retries happen in the event loop without holding the asyncio lock, so reads go on.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, ClassVar, Final, Self

import aiosqlite

from bot.storage.base import Clock, Db, GameStore
from bot.storage.migrations import Dialect
from bot.storage.records import StorageBusy, StorageError, StorageOpenError

BUSY_RETRY: Final = 0.05  # seconds between two tries to take another process's lock

SQLITE: Final = Dialect(
    name="sqlite",
    game_key="INTEGER PRIMARY KEY",
    game_ref="INTEGER",
    for_update="",  # BEGIN IMMEDIATE already holds the write lock
    tables_sql="SELECT name FROM sqlite_master WHERE type = 'table'"
               " AND name NOT LIKE 'sqlite_%'",
    columns_sql="SELECT name FROM pragma_table_info(?)",
    schema_lock="",  # BEGIN IMMEDIATE holds the write lock
    seat_rows="SELECT g.id, CAST(s.key AS INTEGER), s.value"
              " FROM games AS g, json_each(g.seats) AS s",
)


class SqliteDb:
    """An aiosqlite connection seen as a :class:`~bot.storage.base.Db`."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def fetch(self, sql: str, *args: object) -> list[dict[str, Any]]:
        return [dict(row) for row in await self.conn.execute_fetchall(sql, args)]

    async def execute(self, sql: str, *args: object) -> None:
        await (await self.conn.execute(sql, args)).close()


class Storage(GameStore):
    """Warden's games in one SQLite file. Use :meth:`open` to get one."""

    dialect: ClassVar[Dialect] = SQLITE
    integrity_errors: ClassVar[tuple[type[Exception], ...]] = (sqlite3.IntegrityError,)
    kind: ClassVar[str] = "SQLite"
    place: ClassVar[str] = "file"
    elsewhere: ClassVar[str] = "Point Warden at another file; it creates a new database there."

    def __init__(self, conn: aiosqlite.Connection, clock: Clock | None = None) -> None:
        super().__init__(clock)
        self._conn: aiosqlite.Connection | None = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, *, clock: Clock | None = None,
                   busy_timeout_ms: int = 100) -> Self:
        """Open (creating if needed) and migrate the database at ``path``.

        A file that cannot serve as Warden's database raises :class:`StorageOpenError`
        saying why. ``busy_timeout_ms`` is how long SQLite itself waits for another
        process's lock before the event-loop retries of a write take over.
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
            storage = cls(conn, clock)
            await storage._prepare(str(path))
        except StorageOpenError:
            await conn.close()
            raise
        except (sqlite3.Error, OSError) as exc:
            await conn.close()
            raise StorageOpenError.explain(path, exc) from exc
        except BaseException:
            await conn.close()
            raise
        return storage

    async def close(self) -> None:
        async with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None:
                await conn.close()

    @property
    def closed(self) -> bool:
        return self._conn is None

    def _connection(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StorageError("storage is closed")
        return self._conn

    async def _commit(self, conn: aiosqlite.Connection) -> None:
        await conn.commit()

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Db]:
        """Hold the lock so a read never sees another coroutine's open transaction."""
        async with self._lock:
            yield SqliteDb(self._connection())

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Db]:
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
                        yield SqliteDb(conn)
                        await self._commit(conn)
                    except BaseException:
                        await conn.rollback()
                        raise
                    return
            if loop.time() >= deadline:
                raise StorageBusy(self.busy_wait)
            await asyncio.sleep(BUSY_RETRY)
