"""The live private sheet of an original Nemesis player (bot/sheets/nemesis.py,
BOT-PRIV-1): character, place and wounds, the hand with every card's cost and text, a
contamination card that stays unnamed, items, the two objectives until the first
encounter, the quest, and what the player looked at in secret; within Discord's limit."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.help import answer
from bot.sheets import describe_private
from bot.texts import MAX_CONTENT, split_message
from rules import get_ruleset
from rules.nemesis_original.cards import index

RS = get_ruleset("nemesis")


def seats_for(n: int) -> list[str]:
    return [str(100000000000000000 + 7919 * i) for i in range(n)]


def drafted(n: int = 3, seed: int = 2) -> Any:
    """A game just past the draft (every character chosen, round 1's hands drawn)."""
    s = RS.new_game(seats_for(n), seed=seed)
    rnd = random.Random(seed)
    while not all(h.character for h in s.heroes.values()) or any(
            not h.hand for h in s.heroes.values()):
        prompt = RS.pending(s)[0]
        s = RS.apply(s, prompt.seat, rnd.choice(RS.legal_actions(s, prompt.seat))).state
    return s


def sheet_of(s: Any, seat: str) -> str:
    return describe_private(RS.view(s, seat))


@pytest.mark.rule("BOT-PRIV-1")
def test_the_sheet_shows_the_hand_items_objectives_and_quest() -> None:
    s = drafted()
    seat = s.seats[0]
    hero = s.heroes[seat]
    idx = index()
    text = sheet_of(s, seat)
    character = idx.characters[hero.character]
    assert text.startswith(f"You play the **{character.name}**, in Hibernatorium")
    assert "**Ability**" in text
    for card_id in hero.hand:
        card = idx.cards[card_id]
        assert f"• **{card.name}** (cost {card.cost}" in text
    for item_id in hero.inventory:
        assert f"**{idx.items[item_id].name}**" in text
    assert len(hero.objectives) == 2
    for oid in hero.objectives:
        objective = idx.objectives[oid]
        assert f"**Objective ({objective.deck})**: **{objective.name}**" in text
    assert "you keep one of them" in text
    assert f"**Quest** ({idx.items[character.quest.item].name})" in text
    for oid in hero.objectives:  # whole: "If you sleep through the jump ..., you..." was cut
        assert " ".join(idx.objectives[oid].text.replace("**", "").split()) in text
    # nobody else's secrets: another seat's objectives are not on this sheet
    for other in s.seats[1:]:
        for oid in s.heroes[other].objectives:
            if oid not in hero.objectives:
                assert idx.objectives[oid].name not in text


@pytest.mark.rule("BOT-PRIV-1")
def test_contamination_stays_unnamed_and_a_kept_objective_shows_alone() -> None:
    s = drafted(seed=5)
    seat = s.seats[1]
    hero = s.heroes[seat]
    infected = next(c.id for c in index().contamination.values() if c.infected)
    hero.hand = [*hero.hand, f"c:{infected}"]
    hero.objectives = hero.objectives[:1]
    text = sheet_of(s, seat)
    assert "• Contamination (scan to find out if it is INFECTED)" in text
    assert infected not in text and "INFECTED card" not in text
    assert "**Objective**: **" in text and "(corporate)" not in text \
        and "(personal)" not in text
    # cards alike until scanned: one line with their number, not one line each
    clean = next(c.id for c in index().contamination.values() if not c.infected)
    hero.hand = [*hero.hand, f"c:{clean}"]
    text = sheet_of(s, seat)
    assert "• Contamination ×2 (scan to find out if any is INFECTED)" in text
    assert "• Contamination (scan" not in text


@pytest.mark.rule("BOT-PRIV-1")
def test_what_the_player_checked_in_secret_is_on_their_sheet_only() -> None:
    s = drafted(seed=7)
    seat, other = s.seats[0], s.seats[1]
    s.known[seat] = {"coordinates": "C", "engine_2": "damaged",
                     "room_s07": "Armory, danger"}
    text = sheet_of(s, seat)
    assert "**What you checked**" in text
    assert "• Coordinates: space **C** takes the ship to Earth" in text
    assert "• Engine 2: **damaged** (when you last checked)" in text
    assert "• On the monitors, unexplored room 7 is the **Armory** (token: danger)" in text
    assert "What you checked" not in sheet_of(s, other)
    assert RS.view(s, None).me is None


@pytest.mark.rule("BOT-PRIV-1")
@pytest.mark.parametrize(("place", "pod", "words"), [
    ("dead", None, "**dead**"), ("pod", "B1", "in escape pod B1"),
    ("escaped", "A2", "escaped in pod A2"), ("hibernated", None, "asleep in the hibernatorium")])
def test_the_sheet_says_where_the_character_is(place: str, pod: str | None,
                                               words: str) -> None:
    s = drafted(seed=3)
    seat = s.seats[2]
    s.heroes[seat].place = place
    s.heroes[seat].pod = pod
    assert sheet_of(s, seat).split("\n")[0].split(" · ")[0].endswith(words)


@pytest.mark.rule("BOT-LIMITS-1")
def test_a_crowded_sheet_keeps_every_text_and_goes_out_in_parts() -> None:
    s = drafted(seed=9)
    seat = s.seats[0]
    hero = s.heroes[seat]
    hero.hand = [card.id for card in index().characters[hero.character].deck]
    hero.inventory = [i for i in index().items if index().items[i].color != "quest"][:12]
    s.known[seat] = {f"room_s{n:02d}": "Armory, danger" for n in range(1, 15)}
    text = sheet_of(s, seat)
    assert "**Hand** (10 cards" in text and "…" not in text
    for item in hero.inventory:
        assert " ".join(index().items[item].text.replace("**", "").split()) in text
    parts = split_message(text)
    assert len(parts) > 1 and all(len(part) <= MAX_CONTENT for part in parts)
    assert "\n".join(parts) == text  # nothing lost between the messages


@pytest.mark.rule("BOT-PRIV-1")
def test_an_objective_against_a_player_number_names_that_player() -> None:
    s = drafted()
    seat = s.seats[0]
    s.heroes[seat].objectives = ["ne_pers_not_p2"]
    text = sheet_of(s, seat)
    assert "**Old Grudge: Player 2**" in text
    assert f"(player 2 is <@{s.seats[1]}>)" in text


@pytest.mark.rule("BOT-CHOICE-1")
def test_a_cost_reads_the_same_in_the_sheet_the_choice_the_payment_and_rules() -> None:
    """One convention (rules/nemesis/README.md): "cost N" counts the action cards
    discarded besides the card played, and N is what the payment then asks for."""
    s = drafted()
    seat = RS.pending(s)[0].seat
    idx = index()
    plays = [x for x in RS.legal_actions(s, seat)
             if x.kind == "card" and idx.cards[x.card].cost > 0]  # type: ignore[attr-defined]
    assert plays, "a card with a cost is playable"
    action = plays[0]
    card = idx.cards[action.card]  # type: ignore[attr-defined]
    n = card.cost
    assert f"• **{card.name}** (cost {n}" in sheet_of(s, seat)
    choice = RS.describe(s, seat, action)
    assert choice.label.endswith(f"(cost {n})")
    assert choice.detail.startswith(f"Cost {n}: play this card and discard {n} more action "
                                    f"card{'s' if n > 1 else ''}.")
    assert f"cost {n}" in answer(card.name, "nemesis")
    after = RS.apply(s, seat, action).state
    assert after.stack[-1].kind == "pay" and after.stack[-1].cost == n
    menu = RS.menu(after, seat).subsets[0]
    assert menu.title == f"Pay for Play {card.name}: discard {n} more action " \
        f"card{'s' if n > 1 else ''}"
    assert [p.label for p, c in zip(menu.parts, menu.values, strict=True)
            if not c.startswith("c:")] == \
        [f"{idx.cards[c].name} (cost {idx.cards[c].cost})" for c in menu.values
         if not c.startswith("c:")]
