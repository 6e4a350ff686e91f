"""Seeded full games of a Nemesis-family ruleset, shared by the simulation tests of
Lockdown and the original: the move loop (random legal moves, or a chooser that heads
for a way out), illegal moves refused without a change, intruder tokens conserved, and
a record of the game for the replay and outcome tests. Each game's test module passes
its own per-move checks (`step`: state invariants, leak checks, JSON round trip)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.core.contract import Action, Event, IllegalAction
from rules.nemesis.actions import Pass, Pick

MAX_KEY = 100
Step = Callable[[Any, str, str, str], tuple[Any, list[Event], str]]


def check_tokens(s: Any, tokens: Mapping[str, object], where: str) -> None:
    """Intruder tokens are never lost: each physical token is in exactly one place, the
    bag, on the board (set aside, standing for an intruder there), set aside for an
    intruder gone for good (`spent`), or out of play by the rules (the free supply)."""
    board = [i.token for i in s.intruders if i.token is not None]
    spent = list(s.spent)
    assert sorted(s.aside) == sorted(board + spent), \
        f"{where}: set-aside tokens {s.aside} vs on the board {board} + spent {spent}"
    places = s.bag + s.aside
    assert len(set(places)) == len(places), f"{where}: a token in two places {places}"
    free = [t for t in tokens if t not in places]
    assert len(s.bag) + len(board) + len(spent) + len(free) == len(tokens), where


def check_illegal(rs: Any, s: Any, waiting: list[str], where: str) -> None:
    """Moves by nobody, by an idle seat, a pass or a choice not offered, an unknown key:
    each is refused and the state does not change."""
    before = s.model_dump_json()
    idle = [x for x in s.seats if x not in waiting]
    legal = {a.key for a in rs.legal_actions(s, waiting[0])}
    attempts: list[tuple[str, object]] = [("not-a-player", Pass())]
    if idle:
        attempts.append((idle[0], rs.legal_actions(s, waiting[0])[0]))
    if "pass" not in legal:
        attempts.append((waiting[0], Pass()))
    if "pick:99" not in legal:
        attempts.append((waiting[0], Pick(index=99)))
    for seat, action in attempts:
        with pytest.raises(IllegalAction):
            rs.apply(s, seat, action)
    with pytest.raises(IllegalAction):
        rs.parse_action(s, waiting[0], "no_such_move:1")
    assert s.model_dump_json() == before, f"{where}: an illegal move changed the state"


def checked_move(rs: Any, s: Any, seat: str, key: str, where: str,
                 check: Callable[[Any, Any, list[Event], str], None]
                 ) -> tuple[Any, list[Event], str]:
    """Play `key` through the contract and check the move: the action keeps its key, the
    version goes up by one, `check(before, after, events, where)` passes (the game's
    invariants and leak checks) and the state survives a JSON round trip. Returns the
    new state, its events and its JSON."""
    action = rs.parse_action(s, seat, key)
    assert action.key == key, where
    result = rs.apply(s, seat, action)
    new = result.state
    where += f" {seat}:{key}"
    assert new.version == s.version + 1, where
    check(s, new, result.events, where)
    dumped = new.model_dump_json()
    assert type(new).model_validate_json(dumped) == new, f"{where}: JSON round trip"
    return new, result.events, dumped


def seeker(ways_out: tuple[str, ...], prefer: tuple[str, ...] = ()
           ) -> Callable[[list[Action], random.Random, bool], Action]:
    """A chooser: with `eager`, the first action whose label names a way out, else the
    first whose key starts with one of `prefer`, else half the time a move, else any
    legal action; without, any legal action. Never "back" out of a pay step (it
    changes nothing and only lengthens the game) unless nothing else is legal."""
    def choose(options: list[Action], rng: random.Random, eager: bool) -> Action:
        options = [a for a in options if a.key != "back"] or options
        if eager:
            out = [a for a in options if any(w in a.label for w in ways_out)]
            if out:
                return out[0]
            preferred = [a for a in options if a.key.startswith(prefer)] if prefer else []
            if preferred:
                return preferred[0]
            moves = [a for a in options if a.key.startswith("move:")]
            if moves and rng.random() < 0.5:
                return rng.choice(moves)
        return rng.choice(options)
    return choose


@dataclass
class Record:
    moves: list[tuple[str, str]] = field(default_factory=list)
    final_json: str = ""
    digest: str = ""
    reason: str = ""
    winners: tuple[str, ...] = ()
    survivors: tuple[str, ...] = ()
    places: tuple[str, ...] = ()   # each character's place at the end
    kinds: set[str] = field(default_factory=set)


def play_game(rs: Any, s: Any, n: int, seed: int, *, step: Step,
              choose: Callable[[list[Action], random.Random, bool], Action],
              tokens: Mapping[str, object], cap: int,
              steer: Callable[[Any, str, list[Action]], Action | None] | None = None,
              salt: int = 0) -> Record:
    """Play a seeded game from `s` to its end through the contract (even seeds: random
    moves; odd seeds: the chooser's eager mode, and `steer` first if given: a move the
    game's own driver picks from the state, or None), checking every move; `salt` varies
    the moves' random stream between two sets of games on the same seeds."""
    rng = random.Random(seed * 1000 + n + salt)
    rec = Record()
    digest = hashlib.sha256()
    for number in range(cap):
        if rs.outcome(s) is not None:
            break
        where = f"n={n} seed={seed} step={number}"
        prompts = rs.pending(s)
        assert prompts, f"{where}: nobody to move in a running game"
        waiting = [p.seat for p in prompts]
        if number % 7 == 0:
            check_illegal(rs, s, waiting, where)
        seat = rng.choice(waiting)
        options = rs.legal_actions(s, seat)
        keys = [a.key for a in options]
        assert keys and len(set(keys)) == len(keys), f"{where}: keys {keys}"
        assert max(len(k) for k in keys) <= MAX_KEY, where
        steered = steer(s, seat, options) if steer is not None and seed % 2 == 1 else None
        key = (steered or choose(options, rng, seed % 2 == 1)).key
        new, events, dumped = step(s, seat, key, where)
        check_tokens(new, tokens, f"{where} {seat}:{key}")
        rec.kinds.update(e.kind for e in events)
        digest.update(dumped.encode())
        rec.moves.append((seat, key))
        s = new
    outcome = rs.outcome(s)
    assert outcome is not None, f"n={n} seed={seed}: no result after {cap} moves"
    assert set(outcome.winners) | set(outcome.losers) == set(s.seats)
    assert rs.pending(s) == [] and all(rs.legal_actions(s, x) == [] for x in s.seats)
    assert s.ended and s.winners is not None
    rec.final_json = s.model_dump_json()
    rec.digest = digest.hexdigest()
    rec.reason = s.ended
    rec.winners = outcome.winners
    rec.survivors = tuple(s.survivors)
    rec.places = tuple(h.place for h in s.heroes.values())
    return rec
