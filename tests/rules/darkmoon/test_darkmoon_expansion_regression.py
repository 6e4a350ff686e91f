"""The Shadow Corporation expansion without any module or variant plays exactly as it
did before the modules and variants were written: three seeded games of random legal
moves (expansion on, 3/5/7 players), recorded before any of that code existed, replay
to the same move keys and the same outcome."""

from __future__ import annotations

import hashlib

import pytest
from test_darkmoon_core_regression import _play

from rules.darkmoon.state import Options

# (players, seed) -> (moves, sha256 of the "seat:key" lines, winning team, reason)
RECORDED = {
    (3, 21): (147, "9d51c23cb8f58aeadb6bf2cb590611f4d8f211b992400f3593698903b0a396f9",
              "infected", "life support has failed (the sixth fatigue token is out)"),
    (5, 22): (55, "a616674489c5759596153c1d1d7292b124bfe35d66438d2734ad3e055f35121c",
              "infected", "the outpost is wrecked (a sixth station is damaged)"),
    (7, 23): (137, "4601c8d8b1d629e086cda2901e8e66508248d80e657ab2561b8f6773cac45d6a",
              "infected", "the outpost is wrecked (a sixth station is damaged)"),
}


@pytest.mark.rule("DMX-1")
@pytest.mark.parametrize(("n", "seed"), sorted(RECORDED))
def test_expansion_game_replays_as_recorded_before_modules_and_variants(
        n: int, seed: int) -> None:
    count, digest, team, reason = RECORDED[(n, seed)]
    moves, got_team, got_reason = _play(n, seed, Options(expansion=True))
    assert len(moves) == count
    assert hashlib.sha256("\n".join(moves).encode()).hexdigest() == digest
    assert (got_team, got_reason) == (team, reason)
