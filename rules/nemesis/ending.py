"""The game ends at once when nobody is left to play: the check both Nemesis games run
after every step and decision (each names the places where a character still plays)."""

from __future__ import annotations

from rules.nemesis.frames import EndFrame
from rules.nemesis.profile import NemesisState


def end_if_nobody_left(s: NemesisState, playing: tuple[str, ...]) -> None:
    """No character is in a place of `playing` any more: push the end (reason
    "nobody_left"), whatever was still pending. Not before every seat has its character
    board (during the draft everyone is still "board"), nor twice."""
    if s.ended is not None or s.winners is not None or len(s.heroes) < len(s.seats):
        return  # over already, or characters still being drafted
    for hero in s.heroes.values():  # (runs after every step: a plain loop is cheapest)
        if hero.place in playing:
            return
    if s.stack and isinstance(s.stack[-1], EndFrame):
        return
    s.stack.append(EndFrame(reason="nobody_left"))
