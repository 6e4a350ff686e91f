"""The computer players of `rules.agents` on a tiny crafted game (Last Token,
last_token.py): the `ai` finds the move that wins, decides from determinized copies
only, honours `stop()` and its budget; `random` and `default` pick legal moves."""

from __future__ import annotations

import random
from typing import Any

from last_token import LastToken, at_pile

from rules import get_ruleset, list_rulesets
from rules.agents import (
    AGENTS,
    DEFAULT_BUDGET,
    MEASURED,
    budget_for,
    choose,
)


def test_the_ai_takes_the_winning_move_where_random_often_does_not() -> None:
    # from 4 tokens only taking 1 wins (the other seat faces 3: a lost pile); from 5,
    # only taking 2; from 2, taking both ends the game at once
    winning = {4: "take:1", 5: "take:2", 2: "take:2", 7: "take:1"}
    for tokens, key in winning.items():
        rs, state = at_pile(tokens)
        for seed in range(5):
            assert choose(rs, state, "a", seed=seed, budget=60).key == key
        picks = {AGENTS["random"](rs, state, "a", seed=seed, budget=0).key
                 for seed in range(20)}
        assert picks == {"take:1", "take:2"}  # random makes the losing move too


def test_the_ai_plays_both_seats_to_their_own_win() -> None:
    wins = 0
    for seed in range(6):  # the ai as seat b from 8 tokens, a winning pile for b
        rs, state = at_pile(8, seed=seed)
        pick = random.Random(seed)
        while rs.outcome(state) is None:
            seat = rs.pending(state)[0].seat
            legal = rs.legal_actions(state, seat)
            action = (choose(rs, state, seat, seed=seed, budget=80) if seat == "b"
                      else legal[pick.randrange(len(legal))])
            state = rs.apply(state, seat, action).state
        wins += state.winner == "b"
    assert wins == 6


def test_same_inputs_same_move_and_hidden_parts_are_never_read() -> None:
    rs, state = at_pile(6)
    first = choose(rs, state, "a", seed=11, budget=30)
    assert choose(rs, state, "a", seed=11, budget=30).key == first.key
    # the same state as seat a sees it: b's card and the generator differ
    other = state.model_copy(update={"cards": {"a": state.cards["a"], "b": 9 - state.cards["b"]},
                                     "rng": 12345})
    assert rs.view(other, "a") == rs.view(state, "a")
    for seed in range(8):
        assert (choose(rs, state, "a", seed=seed, budget=30).key
                == choose(rs, other, "a", seed=seed, budget=30).key)


def test_a_single_legal_move_is_played_without_a_search() -> None:
    rs, state = at_pile(1)
    assert choose(rs, state, "a", seed=0, budget=100).key == "take:1"
    assert rs.determinized == 0


def test_stop_cuts_the_search_and_budget_zero_still_moves() -> None:
    rs, state = at_pile(6)
    calls = {"n": 0}

    def stop() -> bool:
        calls["n"] += 1
        return calls["n"] > 3

    action = choose(rs, state, "a", seed=0, budget=1000, stop=stop)
    assert action.key in {"take:1", "take:2"}
    assert calls["n"] == 4 and rs.determinized == 3
    for budget, halt in ((0, None), (10, lambda: True)):
        rs.determinized = 0
        action = choose(rs, state, "a", seed=0, budget=budget, stop=halt)
        assert action.key in {"take:1", "take:2"}
        assert rs.determinized == 1  # one copy for the profile's move, no search


def test_the_budget_is_the_number_of_copies_searched() -> None:
    rs, state = at_pile(6)
    choose(rs, state, "a", seed=0, budget=25)
    assert rs.determinized == 25
    assert DEFAULT_BUDGET > 0


def test_default_plays_the_first_legal_move_without_a_default() -> None:
    rs, state = at_pile(6)
    for name in ("default", "random", "ai"):
        agent: Any = AGENTS[name]
        assert agent(rs, state, "a", seed=3, budget=5).key in {"take:1", "take:2"}
    assert AGENTS["default"](rs, state, "a", seed=3, budget=5).key == "take:1"


def test_policy_is_the_ai_without_its_search() -> None:
    rs, state = at_pile(6)
    for seed in range(5):
        rs.determinized = 0
        move = MEASURED["policy"](rs, state, "a", seed=seed, budget=500)
        assert move.key == choose(rs, state, "a", seed=seed, budget=0).key
        assert rs.determinized == 2  # one copy each, no search
    assert set(MEASURED) == {*AGENTS, "policy"} and "policy" not in AGENTS


def test_each_game_sets_its_own_budget_where_none_is_given() -> None:
    # the Nemesis games' steps cost more than Dark Moon's: their profile searches fewer
    # copies, so that a decision keeps within a second (python -m bot bench --agents ai)
    budgets = {name: budget_for(get_ruleset(name)) for name in list_rulesets()}
    assert all(b > 0 for b in budgets.values())
    assert budgets["darkmoon"] == DEFAULT_BUDGET == LastToken().agent_profile.budget
    assert budgets["lockdown"] == budgets["nemesis"] < DEFAULT_BUDGET
