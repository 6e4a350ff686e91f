"""Helpers for games with computer seats (Warden's crew) through the fake Discord."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from fake_discord import FakeDiscord, InteractionRecord, iter_components
from warden_helpers import BOB, HOST, ManualClock, add_players, current_record, current_state

from bot.app import WardenBot
from bot.crew import named
from bot.games import computer_seats, game_options
from bot.storage import GameRecord
from rules import Event, Ruleset, get_ruleset

MoveEvents = tuple[str, list[Event]]  # who moved, and what the move told


@dataclass(frozen=True)
class Table:
    """One kind of table the benchmarks play (benchmarks/crew_soak.py, pace_bench.py): a
    ruleset, its seats, the lobby menus ticked and the options `/game new` is given (the
    board side, the mode)."""

    ruleset: str
    seats: int
    menus: Mapping[str, Sequence[str]] = field(default_factory=dict)
    options: Mapping[str, str] = field(default_factory=dict)


TABLES: dict[str, Table] = {
    "darkmoon": Table("darkmoon", 5),
    "darkmoon-sc": Table("darkmoon", 5, {"modules": ("expansion", "threats", "company_man")}),
    "lockdown": Table("lockdown", 4),
    "lockdown-mars": Table("lockdown", 4, options={"board": "mars"}),
    "lockdown-coop": Table("lockdown", 3, options={"mode": "coop"}),
    "nemesis": Table("nemesis", 4),
}


def everything_sent(fake: FakeDiscord) -> str:
    """Every request body the bot sent to Discord (messages, edits, answers, DMs)."""
    return "\n".join(json.dumps(r.json) for r in fake.requests if r.json is not None)


def lobby_content(fake: FakeDiscord, message_id: int) -> str:
    return fake.message(message_id).content


async def open_lobby(fake: FakeDiscord, people: tuple[int, ...], crew: int,
                     ruleset: str = "darkmoon", **options: object) -> int:
    """A lobby with `people` seated and `crew` AI players added by the host; its id."""
    lobby = await fake.slash(people[0], fake.channel_id, "game", "new", ruleset=ruleset,
                             **options)
    for uid in people[1:]:
        await fake.click(uid, lobby.message, label="Join")
    assert lobby.message.components, lobby.response.content
    for _ in range(crew):
        added = await fake.click(people[0], lobby.message, label="Add AI player")
        assert not added.response.ephemeral
    return lobby.message.id


async def start(fake: FakeDiscord, people: tuple[int, ...], crew: int,
                ruleset: str = "darkmoon", **options: object) -> None:
    lobby = await open_lobby(fake, people, crew, ruleset, **options)
    await fake.click(people[0], lobby, label="Start")
    await fake.settle()


async def step(fake: FakeDiscord, bot: WardenBot, clock: ManualClock,
               agent: random.Random) -> bool:
    """One move of the game: a person's (a random legal `/move`, answered "Done") or,
    when only computer seats are awaited, Warden's crew's once its pause is over (never
    before). False once the game is over."""
    record, state = await current_state(bot)
    if record.status != "running":
        return False
    rs = bot.tables.ruleset_of(record)
    crew = set(computer_seats(record))
    people = [p.seat for p in rs.pending(state) if p.seat not in crew]
    if people:
        seat = agent.choice(people)
        legal = rs.legal_actions(state, seat)
        action = agent.choice([a for a in legal if a.key != "pass"] or legal)
        done = await fake.slash(int(seat), fake.channel_id, "move", action=action.key)
        assert done.response.content.startswith("Done:"), done.response.content
        return True
    pause = bot.settings.crew_pause_seconds
    await fake.settle()  # the computer seat's turn has begun: its pause is counting
    await clock.advance(pause - 0.5, fake)
    assert (await current_record(bot)).version == record.version, "moved before its pause"
    await clock.advance(0.5, fake)
    assert (await current_record(bot)).version > record.version, "no move after the pause"
    return True


# ------------------------------------------------------------ every seat the crew's
class SoakClock(ManualClock):
    """The timers' clock, run from one due moment to the next (nothing slept for real)."""

    def next_due(self) -> float | None:
        """Seconds until the earliest sleeper wakes, or None when nothing sleeps."""
        due = [t for t, f in self._sleepers if not f.done()]
        return max(0.0, min(due) - self.now) if due else None


# The host's seat, which the host cannot hand over, is played by the computer player when
# its turn timer runs out (the table's choice by default): a 1-unit timer
ALL_CREW_OPTIONS: dict[str, object] = {"turn_timer": 1, "when_time_runs_out": "ai"}


async def open_table(fake: FakeDiscord, host: int, table: Table, **extra: object
                     ) -> InteractionRecord:
    """`host` opens a lobby of `table` (`/game new` with its options and `extra`) and
    ticks its lobby menus; the `/game new` interaction."""
    lobby = await fake.slash(host, fake.channel_id, "game", "new", ruleset=table.ruleset,
                             **extra, **table.options)
    assert lobby.message is not None, lobby.response.content
    for name, ticked in table.menus.items():
        menu = next(c for c in iter_components(lobby.message.components)
                    if c.get("type") == 3 and c["custom_id"].rsplit(":", 1)[1] == name)
        await fake.select(host, lobby.message, menu["custom_id"], list(ticked))
    return lobby


async def start_all_crew(fake: FakeDiscord, ruleset: str, seats: int,
                         menus: Mapping[str, Sequence[str]] | None = None,
                         options: Mapping[str, str] | None = None) -> InteractionRecord:
    """A game of `ruleset` with `seats` seats, every one played by Warden's crew: the host
    opens the lobby (`/game new` with ALL_CREW_OPTIONS and `options`, the lobby's `menus`
    ticked), BOB joins, the host
    adds AI players up to `seats` and starts, and BOB leaves (his seat is the crew's).
    The host's seat moves when its timer runs out, until it has run out 3 times in a row
    (then the crew plays it too, as for any silent player). Returns BOB's leaving."""
    assert seats >= 2
    add_players(fake, HOST, BOB)
    lobby = await open_table(fake, HOST, Table(ruleset, seats, menus or {}, options or {}),
                             **ALL_CREW_OPTIONS)
    assert lobby.message is not None
    await fake.click(BOB, lobby.message, label="Join")
    for _ in range(seats - 2):
        added = await fake.click(HOST, lobby.message, label="Add AI player")
        assert not added.response.ephemeral, added.response.content
    started = await fake.click(HOST, lobby.message, label="Start")
    assert not started.response.ephemeral, started.response.content
    left = await fake.slash(BOB, fake.channel_id, "game", "leave")
    assert "Warden's crew now plays for" in left.response.content, left.response.content
    await fake.settle()
    return left


async def play_out(fake: FakeDiscord, bot: WardenBot, clock: SoakClock, game_id: int,
                   limit: int) -> GameRecord:
    """Let the clock run, one due moment after another (a computer seat's pause, the
    host's timer), until the game is over; at most `limit` moments. Fails when the game
    waits with nothing scheduled (stuck)."""
    for _ in range(limit):
        record = await bot.storage.get_game(game_id)
        assert record is not None
        if record.status != "running":
            return record
        await fake.settle()
        due = clock.next_due()
        assert due is not None, f"game {game_id} is stuck at version {record.version}"
        await clock.advance(due, fake)
    raise AssertionError(f"game {game_id} still running after {limit} moments")


async def replayed(bot: WardenBot, game_id: int) -> tuple[Ruleset, list[MoveEvents]]:
    """The game's stored moves played again from its seed: who moved and the events."""
    record = await bot.storage.get_game(game_id)
    assert record is not None and record.state is not None
    rs = get_ruleset(record.ruleset)
    state = rs.new_game(list(record.seats), rs.load_state(record.state).seed,
                        game_options(rs, record.options))
    out: list[MoveEvents] = []
    for move in await bot.storage.moves(game_id):
        seat = move.seat or ""
        applied = rs.apply(state, seat, rs.parse_action(state, seat, move.action))
        out.append((seat, applied.events))
        state = applied.state
    assert rs.dump_state(state) == record.state, "the replay differs from the stored game"
    return rs, out


def unannounced(fake: FakeDiscord, moves: Sequence[MoveEvents]) -> list[str]:
    """The public lines of `moves` that no public channel message shows (crew seats
    written by name, as the table writes them)."""
    shown = "\n".join(m.content for m in fake.messages_in(fake.channel_id,
                                                          include_ephemeral=False))
    return [line for _, events in moves for e in events if e.to is None
            and (line := named(e.text)) not in shown]
