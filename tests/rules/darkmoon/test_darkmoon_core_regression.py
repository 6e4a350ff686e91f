"""The core game without the expansion option plays exactly as it did before the
expansion was built: three seeded games of random legal moves, recorded before any
expansion code existed, replay to the same move keys and the same outcome."""

from __future__ import annotations

import hashlib
import random

import pytest
from darkmoon_helpers import RS, seats

from rules.darkmoon.state import Options

# (players, seed) -> (moves, sha256 of the "seat:key" lines, winning team, reason)
RECORDED = {
    (3, 11): (50, "bef057521bd1611cfe24159b48790a887d5ef3c6d33216732367622a7754a78d",
              "infected", "life support has failed (the sixth fatigue token is out)"),
    (5, 12): (118, "45731cf93eb594ceb9800b80b2f739bd31e22ed9f817c4fe60a8186ba62bd608",
              "infected", "life support has failed (the sixth fatigue token is out)"),
    (7, 13): (276, "7d6b3e5bd9d7167ccd06fa5054c5b4a1d3e29f3fe7a215f993d851af7fe59726",
              "infected",
              "the dome's shield is destroyed (the sixth shield token is on the track)"),
}


def _play(n: int, seed: int, options: Options) -> tuple[list[str], str, str]:
    rng = random.Random(seed)
    s = RS.new_game(seats(n), seed, options)
    moves: list[str] = []
    while RS.outcome(s) is None:
        seat = rng.choice([p.seat for p in RS.pending(s)])
        action = rng.choice(RS.legal_actions(s, seat))
        moves.append(f"{seat}:{action.key}")
        s = RS.apply(s, seat, action).state
    outcome = RS.outcome(s)
    assert outcome is not None
    return moves, outcome.team or "", outcome.reason


@pytest.mark.rule("DM-SETUP-1")
@pytest.mark.parametrize(("n", "seed"), sorted(RECORDED))
def test_core_game_replays_as_recorded_before_the_expansion(n: int, seed: int) -> None:
    count, digest, team, reason = RECORDED[(n, seed)]
    for options in (Options(), Options(expansion=False)):
        moves, got_team, got_reason = _play(n, seed, options)
        assert len(moves) == count
        assert hashlib.sha256("\n".join(moves).encode()).hexdigest() == digest
        assert (got_team, got_reason) == (team, reason)
