"""Engine benchmark: `python -m bot bench --ruleset darkmoon --players 5 --games 50`.

Prints microseconds per apply, full games per second (one core; best and median of a
few passes), state JSON size, and render times when a renderer exists for the ruleset.

`python -m bot bench --agents ai [--budget N] [--decisions 20]` times the computer
players instead, on every ruleset (or --ruleset's): decision milliseconds p50/p95 (CPU
time, and wall time beside it) and, for the `ai`, search iterations (playouts) per CPU
second, at positions of seeded random games. A ruleset the `ai` cannot play yet (no
`determinize`) is named and skipped.
"""

from __future__ import annotations

import random
import statistics
import time

from pydantic import BaseModel

from bot.warmup import warm_up
from renders import render_board
from rules import Ruleset, get_ruleset
from rules.agents import MEASURED, budget_for


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _play(rs: Ruleset, players: int, seeds: range, apply_us: list[float],
          sizes: list[int], views: list[BaseModel], options: BaseModel | None = None
          ) -> tuple[int, float, float]:
    """Play one game per seed with random agents; returns the number of moves and the
    wall and CPU seconds spent sampling (state sizes and views for the render timing),
    which the caller leaves out of the games' time."""
    moves = 0
    options = options or rs.Options()
    sampling_wall = sampling_cpu = 0.0
    for seed in seeds:
        agent = random.Random(seed)
        state = rs.new_game([str(1000 + i) for i in range(players)], seed, options)
        while rs.outcome(state) is None:
            prompt = agent.choice(rs.pending(state))
            action = agent.choice(rs.legal_actions(state, prompt.seat))
            t = time.perf_counter()
            state = rs.apply(state, prompt.seat, action).state
            apply_us.append((time.perf_counter() - t) * 1e6)
            moves += 1
            if moves % 25 == 0:
                t, c = time.perf_counter(), time.process_time()
                sizes.append(len(rs.dump_state(state)))
                if len(views) < 200:
                    views.append(rs.view(state, None))
                sampling_wall += time.perf_counter() - t
                sampling_cpu += time.process_time() - c
    return moves, sampling_wall, sampling_cpu


def run(ruleset: str, players: int, games: int, repeats: int = 3,
        options: BaseModel | None = None) -> dict[str, float]:
    """Time `repeats` passes over the same `games` seeds, after the bot's start-up warm-up
    (content loaded, that heap frozen out of GC passes) and one warm-up game (copiers
    generated, caches filled): what a running bot has. A shared machine
    only ever adds time, so the best pass is the code's speed; the median is printed too,
    and games per second of the process's own CPU time (what one core does, whatever else
    the machine runs). Sampling state sizes and views is left out of the games' time.
    `options`: the ruleset's Options (its defaults when None)."""
    rs = get_ruleset(ruleset)
    warm_up()  # what the bot does at start-up (bot.warmup), before any game
    _play(rs, players, range(10_000, 10_001), [], [], [], options)
    apply_us: list[float] = []
    sizes: list[int] = []
    views: list[BaseModel] = []
    rates: list[float] = []
    cpu_rates: list[float] = []
    moves = 0
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        moves, wall, cpu = _play(rs, players, range(games), apply_us, sizes, views, options)
        rates.append(games / (time.perf_counter() - t0 - wall))
        cpu_rates.append(games / (time.process_time() - c0 - cpu))
    out = {
        "apply_mean_us": statistics.fmean(apply_us),
        "apply_p95_us": _percentile(apply_us, 0.95),
        "games_per_s_best": max(rates),
        "games_per_s_median": statistics.median(rates),
        "games_per_cpu_s_best": max(cpu_rates),
        "moves_per_game": moves / games,
        "state_json_max_bytes": float(max(sizes)),
        "state_json_mean_bytes": statistics.fmean(sizes),
    }
    if views:
        times = []
        for view in views:
            t = time.perf_counter()
            render_board(view)
            times.append((time.perf_counter() - t) * 1000)
        out["render_p50_ms"] = _percentile(times, 0.5)
        out["render_p95_ms"] = _percentile(times, 0.95)
    chosen = [] if options is None else [
        f"{k}={v}" for k, v in options.model_dump().items()
        if v != rs.Options.model_fields[k].default]
    given = "".join(f", {text}" for text in chosen)
    print(f"{rs.title}{given}, {players} players, {games} random games ({moves} moves), "
          f"{repeats} timed passes:")
    for key, value in out.items():
        print(f"  {key:24s} {value:10.1f}")
    return out


# a position is timed every this many moves of a random game
_STRIDE = 11


def _positions(rs: Ruleset, players: int, games: int, wanted: int,
               options: BaseModel) -> list[tuple[BaseModel, str]]:
    """(state, seat) with a real choice (two legal moves or more), every `_STRIDE`-th
    move of seeded random games, until `wanted` of them (or `games` games played)."""
    out: list[tuple[BaseModel, str]] = []
    for seed in range(games):
        pick = random.Random(seed)
        state = rs.new_game([str(1000 + i) for i in range(players)], seed, options)
        moves = 0
        while rs.outcome(state) is None and len(out) < wanted:
            seat = pick.choice(rs.pending(state)).seat
            legal = rs.legal_actions(state, seat)
            if moves % _STRIDE == 0 and len(legal) > 1:
                out.append((state, seat))
            state = rs.apply(state, seat, pick.choice(legal)).state
            moves += 1
        if len(out) >= wanted:
            break
    return out


def run_agents(rulesets: list[str], agents: list[str], budget: int | None, games: int,
               decisions: int, players: int | None = None,
               options: BaseModel | None = None) -> dict[str, dict[str, float]]:
    """Time each agent's decisions on each ruleset (see the module's docstring); `players`
    is brought into each ruleset's range (default: 5); `budget` None: each game's own
    (`rules.agents.budget_for`). Returns ruleset:agent -> numbers."""
    warm_up()
    results: dict[str, dict[str, float]] = {}
    for name in rulesets:
        rs = get_ruleset(name)
        opts = options if options is not None else rs.Options()
        low, high = rs.player_range(opts)
        n = min(max(players or 5, low), high)
        positions = _positions(rs, n, games, decisions, opts)
        searched = budget_for(rs) if budget is None else budget
        for agent in sorted(set(agents)):
            numbers = _time_agent(rs, agent, positions, searched)
            results[f"{name}:{agent}"] = numbers
            print(f"{rs.title}, {n} players, {agent}"
                  + (f" (budget {searched})" if agent == "ai" else "")
                  + f", {len(positions)} decisions:")
            for key, value in numbers.items():
                print(f"  {key:24s} {value:10.1f}")
    return results


def _time_agent(rs: Ruleset, agent: str, positions: list[tuple[BaseModel, str]],
                budget: int) -> dict[str, float]:
    cpu_ms: list[float] = []
    wall_ms: list[float] = []
    iterations = 0

    def count() -> bool:  # a search asks stop() once before each of its iterations
        nonlocal iterations
        iterations += 1
        return False

    for k, (state, seat) in enumerate(positions):
        t, c = time.perf_counter(), time.process_time()
        MEASURED[agent](rs, state, seat, seed=k, budget=budget, stop=count)
        cpu_ms.append((time.process_time() - c) * 1000)
        wall_ms.append((time.perf_counter() - t) * 1000)
    out = {"decision_cpu_ms_p50": _percentile(cpu_ms, 0.5),
           "decision_cpu_ms_p95": _percentile(cpu_ms, 0.95),
           "decision_wall_ms_p50": _percentile(wall_ms, 0.5),
           "decision_wall_ms_p95": _percentile(wall_ms, 0.95)}
    if iterations:
        out["playouts_per_cpu_s"] = iterations / (sum(cpu_ms) / 1000)
    return out
