"""Evacuation (DMX-4, DMX-5): the clearance board, clearance and take-off votes, the
refueling round, the evacuation cube moved by EVACUATE tasks, the evacuation failure
card of the final event, and the end of the game when the ship takes off."""

from __future__ import annotations

from rules.core.contract import Action
from rules.darkmoon import company_man, threats
from rules.darkmoon.actions import (
    CallAmputation,
    CallClearance,
    CallTakeoff,
    card_name,
    per_target,
)
from rules.darkmoon.amputation import targets as amputation_targets
from rules.darkmoon.cards import content, index
from rules.darkmoon.state import EvacuationCallFrame, ExpansionState, GameState
from rules.darkmoon.table import Ctx, blocked, own_expansion, who


def on(s: GameState) -> bool:
    """Evacuation is still possible (the expansion is on, no failure card drawn)."""
    return s.expansion is not None and s.expansion.evacuation


def board_size(s: GameState) -> int:
    """Clearance tokens the board holds: 1 at 3 players, 2 at 4-5, 3 at 6-7."""
    return content().expansion.board.clearance_board[len(s.seats)]


def board_full(s: GameState) -> bool:
    return s.expansion is not None and len(s.expansion.cleared) >= board_size(s)


def clearance_targets(s: GameState) -> list[str]:
    """Players a clearance vote may name: nobody in quarantine or revealed; once the
    board is full, only players already cleared."""
    if not on(s):
        return []
    x = s.expansion
    assert x is not None
    if board_full(s):
        return [t for t in s.seats if t in x.cleared]
    return [t for t in s.seats
            if not s.players[t].revealed and not s.players[t].quarantined]


def takeoff_allowed(s: GameState) -> bool:
    """The board is full and refueling is over."""
    return on(s) and s.expansion is not None and s.expansion.ready and board_full(s)


def vote_actions(s: GameState, seat: str) -> list[Action]:
    """The expansion's votes a player may call as an action (Call a Vote not blocked):
    amputation always, clearance and take-off unless Launch Control or an event blocks
    them."""
    acts: list[Action] = list(per_target(CallAmputation, tuple(amputation_targets(s, seat))))
    if not on(s) or blocked(s, "evacuation_vote"):
        return acts
    acts.extend(per_target(CallClearance, tuple(clearance_targets(s))))
    if takeoff_allowed(s):
        acts.append(CallTakeoff())
    return acts


def forced_actions(s: GameState) -> list[Action]:
    """What the active player may call when the evacuation cube forces a vote (no
    outpost token or event blocks it)."""
    acts: list[Action] = [CallClearance(target=t) for t in clearance_targets(s)]
    if takeoff_allowed(s):
        acts.append(CallTakeoff())
    return acts


# ------------------------------------------------------------------ clearance tokens
def clear(ctx: Ctx, seat: str) -> None:
    x = _x(ctx.s)
    if seat in x.cleared:
        ctx.say(f"{who(seat)} keeps their clearance.", kind="clearance", seat=seat)
        return
    x = own_expansion(ctx.s)
    x.cleared.append(seat)
    ctx.say(f"{who(seat)} is cleared for evacuation ({len(x.cleared)}/{board_size(ctx.s)} on "
            "the clearance board).", kind="clearance", seat=seat, cleared=True)
    if board_full(ctx.s):
        ready = "a take-off vote may be called" if x.ready else "the ship is still refueling"
        ctx.say(f"The clearance board is full: {ready}.", kind="clearance")


def revoke(ctx: Ctx, seat: str, why: str) -> None:
    """Return `seat`'s clearance token to the pool, if it is on the board."""
    x = ctx.s.expansion
    if x is None or seat not in x.cleared:
        return
    x = own_expansion(ctx.s)
    x.cleared.remove(seat)
    ctx.say(f"{who(seat)} loses their clearance ({why}).", kind="clearance", seat=seat,
            cleared=False)


def deny(ctx: Ctx, seat: str) -> None:
    if seat in _x(ctx.s).cleared:
        revoke(ctx, seat, "the vote went against them")
    else:
        ctx.say(f"{who(seat)} is denied clearance.", kind="clearance", seat=seat)


def take_off(ctx: Ctx) -> None:
    """The ship leaves with the cleared players and the game ends (DMX-5)."""
    s = ctx.s
    x = own_expansion(s)
    x.aboard = list(x.cleared)
    names = ", ".join(who(seat) for seat in x.aboard)
    ctx.say(f"The evacuation ship takes off carrying {names}.", kind="takeoff",
            aboard=list(x.aboard))
    infected = [seat for seat in x.aboard if s.players[seat].infected]
    for seat in x.aboard:
        p = s.players[seat]
        ctx.say(f"{who(seat)} shows their status card: {card_name(p.status)}.",
                kind="status_shown", seat=seat, status=p.status)
    if company_man.wins_at_takeoff(ctx, infected):
        return
    if infected:
        s.result = "infected"
        s.result_reason = (f"the evacuation ship took off with {who(infected[0])}, who was "
                           "infected, aboard")
    else:
        s.result = "uninfected"
        s.result_reason = "the evacuation ship took off with only uninfected players aboard"
    ctx.say(f"The {s.result} win: {s.result_reason}.", kind="game_over", team=s.result)


# ------------------------------------------------------------------ the tracks
def pass_turn(ctx: Ctx) -> None:
    """Called as a turn passes: after the first full round the ship is refueled."""
    s = ctx.s
    x = s.expansion
    if x is None or x.ready or s.turns < len(s.seats):
        return
    x = own_expansion(s)
    x.ready = True
    if x.evacuation:
        ctx.say("Refueling is complete: the evacuation ship is ready for take-off.",
                kind="refueled")
    threats.deal(ctx)


def evacuate_card(s: GameState, card_id: str) -> bool:
    return on(s) and card_id in index().evacuate[s.task_deck_name]


def move_cube(ctx: Ctx, active: str) -> bool:
    """An EVACUATE task was played: the cube moves 1 space; on the last space the
    active player must call a clearance or take-off vote and the cube goes back to the
    first space. True when a vote is forced."""
    x = own_expansion(ctx.s)
    last = ctx.c.expansion.board.evacuation_spaces - 1
    x.cube = min(last, x.cube + 1)
    if x.cube < last:
        ctx.say(f"EVACUATE task: the evacuation cube moves to {x.cube}/{last} (at {last}, a "
                "clearance or take-off vote must be called).", kind="evacuation")
        return False
    ctx.say(f"EVACUATE task: the evacuation cube moves to {x.cube}/{last}.", kind="evacuation")
    x.cube = 0
    ctx.say(f"The evacuation cube is on its last space: {who(active)} must call a clearance "
            "or take-off vote.", kind="evacuation")
    ctx.s.stack.append(EvacuationCallFrame(seat=active))
    return True


def failure_drawn(ctx: Ctx, seat: str) -> None:
    """The evacuation failure card comes off the task deck: it is shown at once and
    evacuation is over (boards and clearance tokens leave the game)."""
    x = own_expansion(ctx.s)
    x.evacuation = False
    x.failure_drawn_by = seat
    x.cleared = []
    x.cube = 0
    ctx.say(f"{who(seat)} draws {card_name(x.failure_card)} and shows it: evacuation is "
            "over. The clearance and vote boards leave the game; EVACUATE marks are "
            "ignored.", kind="evacuation_failure", seat=seat, card=x.failure_card)


def final_deck(s: GameState, deck: list[str]) -> list[str]:
    """The final event's malfunction deck, with the failure card while evacuation is on."""
    if on(s):
        return [*deck, _x(s).failure_card]
    return deck


def _x(s: GameState) -> ExpansionState:
    assert s.expansion is not None
    return s.expansion
