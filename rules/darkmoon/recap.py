"""The end of a Dark Moon game in words: who won and why, then every secret (status
cards, who was infected, the events the commander passed over)."""

from __future__ import annotations

from rules.darkmoon.actions import card_name
from rules.darkmoon.state import GameState
from rules.darkmoon.table import fatigued, who

TEAM_NAMES = {"infected": "infected", "uninfected": "uninfected crew"}


def recap(s: GameState) -> list[str]:
    if s.result is None:
        return []
    winners = [x for x in s.seats if s.players[x].infected == (s.result == "infected")]
    lines = [f"The {TEAM_NAMES[s.result]} win: {s.result_reason}.",
             "Winners: " + (", ".join(who(x) for x in winners) or "nobody") + "."]
    if s.expansion is not None:
        lines.append(_evacuation_line(s))
    for seat in s.seats:
        lines.append(_player_line(s, seat))
    if s.events_passed:
        lines.append("Events the commander put at the bottom unseen: "
                     + ", ".join(card_name(e) for e in s.events_passed) + ".")
    return lines


def _evacuation_line(s: GameState) -> str:
    """How the evacuation ended: the ship left (with whom), it was called off by the
    failure card, or it never left."""
    x = s.expansion
    assert x is not None
    if x.aboard:
        infected = [seat for seat in x.aboard if s.players[seat].infected]
        tail = (f"{', '.join(who(i) for i in infected)} infected aboard" if infected
                else "nobody infected aboard")
        return ("Evacuation: the ship took off with "
                + ", ".join(who(seat) for seat in x.aboard) + f" ({tail}).")
    if not x.evacuation:
        return (f"Evacuation: called off when {who(x.failure_drawn_by)} drew "
                f"{card_name(x.failure_card)}.")
    cleared = ", ".join(who(seat) for seat in x.cleared) or "nobody"
    return f"Evacuation: the ship never left (cleared at the end: {cleared})."


def _player_line(s: GameState, seat: str) -> str:
    p = s.players[seat]
    team = "INFECTED" if p.infected else "uninfected"
    notes = []
    if p.revealed:
        notes.append("revealed")
    elif p.infected:
        notes.append("never revealed")
    if s.commander == seat:
        notes.append("commander")
    if p.quarantined:
        notes.append("in quarantine")
    if fatigued(s, seat):
        notes.append("fatigued")
    if s.expansion is not None and seat in s.expansion.amputated:
        notes.append("amputated")
    tail = f" ({', '.join(notes)})" if notes else ""
    return (f"{who(seat)}: {team}, status card {card_name(p.status)}, played "
            f"{card_name(p.character)}{tail}.")
