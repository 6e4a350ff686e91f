"""How the Nemesis family names an effect on a choice's label (both games): every
primitive in the words a player reads on "Quick Patch: remove 1 light wound", each side
of its switches (remove or add, one or every, forward or back, singular or plural), and
whom an option acts on."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from rules.nemesis import effects as fx
from rules.nemesis.effect_words import effect_words, effects_words, option_label, option_words

EFFECT: TypeAdapter[fx.Effect] = TypeAdapter(fx.Effect)


def effect(**data: Any) -> fx.Effect:
    """An effect primitive as the content files write it."""
    return EFFECT.validate_python(data)

WORDS: list[tuple[dict[str, Any], str]] = [
    ({"do": "wound", "kind": "light"}, "take 1 light wound"),
    ({"do": "wound", "kind": "serious", "n": 2}, "take 2 serious wounds"),
    ({"do": "contaminate", "n": 2}, "take 2 contamination cards"),
    ({"do": "slime"}, "get a slime marker"),
    ({"do": "slime", "remove": True}, "discard the slime marker"),
    ({"do": "heal", "what": "light_one"}, "remove 1 light wound"),
    ({"do": "heal", "what": "heal_dressed"}, "heal 1 dressed serious wound"),
    ({"do": "knowledge", "n": 2}, "+2 knowledge"),
    ({"do": "knowledge", "n": -1}, "-1 knowledge"),
    ({"do": "scan"}, "scan your hand for contamination"),
    ({"do": "scan", "where": "everywhere"}, "scan all your cards for contamination"),
    ({"do": "scan", "larva_too": True}, "remove the INFECTED cards from your hand and the larva"),
    ({"do": "draw_cards", "n": 2}, "draw 2 action cards"),
    ({"do": "discard_cards"}, "discard 1 action card"),
    ({"do": "discard_cards", "n": 2, "random": True}, "discard 2 action cards at random"),
    ({"do": "noise_roll"}, "make a noise roll"),
    ({"do": "gain_item", "color": "white"}, "draw an item of the colour you choose"),
    ({"do": "gain_item", "color": "red"}, "draw a red item"),
    ({"do": "gain_item", "crafted": "flamethrower"}, "take the crafted item"),
    ({"do": "reload", "n": 3}, "add up to 3 ammo to a weapon you carry"),
    ({"do": "drop_heavy"}, "drop everything heavy you carry"),
    ({"do": "move"}, "make an extra movement"),
    ({"do": "move", "careful": True}, "make a careful movement (no noise roll)"),
    ({"do": "move", "through_tech": True}, "move through the technical corridors"),
    ({"do": "pass"}, "pass at once"),
    ({"do": "fire"}, "start a fire in your room"),
    ({"do": "fire", "remove": True, "where": "chosen", "range": "neighbour"},
     "remove the fire from a neighbouring room"),
    ({"do": "malfunction", "where": "random"}, "cause a malfunction in a random room"),
    ({"do": "malfunction", "remove": True, "where": "chosen"},
     "repair the malfunction in any room"),
    ({"do": "noise", "where": "tech"}, "noise in the technical corridors"),
    ({"do": "noise", "where": "tech", "remove": True}, "silence the technical corridors"),
    ({"do": "noise"}, "noise in every corridor of your room"),
    ({"do": "noise", "remove": True}, "remove the noise around your room"),
    ({"do": "doors", "op": "close", "where": "chosen", "range": "tech"},
     "close the doors around a room with a technical entrance"),
    ({"do": "injure"}, "1 injury to one intruder in your room"),
    ({"do": "injure", "n": 2, "target": "all", "where": "with_character"},
     "2 injuries to every intruder in every room with a character"),
    ({"do": "retreat", "where": "section"}, "the intruders in every room of your section flee"),
    ({"do": "spawn", "intruder": "larva"}, "a larva appears in the nest"),
    ({"do": "spawn", "intruder": "adult"}, "an adult appears in the nest"),
    ({"do": "encounter"}, "an encounter"),
    ({"do": "bag", "op": "add", "intruder": "creeper"}, "add a creeper token to the bag"),
    ({"do": "bag", "op": "remove", "intruder": "larva"}, "remove a larva token from the bag"),
    ({"do": "bag", "op": "add", "intruder": "adult"}, "add an adult token to the bag"),
    ({"do": "eggs", "n": 1}, "1 egg more in the nest"),
    ({"do": "eggs", "n": -2}, "destroy 2 eggs"),
    ({"do": "hunt", "kinds": ["adult", "breeder"]}, "adults and breeders hunt the nearest "
     "character"),
    ({"do": "power", "op": "on_lowest"}, "the lowest inactive power token comes on"),
    ({"do": "time", "delta": 1}, "the time token moves 1 slot on"),
    ({"do": "time", "delta": -2}, "the time token moves 2 slots back"),
    ({"do": "signal"}, "send the signal"),
]


@pytest.mark.parametrize(("data", "words"), WORDS, ids=[w for _, w in WORDS])
def test_each_effect_has_its_words(data: dict[str, Any], words: str) -> None:
    assert effect_words(effect(**data)) == words


def test_a_crafted_item_is_named_by_the_game() -> None:
    gain = effect(do="gain_item", crafted="flamethrower")
    assert effect_words(gain, lambda item: item.upper()) == "take the FLAMETHROWER"
    assert option_words([gain], lambda item: "Flamethrower") == ": take the Flamethrower"


def test_effects_in_a_row_name_whom_once_until_it_changes() -> None:
    row = [effect(do="draw_cards"), effect(do="draw_cards", who="others_in_room"),
           effect(do="knowledge", n=1, who="others_in_room"), effect(do="slime", who="room")]
    assert effects_words(row) == ("draw 1 action card, the others in your room: draw 1 "
                                  "action card, +1 knowledge, everyone in your room: get a "
                                  "slime marker")


def test_an_option_on_others_only_names_them_before_the_colon() -> None:
    heal = effect(do="heal", what="light_all", who="room")
    slime = effect(do="slime", remove=True, who="room")
    assert option_label("Hose Down", [heal, slime]) == (
        "Hose Down, for everyone in your room: remove all light wounds, discard the slime "
        "marker")
    mixed = [effect(do="heal", what="dress_one"), slime]
    assert option_label("Patch", mixed) == (
        "Patch: dress 1 serious wound, everyone in your room: discard the slime marker")
