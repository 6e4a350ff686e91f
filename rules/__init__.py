"""Pure game rules: one package per ruleset behind the contract in rules.core."""

from rules.core.contract import Action, Event, IllegalAction, Outcome, Prompt, Ruleset, Step
from rules.registry import get_ruleset, list_rulesets

__all__ = [
    "Action", "Event", "IllegalAction", "Outcome", "Prompt", "Ruleset", "Step", "get_ruleset",
    "list_rulesets",
]
