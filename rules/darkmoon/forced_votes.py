"""Votes the evacuation track forces (DMX-4): the active player calls a clearance or
take-off vote; when a forced quarantine vote falls on the same turn, the active player
first picks which vote comes first."""

from __future__ import annotations

from rules.core.contract import Action
from rules.darkmoon import evacuation
from rules.darkmoon.actions import CallClearance, CallTakeoff, VoteOrder
from rules.darkmoon.state import (
    EvacuationCallFrame,
    GameState,
    TargetFrame,
    VoteOrderFrame,
)
from rules.darkmoon.table import Ctx
from rules.darkmoon.votes import start_vote


def call_vote(ctx: Ctx, seat: str, action: Action, *, forced: bool) -> None:
    """Start the vote a CallClearance / CallTakeoff action names."""
    if isinstance(action, CallTakeoff):
        start_vote(ctx, seat, "", forced=forced, topic="takeoff")
    else:
        assert isinstance(action, CallClearance)
        start_vote(ctx, seat, action.target, forced=forced, topic="clearance")


# ------------------------------------------------------------------ EvacuationCallFrame
def call_waiting(s: GameState, f: EvacuationCallFrame) -> list[str]:
    return [f.seat] if evacuation.forced_actions(s) else []


def call_legal(s: GameState, f: EvacuationCallFrame, seat: str) -> list[Action]:
    return evacuation.forced_actions(s)


def call_act(ctx: Ctx, f: EvacuationCallFrame, seat: str, action: Action) -> None:
    ctx.s.stack.pop()
    call_vote(ctx, seat, action, forced=True)


def call_run(ctx: Ctx, f: EvacuationCallFrame) -> None:
    ctx.s.stack.pop()
    ctx.say("Nobody can be put to a clearance vote and the ship cannot take off: the "
            "forced evacuation vote is skipped.", kind="evacuation")


# ------------------------------------------------------------------ VoteOrderFrame
def order_waiting(s: GameState, f: VoteOrderFrame) -> list[str]:
    return [f.seat]


def order_legal(s: GameState, f: VoteOrderFrame, seat: str) -> list[Action]:
    return [VoteOrder(first="quarantine"), VoteOrder(first="evacuation")]


def order_act(ctx: Ctx, f: VoteOrderFrame, seat: str, action: Action) -> None:
    assert isinstance(action, VoteOrder)
    s = ctx.s
    s.stack.pop()
    quarantine = TargetFrame(seat=seat, purpose="forced_vote")
    evacuate = EvacuationCallFrame(seat=seat)
    # the frame on top runs first
    if action.first == "quarantine":
        s.stack += [evacuate, quarantine]
    else:
        s.stack += [quarantine, evacuate]
    ctx.say(f"{action.label}.", kind="vote_order")


def order_run(ctx: Ctx, f: VoteOrderFrame) -> None:
    """Never reached (the frame always waits for its seat); drops the frame."""
    ctx.s.stack.pop()


def after_task(ctx: Ctx, card_id: str, seat: str, depth: int) -> None:
    """After a task's suspicion step: an EVACUATE card moves the evacuation cube. When
    that forces a vote and the suspicion track forced one too (a TargetFrame above
    `depth`), the active player picks their order."""
    s = ctx.s
    if not evacuation.evacuate_card(s, card_id):
        return
    suspicion = next((f for f in s.stack[depth:] if isinstance(f, TargetFrame)
                      and f.purpose == "forced_vote"), None)
    if not evacuation.move_cube(ctx, seat) or suspicion is None:
        return
    s.stack.remove(suspicion)
    s.stack.pop()  # the EvacuationCallFrame move_cube pushed
    s.stack.append(VoteOrderFrame(seat=seat))
