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
    for seat in s.seats:
        lines.append(_player_line(s, seat))
    if s.events_passed:
        lines.append("Events the commander put at the bottom unseen: "
                     + ", ".join(card_name(e) for e in s.events_passed) + ".")
    return lines


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
    tail = f" ({', '.join(notes)})" if notes else ""
    return (f"{who(seat)}: {team}, status card {card_name(p.status)}, played "
            f"{card_name(p.character)}{tail}.")
