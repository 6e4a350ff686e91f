"""The engine glue the games share: `TableCtx` (the events an action reports) and
a machine's `after` check (run after every automatic step and decision)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core.frames import FrameMachine, Handler, automatic
from rules.core.table import TableCtx


@dataclass
class Frame:
    kind: str


@dataclass
class State:
    stack: list[Any] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    over: bool = False


class Ctx(TableCtx[State]):
    """The core action context as a game would subclass it, with nothing added."""


def test_say_is_public_and_tell_is_for_one_seat() -> None:
    ctx = Ctx(State())
    ctx.say("The doors close.", kind="doors", room="A")
    ctx.tell("7", "You see the coordinates.")
    public, private = ctx.events
    assert (public.kind, public.to, public.data) == ("doors", None, {"room": "A"})
    assert (private.kind, private.to) == ("private", ("7",))
    assert private.visible_to("7") and not private.visible_to("8")


def _machine(checks: list[str]) -> FrameMachine[Ctx]:
    def step(ctx: Ctx, frame: Any) -> None:
        ctx.s.log.append(f"run {frame.kind}")
        ctx.s.stack.pop()

    def choose(ctx: Ctx, frame: Any, seat: str, action: Any) -> None:
        ctx.s.log.append(f"act {frame.kind}")
        ctx.s.stack.pop()

    def check(ctx: Ctx) -> None:
        checks.append(ctx.s.log[-1])

    ask = Handler(lambda s, f: ["1"], lambda s, f, seat: [], choose, step)
    return FrameMachine({"auto": automatic(step), "ask": ask, "end": automatic(step)},
                        after=check)


def test_the_check_follows_every_step_and_decision_but_the_end() -> None:
    checks: list[str] = []
    machine = _machine(checks)
    ctx = Ctx(State(stack=[Frame("end"), Frame("auto"), Frame("ask")]))
    machine.act(ctx, "1", object())   # the decision, then the automatic steps
    assert ctx.s.log == ["act ask", "run auto", "run end"]
    assert checks == ["act ask", "run auto"]  # not after the end frame
