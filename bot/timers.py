"""Turn timers (BOT-AFK-1): a reminder at half time, then the documented default
action for every seat still waiting, so a game never hangs on an absent player. Seats
whose player was removed (`/game kick`) get their default move at once."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot.games import away_seats
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
        if record.status != "running":
            return
        if self._removed_waiting(record):
            self.tasks[record.id] = asyncio.create_task(
                self._play_removed(record.id, record.version), name=f"away-{record.id}")
            return
        minutes = int(record.options.get("turn_timeout_minutes") or 0)
        if minutes <= 0:
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

    def _waiting(self, record: GameRecord) -> list[str]:
        rs = self.bot.tables.ruleset_of(record)
        return list(dict.fromkeys(p.seat for p in rs.pending(self.bot.tables.state_of(record))))

    def _removed_waiting(self, record: GameRecord) -> list[str]:
        away = away_seats(record)
        return [seat for seat in self._waiting(record) if seat in away] if away else []

    async def _play_removed(self, game_id: int, version: int) -> None:
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.version != version or record.status != "running":
            return
        await self._play_defaults(record, self._removed_waiting(record)[:1],
                                  "<@{seat}> was removed: the bot plays **{label}**.")

    async def _watch(self, game_id: int, version: int, seconds: float,
                     elapsed: float = 0.0) -> None:
        half = seconds / 2
        if elapsed < half:
            await asyncio.sleep(half - elapsed)
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.version != version or record.status != "running":
            return
        waiting = self._waiting(record)
        if elapsed < half:
            channel = self.bot.get_partial_messageable(int(record.channel_id))
            await channel.send(
                "Reminder: " + " ".join(f"<@{s}>" for s in waiting)
                + " — your decision is needed; the default move is played when time runs"
                " out.", allowed_mentions=discord.AllowedMentions(users=True))
        await asyncio.sleep(seconds - max(elapsed, half))
        await self._play_defaults(record, waiting,
                                  "<@{seat}> ran out of time: playing **{label}**.")

    async def _play_defaults(self, record: GameRecord, seats: list[str], text: str) -> None:
        """The documented default move for each of `seats` still waiting."""
        version = record.version
        rs = self.bot.tables.ruleset_of(record)
        channel = self.bot.get_partial_messageable(int(record.channel_id))
        for seat in seats:
            latest = await self.bot.storage.get_game(record.id)
            if latest is None or latest.status != "running":
                return
            if latest.version != version and seat not in self._waiting(latest):
                continue
            state = self.bot.tables.state_of(latest)
            default = getattr(rs, "default_action", None)
            action = default(state, seat) if default else None
            if action is None:
                continue
            await channel.send(text.format(seat=seat, label=action.label),
                               allowed_mentions=discord.AllowedMentions.none())
            # a new schedule may cancel this task; it must not cut a move in half
            await asyncio.shield(self.bot.moves.submit(None, latest, seat, action.key))
