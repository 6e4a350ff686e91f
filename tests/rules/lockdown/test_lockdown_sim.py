"""Seeded full Nemesis: Lockdown games for 1 to 5 players, checking invariants and leaks
of hidden information after every applied action (the contract's checks, replay
included, are tests/rules/test_conformance.py's).

Even seeds play uniformly random legal moves; odd seeds play characters that head for
a way out (isolation, pods, the bunker) and send signals, so survivors and the
objective check are reached too."""

from __future__ import annotations

from functools import cache

import pytest
from family_sim import Record, play_game, seeker
from lockdown_helpers import RS, check_public, checked_step, seats

from rules.lockdown.state import Options

PLAYER_COUNTS = (1, 2, 3, 4, 5)
SEEDS = range(4)
STEP_CAP = 4000
GAMES = [(n, seed) for n in PLAYER_COUNTS for seed in SEEDS]
WAYS_OUT = ("Lock yourself", "CSS pod", "bunker", "rover", "Send a signal",
            "Restore power", "alert procedure")


@cache
def _record(n: int, seed: int, options: Options | None = None) -> Record:
    """A seeded game played to the end with every check (options: e.g. the crossover's,
    tests/rules/lockdown/test_lockdown_crossover.py; the bag is the one the options put in)."""
    s = RS.new_game(seats(n), seed, options)
    check_public(s, [], "setup")
    return play_game(RS, s, n, seed, step=checked_step, choose=seeker(WAYS_OUT),
                     tokens=s.rules.bag.tokens, cap=STEP_CAP)


@pytest.mark.rule("NX-END-1")
@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_full_game_keeps_every_invariant(n: int, seed: int) -> None:
    rec = _record(n, seed)
    assert rec.moves and rec.final_json
    assert "contingency" in rec.kinds and "game_over" in rec.kinds  # the victory check


@pytest.mark.rule("LD-WIN-1")
def test_some_games_have_survivors_and_winners() -> None:
    records = [_record(n, seed) for n, seed in GAMES]
    assert any(r.survivors for r in records)
    assert any(r.winners for r in records)
    assert {r.reason.partition(":")[0] for r in records} >= {"purge"}
