"""Drawing cards: the shared decks (items, events, attacks, wounds, contamination), and
each character's own action deck."""

from __future__ import annotations

from rules.nemesis.profile import NemesisState, Table
from rules.nemesis.state import Hero


def draw_from(s: NemesisState, deck: str) -> str | None:
    """Top card of a shared deck, reshuffling its discard pile when it runs out."""
    cards = s.decks.setdefault(deck, [])
    if not cards:
        pile = s.discards.get(deck, [])
        if not pile:
            return None
        s.decks[deck] = cards = s.rng.shuffled(pile)
        s.discards[deck] = []
    return cards.pop(0)


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
