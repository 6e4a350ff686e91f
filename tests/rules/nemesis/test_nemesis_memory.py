"""rules/nemesis/memory.py: the places of shared deck cards a seat knows stay right as
cards are drawn from the top and put under the deck."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.nemesis.memory import (
    put_under,
    remember_scan,
    remember_top,
    sent_to_bottom,
    took_top,
)
from rules.nemesis.state import Hero, Memory, Pin


@dataclass
class Decks:
    decks: dict[str, list[str]] = field(default_factory=dict)
    memory: dict[str, Memory] = field(default_factory=dict)


def test_a_card_put_under_goes_deeper_as_more_go_under_and_is_forgotten_when_drawn() -> None:
    s = Decks({"red": ["a", "b"]})
    put_under(s, "red", "x", ("p0",))
    put_under(s, "red", "x")             # nobody saw which
    put_under(s, "red", "y", ("p0", "p1"))
    assert s.decks["red"] == ["a", "b", "x", "x", "y"]
    assert s.memory["p0"].bottom == [Pin(deck="red", card="x", depth=2),
                                     Pin(deck="red", card="y", depth=0)]
    assert s.memory["p1"].bottom == [Pin(deck="red", card="y", depth=0)]
    for left in (4, 3):
        s.decks["red"].pop(0)
        took_top(s, "red")
        assert len(s.memory["p0"].bottom) == 2, left
    s.decks["red"].pop(0)               # p0's "x" (depth 2 in a deck of 2 now) is drawn
    took_top(s, "red")
    assert s.memory["p0"].bottom == [Pin(deck="red", card="y", depth=0)]


def test_a_card_seen_on_top_is_forgotten_once_drawn_and_other_decks_keep_theirs() -> None:
    s = Decks({"events": ["e1", "e2"], "red": ["a"]})
    remember_top(s, "p0", "events", "e1")
    remember_top(s, "p0", "events", "e1")  # seen twice: one place
    remember_top(s, "p0", "red", "a")
    assert len(s.memory["p0"].top) == 2
    s.decks["events"].pop(0)
    took_top(s, "events")
    assert s.memory["p0"].top == [Pin(deck="red", card="a")]


def test_the_top_card_sent_under_is_known_there_by_whoever_knew_it() -> None:
    # p0 saw the top; p1 put the last card under and the deck was drawn down to it
    s = Decks({"events": ["e1", "e2", "e3"]})
    remember_top(s, "p0", "events", "e1")
    sent_to_bottom(s, "events")
    assert s.decks["events"] == ["e2", "e3", "e1"]
    assert s.memory["p0"].top == []
    assert s.memory["p0"].bottom == [Pin(deck="events", card="e1")]
    # p0 knows "e1" from the bottom only; the deck is drawn down to it
    s.decks["events"].pop(0)
    took_top(s, "events")
    s.decks["events"].pop(0)
    took_top(s, "events")
    assert s.decks["events"] == ["e1"] and s.memory["p0"].bottom == [
        Pin(deck="events", card="e1")]
    put_under(s, "events", "e4")         # nobody saw which: "e1" is on top again
    assert s.memory["p0"].bottom == [Pin(deck="events", card="e1", depth=1)]
    sent_to_bottom(s, "events")
    assert s.memory["p0"].bottom == [Pin(deck="events", card="e1")]
    assert s.decks["events"] == ["e4", "e1"]
    # p2 knew nothing: it learns nothing
    assert "p2" not in s.memory


def test_only_the_deck_whose_top_goes_under_is_touched() -> None:
    # p0 knows the top of "red" and a card 1 above the bottom of "green" (a deck of 2,
    # so that its place is also the top): sending the events' top under teaches p0
    # nothing, and p1, who saw the events' top, knows it at the bottom
    s = Decks({"events": ["e1", "e2"], "red": ["r1", "r2"], "green": ["g1", "g2"]})
    remember_top(s, "p0", "red", "r1")
    s.memory["p0"].bottom.append(Pin(deck="green", card="g1", depth=1))
    remember_top(s, "p1", "events", "e1")
    sent_to_bottom(s, "events")
    assert s.memory["p0"].top == [Pin(deck="red", card="r1")]
    assert s.memory["p0"].bottom == [Pin(deck="green", card="g1", depth=1)]
    assert s.memory["p1"].top == []
    assert s.memory["p1"].bottom == [Pin(deck="events", card="e1")]


def test_a_second_scan_keeps_the_infected_cards_known_from_the_first() -> None:
    s = Decks()
    hero = Hero(seat="p0", character="x", room="r", hand=["c:a"], deck=["c:b"])
    remember_scan(s, hero, [hero.hand])           # "a" was left in the hand: INFECTED
    assert s.memory["p0"].infected == ["c:a"]
    hero.deck.append(hero.hand.pop())             # it is shuffled away, unscanned
    hero.hand.append(hero.deck.pop(0))            # "b" drawn and scanned INFECTED too
    remember_scan(s, hero, [hero.hand])
    assert s.memory["p0"].infected == ["c:a", "c:b"]
    hero.deck.remove("c:a")                       # gone from the hero: forgotten
    remember_scan(s, hero, [[]])
    assert s.memory["p0"].infected == ["c:b"]
