"""The versioned schema: one numbered list of migrations for every backend.

A migration is a tuple of SQL statements written once; the few words where SQLite
and PostgreSQL differ are ``$names`` that each backend's :class:`Dialect` fills in
(``string.Template``). Each migration runs in its own transaction and is recorded in
``schema_version``.

Append only -- never edit or reorder a migration that has shipped (its text, once the
dialect's words are filled in, must stay what it was).
"""

from __future__ import annotations

from dataclasses import dataclass
from string import Template
from typing import Final


@dataclass(frozen=True)
class Dialect:
    """What one SQL backend says differently."""

    name: str
    game_key: str
    """Column type of ``games.id``: an integer key the database numbers itself."""
    game_ref: str
    """Column type of a reference to ``games.id``."""
    for_update: str
    """Suffix of a SELECT that locks the rows it reads until the transaction ends."""
    tables_sql: str
    """Query: the names (column ``name``) of the tables in the schema Warden uses."""
    columns_sql: str
    """Query with one ``?`` (a table name): the names (column ``name``) of its columns."""
    schema_lock: str
    """Statement keeping other processes from migrating until the transaction ends
    (empty where the write transaction already does)."""
    seat_rows: str
    """Query: one row per seat of every game in ``games`` (its JSON ``seats`` list taken
    apart): the game's id, the seat's position from 0, the user id."""

    def words(self) -> dict[str, str]:
        return {"game_key": self.game_key, "game_ref": self.game_ref,
                "seat_rows": self.seat_rows}


Migration = tuple[str, ...]


def statements(migration: Migration, dialect: Dialect) -> list[str]:
    """The migration's statements in ``dialect``."""
    return [Template(sql).substitute(dialect.words()) for sql in migration]


_V1: Final[Migration] = (
    """
    CREATE TABLE games (
        id                $game_key,
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
        game_id    $game_ref NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        seat       TEXT,
        action     TEXT    NOT NULL,
        created_at TEXT    NOT NULL,
        PRIMARY KEY (game_id, seq)
    )
    """,
)

_V2: Final[Migration] = (
    # The Discord messages the bot keeps editing for a running game: role "board" is the
    # channel message holding the current board and the story lines of this turn (kept
    # so a restart goes on appending to them); "sheet:<seat>" is a seat's private sheet.
    """
    CREATE TABLE table_messages (
        game_id    $game_ref NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        role       TEXT    NOT NULL,
        channel_id TEXT    NOT NULL,
        message_id TEXT    NOT NULL,
        lines      TEXT    NOT NULL DEFAULT '[]',
        PRIMARY KEY (game_id, role)
    )
    """,
)

_V3: Final[Migration] = (
    # the players' display names as last seen, so a board drawn after a restart still
    # names them (Discord sends a name only with an interaction)
    "ALTER TABLE games ADD COLUMN names TEXT NOT NULL DEFAULT '{}'",
)

_V4: Final[Migration] = (
    # The seat index: who sits in which game, so a user's games are found without
    # reading every game. Kept in step with ``games.seats`` in the transactions that
    # change the seats (create, set_seats, start); back-filled here from existing rows.
    """
    CREATE TABLE game_seats (
        game_id  $game_ref NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        user_id  TEXT    NOT NULL,
        PRIMARY KEY (game_id, position)
    )
    """,
    "CREATE INDEX game_seats_by_user ON game_seats (user_id, game_id)",
    "INSERT INTO game_seats (game_id, position, user_id) $seat_rows",
)

_V5: Final[Migration] = (
    # The game version a kept message shows (the board: up to which move the table has
    # been told), so a process taking over a game's shard tells the moves it missed.
    # Messages kept before this version showed their game as it stood.
    "ALTER TABLE table_messages ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
    "UPDATE table_messages SET version ="
    " (SELECT version FROM games WHERE games.id = table_messages.game_id)",
)

_V6: Final[Migration] = (
    # Where each game stands, written with every move (the same UPDATE): who it waits on
    # and since when (JSON, seat -> ISO time; NULL: not known yet) and its round (NULL:
    # none, or not known yet), so a user's list of games (`/games`) reads them from the
    # rows the seat index finds instead of decoding every state. Games running before
    # this version are filled by the bot from their stored state (bot/awaited.py);
    # the partial index finds those without reading every game.
    "ALTER TABLE games ADD COLUMN waits TEXT",
    "ALTER TABLE games ADD COLUMN game_round INTEGER",
    "CREATE INDEX games_waits_unknown ON games (id)"
    " WHERE waits IS NULL AND status = 'running'",
)

MIGRATIONS: Final[tuple[Migration, ...]] = (_V1, _V2, _V3, _V4, _V5, _V6)
"""Ordered migrations; ``MIGRATIONS[i]`` upgrades the schema to version ``i + 1``."""

SCHEMA_VERSION: Final[int] = len(MIGRATIONS)
