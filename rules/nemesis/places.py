"""Who and what is where: characters in play, in a room, in combat; the turn order."""

from __future__ import annotations

from rules.nemesis.profile import NemesisState
from rules.nemesis.state import Hero, Intruder


def in_play(s: NemesisState) -> list[Hero]:
    """Characters still on the board (not dead, escaped, isolated or in a pod)."""
    return [h for seat in s.seats if (h := s.heroes.get(seat)) and h.place == "board"]


def round_survived(s: NemesisState) -> None:
    """A round ends: everyone still aboard (on the board or waiting in a pod) counts
    it (the recap's "rounds survived")."""
    for hero in s.heroes.values():
        if hero.place in ("board", "pod"):
            hero.tally.rounds += 1


def heroes_in(s: NemesisState, room: str) -> list[Hero]:
    return [h for h in in_play(s) if h.room == room]


def intruders_in(s: NemesisState, room: str) -> list[Intruder]:
    return [i for i in s.intruders if i.room == room]


def in_combat(s: NemesisState, seat: str) -> bool:
    hero = s.heroes[seat]
    return hero.place == "board" and bool(intruders_in(s, hero.room))


def turn_order(s: NemesisState) -> list[str]:
    """Seats in play order from the first player."""
    i = s.seats.index(s.first_player)
    return s.seats[i:] + s.seats[:i]
