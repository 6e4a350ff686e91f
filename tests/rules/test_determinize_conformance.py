"""`determinize(state, seat, seed)`, checked on every registered game that has one (the
lead makes it part of the contract; until then a game without it is left out): the
seeded random games of tests/rules/test_conformance.py, at a few points of each, where
for every seat

- the seat's view of the copy is its view of the real state, and the same seats are
  waited for, on the same prompts;
- the copy survives a JSON round trip exactly;
- the copy's random generators are none of the real state's, and depend on the seed;
  its setup seed (when the game keeps one) is a new one of the same kind;
- the same seed gives the same copy, and the real state is left as it was;
- two real states that look the same to the seat because they differ only in their
  random generators (and the setup seed, which would replay the setup) give the same
  copy for every seed;

and, over each game, some copy differs from the real state beyond its generators (every
game here hides something), and random playouts from copies reach an outcome.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conformance_games import Game, check_round_trip, games, play_to_the_end, rng_states

from rules import Ruleset, list_rulesets

POINTS = (0, 6, 25, 80, 200)  # the moves after which the copies are checked (and the end)
PLAYOUT_EVERY = 2  # a playout from every second point
PLAYOUT_CAP = 6000  # the conformance suite's bound on a game's moves
COPY_SEEDS = (0, 1)
SPREAD_SEEDS = range(5)  # "differs from the real state somewhere" over these seeds


GAMES = list(games())


def _waiting(rs: Ruleset[Any, Any, Any], s: Any, seat: str) -> list[tuple[str, str, str]]:
    """Whom the game waits for and on what; a prompt's text only for the seat itself
    (another seat's secret prompt may tell what it holds: "you have no interrupt card")."""
    return [(p.seat, p.kind, p.text if p.seat == seat or not p.secret else "")
            for p in rs.pending(s)]


def _without_rng(dumped: str) -> Any:
    """The dumped state without its random generators and its setup seed (what a copy
    deals again even when nothing else is hidden)."""
    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: strip(v) for k, v in node.items() if k != "rng"}
        if isinstance(node, list):
            return [strip(v) for v in node]
        return node

    out = strip(json.loads(dumped))
    out.pop("seed", None)
    return out


def _reseeded(rs: Ruleset[Any, Any, Any], s: Any, salt: int) -> Any:
    """`s` with every random generator (and the setup seed) in another state: a state
    that looks the same to every seat."""
    def walk(node: Any) -> None:
        if isinstance(node, dict):
            rng = node.get("rng")
            if isinstance(rng, dict) and isinstance(rng.get("state"), int):
                rng["state"] = (rng["state"] ^ (0x9E3779B97F4A7C15 * salt)) & (2**64 - 1)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    data = json.loads(rs.dump_state(s))
    walk(data)
    if isinstance(data.get("seed"), int):
        data["seed"] += salt
    return rs.load_state(json.dumps(data))


def _setup_seed(dumped: str) -> Any:
    """The dumped state's setup seed (None when the game keeps none)."""
    return json.loads(dumped).get("seed")


def _seen(rs: Ruleset[Any, Any, Any], s: Any, seat: str) -> str:
    return rs.view(s, seat).model_dump_json()


def check_copies(rs: Ruleset[Any, Any, Any], s: Any, seat: str, where: str,
                 spread: bool) -> bool:
    """Every check of one seat's copies of `s`; with `spread`, whether a copy (over a
    few seeds) differs from `s` beyond its generators."""
    dumped = rs.dump_state(s)
    real_rngs = rng_states(dumped)
    seen, pending = _seen(rs, s, seat), _waiting(rs, s, seat)
    copies = {}
    for seed in COPY_SEEDS:
        copy = rs.determinize(s, seat, seed)
        at = f"{where} seat {seat} seed {seed}"
        assert rs.dump_state(s) == dumped, f"{at}: determinize changed its input"
        assert _seen(rs, copy, seat) == seen, f"{at}: the seat sees the copy differently"
        assert _waiting(rs, copy, seat) == pending, f"{at}: the copy waits for others"
        copied = rs.dump_state(copy)
        check_round_trip(rs, copy, copied, at)
        assert not rng_states(copied) & real_rngs, f"{at}: the copy keeps the real RNG"
        real_seed, copy_seed = _setup_seed(dumped), _setup_seed(copied)
        assert isinstance(copy_seed, int) == isinstance(real_seed, int), (
            f"{at}: the copy has no setup seed of the real one's kind")
        assert real_seed is None or copy_seed != real_seed, (
            f"{at}: the copy keeps the real setup seed")
        again = rs.dump_state(rs.determinize(s, seat, seed))
        assert again == copied, f"{at}: the same seed gives another copy"
        copies[seed] = copied
    if real_rngs:
        a, b = (rng_states(copies[x]) for x in COPY_SEEDS)
        assert a != b, f"{where} seat {seat}: the copy's RNG does not depend on the seed"
    twin = _reseeded(rs, s, 1 + len(where))
    assert _seen(rs, twin, seat) == seen
    for seed in COPY_SEEDS:
        assert rs.dump_state(rs.determinize(twin, seat, seed)) == copies[seed], (
            f"{where} seat {seat} seed {seed}: a state that looks the same to the seat "
            "(other RNG, other setup seed) gives another copy")
    if not spread:
        return False
    real = _without_rng(dumped)
    return any(_without_rng(rs.dump_state(rs.determinize(s, seat, seed))) != real
               for seed in SPREAD_SEEDS)


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_copies_look_the_same_to_the_seat_and_play_on(game: Game) -> None:
    rs, s = game.start()
    pick = random.Random(game.id)
    hidden = False
    point = 0
    for number in range(PLAYOUT_CAP):
        over = rs.outcome(s) is not None
        if number in POINTS or over:
            where = f"{game.id} move {number}"
            for seat in s.seats:
                hidden = check_copies(rs, s, seat, where, not hidden) or hidden
            if point % PLAYOUT_EVERY == 0:
                seat = s.seats[point % len(s.seats)]
                play_to_the_end(rs, rs.determinize(s, seat, point), point, where, PLAYOUT_CAP)
            point += 1
        if over:
            break
        prompts = rs.pending(s)
        seat = pick.choice(prompts).seat
        s = rs.apply(s, seat, pick.choice(rs.legal_actions(s, seat))).state
    assert point >= 2, f"{game.id}: checked at {point} point(s) only"
    assert hidden, f"{game.id}: no copy differs from the real state (nothing dealt again)"


def test_every_registered_game_is_checked() -> None:
    assert {g.ruleset for g in GAMES} == set(list_rulesets())
    assert {"darkmoon", "lockdown", "nemesis", "toy"} <= set(list_rulesets())
