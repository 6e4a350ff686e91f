"""What both Nemesis games' `/rules` entries share: the facts line of a room tile and of
an item (the same models in both games), the words for decks, room levels and item
kinds, and the retreat symbol's meaning."""

from __future__ import annotations

from typing import Any

from rules.core.kit import facts
from rules.nemesis.cards import Item

COLOURS = {"red": "red (military) deck", "yellow": "yellow (technical) deck",
           "green": "green (medical) deck", "white": "any deck (white)"}
LEVELS = {"special": "Special room", "I": "Basic room (I)", "II": "Additional room (II)"}
ITEM_KINDS = {"red": "Red item (military)", "yellow": "Yellow item (technical)",
              "green": "Green item (medical)", "crafted": "Crafted item",
              "character": "Starting item", "quest": "Quest item"}

# an attack card with the retreat symbol: what the symbol does (the card texts leave it out)
RETREAT = "retreat: drawn for an injured intruder, it flees instead"


def count_of(n: int, kind: str) -> str:
    if n == 1:
        return f"1 {kind}"
    return f"{n} " + ("larvae" if kind == "larva" else kind + "s")


def room_text(r: Any, level: str, no_action: str) -> str:
    """A room tile's facts (its `level` as written, its search deck, a computer, the room
    action's cost or `no_action`), then its text; Lockdown's and the original's tiles."""
    search = COLOURS.get(r.color)
    return facts(level, f"search: {search}" if search else "cannot be searched",
                 "computer" if r.computer else "",
                 f"room action costs {r.action_cost}" if r.action_cost else no_action
                 ) + r.text.strip()


def item_text(i: Item) -> str:
    """An item's facts (its kind, what crafts it, its components, heavy, copies), then its
    text; the same item model in both Nemesis games."""
    parts = [ITEM_KINDS[i.color]]
    if i.requires:
        parts.append("crafted from " + " + ".join(i.requires))
    if i.provides:
        parts.append("components: " + ", ".join(i.provides))
    if i.heavy:
        parts.append("heavy (takes a hand)")
    if i.copies > 1:
        parts.append(f"{i.copies} copies")
    return facts(*parts) + i.text
