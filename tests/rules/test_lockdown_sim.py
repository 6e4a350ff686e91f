"""Seeded full Nemesis: Lockdown games for 1 to 5 players, checking invariants after
every applied action, illegal moves, replay determinism, JSON round trips and leaks of
hidden information.

Even seeds play uniformly random legal moves; odd seeds play characters that head for
a way out (isolation, pods, the bunker) and send signals, so survivors and the
objective check are reached too."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from functools import cache

import pytest
from lockdown_helpers import RS, check_public, checked_step, replay, seats

from rules.core.contract import Action, IllegalAction
from rules.lockdown.state import GameState, Options
from rules.nemesis.actions import Pass, Pick

PLAYER_COUNTS = (1, 2, 3, 4, 5)
SEEDS = range(4)
STEP_CAP = 4000
MAX_KEY = 100
GAMES = [(n, seed) for n in PLAYER_COUNTS for seed in SEEDS]
WAYS_OUT = ("Lock yourself", "CSS pod", "bunker", "rover", "Send a signal",
            "Restore power", "alert procedure")


def _choose(options: list[Action], rng: random.Random, seeker: bool) -> Action:
    if seeker:
        out = [a for a in options if any(w in a.label for w in WAYS_OUT)]
        if out:
            return out[0]
        moves = [a for a in options if a.key.startswith("move:")]
        if moves and rng.random() < 0.5:
            return rng.choice(moves)
    return rng.choice(options)


def check_tokens(s: GameState, where: str) -> None:
    """Intruder tokens are never lost: each physical token is in exactly one place, the
    bag, on the board (set aside, standing for an intruder there), set aside for an
    intruder gone for good (`spent`), or out of play by the rules (the free supply)."""
    board = [i.token for i in s.intruders if i.token is not None]
    spent = list(s.spent)
    assert sorted(s.aside) == sorted(board + spent), \
        f"{where}: set-aside tokens {s.aside} vs on the board {board} + spent {spent}"
    places = s.bag + s.aside
    assert len(set(places)) == len(places), f"{where}: a token in two places {places}"
    tokens = s.rules.bag.tokens  # the night stalkers' or the original intruders'
    free = [t for t in tokens if t not in places]
    assert len(s.bag) + len(board) + len(spent) + len(free) == len(tokens), where


@dataclass
class Record:
    moves: list[tuple[str, str]] = field(default_factory=list)
    final_json: str = ""
    digest: str = ""
    reason: str = ""
    winners: tuple[str, ...] = ()
    survivors: tuple[str, ...] = ()
    kinds: set[str] = field(default_factory=set)


def _check_illegal(s: GameState, waiting: list[str], where: str) -> None:
    before = s.model_dump_json()
    idle = [x for x in s.seats if x not in waiting]
    legal = {a.key for a in RS.legal_actions(s, waiting[0])}
    attempts: list[tuple[str, object]] = [("not-a-player", Pass())]
    if idle:
        attempts.append((idle[0], RS.legal_actions(s, waiting[0])[0]))
    if "pass" not in legal:
        attempts.append((waiting[0], Pass()))
    if "pick:99" not in legal:
        attempts.append((waiting[0], Pick(index=99)))
    for seat, action in attempts:
        with pytest.raises(IllegalAction):
            RS.apply(s, seat, action)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        RS.parse_action(s, waiting[0], "no_such_move:1")
    assert s.model_dump_json() == before, f"{where}: an illegal move changed the state"


@cache
def _record(n: int, seed: int, options: Options | None = None) -> Record:
    """A seeded game played to the end with every check (options: e.g. the crossover's,
    tests/rules/test_lockdown_crossover.py)."""
    rng = random.Random(seed * 1000 + n)
    s = RS.new_game(seats(n), seed, options)
    rec = Record()
    digest = hashlib.sha256()
    check_public(s, [], "setup")
    for step in range(STEP_CAP):
        if RS.outcome(s) is not None:
            break
        where = f"n={n} seed={seed} step={step}"
        prompts = RS.pending(s)
        assert prompts, f"{where}: nobody to move in a running game"
        waiting = [p.seat for p in prompts]
        if step % 7 == 0:
            _check_illegal(s, waiting, where)
        seat = rng.choice(waiting)
        options = RS.legal_actions(s, seat)
        keys = [a.key for a in options]
        assert keys and len(set(keys)) == len(keys), f"{where}: keys {keys}"
        assert max(len(k) for k in keys) <= MAX_KEY, where
        key = _choose(options, rng, seeker=seed % 2 == 1).key
        new, events, dumped = checked_step(s, seat, key, where)
        check_tokens(new, f"{where} {seat}:{key}")
        rec.kinds.update(e.kind for e in events)
        digest.update(dumped.encode())
        rec.moves.append((seat, key))
        s = new
    outcome = RS.outcome(s)
    assert outcome is not None, f"n={n} seed={seed}: no result after {STEP_CAP} moves"
    assert set(outcome.winners) | set(outcome.losers) == set(s.seats)
    assert RS.pending(s) == [] and all(RS.legal_actions(s, x) == [] for x in s.seats)
    assert s.ended and s.winners is not None
    rec.final_json = s.model_dump_json()
    rec.digest = digest.hexdigest()
    rec.reason = s.ended
    rec.winners = outcome.winners
    rec.survivors = tuple(s.survivors)
    return rec


@pytest.mark.rule("NX-END-1")
@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_full_game_keeps_every_invariant(n: int, seed: int) -> None:
    rec = _record(n, seed)
    assert rec.moves and rec.final_json
    assert "contingency" in rec.kinds and "game_over" in rec.kinds  # the victory check


@pytest.mark.parametrize(("n", "seed"), GAMES[::2])
def test_replaying_the_moves_gives_the_same_game(n: int, seed: int) -> None:
    rec = _record(n, seed)
    assert replay(n, seed, rec.moves) == (rec.digest, rec.final_json)


@pytest.mark.rule("LD-WIN-1")
def test_some_games_have_survivors_and_winners() -> None:
    records = [_record(n, seed) for n, seed in GAMES]
    assert any(r.survivors for r in records)
    assert any(r.winners for r in records)
    assert {r.reason.partition(":")[0] for r in records} >= {"purge"}
