"""Computer players, for every game: `choose` (the `ai`: ISMCTS over determinized
copies, `ismcts.py`), the baselines `random` and `default` (`baselines.py`), and
`AGENTS`, the three by name (what a table seats); `MEASURED` adds `policy`, the `ai`
without its search, for the tournaments. Pure: no clock, no IO, randomness from the
given seed.

A game's evaluation and playout policy is its ruleset's `agent_profile`, an
`AgentProfile` (`profile.py`) its rules package derives (`rules/<game>/agent.py`).
This package imports no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel

from rules.agents.agent import Agent
from rules.agents.baselines import default_choice, random_choice
from rules.agents.ismcts import choose
from rules.agents.profile import AgentProfile
from rules.core.contract import Action, Ruleset

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A", bound=Action)

# iterations (determinized copies searched) per decision of the `ai` in a game whose
# profile says nothing else (`AgentProfile.budget`; see `budget_for`)
DEFAULT_BUDGET = AgentProfile.budget


def budget_for(ruleset: Ruleset[Any, Any, Any]) -> int:
    """The `ai`'s budget for `ruleset` when none is given: its profile's, set so that a
    decision takes at most 1 s of one core at p95."""
    return ruleset.agent_profile.budget

AGENTS: Mapping[str, Agent] = {"ai": choose, "random": random_choice, "default": default_choice}


def policy(ruleset: Ruleset[S, A, Any], state: S, seat: str, *, seed: int, budget: int = 0,
           stop: Callable[[], bool] | None = None) -> A:
    """The `ai` without its search: its game's playout move in one determinized copy
    (what the search's playouts play). For measuring what the search adds; not a
    player a table seats."""
    return choose(ruleset, state, seat, seed=seed, budget=0)


# the players a tournament (`python -m bot simulate`) may seat: AGENTS and `policy`
MEASURED: Mapping[str, Agent] = {**AGENTS, "policy": policy}

__all__ = ["AGENTS", "DEFAULT_BUDGET", "MEASURED", "Agent", "AgentProfile", "budget_for", "choose",
           "default_choice", "policy", "random_choice"]
