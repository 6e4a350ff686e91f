"""The frame machine every ruleset runs on.

A game state keeps a stack of frames (dataclasses with a `kind`). The top frame is
the procedure in progress. For each frame kind a ruleset registers four functions:

- waiting(state, frame) -> seats that must decide now ([] = the frame runs by itself)
- legal(state, frame, seat) -> the actions that seat may take
- act(ctx, frame, seat, action) -> apply a decision
- run(ctx, frame) -> take one automatic step (pop the frame, change its stage, push
  frames above it)

`advance` runs automatic steps until a decision is needed or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from rules.core.contract import Action


class Frame(Protocol):
    """A frame of a state's stack, as the machine reads it (a game's frames are
    dataclasses with a literal `kind`)."""

    @property
    def kind(self) -> str: ...


class FrameState(Protocol):
    """What the machine reads of a game state."""

    @property
    def stack(self) -> Sequence[Frame]: ...

    @property
    def over(self) -> bool: ...


class FrameCtx(Protocol):
    """What the machine reads of the context an action is applied in."""

    @property
    def s(self) -> FrameState: ...


C = TypeVar("C", bound=FrameCtx)


@dataclass(frozen=True)
class Handler(Generic[C]):
    """The four functions of one frame kind. Each takes the game's own state and frame
    classes, so the table of handlers (one per kind) can only say Any for them."""

    waiting: Callable[[Any, Any], list[str]]
    legal: Callable[[Any, Any, str], list[Action]]
    act: Callable[[C, Any, str, Action], None]
    run: Callable[[C, Any], None]


def never(state: object, frame: object) -> list[str]:
    return []


def no_actions(state: object, frame: object, seat: str) -> list[Action]:
    return []


def takes_no_action(ctx: object, frame: Frame, seat: str, action: Action) -> None:
    raise AssertionError(f"frame {frame.kind} takes no decisions")


def automatic(run: Callable[[C, Any], None]) -> Handler[C]:
    """A frame that never waits for anyone."""
    return Handler(never, no_actions, takes_no_action, run)


class FrameMachine(Generic[C]):
    """Dispatches the frames of one ruleset. `after` (optional) is a check run after
    every automatic step and decision but those of the frame kinds in `unless`: a rule
    that must take effect at once, before anything else pending runs (both Nemesis games
    end the game when nobody is left)."""

    max_automatic_steps = 10_000

    def __init__(self, handlers: dict[str, Handler[C]],
                 after: Callable[[C], None] | None = None,
                 unless: tuple[str, ...] = ("end",)) -> None:
        self.handlers = handlers
        self.after = after
        self.unless = frozenset(unless)

    def waiting(self, state: FrameState) -> list[str]:
        if state.over or not state.stack:
            return []
        top = state.stack[-1]
        return self.handlers[top.kind].waiting(state, top)

    def legal(self, state: FrameState, seat: str,
              waiting: list[str] | None = None) -> list[Action]:
        """`seat`'s legal actions (`waiting`: the seats waiting now, when known)."""
        if seat not in (self.waiting(state) if waiting is None else waiting):
            return []
        top = state.stack[-1]
        return self.handlers[top.kind].legal(state, top, seat)

    def act(self, ctx: C, seat: str, action: Action) -> list[str]:
        """Apply `seat`'s decision and advance; the seats waiting afterwards."""
        top = ctx.s.stack[-1]
        self.handlers[top.kind].act(ctx, top, seat, action)
        if self.after is not None and top.kind not in self.unless:
            self.after(ctx)
        return self.advance(ctx)

    def advance(self, ctx: C) -> list[str]:
        """Run automatic steps until someone must decide or the game is over; the seats
        waiting then (what `waiting` says of the state now)."""
        s = ctx.s
        handlers = self.handlers
        after = self.after
        unless = self.unless
        for _ in range(self.max_automatic_steps):
            stack = s.stack
            if not stack or s.over:
                return []
            top = stack[-1]
            handler = handlers[top.kind]
            seats = handler.waiting(s, top)
            if seats:
                return seats
            handler.run(ctx, top)
            if after is not None and top.kind not in unless:
                after(ctx)
        raise RuntimeError("the game made no progress; this is an engine bug")
