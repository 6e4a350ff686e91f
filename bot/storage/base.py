"""The storage interface and everything in it that does not depend on the backend.

:class:`GameStore` holds every operation the bot uses, written once over a tiny
connection interface (:class:`Db`: ``fetch`` and ``execute`` with ``?`` placeholders)
and a backend's :class:`~bot.storage.migrations.Dialect`. A backend supplies the
connection handling: ``_read`` (a connection for reads) and ``_transaction`` (a
connection inside one transaction, committed at the end and rolled back on any
exception, cancellation included), plus ``open``/``close``.

Promises kept on every backend:

* A move (:meth:`GameStore.record_move`) first locks its game's row for the rest of
  its transaction (SQLite: the database's write lock, held from ``BEGIN IMMEDIATE``;
  PostgreSQL: ``SELECT ... FOR UPDATE``), then checks status and version
  (:func:`check_move`), then stores the snapshot and appends to the move log, all in
  that one transaction. Two processes sharing one database therefore never both apply
  a move to the same version.
* The move log is append-only: ``moves.seq`` equals the game version the move made.
* At most one lobby/running game per channel (a partial unique index); breaking it
  raises :class:`ChannelBusy`.
* The seat index (``game_seats``: game, position, user) says what ``games.seats``
  says: both are written in the same transaction (create, set_seats, start), so a
  user's games are found by key (:meth:`GameStore.games_of_user`) without reading
  every game. Start-up reads light records (:class:`GameHead`, no state) only.
* Where a running game stands (who it waits on and since when, its round: the
  columns ``waits`` and ``game_round``) is written with each move, in the move's
  UPDATE, from the :class:`Standing` the caller worked out; a player's list
  (:meth:`GameStore.player_games`) reads it from the rows the seat index finds.

Timestamps are ISO-8601 UTC text from an injectable clock (the same text on every
backend), exposed as timezone-aware datetimes on the records; JSON is kept as text.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, ClassVar, Final, Protocol, Self

from bot.storage import migrations
from bot.storage.migrations import Dialect
from bot.storage.records import (
    UNSET,
    ChannelBusy,
    GameHead,
    GameNotFound,
    GameRecord,
    GameStatus,
    MoveRecord,
    PlayerGame,
    Snowflake,
    StaleVersion,
    Standing,
    StorageError,
    StorageOpenError,
    TableMessage,
    Unset,
    WrongStatus,
    check_status,
)

Clock = Callable[[], datetime]

BUSY_WAIT: Final = 5.0
"""Seconds a write waits for a lock another process holds before StorageBusy."""

_GAME_COLUMNS: Final = (
    "id, guild_id, channel_id, ruleset, status, host_id, seats, options, version, state, "
    "prompt_message_id, board_message_id, lobby_message_id, created_at, updated_at, names,"
    " waits, game_round"
)
_HEAD_COLUMNS: Final = (
    "id, guild_id, channel_id, ruleset, status, host_id, seats, options, version, updated_at")
_ACTIVE: Final = "status IN ('lobby', 'running')"


class Db(Protocol):
    """One connection as the shared code sees it; SQL uses ``?`` placeholders."""

    async def fetch(self, sql: str, *args: object) -> list[dict[str, Any]]:
        """Run ``sql``; its rows as dicts keyed by column name."""
        ...

    async def execute(self, sql: str, *args: object) -> None:
        """Run ``sql`` for its effect."""
        ...


class SchemaTooNew(StorageError):
    """The database was migrated by a newer Warden than this one."""

    def __init__(self, found: int) -> None:
        super().__init__(f"database schema version {found} is newer than this code "
                         f"supports ({len(migrations.MIGRATIONS)})")


def check_move(game: GameRecord | None, game_id: int, new_version: int) -> GameRecord:
    """The game a move producing ``new_version`` may be applied to, else the error:
    no such game, a game not running, or a stored version other than the one before."""
    if game is None:
        raise GameNotFound(game_id)
    if game.status != "running":
        raise WrongStatus(game_id, game.status, ("running",))
    if game.version != new_version - 1:
        raise StaleVersion(game_id, new_version - 1, game.version)
    return game


def message_id_columns(prompt: Snowflake | Unset | None, board: Snowflake | Unset | None,
                       lobby: Snowflake | Unset | None) -> dict[str, str | None]:
    """The message-id columns to set: those given, as text (``None`` clears one)."""
    given = {"prompt_message_id": prompt, "board_message_id": board,
             "lobby_message_id": lobby}
    return {column: _opt_sid(value) for column, value in given.items()
            if not isinstance(value, Unset)}


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """ISO-8601 UTC text with fixed precision (so strings sort chronologically)."""
    if moment.tzinfo is None:  # a naive clock is taken to be UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _round(standing: Standing | None) -> int | None:
    return None if standing is None else standing.round


def _sid(value: Snowflake) -> str:
    return str(value)


def _opt_sid(value: Snowflake | None) -> str | None:
    return None if value is None else str(value)


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _game(row: dict[str, Any]) -> GameRecord:
    return GameRecord.model_validate({**_decoded(row), "names": json.loads(row["names"]),
                                      "waits": _loads_or_none(row["waits"])})


def _player_game(row: dict[str, Any]) -> PlayerGame:
    return PlayerGame.model_validate({**_decoded(row), "waits": _loads_or_none(row["waits"])})


def _loads_or_none(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def next_waits(before: dict[str, datetime] | None, standing: Standing | None,
               mover: str | None, now: str) -> str | None:
    """The ``waits`` column after a move by `mover` at `now` that leaves the game at
    `standing`: each seat awaited keeps the time it was awaited since, unless it is the
    one who moved (its next decision starts now) or it was not awaited before; None
    (not known) when the caller did not say where the game stands."""
    if standing is None:
        return None
    kept = {seat: iso(when) for seat, when in (before or {}).items() if seat != mover}
    return _dumps({seat: kept.get(seat, now) for seat in standing.waiting})


def _head(row: dict[str, Any]) -> GameHead:
    return GameHead.model_validate(_decoded(row))


def _decoded(row: dict[str, Any]) -> dict[str, Any]:
    """A game row with the JSON columns every record has (seats, options) decoded."""
    return {**row, "seats": json.loads(row["seats"]), "options": json.loads(row["options"])}


async def put_seats(db: Db, game_id: int, seats: Sequence[str]) -> None:
    """Make the seat index (``game_seats``) of one game say ``seats``; called in the
    transaction that writes ``games.seats``, so the two never disagree."""
    await db.execute("DELETE FROM game_seats WHERE game_id = ?", game_id)
    if seats:
        rows = ", ".join("(?, ?, ?)" for _ in seats)
        values = [v for position, user in enumerate(seats) for v in (game_id, position, user)]
        await db.execute(f"INSERT INTO game_seats (game_id, position, user_id) VALUES {rows}",
                         *values)


class GameStore(ABC):
    """Warden's game storage; :mod:`bot.storage.sqlite` and :mod:`bot.storage.postgres`
    implement the connection handling."""

    dialect: ClassVar[Dialect]
    integrity_errors: ClassVar[tuple[type[Exception], ...]]
    """The driver's exceptions for a broken constraint (unique index, key)."""
    kind: ClassVar[str]
    """The backend's name for the operator ("SQLite", "PostgreSQL")."""
    place: ClassVar[str]
    """What the operator names to choose a database ("file", "database")."""
    elsewhere: ClassVar[str]
    """Advice when the database named holds something else than Warden's tables."""

    def __init__(self, clock: Clock | None) -> None:
        self._clock: Clock = clock or utc_now
        self.busy_wait = BUSY_WAIT

    # ------------------------------------------------------------------ backend part

    @abstractmethod
    def _read(self) -> AbstractAsyncContextManager[Db]:
        """A connection for reads (never one inside another caller's transaction)."""

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Db]:
        """A connection inside one write transaction: committed when the block ends,
        rolled back on any exception; StorageBusy after ``busy_wait`` s of waiting."""

    @abstractmethod
    async def close(self) -> None:
        """Close the connections. Safe to call more than once."""

    @property
    @abstractmethod
    def closed(self) -> bool: ...

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.close()

    # ------------------------------------------------------------------ schema

    async def _prepare(self, where: str) -> None:
        """Migrate a freshly opened database and check it is Warden's; any refusal is a
        StorageOpenError naming ``where`` (the file or the server and database)."""
        async with self._read() as db:
            tables = {row["name"] for row in await db.fetch(self.dialect.tables_sql)}
        if tables and "schema_version" not in tables:
            raise StorageOpenError(
                f"{where} is a {self.kind} database, but not one of Warden's (it holds the "
                f"tables {', '.join(sorted(tables))}).", self.elsewhere)
        try:
            await self._migrate()
        except SchemaTooNew as exc:
            raise StorageOpenError(f"{where} was written by a newer Warden ({exc}).",
                                   f"Update Warden, or point it at another {self.place}."
                                   ) from exc
        except Exception as exc:
            # a migration that fails on tables of another shape: say so, not the SQL error
            problem = await self._shape_problem(where)
            if problem is not None:
                raise problem from exc
            raise
        problem = await self._shape_problem(where)
        if problem is not None:
            raise problem

    async def _shape_problem(self, where: str) -> StorageOpenError | None:
        """The refusal to give when the games or moves table lacks a column of Warden's."""
        for table, record in (("games", GameRecord), ("moves", MoveRecord)):
            async with self._read() as db:
                columns = {row["name"] for row in
                           await db.fetch(self.dialect.columns_sql, table)}
            # the columns every Warden made (a column added later has a default)
            missing = {name for name, field in record.model_fields.items()
                       if field.is_required()} - columns
            if missing:
                return StorageOpenError(
                    f"{where} has a '{table}' table that Warden did not make (no "
                    f"{', '.join(sorted(missing))} column).", self.elsewhere)
        return None

    async def _migrate(self) -> None:
        """Apply the missing migrations, each in its own transaction; each transaction
        re-reads the schema version first (another process may have migrated)."""
        async with self._transaction() as db:
            await self._lock_schema(db)
            await db.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                             " version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        known = migrations.MIGRATIONS
        for version, migration in enumerate(known, start=1):
            async with self._transaction() as db:
                await self._lock_schema(db)
                current = await self._schema_version(db)
                if current > len(known):
                    raise SchemaTooNew(current)
                if current >= version:
                    continue
                for sql in migrations.statements(migration, self.dialect):
                    await db.execute(sql)
                await db.execute("INSERT INTO schema_version (version, applied_at)"
                                 " VALUES (?, ?)", version, self._now())

    async def _lock_schema(self, db: Db) -> None:
        """Keep other processes from migrating until this transaction ends."""
        if self.dialect.schema_lock:
            await db.execute(self.dialect.schema_lock)

    @staticmethod
    async def _schema_version(db: Db) -> int:
        rows = await db.fetch("SELECT MAX(version) AS v FROM schema_version")
        value = rows[0]["v"]
        return int(value) if value is not None else 0

    async def schema_version(self) -> int:
        """Highest migration applied to this database."""
        async with self._read() as db:
            return await self._schema_version(db)

    # ------------------------------------------------------------------ plumbing

    def now(self) -> datetime:
        """The storage clock's current time (UTC), the one its timestamps come from."""
        moment = self._clock()
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

    def _now(self) -> str:
        return iso(self.now())

    async def _fetch_game(self, db: Db, game_id: int, *, lock: bool = False
                          ) -> GameRecord | None:
        """The game row; with ``lock`` it stays locked until the transaction ends."""
        suffix = self.dialect.for_update if lock else ""
        rows = await db.fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?{suffix}",
                              game_id)
        return _game(rows[0]) if rows else None

    async def _require_game(self, db: Db, game_id: int, *, lock: bool = False) -> GameRecord:
        game = await self._fetch_game(db, game_id, lock=lock)
        if game is None:
            raise GameNotFound(game_id)
        return game

    async def _channel_busy(self, channel_id: str, game_id: int | None = None
                            ) -> ChannelBusy | None:
        """After a broken constraint: the error to raise if another game than
        ``game_id`` occupies the channel (read after the failed transaction ended)."""
        async with self._read() as db:
            rows = await db.fetch(f"SELECT id FROM games WHERE channel_id = ? AND {_ACTIVE}",
                                  channel_id)
        other = int(rows[0]["id"]) if rows else None
        return ChannelBusy(channel_id, other) if other not in (None, game_id) else None

    async def _update_game(self, game_id: int, assignments: dict[str, Any],
                           seats: Sequence[str] | None = None, *,
                           touch: bool = True) -> GameRecord:
        """``UPDATE games SET <assignments>, updated_at`` for one game (`touch` False:
        ``updated_at`` stays); return the row. ``seats`` (the new seat list, also in
        ``assignments``) updates the seat index."""
        channel: str | None = None
        try:
            async with self._transaction() as db:
                game = await self._require_game(db, game_id, lock=True)
                channel = game.channel_id
                columns = {**assignments, **({"updated_at": self._now()} if touch else {})}
                sql = ", ".join(f"{name} = ?" for name in columns)
                await db.execute(f"UPDATE games SET {sql} WHERE id = ?",
                                 *columns.values(), game_id)
                if seats is not None:
                    await put_seats(db, game_id, seats)
                return await self._require_game(db, game_id)
        except self.integrity_errors:
            busy = None if channel is None else await self._channel_busy(channel, game_id)
            if busy is not None:
                raise busy from None
            raise

    # ------------------------------------------------------------------ writes

    async def create_game(self, guild_id: Snowflake | None, channel_id: Snowflake,
                          ruleset: str, host_id: Snowflake,
                          options: dict[str, Any] | None = None) -> GameRecord:
        """Create a game in ``lobby`` status with the host in the first seat.

        Raises :class:`ChannelBusy` if the channel already has a lobby/running game.
        """
        channel, host, now = _sid(channel_id), _sid(host_id), self._now()
        try:
            async with self._transaction() as db:
                rows = await db.fetch(
                    "INSERT INTO games (guild_id, channel_id, ruleset, status, host_id, seats,"
                    " options, version, created_at, updated_at)"
                    " VALUES (?, ?, ?, 'lobby', ?, ?, ?, 0, ?, ?) RETURNING id",
                    _opt_sid(guild_id), channel, ruleset, host, _dumps([host]),
                    _dumps(options or {}), now, now)
                game_id = int(rows[0]["id"])
                await put_seats(db, game_id, [host])
                return await self._require_game(db, game_id)
        except self.integrity_errors:
            busy = await self._channel_busy(channel)
            if busy is not None:
                raise busy from None
            raise

    async def set_seats(self, game_id: int, seats: Sequence[Snowflake]) -> GameRecord:
        """Replace the seat list (user ids in seat order)."""
        users = [_sid(s) for s in seats]
        return await self._update_game(game_id, {"seats": _dumps(users)}, seats=users)

    async def set_options(self, game_id: int, options: dict[str, Any], *,
                          touch: bool = True) -> GameRecord:
        """Replace the options object (`touch` False: a player's preference, which
        leaves ``updated_at``, where a turn timer counts from, alone)."""
        return await self._update_game(game_id, {"options": _dumps(options)}, touch=touch)

    async def set_message_ids(self, game_id: int, *,
                              prompt: Snowflake | Unset | None = UNSET,
                              board: Snowflake | Unset | None = UNSET,
                              lobby: Snowflake | Unset | None = UNSET) -> GameRecord:
        """Update only the message ids passed; pass ``None`` to clear one."""
        assignments = message_id_columns(prompt, board, lobby)
        if not assignments:
            async with self._read() as db:
                return await self._require_game(db, game_id)
        return await self._update_game(game_id, assignments)

    async def start_game(self, game_id: int, seats: Sequence[Snowflake], state_json: str,
                         version: int = 0, standing: Standing | None = None) -> GameRecord:
        """Move a ``lobby`` game to ``running`` with its final seats and initial state
        (`standing`: who it waits on from now, and its round; None: not known).

        Raises :class:`WrongStatus` if the game is not in the lobby (e.g. a double
        "start" click) and :class:`GameNotFound` if it does not exist.
        """
        async with self._transaction() as db:
            game = await self._require_game(db, game_id, lock=True)
            if game.status != "lobby":
                raise WrongStatus(game_id, game.status, ("lobby",))
            users = [_sid(s) for s in seats]
            now = self._now()
            await db.execute(
                "UPDATE games SET status = 'running', seats = ?, state = ?, version = ?,"
                " updated_at = ?, waits = ?, game_round = ? WHERE id = ?",
                _dumps(users), state_json, version, now,
                next_waits(None, standing, None, now), _round(standing), game_id)
            await put_seats(db, game_id, users)
            return await self._require_game(db, game_id)

    async def record_move(self, game_id: int, seat: Snowflake | None, action_key: str,
                          state_json: str, new_version: int,
                          status: GameStatus = "running",
                          standing: Standing | None = None) -> None:
        """Atomically append a move and store the resulting snapshot.

        The move gets ``seq = new_version``. The game's row is locked first; the write
        happens only if the game is ``running`` and its stored version is
        ``new_version - 1``; otherwise :class:`StaleVersion` (or :class:`WrongStatus` /
        :class:`GameNotFound`) is raised and nothing is written. ``status`` lets the
        final move of a game flip it to ``finished`` (or ``ended``) in the same
        transaction. `standing` (who the game waits on after the move, its round; None:
        not known) is stored in the same UPDATE (see :func:`next_waits`).
        """
        check_status(status, ("running", "finished", "ended"))
        if new_version < 1:
            raise ValueError(f"new_version must be >= 1, got {new_version}")
        now = self._now()
        async with self._transaction() as db:
            game = check_move(await self._fetch_game(db, game_id, lock=True), game_id,
                              new_version)
            await db.execute(
                "UPDATE games SET state = ?, version = ?, status = ?, updated_at = ?,"
                " waits = ?, game_round = ? WHERE id = ?", state_json, new_version, status,
                now, next_waits(game.waits, standing, _opt_sid(seat), now), _round(standing),
                game_id)
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, action, created_at)"
                " VALUES (?, ?, ?, ?, ?)", game_id, new_version, _opt_sid(seat), action_key, now)
            await self._announce(db, game_id, new_version)

    async def _announce(self, db: Db, game_id: int, version: int) -> None:
        """Tell the other processes on this database of a move, when it commits (SQLite:
        one process only, nobody to tell)."""
        return None

    async def fill_standing(self, game_id: int, version: int, standing: Standing,
                            since: datetime) -> bool:
        """Store where a running game stands, worked out from its state at `version`,
        if nothing is known of it yet (a game running since before the storage kept it)
        and it is still at that version: every seat awaited since `since`. Whether it
        was stored (a move meanwhile stores its own)."""
        waits = _dumps({seat: iso(since) for seat in standing.waiting})
        async with self._transaction() as db:
            rows = await db.fetch(
                "UPDATE games SET waits = ?, game_round = ? WHERE id = ? AND version = ?"
                " AND status = 'running' AND waits IS NULL RETURNING id", waits,
                standing.round, game_id, version)
        return bool(rows)

    async def set_status(self, game_id: int, status: GameStatus) -> GameRecord:
        """Set the lifecycle status (e.g. ``ended`` when the host stops a game).

        Raises :class:`ChannelBusy` when re-activating a game whose channel is taken.
        """
        return await self._update_game(game_id, {"status": check_status(status)})

    async def set_names(self, game_id: int, names: dict[str, str]) -> None:
        """Remember the players' display names (no change to ``updated_at``: the turn
        timer counts from the game's last move)."""
        async with self._transaction() as db:
            await db.execute("UPDATE games SET names = ? WHERE id = ?", _dumps(names), game_id)

    async def put_table_message(self, game_id: int, role: str, channel_id: Snowflake,
                                message_id: Snowflake, lines: Sequence[str] = (),
                                version: int = 0) -> None:
        """Remember (or replace) the kept message of `role`, showing the game at
        `version`; does not touch the game's ``updated_at`` (the turn timer counts from
        the game's last move)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO table_messages (game_id, role, channel_id, message_id, lines,"
                " version) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, role) DO UPDATE"
                " SET channel_id = excluded.channel_id, message_id = excluded.message_id,"
                " lines = excluded.lines, version = excluded.version",
                game_id, role, _sid(channel_id), _sid(message_id), _dumps(list(lines)),
                version)

    # ------------------------------------------------------------------ reads

    async def get_game(self, game_id: int) -> GameRecord | None:
        """The game with this id, or ``None``."""
        async with self._read() as db:
            return await self._fetch_game(db, game_id)

    async def active_game_in_channel(self, channel_id: Snowflake) -> GameRecord | None:
        """The lobby/running game in this channel, or ``None``."""
        async with self._read() as db:
            rows = await db.fetch(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND {_ACTIVE}",
                _sid(channel_id))
        return _game(rows[0]) if rows else None

    async def running_games(self) -> list[GameRecord]:
        """All games in ``running`` status, oldest first (used to resume after restart)."""
        async with self._read() as db:
            rows = await db.fetch(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'running' ORDER BY id")
        return [_game(row) for row in rows]

    async def heads(self, statuses: Sequence[GameStatus] = ("running",)) -> list[GameHead]:
        """The light records (no state) of every game in one of ``statuses``, oldest
        first: what the turn timers need at start-up."""
        marks = ", ".join("?" for _ in statuses)
        async with self._read() as db:
            rows = await db.fetch(
                f"SELECT {_HEAD_COLUMNS} FROM games WHERE status IN ({marks}) ORDER BY id",
                *[check_status(s) for s in statuses])
        return [_head(row) for row in rows]

    async def games_of_user(self, user_id: Snowflake,
                            statuses: Sequence[GameStatus] = ("running",)) -> list[GameHead]:
        """The light records of the games in one of ``statuses`` where ``user_id`` holds
        a seat, oldest first (found through the seat index, not by reading every game)."""
        rows = await self._seated(user_id, statuses, _HEAD_COLUMNS, "games")
        return [_head(row) for row in rows]

    async def player_games(self, user_id: Snowflake,
                           statuses: Sequence[GameStatus] = ("lobby", "running")
                           ) -> list[PlayerGame]:
        """The games in one of ``statuses`` where ``user_id`` holds a seat, oldest first,
        each with where it stands and its board message: a player's list, read through
        the seat index and the games' keys (no state read, no game decoded)."""
        heads = ", ".join(f"g.{column.strip()}" for column in _HEAD_COLUMNS.split(","))
        rows = await self._seated(
            user_id, statuses, f"{heads}, g.waits, g.game_round, t.message_id AS board_message",
            "games AS g LEFT JOIN table_messages AS t ON t.game_id = g.id AND t.role = 'board'",
            "g.")
        return [_player_game(row) for row in rows]

    async def _seated(self, user_id: Snowflake, statuses: Sequence[GameStatus],
                      columns: str, source: str, prefix: str = "") -> list[dict[str, Any]]:
        """`columns` of `source` (the games, under `prefix`) for the games in one of
        ``statuses`` where ``user_id`` holds a seat, oldest first.

        Two lookups by key -- the user's game ids from the index, then those games --
        rather than one query with a subquery, whose plan could start from the games
        table when the database has no statistics yet (a freshly filled PostgreSQL)."""
        wanted = [check_status(s) for s in statuses]
        async with self._read() as db:
            found = await db.fetch("SELECT DISTINCT game_id FROM game_seats WHERE user_id = ?",
                                   _sid(user_id))
            if not found or not wanted:
                return []
            ids = [int(row["game_id"]) for row in found]
            return await db.fetch(
                f"SELECT {columns} FROM {source}"
                f" WHERE {prefix}id IN ({', '.join('?' for _ in ids)})"
                f" AND {prefix}status IN ({', '.join('?' for _ in wanted)}) ORDER BY {prefix}id",
                *ids, *wanted)

    async def unknown_standing(self) -> list[int]:
        """The running games whose standing is not known (running since before the
        storage kept it), oldest first; through a partial index, so an empty answer
        costs nothing however many games run."""
        async with self._read() as db:
            rows = await db.fetch("SELECT id FROM games WHERE waits IS NULL"
                                  " AND status = 'running' ORDER BY id")
        return [int(row["id"]) for row in rows]

    async def acted_since(self, game_id: int, seat: Snowflake, version: int) -> bool:
        """Whether `seat` made a move (or had one made for it) after `version`."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT 1 AS hit FROM moves WHERE game_id = ? AND seat = ? AND seq > ? LIMIT 1",
                game_id, _sid(seat), version)
        return bool(rows)

    async def table_message(self, game_id: int, role: str) -> TableMessage | None:
        """The kept message of `role` ("board", "sheet:<seat>") for a game, or None."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT game_id, role, channel_id, message_id, lines, version"
                " FROM table_messages WHERE game_id = ? AND role = ?", game_id, role)
        if not rows:
            return None
        return TableMessage.model_validate({**rows[0], "lines": json.loads(rows[0]["lines"])})

    async def untold(self, role: str = "board") -> list[tuple[int, int]]:
        """The running games whose kept message of `role` shows an older version than
        the game's: (game id, the version the message shows), oldest game first."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT g.id AS id, t.version AS shown FROM games AS g"
                " JOIN table_messages AS t ON t.game_id = g.id AND t.role = ?"
                " WHERE g.status = 'running' AND t.version < g.version ORDER BY g.id", role)
        return [(int(row["id"]), int(row["shown"])) for row in rows]

    async def listen(self, moved: Callable[[int, int], None]) -> None:
        """Call `moved(game id, version)` for every move stored by any process from now
        on, where the database can tell (PostgreSQL); a database used by one process
        only (SQLite) has nothing to tell."""
        return None

    async def unlisten(self) -> None:
        """Stop what :meth:`listen` started."""
        return None

    async def moves(self, game_id: int, after: int = 0) -> list[MoveRecord]:
        """The move log of a game (the moves after seq `after`), ordered by ``seq``."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT game_id, seq, seat, action, created_at FROM moves"
                " WHERE game_id = ? AND seq > ? ORDER BY seq", game_id, after)
        return [MoveRecord.model_validate(row) for row in rows]
