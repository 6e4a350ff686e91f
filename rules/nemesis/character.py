"""Reading a character board: the character's ability, undressed serious wounds, items
with a passive effect owned, hand slots (NX-WOUND-1, NX-ITEM-1), the hand limit, cards
that can pay."""

from __future__ import annotations

from rules.nemesis.profile import Profile
from rules.nemesis.state import Hero

HAND_SLOTS = 2
HAND_SIZE = 5


def has_wound(rules: Profile, hero: Hero, penalty: str) -> bool:
    wounds = rules.wounds
    return any(not w.dressed and wounds[w.card].penalty == penalty for w in hero.serious)


def hand_limit(rules: Profile, hero: Hero, room_bonus: bool) -> int:
    """Cards a character draws up to: 5; 1 fewer with an undressed head wound; 1 more for a
    tough character with a serious wound; 1 more where the game's room grants it
    (`room_bonus`: the original's Cabins, Lockdown's isolation room)."""
    limit = HAND_SIZE
    if has_wound(rules, hero, "head"):
        limit -= 1
    if hero.serious and ability(rules, hero) == "tough":
        limit += 1
    return limit + 1 if room_bonus else limit


def slot_limit(rules: Profile, hero: Hero) -> int:
    """Hand slots: 2, or 1 with an undressed arm wound."""
    return HAND_SLOTS - 1 if has_wound(rules, hero, "arm") else HAND_SLOTS


def slots_used(hero: Hero) -> int:
    """Hand slots taken: an item taped to another (Duct Tape) shares its slot."""
    return sum(1 for held in hero.hands if held.taped_to is None)


def owns_passive(rules: Profile, hero: Hero, passive: str) -> int:
    """How many items with this passive the hero owns (inventory and hands)."""
    items = rules.items
    n = sum(1 for i in hero.inventory if items[i].passive == passive)
    return n + sum(1 for held in hero.hands if held.item and items[held.item].passive == passive)


def ability(rules: Profile, hero: Hero) -> str:
    return rules.characters[hero.character].ability if hero.character else ""


def action_cards(hero: Hero) -> list[str]:
    """Cards in hand that can pay costs (contamination cards cannot)."""
    return [c for c in hero.hand if not c.startswith("c:")]
