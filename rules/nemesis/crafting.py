"""Crafting (NX-ITEM-3): item cards with blue symbols combine into a crafted item whose
symbols they cover; the cards used go to their discard piles."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

from rules.core.actions import seat_ref as who
from rules.core.contract import Action, Choice
from rules.core.words import joined
from rules.nemesis import actions as a
from rules.nemesis.hands import fix_hands, remove_item
from rules.nemesis.items import give_item, owned
from rules.nemesis.places import in_combat
from rules.nemesis.profile import NemesisState, Profile, Table
from rules.nemesis.state import Hero


def craft_actions(s: NemesisState, hero: Hero) -> list[Action]:
    if not s.crafted:
        return []
    rules = s.rules
    parts = tuple(sorted(i for i in owned(hero) if rules.items[i].provides))
    need_cards = rules.hooks.craft_cards_needed(s, hero)
    if len(parts) < need_cards or in_combat(s, hero.seat):  # (the combat test last)
        return []
    return list(_recipes(rules, parts, need_cards, tuple(dict.fromkeys(s.crafted))))


@lru_cache(maxsize=4096)
def _recipes(rules: Profile, parts: tuple[str, ...], need_cards: int,
             crafted: tuple[str, ...]) -> tuple[Action, ...]:
    """The crafts these blueprint cards allow (content only: cached; actions are frozen)."""
    items = rules.items
    out: list[Action] = []
    for item_id in crafted:
        item = items[item_id]
        for combo in dict.fromkeys(combinations(parts, need_cards)):
            if covers(rules, combo, item.requires, need_cards):
                out.append(a.Craft(item=item_id, cards=combo, text=f"{item.name} from "
                                   + " + ".join(items[c].name for c in combo)))
    return tuple(out)


def covers(rules: Profile, cards: tuple[str, ...], requires: tuple[str, ...], n: int
           ) -> bool:
    """Each card supplies one of its blue symbols; with fewer cards than symbols (the
    game may allow one fewer) the missing symbols are waived."""
    want = Counter(requires)
    for order in {tuple(c) for c in _assignments(rules, cards)}:
        got = Counter(order)
        missing = sum((want - got).values())
        if missing <= len(requires) - n:
            return True
    return False


def _assignments(rules: Profile, cards: tuple[str, ...]) -> list[list[str]]:
    if not cards:
        return [[]]
    rest = _assignments(rules, cards[1:])
    return [[sym, *tail] for sym in rules.items[cards[0]].provides for tail in rest]


def craft(ctx: Table, hero: Hero, action: a.Craft) -> None:
    s = ctx.s
    items = ctx.rules.items
    for card in action.cards:
        remove_item(hero, card)
        s.discards.setdefault(items[card].color, []).append(card)
    s.crafted.remove(action.item)
    hero.tally.crafted += 1
    ctx.say(f"{who(hero.seat)} crafts {items[action.item].name}.", kind="craft")
    fix_hands(ctx, hero)
    give_item(ctx, hero, action.item)


def craft_words(s: NemesisState, action: a.Craft, cost: str) -> tuple[str, str]:
    """The title and hint of the multi-select of the components to craft an item with:
    "Craft Taser: choose 2 items", then the cost, the symbols to cover and what it does."""
    item = s.rules.items[action.item]
    n = len(action.cards)
    hint = (f"{cost} Their blue symbols must cover {joined(list(item.requires))}; "
            f"they are used up. {' '.join(item.text.replace('**', '').split())}")
    return f"Craft {item.name}: choose {n} item{'s' if n != 1 else ''}", hint


def component_choice(s: NemesisState, item_id: str) -> Choice:
    """One component offered for a craft: the item and the symbols it supplies."""
    item = s.rules.items[item_id]
    return Choice(label=item.name, detail="Blue symbols: " + ", ".join(item.provides) + ".")
