"""Seeded random games for the render tests: seat ids like Discord's, and the states of
a game played by random legal moves (a random prompted seat each step)."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from typing import Any


def seats_for(n: int) -> list[str]:
    return [str(100000000000000000 + 7919 * i) for i in range(n)]


def random_states(rs: Any, n: int, seed: int, steps: int, options: Any = None
                  ) -> Iterator[Any]:
    """The state after each of up to `steps` random legal moves of an `n`-player game
    (the game and the moves seeded by `seed`), stopping at its end."""
    s = rs.new_game(seats_for(n), seed, options)
    rnd = random.Random(seed)
    for _ in range(steps):
        if rs.outcome(s):
            return
        prompt = rnd.choice(rs.pending(s))
        s = rs.apply(s, prompt.seat, rnd.choice(rs.legal_actions(s, prompt.seat))).state
        yield s


def random_game(rs: Any, n: int, seed: int, steps: int, options: Any = None) -> Any:
    """The state after up to `steps` random legal moves (see `random_states`)."""
    last = deque(random_states(rs, n, seed, steps, options), maxlen=1)
    return last[0] if last else rs.new_game(seats_for(n), seed, options)


SIDES: dict[str, list[dict[str, object]]] = {
    "lockdown": [{}, {"board": "mars"}], "darkmoon": [{}, {"expansion": True}]}


def side_views(rs: Any, seed: int, steps: int, every: int) -> Iterator[tuple[Any, Any]]:
    """(public view, names) of every `every`-th state of a seeded random game of up to
    4 players, on each board side of the game (SIDES; its default options elsewhere)."""
    players = min(4, rs.max_players)
    names = {seat: f"Player {i + 1}" for i, seat in enumerate(seats_for(players))}
    for options in SIDES.get(rs.name, [{}]):
        states = list(random_states(rs, players, seed, steps, rs.Options(**options)))
        for state in states[::every]:
            yield rs.view(state, None), names
