"""Scenario pieces the Nemesis-family rules tests share (Lockdown and the original):
a copy of a game where it is one seat's turn, built with the game's own round frame;
an intruder put in a room; the scripted draws of a noise roll and of a bag token."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rules.core.contract import Event
from rules.nemesis.bag import kind_of
from rules.nemesis.frames import TurnFrame
from rules.nemesis.state import Intruder


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


def brace_maker(play: Callable[[Any, str, str], tuple[Any, list[Event]]]
                ) -> Callable[..., tuple[Any, list[Event]]]:
    """`brace(s, events=())` for a game whose moves `play` applies."""

    def brace(s: Any, events: Iterable[Event] = ()) -> tuple[Any, list[Event]]:
        """Take every intruder attack now waiting on its target without playing an
        interrupt card (a target holding cards is always asked); `events` are carried
        on."""
        out = list(events)
        while s.stack and s.stack[-1].kind == "interrupt":
            s, more = play(s, s.stack[-1].seat, "pick:0")
            out += more
        return s, out

    return brace


def add_intruder(s: Any, kind: str, room: str, injuries: int = 0) -> int:
    """Put an intruder of `kind` in `room` (the first encounter is then over); its id."""
    intruder = Intruder(id=s.next_intruder, kind=kind, room=room,  # type: ignore[arg-type]
                        injuries=injuries)
    s.next_intruder += 1
    s.intruders.append(intruder)
    s.first_encounter = True
    return intruder.id


def noise_draw(content: Any, face: int | str) -> tuple[int, int]:
    """The draw that rolls `face` on the game's noise die."""
    faces = list(content.dice.noise)
    return (len(faces), faces.index(face))  # type: ignore[arg-type]


def bag_draw(s: Any, kind: str) -> tuple[int, int]:
    """The draw that takes a token of `kind` out of the (current) bag."""
    return (len(s.bag), next(i for i, t in enumerate(s.bag) if kind_of(t) == kind))
