"""What a seat looked at in secret, written into the state's `memory` (rules.nemesis.
state.Memory) where the engine shows it to that seat alone, so that the copies a
computer player decides from (rules.nemesis.determinize) keep what it knows: its
contamination cards scanned INFECTED, a shared deck's card seen on top or put at the
bottom, and a game's own facts (Lockdown: a CSS token, another player's objectives, a
contingency token). Nothing here is shown by a view or changes a rule's outcome."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Protocol

from rules.nemesis.state import Hero, Memory


class Remembers(Protocol):
    """The part of a family state the memory lives in."""

    memory: dict[str, Memory]


def memory_of(s: Remembers, seat: str) -> Memory:
    """The seat's memory (made on first use)."""
    m = s.memory.get(seat)
    if m is None:
        m = s.memory[seat] = Memory()
    return m


def own_contamination(hero: Hero) -> Counter[str]:
    return Counter(c for c in hero.hand + hero.deck + hero.discard if c.startswith("c:"))


def remember_scan(s: Remembers, hero: Hero, scanned: Iterable[list[str]]) -> None:
    """After a scan removed the clean cards of `scanned` piles: every contamination card
    left in them is INFECTED, and the hero knows it (with those it knew already and
    still holds)."""
    held = own_contamination(hero)
    left = Counter(c for pile in scanned for c in pile if c.startswith("c:"))
    m = memory_of(s, hero.seat)
    known = ((Counter(m.infected) & held) | left) & held
    m.infected = sorted(known.elements())


def remember_top(s: Remembers, seat: str, deck: str, card: str) -> None:
    """The seat saw `card` on top of `deck`."""
    entry = f"{deck}:{card}"
    m = memory_of(s, seat)
    if entry not in m.top:
        m.top.append(entry)


def remember_bottom(s: Remembers, seat: str, deck: str, card: str) -> None:
    """The seat put `card` at the bottom of `deck`."""
    memory_of(s, seat).bottom.append(f"{deck}:{card}")


def sent_to_bottom(s: Remembers, deck: str, card: str) -> None:
    """The top card of `deck` went to the bottom in front of everyone: whoever saw it on
    top knows it is at the bottom now."""
    entry = f"{deck}:{card}"
    for m in s.memory.values():
        if entry in m.top:
            m.top.remove(entry)
            m.bottom.append(entry)


def remember_fact(s: Remembers, seat: str, key: str, value: str) -> None:
    """One of the game's own secrets the seat saw."""
    memory_of(s, seat).facts[key] = value


def move_fact(s: Remembers, old: str, new: str) -> None:
    """What a fact is about moved in front of everyone (a CSS token to another slot):
    whoever knew it under `old` knows it under `new`."""
    for m in s.memory.values():
        if old in m.facts:
            m.facts[new] = m.facts.pop(old)
