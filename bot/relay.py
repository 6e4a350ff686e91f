"""The table hears of every move once, from the process that looks after the game.

With one process (the default) every move is published where it is stored. With
several processes (shards, bot/shards.py) a move can be stored by a process that does
not run the shard of the game's server (a button pressed in a DM reaches shard 0's
process): that process answers the player who moved, and the game's owner tells the
table. The owner hears of the move from the database (PostgreSQL NOTIFY, sent in the
move's transaction) and works out what it showed by applying the stored moves again
(the engine is deterministic) to the last state it told, or to the game replayed from
its seed. The board message keeps the version it shows, so an owner that starts (after
a crash, or taking a shard over) first tells what the table missed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING

from pydantic import BaseModel

from bot.feed import BOARD
from bot.games import MoveResult, game_options
from bot.storage import GameHead, GameRecord, MoveRecord
from rules import Ruleset

if TYPE_CHECKING:
    from bot.ports import Bot

log = logging.getLogger("warden.relay")


class MoveRelay:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        # game -> the newest version queued for its table (finished games stay: a move's
        # notice may come after the move was told; one int per game played here)
        self.told: dict[int, int] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def owns(self, record: GameHead) -> bool:
        return self.bot.shard_plan.owns(record.guild_id)

    async def moved(self, result: MoveResult, *, by_player: bool) -> None:
        """A move this process stored (call with the channel lock held): its owner tells
        the table, after any move of another process not told yet; anywhere else the
        owner hears of it through the database."""
        record = result.record
        if not self.owns(record):
            return
        told = self.told.get(record.id, record.version - 1)
        if told < record.version - 1:
            for missed in await self._replayed(record, told, record.version - 1):
                self.bot.publisher.moved(missed, by_player=True)
        self.bot.publisher.moved(result, by_player=by_player)
        self.told[record.id] = record.version

    # ------------------------------------------------------------ moves of others
    def heard(self, game_id: int, version: int) -> None:
        """The database told of a stored move (`game_id` 0: the listening connection was
        lost and is back, so anything may have been missed)."""
        if game_id == 0:
            self._spawn(self.resume(), "relay-resume")
        elif self.told.get(game_id, -1) < version:
            self._spawn(self.catch_up(game_id), f"relay-{game_id}")

    async def resume(self) -> None:
        """Tell every owned game's table what it has not been told (start-up)."""
        for game_id, shown in await self.bot.storage.untold(BOARD):
            self.told.setdefault(game_id, shown)
            await self.catch_up(game_id)

    async def catch_up(self, game_id: int) -> None:
        """Tell the table of `game_id` the moves stored since it was last told, if this
        process looks after the game, and start the clock for what comes next."""
        record = await self.bot.storage.get_game(game_id)
        if record is None or not self.owns(record) or record.state is None:
            return
        async with self.bot.tables.lock(record.channel_id):
            record = await self.bot.storage.get_game(game_id)
            if record is None or record.status not in ("running", "finished"):
                return
            told = self.told.get(game_id)
            if told is None:
                kept = await self.bot.storage.table_message(game_id, BOARD)
                told = kept.version if kept is not None else record.version
            if record.version <= told:
                return
            for result in await self._replayed(record, told, record.version):
                self.bot.publisher.moved(result, by_player=True)
            self.told[game_id] = record.version
            self.bot.timers.schedule(record)

    async def _replayed(self, record: GameRecord, since: int, until: int
                        ) -> list[MoveResult]:
        """The moves `since` < seq <= `until` of a game, applied again to the state at
        `since` (kept in the cache, else replayed from the seed)."""
        tables = self.bot.tables
        rs = tables.ruleset_of(record)
        state = tables.cached(record.id, since)
        moves = await self.bot.storage.moves(record.id, after=since if state else 0)
        # a replay from the seed can take a while (a long game): off the event loop
        return await asyncio.to_thread(_apply_again, rs, record, state, moves, since, until)

    def _spawn(self, work: Awaitable[None], name: str) -> None:
        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("telling the table of another process's move failed")

        task = asyncio.create_task(run(), name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def busy(self) -> bool:
        return bool(self._tasks)

    def cancel_all(self) -> None:
        for task in self._tasks:
            task.cancel()


def _apply_again(rs: Ruleset, record: GameRecord, state: BaseModel | None,
                 moves: list[MoveRecord], since: int, until: int) -> list[MoveResult]:
    """Apply `moves` again from `state` (None: the game's start), keeping what each of
    the moves `since` < seq <= `until` did."""
    if state is None:
        stored = rs.load_state(record.state or "")
        state = rs.new_game(list(record.seats), stored.seed,
                            game_options(rs, record.options))
    results = []
    for move in moves:
        if move.seq > until:
            break
        seat = move.seat or ""
        action = rs.parse_action(state, seat, move.action)
        step = rs.apply(state, seat, action)
        if move.seq > since:
            version = step.state.version
            head = record.model_copy(update={
                "version": version, "status": record.status if version == record.version
                else "running"})
            results.append(MoveResult(record=head, before=state, state=step.state,
                                      events=step.events, label=action.label, seat=seat,
                                      finished=rs.outcome(step.state) is not None))
        state = step.state
    return results
