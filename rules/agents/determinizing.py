"""Which rulesets the search can play: those with `determinize(state, seat, seed)`.

A ruleset that deals what a seat cannot know again (`Ruleset.determinize`, issue 20)
can be searched without reading the real state; one without it cannot, and the `ai`
refuses it (`NoDeterminize`) rather than peek.
"""

from __future__ import annotations

from typing import Protocol, TypeVar, runtime_checkable

from rules.core.contract import Ruleset

S = TypeVar("S")


@runtime_checkable
class Determinizing(Protocol[S]):
    def determinize(self, state: S, seat: str, seed: int) -> S: ...


class NoDeterminize(Exception):
    """The ruleset cannot deal a seat's unknowns again, so the `ai` cannot play it."""


def can_determinize(ruleset: Ruleset) -> bool:
    """Whether `ruleset` has its own `determinize` (one the contract's base class may
    give, which only raises, counts as none)."""
    if not isinstance(ruleset, Determinizing):
        return False
    return getattr(type(ruleset), "determinize", None) is not getattr(Ruleset, "determinize",
                                                                      None)


__all__ = ["Determinizing", "NoDeterminize", "can_determinize"]
