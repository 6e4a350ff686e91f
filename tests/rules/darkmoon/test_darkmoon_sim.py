"""Seeded full Dark Moon games for every player count, checking the game's invariants
(dice, tokens, die limits, the commander) and its leak checks after every applied
action; the contract's checks (JSON round trips, illegal moves, keys, replay) are
tests/rules/test_conformance.py's, on every game.

Even seeds play uniformly random legal moves; odd seeds play a crew that tries to win
(goes in, submits its best dice, abstains, never reveals), so the final event and the
uninfected win are reached too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

import pytest
from darkmoon_helpers import (
    RS,
    C,
    check_public,
    dice_in_game,
    edit,
    play,
    ready,
    seats,
    turn,
)

from rules.core.contract import Event
from rules.darkmoon.state import DiscardFrame, GameState, Options, RevealFrame
from rules.darkmoon.table import die_limit, normal_held

PLAYER_COUNTS = (3, 4, 5, 6, 7)
SEEDS = range(6)
STEP_CAP = 3000
MAX_KEY = 100  # DESIGN: a key fits a Discord custom_id / autocomplete value
GAMES = [(n, seed) for n in PLAYER_COUNTS for seed in SEEDS]
ALL_OUTPOSTS = 6
ALL_FATIGUE = 8
CORE = Options()


def _crew_choice(s: GameState, seat: str, options: list[str], rng: random.Random) -> str:
    p = s.players[seat]
    if p.infected:
        return rng.choice(options)

    def score(key: str) -> float:
        kind = key.split(":")[0]
        if kind == "submit":
            return -10 * sum(int(code[1:]) for code in key.split(":")[1].split("+"))
        if key == "vote:abstain":
            return 0
        order = {"in": 0, "repair": 1, "roll": 1, "lone_wolf": 2, "stop": 3, "reveal": 99}
        return order.get(kind, 4) + rng.random()

    return min(options, key=score)


@dataclass
class Record:
    moves: list[tuple[str, str]] = field(default_factory=list)
    final_json: str = ""
    teams: set[str] = field(default_factory=set)


def _totals(s: GameState) -> tuple[int, int]:
    """Outpost and fatigue tokens in the game: 6 and 8 in the core game; with the
    expansion 7 outposts and the fatigue pool built at setup."""
    if s.expansion is None:
        return ALL_OUTPOSTS, ALL_FATIGUE
    return ALL_OUTPOSTS + 1, len(s.fatigue) + len(s.fatigue_pile)


def _check_state(s: GameState, n: int, where: str,
                 totals: tuple[int, int] = (ALL_OUTPOSTS, ALL_FATIGUE)) -> None:
    assert dice_in_game(s) == (2 * n, 2 * n, 1), f"{where}: dice {dice_in_game(s)}"
    for pool in [s.available, s.spent, *(p.held for p in s.players.values())]:
        assert min(pool.strong, pool.weak, pool.commander) >= 0, where
    holder = [x for x, p in s.players.items() if p.held.commander]
    if s.commander_die == "held":
        rolled = any(f.kind == "roll" and any(d.kind == "commander" for d in f.rolled)
                     for f in s.stack)
        assert holder == [s.commander] or rolled, where
    else:
        assert not holder, where
    assert 0 <= s.shield <= 6 and 0 <= len(s.outposts) <= 6 and 0 <= len(s.fatigue) <= 6
    assert len(set(s.outposts)) == len(s.outposts), where
    assert len(s.outposts) + len(s.outpost_pile) == totals[0], where
    assert len(s.fatigue) + len(s.fatigue_pile) == totals[1], where
    # die limits hold once every decision has completed: only a pending discard (or a
    # reveal in progress, which discards down to 2 at its end) may leave a screen over
    busy = {f.seat for f in s.stack if isinstance(f, DiscardFrame | RevealFrame)}
    for seat, p in s.players.items():
        if seat not in busy:
            assert normal_held(p) <= die_limit(s, seat), f"{where}: {seat} over the limit"
    revealing = {f.seat for f in s.stack if isinstance(f, RevealFrame)}
    if s.commander is not None and s.commander not in revealing:
        assert not s.players[s.commander].revealed, where  # handed on as the reveal ends


Chooser = Callable[[GameState, str, list[str], random.Random], str]


@cache
def _record(n: int, seed: int, options: Options = CORE,
            check: Callable[[GameState, list[Event], str], None] | None = None,
            crew: Chooser = _crew_choice) -> Record:
    """One seeded game (`check` adds the option's own checks after every move; odd
    seeds play the `crew` chooser)."""
    rng = random.Random(seed * 1000 + n)
    s = RS.new_game(seats(n), seed, options)
    rec = Record()
    totals = _totals(s)
    _check_state(s, n, "setup", totals)
    check_public(s, [], "setup")
    for step in range(STEP_CAP):
        if RS.outcome(s) is not None:
            break
        where = f"n={n} seed={seed} step={step}"
        prompts = RS.pending(s)
        assert prompts, f"{where}: nobody to move in a running game"
        waiting = [p.seat for p in prompts]
        seat = rng.choice(waiting)
        options = RS.legal_actions(s, seat)
        assert options, where
        keys = [a.key for a in options]
        key = crew(s, seat, keys, rng) if seed % 2 else rng.choice(keys)
        result = RS.apply(s, seat, RS.parse_action(s, seat, key))
        new = result.state
        assert new.version == s.version + 1, where
        where += f" {seat}:{key}"
        _check_state(new, n, where, totals)
        check_public(new, result.events, where)
        if check is not None:
            check(new, result.events, where)
        rec.moves.append((seat, key))
        s = new
    outcome = RS.outcome(s)
    assert outcome is not None, f"n={n} seed={seed}: no result after {STEP_CAP} moves"
    assert set(outcome.winners) | set(outcome.losers) == set(s.seats)
    assert not set(outcome.winners) & set(outcome.losers)
    rec.final_json = s.model_dump_json()
    rec.teams.add(outcome.team or "")
    return rec


@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_full_game_keeps_every_invariant(n: int, seed: int) -> None:
    rec = _record(n, seed)
    assert rec.moves and rec.final_json


def test_both_teams_win_some_games() -> None:
    teams = set().union(*(_record(n, seed).teams for n, seed in GAMES))
    assert teams == {"infected", "uninfected"}


def test_interference_keys_fit_in_100_characters() -> None:
    s = ready(3, 1)
    seat = s.active
    s = turn(s, seat)
    s.players[seat].infected = s.players[seat].revealed = True
    longest = sorted((t.id for t in C.silver_tasks), key=len)[-3:]
    s = edit(s)
    s.task_deck = longest + [t for t in s.task_deck if t not in longest]
    s, _ = play(s, seat, "interference")
    assert max(len(a.key) for a in RS.legal_actions(s, seat)) <= MAX_KEY
