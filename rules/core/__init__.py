"""Engine core shared by every ruleset: the contract, action keys, the RNG."""

from rules.core.actions import ActionCodec, KeyedAction, replace_seat_refs, seat_ref
from rules.core.contract import (
    Action,
    Event,
    IllegalAction,
    Outcome,
    Prompt,
    Ruleset,
    Step,
)
from rules.core.rng import Rng

__all__ = [
    "Action", "ActionCodec", "Event", "IllegalAction", "KeyedAction", "Outcome", "Prompt",
    "Rng", "Ruleset", "Step", "replace_seat_refs", "seat_ref",
]
