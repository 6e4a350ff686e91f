"""A Nemesis: Lockdown player's private sheet as text (character, hand, items,
objectives, contingency tokens)."""

from __future__ import annotations

from typing import Any


def sheet(view: Any, me: Any) -> str:
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
