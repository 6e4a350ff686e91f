"""The engine contract every ruleset implements (see docs/DESIGN.md).

The bot, the renderers, the simulator and the tests only rely on what is here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from rules.core.agent_profile import AgentProfile
from rules.core.menus import Choice as Choice
from rules.core.menus import Menu as Menu
from rules.core.menus import SubsetMenu as SubsetMenu
from rules.core.menus import build_menu


class IllegalAction(Exception):
    """An action that the rules refuse; `reason` is shown to the player as is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Event(tuple[str, str, tuple[str, ...] | None, dict[str, Any]]):
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

    # the fields, read by position (itemgetter: read in C); the checker reads their types
    if TYPE_CHECKING:
        @property
        def kind(self) -> str: ...

        @property
        def text(self) -> str: ...

        @property
        def to(self) -> tuple[str, ...] | None: ...

        @property
        def data(self) -> dict[str, Any]: ...
    else:
        kind = property(itemgetter(0))
        text = property(itemgetter(1))
        to = property(itemgetter(2))
        data = property(itemgetter(3))

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


S = TypeVar("S", bound=BaseModel)  # a ruleset's game state
A = TypeVar("A", bound=Action)  # its actions (the base class they share)
V = TypeVar("V", bound=BaseModel)  # what a seat (or the public) sees of a state


@dataclass(slots=True)
class Step(Generic[S]):
    state: S
    events: list[Event] = field(default_factory=list)


class Ruleset(ABC, Generic[S, A, V]):
    """One game's rules. Pure: no IO, no clock, randomness only from the state's RNG.

    Generic over the game's state `S`, its actions `A` and its view `V`: a game's class
    line names them (`class DarkMoon(FrameRuleset[GameState, DarkMoonAction,
    DarkMoonView])`); code that serves any game holds a `Ruleset[Any, Any, Any]`."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    State: type[S]  # (set on the class: a ClassVar cannot name a type variable)
    # the game's computer player: its evaluation and playout policy (rules/agents)
    agent_profile: AgentProfile[S, A] = AgentProfile()

    @abstractmethod
    def new_game(self, seats: list[str], seed: int, options: BaseModel | None = None) -> S: ...

    @abstractmethod
    def pending(self, state: S) -> list[Prompt]: ...

    @abstractmethod
    def legal_actions(self, state: S, seat: str) -> list[A]: ...

    @abstractmethod
    def apply(self, state: S, seat: str, action: A) -> Step[S]: ...

    def deciding(self, state: S) -> list[str]:
        """The seats that must decide now: those of `pending`, without the prompts'
        texts (what a search asks on every step; a ruleset may answer it faster)."""
        return [p.seat for p in self.pending(state)]

    def apply_listed(self, state: S, seat: str, action: A, *, in_place: bool = False) -> Step[S]:
        """`apply` for an action taken from `legal_actions(state, seat)` of this very
        state (what a search does on every step): a ruleset may skip checking it again.
        With `in_place` the caller owns `state` (a search's copy): it may be changed and
        returned in the Step instead of a copy; without it, `state` is left as it was.
        The default applies it on a copy, like `apply` (correct for any ruleset)."""
        return self.apply(state, seat, action)

    @abstractmethod
    def view(self, state: S, seat: str | None) -> V: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def parse_action(self, state: S, seat: str, text: str) -> A: ...

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
    def describe(self, state: S, seat: str, action: A) -> Choice:
        """What `action` is and does, for the seat choosing it."""
        return Choice(label=action.label)

    def describe_part(self, state: S, seat: str, action: A, part: str) -> Choice:
        """One part of a subset action (a card id, a die code) as a multi-select option."""
        return Choice(label=part)

    def subset_title(self, state: S, seat: str, action: A) -> tuple[str, str]:
        """The title of a subset choice and the hint shown when a set is refused."""
        return "Choose", ""

    def menu(self, state: S, seat: str) -> Menu[A]:
        """`seat`'s legal actions grouped for display (subsets as multi-selects)."""
        return build_menu(self, state, seat, self.legal_actions(state, seat))

    # ------------------------------------------------------------ answers left to Warden
    # A player may let Warden answer, the moment they are asked, the decisions where they
    # have no real choice (a table preference the bot keeps, off by default). A ruleset
    # with such decisions names them for the player's sheet ("Warden will <auto_answers>.";
    # "" when it has none) with what an instant answer may tell the table
    # (`auto_answer_tells`, a sentence).
    auto_answers: ClassVar[str] = ""
    auto_answer_tells: ClassVar[str] = ""

    def auto_answer(self, state: S, seat: str) -> A | None:
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
        return self.State.model_validate_json(data)

    def dump_state(self, state: S) -> str:
        return state.model_dump_json()
