"""What a computer seat's decision costs the table (python benchmarks/crew_bench.py
[decisions] [seed] [think seconds]).

Plays seeded Dark Moon games (5 seats, random moves) and, at states along them, lets the
table's decision path (`bot.crew_moves.decide`: the `ai` in a worker thread, capped by
time) decide for the seat awaited, while the event loop runs a ticker every 5 ms. It
prints the decision's wall time (p50/p95/max: what the pause must cover for the time a
move shows never to depend on the seat) and the event loop's worst lateness while a
decision thinks (what the players' clicks wait, the GIL shared with the thread). It
measures the bot Python imports (the one installed; another checkout's with
PYTHONPATH=<checkout>).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time

from bot.crew import decision_seed
from bot.crew_moves import decide
from bot.position import Position
from rules import get_ruleset
from rules.agents import AGENTS, budget_for

TICK = 0.005


async def _ticker(lateness: list[float], stop: asyncio.Event) -> None:
    """Sleep TICK again and again; note how late each wake-up came."""
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(TICK)
        lateness.append(time.perf_counter() - asked - TICK)


async def main(decisions: int, seed: int, think: float) -> None:
    rs = get_ruleset("darkmoon")
    agent = random.Random(seed)
    seats = [str(n) for n in range(101, 106)]
    state = rs.new_game(seats, seed, rs.Options())
    walls: list[float] = []
    worst: list[float] = []
    while len(walls) < decisions:
        if rs.outcome(state) is not None:
            seed += 1
            state = rs.new_game(seats, seed, rs.Options())
        seat = rs.pending(state)[0].seat
        at = Position(rs, state)
        lateness: list[float] = []
        stop = asyncio.Event()
        ticker = asyncio.create_task(_ticker(lateness, stop))
        began = time.perf_counter()
        await decide(AGENTS["ai"], at, seat, seed=decision_seed(seed, at.version, seat),
                     budget=budget_for(rs), seconds=think, game_id=seed)
        walls.append(time.perf_counter() - began)
        stop.set()
        await ticker
        worst.append(max(lateness, default=0.0))
        for _ in range(agent.randint(1, 6)):  # on to another state
            if rs.outcome(state) is not None:
                break
            mover = agent.choice(rs.pending(state)).seat
            state = rs.apply(state, mover, agent.choice(rs.legal_actions(state, mover))).state

    def ms(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    print(f"{len(walls)} decisions, budget {budget_for(rs)}, capped at {think:g} s")
    print(f"decision wall ms: p50 {ms(walls, 0.5):.0f}  p95 {ms(walls, 0.95):.0f}  "
          f"max {1000 * max(walls):.0f}")
    print(f"event loop's worst lateness during a decision, ms: p50 {ms(worst, 0.5):.1f}  "
          f"p95 {ms(worst, 0.95):.1f}  max {1000 * max(worst):.1f}  "
          f"(mean of all ticks {1000 * statistics.mean(worst):.1f})")


if __name__ == "__main__":
    args = sys.argv[1:]
    asyncio.run(main(int(args[0]) if args else 40, int(args[1]) if len(args) > 1 else 1,
                     float(args[2]) if len(args) > 2 else 1.0))
