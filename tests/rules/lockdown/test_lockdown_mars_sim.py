"""Seeded full Lockdown games on the Mars surface side (LD-MARS-1) for 1 to 5 players:
invariants and leak checks after every action, the victory check at the end. Odd seeds
play characters that head for a way out (the rover and the walk to the bunker
included)."""

from __future__ import annotations

from functools import cache

import pytest
from family_sim import Record, play_game, seeker
from lockdown_helpers import (
    RS,
    check_public,
    checked_mars_step,
    seats,
)
from test_lockdown_sim import STEP_CAP, WAYS_OUT

from rules.lockdown.state import Options

MARS = Options(board="mars")
GAMES = [(n, seed) for n in (1, 2, 3, 4, 5) for seed in range(3)]
CHOOSE = seeker(WAYS_OUT)


@cache
def _record(n: int, seed: int) -> Record:
    s = RS.new_game(seats(n), seed, MARS)
    check_public(s, [], "setup")
    return play_game(RS, s, n, seed, step=checked_mars_step, choose=CHOOSE,
                     tokens=s.rules.bag.tokens, cap=STEP_CAP, salt=77)


@pytest.mark.rule("LD-MARS-1")
@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_mars_game_keeps_every_invariant_and_ends_with_the_victory_check(
        n: int, seed: int) -> None:
    rec = _record(n, seed)
    assert rec.moves and rec.reason
    assert "contingency" in rec.kinds and "game_over" in rec.kinds


@pytest.mark.rule("LD-MARS-1")
def test_mars_games_meet_the_surface() -> None:
    records = [_record(n, seed) for n, seed in GAMES]
    kinds = set().union(*(r.kinds for r in records))
    assert {"mars_card", "explore", "noise"} <= kinds
    assert any("bunker" in r.places for r in records)  # the rover or the walk out
