"""Computer players, for every game: `choose` (the `ai`: ISMCTS over determinized
copies, `ismcts.py`), the baselines `random` and `default` (`baselines.py`), and
`AGENTS`, the three by name. Pure: no clock, no IO, randomness from the given seed.

A game's evaluation and playout policy is its ruleset's `agent_profile`, an
`AgentProfile` (`profile.py`) its rules package derives (`rules/<game>/agent.py`).
This package imports no game.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.agents.agent import Agent
from rules.agents.baselines import default_choice, random_choice
from rules.agents.determinizing import NoDeterminize, can_determinize
from rules.agents.ismcts import choose
from rules.agents.profile import AgentProfile

# iterations (determinized copies searched) per decision of the `ai`
DEFAULT_BUDGET = 200

AGENTS: Mapping[str, Agent] = {"ai": choose, "random": random_choice, "default": default_choice}

__all__ = ["AGENTS", "DEFAULT_BUDGET", "Agent", "AgentProfile", "NoDeterminize",
           "can_determinize", "choose", "default_choice", "random_choice"]
