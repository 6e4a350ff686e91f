"""Amputation votes (DMX-3): a weak-die majority gives the player an amputation
token, -1 to their die limit for the rest of the game (a revealed infected player
then holds 1 die). One token per player; never on a revealed infected player."""

from __future__ import annotations

from rules.darkmoon.state import GameState
from rules.darkmoon.table import Ctx, die_limit, enforce_limit, own_expansion, who


def amputated(s: GameState, seat: str) -> bool:
    return s.expansion is not None and seat in s.expansion.amputated


def targets(s: GameState, caller: str) -> list[str]:
    """Who `caller` may put to an amputation vote: another player, quarantined or not,
    not revealed, not amputated already."""
    if s.expansion is None:
        return []
    return [t for t in s.seats if t != caller and not s.players[t].revealed
            and t not in s.expansion.amputated]


def amputate(ctx: Ctx, seat: str) -> None:
    s = ctx.s
    own_expansion(s).amputated.append(seat)
    ctx.say(f"{who(seat)} loses an arm: an amputation token lowers their die limit by 1 for "
            f"good (now {die_limit(s, seat)}).", kind="amputation", seat=seat)
    enforce_limit(ctx, seat)
