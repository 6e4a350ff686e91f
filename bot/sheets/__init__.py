"""Private information as text: what `/hand` and the live private sheet show a player,
written by the game's kit (`GameKit.sheet`)."""

from __future__ import annotations

from pydantic import BaseModel

from rules.registry import get_kit


def describe_private(view: BaseModel) -> str:
    """A seat's private view (the `me` part of a ruleset view) as a short message."""
    me = getattr(view, "me", None)
    if me is None:
        return "You are not seated in this game."
    ruleset = str(getattr(view, "ruleset", ""))
    try:
        kit = get_kit(ruleset)
    except KeyError:
        raise ValueError(f"no private description for ruleset {ruleset!r}") from None
    return kit.sheet(view, me)
