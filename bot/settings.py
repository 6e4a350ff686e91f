"""Bot settings from the environment or a .env file."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8",
                                      extra="ignore", populate_by_name=True)

    token: str = Field("", validation_alias="DISCORD_TOKEN")
    database: str = Field("warden.sqlite3", validation_alias="WARDEN_DATABASE")
    dev_guild: int | None = Field(None, validation_alias="WARDEN_DEV_GUILD")
    log_level: str = Field("INFO", validation_alias="WARDEN_LOG_LEVEL")
    # How long one "minute" of a game's turn timer lasts; tests shrink it.
    timer_unit_seconds: float = Field(60.0, validation_alias="WARDEN_TIMER_UNIT_SECONDS")
    sync_commands: bool = Field(True, validation_alias="WARDEN_SYNC_COMMANDS")
    # Least time between two edits of one channel's board message (Discord allows 5
    # message edits per 5 s per channel); a burst of moves shows only the newest board.
    board_edit_interval: float = Field(1.2, validation_alias="WARDEN_BOARD_EDIT_INTERVAL")

    # An interaction still being worked on after this many seconds is deferred (Discord
    # drops an interaction not answered within 3 s).
    defer_after_seconds: float = Field(2.0, validation_alias="WARDEN_DEFER_AFTER_SECONDS")

    # Warden's crew (computer players, bot/crew_moves.py): which player of rules.agents
    # ("ai", or the baselines "random" and "default"), its search budget (unset: the
    # agents' default), the longest a decision may think, and the pause before a
    # computer move shows (a human pace; the decision is made during it, so the time a
    # move takes never depends on what the seat holds).
    crew_agent: Literal["ai", "random", "default"] = Field(
        "ai", validation_alias="WARDEN_CREW_AGENT")
    crew_budget: int | None = Field(None, ge=1, validation_alias="WARDEN_CREW_BUDGET")
    crew_think_seconds: float = Field(1.0, gt=0, validation_alias="WARDEN_CREW_THINK_SECONDS")
    crew_pause_seconds: float = Field(3.0, ge=0, validation_alias="WARDEN_CREW_PAUSE_SECONDS")

    # How many running games keep their decoded state in memory (the least recently
    # played leave first; any game's state is read back from the database when needed).
    state_cache: int = Field(512, ge=1, validation_alias="WARDEN_STATE_CACHE")
    # "text" (readable lines) or "json" (one JSON object a line, for log collectors).
    log_format: Literal["text", "json"] = Field("text", validation_alias="WARDEN_LOG_FORMAT")
    # The port of the HTTP endpoint serving /ready and /metrics (Prometheus); unset or
    # blank: no endpoint. 0 takes any free port (tests).
    metrics_port: int | None = Field(None, ge=0, le=65535,
                                     validation_alias="WARDEN_METRICS_PORT")
    metrics_host: str = Field("127.0.0.1", validation_alias="WARDEN_METRICS_HOST")
    # Sharding (bot/shards.py): how many shards the bot has in all, and which of them this
    # process runs ("0,1" or "2-3"). Both unset: Discord's recommended count, all in this
    # process. Several processes need one PostgreSQL database (WARDEN_DATABASE).
    shard_count: int | None = Field(None, ge=1, validation_alias="WARDEN_SHARD_COUNT")
    shards: tuple[int, ...] | None = Field(None, validation_alias="WARDEN_SHARDS")

    @field_validator("shards", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        """`WARDEN_SHARDS=0,2-3` -> (0, 2, 3); blank: unset."""
        if isinstance(value, int):
            return (value,)
        if not isinstance(value, str):
            return value
        ids: list[int] = []
        for part in filter(None, (p.strip() for p in value.split(","))):
            low, _, high = part.partition("-")
            ids += range(int(low), int(high or low) + 1)
        return tuple(ids) or None

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shards is not None:
            if self.shard_count is None:
                raise ValueError("WARDEN_SHARDS needs WARDEN_SHARD_COUNT (the bot's shards "
                                 "in all)")
            wrong = [s for s in self.shards if not 0 <= s < self.shard_count]
            if wrong:
                raise ValueError(f"WARDEN_SHARDS lists {wrong}: shard ids run from 0 to "
                                 f"{self.shard_count - 1}")
        return self

    @field_validator("dev_guild", "metrics_port", "shard_count", "crew_budget",
                     mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        """`WARDEN_DEV_GUILD=` (as in .env.example) means no development server."""
        return None if isinstance(value, str) and not value.strip() else value
