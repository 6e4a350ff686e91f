"""Card conservation shared by the Nemesis-family rules tests (Lockdown and the
original): every item card a game holds, counted wherever it can be (decks, discards,
the crafted pile, removed items, characters' inventories and hands, an item waiting in
a pick), against how many there should be (the search and crafted items' copies, plus
each drafted character's starting item and active quest item); the contamination
cards' copies; each character's own action cards. Each game passes its content and index."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.nemesis.frames import PickFrame

ITEM_DECKS = ("red", "yellow", "green", "crafted", "character", "quest")


class CardCounts:
    """The card counts of one game's content (`C`) and index (`IDX`)."""

    def __init__(self, content: Any, idx: Any) -> None:
        self.idx = idx
        self.search_items = Counter({i.id: i.copies for i in content.items
                                     if i.color in ("red", "yellow", "green")})
        self.crafted = Counter({i.id: i.copies for i in content.items if i.color == "crafted"})
        self.contamination = Counter({x.id: x.copies for x in content.contamination})

    @staticmethod
    def items_in_game(s: Any) -> Counter[str]:
        out: Counter[str] = Counter()
        for color in ITEM_DECKS:
            out.update(s.decks.get(color, []))
            out.update(s.discards.get(color, []))
        out.update(s.crafted)
        out.update(s.removed_items)
        for hero in s.heroes.values():
            out.update(hero.inventory)
            out.update(h.item for h in hero.hands if h.item)
        for frame in s.stack:
            if isinstance(frame, PickFrame) and frame.tag.startswith("heavy:i:"):
                out[frame.tag.split(":")[2]] += 1
            if isinstance(frame, PickFrame) and frame.tag == "keep_item":
                out.update(frame.options[0].split("+"))
        return out

    def expected_items(self, s: Any) -> Counter[str]:
        out = self.search_items + self.crafted
        for hero in s.heroes.values():
            if not hero.character:
                continue
            ch = self.idx.characters[hero.character]
            if ch.starting_item:
                out[ch.starting_item] += 1
            if hero.quest_active:
                out[ch.quest.item] += 1
        return out

    def check(self, s: Any, where: str) -> None:
        """Each character's own action cards all there (hand, deck, discard), the
        contamination cards (in the deck, the discards and the characters' cards)
        conserved, and the item cards."""
        contamination: Counter[str] = Counter(s.decks.get("contamination", []))
        contamination.update(s.discards.get("contamination", []))
        for hero in s.heroes.values():
            cards = hero.hand + hero.deck + hero.discard
            if hero.character:
                own = sorted(c for c in cards if not c.startswith("c:"))
                assert own == sorted(c.id for c in self.idx.characters[hero.character].deck), \
                    f"{where}: {hero.seat}'s action cards"
            contamination.update(c[2:] for c in cards if c.startswith("c:"))
        assert contamination == self.contamination, f"{where}: contamination cards"
        held, expected = self.items_in_game(s), self.expected_items(s)
        assert held == expected, f"{where}: item cards {(held - expected, expected - held)}"
