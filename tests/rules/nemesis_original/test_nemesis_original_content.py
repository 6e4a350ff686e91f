"""The original Nemesis card content (NE-CHAR-1 and the decks the engine draws from):
counts, references, primitives, unique ids, and texts in our own words. The content
comes from rules/nemesis_original/content and the family's shared files
(rules/nemesis/content: crew, intruders, wounds, dice)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.lockdown.cards import content as lockdown_content
from rules.nemesis import effects as fx
from rules.nemesis.bag import IntruderBag, kind_of
from rules.nemesis.cards import ActionCard
from rules.nemesis.library import crew, dice, injuries, species
from rules.nemesis_original.cards import (
    FAMILY_PASSIVES,
    LOCKDOWN_ONLY,
    Content,
    check_references,
    content,
    effects_of,
    index,
    read_content,
)

SEEDS = Path("/work/shared/seeds")
C: Content = content()
CHARACTERS = ("captain", "pilot", "mechanic", "scientist", "soldier", "scout")


def copies(color: str) -> int:
    return sum(i.copies for i in C.items if i.color == color)


@pytest.mark.rule("NE-CHAR-1")
def test_six_characters_with_ten_card_decks_items_quests_abilities() -> None:
    assert tuple(ch.id for ch in C.characters) == CHARACTERS
    items = index().items
    for ch in C.characters:
        assert len(ch.deck) == 10, ch.id
        assert ch.group == "survivor"  # Lockdown's crossover counts them as survivors
        assert items[ch.quest.item].color == "quest"
        assert ch.starting_item is not None and items[ch.starting_item].color == "character"
        assert sum(card.interrupt for card in ch.deck) == 1, ch.id
        assert all(0 <= card.cost <= 2 for card in ch.deck)
    weapons = [ch.id for ch in C.characters
               if items[ch.starting_item or ""].weapon is not None]
    assert len(weapons) == 5  # every character but the scientist starts armed
    for ch_id in weapons:
        w = items[index().characters[ch_id].starting_item or ""].weapon
        assert w is not None and 1 <= w.ammo <= w.capacity
    assert len({ch.ability for ch in C.characters}) == 6


def has(deck: tuple[ActionCard, ...], cost: int, pred: Callable[[ActionCard], bool]) -> bool:
    return any(card.cost == cost and pred(card) for card in deck)


@pytest.mark.rule("NE-CHAR-1")
def test_basic_style_cards_shared_by_every_deck() -> None:
    """Each deck has a movement (cost 1), a careful movement (cost 0), an item draw
    (cost 2) and a heal with two options (cost 1), under the character's own name."""
    for ch in C.characters:
        deck = ch.deck
        assert has(deck, 1, lambda c: c.effects == (fx.Move(do="move"),)), ch.id
        assert has(deck, 0, lambda c: c.effects == (fx.Move(do="move", careful=True),)), ch.id
        assert has(deck, 2, lambda c: any(isinstance(e, fx.GainItem) for e in c.effects)), \
            ch.id
        assert has(deck, 1, lambda c: len(c.options) == 2
                   and all(isinstance(o[0], fx.Heal) for o in c.options)), ch.id


@pytest.mark.rule("NE-CHAR-1")
def test_technical_corridor_card_and_plans() -> None:
    """Only the Mechanic's card and the plans item move through technical corridors."""
    tech = fx.Move(do="move", through_tech=True)
    cards = [card.id for ch in C.characters for card in ch.deck if tech in card.effects]
    assert cards == ["mechanic_technical_corridors"]
    plans = index().items["technical_corridor_plans"]
    assert plans.color == "yellow" and not plans.one_use
    assert plans.use is not None and plans.use.effects == (tech,)
    users = [i.id for i in C.items if i.use and tech in i.use.effects]
    assert users == ["technical_corridor_plans"]


def test_item_decks() -> None:
    assert (copies("red"), copies("yellow"), copies("green")) == (14, 14, 14)
    crafted = [i for i in C.items if i.color == "crafted"]
    assert len(crafted) == 8
    assert len({tuple(sorted(i.requires)) for i in crafted}) == 8  # one card per recipe
    assert copies("character") == 6 and copies("quest") == 6
    assert any(i.heavy for i in C.items if i.color in ("red", "yellow"))
    assert sum(i.copies for i in C.items if i.one_use) >= 20
    energy = [i.id for i in C.items if i.weapon and i.weapon.kind == "energy"]
    assert len(energy) >= 3  # the armory recharges energy weapons
    for item in C.items:
        if item.weapon is not None and item.weapon.kind != "melee":
            assert 1 <= item.weapon.ammo <= item.weapon.capacity, item.id
        if item.passive is not None:
            assert item.passive in FAMILY_PASSIVES


def test_intruder_events_attacks_tokens() -> None:
    assert len(C.events) == 20
    assert Counter(ev.corridors for ev in C.events) == {(n,): 5 for n in (1, 2, 3, 4)}
    assert all(ev.effects and not ev.dark_effects for ev in C.events)
    assert len(C.attacks) == 20
    assert 4 <= sum(a.retreat for a in C.attacks) <= 8
    for kind in ("creeper", "adult", "breeder", "queen"):
        assert sum(kind in a.hits for a in C.attacks) >= 8, kind
    assert all("larva" not in a.hits and not a.dark_effects for a in C.attacks)
    assert all(t.blue == t.red for t in C.intruders.tokens)  # one number: no darkness on the ship
    count = Counter[str]()
    for t in C.intruders.tokens:
        count[t.kind] += t.count
    assert count == {"blank": 1, "larva": 5, "creeper": 3, "adult": 13, "breeder": 3,
                     "queen": 1}
    assert C.intruders.models.adult == 8


@pytest.mark.rule("NX-BAG-2")
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_bag_by_player_count(players: int) -> None:
    """000/001: 1 blank, 4 larvae, 1 creeper, 3 adults + 1 per player, 1 queen."""
    assert C.intruders.composition(players) == {
        "blank": 1, "larva": 4, "creeper": 1, "adult": 3 + players, "queen": 1}
    assert C.intruders.eggs == 5


def test_exploration_tokens() -> None:
    count = Counter[str]()
    for t in C.exploration:
        count[t.effect] += t.count
    assert count == {"silence": 6, "danger": 5, "slime": 3, "fire": 2, "malfunction": 3,
                     "doors": 3}


@pytest.mark.rule("NE-WIN-1")
def test_objectives_and_the_quarantine_exception() -> None:
    decks = Counter(o.deck for o in C.objectives)
    assert decks == {"corporate": 10, "personal": 10}
    quarantine = [o for o in C.objectives if o.spares_hibernation]
    assert [o.kind for o in quarantine] == ["quarantine"]
    assert quarantine[0].deck == "corporate"
    # a 1-player game still has a card of each deck to deal
    for deck in ("corporate", "personal"):
        assert [o for o in C.objectives if o.deck == deck and o.min_players == 1]
    named = sorted(o.value for o in C.objectives if o.kind == "player_cannot_survive")
    assert named == [1, 2, 3, 4, 5]


def test_weaknesses() -> None:
    assert len(C.weaknesses) == 8
    assert len({w.effect for w in C.weaknesses}) == 8
    assert all(w.knowledge == 1 for w in C.weaknesses)
    ids = {w.id for w in C.weaknesses}
    assert {"ne_wk_burns", "ne_wk_phosphates"} <= ids


def test_wounds_contamination_and_dice_are_the_family_decks_lockdown_plays() -> None:
    """The shared files are the very decks Lockdown loads (one copy, no twin)."""
    ld = lockdown_content()
    assert C.serious_wounds == ld.serious_wounds == injuries().serious_wounds
    assert C.contamination == ld.contamination == injuries().contamination
    assert C.dice == ld.dice == dice()
    infected = sum(x.infected for x in C.contamination)
    assert (len(C.contamination), infected) == (27, 10)


def test_references_resolve_and_ids_unique() -> None:
    assert check_references(C) == []
    fresh = read_content()  # the files read again, as a content author's check would
    assert check_references(fresh) == [] and fresh == C
    assert crew().characters == C.characters and species().attacks == C.attacks
    every = [card.id for ch in C.characters for card in ch.deck]
    assert len(every) == len(set(every)) == 60
    assert all(card.startswith(f"{ch.id}_") for ch in C.characters
               for card in (c.id for c in ch.deck))
    lockdown_ids = {card.id for ch in lockdown_content().characters for card in ch.deck}
    assert not lockdown_ids & set(every)  # the crossover puts both in one table
    lockdown_items = {i.id for i in lockdown_content().items}
    assert {ch.id for ch in C.characters}.isdisjoint(
        ch.id for ch in lockdown_content().characters)
    assert lockdown_items.isdisjoint({w.id for w in C.weaknesses})


def test_every_effect_is_a_known_family_primitive() -> None:
    effects = effects_of(C)
    assert len(effects) > 150
    for where, e in effects:
        assert e.do in fx.EFFECT_KINDS, where
        assert e.do not in LOCKDOWN_ONLY, where


def test_check_references_finds_problems() -> None:
    broken = C.model_copy(update={"items": tuple(i for i in C.items
                                                 if i.id != "plasma_torch")})
    problems = check_references(broken)
    assert any("mechanic" in p and "plasma_torch" in p for p in problems)
    dup = C.model_copy(update={"events": C.events + C.events[:1]})
    assert "duplicate ids in events" in check_references(dup)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def texts() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for ch in C.characters:
        out += [(ch.id, ch.text), (ch.id, ch.quest.text)]
        out += [(card.id, card.text) for card in ch.deck]
    out += [(i.id, i.text) for i in C.items]
    out += [(e.id, e.text) for e in C.events]
    out += [(a.id, a.text) for a in C.attacks]
    out += [(o.id, o.text) for o in C.objectives]
    out += [(w.id, w.text) for w in C.weaknesses]
    return out


def test_no_text_copied_from_the_seeds() -> None:
    """No run of 7 words of any card text appears in a rule source."""
    n = 7
    seen: set[tuple[str, ...]] = set()
    for path in sorted(SEEDS.glob("0*.txt")):
        w = words(path.read_text(encoding="utf-8", errors="replace"))
        seen.update(tuple(w[i:i + n]) for i in range(len(w) - n + 1))
    if not seen:
        pytest.skip("rule sources not available")
    copied = [(where, " ".join(run)) for where, text in texts()
              for run in (tuple(words(text)[i:i + n])
                          for i in range(len(words(text)) - n + 1)) if run in seen]
    assert copied == []


SECTIONS = [("characters", "characters"), ("items", "items"), ("events", "events"),
            ("attacks", "attacks"),
            ("objectives", "objectives"), ("weaknesses", "weaknesses"),
            ("serious_wounds", "serious wounds"), ("contamination", "contamination")]


@pytest.mark.parametrize(("field", "label"), SECTIONS)
def test_a_duplicate_id_is_reported_by_section(field: str, label: str) -> None:
    cards = getattr(C, field)
    dup = C.model_copy(update={field: cards + cards[:1]})
    also = {"characters": ["duplicate ids in action cards"],
            "weaknesses": ["duplicate ids in weakness effects"]}.get(field, [])
    assert check_references(dup) == [f"duplicate ids in {label}", *also]


def test_a_duplicate_action_card_and_weakness_effect_are_reported() -> None:
    crew_ = C.characters
    captain = crew_[0].model_copy(update={"deck": crew_[0].deck[:9] + crew_[0].deck[:1]})
    assert check_references(C.model_copy(update={"characters": (captain, *crew_[1:])})) == \
        ["duplicate ids in action cards"]
    first = C.weaknesses[0].model_copy(update={"effect": C.weaknesses[1].effect})
    assert check_references(C.model_copy(update={"weaknesses": (first, *C.weaknesses[1:])})) \
        == ["duplicate ids in weakness effects"]


def test_wrong_starting_and_quest_items_are_reported() -> None:
    ch = C.characters[0]
    red = next(i.id for i in C.items if i.color == "red")
    bad = ch.model_copy(update={"starting_item": red,
                                "quest": ch.quest.model_copy(update={"item": red})})
    assert check_references(C.model_copy(update={"characters": (bad, *C.characters[1:])})) \
        == [f"character {ch.id}: starting item {red} is not a character item",
            f"character {ch.id}: quest item {red} is not a quest item"]
    gone = ch.model_copy(update={"starting_item": "nothing_at_all"})
    assert check_references(C.model_copy(update={"characters": (gone, *C.characters[1:])})) \
        == [f"character {ch.id}: starting item nothing_at_all is not a character item"]


def test_items_without_components_or_with_an_unknown_passive_are_reported() -> None:
    red = next(i for i in C.items if i.color == "red")
    plain = red.model_copy(update={"provides": ()})
    odd = next(i for i in C.items if i.passive is None).model_copy(update={"passive": "armor"})
    items = tuple(plain if i.id == red.id else i for i in C.items)
    problems = check_references(C.model_copy(update={"items": items}))
    assert f"item {red.id}: search items carry blue components" in problems
    fine = check_references(C.model_copy(update={"items": tuple(
        odd if i.id == odd.id else i for i in C.items)}))
    assert not any("passive" in p for p in fine)  # armor is a family passive
    weird = odd.model_copy(update={"passive": "jetpack"})
    assert f"item {odd.id}: passive jetpack has no meaning here" in check_references(
        C.model_copy(update={"items": tuple(weird if i.id == odd.id else i for i in C.items)}))


def test_a_bag_needing_more_tokens_than_exist_is_reported() -> None:
    setup = C.intruders.model_copy(update={"bag_start": {**C.intruders.bag_start, "larva": 99}})
    have = sum(t.count for t in C.intruders.tokens if t.kind == "larva")
    assert check_references(C.model_copy(update={"intruders": setup})) == [
        f"bag: 99 larva tokens needed, {have} exist"]
    # adults: the bag's own plus adults_per_player for each of up to 5 players
    exist = sum(t.count for t in C.intruders.tokens if t.kind == "adult")
    per = C.intruders.adults_per_player
    fits = {**C.intruders.bag_start, "adult": exist - 5 * per}
    assert check_references(C.model_copy(update={
        "intruders": C.intruders.model_copy(update={"bag_start": fits})})) == []
    over = {**fits, "adult": exist - 5 * per + 1}
    assert check_references(C.model_copy(update={
        "intruders": C.intruders.model_copy(update={"bag_start": over})})) == [
        f"bag: {exist + 1} adult tokens needed, {exist} exist"]


@pytest.mark.rule("NX-BAG-2")
def test_the_bag_numbers_each_kinds_tokens_from_zero_in_content_order() -> None:
    bag = IntruderBag.of(C.intruders.tokens, C.intruders.bag_start)
    counts = Counter(t.kind for t in C.intruders.tokens for _ in range(t.count))
    for kind, n in counts.items():
        assert [t for t in bag.tokens if kind_of(t) == kind] == [f"{kind}{i}" for i in range(n)]
    larvae = [t for t in C.intruders.tokens if t.kind == "larva"]
    assert bag.tokens["larva0"] == larvae[0]
    assert bag.tokens[f"larva{larvae[0].count}"] == larvae[1]  # the next entry's first
