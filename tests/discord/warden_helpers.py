"""Helpers for driving Warden through the fake Discord server."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from fake_discord import FakeDiscord, FakeMessage, InteractionRecord, find_component, run_client

from bot import Settings, make_bot
from bot.app import WardenBot
from bot.storage import GameRecord, Storage
from rules import Ruleset, SubsetMenu

HOST, BOB, CAROL, DAVE = 101, 102, 103, 104
PLAYERS = (HOST, BOB, CAROL)
STRANGER = 199
BACK = "Back: "  # the pay step's way back to the action choice


_LIVE: set[WardenBot] = set()
_quiet = FakeDiscord._is_quiet


def _quiet_and_published(self: FakeDiscord) -> bool:
    """The fake is quiet only once every running bot has sent what it queued (the bot
    publishes after answering, from a task of its own)."""
    return _quiet(self) and not any(
        bot.publisher.busy() or bot.timers.awake or bot.relay.busy() for bot in _LIVE)


FakeDiscord._is_quiet = _quiet_and_published  # type: ignore[method-assign]


# Discord's rate limits run 20 times faster in the fake server for the bot tests, and
# so does the bot's least time between two board edits of a channel (1.2 s in play).
RATE_SCALE = 0.05


@pytest.fixture
def fake_discord_options() -> dict[str, object]:
    """The fake server's options for Warden tests (import this fixture in a module)."""
    return {"rate_limit_scale": RATE_SCALE}


_BACKEND: dict[str, str] = {}  # "url": the PostgreSQL database of the running test


@pytest.fixture(params=["sqlite", "postgresql"])
def bot_backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """Runs a bot test once on each storage (`pytestmark = pytest.mark.usefixtures(
    "bot_backend")`): with "postgresql", the bots of `warden()` open the test's own new
    PostgreSQL database instead of the SQLite file they are given."""
    if request.param == "postgresql":
        _BACKEND["url"] = request.getfixturevalue("pg_url")
    try:
        yield request.param
    finally:
        _BACKEND.pop("url", None)


# Whether an answer is deferred depends on the wall clock (2 s in play): on a busy test
# machine a move may take that long, and an answer that reads "Done: ..." would become a
# deferral with the text following. Tests get their answers undeferred unless they ask
# for a deferral time (tests of deferring set WARDEN_DEFER_AFTER_SECONDS themselves).
TEST_DEFER_AFTER = 60.0


def settings(db: Path, **extra: object) -> Settings:
    """Test settings: board edits spaced as in play, on the tests' faster clock, answers
    never deferred unless asked (TEST_DEFER_AFTER), computer seats played by the
    `random` baseline; the database is `db`, or the PostgreSQL one of `bot_backend`."""
    extra.setdefault("WARDEN_BOARD_EDIT_INTERVAL", 1.2 * RATE_SCALE)
    extra.setdefault("WARDEN_DEFER_AFTER_SECONDS", TEST_DEFER_AFTER)
    # Warden's crew plays the fast baseline in tests (the `ai` searches for up to a
    # second a move); its pause runs on the timers' clock (a ManualClock when given)
    extra.setdefault("WARDEN_CREW_AGENT", "random")
    return Settings(DISCORD_TOKEN="x", WARDEN_DATABASE=_BACKEND.get("url", str(db)),  # type: ignore[arg-type]
                    **extra)


class ManualClock:
    """The turn timers' clock in tests: time passes only when the test says so."""

    def __init__(self) -> None:
        self.now = 0.0
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._sleepers.append((self.now + seconds, future))
        await future

    @property
    def sleeping(self) -> int:
        return sum(1 for _, f in self._sleepers if not f.done())

    async def advance(self, seconds: float, fake: FakeDiscord | None) -> None:
        """Let `seconds` pass, one due sleeper after another (a task woken on the way
        may go back to sleep, counted from the moment it woke). With the fake server,
        wait after each wake-up for the bot to finish what it set off."""
        target = self.now + seconds
        while True:
            pending = [(t, f) for t, f in self._sleepers if not f.done()]
            self._sleepers = pending
            due = [t for t, _ in pending if t <= target]
            if not due:
                break
            self.now = min(due)
            for t, future in pending:
                if t <= self.now:
                    future.set_result(None)
            await asyncio.sleep(0)
            if fake is None:
                break
            await fake.settle()
        if fake is not None or not self._sleepers:
            self.now = max(self.now, target)


@asynccontextmanager
async def warden(db: Path, seed: int = 7, clock: ManualClock | None = None,
                 storage: Storage | None = None, **extra: object) -> AsyncIterator[WardenBot]:
    """A running bot whose new games get fixed seeds (seed, seed+1, ...), so a test that
    plays random moves plays the same game on every run; `clock` drives its timers."""
    bot = make_bot(settings(db, **extra), storage)
    if clock is not None:
        bot.timers.sleep = clock.sleep
    _LIVE.add(bot)
    try:
        async with run_client(bot):
            seeds = iter(range(seed, seed + 1000))
            bot.tables.new_seed = lambda: next(seeds)
            yield bot
    finally:
        _LIVE.discard(bot)


def add_players(fake: FakeDiscord, *ids: int) -> None:
    for uid in ids:
        fake.add_user(uid, f"player{uid}")


async def open_and_start(fake: FakeDiscord, players: tuple[int, ...] = PLAYERS,
                         **options: object) -> InteractionRecord:
    lobby = await fake.slash(players[0], fake.channel_id, "game", "new", ruleset="darkmoon",
                             **options)
    for uid in players[1:]:
        await fake.click(uid, lobby.message, label="Join")
    return await fake.click(players[0], lobby.message, label="Start")


async def current_record(bot: WardenBot) -> GameRecord:
    """The channel's game (each test database holds one game, id 1)."""
    record = await bot.storage.get_game(1)
    assert record is not None, "no game"
    return record


async def current_state(bot: WardenBot) -> tuple[GameRecord, Any]:
    """The channel's game and its engine state."""
    record = await current_record(bot)
    return record, bot.tables.state_of(record)


async def play_moves(fake: FakeDiscord, bot: WardenBot, rs: Ruleset, n: int,
                     seed: int = 1) -> list[str]:
    """`n` random moves (never a pass when there is another choice) by `/move`, each
    answered "Done"; the public story lines they made, in order."""
    agent = random.Random(seed)
    story: list[str] = []
    for _ in range(n):
        record, state = await current_state(bot)
        if record.status != "running":
            break
        seat = agent.choice(rs.pending(state)).seat
        legal = rs.legal_actions(state, seat)
        action = agent.choice([a for a in legal if a.key != "pass"] or legal)
        story += [e.text for e in rs.apply(state, seat, action).events if e.to is None]
        done = await fake.slash(int(seat), fake.channel_id, "move", action=action.key)
        assert done.response.content.startswith("Done:"), done.response.content
    return story


def board_message(fake: FakeDiscord) -> FakeMessage:
    boards = [m for m in fake.messages_in(fake.channel_id, include_ephemeral=False)
              if m.attachments and not m.deleted]
    assert boards, "no board posted"
    return boards[-1]


def dm_asks(fake: FakeDiscord, user: int) -> list[FakeMessage]:
    """The user's DMs that still offer choices (the private sheet's setting button aside),
    oldest first."""
    return [m for m in fake.dms_to(user)
            if m.components and not m.content.startswith("**Your private sheet")]


def button_labels(source: object) -> list[str]:
    from fake_discord import iter_components

    comps = source.components  # type: ignore[attr-defined]
    return [c.get("label", "") for c in iter_components(comps) if c.get("type") == 2]


__all__ = ["find_component"]


def subset_positions(subset: SubsetMenu, parts: tuple[str, ...]) -> list[str]:
    """The option values of a multi-select that choose exactly `parts`."""
    free = list(enumerate(subset.values))
    out = []
    for part in parts:
        i = next(k for k, (_, v) in enumerate(free) if v == part)
        out.append(str(free.pop(i)[0]))
    return out


async def pick_component(fake: FakeDiscord, user: int, message: FakeMessage,
                         components: list[dict], rs: Ruleset, state: object,
                         agent: random.Random) -> InteractionRecord:
    """Use one of a choice message's components at random, as a player would: a button,
    one option of a select, or a legal set of a multi-select (never the pay step's Back,
    which changes nothing and only makes a seeded game longer)."""
    from fake_discord import iter_components

    comps = [c for c in iter_components(components) if c["type"] in (2, 3)]
    comps = [c for c in comps if not c.get("label", "").startswith(BACK)] or comps
    pick = agent.choice(comps)
    if pick["type"] == 2:
        return await fake.click(user, message, pick["custom_id"])
    if pick["custom_id"].startswith("w:m:"):
        n = int(pick["custom_id"].rsplit(":", 1)[1])
        subset = rs.menu(state, str(user)).subsets[n]
        # choosing nothing is the empty choice's button: a client cannot send it here
        parts = agent.choice([p for p in sorted(subset.by_parts) if p])
        return await fake.select(user, message, pick["custom_id"],
                                 subset_positions(subset, parts))
    option = agent.choice(pick["options"])
    return await fake.select(user, message, pick["custom_id"], [option["value"]])
