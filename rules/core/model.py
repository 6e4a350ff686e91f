"""Base classes of game-state models.

A state is changed in place many times per move (inside `apply`, on a fresh copy), so
its models skip pydantic's per-assignment bookkeeping: assigning a field writes the
value straight into the model's `__dict__`. States are only validated where data comes
in from outside (`model_validate_json` when a game is loaded); the engine's own
assignments are checked by the type checker and by the JSON round-trip tests.
(`model_fields_set` is therefore not kept up to date; nothing here uses it.)
"""

from __future__ import annotations

from pydantic import BaseModel


class StateModel(BaseModel):
    """A mutable part of a game state (players, frames, rooms...)."""

    __setattr__ = object.__setattr__  # type: ignore[assignment]


class EngineState(StateModel):
    """Base of every frame ruleset's game state. Besides its fields, a state object
    remembers the last legal list handed out for it (a slot, not a field: never dumped,
    never compared, not copied), so `apply` can accept an action from that very list
    without working the list out again. States are values: code that edits one by hand
    (test scenarios) does so before asking the engine about it."""

    __slots__ = ("legal_memo",)
