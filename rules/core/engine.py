"""A ruleset built on the frame machine: the contract methods every such ruleset shares
(prompts, legal actions, apply on a copy, parsing keys, default moves)."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from functools import cached_property, lru_cache
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel

from rules.core.actions import ActionCodec, KeyedAction
from rules.core.clone import clone
from rules.core.contract import Action, IllegalAction, Prompt, Ruleset, Step
from rules.core.frames import FrameMachine
from rules.core.model import EngineState
from rules.core.table import TableCtx

S = TypeVar("S", bound=EngineState)  # the game's state
A = TypeVar("A", bound=KeyedAction)  # the base class of its actions
V = TypeVar("V", bound=BaseModel)  # its view
C = TypeVar("C", bound=TableCtx[Any])  # the context its actions are applied in


class FrameRuleset(Ruleset[S, A, V], Generic[S, A, V, C]):
    """Subclasses set the class attributes and implement `setup`, `build_view` and
    `outcome`; `after_action` may add checks that run after every applied action. A
    game's class line names its state, action base class, view and context:
    `class DarkMoon(FrameRuleset[GameState, DarkMoonAction, DarkMoonView, Ctx])`."""

    # (set on the class; a ClassVar cannot name a type variable)
    machine: FrameMachine[C]
    codec: ActionCodec[A]
    ctx_type: Callable[[S], C]
    prompts: ClassVar[dict[str, str]] = {}
    secret_kinds: ClassVar[frozenset[str]] = frozenset()
    default_keys: ClassVar[tuple[str, ...]] = ()
    # prompt kinds whose text is the same for every seat waiting (a secret vote all cast
    # at once): `pending` works it out once
    shared_prompt_kinds: ClassVar[frozenset[str]] = frozenset()

    # -------------------------------------------------------------- hooks
    @abstractmethod
    def setup(self, seats: list[str], seed: int, options: BaseModel) -> S:
        """A new game's state (the machine then runs its first automatic steps);
        `options` is an instance of the ruleset's `Options`."""

    @abstractmethod
    def build_view(self, state: S, seat: str | None, waiting: list[str]) -> V:
        """What `seat` (None: the public) may see."""

    def after_action(self, ctx: C) -> None:
        """Checks after every applied action (default: none)."""

    def seated(self, state: S, seat: str) -> bool:
        return seat in state.seats

    def default_fallback(self, legal: list[A]) -> A | None:
        return legal[0] if legal else None

    def candidates(self, state: S, seat: str, action: A, waiting: list[str]) -> list[Action]:
        """The legal actions `apply` compares the action with (a ruleset may narrow
        them to the action's kind when listing everything is costly); `waiting`: the
        seats waiting now."""
        return self.machine.legal(state, seat, waiting)

    def listed(self, state: S, seat: str, waiting: list[str] | None = None) -> list[A]:
        """`seat`'s legal actions as the frame machine lists them (`waiting`: the seats
        waiting now, when known)."""
        # the frame handlers are typed by frame (list[Action]), not by game; those of a
        # ruleset only list its own actions (the classes of its codec)
        return cast(list[A], self.machine.legal(state, seat, waiting))

    # -------------------------------------------------------------- the contract
    def new_game(self, seats: list[str], seed: int, options: BaseModel | None = None) -> S:
        opts = options if isinstance(options, self.Options) else self.Options.model_validate(
            options.model_dump() if options is not None else {})
        state = self.setup(list(seats), seed, opts)
        self.machine.advance(self.ctx_type(state))
        return state

    def pending(self, state: S) -> list[Prompt]:
        seats = self.machine.waiting(state)
        if not seats:
            return []
        kind = state.stack[-1].kind
        secret = len(seats) > 1 or kind in self.secret_kinds
        text = self.prompt_text
        shared = (text(state, seats[0], kind)
                  if len(seats) > 1 and kind in self.shared_prompt_kinds else None)
        prompts = []
        for seat in seats:  # a loop, not a comprehension: no closure built on every call
            prompts.append(self._prompt(seat, kind, secret, shared or text(state, seat, kind)))
        return prompts

    def deciding(self, state: S) -> list[str]:
        return list(self.machine.waiting(state))

    def prompt_text(self, state: S, seat: str, kind: str) -> str:
        """What `seat` is asked (a ruleset may say more: "action 2 of 2")."""
        return self.prompts.get(kind, "Your decision.")

    @lru_cache(maxsize=4096)  # noqa: B019 - one ruleset object per ruleset, for good
    def _prompt(self, seat: str, kind: str, secret: bool, text: str) -> Prompt:
        """Prompts are values; the same few come up on every move."""
        return Prompt(seat=seat, kind=kind, text=text, secret=secret)

    def legal_actions(self, state: S, seat: str) -> list[A]:
        # (machine.legal, read here: a search lists the mover's actions on every step)
        if state.over or not state.stack:
            return []
        top = state.stack[-1]
        handler = self.machine.handlers[top.kind]
        if seat not in handler.waiting(state, top):
            return []
        return cast(list[A], handler.legal(state, top, seat))

    def apply(self, state: S, seat: str, action: A) -> Step[S]:
        if state.over:
            raise IllegalAction("The game is over.")
        self._check(state, seat, action)
        return self.apply_listed(state, seat, action)

    def apply_listed(self, state: S, seat: str, action: A, *, in_place: bool = False) -> Step[S]:
        """`apply` without the legality check (the action was listed for `seat` in this
        state); with `in_place`, `state` itself is changed and returned (no copy). A
        state changed in place keeps the copy-on-write parts it owns: parts it shares
        with an earlier copy are copied the first time they change, as in `apply`."""
        new = state if in_place else clone(state)
        ctx = self.ctx_type(new)
        self.machine.act(ctx, seat, action)
        if self._checks_after:
            self.after_action(ctx)
        new.version += 1
        return Step(new, ctx.events)

    @cached_property
    def _checks_after(self) -> bool:
        """The ruleset has checks to run after every action (`after_action`)."""
        return type(self).after_action is not FrameRuleset.after_action

    def _check(self, state: S, seat: str, action: A) -> None:
        if not self.seated(state, seat):
            raise IllegalAction("You are not playing in this game.")
        waiting = self.machine.waiting(state)
        if seat not in waiting:
            raise IllegalAction("It is not your decision right now; wait for your prompt.")
        legal = self.candidates(state, seat, action, waiting)
        # actions are shared instances (see KeyedAction): identity is the usual match
        if not any(a is action for a in legal) and action.key not in {a.key for a in legal}:
            raise IllegalAction("That move is not allowed now; pick one from the list.")

    def view(self, state: S, seat: str | None) -> V:
        return self.build_view(state, seat, self.machine.waiting(state))

    def parse_action(self, state: S, seat: str, text: str) -> A:
        action = self.codec.parse(text)
        if not state.over and seat not in self.machine.waiting(state):
            raise IllegalAction("It is not your decision right now; wait for your prompt.")
        for legal in self.listed(state, seat):
            if legal.key == action.key:
                return legal
        raise IllegalAction("That move is not available to you right now.")

    def default_action(self, state: S, seat: str) -> A | None:
        """What the bot plays for an absent player (see the README: turn timers)."""
        legal = self.listed(state, seat)
        by_key = {a.key: a for a in legal}
        for key in self.default_keys:
            if key in by_key:
                return by_key[key]
        return self.default_fallback(legal)
