"""What a seat looked at in secret, written into the state's `memory` (rules.nemesis.
state.Memory) where the engine shows it to that seat alone, so that the copies a
computer player decides from (rules.nemesis.determinize) keep what it knows: its
contamination cards scanned INFECTED; where a shared deck's card is that it saw on top
or saw go under the deck, counted from the top or from the bottom and kept up to date
as cards are drawn and put under (`took_top`, `put_under`: every draw from and every
card put under a shared deck goes through them); and a game's own facts (Lockdown: a
CSS token, another player's objectives, a contingency token). Nothing here is shown by
a view or changes a rule's outcome."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from typing import Protocol

from rules.nemesis.state import Hero, Memory, Pin


class Remembers(Protocol):
    """The part of a family state the memory lives in."""

    memory: dict[str, Memory]


class Decks(Remembers, Protocol):
    """A family state's shared decks (top card first) and the memory of their places."""

    decks: dict[str, list[str]]


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
    m = memory_of(s, seat)
    if not any(p.deck == deck for p in m.top):
        m.top.append(Pin(deck=deck, card=card))


def took_top(s: Decks, deck: str) -> None:
    """The top card of `deck` left it (drawn in front of everyone, or sent under it):
    the card seen on top is forgotten, and so is a place counted from the bottom that
    is no longer in the deck."""
    size = len(s.decks.get(deck, []))
    for m in s.memory.values():
        m.top = [p for p in m.top if p.deck != deck]
        m.bottom = [p for p in m.bottom if p.deck != deck or p.depth < size]


def put_under(s: Decks, deck: str, card: str, seen_by: Iterable[str] = ()) -> None:
    """`card` goes under `deck`; the seats `seen_by` saw which card it was (everyone's
    when it is done in front of the table with a card all know). Every place known in
    that deck counted from the bottom moves one deeper."""
    s.decks.setdefault(deck, []).append(card)
    for m in s.memory.values():
        m.bottom = [replace(p, depth=p.depth + 1) if p.deck == deck else p
                    for p in m.bottom]
    for seat in seen_by:
        memory_of(s, seat).bottom.append(Pin(deck=deck, card=card))


def sent_to_bottom(s: Decks, deck: str) -> None:
    """The top card of `deck` goes under it in front of everyone (who does not see
    which card it is): whoever knew it on top knows it at the bottom now."""
    cards = s.decks[deck]
    card = cards[0]
    knew = [seat for seat, m in s.memory.items()
            if any(p.deck == deck for p in m.top)
            or any(p.deck == deck and p.depth == len(cards) - 1 for p in m.bottom)]
    cards.pop(0)
    took_top(s, deck)
    put_under(s, deck, card, knew)


def remember_fact(s: Remembers, seat: str, key: str, value: str) -> None:
    """One of the game's own secrets the seat saw."""
    memory_of(s, seat).facts[key] = value


def move_fact(s: Remembers, old: str, new: str) -> None:
    """What a fact is about moved in front of everyone (a CSS token to another slot):
    whoever knew it under `old` knows it under `new`."""
    for m in s.memory.values():
        if old in m.facts:
            m.facts[new] = m.facts.pop(old)
