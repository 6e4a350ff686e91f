"""Engine benchmark: `python -m bot bench --ruleset darkmoon --players 5 --games 30`.

Prints microseconds per apply, full games per second (one core), state JSON size, and
render times when a renderer exists for the ruleset.
"""

from __future__ import annotations

import random
import statistics
import time

from rules import get_ruleset


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(ruleset: str, players: int, games: int) -> dict[str, float]:
    rs = get_ruleset(ruleset)
    apply_us: list[float] = []
    sizes: list[int] = []
    views = []
    t0 = time.perf_counter()
    moves = 0
    for seed in range(games):
        agent = random.Random(seed)
        state = rs.new_game([str(1000 + i) for i in range(players)], seed, rs.Options())
        while rs.outcome(state) is None:
            prompt = agent.choice(rs.pending(state))
            action = agent.choice(rs.legal_actions(state, prompt.seat))
            t = time.perf_counter()
            state = rs.apply(state, prompt.seat, action).state
            apply_us.append((time.perf_counter() - t) * 1e6)
            moves += 1
            if moves % 25 == 0:
                sizes.append(len(rs.dump_state(state)))
                if len(views) < 200:
                    views.append(rs.view(state, None))
    elapsed = time.perf_counter() - t0
    out = {
        "apply_mean_us": statistics.fmean(apply_us),
        "apply_p95_us": _percentile(apply_us, 0.95),
        "games_per_s": games / elapsed,
        "moves_per_game": moves / games,
        "state_json_max_bytes": float(max(sizes)),
        "state_json_mean_bytes": statistics.fmean(sizes),
    }
    from importlib.util import find_spec

    from renders import render_board

    if views and find_spec(f"renders.{rs.name}") is not None:
        times = []
        for view in views:
            t = time.perf_counter()
            render_board(view)
            times.append((time.perf_counter() - t) * 1000)
        out["render_p50_ms"] = _percentile(times, 0.5)
        out["render_p95_ms"] = _percentile(times, 0.95)
    print(f"{rs.title}, {players} players, {games} random games ({moves} moves):")
    for key, value in out.items():
        print(f"  {key:24s} {value:10.1f}")
    return out
