"""The engine contract every ruleset implements (see ../shared/DESIGN.md).

The bot, the renderers, the simulator and the tests only rely on what is here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict


class IllegalAction(Exception):
    """An action that the rules refuse; `reason` is shown to the player as is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. `to` None means public; else only those seats see it.
    (A plain frozen dataclass: an apply makes a few of them, so they must be cheap.)"""

    kind: str
    text: str
    to: tuple[str, ...] | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def public(self) -> bool:
        return self.to is None

    def visible_to(self, seat: str | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


@dataclass(frozen=True, slots=True)
class Prompt:
    """A seat that must decide now, and what about. Several at once = simultaneous."""

    seat: str
    kind: str
    text: str
    secret: bool = False  # the choice must be made privately (DM / ephemeral)


class Outcome(BaseModel):
    model_config = ConfigDict(frozen=True)

    winners: tuple[str, ...]
    losers: tuple[str, ...]
    reason: str
    team: str | None = None


class Action(BaseModel, ABC):
    """Base class of every ruleset's actions. `key` round-trips through parse_action;
    `label` is the player-facing text (seats written as `<@seat>`)."""

    model_config = ConfigDict(frozen=True)

    @property
    @abstractmethod
    def key(self) -> str: ...

    @property
    @abstractmethod
    def label(self) -> str: ...


S = TypeVar("S", bound=BaseModel)


@dataclass
class Step(Generic[S]):
    state: S
    events: list[Event] = field(default_factory=list)


class Ruleset(ABC, Generic[S]):
    """One game's rules. Pure: no IO, no clock, randomness only from the state's RNG."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type[BaseModel]]

    @abstractmethod
    def new_game(self, seats: list[str], seed: int, options: BaseModel | None = None) -> S: ...

    @abstractmethod
    def pending(self, state: S) -> list[Prompt]: ...

    @abstractmethod
    def legal_actions(self, state: S, seat: str) -> list[Action]: ...

    @abstractmethod
    def apply(self, state: S, seat: str, action: Action) -> Step[S]: ...

    @abstractmethod
    def view(self, state: S, seat: str | None) -> BaseModel: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def parse_action(self, state: S, seat: str, text: str) -> Action: ...

    def load_state(self, data: str) -> S:
        return self.State.model_validate_json(data)  # type: ignore[return-value]

    def dump_state(self, state: S) -> str:
        return state.model_dump_json()
