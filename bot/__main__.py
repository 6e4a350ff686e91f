"""`python -m bot` runs the bot; `simulate`, `replay` and `bench` are tools."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

import aiohttp
import discord
from pydantic import ValidationError

from bot import app
from bot.bench import run as run_bench
from bot.bench import run_agents as run_agent_bench
from bot.cli_options import (
    OptionError,
    check_table,
    parse_agents,
    parse_options,
    ruleset_named,
    rulesets_help,
)
from bot.logs import configure_logging
from bot.replay import export_log, replay_game
from bot.settings import Settings
from bot.shards import ShardPlan
from bot.simulate import NoAgentForSide, simulate
from bot.storage import (
    StorageOpenError,
    describe_database,
    is_postgres_url,
    open_storage,
)
from bot.warmup import warm_up
from rules import list_rulesets

NO_TOKEN = """No Discord token found.
Create a bot at https://discord.com/developers/applications (Bot tab -> Reset Token),
then put it in a .env file next to where you run Warden:

    DISCORD_TOKEN=your-token-here

(see .env.example) and run `python -m bot` again."""


MAIN_HELP = """Warden, a Discord game master for Dark Moon, Nemesis: Lockdown and Nemesis.

Without a command, `python -m bot` starts the bot: it reads DISCORD_TOKEN and the WARDEN_*
settings from .env or the environment (see README.md) and runs until stopped. The
commands below are tools that never connect to Discord."""

SIMULATE_EXAMPLES = """
Examples:
  python -m bot simulate --ruleset darkmoon --players 5 --games 20 --seed 1
  python -m bot simulate --ruleset darkmoon --option expansion=true --option threats=true
  python -m bot simulate --ruleset lockdown --players 2 --option mode=coop --option board=mars
  python -m bot simulate --ruleset nemesis --players 3 --games 1 --render out/
  python -m bot simulate --ruleset darkmoon --players 5 --games 200 \
      --agents ai,random,random,random,random --json
"""


def main(argv: list[str] | None = None) -> int:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(prog="python -m bot", description=MAIN_HELP,
                                     formatter_class=raw)
    sub = parser.add_subparsers(dest="command", title="commands (none: start the bot)")
    sim = sub.add_parser("simulate", help="play random games without Discord",
                         description="Play random games without Discord and print who won.",
                         epilog=rulesets_help() + "\n" + SIMULATE_EXAMPLES,
                         formatter_class=raw)
    games = list_rulesets()
    sim.add_argument("--ruleset", default=games[0],
                     help=f"the game: {', '.join(games)} (default {games[0]})")
    sim.add_argument("--players", type=int, default=5)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--render", type=Path, default=None, help="write board PNGs of game 1")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a ruleset option, e.g. expansion=true or mode=coop "
                     "(repeatable; the list is below)")
    _agent_arguments(sim, "the players: one name for every seat, or one per seat "
                     "(rotating one seat further each game), or SIDE=NAME per side dealt "
                     "(e.g. uninfected=ai,random): ai, random, default (the turn timer's "
                     "moves), policy (the ai's playouts without its search); without it, "
                     "random legal moves")
    sim.add_argument("--json", action="store_true",
                     help="end with the wins per agent and per side as one JSON line")
    rep = sub.add_parser("replay", help="check a stored game replays to its snapshot",
                         description="Replay a stored game from its seed and move log and "
                         "check it reproduces the stored snapshot (exit 0), or say where it "
                         "differs (exit 1). The database is only read.")
    rep.add_argument("game_id", type=int)
    rep.add_argument("--database", default=None,
                     help="a SQLite file or a postgresql:// URL (default: the "
                     "WARDEN_DATABASE setting, else warden.sqlite3); it must exist")
    rep.add_argument("--log", action="store_true", help="also print the move log")
    bench = sub.add_parser("bench", help="print speed numbers")
    bench.add_argument("--ruleset", default=None,
                       help=f"the game (default {games[0]}; with --agents, every game)")
    bench.add_argument("--players", type=int, default=5)
    bench.add_argument("--games", type=int, default=50)
    bench.add_argument("--repeats", type=int, default=3, help="timed passes over the games")
    bench.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a ruleset option, e.g. mode=coop (repeatable)")
    _agent_arguments(bench, "time these computer players' decisions instead of the engine "
                     "(ai, random, default, policy), on --ruleset or else on every ruleset")
    bench.add_argument("--decisions", type=int, default=20,
                       help="with --agents: positions timed per ruleset")
    args = parser.parse_args(argv)

    agents: list[str] | None = None
    if args.command == "bench" and args.agents is not None and args.ruleset is None:
        run_agent_bench(list_rulesets(), args.agents.split(","), args.budget, args.games,
                        args.decisions)
        return 0
    if args.command in ("simulate", "bench"):
        args.ruleset = args.ruleset or games[0]
        try:
            rs = ruleset_named(args.ruleset)
            options = parse_options(rs, args.option)
            check_table(rs, options, args.players)
            if args.agents is not None:
                agents = parse_agents(args.agents, rs, args.players)
        except OptionError as exc:
            print(f"python -m bot {args.command}: {exc}", file=sys.stderr)
            return 2
    if args.command == "simulate":
        try:
            report = simulate(args.ruleset, args.players, args.games, args.seed, args.render,
                              options, agents=agents, budget=args.budget, as_json=args.json)
        except NoAgentForSide as exc:
            print(f"python -m bot simulate: {exc}", file=sys.stderr)
            return 2
        print(report)
        return 0
    if args.command == "replay":
        return asyncio.run(_replay(args.game_id, args.database, args.log))
    if args.command == "bench" and agents is not None:
        run_agent_bench([args.ruleset], agents, args.budget, args.games, args.decisions,
                        args.players, options)
        return 0
    if args.command == "bench":
        run_bench(args.ruleset, args.players, args.games, args.repeats, options)
        return 0
    return _run_bot()


def _agent_arguments(parser: argparse.ArgumentParser, about: str) -> None:
    parser.add_argument("--agents", default=None, metavar="NAME[,NAME...]", help=about)
    parser.add_argument("--budget", type=int, default=None,
                        help="the ai's search budget, iterations (default: the bot's, the "
                        "game's own: a decision within 1 s of one core)")


async def _replay(game_id: int, database: str | None, show_log: bool) -> int:
    path = database or Settings().database
    if not is_postgres_url(path) and not Path(path).is_file():
        print(f"python -m bot replay: there is no database file {path} (--database, or the "
              "WARDEN_DATABASE setting, names it; the bot creates it when it first runs).",
              file=sys.stderr)
        return 2
    try:
        storage = await open_storage(path)
    except StorageOpenError as exc:
        print(f"python -m bot replay: {exc.problem} {exc.advice}", file=sys.stderr)
        return 2
    try:
        report = await replay_game(storage, game_id)
        if show_log:
            print(await export_log(storage, game_id))
    finally:
        await storage.close()
    print(f"game {report.game_id}: {report.moves} moves; {report.detail}")
    return 0 if report.matches else 1


async def _storage_problem(path: str) -> str | None:
    """Open (and migrate) the database once before going online: a file or server that
    cannot be used is explained in one paragraph instead of a traceback after connecting."""
    try:
        storage = await open_storage(path)
    except StorageOpenError as exc:
        what = ("database", "URL") if is_postgres_url(path) else ("database file", "path")
        return (f"Warden cannot use its {what[0]}. {exc.problem} {exc.advice} The "
                f"{what[1]} is the WARDEN_DATABASE setting (in .env or the environment; now "
                f"{describe_database(path)!r}): fix it and run `python -m bot` again.")
    await storage.close()
    return None


def _run_bot() -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'settings'}: {e['msg']}"
                             for e in exc.errors())
        print(f"Warden's settings (.env or the environment) are not valid: {problems}.",
              file=sys.stderr)
        return 2
    configure_logging(settings.log_level, settings.log_format)
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    if ShardPlan.of(settings).partial and not is_postgres_url(settings.database):
        print("WARDEN_SHARDS runs only some of the bot's shards here, so other processes "
              "run the rest: they must share one PostgreSQL database. Set WARDEN_DATABASE "
              "to a postgresql:// URL, or run every shard in this process (unset "
              "WARDEN_SHARDS).", file=sys.stderr)
        return 2
    problem = asyncio.run(_storage_problem(settings.database))
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    client = app.make_bot(settings)
    warm_up()  # every ruleset's content loaded, the start-up heap left out of GC passes
    try:
        client.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN: reset it in the developer "
              "portal (Bot tab) and put the new one in .env.", file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectorError, OSError) as exc:
        print(f"Cannot reach Discord ({exc}); check the network and try again.",
              file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
