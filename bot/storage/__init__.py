"""Warden's game storage: one interface (:class:`GameStore`), two backends.

* :class:`Storage` -- SQLite (aiosqlite, WAL), the embedded default:
  ``await Storage.open("warden.sqlite3")``.
* :class:`PostgresStorage` -- PostgreSQL (asyncpg), for several processes sharing one
  database: ``await PostgresStorage.open("postgresql://user:pw@host/db")``.

:func:`open_storage` picks the backend from the ``WARDEN_DATABASE`` setting. Both keep
the same versioned schema (:mod:`bot.storage.migrations`), write a move's snapshot and
log entry in one transaction with the version check, and pass the same tests.
The storage keeps no global state and knows nothing about Discord.
"""

from __future__ import annotations

from bot.storage.base import Clock, GameStore
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.storage.postgres import PostgresStorage, is_postgres_url, redact
from bot.storage.records import (
    ACTIVE_STATUSES,
    ALL_STATUSES,
    ChannelBusy,
    GameHead,
    GameNotFound,
    GameRecord,
    GameStatus,
    MoveRecord,
    PlayerGame,
    StaleVersion,
    Standing,
    StorageBusy,
    StorageError,
    StorageOpenError,
    StorageUnavailable,
    TableMessage,
    WrongStatus,
)
from bot.storage.sqlite import Storage

__all__ = [
    "ACTIVE_STATUSES",
    "ALL_STATUSES",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ChannelBusy",
    "GameHead",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "GameStore",
    "MoveRecord",
    "PlayerGame",
    "PostgresStorage",
    "StaleVersion",
    "Standing",
    "Storage",
    "StorageBusy",
    "StorageError",
    "StorageOpenError",
    "StorageUnavailable",
    "TableMessage",
    "WrongStatus",
    "describe_database",
    "is_postgres_url",
    "open_storage",
]


async def open_storage(database: str, *, clock: Clock | None = None) -> GameStore:
    """Open the storage ``database`` names: a ``postgresql://`` URL, else a SQLite file
    path (``":memory:"`` included). Raises :class:`StorageOpenError` with the reason
    when it cannot be used."""
    if is_postgres_url(database):
        return await PostgresStorage.open(database, clock=clock)
    return await Storage.open(database, clock=clock)


def describe_database(database: str) -> str:
    """``database`` as it may be shown to the operator (a URL without its password)."""
    return redact(database) if is_postgres_url(database) else database
