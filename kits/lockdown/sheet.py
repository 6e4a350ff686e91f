"""A Nemesis: Lockdown player's live private sheet (Markdown, edited in place): the
character and its wounds, the hand with each card's cost and text, the items and what
they do, objectives, contingency tokens and what is being chosen. Every text is whole:
a sheet longer than one message is sent in several (bot/feed.py)."""

from __future__ import annotations

from kits.nemesis.sheet import (
    ability_lines,
    fit,
    hand_lines,
    item_lines,
    short,
    target_note,
    wound_parts,
)
from rules.lockdown.cards import index
from rules.lockdown.view import LockdownView, MeView

__all__ = ["sheet", "short"]


def _lines(view: LockdownView, me: MeView, limit: int) -> list[str]:
    idx = index()
    hero = next((h for h in view.heroes if h.seat == view.viewer), None)
    lines = []
    if hero is not None and hero.character:
        lines.append(" · ".join([f"You play the **{hero.name}**", f"knowledge {hero.knowledge}",
                                 *wound_parts(hero, idx.wounds)]))
        lines += ability_lines(idx.characters[hero.character], limit)
    lines += hand_lines(idx, me, limit)
    lines += item_lines(idx, me, limit)
    for oid in me.objectives:
        objective = idx.objectives[oid]
        lines.append(f"**Objective**: **{objective.name}**"
                     + (f": {short(objective.text, limit)}" if limit else "")
                     + target_note(view, objective))
    for tid in me.contingencies:
        token = idx.contingencies[tid]
        lines.append(f"**Contingency token**: **{token.name}**"
                     + (f": {short(token.text, limit)}" if limit else ""))
    # the decision at hand is not repeated here: it is in the choice message, and a
    # sheet that changed with every prompt would be edited on every move
    return lines


def sheet(view: LockdownView, me: object) -> str:
    assert isinstance(me, MeView)
    """Every text whole (bot/feed.py sends a long sheet in several messages)."""
    return fit(lambda limit: _lines(view, me, limit))
