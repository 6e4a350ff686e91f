"""What every computer player is: `Agent`, a callable that picks `seat`'s move.

`rules.agents.AGENTS` maps each player's name (`ai`, `random`, `default`) to one. Each
reads the real state only as the seat may (its own legal actions; the `ai` the
determinized copies of `Ruleset.determinize`); `seed` makes a decision reproducible,
`budget` is the amount of search (ignored by the players that do not search), `stop()`
lets the caller cut a search short (by time: rules/ reads no clock).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pydantic import BaseModel

from rules.core.contract import Action, Ruleset


class Agent(Protocol):
    """A computer player: one legal action of `seat` in `state`."""

    def __call__(self, ruleset: Ruleset[Any, Any, Any], state: BaseModel, seat: str, *,
                  seed: int, budget: int, stop: Callable[[], bool] | None = None
                  ) -> Action: ...


__all__ = ["Agent"]
