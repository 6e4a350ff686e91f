"""Every state, every seat, larger than CI (python benchmarks/every_state.py).

Plays seeded full games of every ruleset and option set (tests/discord/every_state.py
lists them) and, at every state, builds everything the table would show -- the board
image (at every state unless --board-every says otherwise), the summary, every seat's
sheet and choice messages (checked against Discord's limits), the prompts, the recap --
then prints how many games and states each option set covered and the states of each
kind (someone in a pod, hibernating, self-destruct running, game over by each reason...).
A game that raises is reported with its seed and state and the run goes on; the exit
status is 1 when any did.

    python benchmarks/every_state.py --random 3 --steered 5
    python benchmarks/every_state.py --only "lockdown mars" --steered 20 --board-every 5
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "discord"))

from every_state import Tally, games, play  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random", type=int, default=3,
                        help="seeds played at random per option set (default 3)")
    parser.add_argument("--steered", type=int, default=5,
                        help="seeds played by the steering policy per option set (default 5)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--board-every", type=int, default=1,
                        help="draw the board at every n-th state (default 1: every state)")
    parser.add_argument("--only", default="",
                        help="play only the option sets whose name contains this text")
    args = parser.parse_args(argv)
    first = args.first_seed
    specs = [s for s in games(range(first, first + args.random),
                              range(first, first + args.steered)) if args.only in s.label]
    tally = Tally()
    failed: list[str] = []
    start = time.perf_counter()
    for spec in specs:
        try:
            play(spec, tally, board_every=args.board_every)
        except Exception:
            failed.append(f"{spec}:\n{traceback.format_exc()}")
            print(f"FAILED {spec}", file=sys.stderr, flush=True)
    print("\n".join(tally.lines()))
    print(f"{len(specs)} games in {time.perf_counter() - start:.0f} s, {len(failed)} failed")
    for text in failed:
        print(text, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
