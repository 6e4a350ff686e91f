"""Pure game rules: one package per ruleset behind the contract in rules.core."""

from rules.core.contract import (
    Action,
    Choice,
    Event,
    IllegalAction,
    Menu,
    Outcome,
    Prompt,
    Ruleset,
    Step,
    SubsetMenu,
)
from rules.registry import get_kit, get_ruleset, list_kits, list_rulesets

__all__ = [
    "Action", "Choice", "Event", "IllegalAction", "Menu", "Outcome", "Prompt", "Ruleset", "Step",
    "SubsetMenu", "get_kit", "get_ruleset", "list_kits", "list_rulesets",
]
