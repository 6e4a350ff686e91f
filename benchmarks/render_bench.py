"""Board render timing.  Usage: python benchmarks/render_bench.py [--renders 200] [--seed 1]

Plays seeded random Dark Moon games (3 to 7 players, long and short names) to collect
varied public views, then times `render_board` (drawing + PNG encoding, full size)
on each and prints p50/p95/max in milliseconds, twice: for the board after every move
(as a table sees it: most image bands are the same as the render before and their
compressed form is reused) and for a board every 3 to 8 moves (more of it changes).
The first render of the process (building the static frame and warming the font
caches) is timed separately. Not a test: run it by hand on the target host.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renders import render_board
from rules import get_ruleset


def collect_views(count: int, seed: int, every_move: bool = False
                  ) -> list[tuple[object, dict[str, str]]]:
    rs = get_ruleset("darkmoon")
    rnd = random.Random(seed)
    views: list[tuple[object, dict[str, str]]] = []
    game = 0
    while len(views) < count:
        n = 3 + game % 5
        seats = [str(10**17 + rnd.randrange(10**17)) for _ in range(n)]
        names = {s: (f"{'Long-Named Space Cadet Number ' + str(i)}"[:32] if i % 2 else f"P{i}")
                 for i, s in enumerate(seats)}
        state = rs.new_game(seats, seed=seed * 1000 + game)
        game += 1
        every = 1 if every_move else rnd.randrange(3, 9)
        step = 0
        while state.result is None and len(views) < count:
            prompt = rs.pending(state)[0]
            action = rnd.choice(rs.legal_actions(state, prompt.seat))
            state = rs.apply(state, prompt.seat, action).state
            step += 1
            if step % every == 0 or state.result is not None:
                views.append((rs.view(state, None), names))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for every_move, title in ((True, "after every move"), (False, "every 3-8 moves")):
        views = collect_views(args.renders, args.seed, every_move)
        view, names = views[0]
        t = time.perf_counter()
        render_board(view, names)  # type: ignore[arg-type]
        first = (time.perf_counter() - t) * 1000
        times = []
        size = 0
        for view, names in views:
            t = time.perf_counter()
            png = render_board(view, names)  # type: ignore[arg-type]
            times.append((time.perf_counter() - t) * 1000)
            size += len(png)
        times.sort()
        p50 = statistics.median(times)
        p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
        print(f"{title}: {len(times)} renders, first {first:.1f} ms")
        print(f"  p50: {p50:.1f} ms  p95: {p95:.1f} ms  max: {times[-1]:.1f} ms  "
              f"mean PNG size: {size / len(times) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
