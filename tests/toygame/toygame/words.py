"""High Card's words: the board in a line of text and a player's private sheet."""

from __future__ import annotations

from renders.summary import fit, namer
from rules.core.kit import Names
from toygame.rules import Me, View


def summary(view: View, names: Names = None) -> str:
    name_of = namer(names or {})
    head = [f"**High Card** stake {view.stake}"]
    if view.winner is not None:
        head.append(f"game over: {name_of(view.winner)} wins")
    else:
        head.append(f"turn: {name_of(view.active)}")
    shown = [f"{name_of(s)} showed {card}" for s, card in view.shown.items()]
    return fit([head, shown])


def sheet(view: View, me: object) -> str:
    assert isinstance(me, Me)
    return f"**Your card:** {me.card} (1-9; the other player's is different)."
