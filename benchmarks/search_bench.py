"""The engine as a search uses it: `python benchmarks/search_bench.py [--games 20]
[--repeats 3] [--only darkmoon-5p] [--steady | --profile]`.

A computer player's search (ISMCTS) plays random moves on copies of the game: at each
step it asks who must decide, lists the mover's actions (`legal_actions`), applies one
and asks whether the game is over (`outcome`). For each table below this plays seeded
random games twice, move for move the same: once as the bot plays (`pending` with the
prompts' texts, `apply`: a copy and a legality check per move) and once as a search
does (`deciding`, the seats alone, and `apply_listed(..., in_place=True)` on one copy of
the game). It prints the mean microseconds per step of each call, the least of a few
passes (`legal_actions` and `outcome` of the search's loop; `clone`, one copy of the
state, timed on the bot's), the steps per second of each loop, and microseconds per
`determinize` call where the ruleset has one (timed on every 10th state, for the seat
to move).

`--steady` times each state of the games alone instead (every call repeated on it,
the least kept): steadier when other work shares the machine. `--profile` prints the
top of cProfile's list (cumulative, then own time) for the in-place loop of each
table. Prints numbers; asserts nothing about speed. Run it on a quiet machine: a
shared one only ever adds time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import Ruleset, get_ruleset
from rules.core.clone import clone


@dataclass(frozen=True)
class Table:
    name: str
    ruleset: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)


TABLES = (
    Table("darkmoon-5p", "darkmoon", 5),
    Table("lockdown-4p", "lockdown", 4),
    Table("lockdown-solo", "lockdown", 1, {"mode": "solo"}),
    Table("lockdown-coop-4p", "lockdown", 4, {"mode": "coop"}),
    Table("nemesis-4p", "nemesis", 4),
)
CALLS = ("pending", "deciding", "legal_actions", "apply", "apply_listed", "outcome", "clone")
DETERMINIZE_EVERY = 10


@dataclass
class Times:
    """Seconds spent per call, and the steps (moves) played."""

    seconds: dict[str, float] = field(default_factory=lambda: dict.fromkeys(CALLS, 0.0))
    steps: int = 0
    determinize: list[float] = field(default_factory=list)


def _start(rs: Ruleset[Any, Any, Any], table: Table, seed: int) -> Any:
    options = rs.Options.model_validate(table.options)
    return rs.new_game([f"p{i}" for i in range(1, table.players + 1)], seed, options)


def _determinizer(rs: Ruleset[Any, Any, Any]) -> Callable[[Any, str, int], Any] | None:
    """The ruleset's `determinize`, when it has one that works."""
    made: Callable[[Any, str, int], Any] | None = getattr(rs, "determinize", None)
    return made


def play(rs: Ruleset[Any, Any, Any], table: Table, seeds: range, times: Times,
         search: bool) -> None:
    """Seeded random games, timing each call. `search`: a search's way (`deciding`,
    `apply_listed(..., in_place=True)` on one copy of the game); else the bot's
    (`pending`, `apply`: a copy and a legality check on every move), with `clone` and
    `determinize` timed on the way."""
    now = time.perf_counter
    spent = times.seconds
    determinize = None if search else _determinizer(rs)
    for seed in seeds:
        agent = random.Random(seed)
        s = _start(rs, table, seed)
        if search:
            s = clone(s)
        while True:
            t0 = now()
            over = rs.outcome(s)
            t1 = now()
            spent["outcome"] += t1 - t0
            if over is not None:
                break
            seat = _mover(rs, s, agent, spent, search)
            t3 = now()
            legal = rs.legal_actions(s, seat)
            t4 = now()
            spent["legal_actions"] += t4 - t3
            action = agent.choice(legal)
            if search:
                t5 = now()
                s = rs.apply_listed(s, seat, action, in_place=True).state
                spent["apply_listed"] += now() - t5
            else:
                t5 = now()
                clone(s)
                t6 = now()
                s = rs.apply(s, seat, action).state
                spent["clone"] += t6 - t5
                spent["apply"] += now() - t6
            times.steps += 1
            if determinize is not None and times.steps % DETERMINIZE_EVERY == 0:
                t8 = now()
                determinize(s, seat, times.steps)
                times.determinize.append(now() - t8)


def _mover(rs: Ruleset[Any, Any, Any], s: Any, agent: random.Random,
           spent: dict[str, float], search: bool) -> str:
    """The seat to move (one of those waiting, at random), timing how it was asked."""
    t0 = time.perf_counter()
    if search:
        seats = rs.deciding(s)
        spent["deciding"] += time.perf_counter() - t0
        return agent.choice(seats)
    prompts = rs.pending(s)
    spent["pending"] += time.perf_counter() - t0
    return agent.choice(prompts).seat


def _per_step(times: Times, call: str) -> float:
    return times.seconds[call] / max(1, times.steps) * 1e6


def measure(table: Table, games: int, repeats: int) -> dict[str, float]:
    """The numbers of one table (after one warm-up game): of each, the least over
    `repeats` passes (a shared machine only ever adds time)."""
    rs = get_ruleset(table.ruleset)
    for search in (True, False):
        play(rs, table, range(10_000, 10_001), Times(), search)
    passes = [_one_pass(rs, table, games) for _ in range(repeats)]
    out = {key: min(p[key] for p in passes) for key in passes[0]}
    out["steps_per_s_apply"] = max(p["steps_per_s_apply"] for p in passes)
    out["steps_per_s_in_place"] = max(p["steps_per_s_in_place"] for p in passes)
    return out


def _one_pass(rs: Ruleset[Any, Any, Any], table: Table, games: int) -> dict[str, float]:
    by_apply, in_place = Times(), Times()
    play(rs, table, range(games), by_apply, search=False)
    play(rs, table, range(games), in_place, search=True)
    assert by_apply.steps == in_place.steps  # the same games, move for move
    loop = ("legal_actions", "outcome")
    out = {call: _per_step(in_place, call) for call in (*loop, "deciding")}
    out |= {"apply": _per_step(by_apply, "apply"),
            "apply_listed": _per_step(in_place, "apply_listed"),
            "clone": _per_step(by_apply, "clone"),
            "pending": _per_step(by_apply, "pending"),
            "steps_per_game": in_place.steps / games}
    apply_step = sum(_per_step(by_apply, c) for c in (*loop, "pending", "apply"))  # its own
    search_step = sum(_per_step(in_place, c) for c in (*loop, "deciding", "apply_listed"))
    out["steps_per_s_apply"] = 1e6 / apply_step
    out["steps_per_s_in_place"] = 1e6 / search_step
    if by_apply.determinize:
        out["determinize"] = sum(by_apply.determinize) / len(by_apply.determinize) * 1e6
    return out


def steady(table: Table, games: int, repeats: int) -> dict[str, float]:
    """The same numbers, each state of the games timed alone: every call repeated
    `repeats` times on it and the least kept, then averaged over the states (steadier
    than whole loops on a shared machine; `apply_listed` runs on a fresh copy each time,
    so it pays the first change of each copy-on-write part every time)."""
    rs = get_ruleset(table.ruleset)
    determinize = _determinizer(rs)
    total = dict.fromkeys((*CALLS, "determinize"), 0.0)
    steps = tries = 0
    for seed in range(games):
        agent = random.Random(seed)
        s = _start(rs, table, seed)
        while rs.outcome(s) is None:
            seat = agent.choice(rs.deciding(s))
            action = agent.choice(rs.legal_actions(s, seat))
            for call, seconds in _one_state(rs, s, seat, action, repeats).items():
                total[call] += seconds
            steps += 1
            if determinize is not None and steps % DETERMINIZE_EVERY == 0:
                total["determinize"] += _least(repeats, partial(determinize, s, seat, steps))
                tries += 1
            s = rs.apply(s, seat, action).state
    out = {call: total[call] / steps * 1e6 for call in CALLS}
    out["steps_per_game"] = steps / games
    out["steps_per_s_apply"] = 1e6 / sum(
        out[c] for c in ("pending", "legal_actions", "outcome", "apply"))
    out["steps_per_s_in_place"] = 1e6 / sum(
        out[c] for c in ("deciding", "legal_actions", "outcome", "apply_listed"))
    if tries:
        out["determinize"] = total["determinize"] / tries * 1e6
    return out


def _one_state(rs: Ruleset[Any, Any, Any], s: Any, seat: str, action: Any,
               repeats: int) -> dict[str, float]:
    """The least seconds of each call on state `s` (`seat` to play `action`)."""
    out = {"pending": _least(repeats, partial(rs.pending, s)),
           "deciding": _least(repeats, partial(rs.deciding, s)),
           "legal_actions": _least(repeats, partial(rs.legal_actions, s, seat)),
           "outcome": _least(repeats, partial(rs.outcome, s)),
           "clone": _least(repeats, partial(clone, s)),
           "apply": _least(repeats, partial(rs.apply, s, seat, action))}
    low = float("inf")
    for _ in range(repeats):
        own = clone(s)
        t0 = time.perf_counter()
        rs.apply_listed(own, seat, action, in_place=True)
        low = min(low, time.perf_counter() - t0)
    out["apply_listed"] = low
    return out


def _least(repeats: int, run: Callable[[], object]) -> float:
    """The least seconds `run` took over `repeats` calls."""
    low = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        run()
        low = min(low, time.perf_counter() - t0)
    return low


def profile(table: Table, games: int, lines: int) -> str:
    """cProfile's top lines for the in-place loop of `table`."""
    rs = get_ruleset(table.ruleset)
    play(rs, table, range(10_000, 10_001), Times(), search=True)
    profiler = cProfile.Profile()
    profiler.enable()
    play(rs, table, range(games), Times(), search=True)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(lines)
    stats.sort_stats("tottime").print_stats(lines)
    return out.getvalue()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per table")
    parser.add_argument("--repeats", type=int, default=3, help="passes; the least counts")
    parser.add_argument("--only", action="append", default=[],
                        choices=[t.name for t in TABLES], help="these tables only")
    parser.add_argument("--steady", action="store_true",
                        help="time each state alone, the least of --repeats (see steady)")
    parser.add_argument("--profile", action="store_true", help="cProfile the loops")
    parser.add_argument("--lines", type=int, default=30, help="profile lines")
    args = parser.parse_args(argv)
    tables = [t for t in TABLES if not args.only or t.name in args.only]
    if args.profile:
        for table in tables:
            print(f"== {table.name}: {args.games} in-place games")
            print(profile(table, args.games, args.lines))
        return
    header = ["µs/step:", *CALLS, "determinize", "steps/s apply", "steps/s in place",
              "steps/game"]
    how = (f"each state timed alone, the least of {args.repeats} tries" if args.steady
           else f"the least of {args.repeats} passes")
    print(f"{args.games} seeded random games per table, {how}")
    print(f"{'':18s}" + "".join(f"{h:>17s}" for h in header[1:]))
    for table in tables:
        out = (steady if args.steady else measure)(table, args.games, args.repeats)
        row = [out[c] for c in CALLS] + [out.get("determinize", float("nan")),
               out["steps_per_s_apply"], out["steps_per_s_in_place"],
               out["steps_per_game"]]
        print(f"{table.name:18s}" + "".join(f"{v:17.1f}" for v in row), flush=True)


if __name__ == "__main__":
    main()
