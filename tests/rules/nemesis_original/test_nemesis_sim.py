"""Seeded full games of the original Nemesis for 1 to 5 players (the shared loop of
family_sim): invariants and leak checks after every applied action, intruder tokens
conserved, and every game ending with the victory check (the contract's checks, replay
included, are tests/rules/test_conformance.py's). Even seeds play uniformly random
legal moves; odd seeds play characters that head for the pods and the hibernatorium,
service the engines and read the coordinates, so survivors and objectives are reached
too."""

from __future__ import annotations

from functools import cache

import pytest
from family_sim import Record, play_game, seeker
from nemesis_helpers import RS, TOKENS, G, check_public, checked_step, room, seats

from rules.core.contract import Action
from rules.nemesis.actions import Move
from rules.nemesis.frames import TurnFrame
from rules.nemesis_original.state import GameState

PLAYER_COUNTS = (1, 2, 3, 4, 5)
SEEDS = range(4)
STEP_CAP = 4000
GAMES = [(n, seed) for n in PLAYER_COUNTS for seed in SEEDS]
WAYS_OUT = ("Board an escape pod", "Launch pod", "Go to sleep", "Repair it",
            "Read the coordinates", "Send a signal", "Check all 3 engines")


def steer(s: GameState, seat: str, options: list[Action]) -> Action | None:
    """Odd seeds: a way out when one is offered; out of combat, towards the
    hibernatorium (waiting there until it opens) or, once the pods are unlocked, towards
    an evacuation section."""
    if not isinstance(s.stack[-1], TurnFrame) or any(
            any(w in a.label for w in WAYS_OUT) for a in options):
        return None
    hero = s.heroes[seat]
    if any(i.room == hero.room for i in s.intruders):
        return None  # fight or flee at random
    goals = [room("hibernatorium")]
    if any(not p.locked and not p.launched for p in s.pods.values()):
        goals = [room("evac_a"), room("evac_b"), *goals]
    if hero.room in goals:
        return next((a for a in options if a.key == "pass"), None)
    far = {g: G.distances_from(g) for g in goals}
    moves = [a for a in options if isinstance(a, Move)]
    best = min(moves, default=None,
               key=lambda a: min(far[g].get(a.to, 99) for g in goals))
    return best


@cache
def _record(n: int, seed: int) -> Record:
    s = RS.new_game(seats(n), seed)
    check_public(s, [], "setup")
    return play_game(RS, s, n, seed, step=checked_step, choose=seeker(WAYS_OUT),
                     tokens=TOKENS, cap=STEP_CAP, steer=steer)


@pytest.mark.rule("NE-END-1")
@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_full_game_keeps_every_invariant_and_ends_with_the_victory_check(
        n: int, seed: int) -> None:
    rec = _record(n, seed)
    assert rec.moves and rec.final_json
    assert {"victory_check", "engines", "coordinates_revealed", "game_over"} <= rec.kinds


@pytest.mark.rule("NE-WIN-1")
def test_games_reach_every_ending_and_have_survivors() -> None:
    records = [_record(n, seed) for n, seed in GAMES]
    reasons = {r.reason.partition(":")[0] for r in records}
    assert "hyperjump" in reasons
    assert any(r.survivors for r in records)
    kinds = set().union(*(r.kinds for r in records))
    assert {"pod", "pod_launch", "hibernate", "time", "event", "bag"} <= kinds
