"""Seeded full Lockdown games on the Mars surface side (LD-MARS-1) for 1 to 5 players:
invariants after every action, illegal moves, leak checks, the victory check at the
end, replay determinism. Odd seeds play characters that head for a way out (the rover
and the walk to the bunker included)."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from functools import cache

import pytest
from family_sim import MAX_KEY, check_illegal, seeker
from lockdown_helpers import (
    RS,
    check_public,
    check_surface,
    checked_step,
    replay,
    seats,
)
from test_lockdown_sim import STEP_CAP, WAYS_OUT

from rules.lockdown.state import Options

MARS = Options(board="mars")
GAMES = [(n, seed) for n in (1, 2, 3, 4, 5) for seed in range(3)]
CHOOSE = seeker(WAYS_OUT)


@dataclass
class Record:
    moves: list[tuple[str, str]] = field(default_factory=list)
    final_json: str = ""
    digest: str = ""
    reason: str = ""
    places: tuple[str, ...] = ()
    kinds: set[str] = field(default_factory=set)


@cache
def _record(n: int, seed: int) -> Record:
    rng = random.Random(seed * 1000 + n + 77)
    s = RS.new_game(seats(n), seed, MARS)
    rec = Record()
    digest = hashlib.sha256()
    check_public(s, [], "setup")
    for step in range(STEP_CAP):
        if RS.outcome(s) is not None:
            break
        where = f"mars n={n} seed={seed} step={step}"
        waiting = [p.seat for p in RS.pending(s)]
        assert waiting, f"{where}: nobody to move in a running game"
        if step % 7 == 0:
            check_illegal(RS, s, waiting, where)
        seat = rng.choice(waiting)
        options = RS.legal_actions(s, seat)
        keys = [a.key for a in options]
        assert keys and len(set(keys)) == len(keys), f"{where}: keys {keys}"
        assert max(len(k) for k in keys) <= MAX_KEY, where
        key = CHOOSE(options, rng, seed % 2 == 1).key
        new, events, dumped = checked_step(s, seat, key, where)
        check_surface(new, f"{where} {seat}:{key}")
        rec.kinds.update(e.kind for e in events)
        digest.update(dumped.encode())
        rec.moves.append((seat, key))
        s = new
    outcome = RS.outcome(s)
    assert outcome is not None, f"mars n={n} seed={seed}: no result after {STEP_CAP} moves"
    assert set(outcome.winners) | set(outcome.losers) == set(s.seats)
    assert RS.pending(s) == [] and all(RS.legal_actions(s, x) == [] for x in s.seats)
    rec.final_json = s.model_dump_json()
    rec.digest = digest.hexdigest()
    rec.reason = s.ended or ""
    rec.places = tuple(h.place for h in s.heroes.values())
    return rec


@pytest.mark.rule("LD-MARS-1")
@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_mars_game_keeps_every_invariant_and_ends_with_the_victory_check(
        n: int, seed: int) -> None:
    rec = _record(n, seed)
    assert rec.moves and rec.reason
    assert "contingency" in rec.kinds and "game_over" in rec.kinds


@pytest.mark.rule("LD-MARS-1")
@pytest.mark.parametrize(("n", "seed"), GAMES[::2])
def test_replaying_a_mars_game_gives_the_same_game(n: int, seed: int) -> None:
    rec = _record(n, seed)
    assert replay(n, seed, rec.moves, MARS) == (rec.digest, rec.final_json)


@pytest.mark.rule("LD-MARS-1")
def test_mars_games_meet_the_surface() -> None:
    records = [_record(n, seed) for n, seed in GAMES]
    kinds = set().union(*(r.kinds for r in records))
    assert {"mars_card", "explore", "noise"} <= kinds
    assert any("bunker" in r.places for r in records)  # the rover or the walk out
