"""The `ai` (`rules.agents.choose`) in seeded Dark Moon games: a legal move for every
seat waiting at many points (core, expansion, modules), the same move from the same
seed, and the same move in two real states that look the same to the seat (so it never
reads what the seat cannot see)."""

from __future__ import annotations

import pytest
from darkmoon_helpers import random_states

from rules import get_ruleset
from rules.agents import choose
from rules.darkmoon.ruleset import DarkMoon
from rules.darkmoon.state import Options

RS = get_ruleset("darkmoon")
assert isinstance(RS, DarkMoon)

GAMES: list[tuple[int, int, Options]] = [
    (5, 3, Options()),
    (4, 7, Options(expansion=True)),
    (6, 11, Options(expansion=True, threats=True, company_man=True)),
    (5, 13, Options(telepathic_infected=True, costly_actions=True)),
]


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_a_legal_move_for_every_seat_waiting(n: int, seed: int, options: Options) -> None:
    decided = 0
    for k, s in enumerate(random_states(n, seed, options, every=7, final=False)):
        before = s.model_dump_json()
        for prompt in RS.pending(s):
            keys = {a.key for a in RS.legal_actions(s, prompt.seat)}
            action = choose(RS, s, prompt.seat, seed=k, budget=3)
            assert action.key in keys
            assert any(a is action for a in RS.legal_actions(s, prompt.seat))
            decided += 1
        assert s.model_dump_json() == before  # the real state is left alone
    assert decided > 5


def test_the_same_seed_gives_the_same_move() -> None:
    for k, s in enumerate(random_states(5, 17, Options(expansion=True), every=9, final=False)):
        seat = RS.pending(s)[0].seat
        if len(RS.legal_actions(s, seat)) < 2:
            continue
        first = choose(RS, s, seat, seed=k, budget=4).key
        assert choose(RS, s, seat, seed=k, budget=4).key == first


def test_states_that_look_the_same_to_the_seat_give_the_same_move() -> None:
    """The real generator reseeded, the task deck and outpost pile reordered and two
    hidden status cards swapped (with the dice the two hold unchanged): the seat sees
    the same, so it plays the same."""
    checked = 0
    for k, s in enumerate(random_states(5, 23, Options(), every=5, final=False)):
        seat = RS.pending(s)[0].seat
        hidden = [x for x in s.seats if x != seat and not s.players[x].revealed]
        if len(RS.legal_actions(s, seat)) < 2 or len(hidden) < 2:
            continue
        other = s.model_copy(deep=True)
        a, b = other.players[hidden[0]], other.players[hidden[1]]
        a.status, b.status = b.status, a.status
        a.infected, b.infected = b.infected, a.infected
        other.task_deck = list(reversed(other.task_deck))
        other.outpost_pile = list(reversed(other.outpost_pile))
        other.rng.state ^= 0x5DEECE66D
        assert RS.view(other, seat) == RS.view(s, seat)
        for seed in (k, k + 100):
            assert (choose(RS, s, seat, seed=seed, budget=4).key
                    == choose(RS, other, seat, seed=seed, budget=4).key)
        checked += 1
    assert checked > 3

