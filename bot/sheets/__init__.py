"""Private information as text: what `/hand` and the live private sheet show a player.
One module per ruleset; `describe_private` picks it from the view."""

from __future__ import annotations

from typing import Any

from bot.sheets import darkmoon, lockdown, nemesis

SHEETS = {"darkmoon": darkmoon.sheet, "lockdown": lockdown.sheet, "nemesis": nemesis.sheet}


def describe_private(view: Any) -> str:
    """A seat's private view (the `me` part of a ruleset view) as a short message."""
    me = getattr(view, "me", None)
    if me is None:
        return "You are not seated in this game."
    ruleset = getattr(view, "ruleset", "")
    try:
        sheet = SHEETS[ruleset]
    except KeyError:
        raise ValueError(f"no private description for ruleset {ruleset!r}") from None
    return sheet(view, me)
