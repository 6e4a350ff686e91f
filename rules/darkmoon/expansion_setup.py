"""Which cards, tokens and decks a game starts with: the core set, or the core set
with the Shadow Corporation expansion's cards added (DM-SETUP-1..4, DMX-1)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.rng import Rng
from rules.darkmoon import cards as k
from rules.darkmoon.cards import Content
from rules.darkmoon.state import ExpansionState


@dataclass(frozen=True, slots=True)
class CardPools:
    characters: tuple[k.Character, ...]
    statuses: tuple[k.Status, ...]
    outposts: tuple[k.Outpost, ...]
    events: tuple[k.Event, ...]
    final_events: tuple[k.Event, ...]
    silver: tuple[k.Malfunction | k.Complication, ...]
    black: tuple[k.Malfunction | k.Complication, ...]


def card_pools(c: Content, expansion: bool) -> CardPools:
    """The cards in the box for this game (the core order first, so a core game draws
    exactly as before the expansion existed)."""
    if not expansion:
        return CardPools(c.characters, c.statuses, c.outposts, c.events, c.final_events,
                         c.silver_tasks, c.black_tasks)
    x = c.expansion
    return CardPools(c.characters + x.characters, c.statuses + x.statuses,
                     c.outposts + x.outposts, c.events + x.events,
                     c.final_events + x.final_events, c.silver_tasks + x.silver.extra,
                     c.black_tasks + x.black.extra)


def fatigue_pool(rng: Rng, pools: CardPools, in_play: list[str], expansion: bool,
                 size: int) -> list[str]:
    """Core: every character's fatigue token. Expansion: the tokens of the characters
    in play that have one, topped up to `size` with random tokens of characters not in
    play (7 players without the new character keep all 7 of theirs)."""
    if not expansion:
        return [ch.id for ch in pools.characters]
    tokens = [ch.id for ch in pools.characters if ch.fatigue_token]
    pool = [t for t in tokens if t in in_play]
    spare = rng.shuffled([t for t in tokens if t not in in_play])
    return pool + spare[:max(0, size - len(pool))]


def expansion_state(c: Content, deck_name: str, start_player: str) -> ExpansionState:
    deck = c.expansion.silver if deck_name == "silver" else c.expansion.black
    return ExpansionState(start_player=start_player, failure_card=deck.failure.id)
