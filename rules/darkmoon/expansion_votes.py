"""The expansion's votes in words and their results: amputation, clearance and
take-off votes run on the same secret vote as quarantine (strong die / weak die /
abstain, the commander breaks ties); only what each side means differs."""

from __future__ import annotations

from rules.darkmoon import evacuation
from rules.darkmoon.amputation import amputate
from rules.darkmoon.state import GameState, VoteFrame
from rules.darkmoon.table import Ctx, who

# topic -> (what a strong die means, what a weak die means), as short phrases
SIDES = {
    "amputation": ("keep the arm", "amputate"),
    "clearance": ("clear for evacuation", "deny clearance"),
    "takeoff": ("take off", "stay"),
}


def called_text(s: GameState, caller: str, target: str, topic: str) -> str:
    strong, weak = SIDES[topic]
    if topic == "takeoff":
        what = "a take-off vote for the evacuation ship"
    elif topic == "amputation":
        what = f"an amputation vote on {who(target)}"
    else:
        what = f"a clearance vote on {who(target)}"
    return (f"{who(caller)} calls {what}. Everyone votes in secret: strong die = {strong}, "
            f"weak die = {weak}, or abstain.")


def result_text(frame: VoteFrame, strong: int, weak: int) -> str:
    yes, no = SIDES[frame.topic]
    shown = ", ".join(f"{who(seat)}: {frame.votes.get(seat, 'abstain')}"
                      for seat in frame.voters)
    return f"Votes revealed: {strong} {yes}, {weak} {no} ({shown})."


def tie_keeps_weak(s: GameState, frame: VoteFrame) -> bool:
    """A tie with no commander to break it leaves things as they are."""
    if frame.topic == "clearance":
        return not (s.expansion is not None and frame.target in s.expansion.cleared)
    return False


def settle(ctx: Ctx, frame: VoteFrame, weak_wins: bool) -> None:
    """Apply an expansion vote's result (the vote frame is already off the stack)."""
    if frame.topic == "amputation":
        if weak_wins:
            amputate(ctx, frame.target)
        else:
            ctx.say(f"{who(frame.target)} keeps their arm.", kind="vote_outcome")
    elif frame.topic == "clearance":
        if weak_wins:
            evacuation.deny(ctx, frame.target)
        else:
            evacuation.clear(ctx, frame.target)
    elif weak_wins:
        ctx.say("The evacuation ship stays on the pad.", kind="vote_outcome")
    else:
        evacuation.take_off(ctx)
