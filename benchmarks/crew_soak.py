"""Soak the table with games every seat of which Warden's crew plays (python
benchmarks/crew_soak.py [--games N] [--seed S] [--agent NAME] [--budget B] [--tables ...]).

Each game runs through the real bot and the offline fake Discord (tests/discord/), as the
test tests/discord/test_crew_soak.py plays one: the host opens the lobby (the turn
timer's AI decides for the host's seat), a second player joins and leaves (the crew
plays their seat), AI players fill the rest; the timers' clock is driven by hand, one
due moment after the next, so nothing is slept for real. After each game the stored
move log is played again through the engine, and the script counts, per table:

- games, moves per game, and the outcomes (the ruleset's reason, seat mentions
  written as @X; the winning team where the game has teams);
- the rare states reached: for each event kind named in RARE (pods launched,
  hibernation, self-destruct, evacuation, amputation, quarantine, Lockdown's lockdown,
  the CSS, Mars...), how many games reached it and how many times, and the Company
  Man's wins (Dark Moon's outcome team); then every other event kind that fewer than
  half the games reached;
- what went wrong at the table: errors logged (ERROR or an ignored exception),
  warnings (a computer move refused, a post lost, a gateway held up...), requests
  over Discord's documented limits, 429 answers, interactions left unanswered, computer
  seats mentioned as users, public lines of a move that no channel message shows, and
  games that got stuck or did not end; and the HTTP requests per move.

The bot has no notion of these event kinds: only this script names them. It soaks the
bot Python imports (printed first: the installed one; this checkout's with PYTHONPATH=.).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import statistics
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "discord"))

import pytest  # noqa: E402
from crew_helpers import (  # noqa: E402
    TABLES,
    SoakClock,
    Table,
    everything_sent,
    play_out,
    replayed,
    start_all_crew,
    unannounced,
)
from fake_discord import DiscordErrorGuard, FakeDiscord  # noqa: E402
from warden_helpers import warden  # noqa: E402

import bot  # noqa: E402
from rules.agents import AGENTS  # noqa: E402

# The event kinds of rare states, per ruleset (grepped from rules/<game>/: `kind="..."`)
RARE: dict[str, tuple[str, ...]] = {
    "darkmoon": ("evacuation", "takeoff", "evacuation_failure", "amputation", "quarantine",
                 "lone_wolf", "sabotage", "refueled", "threat_claimed", "test_commander"),
    "lockdown": ("lockdown", "alert", "autodestruct", "css_launch", "escape_css", "css_fail",
                 "isolation", "bunker", "rover", "mars_card", "revived",
                 "contingency_revealed", "death", "contamination", "intruder_dies", "nest"),
    "nemesis": ("pod_launch", "hibernate", "self_destruct", "engines", "coordinates_revealed",
                "course", "victory_check", "death", "contamination", "intruder_dies",
                "nest"),
}
MENTION = re.compile(r"<@!?\w+>|\*\*Warden crew \d+\*\*")


class Warnings(logging.Handler):
    """WARNING lines of the bot (a refused computer move, a lost post...) and of
    discord.py (a gateway that cannot keep up: the event loop held up), kept as text."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno == logging.WARNING:
            self.lines.append(f"{record.name}: {record.getMessage()}")

    def take(self) -> list[str]:
        taken, self.lines = self.lines, []
        return taken


@dataclass
class Played:
    """What one game did."""

    moves: int = 0
    requests: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    reason: str = ""
    team: str | None = None
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    violations: int = 0
    rate_limited: int = 0
    unanswered: int = 0
    crew_mentions: int = 0
    mentioned: list[str] = field(default_factory=list)  # where (the first two)
    unannounced: list[str] = field(default_factory=list)
    failure: str | None = None  # stuck, not ended, or the bot or the fake broke
    seconds: float = 0.0


async def play_one(table: Table, seed: int, agent: str, budget: int | None, scale: float,
                   settle: float, guard: DiscordErrorGuard, warned: Warnings,
                   limit: int) -> Played:
    played = Played()
    began = time.perf_counter()
    clock = SoakClock()
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as patch:
        fake = FakeDiscord(settle_time=settle, timeout=30.0, rate_limit_scale=scale)
        await fake.start()
        fake.patch_discord(patch)
        fake.failure_probe = guard.describe
        try:
            async with warden(Path(tmp) / "soak.db", seed=seed, clock=clock,
                              WARDEN_CREW_AGENT=agent, WARDEN_CREW_BUDGET=budget,
                              WARDEN_TIMER_UNIT_SECONDS=6.0,
                              WARDEN_BOARD_EDIT_INTERVAL=1.2 * scale) as bot:
                await start_all_crew(fake, table.ruleset, table.seats, table.menus,
                                     table.options)
                record = await play_out(fake, bot, clock, 1, limit=limit)
                rs, moves = await replayed(bot, record.id)
                played.moves = len(moves)
                for _, events in moves:
                    played.kinds.update(e.kind for e in events)
                outcome = rs.outcome(rs.load_state(record.state)) if record.state else None
                if outcome is not None:
                    played.reason = MENTION.sub("@X", outcome.reason)
                    played.team = outcome.team
                played.unannounced = unannounced(fake, moves)
        except Exception as exc:  # a broken game is counted, and the soak goes on
            played.failure = f"{type(exc).__name__}: {exc}".splitlines()[0][:200]
            logging.getLogger("soak").debug("%s", traceback.format_exc())
        finally:
            played.requests = len(fake.requests)
            played.violations = len(fake.limit_violations)
            played.rate_limited = len(fake.rate_limit_hits)
            played.unanswered = sum(1 for i in fake.interactions if not i.responded)
            sent = everything_sent(fake)
            played.crew_mentions = sent.count("<@crew")
            played.mentioned = [sent[max(0, m.start() - 80):m.end() + 40]
                                for m in re.finditer("<@crew", sent)][:2]
            problems = fake.problems()
            await fake.stop()
    played.errors = [guard.format(r) for r in guard.take()] + problems
    played.warnings = warned.take()
    played.seconds = time.perf_counter() - began
    return played


def report(name: str, table: Table, games: Sequence[Played]) -> None:
    ended = [g for g in games if g.failure is None]
    moves = [g.moves for g in ended]
    print(f"\n== {name}: {table.ruleset}, {table.seats} seats"
          + (f", {dict(table.menus)}" if table.menus else "")
          + (f", {dict(table.options)}" if table.options else ""))
    print(f"  games {len(games)} (ended {len(ended)}), moves per game "
          + (f"mean {statistics.fmean(moves):.0f}, min {min(moves)}, max {max(moves)}"
             if moves else "n/a")
          + f", seconds per game {statistics.fmean(g.seconds for g in games):.1f}")
    reached = Counter(kind for g in ended for kind in g.kinds)
    times = Counter[str]()
    for g in ended:
        times.update(g.kinds)
    print("  rare states (games reached / times):")
    rare = RARE.get(table.ruleset, ())
    for kind in rare:
        print(f"    {kind:22s} {reached[kind]:4d} / {times[kind]}")
    teams = Counter(g.team for g in ended)
    if any(teams):
        print("  winning team: " + ", ".join(f"{t} {n}" for t, n in teams.most_common()))
    others = [k for k in sorted(reached) if k not in rare and reached[k] < len(ended) / 2]
    if others:
        print("  other event kinds reached by fewer than half the games: " + ", ".join(
            f"{k} {reached[k]}/{times[k]}" for k in others))
    print("  outcomes:")
    for reason, n in Counter(g.reason for g in ended).most_common():
        print(f"    {n:4d}  {reason}")
    requests = sum(g.requests for g in ended)  # (a failed game's moves are not counted)
    all_moves = sum(g.moves for g in ended)
    print(f"  requests per move {requests / max(1, all_moves):.2f}; 429s "
          f"{sum(g.rate_limited for g in games)}; limit violations "
          f"{sum(g.violations for g in games)}; errors logged "
          f"{sum(len(g.errors) for g in games)}; warnings "
          f"{sum(len(g.warnings) for g in games)}; unanswered interactions "
          f"{sum(g.unanswered for g in games)}; crew mentions "
          f"{sum(g.crew_mentions for g in games)}; public lines not shown "
          f"{sum(len(g.unannounced) for g in games)}; failed games "
          f"{sum(g.failure is not None for g in games)}")
    for g in games:
        shown = [f"computer seat mentioned: ...{m}..." for m in g.mentioned]
        for line in ([g.failure] if g.failure else []) + g.errors[:3] + g.warnings[:3] \
                + g.unannounced[:3] + shown:
            print(f"    ! {line[:300]}")


async def main(args: argparse.Namespace) -> None:
    logging.basicConfig(level=logging.WARNING)
    print(f"bot under test: {bot.__file__}; agent {args.agent}"
          + (f", budget {args.budget}" if args.budget else ""), flush=True)
    guard = DiscordErrorGuard()
    guard.install()
    warned = Warnings()
    logging.getLogger().addHandler(warned)
    try:
        for name in args.tables:
            table = TABLES[name]
            games: list[Played] = []
            for n in range(args.games):
                games.append(await play_one(table, args.seed + n * 1000, args.agent,
                                            args.budget, args.scale, args.settle, guard,
                                            warned, args.limit))
                if args.verbose:
                    g = games[-1]
                    print(f"  {name} game {n}: {g.moves} moves, {g.seconds:.1f} s, "
                          f"{g.failure or g.reason}", flush=True)
            report(name, table, games)
    finally:
        guard.uninstall()
        logging.getLogger().removeHandler(warned)


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per table")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--agent", choices=sorted(AGENTS), default="random",
                        help="the computer player of every seat")
    parser.add_argument("--budget", type=int, default=None,
                        help="the ai's search budget (default: the bot's)")
    parser.add_argument("--tables", nargs="+", choices=sorted(TABLES), default=list(TABLES))
    parser.add_argument("--scale", type=float, default=0.02,
                        help="Discord's rate-limit windows and the board edit interval, "
                        "scaled (1 = as in play)")
    parser.add_argument("--settle", type=float, default=0.005,
                        help="seconds without a request after which the bot counts as quiet")
    parser.add_argument("--limit", type=int, default=3000,
                        help="clock moments (computer moves, timers) after which a game "
                        "still running counts as failed (a game that never ends)")
    parser.add_argument("--verbose", action="store_true", help="a line per game")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse()))
