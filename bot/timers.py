"""Turn timers (BOT-AFK-1): a reminder at half time, then, when time runs out, the
documented default move for every seat still waiting at that moment. Seats whose player
was removed (`/game kick`) get their default move at once.

Safety: a default is worked out and played under the channel lock from the newest
state, only for a seat still waiting there (a move the player made first wins); the
table hears only that the player ran out of time (the choice itself only when the move
is public); the absent player gets the private results by DM. The clock is injectable
(`sleep`), so tests drive time instead of waiting for it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.choices import fingerprint
from bot.games import away_seats
from bot.storage import GameRecord

if TYPE_CHECKING:
    from bot.app import WardenBot

log = logging.getLogger("warden.timers")

Sleep = Callable[[float], Awaitable[None]]


class Timers:
    def __init__(self, bot: WardenBot, sleep: Sleep = asyncio.sleep) -> None:
        self.bot = bot
        self.sleep = sleep
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.awake = 0  # timer tasks doing something now (not waiting for their time)

    def schedule(self, record: GameRecord, *, resume: bool = False) -> None:
        """Start the clock for the decision now pending. `resume` (bot start): the
        decision has been pending since the game's last change, so only what is left of
        the time runs (and no reminder if its moment has passed)."""
        self.cancel(record.id)
        if record.status != "running":
            return
        if self._removed_waiting(record):
            self._start(record.id, self._play_removed(record.id), "away")
            return
        minutes = int(record.options.get("turn_timeout_minutes") or 0)
        if minutes <= 0:
            return
        seconds = minutes * self.bot.settings.timer_unit_seconds
        elapsed = 0.0
        if resume:
            since = self.bot.storage.now() - record.updated_at
            elapsed = min(seconds, max(0.0, since.total_seconds()))
        self._start(record.id, self._watch(record.id, record.version, seconds, elapsed),
                    "timer")

    def _start(self, game_id: int, work: Awaitable[None], kind: str) -> None:
        async def run() -> None:
            self.awake += 1
            try:
                await work
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("timer of game %s failed", game_id)
            finally:
                self.awake -= 1

        self.tasks[game_id] = asyncio.create_task(run(), name=f"{kind}-{game_id}")

    def cancel(self, game_id: int) -> None:
        task = self.tasks.pop(game_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def cancel_all(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        self.tasks.clear()

    async def _nap(self, seconds: float) -> None:
        self.awake -= 1
        try:
            await self.sleep(seconds)
        finally:
            self.awake += 1

    def _waiting(self, record: GameRecord) -> list[str]:
        rs = self.bot.tables.ruleset_of(record)
        return list(dict.fromkeys(p.seat for p in rs.pending(self.bot.tables.state_of(record))))

    async def _play_defaults(self, record: GameRecord, seats: list[str], *,
                             removed: bool = False) -> None:
        """Each seat's default for its decision as it stands now (see MoveDesk.play_for:
        a decision the player answered meanwhile is left alone)."""
        rs = self.bot.tables.ruleset_of(record)
        state = self.bot.tables.state_of(record)
        offers = [(seat, fingerprint(rs.legal_actions(state, seat))) for seat in seats]
        played = False
        for seat, stamp in offers:
            # a player's move may cancel this task; it must not cut a move in half
            played |= await asyncio.shield(self.bot.moves.play_for(
                record.id, seat, record.version, stamp, removed=removed)) is not None
        latest = await self.bot.storage.get_game(record.id) if played else None
        if latest is not None:
            self.schedule(latest)  # the clock for whatever comes next

    def _removed_waiting(self, record: GameRecord) -> list[str]:
        away = away_seats(record)
        return [seat for seat in self._waiting(record) if seat in away] if away else []

    async def _play_removed(self, game_id: int) -> None:
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.status != "running":
            return
        await self._play_defaults(record, self._removed_waiting(record), removed=True)

    async def _watch(self, game_id: int, version: int, seconds: float,
                     elapsed: float = 0.0) -> None:
        half = seconds / 2
        if elapsed < half:
            await self._nap(half - elapsed)
            record = await self.bot.storage.get_game(game_id)
            if record is None or record.version != version or record.status != "running":
                return
            await self._remind(record, seconds - half)
        await self._nap(seconds - max(elapsed, half))
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.version != version or record.status != "running":
            return
        # every seat waiting now gets its default
        await self._play_defaults(record, self._waiting(record))

    async def _remind(self, record: GameRecord, left: float) -> None:
        waiting = self._waiting(record)
        minutes = max(1, round(left / self.bot.settings.timer_unit_seconds))
        channel = self.bot.get_partial_messageable(int(record.channel_id))
        try:
            await channel.send(
                "Reminder: " + " ".join(f"<@{s}>" for s in waiting)
                + f" — your decision is needed; in {minutes} min Warden decides for you.",
                allowed_mentions=discord.AllowedMentions(
                    users=[discord.Object(id=int(s)) for s in waiting]))
        except discord.HTTPException:
            log.warning("reminder for game %s could not be posted", record.id)
