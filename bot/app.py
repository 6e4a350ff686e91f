"""The Discord client: wiring of storage, tables, commands, components and timers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping

import discord
from discord import app_commands

from bot.awaited import fill_unknown
from bot.commands import register
from bot.components import DYNAMIC_ITEMS, known_component
from bot.games import Tables
from bot.health import HealthServer
from bot.lobby import LobbyDesk
from bot.metrics import Metrics
from bot.moves import MoveDesk
from bot.publish import Publisher
from bot.relay import MoveRelay
from bot.replies import Reply, failure_text, refuse
from bot.settings import Settings
from bot.shards import ShardPlan
from bot.storage import GameStore, open_storage
from bot.timers import Timers
from rules.registry import broken_games

log = logging.getLogger("warden")
CLOSE_DRAIN_SECONDS = 2.0


class WardenTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Every command's Reply starts as it arrives, before any database read, so a
        slow or hung database still gets it deferred within Discord's 3 s."""
        if interaction.type == discord.InteractionType.application_command:
            Reply.of(interaction)
        return True

    async def on_error(self, interaction: discord.Interaction,
                       error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.NoPrivateMessage):
            await refuse(interaction, "Use this command in the game's channel.")
            return
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) \
            else error
        text = failure_text(cause)
        reply = Reply.of(interaction)
        if not reply.sent:
            with contextlib.suppress(discord.HTTPException):
                await reply.send(text, edit=False)


class WardenBot(discord.AutoShardedClient):
    def __init__(self, settings: Settings, storage: GameStore | None = None) -> None:
        # Warden never joins voice: skip discord.py's warnings about voice libraries.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.default()
        intents.message_content = False
        # the metrics (and the endpoint serving them) only when the operator asks
        self.metrics = Metrics() if settings.metrics_port is not None else None
        self.shard_plan = ShardPlan.of(settings)
        options = self.shard_plan.client_options()
        if self.metrics is not None:
            options["http_trace"] = self.metrics.trace()
        super().__init__(intents=intents, **options)
        self.settings = settings
        self._storage = storage
        self._owns_storage = storage is None
        self.tree = WardenTree(self)
        self.names: dict[str, str] = {}
        self.publisher = Publisher(self)
        self.moves = MoveDesk(self)
        self.lobby = LobbyDesk(self)
        self.timers = Timers(self)
        self.relay = MoveRelay(self)
        self._tables: Tables | None = None
        self.health: HealthServer | None = None
        self.timers_scheduled = False
        self._filling: asyncio.Task[int] | None = None
        register(self.tree)

    @property
    def storage(self) -> GameStore:
        if self._storage is None:
            raise RuntimeError("storage is opened in setup_hook")
        return self._storage

    @property
    def tables(self) -> Tables:
        if self._tables is None:
            raise RuntimeError("tables are created in setup_hook")
        return self._tables

    async def setup_hook(self) -> None:
        storage = self._storage
        if storage is None:
            storage = self._storage = await open_storage(self.settings.database)
        self._tables = Tables(storage, cache_size=self.settings.state_cache)
        if self.metrics is not None:
            self._tables.watchers.append(self.metrics)
            self.health = HealthServer(self.ready, self.metrics, self.settings.metrics_host,
                                       self.settings.metrics_port or 0)
            await self.health.start()
        for name, why in broken_games().items():
            log.error("game %s is left out: %s", name, why)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.settings.sync_commands:
            if self.settings.dev_guild:
                guild = discord.Object(id=self.settings.dev_guild)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        # moves stored by other processes (shards) from now on, then what was missed
        await storage.listen(self.relay.heard)
        # the light records only: a game's state is read when the game is touched
        running = [r for r in await storage.heads(("running",)) if self.relay.owns(r)]
        for record in running:
            self.timers.schedule(record, resume=True)
        if self.metrics is not None:
            self.metrics.running_games.set(len(running))
        self.relay.heard(0, 0)
        # games running since before the storage kept where they stand (an upgrade)
        self._filling = asyncio.create_task(fill_unknown(self), name="fill-standing")
        self.timers_scheduled = True
        log.info("running %s; %d running game(s) here", self.shard_plan.describe(),
                 len(running))

    def ready(self) -> bool:
        """Connected to Discord, with the timers of the running games scheduled."""
        return self.timers_scheduled and self.is_ready() and not self.is_closed()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A component whose id matches none of Warden's (forged, or from an older
        version of the bot) still gets an answer."""
        if interaction.type != discord.InteractionType.component:
            return
        data: Mapping[str, object] = interaction.data or {}
        kind = data.get("component_type")
        if not known_component(str(data.get("custom_id", "")), kind if isinstance(kind, int)
                               else 0) and not interaction.response.is_done():
            await refuse(interaction, "That button is no longer valid; use `/choices` or "
                         "`/game status`.")

    async def close(self) -> None:
        self.timers_scheduled = False
        if self.health is not None:
            await self.health.stop()
        self.timers.cancel_all()
        self.relay.cancel_all()
        if self._filling is not None:
            self._filling.cancel()
        with contextlib.suppress(TimeoutError):  # the last moves' messages, if quick
            await asyncio.wait_for(self.publisher.drain(), CLOSE_DRAIN_SECONDS)
        self.publisher.stop()
        await super().close()
        if self._storage is not None:
            await self._storage.unlisten()
        if self._owns_storage and self._storage is not None:
            await self._storage.close()
            self._storage = None


def make_bot(settings: Settings, storage: GameStore | None = None) -> WardenBot:
    """Build the client; `storage` may be injected (tests), else opened from settings."""
    return WardenBot(settings, storage)
