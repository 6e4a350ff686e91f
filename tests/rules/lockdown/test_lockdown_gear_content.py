"""Shape and count checks for the Lockdown items and characters content files."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.lockdown.cards import read_section
from rules.nemesis.cards import Character, Item

SEARCH = ("red", "yellow", "green")


@pytest.fixture(scope="module")
def items() -> tuple[Item, ...]:
    return read_section("items")  # type: ignore[return-value]


@pytest.fixture(scope="module")
def characters() -> tuple[Character, ...]:
    return read_section("characters")  # type: ignore[return-value]


@pytest.fixture(scope="module")
def by_id(items: tuple[Item, ...]) -> dict[str, Item]:
    return {i.id: i for i in items}


def _by_name(items: tuple[Item, ...], name: str) -> Item:
    found = [i for i in items if i.name.lower() == name.lower()]
    assert len(found) == 1, f"expected exactly one item named {name!r}"
    return found[0]


# ------------------------------------------------------------------ items


def test_item_ids_unique(items):
    ids = [i.id for i in items]
    assert len(ids) == len(set(ids))


def test_deck_sizes_per_colour(items):
    cards = Counter()
    kinds = Counter()
    for item in items:
        cards[item.color] += item.copies
        kinds[item.color] += 1
    for color in SEARCH:
        assert 14 <= cards[color] <= 18, (color, cards[color])
    assert 8 <= kinds["crafted"] <= 10
    assert kinds["character"] == 5
    assert kinds["quest"] == 6


def test_search_items_provide_components(items):
    for item in items:
        if item.color in SEARCH:
            assert 1 <= len(item.provides) <= 2, item.id
        else:
            assert not item.provides, item.id


def test_crafted_items_can_be_built(items):
    available = {c for i in items if i.color in SEARCH for c in i.provides}
    assert available == {"chemical", "electronic", "mechanical", "medical"}
    pairs = []
    for item in items:
        if item.color != "crafted":
            continue
        assert len(item.requires) == 2, item.id
        for component in item.requires:
            assert component in available, (item.id, component)
        pairs.append(tuple(sorted(item.requires)))
    # no two crafted cards share a recipe, so a craft is never ambiguous
    assert len(pairs) == len(set(pairs))


def test_two_of_a_kind_recipes_have_two_sources(items):
    for item in items:
        if item.color == "crafted" and item.requires[0] == item.requires[1]:
            sources = sum(i.copies for i in items
                          if i.color in SEARCH and item.requires[0] in i.provides)
            assert sources >= 2, item.id


@pytest.mark.parametrize(("name", "color"), [
    ("Taser", "crafted"), ("Enviro-Suit", "crafted"), ("Neutralizer", "crafted"),
    ("Fire Blanket", "yellow"), ("Clothes", "yellow"), ("Duct Tape", "yellow"),
    ("Analyze Toolset", "yellow"), ("Main Gate Key", "red"),
])
def test_named_items_exist(items, name, color):
    assert _by_name(items, name).color == color


def test_named_item_behaviour(items):
    assert _by_name(items, "Enviro-Suit").passive == "enviro_suit"
    assert _by_name(items, "Duct Tape").passive == "duct_tape"
    assert _by_name(items, "Analyze Toolset").passive == "analyze_toolset"
    assert _by_name(items, "Main Gate Key").passive == "main_gate_key"
    neutralizer = _by_name(items, "Neutralizer")
    assert neutralizer.one_use and neutralizer.use is not None
    assert any(e.do == "injure" and e.target == "all" and e.n == 2
               for e in neutralizer.use.effects)
    taser = _by_name(items, "Taser")
    assert taser.weapon is not None or (
        taser.use is not None and any(e.do == "injure" for e in taser.use.effects))
    clothes = _by_name(items, "Clothes")
    assert clothes.use is not None
    assert any(e.do == "slime" and e.remove for e in clothes.use.effects)
    blanket = _by_name(items, "Fire Blanket")
    assert blanket.use is not None
    assert any(e.do == "fire" and e.remove for e in blanket.use.effects)


def test_every_item_does_something(items):
    for item in items:
        assert item.use or item.passive or item.weapon, item.id
        if item.one_use:
            assert item.use is not None, item.id
        if item.use is not None:
            assert item.use.effects or item.use.options, item.id
            assert not (item.use.effects and item.use.options), item.id
            if item.use.options:
                assert "[OR]" in item.text, item.id


def test_weapons(items):
    weapons = [i for i in items if i.weapon is not None]
    assert {w.weapon.kind for w in weapons} == {"classic", "energy", "melee"}
    for item in weapons:
        weapon = item.weapon
        assert item.heavy, item.id
        assert weapon.capacity >= weapon.ammo, item.id
        if weapon.kind == "melee":
            assert weapon.capacity == 0 and weapon.ammo == 0, item.id
        else:
            assert weapon.ammo >= 1, item.id
        if item.color in ("crafted", "character", "quest"):
            assert weapon.ammo == weapon.capacity, f"{item.id} must come loaded"


def test_red_deck_mix(items):
    red = [i for i in items if i.color == "red"]
    assert sum(i.copies for i in red if i.weapon and i.weapon.kind != "melee") >= 3
    assert any(i.use and any(e.do == "reload" for e in i.use.effects) for i in red)
    assert any(i.one_use and i.use and any(e.do == "injure" and e.target == "all"
                                           for e in i.use.effects) for i in red)
    assert {"armor", "motion_tracker"} <= {i.passive for i in red}


def test_green_deck_heals(items):
    green = [i for i in items if i.color == "green"]
    healing = sum(i.copies for i in green
                  if i.use and any(e.do == "heal" for e in i.use.effects))
    assert healing >= 8
    assert any(i.use and any(e.do == "scan" for e in i.use.effects) for i in green)


def test_item_texts(items):
    for item in items:
        assert item.name.strip() and item.text.strip(), item.id
        assert len(item.text) <= 600, item.id


# ------------------------------------------------------------------ characters

GROUPS = {
    "Survivor": "survivor", "Lab Rat": "survivor", "Xenobiologist": "worker",
    "Psychologist": "worker", "Sentry": "worker", "Cleaner": "worker",
}


def test_six_characters_and_groups(characters):
    assert {c.name: c.group for c in characters} == GROUPS
    groups = Counter(c.group for c in characters)
    assert groups == {"survivor": 2, "worker": 4}
    assert len({c.id for c in characters}) == 6


def test_distinct_abilities_and_quests(characters):
    assert len({c.ability for c in characters}) == 6
    assert len({c.quest.needs for c in characters}) == 6
    assert len({c.quest.item for c in characters}) == 6


def test_decks(characters):
    ids = []
    for character in characters:
        assert len(character.deck) == 10, character.id
        interrupts = [card for card in character.deck if card.interrupt]
        assert 1 <= len(interrupts) <= 2, character.id
        for card in interrupts:
            assert "interrupt" in card.text.lower(), card.id
        assert sum(1 for card in character.deck if card.cost <= 2) == 10, character.id
        assert any(e.do == "move" for card in character.deck
                   for e in (*card.effects, *(x for o in card.options for x in o))), \
            character.id
        assert any(card.combat == "in" for card in character.deck), character.id
        for card in character.deck:
            assert card.id.startswith(character.id + "_"), card.id
            if card.options:
                assert "[OR]" in card.text, card.id
            ids.append(card.id)
    assert len(ids) == len(set(ids)) == 60


def test_starting_and_quest_items(characters, by_id):
    for character in characters:
        if character.name == "Xenobiologist":
            assert character.starting_item is None
        else:
            assert character.starting_item in by_id, character.id
            assert by_id[character.starting_item].color == "character"
        assert character.quest.item in by_id, character.id
        assert by_id[character.quest.item].color == "quest"
    starting = {c.starting_item for c in characters} - {None}
    character_items = {i for i, item in by_id.items() if item.color == "character"}
    quest_items = {i for i, item in by_id.items() if item.color == "quest"}
    assert starting == character_items
    assert {c.quest.item for c in characters} == quest_items


def test_character_texts(characters):
    for character in characters:
        texts = [character.text, character.quest.text, *(c.text for c in character.deck)]
        for text in texts:
            assert text.strip() and len(text) <= 600, character.id
        for card in character.deck:
            assert card.name.strip(), card.id
