"""The computer players' strength table, measured over many games and many sittings
(python benchmarks/strength.py run|report [--out FILE] ...; run with PYTHONPATH=.).

`run` plays the games of a plan (a list of lines, each one kind of game: a ruleset, its
players and options, who plays which seat or side, the `ai`'s search budget) through
`bot.simulate.play_agents`, the same as `python -m bot simulate --agents`, and appends
one JSON line per game to `--out` as soon as it ends. A game is known by its line and
its seed, so a run stopped half way (or on another day) goes on where it stopped and
never plays a game twice; `--games` is how many games each line should have in all, and
`--lines` picks lines by name. `--jobs` plays that many games at once (one process
each).

`report` reads the files (several runs' at once: a game found twice counts once) and
prints, for each line, the issue's `simulate --json` object
(seat-games and wins per agent and per side, decision CPU ms p50/p95) and one row per
agent and side with its win rate and a 95 % Wilson interval, so that "clearly more
often" can be read off: two rows differ clearly when their intervals do not overlap.

The lines compare each side played by `ai`, `random`, `default` (the turn timer's moves)
and `policy` (the `ai`'s playout move without its search) against the same opponents,
`policy` ones: against `random` or `default` opponents every side wins or loses
whoever plays it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.simulate import GameRun, Tally, play_agents, seat_agents, side_agents
from rules import get_ruleset
from rules.agents import budget_for

AGENTS = ("ai", "random", "default", "policy")
# a line whose seats fall on more sides than this (the Nemesis games' objective kinds)
# is reported per agent, not per agent and side
MAX_SIDES_SHOWN = 3


@dataclass(frozen=True)
class Line:
    """One kind of game measured: `agents` as `simulate --agents` takes them (one name
    for every seat, one per seat rotating, or SIDE=NAME); `budget` None is the game's
    own (`rules.agents.budget_for`)."""

    name: str
    ruleset: str
    players: int
    agents: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    budget: int | None = None

    def seed(self, game: int) -> int:
        return 10_000 + game


def _lines() -> Iterator[Line]:
    for x in AGENTS:
        yield Line(f"darkmoon/crew={x}", "darkmoon", 5, (f"uninfected={x}", "policy"))
        yield Line(f"darkmoon/infected={x}", "darkmoon", 5, (f"infected={x}", "policy"))
    yield Line("darkmoon/all=ai", "darkmoon", 5, ("ai",))
    modules = {"expansion": True, "threats": True, "company_man": True}
    for x in AGENTS:
        yield Line(f"darkmoon-cm/company_man={x}", "darkmoon", 5,
                   (f"company man={x}", "policy"), modules)
        yield Line(f"darkmoon-cm/crew={x}", "darkmoon", 5, (f"uninfected={x}", "policy"),
                   modules)
        yield Line(f"darkmoon-cm/infected={x}", "darkmoon", 5, (f"infected={x}", "policy"),
                   modules)
    for x in AGENTS:  # the expansion alone
        yield Line(f"darkmoon-x/crew={x}", "darkmoon", 5, (f"uninfected={x}", "policy"),
                   {"expansion": True})
        yield Line(f"darkmoon-x/infected={x}", "darkmoon", 5, (f"infected={x}", "policy"),
                   {"expansion": True})
    for x in AGENTS:
        yield Line(f"lockdown/one={x}", "lockdown", 4, (x, "policy", "policy", "policy"))
        yield Line(f"lockdown-solo/{x}", "lockdown", 1, (x,), {"mode": "solo"})
        yield Line(f"lockdown-coop/{x}", "lockdown", 2, (x,), {"mode": "coop"})
        yield Line(f"lockdown-mars/one={x}", "lockdown", 4, (x, "policy", "policy", "policy"),
                   {"board": "mars"})
        yield Line(f"nemesis/one={x}", "nemesis", 4, (x, "policy", "policy", "policy"))


LINES: dict[str, Line] = {line.name: line for line in _lines()}


def play(line: Line, game: int) -> dict[str, Any]:
    """One game of a line, as the JSON record `report` reads."""
    rs = get_ruleset(line.ruleset)
    options = rs.Options.model_validate(line.options)
    by_side = side_agents(line.agents)
    seated = seat_agents(line.agents if by_side is None else ["random"], line.players, game)
    budget = budget_for(rs) if line.budget is None else line.budget
    run = play_agents(rs, seated, line.seed(game), budget, options=options, by_side=by_side)
    return record(line, game, budget, run)


def record(line: Line, game: int, budget: int, run: GameRun) -> dict[str, Any]:
    ms: dict[str, list[float]] = {}
    for name, t in run.decisions:
        ms.setdefault(name, []).append(round(t, 1))
    return {"line": line.name, "game": game, "seed": line.seed(game), "budget": budget,
            "steps": run.steps, "reason": run.outcome.reason,
            "seats": {seat: [name, run.sides.get(seat, "player"),
                             seat in run.outcome.winners, run.survived.get(seat)]
                      for seat, name in run.agents.items()},
            "ms": ms}


def done(path: Path) -> set[tuple[str, int]]:
    if not path.exists():
        return set()
    return {(r["line"], r["game"]) for r in _records(path)}


def _records(path: Path) -> Iterator[dict[str, Any]]:
    for text in path.read_text().splitlines():
        if text.strip():
            yield json.loads(text)


def _play(job: tuple[str, int]) -> dict[str, Any]:
    """One game's record; a game the engine fails in is recorded as that error (counted
    by the report, never played again) so that a long run goes on."""
    try:
        return play(LINES[job[0]], job[1])
    except Exception as error:  # a failed game is reported, not the end of the run
        return {"line": job[0], "game": job[1], "error": f"{type(error).__name__}: {error}"}


def run(path: Path, names: Sequence[str], games: int, jobs: int) -> None:
    have = done(path)
    todo = [(name, g) for g in range(games) for name in names if (name, g) not in have]
    print(f"{len(todo)} games to play ({len(have)} in {path})", flush=True)
    with path.open("a") as out, ProcessPoolExecutor(max_workers=jobs) as pool:
        for future in as_completed([pool.submit(_play, job) for job in todo]):
            rec = future.result()
            out.write(json.dumps(rec) + "\n")
            out.flush()
            print(f"{rec['line']} #{rec['game']}: "
                  + (f"FAILED {rec['error']}" if "error" in rec
                     else f"{rec['steps']} moves, {rec['reason']}"), flush=True)


# ------------------------------------------------------------------ report
def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def tally(records: Sequence[dict[str, Any]]) -> Tally:
    t = Tally()
    for r in records:
        for name, side, won, lived in r["seats"].values():
            t.count(name, side, won, bool(lived))
        for name, times in r["ms"].items():
            t.decision_ms.setdefault(name, []).extend(times)
    return t


def report(paths: Sequence[Path], names: Sequence[str]) -> None:
    by_line: dict[str, list[dict[str, Any]]] = {}
    seen: set[tuple[str, int]] = set()
    for path in paths:
        for r in _records(path):
            if (r["line"], r["game"]) not in seen:  # a game in two files counts once
                seen.add((r["line"], r["game"]))
                by_line.setdefault(r["line"], []).append(r)
    print("| line | agent (as side) | seat-games | won | 95 % interval | survived "
          "| decision ms p50/p95 |")
    print("|---|---|---|---|---|---|---|")
    objects: list[str] = []
    for name in names:
        failed = [r for r in by_line.get(name, []) if "error" in r]
        records = [r for r in by_line.get(name, []) if "error" not in r]
        for r in failed:
            objects.append(f"{name} game {r['game']} FAILED: {r['error']}")
        if not records:
            continue
        line = LINES[name]
        t = tally(records)
        budgets = Counter(r["budget"] for r in records)
        lives = any(r["seats"][seat][3] is not None for r in records for seat in r["seats"])
        rows = ([((agent, side), n, t.both_wins[agent, side])
                 for (agent, side), n in sorted(t.both_seats.items())]
                if len(t.side_seats) <= MAX_SIDES_SHOWN
                else [((agent, ""), n, t.wins[agent]) for agent, n in sorted(t.seats.items())])
        for (agent, side), n, won in rows:
            lo, hi = wilson(won, n)
            who = f"{agent} as {side}" if side else agent
            lived = f"{t.survived[agent] / t.seats[agent]:.0%}" if lives else ""
            ms = f"{t.ms(agent, 0.5)}/{t.ms(agent, 0.95)}" if agent == "ai" else ""
            print(f"| {name} | {who} | {n} | {won / n:.0%} "
                  f"| {lo:.0%} to {hi:.0%} | {lived} | {ms} |")
        obj = t.report(line.ruleset, line.players, len(records),
                       sum(r["steps"] for r in records))
        objects.append(f"{name} (ai budget {dict(budgets)}): {json.dumps(obj)}")
    print()
    print("\n".join(objects))


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("run", "report", "lines"))
    parser.add_argument("--out", type=Path, nargs="+", default=[Path("strength.jsonl")],
                        help="the file run appends to (one); the files report reads")
    parser.add_argument("--lines", nargs="*", default=None,
                        help="line names or prefixes (default: every line)")
    parser.add_argument("--games", type=int, default=200, help="games per line in all")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    names = [n for n in LINES
             if args.lines is None or any(n == p or n.startswith(p) for p in args.lines)]
    if args.command == "lines":
        print("\n".join(names))
    elif args.command == "run":
        if len(args.out) != 1:
            parser.error("run appends to one --out file")
        run(args.out[0], names, args.games, args.jobs)
    else:
        report(args.out, names)


if __name__ == "__main__":
    main(sys.argv[1:])
