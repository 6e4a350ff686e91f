"""Seeded full games of the original Nemesis for 1 to 5 players (the shared loop of
family_sim): invariants and leak checks after every applied action, illegal moves
refused, intruder tokens conserved, replay determinism, and every game ending with the
victory check. Even seeds play uniformly random legal moves; odd seeds play characters
that head for the pods and the hibernatorium, service the engines and read the
coordinates, so survivors and objectives are reached too."""

from __future__ import annotations

from functools import cache

import pytest
from family_sim import Record, play_game, seeker
from nemesis_helpers import RS, TOKENS, check_public, checked_step, replay, seats

PLAYER_COUNTS = (1, 2, 3, 4, 5)
SEEDS = range(4)
STEP_CAP = 4000
GAMES = [(n, seed) for n in PLAYER_COUNTS for seed in SEEDS]
WAYS_OUT = ("Board an escape pod", "Launch pod", "Go to sleep", "Repair it",
            "Read the coordinates", "Send a signal", "Check all 3 engines")


@cache
def _record(n: int, seed: int) -> Record:
    s = RS.new_game(seats(n), seed)
    check_public(s, [], "setup")
    return play_game(RS, s, n, seed, step=checked_step, choose=seeker(WAYS_OUT),
                     tokens=TOKENS, cap=STEP_CAP)


@pytest.mark.rule("NE-END-1")
@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_full_game_keeps_every_invariant_and_ends_with_the_victory_check(
        n: int, seed: int) -> None:
    rec = _record(n, seed)
    assert rec.moves and rec.final_json
    assert {"victory_check", "engines", "coordinates_revealed", "game_over"} <= rec.kinds


@pytest.mark.parametrize(("n", "seed"), GAMES[::2])
def test_replaying_the_moves_gives_the_same_game(n: int, seed: int) -> None:
    rec = _record(n, seed)
    assert replay(n, seed, rec.moves) == (rec.digest, rec.final_json)


@pytest.mark.rule("NE-WIN-1")
def test_games_reach_every_ending_and_have_survivors() -> None:
    records = [_record(n, seed) for n, seed in GAMES]
    reasons = {r.reason.partition(":")[0] for r in records}
    assert "hyperjump" in reasons
    assert any(r.survivors for r in records)
    kinds = set().union(*(r.kinds for r in records))
    assert {"escape", "hibernate", "time", "event", "bag"} <= kinds
