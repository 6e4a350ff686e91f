"""The players the `ai` is measured against: `random` and `default`.

`random` picks one of the seat's legal actions uniformly, from `random.Random(seed)`.
`default` plays what the turn timer plays for an absent player today (the ruleset's
`default_action`: abstain, pass, take the attack...), or the first legal action of a
ruleset that names no default. Neither searches: `budget` and `stop` are ignored.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from rules.core.contract import Action, Ruleset

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A", bound=Action)


@runtime_checkable
class _Defaults(Protocol):
    def default_action(self, state: Any, seat: str) -> Action | None: ...


def _legal(ruleset: Ruleset[S, A, Any], state: S, seat: str) -> list[A]:
    legal = ruleset.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"{seat} has no legal action to choose from")
    return legal


def random_choice(ruleset: Ruleset[S, A, Any], state: S, seat: str, *, seed: int,
                  budget: int = 0, stop: Callable[[], bool] | None = None) -> A:
    """A uniform choice among `seat`'s legal actions."""
    legal = _legal(ruleset, state, seat)
    return legal[_random.Random(seed).randrange(len(legal))]


def default_choice(ruleset: Ruleset[S, A, Any], state: S, seat: str, *, seed: int = 0,
                   budget: int = 0, stop: Callable[[], bool] | None = None) -> A:
    """The turn timer's move for an absent player (the first legal action when the
    ruleset names no default)."""
    legal = _legal(ruleset, state, seat)
    if isinstance(ruleset, _Defaults):
        chosen = ruleset.default_action(state, seat)
        for action in legal:
            if chosen is not None and action.key == chosen.key:
                return action
    return legal[0]


__all__ = ["default_choice", "random_choice"]
