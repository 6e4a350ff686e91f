"""The engine contract every ruleset implements (see ../shared/DESIGN.md).

The bot, the renderers, the simulator and the tests only rely on what is here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from operator import itemgetter
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict


class IllegalAction(Exception):
    """An action that the rules refuse; `reason` is shown to the player as is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Event(tuple):  # type: ignore[type-arg]
    """Something that happened. `to` None means public; else only those seats see it.

    An immutable value with the fields `kind`, `text`, `to` and `data`, built like a
    dataclass (`Event(kind, text, to=None, data=None)`, by keyword or by position). It is
    a tuple underneath because an apply makes a few of them on every move and a tuple is
    the cheapest immutable object to build: engine code that makes many uses
    `make_event((kind, text, to, data))`, which skips even the `__new__` below. (Being a
    tuple, an event also equals a plain tuple of the same four values.)"""

    __slots__ = ()
    __match_args__ = ("kind", "text", "to", "data")

    def __new__(cls, kind: str, text: str, to: tuple[str, ...] | None = None,
                data: dict[str, Any] | None = None) -> Event:
        return tuple.__new__(cls, (kind, text, to, {} if data is None else data))

    # the fields, read by position (itemgetter: read in C)
    kind: str = property(itemgetter(0))  # type: ignore[assignment]
    text: str = property(itemgetter(1))  # type: ignore[assignment]
    to: tuple[str, ...] | None = property(itemgetter(2))  # type: ignore[assignment]
    data: dict[str, Any] = property(itemgetter(3))  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event(kind={self[0]!r}, text={self[1]!r}, to={self[2]!r}, data={self[3]!r})"

    def __getnewargs__(self) -> tuple[Any, ...]:  # copy and pickle rebuild it from its fields
        return tuple(self)

    @property
    def public(self) -> bool:
        return self[2] is None

    def visible_to(self, seat: str | None) -> bool:
        to = self[2]
        return to is None or (seat is not None and seat in to)


# Event(kind, text, to, data) with every field given (`data` a dict of its own), built in
# C: what Ctx.say calls on every move
make_event: Callable[[tuple[str, str, tuple[str, ...] | None, dict[str, Any]]], Event] = \
    partial(tuple.__new__, Event)


@dataclass(frozen=True, slots=True)
class Prompt:
    """A seat that must decide now, and what about. Several at once = simultaneous."""

    seat: str
    kind: str
    text: str
    secret: bool = False  # the choice must be made privately (DM / ephemeral)


@dataclass(frozen=True, slots=True)
class Choice:
    """How one option is shown to the player who may pick it (the one place where an
    action becomes words, as OpenSpiel's action-to-string): `label` names it in a few
    words (seats written as `<@seat>`; at most about 70 characters), `detail` says what it
    does (card text, cost, consequences such as an escape attack; empty when the label
    says it all)."""

    label: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class SubsetMenu:
    """Legal actions that differ only in which parts they take (cards to discard, dice to
    submit): shown as one multi-select. `parts[i]` is option i; picking a set of options
    is looked up by the multiset of part values it names (two dice showing the same face
    are interchangeable), see `resolve`."""

    title: str
    parts: tuple[Choice, ...]
    values: tuple[str, ...]  # the part value behind each option (same length as parts)
    min_size: int
    max_size: int
    by_parts: dict[tuple[str, ...], Action]  # sorted part values -> the action
    hint: str = ""  # why a set may be refused ("discard exactly 2 cards")
    # how choosing no part at all reads ("Keep your hand"), when that is legal: a client
    # sends nothing for a select closed empty, so the table offers it as a button
    empty: Choice | None = None

    def resolve(self, positions: list[int]) -> Action | None:
        """The action for the chosen option positions, or None when that set is not
        one of the legal ones (or a position is out of range)."""
        if len(set(positions)) != len(positions) or not all(
                0 <= i < len(self.values) for i in positions):
            return None
        return self.by_parts.get(tuple(sorted(self.values[i] for i in positions)))


@dataclass(frozen=True, slots=True)
class Menu:
    """A seat's legal actions as the table shows them: single choices, each with its
    Choice, and multi-selects for subset choices. Every legal action is in exactly one."""

    singles: tuple[tuple[Action, Choice], ...]
    subsets: tuple[SubsetMenu, ...] = ()


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


@dataclass(slots=True)
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

    # ------------------------------------------------------------ the table
    def player_range(self, options: BaseModel) -> tuple[int, int]:
        """The fewest and most players a game with these options seats (a mode may
        narrow the ruleset's range: a solo mode seats exactly one)."""
        return self.min_players, self.max_players

    def check_players(self, options: BaseModel, n: int) -> str | None:
        """Why `n` players cannot start a game with these options, or None."""
        low, high = self.player_range(options)
        if low <= n <= high:
            return None
        return f"{self.title} takes {low} to {high} players; {n} joined."

    # ------------------------------------------------------------ presentation
    # The bot shows choices through these; a ruleset overrides them to add card texts,
    # costs and consequences (see rules/core/menus.py for the shared grouping).
    def describe(self, state: S, seat: str, action: Action) -> Choice:
        """What `action` is and does, for the seat choosing it."""
        return Choice(label=action.label)

    def describe_part(self, state: S, seat: str, action: Action, part: str) -> Choice:
        """One part of a subset action (a card id, a die code) as a multi-select option."""
        return Choice(label=part)

    def subset_title(self, state: S, seat: str, action: Action) -> tuple[str, str]:
        """The title of a subset choice and the hint shown when a set is refused."""
        return "Choose", ""

    def menu(self, state: S, seat: str) -> Menu:
        """`seat`'s legal actions grouped for display (subsets as multi-selects)."""
        from rules.core.menus import build_menu

        return build_menu(self, state, seat, self.legal_actions(state, seat))

    # ------------------------------------------------------------ answers left to Warden
    # A player may let Warden answer, the moment they are asked, the decisions where they
    # have no real choice (a table preference the bot keeps, off by default). A ruleset
    # with such decisions names them for the player's sheet ("Warden will <auto_answers>.";
    # "" when it has none) with what an instant answer may tell the table
    # (`auto_answer_tells`, a sentence).
    auto_answers: ClassVar[str] = ""
    auto_answer_tells: ClassVar[str] = ""

    def auto_answer(self, state: S, seat: str) -> Action | None:
        """The answer Warden gives for `seat` to the decision they face now when they let
        it answer those without a real choice; None when this decision is a real one."""
        return None

    def recap(self, state: S) -> list[str]:
        """At game over: who won and why in words, then every secret revealed (roles,
        objectives, hidden tokens), one line each; seats written as `<@seat>`."""
        outcome = self.outcome(state)
        if outcome is None:
            return []
        winners = ", ".join(f"<@{s}>" for s in outcome.winners) or "nobody"
        return [f"Game over: {outcome.reason}. Winners: {winners}."]

    def reveal(self, state: S) -> list[str]:
        """Every secret as the game stands, for a game ended before its end (`/game
        end`): the recap's secret lines, without a result; seats written as `<@seat>`."""
        return []

    def load_state(self, data: str) -> S:
        return self.State.model_validate_json(data)  # type: ignore[return-value]

    def dump_state(self, state: S) -> str:
        return state.model_dump_json()
