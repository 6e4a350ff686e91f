"""Turn timers (BOT-AFK-1) and the pace of Warden's crew.

A reminder at half time, then, when time runs out, a move for every seat still waiting
at that moment: the computer player's (the table's choice, the default) or the
documented default move ("pass", `/game new timeout_move`). The decisions a player let
Warden answer (their sheet's setting, `Ruleset.auto_answer`) are answered at once: no
clock runs for those.

A computer seat (bot/crew.py: added in the lobby, or handed over by `/game kick` or a
player leaving) that the game waits for moves after a pause (`crew_pause_seconds`): its
decision is made during the pause (bot/crew_moves.py, capped by `crew_think_seconds`)
and shows when both are over, so the time a move takes never tells what the seat
holds, and moves never come in a burst. Several computer seats waiting at once move
one after the other, each after its pause. A move made meanwhile cancels the turn (its
thinking stops) and the next one is decided from the new state: nothing is played
twice. A game waiting on a computer seat when the bot starts resumes the same way.

The reminder names the decision it is about (a secret one only as "a private
decision") and is deleted once that decision is gone: answered, played by the timer,
or the game over (a reminder posted while a move cancelled its timer deletes itself).

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
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING

import discord

from bot.crew import decision_seed, named, user_objects
from bot.crew_moves import decide
from bot.games import MoveResult, Why, auto_answers, auto_seats, computer_seats
from bot.option_names import TIMEOUT_AI, timeout_move
from bot.storage import GameHead, GameRecord, StorageUnavailable
from rules import Action, Prompt
from rules.agents import AGENTS, Agent, budget_for

if TYPE_CHECKING:
    from bot.ports import Bot

log = logging.getLogger("warden.timers")

Sleep = Callable[[float], Awaitable[None]]
RETRY_FIRST = 5.0  # seconds before a failed timer tries again (doubling each time)
RETRY_MOST = 300.0


class Timers:
    def __init__(self, bot: Bot, sleep: Sleep = asyncio.sleep) -> None:
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
        self.reminders: dict[int, discord.Message] = {}  # game -> its standing reminder
        self._chores: set[asyncio.Task[None]] = set()  # reminders being deleted
        self.agents: Mapping[str, Agent] = AGENTS  # the computer players, by name

    def schedule(self, record: GameHead, *, resume: bool = False) -> None:
        """Start the clock for the decision now pending. `resume` (bot start): the
        decision has been pending since the game's last change, so only what is left of
        the time runs (and no reminder if its moment has passed).

        A light record (no state, as read at start-up) is enough unless the game has a
        computer seat or a player let Warden answer: whether Warden must move now depends
        on who the game waits for, so such a game's state is read first, in the timer's
        own task."""
        self.cancel(record.id)
        if record.status != "running" or not self.bot.relay.owns(record):
            return  # another process runs the shard of the game's server: its timer
        if not isinstance(record, GameRecord) and (computer_seats(record)
                                                   or auto_seats(record)):
            self._start(record.id, self._schedule_loaded(record.id, resume), "away")
            return
        if isinstance(record, GameRecord) and self._answer_now(record):
            self._start(record.id, self._play_now(record.id), "away")
            return
        crew = self._crew_waiting(record) if isinstance(record, GameRecord) else []
        if crew and isinstance(record, GameRecord):
            self._start(record.id, self._crew_turn(record, crew[0]), "crew")
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
        """Stop the game's timer (its decision is gone) and delete its reminder."""
        self._dormant.pop(game_id, None)
        task = self.tasks.pop(game_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        self._unremind(game_id)

    def _unremind(self, game_id: int) -> None:
        """Delete the game's standing reminder (its decision is made or timed out)."""
        reminder = self.reminders.pop(game_id, None)
        if reminder is not None:
            chore = self._awake_task(_delete(reminder), f"unremind-{game_id}",
                                     f"deleting the reminder of game {game_id}")
            self._chores.add(chore)
            chore.add_done_callback(self._chores.discard)

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
        return list(self.bot.tables.at(record).waiting)

    async def _play_defaults(self, record: GameRecord, seats: list[tuple[str, Why]]) -> None:
        """Each seat's move (see `why`) for its decision as it stands now (see
        MoveDesk.play_for: a decision the player answered meanwhile is left alone): a
        timed-out seat's by the computer player when the table chose so, else its
        default; a decision the player let Warden answer, its answer."""
        at = self.bot.tables.at(record)
        offers = [(seat, why, at.fingerprint(seat)) for seat, why in seats]
        crew_decides = timeout_move(record.options) == TIMEOUT_AI
        played = False
        for seat, why, stamp in offers:
            if why == "timeout" and crew_decides:
                played |= await self._decide_and_play(record.id, seat, record.version,
                                                      stamp) is not None
                continue
            # a player's move may cancel this task; it must not cut a move in half
            played |= await asyncio.shield(self.bot.moves.play_for(
                record.id, seat, record.version, stamp, why=why)) is not None
        latest = await self.bot.storage.get_game(record.id) if played else None
        if latest is not None:
            self.schedule(latest)  # the clock for whatever comes next

    async def _decide_and_play(self, game_id: int, seat: str, version: int, stamp: str
                               ) -> MoveResult | None:
        """A silent player's decision, as it stood at `version` with the choices
        `stamp`, made by the computer player from the newest state (other seats may
        have moved since) if it is still open, and played."""
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.status != "running":
            return None
        at = await self.bot.tables.still_open(record, seat, version, stamp)
        if at is None:
            return None
        action = await self._decide(record, seat)
        return await asyncio.shield(self.bot.moves.play_for(
            game_id, seat, record.version, at.fingerprint(seat), why="timeout",
            action=action))

    def _answer_now(self, record: GameRecord) -> list[tuple[str, Why]]:
        """The waiting seats Warden answers for at once: the decisions a player let
        Warden answer (a computer seat's are its own)."""
        if not auto_seats(record):
            return []
        crew = set(computer_seats(record))
        return [(seat, "auto") for seat in auto_answers(record, self.bot.tables.at(record))
                if seat not in crew]

    async def _play_now(self, game_id: int) -> None:
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.status != "running":
            return
        await self._play_defaults(record, self._answer_now(record))

    # ------------------------------------------------------------ Warden's crew
    def _crew_waiting(self, record: GameRecord) -> list[str]:
        """The computer seats the game waits for, in the order it asks them."""
        crew = computer_seats(record)
        if not crew:
            return []
        return [seat for seat in self._waiting(record) if seat in crew]

    async def _decide(self, record: GameRecord, seat: str) -> Action:
        """The computer player's move for `seat` at `record`'s state (seeded by the game,
        the version and the seat), thought out of the event loop, capped by time."""
        settings = self.bot.settings
        at = self.bot.tables.at(record)
        name = settings.crew_agent
        return await decide(self.agents[name], at,
                            seat, seed=decision_seed(record.id, record.version, seat),
                            budget=settings.crew_budget or budget_for(at.rs),
                            seconds=settings.crew_think_seconds, game_id=record.id)

    async def _crew_turn(self, record: GameRecord, seat: str) -> None:
        """A computer seat's move: thought during the pause, shown when both the pause
        and the thinking are over (counted from the same start), played through the
        same path as anyone's move, if the game is still where it was."""
        thinking = asyncio.ensure_future(self._decide(record, seat))
        try:
            await self._nap(self.bot.settings.crew_pause_seconds)
            action = await thinking
        finally:
            thinking.cancel()  # cancelled meanwhile (a move came): the thinking stops
        moves = self.bot.moves
        stamp = self.bot.tables.at(record).fingerprint(seat)
        played = await asyncio.shield(moves.play_for(record.id, seat, record.version, stamp,
                                                     why="crew", action=action))
        latest = played.record if played is not None else \
            await self.bot.storage.get_game(record.id)
        if played is None and latest is not None and seat not in computer_seats(latest):
            self.schedule(latest)  # its player came back meanwhile: their clock runs
            return
        if played is None and latest is not None and latest.version == record.version:
            # the game did not move, yet the decision was refused: its default instead
            log.warning("the computer player's move for %s in game %s was refused; "
                        "playing the default", seat, record.id)
            played = await asyncio.shield(moves.play_for(record.id, seat, record.version,
                                                         stamp, why="crew"))
            latest = played.record if played is not None else latest
        if latest is not None and (played is not None or latest.version != record.version):
            self.schedule(latest)

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
                await self._if_open(game_id, version, self._time_up)
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

    async def _time_up(self, record: GameRecord) -> None:
        """Time is up: the reminder goes, and every seat waiting now gets its default."""
        self._unremind(record.id)
        crew = set(computer_seats(record))
        await self._play_defaults(record, [(seat, "timeout") for seat in self._waiting(record)
                                           if seat not in crew])

    async def _if_open(self, game_id: int, version: int,
                       act: Callable[[GameRecord], Awaitable[object]]) -> None:
        """`act` on the game if the decision of `version` is still open."""
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.version != version or record.status != "running":
            return
        await act(record)

    async def _remind(self, record: GameRecord, left: float) -> None:
        crew = set(computer_seats(record))
        prompts = [p for p in self.bot.tables.at(record).prompts if p.seat not in crew]
        if not prompts:
            return
        minutes = left / self.bot.settings.timer_unit_seconds
        # a move may cancel this task while the reminder is on its way: the post is
        # finished (and then deleted) rather than left half-known
        seats = list(dict.fromkeys(p.seat for p in prompts))
        post = self._awake_task(self._post(record, reminder_text(prompts, minutes), seats,
                                           asyncio.current_task()),
                                f"remind-{record.id}", f"reminder of game {record.id}")
        await asyncio.shield(post)

    async def _post(self, record: GameRecord, text: str, seats: list[str],
                    timer: asyncio.Task[None] | None) -> None:
        channel = self.bot.get_partial_messageable(int(record.channel_id))
        try:
            sent = await channel.send(text, allowed_mentions=discord.AllowedMentions(
                users=user_objects(seats)))
        except discord.HTTPException:
            log.warning("reminder for game %s could not be posted", record.id)
            return
        if self.tasks.get(record.id) is not timer:
            await _delete(sent)  # the decision was made while it was being posted
            return
        self.reminders[record.id] = sent


def left_text(minutes: float) -> str:
    """The time left before Warden decides: "2 min", "2.5 min", or "30 s" under a minute
    (half of a 1-minute timer is not "1 min")."""
    if minutes < 1:
        return f"{max(1, round(minutes * 60))} s"
    return f"{round(minutes, 1):g} min"


def reminder_text(prompts: list[Prompt], minutes: float) -> str:
    """"Reminder: @A: Task X: IN or OUT? In 30 s Warden decides for you." (one line per
    decision; a secret one is only "a private decision"; a computer seat the decision
    names is written by its name, never as a mention); `minutes` left, in timer minutes."""
    by_text: dict[str, list[str]] = {}
    for p in prompts:
        what = "a private decision (**My choices** shows it)." if p.secret else named(p.text)
        by_text.setdefault(what, []).append(f"<@{p.seat}>")
    lines = [f"{' '.join(dict.fromkeys(seats))}: {what}" for what, seats in by_text.items()]
    return ("Reminder: " + "\n".join(lines)
            + f"\nIn {left_text(minutes)} Warden decides for "
            + ("you." if len(prompts) == 1 else "whoever has not answered."))


async def _delete(message: discord.Message) -> None:
    with contextlib.suppress(discord.NotFound, discord.Forbidden):
        await message.delete()
