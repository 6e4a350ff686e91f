"""What both Nemesis games' views hold that the family's `GameView` (rules.nemesis.view)
leaves to each game, as the family's board and summary read it."""

from __future__ import annotations

from typing import Protocol


class TableView(Protocol):
    """The round, who plays first or is awaited, the end, the intruders and the nest."""

    round: int
    first_player: str
    waiting: list[str]
    winners: list[str] | None
    intruders: list[dict[str, object]]
    eggs: int
    nest_found: bool
    nest_destroyed: bool
    bag_size: int


class MarkedRoom(Protocol):
    """A room's markers: its items left (None: not searched yet) and its computer."""

    items: int | None
    computer: bool
