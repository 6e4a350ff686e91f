"""A Dark Moon player's private sheet as text (status card, dice behind the screen)."""

from __future__ import annotations

from typing import Any

from rules.darkmoon.actions import card_name, die_code_text
from rules.darkmoon.cards import content as darkmoon_content


def sheet(view: Any, me: Any) -> str:
    status = next(s for s in darkmoon_content().statuses if s.id == me.status)
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
