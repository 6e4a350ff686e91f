"""Private information as text: what `/hand` and DMs show a player."""

from __future__ import annotations

from typing import Any

from rules.darkmoon.actions import card_name, die_code_text
from rules.darkmoon.cards import content


def describe_private(view: Any) -> str:
    """A seat's private view (the `me` part of a ruleset view) as a short message."""
    me = getattr(view, "me", None)
    if me is None:
        return "You are not seated in this game."
    if getattr(view, "ruleset", "") == "darkmoon":
        return _darkmoon(view, me)
    return str(me)


def _darkmoon(view: Any, me: Any) -> str:
    status = next(s for s in content().statuses if s.id == me.status)
    team = "**INFECTED**" if me.infected else "**UNINFECTED**"
    lines = [f"Status card: **{status.name}** — you are {team}.", status.text]
    held = me.held
    dice = [f"{held.strong} strong", f"{held.weak} weak"]
    if held.commander:
        dice.append("the commander die")
    lines.append("Behind your screen: " + ", ".join(dice) + ".")
    seat = next((s for s in view.seats if s.seat == view.viewer), None)
    if seat is not None:
        lines.append(f"Die limit: {seat.die_limit}" + (" (quarantined)" if seat.quarantined
                                                       else ""))
    if me.rolled:
        lines.append("Your roll: " + ", ".join(die_code_text(c) for c in me.rolled) + ".")
    if me.choosing:
        lines.append("You are choosing between: "
                     + ", ".join(card_name(c) for c in me.choosing) + ".")
    if me.my_vote:
        lines.append(f"Your vote in this vote: {me.my_vote}.")
    return "\n".join(lines)
