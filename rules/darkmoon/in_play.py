"""What is in play now, read by every step of a turn: the task being worked on (the
innermost task frame on the stack) and a task card by its id in the game's deck.

The bottom of the step modules: rolling, threats, variants, votes, tasks and the words
modules all read these, so they sit below every one of them (see README.md, Layers)."""

from __future__ import annotations

from rules.darkmoon import cards as k
from rules.darkmoon.state import GameState, TaskFrame
from rules.darkmoon.words import task_of


def current_task_frame(s: GameState) -> TaskFrame | None:
    """The task being worked on: the innermost task frame on the stack, if any."""
    for frame in reversed(s.stack):
        if isinstance(frame, TaskFrame):
            return frame
    return None


def task_card(s: GameState, card_id: str) -> k.Malfunction | k.Complication:
    """Task card `card_id` of the deck this game plays with."""
    return task_of(s.task_deck_name, card_id)
