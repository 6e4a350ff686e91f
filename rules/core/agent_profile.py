"""`AgentProfile`: what the computer player (rules/agents) knows of one game's play.

The search in `rules.agents` is the same for every game; a game tells it how good a
position is for a seat (`evaluate`), how to play the moves of a quick playout
(`playout_action`), when a playout stops (`playout_depth`), which of a seat's legal
actions are worth searching (`candidates`), which side a seat plays for (`side`) and, at
the end, whether it lived (`survived`, for the strength tables).
A ruleset names its profile on its class (`Ruleset.agent_profile`); a game's own
profile lives in its rules package (`rules/<game>/agent.py`) and derives from this one.

This base is a real, generic profile: random playouts played to the end of the game
(`playout_depth` is large), every unfinished position worth an even chance, every seat
its own side. The search scores finished positions itself from `Ruleset.outcome`.

It sits in rules/core (not rules/agents) because the contract names it: it imports
nothing of the project, so the contract may import it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Generic, TypeVar

S = TypeVar("S")  # a game's state
A = TypeVar("A")  # its actions


class AgentProfile(Generic[S, A]):
    """The generic profile: outcome-only evaluation, uniform random playouts."""

    # moves a playout plays before it stops and evaluates the position it reached
    playout_depth: int = 1000
    # the `ai`'s search budget (determinized copies searched per decision) where none is
    # given (the table's, the tools'): a game sets it so that a decision takes at most
    # 1 s of one core at p95 (`python -m bot bench --agents ai`)
    budget: int = 500

    def evaluate(self, state: S, seat: str) -> float:
        """`seat`'s expected result in [0, 1] (1: it wins) at a position that is not
        over. The generic profile knows nothing of the game: an even chance."""
        return 0.5

    def playout_action(self, state: S, seat: str, legal: Sequence[A], rng: random.Random) -> A:
        """The move `seat` plays in a playout, among its `legal` actions (never empty).
        The generic profile: a uniform choice."""
        return legal[rng.randrange(len(legal))]

    def candidates(self, state: S, seat: str, legal: Sequence[A]) -> Sequence[A]:
        """The legal actions the search considers for `seat` (never empty when `legal`
        is not): a game may leave out moves no sensible player makes, to search the
        rest deeper. The generic profile keeps them all."""
        return legal

    def side(self, state: S, seat: str) -> str:
        """The side `seat` plays for, in a word ("infected", "uninfected"...), as the
        state stands (at the end: the side it won or lost with). The generic profile:
        every seat plays for itself."""
        return "player"

    def survived(self, state: S, seat: str) -> bool | None:
        """At the end of a game: whether `seat`'s character lived through it, in a game
        where surviving is a thing apart from winning (the strength tables count it);
        None where it is not. The generic profile: None."""
        return None


__all__ = ["AgentProfile"]
