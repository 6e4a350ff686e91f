"""How Warden's crew makes a move: the computer player (`rules.agents`) decides from
the seat's own information, off the event loop, capped by time (the table's choice for
a silent player, an AI player or a pass, is worded in bot/option_names.py).

The decision runs in a worker thread (`asyncio.to_thread`), not in a process pool: the
agent reads the very state the table holds (no copy pickled to another process), a
decision is cut short by a `stop()` the thread reads (the time cap, or the table's
move that made it stale), and one decision lasts at most a second (the cap) so the
GIL it shares with the event loop costs the loop only short switches. A process pool
would let several decisions use several cores at once; Warden's tables decide rarely
(a human pace: one decision every few seconds per game).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time

from bot.position import Position
from rules import Action
from rules.agents import AGENTS, Agent

log = logging.getLogger("warden.crew")

async def decide(agent: Agent, at: Position, seat: str, *, seed: int, budget: int,
                 seconds: float, game_id: int) -> Action:
    """`seat`'s move at `at`, by `agent`, in a worker thread, cut short after `seconds`
    (or as soon as the caller is cancelled: the thread stops at its next check). An
    agent that fails is logged and the seat's default move is played instead.

    The log line says which game, seat and version and how long it took; never which
    move (the table has not seen it yet) nor anything the seat holds."""
    halt = threading.Event()
    deadline = time.monotonic() + seconds

    def stop() -> bool:
        return halt.is_set() or time.monotonic() >= deadline

    began = time.perf_counter()
    try:
        action = await asyncio.to_thread(agent, at.rs, at.state, seat, seed=seed,
                                         budget=budget, stop=stop)
    except Exception:
        log.exception("the computer player failed in game %s at version %s; the default "
                      "move is played", game_id, at.version)
        return AGENTS["default"](at.rs, at.state, seat, seed=seed, budget=0)
    finally:
        halt.set()
    log.info("crew decided game=%s seat=%s version=%s ms=%.0f", game_id, seat, at.version,
             (time.perf_counter() - began) * 1000)
    return action


__all__ = ["decide"]
