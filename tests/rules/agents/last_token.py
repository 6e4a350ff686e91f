"""Last Token, a tiny crafted game for the computer players' tests (rules.agents): a pile
of tokens, two seats take 1 or 2 in turn, whoever takes the last one wins. Each seat
also holds a secret card that changes nothing but gives `determinize` something to deal
again, and the state carries a random generator, as a real game's does (`most` lets a
test allow more than 2 tokens a turn). `LastToken` counts its `determinize` calls and
the seats they were for."""

from __future__ import annotations

import random
from typing import ClassVar

from pydantic import BaseModel, ConfigDict

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
    most: int = 2  # the most tokens a turn may take


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
        return [Take(n=n) for n in range(1, state.most + 1) if n <= state.tokens]

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
        self.asked: set[str] = set()  # the seats copies were dealt for
        self.seeds: list[int] = []  # and their seeds

    def determinize(self, state: TokenState, seat: str, seed: int) -> TokenState:
        """The other seat's card dealt again, the generator reseeded."""
        self.determinized += 1
        self.asked.add(seat)
        self.seeds.append(seed)
        deal = random.Random(seed)
        cards = {s: c if s == seat else deal.randrange(10) for s, c in state.cards.items()}
        return state.model_copy(update={"cards": cards, "rng": deal.getrandbits(32)})


def at_pile(tokens: int, turn: int = 0, seed: int = 1, most: int = 2
            ) -> tuple[LastToken, TokenState]:
    """A game of Last Token at `tokens` left, `turn`'s seat ("a" 0, "b" 1) to move."""
    rs = LastToken()
    state = rs.new_game(["a", "b"], seed)
    return rs, state.model_copy(update={"tokens": tokens, "turn": turn, "most": most})
