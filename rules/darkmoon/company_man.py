"""The Company Man module (DMX-7): one of 8 uninfected status cards is the Company
Man, who counts as uninfected for every rule but wins alone: at a final-event ending
when an infected player holds an amputation token (checked first, before the final
event's own completion effects), or when the evacuation ship takes off with an
infected player aboard. He loses every other ending, a 6-token infected win included.
His status is secret until the recap (or a status card shown by a rule)."""

from __future__ import annotations

from rules.darkmoon.cards import content
from rules.darkmoon.state import GameState
from rules.darkmoon.table import Ctx, who


def seat_of(s: GameState) -> str | None:
    """The Company Man's seat, if his card was dealt."""
    if not s.options.company_man:
        return None
    cm = content().modules.company_man
    return next((x for x in s.seats if s.players[x].status == cm), None)


def _win(ctx: Ctx, seat: str, reason: str) -> None:
    s = ctx.s
    s.result = "company_man"
    s.result_reason = reason
    ctx.say(f"{who(seat)} was the Company Man and wins alone: {reason}.", kind="game_over",
            team="company_man", seat=seat)


def wins_at_final(ctx: Ctx) -> bool:
    """The final event is complete: an amputated infected player hands the Company Man
    the win before anything else is checked."""
    s = ctx.s
    seat = seat_of(s)
    if seat is None or s.expansion is None:
        return False
    maimed = [x for x in s.expansion.amputated if s.players[x].infected]
    if not maimed:
        return False
    _win(ctx, seat, f"the final event was completed while {who(maimed[0])}, an infected "
         "player, had lost an arm")
    return True


def wins_at_takeoff(ctx: Ctx, infected_aboard: list[str]) -> bool:
    """The ship took off: an infected player aboard is the Company Man's win."""
    seat = seat_of(ctx.s)
    if seat is None or not infected_aboard:
        return False
    _win(ctx, seat, f"the evacuation ship took off with {who(infected_aboard[0])}, who was "
         "infected, aboard")
    return True


def team_winners(s: GameState) -> list[str]:
    """The winners of the game that is over, in seat order."""
    if s.result == "company_man":
        seat = seat_of(s)
        return [seat] if seat is not None else []
    cm = seat_of(s)
    infected = s.result == "infected"
    return [x for x in s.seats if s.players[x].infected == infected and x != cm]
