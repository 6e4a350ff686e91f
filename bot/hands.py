"""Private information as text: what `/hand` and DMs show a player."""

from __future__ import annotations

from typing import Any

from rules.darkmoon.actions import card_name, die_code_text
from rules.darkmoon.cards import content as darkmoon_content


def describe_private(view: Any) -> str:
    """A seat's private view (the `me` part of a ruleset view) as a short message."""
    me = getattr(view, "me", None)
    if me is None:
        return "You are not seated in this game."
    ruleset = getattr(view, "ruleset", "")
    if ruleset == "darkmoon":
        return _darkmoon(view, me)
    if ruleset == "lockdown":
        return _lockdown(view, me)
    raise ValueError(f"no private description for ruleset {ruleset!r}")


def _darkmoon(view: Any, me: Any) -> str:
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


def _lockdown(view: Any, me: Any) -> str:
    from rules.lockdown.cards import index

    idx = index()
    hero = next((h for h in view.heroes if h.seat == view.viewer), None)
    lines = []
    if hero is not None and hero.character:
        lines.append(f"You play the **{hero.name}** — knowledge {hero.knowledge}, "
                     f"light wounds {hero.light}/2, serious wounds {len(hero.serious)}/3.")
    lines.append("Hand: " + (", ".join(me.hand) or "empty")
                 + f" (deck {me.deck}, discard {me.discard}).")
    lines.append("Inventory: " + (", ".join(me.inventory) or "nothing") + ".")
    if hero is not None and hero.hands:
        lines.append("In your hands: " + ", ".join(hero.hands) + ".")
    objectives = [idx.objectives[o] for o in me.objectives]
    if objectives:
        lines.append("Objective" + ("s" if len(objectives) > 1 else "") + ": "
                     + "; ".join(f"**{o.name}**: {o.text}" for o in objectives))
    tokens = [idx.contingencies[t] for t in me.contingencies]
    if tokens:
        lines.append("Your contingency token(s): " + "; ".join(
            f"{t.name} ({t.text})" for t in tokens))
    if me.choosing:
        lines.append("Choosing: " + "; ".join(me.choosing))
    return "\n".join(lines)
