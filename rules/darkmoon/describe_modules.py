"""The modules' choices and prompts in words (taking a threat token, showing a status
card). The prompt is public, so it names the requirement just fulfilled (the table saw
it happen) but never the seat's own threat card; the choice, seen by that seat alone,
says whether the requirement is the one on its card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.contract import Action, Choice
from rules.core.words import a_or_an
from rules.darkmoon import actions as a
from rules.darkmoon import threats
from rules.darkmoon.state import GameState, ThreatClaimFrame
from rules.darkmoon.table import who


def _claim(s: GameState, seat: str, x: a.ClaimThreat) -> Choice:
    frame = s.stack[-1] if s.stack else None
    t = threats.of(s)
    if not isinstance(frame, ThreatClaimFrame) or t is None:
        return Choice(x.label)
    what = threats.name(frame.requirement)
    own = t.cards.get(seat) == frame.requirement
    free = threats.free_agent(s, seat)
    if not x.claim:
        tail = ("Your card asks for this: at a final-event ending, a card not fulfilled lets "
                "the infected win." if own and not free else "Nothing changes.")
        return Choice("Take no threat token", f"Keep quiet about {what}. {tail}")
    if own:
        detail = f"This is your card's requirement: {what} is fulfilled."
    elif free:
        detail = (f"{what} is not your card, but you may act on any threat: the table sees "
                  "the token, not your card.")
    else:
        detail = (f"{what} is NOT your card: taking it uses your one token on the wrong "
                  "threat, and at a final-event ending the company's penalty lets the "
                  "infected win.")
    left = t.stock.get(frame.requirement, 0)
    token = a_or_an(f"{what} token ({left} left)") if left else "a wild token"
    return Choice(f"Take the threat token ({what})", f"{detail} You take {token}; a player "
                  "only ever takes 1 threat token.")


def _show(s: GameState, seat: str, x: a.ShowStatus) -> Choice:
    return Choice(x.label, f"Only {who(x.target)} sees your status card (Exposure); everyone "
                  "sees that you showed it. Once per game; it is not your turn's action.")


def _no_action(s: GameState, seat: str, x: a.NoAction) -> Choice:
    return Choice(x.label, "You have no action available this turn: your turn goes on "
                  "without one, and your status card stays yours. You may still show it on "
                  "a later turn.")


DESCRIBE: dict[type[Action], Callable[[GameState, str, Any], Choice]] = {
    a.ClaimThreat: _claim, a.ShowStatus: _show, a.NoAction: _no_action}


def _claim_prompt(s: GameState, seat: str, f: ThreatClaimFrame) -> str:
    return (f"You did what {threats.name(f.requirement)} asks: take its threat token, or "
            "not?")


PROMPTS: dict[str, Callable[[GameState, str, Any], str]] = {"threat_claim": _claim_prompt}
