"""The expansion's choices and prompts in words (amputation, clearance and take-off
votes, the corporation dice, the order of forced votes). `describe.py` and
`prompts.py` look them up here; the texts never show the corporation dice a player
did not submit to anyone but that player."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.contract import Action, Choice
from rules.darkmoon import actions as a
from rules.darkmoon import evacuation, variants
from rules.darkmoon.actions import face_text
from rules.darkmoon.expansion_votes import SIDES
from rules.darkmoon.in_play import current_task_frame, task_card
from rules.darkmoon.state import (
    CorporationFrame,
    EvacuationCallFrame,
    GameState,
    VoteFrame,
    VoteOrderFrame,
)
from rules.darkmoon.table import die_limit, during, who
from rules.darkmoon.words import plural


def _vote_frame(s: GameState) -> VoteFrame | None:
    return next((f for f in reversed(s.stack) if isinstance(f, VoteFrame)), None)


def _call_amputation(s: GameState, seat: str, x: a.CallAmputation) -> Choice:
    limit = die_limit(s, x.target)
    return Choice(f"Call an amputation vote on {who(x.target)}",
                  "Secret vote: weak die = amputate, strong die = keep the arm; the commander "
                  f"breaks a tie. Amputated, their die limit drops by 1 for good ({limit} now), "
                  "even after a reveal. Once per player.")


def _call_clearance(s: GameState, seat: str, x: a.CallClearance) -> Choice:
    x_state = s.expansion
    cleared = x_state is not None and x.target in x_state.cleared
    target = who(x.target) + (" (you)" if x.target == seat else "")
    what = "keep or revoke" if cleared else "grant"
    return Choice(f"Call a clearance vote on {target}",
                  f"Secret vote to {what} their evacuation clearance: strong die = clear, "
                  f"weak die = deny. The board holds "
                  f"{plural(evacuation.board_size(s), 'clearance token')}; quarantine revokes "
                  "a clearance.")


def _call_takeoff(s: GameState, seat: str, x: a.CallTakeoff) -> Choice:
    aboard = ", ".join(who(t) for t in (s.expansion.cleared if s.expansion else []))
    return Choice("Call a take-off vote",
                  f"Secret vote: strong die = take off, weak die = stay. If it passes, the game "
                  f"ends with {aboard} aboard: the crew wins if none of them is infected, the "
                  "infected win if one is.")


def _corp_submit(s: GameState, seat: str, x: a.CorpSubmit) -> Choice:
    task = current_task_frame(s)
    goal = f" of {task.difficulty}" if task is not None and task.difficulty else ""
    if x.face < 0:
        detail = f"The success cube moves back to {s.success_track + x.face}{goal}."
    else:
        detail = f"The success cube stays at {s.success_track}{goal}."
    detail += " Everyone sees this die; the others are never shown."
    return Choice(f"Submit the corporation die showing {face_text(x.face)}", detail)


def _vote_order(s: GameState, seat: str, x: a.VoteOrder) -> Choice:
    if x.first == "quarantine":
        return Choice(x.label, "The suspicion track's quarantine vote is held first, then "
                      "you call the clearance or take-off vote.")
    return Choice(x.label, "You call the clearance or take-off vote first, then the "
                  "suspicion track's quarantine vote is held.")


def vote(s: GameState, seat: str, x: a.Vote) -> Choice | None:
    """A vote in an expansion vote (None for a quarantine vote)."""
    frame = _vote_frame(s)
    if frame is None or frame.topic == "quarantine":
        return None
    if x.choice == "abstain":
        return Choice("Abstain", "Show an empty hand: your vote counts for neither side.")
    weak = x.choice == "weak"
    side = SIDES[frame.topic][weak]
    target = who(frame.target)
    phrase = {
        "amputation": (f"keep {target}'s arm", f"amputate {target}'s arm"),
        "clearance": (f"clear {target} for evacuation", f"deny {target} clearance"),
        "takeoff": ("take off now", "keep the ship on the pad"),
    }[frame.topic][weak]
    after = variants.vote_cost_note(s, during(s).votes_cost_dice)
    return Choice(f"Vote {side.upper()} ({x.choice} die)",
                  f"Your {x.choice} die votes to {phrase}.{after}")


def tie_break(s: GameState, seat: str, x: a.TieBreak) -> Choice | None:
    frame = _vote_frame(s)
    if frame is None or frame.topic == "quarantine":
        return None
    side = SIDES[frame.topic][int(x.quarantine)]
    return Choice(f"Break the tie: {side}", "The vote is tied: as commander you decide.")


DESCRIBE: dict[type[Action], Callable[[GameState, str, Any], Choice]] = {
    a.CallAmputation: _call_amputation, a.CallClearance: _call_clearance,
    a.CallTakeoff: _call_takeoff, a.CorpSubmit: _corp_submit,
    a.VoteOrder: _vote_order,
}


# ------------------------------------------------------------------ prompts
def _corporation(s: GameState, seat: str, f: CorporationFrame) -> str:
    task = current_task_frame(s)
    name = task_card(s, task.card).name if task is not None and task.card else "the task"
    return (f"Task {name}: submit 1 of your {f.count} corporation dice; the others stay "
            "hidden for good.")


def _evacuation_call(s: GameState, seat: str, f: EvacuationCallFrame) -> str:
    return ("The evacuation cube is on its last space: call a clearance vote or, with the "
            "ship ready, a take-off vote.")


def _vote_order_prompt(s: GameState, seat: str, f: VoteOrderFrame) -> str:
    return "A quarantine vote and an evacuation vote are both due: which comes first?"


def vote_prompt(s: GameState, seat: str, f: VoteFrame) -> str:
    strong, weak = SIDES[f.topic]
    what = {"amputation": "Amputation", "clearance": "Clearance", "takeoff": "Take-off"}[f.topic]
    what += " vote" if f.topic == "takeoff" else f" vote on {who(f.target)}"
    if f.tie:
        return f"The {what[:1].lower()}{what[1:]} is tied: as commander, you decide."
    return f"{what}: secret. Strong die = {strong}, weak die = {weak}, or abstain."


PROMPTS: dict[str, Callable[[GameState, str, Any], str]] = {
    "corporation": _corporation, "evacuation_call": _evacuation_call,
    "vote_order": _vote_order_prompt,
}
