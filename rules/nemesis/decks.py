"""The shared decks (items, events, attacks, wounds, contamination): shuffled at setup,
drawn from in play; and drawing from each character's own action deck."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.core.rng import Rng
from rules.nemesis.memory import took_top
from rules.nemesis.profile import NemesisState, Table
from rules.nemesis.state import Hero


def expand(items: Iterable[tuple[str, int]]) -> list[str]:
    """Card ids, each as many times as its copies."""
    return [item for item, copies in items for _ in range(copies)]


def starting_decks(rng: Rng, items: Iterable[Any], events: Iterable[Any],
                   attacks: Iterable[Any], contamination: Iterable[Any],
                   wounds: Iterable[Any]) -> dict[str, list[str]]:
    """The shared decks shuffled for setup, in this order (the seeded draws depend on it):
    the red, yellow and green item decks, events, attacks, contamination, serious wounds."""
    items = list(items)
    decks = {color: rng.shuffled(expand([(i.id, i.copies) for i in items
                                         if i.color == color]))
             for color in ("red", "yellow", "green")}
    decks["events"] = rng.shuffled([e.id for e in events])
    decks["attacks"] = rng.shuffled([a.id for a in attacks])
    decks["contamination"] = rng.shuffled(expand([(x.id, x.copies) for x in contamination]))
    decks["wounds"] = rng.shuffled(expand([(w.id, w.copies) for w in wounds]))
    return decks


def draw_from(s: NemesisState, deck: str) -> str | None:
    """Top card of a shared deck, reshuffling its discard pile when it runs out."""
    cards = s.decks.setdefault(deck, [])
    if not cards:
        pile = s.discards.get(deck, [])
        if not pile:
            return None
        s.decks[deck] = cards = s.rng.shuffled(pile)
        s.discards[deck] = []
    card = cards.pop(0)
    took_top(s, deck)
    return card


def draw_to_discard(s: NemesisState, deck: str) -> str | None:
    """Draw the top card of a shared deck for its effect: it goes straight to the
    deck's discard pile (attack and event cards)."""
    card = draw_from(s, deck)
    if card is not None:
        s.discards.setdefault(deck, []).append(card)
    return card


def peek(s: NemesisState, deck: str) -> str | None:
    """The top card of a shared deck without drawing it (the discard pile is shuffled
    in first if the deck is empty, as a draw would)."""
    cards = s.decks.setdefault(deck, [])
    if not cards and s.discards.get(deck):
        s.decks[deck] = cards = s.rng.shuffled(s.discards[deck])
        s.discards[deck] = []
    return cards[0] if cards else None


def draw_cards(ctx: Table, hero: Hero, n: int) -> int:
    """Draw up to n action cards (the discard pile is reshuffled when the deck runs
    out); the player is told which (only the new ones)."""
    drawn: list[str] = []
    for _ in range(n):
        if not hero.deck:
            if not hero.discard:
                break
            hero.deck = ctx.s.rng.shuffled(hero.discard)
            hero.discard = []
        drawn.append(hero.deck.pop(0))
    hero.hand.extend(drawn)
    if drawn:
        cards = ctx.rules.cards
        ctx.tell(hero.seat, "You draw: " + ", ".join(
            "Contamination" if c.startswith("c:") else cards[c].name for c in drawn) + ".",
            kind="draw", n=len(drawn))
    return len(drawn)
