"""Game tables: lobbies, seats and moves, independent of Discord.

Every accepted move is stored (snapshot + move log in one transaction) before the
caller gets the result to publish: the game's row as written and the positions before
and after the move (bot/position.py: each state with the table's answers about it, each
asked of the engine once). One asyncio.Lock per channel serialises moves. Decoded
states, as positions, are kept in a bounded cache (the least recently used leaves; a
game that finished or ended leaves at once); a state is decoded only when its game is
touched. Every applied move writes one line on the ``warden.moves`` logger and is
told to the watchers (the metrics).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ValidationError

from bot import absence
from bot.crew import is_crew, mention, next_crew_seat, people
from bot.logs import log_move
from bot.option_names import TIMEOUT_MOVE, TIMER, timeout_move
from bot.position import Position
from bot.state_cache import StateCache
from bot.storage import (
    ChannelBusy,
    GameHead,
    GameRecord,
    GameStatus,
    GameStore,
    StaleVersion,
    Standing,
)
from bot.texts import STALE
from rules import Action, Event, IllegalAction, Ruleset, get_ruleset

DEFAULT_CACHE_SIZE = 512

REMOVED_TEXT = ("Warden's crew (an AI player) plays your seat now: you left or were "
                "removed from this game.")


class UserError(Exception):
    """A request the bot refuses; the message is shown to the user as is."""


@dataclass
class MoveResult:
    """One stored move: the game's row after it, the states before and after it, what it
    told (`events`), the move in the words of the choice picked (`label`) and whether it
    ended the game. `positions` (before, after) answer what the table asks of the two
    states, each question asked of the engine once (bot/position.py); made here when not
    given."""

    record: GameRecord
    before: BaseModel
    state: BaseModel
    events: list[Event]
    label: str
    seat: str
    finished: bool
    positions: tuple[Position, Position] | None = None

    def __post_init__(self) -> None:
        if self.positions is None:
            rs = get_ruleset(self.record.ruleset)
            self.positions = (Position(rs, self.before), Position(rs, self.state))

    @property
    def was(self) -> Position:
        """The state before the move, with its answers."""
        assert self.positions is not None  # set in __post_init__
        return self.positions[0]

    @property
    def now(self) -> Position:
        """The state after the move, with its answers."""
        assert self.positions is not None  # set in __post_init__
        return self.positions[1]


@dataclass(frozen=True)
class MoveStat:
    """What one applied move cost: ``seconds`` from reading the game to having stored the
    move; ``kind`` is the first word of the action's key (never its secret part)."""

    game_id: int
    ruleset: str
    seat: str
    kind: str
    version: int
    seconds: float
    by_player: bool
    finished: bool


class TableWatcher(Protocol):
    """Told about every applied move and every change in the number of running games."""

    def moved(self, stat: MoveStat) -> None: ...

    def running_changed(self, delta: int) -> None: ...


@dataclass
class Tables:
    """Lobby and move handling for every channel."""

    storage: GameStore
    new_seed: Callable[[], int] = field(default=lambda: secrets.randbits(62))
    cache_size: int = DEFAULT_CACHE_SIZE
    watchers: list[TableWatcher] = field(default_factory=list)
    _locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    _cache: StateCache[Position] = field(init=False)

    def __post_init__(self) -> None:
        self._cache = StateCache(self.cache_size)

    def lock(self, channel_id: str) -> asyncio.Lock:
        return self._locks.setdefault(str(channel_id), asyncio.Lock())

    # ------------------------------------------------------------ lobby
    async def open_lobby(self, guild_id: str | None, channel_id: str, ruleset: str,
                         host_id: str, options: dict[str, Any]) -> GameRecord:
        rs = self._ruleset(ruleset)
        try:
            game_options(rs, options)
        except ValidationError as exc:
            raise UserError(f"Those options are not valid: {_first_error(exc)}") from exc
        try:
            return await self.storage.create_game(guild_id, channel_id, ruleset, host_id,
                                                  options)
        except ChannelBusy as exc:
            raise UserError("This channel already has a game. Finish it with `/game end` "
                            "or use another channel.") from exc

    async def channel_game(self, channel_id: str) -> GameRecord:
        record = await self.storage.active_game_in_channel(channel_id)
        if record is None:
            raise UserError("There is no game in this channel. Start one with `/game new`.")
        return record

    async def join(self, channel_id: str, user_id: str) -> GameRecord:
        record = await self.channel_game(channel_id)
        if record.status != "lobby":
            raise UserError("This game has already started; you can watch it.")
        if user_id in record.seats:
            raise UserError("You have already joined this game.")
        rs = self._ruleset(record.ruleset)
        high = rs.player_range(game_options(rs, record.options))[1]
        if len(record.seats) >= high:
            mode = " with these options" if high < rs.max_players else ""
            crew = " (the host may remove an AI player)" if any(
                is_crew(seat) for seat in record.seats) else ""
            raise UserError(f"The table is full: {rs.title} seats {high} "
                            f"player{'s' if high != 1 else ''}{mode}{crew}. You can watch.")
        return await self.storage.set_seats(record.id, [*record.seats, user_id])

    async def add_crew(self, channel_id: str, user_id: str) -> GameRecord:
        """The host seats a computer player ("Warden crew N") in the lobby."""
        record = await self._lobby_host(channel_id, user_id, "add an AI player")
        rs = self._ruleset(record.ruleset)
        high = rs.player_range(game_options(rs, record.options))[1]
        if len(record.seats) >= high:
            raise UserError(f"The table is full: {rs.title} seats {high} "
                            f"player{'s' if high != 1 else ''}.")
        return await self.storage.set_seats(record.id,
                                            [*record.seats, next_crew_seat(record.seats)])

    async def remove_crew(self, channel_id: str, user_id: str) -> GameRecord:
        """The host takes away the computer player added last."""
        record = await self._lobby_host(channel_id, user_id, "remove an AI player")
        crew = [seat for seat in record.seats if is_crew(seat)]
        if not crew:
            raise UserError("There is no AI player in this lobby.")
        return await self.storage.set_seats(record.id,
                                            [s for s in record.seats if s != crew[-1]])

    async def _lobby_host(self, channel_id: str, user_id: str, doing: str) -> GameRecord:
        record = await self.channel_game(channel_id)
        if record.status != "lobby":
            raise UserError("This game has already started.")
        if user_id != record.host_id:
            raise UserError(f"Only the host (<@{record.host_id}>) can {doing}.")
        return record

    async def leave(self, channel_id: str, user_id: str) -> GameRecord:
        """Leave a lobby (the seat goes), or a running game: Warden's crew plays the seat
        from now on, with everything it holds (see `hand_over`)."""
        record = await self.channel_game(channel_id)
        if user_id not in record.seats:
            raise UserError("You are not in this game.")
        if user_id == record.host_id:
            raise UserError("The host cannot leave; end the game with `/game end` instead.")
        if record.status != "lobby":
            return await self.hand_over(record, user_id)
        return await self.storage.set_seats(record.id,
                                            [s for s in record.seats if s != user_id])

    async def hand_over(self, record: GameRecord, seat: str) -> GameRecord:
        """From now on Warden's crew plays `seat` of a running game for good (the seat,
        its id and all it holds stay; the game's options list it as computer-controlled;
        a seat the crew played while its player was away stays the crew's)."""
        away = away_seats(record)
        if seat in away:
            raise UserError(f"{mention(seat)} already left; Warden's crew plays their seat.")
        options = absence.gone_for_good(record.options, seat)
        return await self.storage.set_options(record.id, {**options, "away": [*away, seat]})

    async def come_back(self, game_id: int, user_id: str) -> GameRecord:
        """The player of a seat the crew plays while they were away (`absence`) plays it
        again."""
        record = await self.storage.get_game(game_id)
        if record is None or record.status in ("finished", "ended"):
            raise UserError("That game is over.")
        if user_id not in record.seats:
            raise UserError("You are not playing in this game.")
        if record.status != "running":
            raise UserError(absence.NOT_IDLE_TEXT)  # a lobby: nobody is away yet
        if user_id in away_seats(record):
            raise UserError(REMOVED_TEXT)
        if user_id not in absence.idle_seats(record.options):
            raise UserError(absence.NOT_IDLE_TEXT)
        return await self.storage.set_options(record.id, absence.back(record.options, user_id),
                                              touch=False)

    async def start(self, channel_id: str, user_id: str) -> tuple[GameRecord, BaseModel]:
        record = await self.channel_game(channel_id)
        if record.status != "lobby":
            raise UserError("The game is already running.")
        if user_id != record.host_id:
            raise UserError("Only the host can start the game.")
        rs = self._ruleset(record.ruleset)
        n = len(record.seats)
        if not people(record.seats):
            raise UserError("At least one person must play: AI players cannot play alone.")
        if n < rs.min_players:
            raise UserError(f"{rs.title} needs at least {rs.min_players} players; "
                            f"{n} joined so far (the host may add AI players).")
        options = game_options(rs, record.options)
        problem = rs.check_players(options, n)  # the limits of a mode, where it has them
        if problem:
            raise UserError(str(problem))
        state = rs.new_game(list(record.seats), self.new_seed(), options)
        at = Position(rs, state)
        record = await self.storage.start_game(record.id, record.seats, rs.dump_state(state),
                                               version=at.version, standing=standing(at))
        self._cache.put(record.id, record.version, at, record.channel_id)
        for watcher in self.watchers:
            watcher.running_changed(+1)
        return record, state

    async def _as_host(self, channel_id: str, user_id: str, moderator: bool,
                       doing: str) -> GameRecord:
        """The channel's game, if `user_id` is its host or a moderator."""
        record = await self.channel_game(channel_id)
        if user_id != record.host_id and not moderator:
            raise UserError(f"Only the host or someone with Manage Channels can {doing}.")
        return record

    async def end(self, channel_id: str, user_id: str, moderator: bool) -> GameRecord:
        record = await self._as_host(channel_id, user_id, moderator, "end the game")
        self._cache.drop(record.id)
        ended = await self.storage.set_status(record.id, "ended")
        if record.status == "running":
            for watcher in self.watchers:
                watcher.running_changed(-1)
        return ended

    async def set_timer(self, channel_id: str, user_id: str, moderator: bool,
                        minutes: int, when_silent: str | None = None,
                        idle_after: int | None = None) -> GameRecord:
        """Change the channel game's turn timer (lobby or running) and, when given, what
        it does for a silent player (`TIMEOUT_MOVE`: "ai" or "pass") and after how many
        timeouts in a row Warden's crew plays the seat until its player returns
        (`absence.IDLE_AFTER`, 0: never)."""
        record = await self._as_host(channel_id, user_id, moderator, "change the turn timer")
        options = {**record.options, TIMER: minutes}
        if when_silent is not None:
            options[TIMEOUT_MOVE] = timeout_move({TIMEOUT_MOVE: when_silent})
        if idle_after is not None:
            options[absence.IDLE_AFTER] = idle_after
        return await self.storage.set_options(record.id, options)

    async def set_auto_answer(self, game_id: int, seat: str, on: bool) -> GameRecord:
        """Whether Warden answers `seat`'s decisions without a real choice (a table
        preference kept with the game's options, see `auto_seats`). Call with the
        channel lock held."""
        record = await self.running(game_id)
        if record.status != "running":
            raise UserError("That game is over.")
        if seat not in record.seats:
            raise UserError("You are not playing in this game.")
        seats = [s for s in auto_seats(record) if s != seat] + ([seat] if on else [])
        return await self.storage.set_options(record.id, {**record.options, AUTO: seats},
                                              touch=False)

    async def kick(self, channel_id: str, user_id: str, moderator: bool,
                   target: str) -> GameRecord:
        """Remove a player: from a lobby, their seat; from a running game, their control
        of it (a hidden-role seat cannot vanish mid-game, so Warden's crew plays it from
        now on with everything it holds: `hand_over`)."""
        record = await self._as_host(channel_id, user_id, moderator, "remove a player")
        if target not in record.seats:
            raise UserError(f"<@{target}> is not in this game.")
        if target == record.host_id:
            raise UserError("The host cannot be removed; end the game with `/game end`.")
        if record.status == "lobby":
            return await self.storage.set_seats(record.id,
                                                [s for s in record.seats if s != target])
        return await self.hand_over(record, target)

    # ------------------------------------------------------------ play
    def _ruleset(self, name: str) -> Ruleset:
        try:
            return get_ruleset(name)
        except KeyError as exc:
            raise UserError(f"I don't know the game '{name}'.") from exc

    def ruleset_of(self, record: GameRecord) -> Ruleset:
        return self._ruleset(record.ruleset)

    def ruleset_named(self, name: str) -> Ruleset:
        return self._ruleset(name)

    def state_of(self, record: GameRecord) -> BaseModel:
        """The game's state at the record's version (see `at`)."""
        return self.at(record).state

    def at(self, record: GameRecord) -> Position:
        """The game's state at the record's version, with the table's answers about it:
        from the cache, else decoded from the record (and kept, while the game is
        running)."""
        cached = self._cache.get(record.id, record.version)
        if cached is not None:
            return cached
        if record.state is None:
            raise UserError("This game has not started yet.")
        rs = self.ruleset_of(record)
        at = Position(rs, rs.load_state(record.state))
        if record.status == "running":
            self._cache.put(record.id, record.version, at, record.channel_id)
        return at

    def position(self, record: GameRecord, state: BaseModel) -> Position:
        """`state` of the record's game with its answers: the kept ones when the cache
        holds that very state, else new ones (a past state, a replayed one)."""
        cached = self._cache.get(record.id, getattr(state, "version", -1))
        if cached is not None and cached.state is state:
            return cached
        return Position(self.ruleset_of(record), state)

    async def still_open(self, record: GameRecord, seat: str, version: int, stamp: str
                         ) -> Position | None:
        """`record`'s position if `seat`'s decision as it stood at `version`, with the
        choices `stamp` (their fingerprint), is still open there, by the rule of move
        buttons: the same version, or the same choices and the seat has not acted since
        (another seat's secret vote leaves it open); else None."""
        at = self.at(record)
        if at.prompt(seat) is None or (record.version != version and (
                stamp != at.fingerprint(seat)
                or await self.storage.acted_since(record.id, seat, version))):
            return None
        return at

    def cached(self, game_id: int, version: int) -> BaseModel | None:
        """The game's state at `version`, if the cache holds it."""
        at = self._cache.get(game_id, version)
        return None if at is None else at.state

    async def channel_of(self, game_id: int) -> str | None:
        """The channel of a game (whose lock its moves take): known while its state is
        kept, else read (None: no such game)."""
        channel = self._cache.channel(game_id)
        if channel:
            return channel
        record = await self.storage.get_game(game_id)
        return None if record is None else record.channel_id

    async def game_of_user(self, user_id: str) -> GameRecord:
        """The single running game where ``user_id`` holds a seat (a command sent by DM),
        found through the storage's seat index."""
        mine = await self.storage.games_of_user(user_id, ("running",))
        if not mine:
            raise UserError("You are not in a running game.")
        if len(mine) > 1:
            raise UserError("You are in several games; use the command in the game's "
                            "channel.")
        return await self.running(mine[0].id)

    async def running(self, game_id: int) -> GameRecord:
        record = await self.storage.get_game(game_id)
        if record is None or record.status not in ("running", "finished"):
            raise UserError("That game is over or gone.")
        return record

    async def play(self, game_id: int, seat: str, key: str,
                   expected_version: int | None = None, *, by_player: bool = True
                   ) -> MoveResult:
        """Apply the move whose key is `key` for `seat` (`by_player` False: the bot's
        default move for an absent or removed player). Call with the channel lock
        held."""
        return await self._play(await self.running(game_id), seat, key, expected_version,
                                by_player)

    async def play_offered(self, record: GameRecord, seat: str, action: Action, *,
                           by_player: bool = True) -> MoveResult:
        """Apply `action`, one of the legal actions of `seat` in `record` (which the
        caller read with the channel lock held, and still holds): nothing is read again
        and no key parsed."""
        return await self._play(record, seat, action, record.version, by_player)

    async def _play(self, record: GameRecord, seat: str, move: str | Action,
                    expected_version: int | None, by_player: bool) -> MoveResult:
        """Apply `move` (an action, or its key) to `record`'s state.

        Another process (a shard answering DMs) may store a move of the same game
        between reading it and storing this one: the database refuses the stale write
        and the move is tried again on the new state, by the rule of move buttons: only
        if the seat's choices are the same as before and it has not moved since."""
        began = time.perf_counter()
        for _ in range(STALE_RETRIES):
            try:
                return await self._apply(record, seat, move, expected_version, by_player,
                                         began)
            except _Raced as race:
                record = await self.running(record.id)
                if record.status != "running" or race.choices != _keys(
                        self.at(record).legal(seat)) or await self.storage.acted_since(
                        record.id, seat, race.version):
                    break
                expected_version = None
        raise UserError("Someone moved at the same time; try again.")

    async def _apply(self, record: GameRecord, seat: str, move: str | Action,
                     expected_version: int | None, by_player: bool, began: float
                     ) -> MoveResult:
        if record.status != "running":
            raise UserError("The game is over.")
        if expected_version is not None and expected_version != record.version:
            raise UserError(STALE)
        if seat not in record.seats:
            raise UserError("You are not playing in this game.")
        refused = seat_refusal(record, seat) if by_player else None
        if refused:
            raise UserError(refused)
        rs = self.ruleset_of(record)
        was = self.at(record)
        action = move if isinstance(move, Action) else was.action(seat, move)
        step = rs.apply(was.state, seat, action)
        now = Position(rs, step.state)
        finished = now.over
        snapshot = rs.dump_state(step.state)
        status: GameStatus = "finished" if finished else "running"
        stands = standing(now)
        try:
            await self.storage.record_move(record.id, seat, action.key, snapshot,
                                           new_version=now.version, status=status,
                                           standing=stands)
        except StaleVersion as exc:
            raise _Raced(record.version, _keys(was.legal(seat))) from exc
        # the row as stored (not read again: the move's write is the only change; since
        # when each seat is awaited is the storage's to say: not known here)
        record = record.model_copy(update={"state": snapshot, "version": now.version,
                                           "status": status,
                                           "updated_at": self.storage.now(),
                                           "waits": None,
                                           "game_round": stands.round})
        if finished:
            self._cache.drop(record.id)
        else:
            self._cache.put(record.id, record.version, now, record.channel_id)
        cleared = absence.after_own_move(record.options, seat) if by_player else None
        if cleared is not None and not finished:  # moved themselves: the streak is over
            record = await self.storage.set_options(record.id, cleared, touch=False)
        stat = MoveStat(game_id=record.id, ruleset=record.ruleset, seat=seat,
                        kind=action.key.split(":", 1)[0], version=record.version,
                        seconds=time.perf_counter() - began, by_player=by_player,
                        finished=finished)
        log_move(stat.game_id, stat.ruleset, seat, stat.kind, stat.version, stat.seconds,
                 by_player)
        for watcher in self.watchers:
            watcher.moved(stat)
            if finished:
                watcher.running_changed(-1)
        # the move in the words of the choice the player picked ("Vote AMPUTATE (weak die)",
        # not the action's bare "Vote INFECTED (weak die)")
        label = was.describe(seat, action).label
        return MoveResult(record=record, before=was.state, state=now.state,
                          events=step.events, label=label, seat=seat, finished=finished,
                          positions=(was, now))


STALE_RETRIES = 3


class _Raced(Exception):
    """Another move of the game was stored first (the state read was at `version`)."""

    def __init__(self, version: int, choices: tuple[str, ...]) -> None:
        super().__init__(version)
        self.version, self.choices = version, choices


def _keys(actions: tuple[Action, ...]) -> tuple[str, ...]:
    return tuple(a.key for a in actions)


def game_options(rs: Ruleset, options: dict[str, Any]) -> BaseModel:
    """The engine's options among a game's stored options (which also hold the table's
    own: the timer's choice, who left, who lets Warden answer)."""
    fields = rs.Options.model_fields
    return rs.Options.model_validate({k: v for k, v in options.items() if k in fields})


def standing(at: Position) -> Standing:
    """Where the game stands at `at`, as stored with each move: the seats it waits on
    (none once it is over) and its round, when its public view counts one."""
    found = getattr(at.view(None), "round", None)
    return Standing(waiting=() if at.over else at.waiting,
                    round=found if isinstance(found, int) else None)


def away_seats(record: GameHead) -> list[str]:
    """Seats of a running game whose player was removed or left: Warden's crew plays
    them."""
    return [str(x) for x in record.options.get("away") or ()]


def handed_over(record: GameHead) -> set[str]:
    """The people's seats Warden's crew plays: handed over for good (`away_seats`) or
    while their player is away (`absence.idle_seats`)."""
    return {*away_seats(record), *absence.idle_seats(record.options)}


def computer_seats(record: GameHead) -> list[str]:
    """The seats Warden's crew plays: the computer seats added in the lobby and the
    people's seats `handed_over`, in seat order. None is pinged or asked."""
    away = handed_over(record)
    return [seat for seat in record.seats if is_crew(seat) or seat in away]


def seat_refusal(record: GameHead, seat: str) -> str | None:
    """Why the player of `seat` may not move in the running game now (Warden's crew
    plays the seat: for good, or while they were away), or None."""
    if seat in away_seats(record):
        return REMOVED_TEXT
    if seat in absence.idle_seats(record.options):
        return absence.IDLE_TEXT
    return None


# why Warden moves for a seat: a silent player's time ran out, a decision a player let
# Warden answer, a computer seat's own move
Why = Literal["timeout", "auto", "crew"]
AUTO = "auto_answer"  # the options key listing the seats that let Warden answer for them


def auto_seats(record: GameHead) -> list[str]:
    """Seats whose player chose, on their sheet, that Warden answers for them the
    decisions without a real choice (`Ruleset.auto_answer`). Kept in the game's options
    (the bot's row of the game, not the engine state: a table preference, not a rule),
    so it survives a restart and every process of a sharded bot reads it with the game."""
    return [str(x) for x in record.options.get(AUTO) or ()]


def auto_answers(record: GameHead, at: Position) -> dict[str, Action]:
    """The decisions pending at `at` that Warden answers at once: seat -> answer."""
    chosen = auto_seats(record)
    if not chosen:
        return {}
    out: dict[str, Action] = {}
    for seat in at.waiting:
        if seat in chosen:
            answer = at.auto_answer(seat)
            if answer is not None:
                out[seat] = answer
    return out


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()))
    return f"{where}: {err.get('msg', 'invalid')}"


__all__ = ["AUTO", "IllegalAction", "MoveResult", "MoveStat", "TableWatcher", "Tables",
           "UserError", "Why", "auto_answers", "auto_seats", "away_seats",
           "computer_seats", "game_options", "handed_over", "seat_refusal", "standing"]
