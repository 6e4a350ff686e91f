"""Many running games in one bot process (python benchmarks/games_bench.py).

For each N (--games, default 100 1,000 10,000) and each backend (--backend sqlite
and/or postgres), it creates N running games straight through the storage -- half Dark
Moon with 5 players, half Nemesis: Lockdown with 4, each a real game dealt by its
ruleset, every seat a different user, turn timers on -- then starts the real bot in a
fresh process against the offline fake Discord server (tests/discord/fake_discord/)
and measures there:

* ready: from starting the client to the bot being ready (logged in, connected, the
  running games' timers scheduled); "timers" is the part of it spent reading the
  running games and scheduling their timers (in setup_hook);
* lookup: how long a command sent by DM takes to find the user's game (the seat index,
  then the game's record): median and max over --lookups users; "old scan" is one run
  of what a DM command did before the seat index (read and validate every running
  game, keep those with the user);
* move: one move applied and stored (Tables.play: read the game, decode its state when
  it is not cached, apply, store snapshot and move log) -- "cold" over --moves games
  whose state was not in memory (half Dark Moon, half Lockdown), "warm" over --moves
  further moves of the same games in turn (their states kept in memory by then);
* /games: how long the answer to `/games` takes to make for a player seated in
  BUSY_GAMES of the games (bot/awaited.py: the seat index, the games' rows with where
  each stands and its board message, then the embed): median and max over --lookups
  calls;
* RSS of the bot's process when ready and after the moves (VmRSS, /proc/self/status),
  and its peak until then (ru_maxrss; the old scan runs after it).

PostgreSQL runs on a throwaway server started the way the tests start theirs (the
``PgServer`` of tests/conftest.py, reused as is).

Targets at 10,000 games (issue 11): ready <= 1 s, lookup <= 5 ms, a move no slower than
at 100 games, RSS <= 150 MB; (issue 21) /games <= 1 s for a player in 20 games.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "discord"))

TIMER_MINUTES = 60  # turn timers on, long enough that none fires during a run
CHANNEL_BASE = 800_000_000_000_000
USER_BASE = 500_000_000_000_000
TABLES = (("darkmoon", 5), ("lockdown", 4))  # game i plays TABLES[i % 2]
BUSY = str(USER_BASE - 1)  # the player seated in BUSY_GAMES games (a sixth Dark Moon seat)
BUSY_GAMES = 20


def seats_of(i: int) -> list[str]:
    return [str(USER_BASE + i * 10 + k) for k in range(TABLES[i % 2][1])]


def busy_games(games: int) -> set[int]:
    """The games (Dark Moon ones, spread over all) where BUSY also sits."""
    step = max(2, games // BUSY_GAMES // 2 * 2)
    return set(range(0, games, step)[:BUSY_GAMES])


def table_seats(i: int, games: int) -> list[str]:
    return seats_of(i) + ([BUSY] if i in busy_games(games) else [])


# ------------------------------------------------------------------ populating


async def populate(database: str, games: int, concurrency: int) -> float:
    """Create the running games; the seconds it took."""
    from bot.games import standing
    from bot.position import Position
    from bot.storage import open_storage
    from rules import get_ruleset

    began = time.perf_counter()
    storage = await open_storage(database)
    options = {"turn_timeout_minutes": TIMER_MINUTES}

    async def make(i: int) -> None:
        name, _ = TABLES[i % 2]
        rs = get_ruleset(name)
        seats = table_seats(i, games)
        game = await storage.create_game("1", CHANNEL_BASE + i, name, seats[0], options)
        state = rs.new_game(seats, i, rs.Options.model_validate(options))
        await storage.start_game(game.id, seats, rs.dump_state(state),
                                 version=state.version, standing=standing(Position(rs, state)))

    try:
        for start in range(0, games, concurrency):
            await asyncio.gather(*(make(i) for i in range(start, min(games, start + concurrency))))
    finally:
        await storage.close()
    return time.perf_counter() - began


# ------------------------------------------------------------------ the bot's process


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def serve(database: str, games: int, lookups: int, moves: int) -> dict[str, Any]:
    """Start the bot on the populated database and measure (run in a fresh process)."""
    import pytest
    from fake_discord import FakeDiscord, run_client

    from bot import Settings, make_bot
    from bot.awaited import answer, player_list
    from rules import get_ruleset

    async with FakeDiscord(settle_time=0.03) as fake:
        with pytest.MonkeyPatch.context() as patch:
            fake.patch_discord(patch)
            settings = Settings(DISCORD_TOKEN="x", WARDEN_DATABASE=database)
            bot = make_bot(settings)
            setup_hook = bot.setup_hook
            spent: dict[str, float] = {}

            async def timed_setup_hook() -> None:
                began = time.perf_counter()
                await setup_hook()
                spent["setup"] = time.perf_counter() - began

            patch.setattr(bot, "setup_hook", timed_setup_hook)

            began = time.perf_counter()
            async with run_client(bot, timeout=120.0):
                ready = time.perf_counter() - began
                result: dict[str, Any] = {"games": games, "ready_s": ready,
                                          "setup_s": spent["setup"], "rss_ready": rss_mb(),
                                          "timers": len(bot.timers.scheduled())}
                agent = random.Random(games)
                storage = bot.storage
                tables = bot.tables

                # a DM command finding the user's game
                times = []
                for _ in range(lookups):
                    i = agent.randrange(games)
                    user = agent.choice(seats_of(i))
                    t0 = time.perf_counter()
                    record = await tables.game_of_user(user)
                    times.append(time.perf_counter() - t0)
                    assert record.channel_id == str(CHANNEL_BASE + i)
                result["lookup_ms"] = statistics.median(times) * 1000
                result["lookup_max_ms"] = max(times) * 1000

                # /games for the player seated in BUSY_GAMES games
                times = []
                for _ in range(lookups):
                    t0 = time.perf_counter()
                    items = await player_list(bot, BUSY)
                    answer(items, storage.now(), lambda guild: None)
                    times.append(time.perf_counter() - t0)
                assert len(items) == len(busy_games(games)), len(items)
                result["games_ms"] = statistics.median(times) * 1000
                result["games_max_ms"] = max(times) * 1000
                result["busy_awaited"] = sum(1 for item in items if item.since is not None)

                async def one_move(game_id: int) -> float:
                    record = await storage.get_game(game_id)
                    assert record is not None and record.state is not None
                    rs = get_ruleset(record.ruleset)
                    state = rs.load_state(record.state)  # to choose; not the bot's cache
                    seat = agent.choice(rs.pending(state)).seat
                    key = agent.choice(rs.legal_actions(state, seat)).key
                    async with tables.lock(record.channel_id):
                        t0 = time.perf_counter()
                        await tables.play(game_id, seat, key)
                        return time.perf_counter() - t0

                ids = sorted(agent.sample(range(1, games + 1), min(moves, games)))
                cold = [await one_move(game_id) for game_id in ids]
                # the same games again, in turn (as many of each ruleset as the cold
                # moves), each one's state kept in memory by its cold move
                warm: list[float] = []
                playing = list(ids)
                while playing and len(warm) < moves:
                    for game_id in list(playing):
                        now = await storage.get_game(game_id)
                        if now is None or now.status != "running":
                            playing.remove(game_id)
                        elif len(warm) < moves:
                            warm.append(await one_move(game_id))
                result["move_cold_ms"] = statistics.median(cold) * 1000
                result["move_warm_ms"] = statistics.median(warm) * 1000
                result["cached_states"] = len(tables._cache)
                result["rss_end"] = rss_mb()
                result["rss_peak"] = max(peak_mb(), result["rss_end"])
                # last: it holds every state in memory at once
                user = seats_of(games // 2)[1]
                t0 = time.perf_counter()
                mine = [g for g in await storage.running_games() if user in g.seats]
                result["old_scan_ms"] = (time.perf_counter() - t0) * 1000
                assert len(mine) == 1
    return result


# ------------------------------------------------------------------ driver


class PgServer(Protocol):
    """The throwaway PostgreSQL server of tests/conftest.py, as used here."""

    def url(self, database: str = ...) -> str: ...


def load_pg_server() -> ModuleType:
    """tests/conftest.py as a module (for its PgServer), without putting tests/ on the
    import path (its folders would shadow the real packages)."""
    spec = importlib.util.spec_from_file_location("warden_tests_conftest",
                                                  ROOT / "tests" / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def create_pg_database(server: PgServer, name: str) -> str:
    import asyncpg

    async def create() -> None:
        admin = await asyncpg.connect(server.url())
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name}")
            await admin.execute(f"CREATE DATABASE {name}")
        finally:
            await admin.close()

    asyncio.run(create())
    return str(server.url(name))


def run_backend(backend: str, counts: list[int], args: argparse.Namespace,
                folder: Path) -> list[dict[str, Any]]:
    server = None
    rows = []
    try:
        if backend == "postgres":
            conftest = load_pg_server()
            bin_dir = conftest.find_bin_dir()
            if bin_dir is None:
                raise SystemExit(conftest.INSTALL_HINT)
            server = conftest.PgServer(bin_dir)
            server.start()
        for games in counts:
            if server is not None:
                database = create_pg_database(server, f"warden_bench_{games}")
            else:
                database = str(folder / f"bench-{games}.sqlite3")
            concurrency = 8 if server is not None else 1
            made = asyncio.run(populate(database, games, concurrency))
            print(f"{backend}: {games} games created in {made:.1f} s", file=sys.stderr)
            child = subprocess.run(
                [sys.executable, __file__, "--serve", database, "--games", str(games),
                 "--lookups", str(args.lookups), "--moves", str(args.moves)],
                capture_output=True, text=True, check=False)
            if child.returncode != 0:
                raise SystemExit(f"the bot's process failed:\n{child.stderr}")
            row = json.loads(child.stdout.strip().splitlines()[-1])
            rows.append({"backend": backend, **row})
    finally:
        if server is not None:
            server.stop()
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    head = ("backend", "games", "ready s", "timers s", "lookup ms", "lookup max",
            "/games ms", "/games max", "old scan ms", "move cold ms", "move warm ms",
            "RSS ready MB", "RSS end MB", "RSS peak MB")
    lines = [" | ".join(head), " | ".join("-" * len(h) for h in head)]
    for r in rows:
        cells = (r["backend"], f"{r['games']:,}", f"{r['ready_s']:.3f}", f"{r['setup_s']:.3f}",
                 f"{r['lookup_ms']:.2f}", f"{r['lookup_max_ms']:.2f}",
                 f"{r['games_ms']:.2f}", f"{r['games_max_ms']:.2f}",
                 f"{r['old_scan_ms']:.0f}", f"{r['move_cold_ms']:.2f}",
                 f"{r['move_warm_ms']:.2f}", f"{r['rss_ready']:.0f}", f"{r['rss_end']:.0f}",
                 f"{r['rss_peak']:.0f}")
        lines.append(" | ".join(c.rjust(len(h)) for c, h in zip(cells, head, strict=True)))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", nargs="+", choices=("sqlite", "postgres"),
                        default=["sqlite"])
    parser.add_argument("--games", nargs="+", type=int, default=[100, 1000, 10000])
    parser.add_argument("--lookups", type=int, default=200,
                        help="DM lookups timed per N (users picked at random)")
    parser.add_argument("--moves", type=int, default=150, help="moves timed per N and kind")
    parser.add_argument("--serve", metavar="DATABASE", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:  # the bot's own process
        result = asyncio.run(serve(args.serve, args.games[0], args.lookups, args.moves))
        print(json.dumps(result))
        return 0
    with tempfile.TemporaryDirectory(prefix="warden-games-bench-") as folder:
        rows = [row for backend in args.backend
                for row in run_backend(backend, args.games, args, Path(folder))]
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
