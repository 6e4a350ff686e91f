"""A game's evaluation and playout policy: `AgentProfile` (defined in rules/core, since
the contract names it on `Ruleset.agent_profile`; re-exported here, where a game's own
profile finds it beside the search that uses it)."""

from rules.core.agent_profile import AgentProfile

__all__ = ["AgentProfile"]
