"""Seeded full games of a Nemesis-family ruleset, shared by the simulation tests of
Lockdown and the original: the move loop (random legal moves, or a chooser that heads
for a way out), intruder tokens conserved, and a record of the game for the outcome
tests. Each game's test module passes its own per-move checks (`step`: state
invariants, the game's leak checks). What every game's engine owes the contract (JSON
round trips, illegal moves refused, keys, replay determinism) is checked once for every
game by tests/rules/test_conformance.py."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.contract import Action, Event

Step = Callable[[Any, str, str, str], tuple[Any, list[Event]]]


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


def checked_move(rs: Any, s: Any, seat: str, key: str, where: str,
                 check: Callable[[Any, Any, list[Event], str], None]
                 ) -> tuple[Any, list[Event]]:
    """Play `key` and check the move: the version goes up by one and
    `check(before, after, events, where)` passes (the game's invariants and leak
    checks). Returns the new state and its events."""
    result = rs.apply(s, seat, rs.parse_action(s, seat, key))
    new = result.state
    where += f" {seat}:{key}"
    assert new.version == s.version + 1, where
    check(s, new, result.events, where)
    return new, result.events


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
    for number in range(cap):
        if rs.outcome(s) is not None:
            break
        where = f"n={n} seed={seed} step={number}"
        prompts = rs.pending(s)
        assert prompts, f"{where}: nobody to move in a running game"
        waiting = [p.seat for p in prompts]
        seat = rng.choice(waiting)
        options = rs.legal_actions(s, seat)
        assert options, f"{where}: {seat} is waited for but has no legal move"
        steered = steer(s, seat, options) if steer is not None and seed % 2 == 1 else None
        key = (steered or choose(options, rng, seed % 2 == 1)).key
        new, events = step(s, seat, key, where)
        check_tokens(new, tokens, f"{where} {seat}:{key}")
        rec.kinds.update(e.kind for e in events)
        rec.moves.append((seat, key))
        s = new
    outcome = rs.outcome(s)
    assert outcome is not None, f"n={n} seed={seed}: no result after {cap} moves"
    assert set(outcome.winners) | set(outcome.losers) == set(s.seats)
    assert s.ended and s.winners is not None
    rec.final_json = s.model_dump_json()
    rec.reason = s.ended
    rec.winners = outcome.winners
    rec.survivors = tuple(s.survivors)
    rec.places = tuple(h.place for h in s.heroes.values())
    return rec
