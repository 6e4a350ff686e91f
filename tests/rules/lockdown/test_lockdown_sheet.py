"""The live private sheet of a Lockdown player (bot/sheets/lockdown.py, BOT-PRIV-1): the
hand with each card's cost and text, the items and what they do, objectives, contingency
tokens and the decision being made, every text whole."""

from __future__ import annotations

import pytest
from lockdown_helpers import IDX, RS, give, play, ready, set_hand, wound

from bot.help import answer
from bot.sheets import describe_private
from rules.lockdown.state import GameState


def sheet(s: GameState, seat: str) -> str:
    return describe_private(RS.view(s, seat))


@pytest.mark.rule("BOT-PRIV-1")
def test_the_sheet_shows_cards_items_objectives_tokens_and_the_prompt() -> None:
    s = ready()
    give(s, "p0", "body_armor")
    text = sheet(s, "p0")
    hero = s.heroes["p0"]
    assert text.startswith("You play the **Sentry** · knowledge 1 · light wounds 0/2")
    assert f"**Hand** (5 cards · deck {len(hero.deck)} · discard 0)" in text
    for card_id in hero.hand:
        card = IDX.cards[card_id]
        assert f"• **{card.name}** (cost {card.cost}" in text
    assert "Sentry Carbine** (in hand, ammo 4/4)" in text
    assert "• **Body Armor**: Passive" in text
    for oid in hero.objectives:
        assert f"**{IDX.objectives[oid].name}**" in text
    for tid in hero.contingencies:
        assert f"**Contingency token**: **{IDX.contingencies[tid].name}**" in text
    assert "…" not in text  # every text whole
    assert "Your turn" not in text  # the decision is in the choice message, not here


@pytest.mark.rule("BOT-PRIV-1")
def test_the_sheet_changes_only_with_private_information() -> None:
    """Choosing an action (a new prompt, nothing private changed) leaves the sheet as it
    was, so the bot does not edit it."""
    s = ready()
    before = sheet(s, "p0")
    s, _ = play(s, "p0", "move:alert")
    assert sheet(s, "p0") == before


@pytest.mark.rule("BOT-PRIV-1")
def test_contamination_stays_unnamed_and_a_stuffed_sheet_keeps_every_text_whole() -> None:
    s = ready(["psychologist", "sentry"])
    hero = s.heroes["p0"]
    dirty = [x.id for x in IDX.contamination.values()][:2]
    set_hand(s, "p0", [*hero.hand, *hero.deck[:2], *(f"c:{x}" for x in dirty)])
    for item in ("body_armor", "motion_tracker", "medkit", "painkillers", "duct_tape"):
        give(s, "p0", item)
    give(s, "p0", "assault_rifle")
    wound(s, "p0", "bleeding", dressed=True)
    hero.larva = hero.slime = True
    text = sheet(s, "p0")
    assert "…" not in text
    assert "• Contamination ×2 (scan to find out if any is INFECTED)" in text
    assert text.count("• Contamination") == 1 and not any(x in text for x in dirty)
    for card_id in hero.hand:
        if not card_id.startswith("c:"):
            card = IDX.cards[card_id]
            assert f"**{card.name}**" in text
            assert " ".join(card.text.replace("**", "").split())[-12:] in text  # whole
    for item in ("Body Armor", "Motion Tracker", "Assault Rifle", "Sedative Case"):
        assert f"**{item}**" in text
    assert "**a larva inside you**" in text and "slimed" in text
    assert "serious: " in text and "(dressed)" in text


@pytest.mark.rule("BOT-PRIV-1")
def test_an_objective_against_a_player_number_names_that_player() -> None:
    s = ready()
    grudge = next(o for o in IDX.objectives.values()
                  if o.kind == "player_cannot_survive" and o.value == 2)
    s.heroes["p0"].objectives = [grudge.id]
    text = sheet(s, "p0")
    assert f"**{grudge.name}**" in text and f"(player 2 is <@{s.seats[1]}>)" in text


@pytest.mark.rule("BOT-CHOICE-1")
def test_a_cost_reads_the_same_in_the_sheet_the_choice_the_payment_and_rules() -> None:
    """The family's convention (rules/nemesis/README.md): "cost N" counts the action
    cards discarded besides the card played; the payment asks for exactly N."""
    s = ready()
    plays = [x for x in RS.legal_actions(s, "p0")
             if x.kind == "card" and IDX.cards[x.card].cost > 0  # type: ignore[attr-defined]
             and not IDX.cards[x.card].options]  # type: ignore[attr-defined]
    assert plays
    card = IDX.cards[plays[0].card]  # type: ignore[attr-defined]
    n = card.cost
    more = f"{n} more action card{'s' if n > 1 else ''}"
    assert f"• **{card.name}** (cost {n}" in sheet(s, "p0")
    assert RS.describe(s, "p0", plays[0]).detail.startswith(
        f"Cost {n}: play this card and discard {more}.")
    assert f"cost {n}" in answer(card.name, "lockdown")
    s2, _ = play(s, "p0", plays[0].key)
    assert s2.stack[-1].kind == "pay" and s2.stack[-1].cost == n
    assert RS.pending(s2)[0].text == f"Pay for Play {card.name}: discard {more}"
