"""Turn timers (BOT-AFK-1): a reminder at half time, then, when time runs out, the
documented default move for every seat still waiting at that moment. Seats whose player
was removed (`/game kick`) get their default move at once.

Safety: a default is worked out and played under the channel lock from the newest
state, only for a seat still waiting there (a move the player made first wins); the
table hears only that the player ran out of time (the choice itself only when the move
is public); the absent player gets the private results by DM. The clock is injectable
(`sleep`), so tests drive time instead of waiting for it.

A timer that comes due while the database is down (or the default move fails for any
other reason) is not lost: it tries again after RETRY_FIRST s, then twice as long each
time up to RETRY_MOST, until the default is played or the decision is gone (someone
moved, the game ended). A reminder that cannot be read is skipped."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.choices import fingerprint
from bot.games import away_seats
from bot.storage import GameHead, GameRecord, StorageUnavailable

if TYPE_CHECKING:
    from bot.app import WardenBot

log = logging.getLogger("warden.timers")

Sleep = Callable[[float], Awaitable[None]]
RETRY_FIRST = 5.0  # seconds before a failed timer tries again (doubling each time)
RETRY_MOST = 300.0


class Timers:
    def __init__(self, bot: WardenBot, sleep: Sleep = asyncio.sleep) -> None:
        self.bot = bot
        self.sleep = sleep
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.awake = 0  # timer tasks doing something now (not waiting for their time)
        # Timers resumed at start-up wait without a task of their own until their first
        # moment (the reminder, or the end): game -> (its batch, version, seconds, the
        # moment's place in the time: half or all of it). One waker task per batch.
        self._dormant: dict[int, tuple[object, int, float, float]] = {}
        self._batch: list[tuple[float, int]] | None = None
        self._wakers: set[asyncio.Task[None]] = set()

    def schedule(self, record: GameHead, *, resume: bool = False) -> None:
        """Start the clock for the decision now pending. `resume` (bot start): the
        decision has been pending since the game's last change, so only what is left of
        the time runs (and no reminder if its moment has passed).

        A light record (no state, as read at start-up) is enough unless a player was
        removed: whether the bot must play for them now depends on who the game waits
        for, so such a game's state is read first, in the timer's own task."""
        self.cancel(record.id)
        if record.status != "running" or not self.bot.relay.owns(record):
            return  # another process runs the shard of the game's server: its timer
        if not isinstance(record, GameRecord) and away_seats(record):
            self._start(record.id, self._schedule_loaded(record.id, resume), "away")
            return
        if isinstance(record, GameRecord) and self._removed_waiting(record):
            self._start(record.id, self._play_removed(record.id), "away")
            return
        minutes = int(record.options.get("turn_timeout_minutes") or 0)
        if minutes <= 0:
            return
        seconds = minutes * self.bot.settings.timer_unit_seconds
        if resume:
            since = self.bot.storage.now() - record.updated_at
            self._sleep_until_due(record, seconds,
                                  min(seconds, max(0.0, since.total_seconds())))
            return
        self._start(record.id, self._watch(record.id, record.version, seconds), "timer")

    def scheduled(self) -> set[int]:
        """The games whose timer runs (a task of its own, or resumed and not due yet)."""
        return set(self.tasks) | set(self._dormant)

    def _sleep_until_due(self, record: GameHead, seconds: float, elapsed: float) -> None:
        """A resumed timer, `elapsed` seconds into its time: it needs nothing until its
        next moment (the reminder if still ahead, else the end), so it waits in this
        start-up batch's list, woken by the batch's one task, instead of holding a task
        (thousands of running games at start-up: no thousands of sleeping tasks)."""
        moment = seconds / 2 if elapsed < seconds / 2 else seconds
        due = moment - elapsed
        if self._batch is None:
            batch: list[tuple[float, int]] = []
            self._batch = batch
            waker = self._awake_task(self._wake(batch), "timers-resumed", "resumed timers")
            self._wakers.add(waker)
            waker.add_done_callback(self._wakers.discard)
        self._batch.append((due, record.id))
        self._dormant[record.id] = (self._batch, record.version, seconds, moment)

    async def _wake(self, batch: list[tuple[float, int]]) -> None:
        """Start each resumed timer of `batch` at its moment (unless the game moved or
        was cancelled meanwhile: then its entry is gone or belongs to another batch)."""
        self._batch = None  # what is scheduled from now on makes a batch of its own
        batch.sort()
        now = 0.0
        for due, game_id in batch:
            if due > now:
                await self._nap(due - now)
                now = due
            entry = self._dormant.get(game_id)
            if entry is None or entry[0] is not batch:
                continue
            del self._dormant[game_id]
            _, version, seconds, moment = entry
            self._start(game_id, self._watch(game_id, version, seconds, moment,
                                             remind=moment < seconds), "timer")

    async def _schedule_loaded(self, game_id: int, resume: bool) -> None:
        record = await self.bot.storage.get_game(game_id)
        if record is not None:
            self.schedule(record, resume=resume)

    def _start(self, game_id: int, work: Awaitable[None], kind: str) -> None:
        self.tasks[game_id] = self._awake_task(work, f"{kind}-{game_id}",
                                               f"timer of game {game_id}")

    def _awake_task(self, work: Awaitable[None], name: str, what: str) -> asyncio.Task[None]:
        """A task doing `work`, counted awake from now (not from its first step: the
        tests' quiet check must not see a gap between a waker and the timer it starts)
        until it ends, however it ends (cancelled before its first step included)."""
        async def run() -> None:
            try:
                await work
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s failed", what)

        self.awake += 1
        task = asyncio.create_task(run(), name=name)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        self.awake -= 1

    def cancel(self, game_id: int) -> None:
        self._dormant.pop(game_id, None)
        task = self.tasks.pop(game_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def cancel_all(self) -> None:
        for task in [*self.tasks.values(), *self._wakers]:
            task.cancel()
        self.tasks.clear()
        self._dormant.clear()
        self._batch = None

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
                     elapsed: float = 0.0, remind: bool | None = None) -> None:
        """The timer of one decision, `elapsed` seconds into its time; the reminder
        comes at half time if that moment is ahead (or if `remind` says so: a resumed
        timer woken at exactly that moment)."""
        half = seconds / 2
        if remind is None:
            remind = elapsed < half
        if remind:
            if half > elapsed:
                await self._nap(half - elapsed)
            try:
                await self._if_open(game_id, version,
                                    lambda record: self._remind(record, seconds - half))
            except StorageUnavailable as exc:
                log.warning("reminder of game %s skipped: %s", game_id, exc)
        rest = seconds - max(elapsed, half)
        if rest > 0:
            await self._nap(rest)
        # every seat waiting now gets its default; tried again until done
        delay = RETRY_FIRST
        while True:
            try:
                await self._if_open(game_id, version,
                                    lambda record: self._play_defaults(
                                        record, self._waiting(record)))
                return
            except Exception as exc:
                if isinstance(exc, StorageUnavailable):
                    log.warning("timer of game %s failed (%s); trying again in %.0f s",
                                game_id, exc, delay)
                else:
                    log.exception("timer of game %s failed; trying again in %.0f s",
                                  game_id, delay)
            await self._nap(delay)
            delay = min(delay * 2, RETRY_MOST)

    async def _if_open(self, game_id: int, version: int,
                       act: Callable[[GameRecord], Awaitable[Any]]) -> None:
        """`act` on the game if the decision of `version` is still open."""
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.version != version or record.status != "running":
            return
        await act(record)

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
