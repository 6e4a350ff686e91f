"""What the storage hands out and what it raises: game, move and kept-message records,
the game statuses, and the storage errors (the same on every backend)."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any, Final, Literal, cast, get_args

from pydantic import BaseModel, ConfigDict

GameStatus = Literal["lobby", "running", "finished", "ended"]
"""Lifecycle of a game. ``finished`` = reached a result; ``ended`` = stopped early."""

ALL_STATUSES: Final[tuple[GameStatus, ...]] = get_args(GameStatus)
ACTIVE_STATUSES: Final[tuple[GameStatus, ...]] = ("lobby", "running")
"""Statuses that occupy a channel (at most one such game per channel)."""

Snowflake = str | int
"""Discord ids may be passed as ``int`` or ``str``; they are always stored as text."""


def check_status(status: str, allowed: Iterable[str] = ALL_STATUSES) -> GameStatus:
    """``status`` itself if it is one of ``allowed``; else ValueError."""
    if status not in allowed:
        raise ValueError(f"invalid game status {status!r}; expected one of {list(allowed)}")
    return cast(GameStatus, status)


class Unset(Enum):
    UNSET = "UNSET"


UNSET: Final = Unset.UNSET
"""Sentinel: "leave this column alone" (``None`` means "store NULL")."""


# --------------------------------------------------------------------------- errors


class StorageError(Exception):
    """Base class for the errors raised by the storage."""


class StorageUnavailable(StorageError):
    """The database could not be reached or did not answer in time (a server that is
    down, restarting or hung). A read gave nothing; a write was rolled back, or (a
    commit whose answer was lost) may have been stored: read the game again before
    acting on it. Worth trying again in a moment."""


class StorageBusy(StorageUnavailable):
    """Another process held the lock this write needs for too long; nothing was written."""

    def __init__(self, waited: float) -> None:
        super().__init__(f"the database stayed locked by another process for {waited:.1f} s")


class StorageOpenError(StorageError):
    """The storage cannot use the database it was pointed at: ``problem`` says what is
    wrong, ``advice`` what to do about it (both plain sentences for the operator)."""

    def __init__(self, problem: str, advice: str) -> None:
        super().__init__(f"{problem} {advice}")
        self.problem = problem
        self.advice = advice

    @classmethod
    def explain(cls, path: str | Path, exc: BaseException | None) -> StorageOpenError:
        """Turn SQLite's terse refusal into what is wrong with the file ``path``."""
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


class GameHead(BaseModel):
    """The light part of one ``games`` row: who plays what where, at which version and
    since when -- everything but the state and the kept messages (what the turn timers
    and a user's game list need, read without the state's JSON)."""

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
    updated_at: datetime

    @property
    def is_active(self) -> bool:
        """True while the game occupies its channel (lobby or running)."""
        return self.status in ACTIVE_STATUSES


class Standing(BaseModel):
    """Where a running game stands after a move, as the table worked it out from the
    engine (stored with the move): the seats it waits on, in the order of their prompts,
    and its round (None: the game counts none)."""

    model_config = ConfigDict(frozen=True)

    waiting: tuple[str, ...] = ()
    round: int | None = None


class GameRecord(GameHead):
    """Immutable snapshot of one ``games`` row."""

    state: str | None
    prompt_message_id: str | None
    board_message_id: str | None
    lobby_message_id: str | None
    created_at: datetime
    names: dict[str, str] = {}  # seat -> display name as last seen
    waits: dict[str, datetime] | None = None
    """The seats the game waits on, each since when (None: not known, see Standing)."""
    game_round: int | None = None


class PlayerGame(GameHead):
    """One game of a player's list (`GameStore.player_games`): the light record, where it
    stands (``waits`` None: not known yet -- a game running since before the storage
    kept it) and the id of its board message, if one was posted."""

    waits: dict[str, datetime] | None = None
    game_round: int | None = None
    board_message: str | None = None


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
    version: int = 0  # the game's version the message shows
