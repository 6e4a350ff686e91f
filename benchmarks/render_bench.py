"""Board render timing.  Usage: python benchmarks/render_bench.py [--renders 200] [--seed 1]
[--ruleset darkmoon|lockdown|nemesis|all]

Plays seeded random games of each ruleset (Dark Moon: 3 to 7 players, Lockdown and the
original Nemesis: 2 to 5; long, short and CJK names) to collect varied public views
(Lockdown also on its Mars surface side and in the fully cooperative mode, timed apart
from the basic side), then times each board's render (drawing + PNG encoding, full size)
and, measured in the same run, the encoding alone with the library (renders/png.py), as
p50/p95/max in milliseconds, twice per variant: for the board after every move (as a
table sees it) and for a board every 3 to 8 moves (more of it changes, so fewer cached
text masks apply). The first render of the process (building the static frame and
warming the font caches) is timed separately. Not a test: run it by hand on the target
host.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from pydantic import BaseModel

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renders import render_board, render_image
from renders.png import encode_png
from rules import get_ruleset

PLAYERS = {"darkmoon": (3, 5), "lockdown": (2, 4), "nemesis": (2, 4)}  # fewest, how many


def _name(i: int) -> str:
    return ("Long-Named Space Cadet Number " + str(i))[:32] if i % 3 == 1 else (
        f"李小龍 {i}" if i % 3 == 2 else f"P{i}")


VARIANTS: dict[str, tuple[str, dict[str, str]]] = {  # title -> ruleset, options
    "darkmoon": ("darkmoon", {}),
    "lockdown": ("lockdown", {}),
    "lockdown mars": ("lockdown", {"board": "mars"}),
    "lockdown coop": ("lockdown", {"mode": "coop"}),
    "nemesis": ("nemesis", {}),
}


def collect_views(count: int, seed: int, every_move: bool = False,
                  ruleset: str = "darkmoon", options: dict[str, str] | None = None
                  ) -> list[tuple[BaseModel, dict[str, str]]]:
    rs = get_ruleset(ruleset)
    opts = rs.Options(**(options or {}))
    low, counts = PLAYERS[ruleset]
    rnd = random.Random(seed)
    views: list[tuple[BaseModel, dict[str, str]]] = []
    game = 0
    while len(views) < count:
        n = low + game % counts
        seats = [str(10**17 + rnd.randrange(10**17)) for _ in range(n)]
        names = {s: _name(i) for i, s in enumerate(seats)}
        state = rs.new_game(seats, seed * 1000 + game, opts)
        game += 1
        every = 1 if every_move else rnd.randrange(3, 9)
        step = 0
        while rs.outcome(state) is None and len(views) < count:
            prompt = rs.pending(state)[0]
            action = rnd.choice(rs.legal_actions(state, prompt.seat))
            state = rs.apply(state, prompt.seat, action).state
            step += 1
            if step % every == 0 or rs.outcome(state) is not None:
                views.append((rs.view(state, None), names))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", choices=("darkmoon", "lockdown", "nemesis", "all"),
                        default="all")
    args = parser.parse_args()
    variants = [v for v in VARIANTS if args.ruleset == "all" or VARIANTS[v][0] == args.ruleset]
    for variant, every_move in ((v, e) for v in variants for e in (True, False)):
        ruleset, options = VARIANTS[variant]
        title = f"{variant}, " + ("after every move" if every_move else "every 3-8 moves")
        views = collect_views(args.renders, args.seed, every_move, ruleset, options)
        view, names = views[0]
        t = time.perf_counter()
        render_board(view, names)
        first = (time.perf_counter() - t) * 1000
        times: list[float] = []
        encodes: list[float] = []
        size = 0
        for view, names in views:
            t = time.perf_counter()
            image = render_image(view, names)
            drawn = time.perf_counter()
            png = encode_png(image)
            done = time.perf_counter()
            times.append((done - t) * 1000)
            encodes.append((done - drawn) * 1000)
            size += len(png)
        print(f"{title}: {len(times)} renders, first {first:.1f} ms")
        print(f"  render (draw + encode) p50: {statistics.median(times):.1f} ms  "
              f"p95: {_p95(times):.1f} ms  max: {max(times):.1f} ms  "
              f"mean PNG size: {size / len(times) / 1024:.0f} KiB")
        print(f"  encoding alone ({encoder_name()})  p50: {statistics.median(encodes):.1f} ms"
              f"  p95: {_p95(encodes):.1f} ms")


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)]


def encoder_name() -> str:
    from renders import png

    return png.deflate.__name__


if __name__ == "__main__":
    main()
