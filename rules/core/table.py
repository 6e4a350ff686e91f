"""The context an action is applied in: the (copied) state it changes and the events it
reports. Each ruleset's `Ctx` extends it with what its own code reads on the way."""

from __future__ import annotations

from typing import Generic, TypeVar

from rules.core.contract import Event, make_event

S = TypeVar("S")


class TableCtx(Generic[S]):
    def __init__(self, state: S) -> None:
        self.s = state
        self.events: list[Event] = []

    def say(self, text: str, kind: str = "log", to: tuple[str, ...] | None = None,
            **data: object) -> None:
        """Report an event: to everyone, or only to the seats in `to`."""
        self.events.append(make_event((kind, text, to, data)))

    def tell(self, seat: str, text: str, kind: str = "private", **data: object) -> None:
        """Report an event to `seat` alone."""
        self.events.append(make_event((kind, text, (seat,), data)))  # say(to=(seat,))
