"""Engine core shared by every ruleset: the contract, action keys, the RNG."""

from rules.core.actions import ActionCodec, KeyedAction, replace_seat_refs, seat_ref
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
from rules.core.rng import Rng

__all__ = [
    "Action", "ActionCodec", "Choice", "Event", "IllegalAction", "KeyedAction", "Menu",
    "Outcome", "Prompt", "Rng", "Ruleset", "Step", "SubsetMenu", "replace_seat_refs", "seat_ref",
]
