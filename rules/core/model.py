"""How a game state is built.

The contract asks for a pydantic model that round-trips through JSON exactly; a state
is also copied on every move (`apply` works on a copy) and changed in place many times
inside one. So:

- the top of a state (`GameState`) is a pydantic model derived from `EngineState`,
  which is what loads (`model_validate_json`, with full validation) and dumps it;
- its parts (players, dice pools, frames, heroes, rooms, intruders, the RNG) are
  slotted dataclasses (`@dataclass(slots=True, kw_only=True)`): pydantic validates and
  serialises them as fields of the state, while building, changing and copying them
  costs a tenth of what a pydantic model costs (see rules/core/clone.py);
- assigning a field of the top model writes straight into its `__dict__`, skipping
  pydantic's per-assignment bookkeeping (`model_fields_set` is therefore not kept up
  to date; nothing here uses it).

The engine's own assignments are checked by the type checker and by the JSON round-trip
tests of the simulations; data from outside is validated when a game is loaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import BaseModel

from rules.core.frames import Frame


class StateModel(BaseModel):
    """A pydantic model changed in place by the engine. Both attribute hooks are
    object's: with pydantic's `__delattr__` left in place, Python would route every
    assignment through a slow generic slot (an assignment costs about 7 times more)."""

    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


class EngineState(StateModel):
    """Base of every frame ruleset's game state. Besides its fields, a state object
    remembers (slot `owned`: not a field, never dumped, never compared) which parts of
    its copy-on-write fields it copied itself (see rules/core/clone.py). States are
    values: code that edits one by hand (test scenarios) does so before asking the
    engine about it, and changes a copy-on-write part through `own_entry` /
    `own_field`."""

    __slots__ = ("owned",)

    if TYPE_CHECKING:
        # What the frame engine (rules/core/engine.py) reads of every game's state. Each
        # game's state declares these fields itself, where its JSON keeps them; a
        # property stands for them here (a field declared on this class would come
        # first in every state's JSON).
        @property
        def version(self) -> int: ...

        @version.setter
        def version(self, value: int) -> None: ...

        @property
        def seats(self) -> list[str]: ...

        @property
        def stack(self) -> Sequence[Frame]: ...

        @property
        def over(self) -> bool: ...
