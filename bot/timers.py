"""Turn timers (BOT-AFK-1): a reminder at half time, then the documented default
action for every seat still waiting, so a game never hangs on an absent player."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot.storage import GameRecord

if TYPE_CHECKING:
    from bot.app import WardenBot

log = logging.getLogger("warden.timers")


class Timers:
    def __init__(self, bot: WardenBot) -> None:
        self.bot = bot
        self.tasks: dict[int, asyncio.Task[None]] = {}

    def schedule(self, record: GameRecord, *, resume: bool = False) -> None:
        """Start the clock for the decision now pending. `resume` (bot start): the
        decision has been pending since the game's last change, so only what is left of
        the time runs (and no reminder if its moment has passed)."""
        self.cancel(record.id)
        minutes = int(record.options.get("turn_timeout_minutes") or 0)
        if minutes <= 0 or record.status != "running":
            return
        seconds = minutes * self.bot.settings.timer_unit_seconds
        elapsed = 0.0
        if resume:
            since = self.bot.storage.now() - record.updated_at
            elapsed = min(seconds, max(0.0, since.total_seconds()))
        self.tasks[record.id] = asyncio.create_task(
            self._watch(record.id, record.version, seconds, elapsed), name=f"timer-{record.id}")

    def cancel(self, game_id: int) -> None:
        task = self.tasks.pop(game_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def cancel_all(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        self.tasks.clear()

    async def _watch(self, game_id: int, version: int, seconds: float,
                     elapsed: float = 0.0) -> None:
        half = seconds / 2
        if elapsed < half:
            await asyncio.sleep(half - elapsed)
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.version != version or record.status != "running":
            return
        rs = self.bot.tables.ruleset_of(record)
        state = self.bot.tables.state_of(record)
        waiting = list(dict.fromkeys(p.seat for p in rs.pending(state)))
        channel = self.bot.get_partial_messageable(int(record.channel_id))
        if elapsed < half:
            await channel.send(
                "Reminder: " + " ".join(f"<@{s}>" for s in waiting)
                + " — your decision is needed; the default move is played when time runs"
                " out.", allowed_mentions=discord.AllowedMentions(users=True))
        await asyncio.sleep(seconds - max(elapsed, half))
        for seat in waiting:
            record = await self.bot.storage.get_game(game_id)
            if record is None or record.status != "running":
                return
            state = self.bot.tables.state_of(record)
            if record.version != version and seat not in {p.seat for p in rs.pending(state)}:
                continue
            default = getattr(rs, "default_action", None)
            action = default(state, seat) if default else None
            if action is None:
                continue
            await channel.send(f"<@{seat}> ran out of time: playing **{action.label}**.",
                               allowed_mentions=discord.AllowedMentions.none())
            await self.bot.moves.submit(None, record, seat, action.key)
