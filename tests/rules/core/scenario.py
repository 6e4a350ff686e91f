"""Scenario helpers shared by the rules tests of every frame-machine ruleset: copy a
state, run its automatic steps, push frames, play keys through the contract, and
check what the contract offers. Each ruleset's helper module binds one `Scenario`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.core.contract import Event, IllegalAction
from rules.core.engine import FrameRuleset
from rules.core.rng import Rng


class Scenario:
    def __init__(self, ruleset: FrameRuleset, *, edit: Callable[[Any], Any] | None = None
                 ) -> None:
        self.rs = ruleset
        self._edit = edit or (lambda s: s.model_copy(deep=True))

    def edit(self, s: Any) -> Any:
        """A copy to change freely."""
        return self._edit(s)

    def advance(self, s: Any) -> tuple[Any, list[Event]]:
        """Run the automatic steps on a copy until someone must decide."""
        s = self.edit(s)
        ctx = self.rs.ctx_type(s)
        self.rs.machine.advance(ctx)
        return s, ctx.events

    def push(self, s: Any, *frames: Any) -> tuple[Any, list[Event]]:
        """Put frames on (a copy of) the stack, last on top, and run to the next decision."""
        s = self.edit(s)
        s.stack.extend(frames)
        return self.advance(s)

    def run_with(self, s: Any, fn: Callable[[Any], None]) -> tuple[Any, list[Event]]:
        """Call an engine function on a copy inside a Ctx, then run to the next decision."""
        s = self.edit(s)
        ctx = self.rs.ctx_type(s)
        fn(ctx)
        self.rs.machine.advance(ctx)
        return s, ctx.events

    def play(self, s: Any, seat: str, key: str) -> tuple[Any, list[Event]]:
        """Parse `key` for `seat` and apply it through the ruleset contract."""
        action = self.rs.parse_action(s, seat, key)
        step = self.rs.apply(s, seat, action)
        assert step.state.version == s.version + 1
        return step.state, step.events

    def keys(self, s: Any, seat: str) -> list[str]:
        return [a.key for a in self.rs.legal_actions(s, seat)]

    def labels(self, s: Any, seat: str) -> dict[str, str]:
        return {a.key: a.label for a in self.rs.legal_actions(s, seat)}

    def key_for(self, s: Any, seat: str, text: str) -> str:
        """The key of the only legal action whose label contains `text`."""
        found = [k for k, label in self.labels(s, seat).items() if text in label]
        assert len(found) == 1, f"{text!r} matches {found} in {self.labels(s, seat)}"
        return found[0]

    def illegal(self, s: Any, seat: str, key: str) -> None:
        """`key` is not offered to `seat`, and forcing it raises and changes nothing."""
        assert key not in self.keys(s, seat)
        before = s.model_dump_json()
        with pytest.raises(IllegalAction):
            self.rs.apply(s, seat, self.rs.codec.parse(key))
        assert s.model_dump_json() == before

    def waiting(self, s: Any) -> list[str]:
        """The seats the contract prompts now (several = a simultaneous decision)."""
        seats = [p.seat for p in self.rs.pending(s)]
        assert seats == self.rs.machine.waiting(s)
        return seats


def top(s: Any) -> Any:
    return s.stack[-1]


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def texts(events: Iterable[Event]) -> str:
    return "\n".join(e.text for e in events)


@dataclass(slots=True, kw_only=True)
class ScriptedRng(Rng):
    """An RNG whose next `below(n)` draws are scripted (then it goes on as usual).
    Each scripted draw names the bound it expects, so a draw the test did not plan
    for fails loudly instead of silently taking a scripted value."""

    script: list[tuple[int, int]] = field(default_factory=list)

    def below(self, n: int) -> int:
        if self.script:
            bound, value = self.script.pop(0)
            assert bound == n, f"scripted draw below({bound}) but the engine drew below({n})"
            return value
        return Rng.below(self, n)


def rig(s: Any, *draws: tuple[int, int]) -> None:
    """Make the next `rng.below(n)` draws of `s` (in place) return the given values."""
    s.rng = ScriptedRng(state=s.rng.state, script=list(draws))
