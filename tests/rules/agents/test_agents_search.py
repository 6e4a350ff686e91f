"""The computer players of `rules.agents` on a tiny crafted game: the `ai` finds the
move that wins, decides from determinized copies only, honours `stop()` and its budget;
`random` and `default` pick legal moves.

The game, Last Token: a pile of tokens, two seats take 1 or 2 in turn, whoever takes
the last one wins. Each seat also holds a secret card that changes nothing but gives
`determinize` something to deal again, and the state carries a random generator, as a
real game's does.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from rules import get_ruleset, list_rulesets
from rules.agents import (
    AGENTS,
    DEFAULT_BUDGET,
    MEASURED,
    budget_for,
    choose,
)
from rules.core.contract import Action, Outcome, Prompt, Ruleset, Step


class Take(Action):
    model_config = ConfigDict(frozen=True)
    n: int

    @property
    def key(self) -> str:
        return f"take:{self.n}"

    @property
    def label(self) -> str:
        return f"Take {self.n}"


class TokenState(BaseModel):
    seats: list[str]
    tokens: int
    turn: int = 0
    winner: str | None = None
    cards: dict[str, int] = {}
    rng: int = 0


class NoOptions(BaseModel):
    """Last Token has no options."""


class Transparent(Ruleset[TokenState, Take, TokenState]):
    """Last Token's rules, without its `determinize` (LastToken below adds it)."""

    name: ClassVar[str] = "last_token"
    title: ClassVar[str] = "Last Token"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[BaseModel]] = NoOptions
    State = TokenState

    def new_game(self, seats: list[str], seed: int,
                 options: BaseModel | None = None) -> TokenState:
        deal = random.Random(seed)
        return TokenState(seats=seats, tokens=7, cards={s: deal.randrange(10) for s in seats},
                          rng=seed)

    def pending(self, state: TokenState) -> list[Prompt]:
        if state.winner is not None:
            return []
        return [Prompt(state.seats[state.turn], "take", "Take 1 or 2")]

    def legal_actions(self, state: TokenState, seat: str) -> list[Take]:
        if state.winner is not None or seat != state.seats[state.turn]:
            return []
        return [Take(n=n) for n in (1, 2) if n <= state.tokens]

    def apply(self, state: TokenState, seat: str, action: Take) -> Step[TokenState]:
        assert action in self.legal_actions(state, seat)
        new = state.model_copy(deep=True)
        new.tokens -= action.n
        if new.tokens == 0:
            new.winner = seat
        new.turn = 1 - new.turn
        return Step(new, [])

    def view(self, state: TokenState, seat: str | None) -> TokenState:
        return state.model_copy(update={"cards": {s: c for s, c in state.cards.items()
                                                  if s == seat}, "rng": 0})

    def outcome(self, state: TokenState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(winners=(state.winner,),
                       losers=tuple(s for s in state.seats if s != state.winner), reason="")

    def parse_action(self, state: TokenState, seat: str, text: str) -> Take:
        return Take(n=int(text.removeprefix("take:")))



class LastToken(Transparent):
    def __init__(self) -> None:
        self.determinized = 0

    def determinize(self, state: TokenState, seat: str, seed: int) -> TokenState:
        """The other seat's card dealt again, the generator reseeded."""
        self.determinized += 1
        deal = random.Random(seed)
        cards = {s: c if s == seat else deal.randrange(10) for s, c in state.cards.items()}
        return state.model_copy(update={"cards": cards, "rng": deal.getrandbits(32)})


def _at(tokens: int, turn: int = 0, seed: int = 1) -> tuple[LastToken, TokenState]:
    rs = LastToken()
    state = rs.new_game(["a", "b"], seed)
    return rs, state.model_copy(update={"tokens": tokens, "turn": turn})


def test_the_ai_takes_the_winning_move_where_random_often_does_not() -> None:
    # from 4 tokens only taking 1 wins (the other seat faces 3: a lost pile); from 5,
    # only taking 2; from 2, taking both ends the game at once
    winning = {4: "take:1", 5: "take:2", 2: "take:2", 7: "take:1"}
    for tokens, key in winning.items():
        rs, state = _at(tokens)
        for seed in range(5):
            assert choose(rs, state, "a", seed=seed, budget=60).key == key
        picks = {AGENTS["random"](rs, state, "a", seed=seed, budget=0).key
                 for seed in range(20)}
        assert picks == {"take:1", "take:2"}  # random makes the losing move too


def test_the_ai_plays_both_seats_to_their_own_win() -> None:
    wins = 0
    for seed in range(6):  # the ai as seat b from 8 tokens, a winning pile for b
        rs, state = _at(8, seed=seed)
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
    rs, state = _at(6)
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
    rs, state = _at(1)
    assert choose(rs, state, "a", seed=0, budget=100).key == "take:1"
    assert rs.determinized == 0


def test_stop_cuts_the_search_and_budget_zero_still_moves() -> None:
    rs, state = _at(6)
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
    rs, state = _at(6)
    choose(rs, state, "a", seed=0, budget=25)
    assert rs.determinized == 25
    assert DEFAULT_BUDGET > 0


def test_default_plays_the_first_legal_move_without_a_default() -> None:
    rs, state = _at(6)
    for name in ("default", "random", "ai"):
        agent: Any = AGENTS[name]
        assert agent(rs, state, "a", seed=3, budget=5).key in {"take:1", "take:2"}
    assert AGENTS["default"](rs, state, "a", seed=3, budget=5).key == "take:1"


def test_policy_is_the_ai_without_its_search() -> None:
    rs, state = _at(6)
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
