"""Which shards this process runs, and so which games it looks after.

Discord splits a bot's servers into shards: a server belongs to shard
``(guild_id >> 22) % shard_count``, and direct messages arrive on shard 0. Warden runs
one or more shards per process (``WARDEN_SHARD_COUNT``, ``WARDEN_SHARDS``); processes
share one PostgreSQL database. A move may be stored by any process (a button pressed in
a DM reaches the process of shard 0 whatever the game's server), but what the table is
shown and the game's turn timer belong to the process running the shard of the game's
server: its owner (bot/relay.py brings it the moves other processes stored).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.settings import Settings


@dataclass(frozen=True)
class ShardPlan:
    count: int | None = None  # None: Discord's recommended count
    ids: tuple[int, ...] | None = None  # None: every shard, in this process

    @classmethod
    def of(cls, settings: Settings) -> ShardPlan:
        return cls(settings.shard_count, settings.shards)

    @property
    def partial(self) -> bool:
        """Whether other processes run some of the bot's shards."""
        return self.count is not None and self.ids is not None and \
            len(set(self.ids)) < self.count

    def shard_of(self, guild_id: str | int | None) -> int:
        if guild_id is None or not self.count:
            return 0
        return (int(guild_id) >> 22) % self.count

    def owns(self, guild_id: str | int | None) -> bool:
        """Whether this process runs the shard of `guild_id` (None: a DM, shard 0)."""
        return not self.partial or self.shard_of(guild_id) in (self.ids or ())

    def client_options(self) -> dict[str, Any]:
        """discord.AutoShardedClient's keyword arguments for this plan."""
        options: dict[str, Any] = {}
        if self.count is not None:
            options["shard_count"] = self.count
        if self.ids is not None:
            options["shard_ids"] = sorted(set(self.ids))
        return options

    def describe(self) -> str:
        if self.count is None:
            return "every shard (Discord's recommended count)"
        ids = sorted(set(self.ids)) if self.ids is not None else range(self.count)
        return f"shard(s) {', '.join(map(str, ids))} of {self.count}"
