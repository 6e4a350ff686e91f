"""Scenario pieces the Nemesis-family rules tests share (Lockdown and the original):
a copy of a game where it is one seat's turn, built with the game's own round frame."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.nemesis.frames import TurnFrame


def turn_maker(edit: Callable[[Any], Any], round_frame: Callable[..., Any]
               ) -> Callable[[Any, str], Any]:
    """`turn(s, seat)` for a game whose copies `edit` makes and whose round frame is
    `round_frame`."""

    def turn(s: Any, seat: str) -> Any:
        """A copy where it is `seat`'s turn (0 actions taken) and nothing else pending."""
        s = edit(s)
        s.stack = [round_frame(stage="turns", last=seat), TurnFrame(seat=seat)]
        s.heroes[seat].actions_taken = 0
        s.heroes[seat].passed = False
        return s

    return turn
