"""`/rules` in an original Nemesis channel: every rules topic the issue lists, every
room tile, card, item, intruder and objective by name, each text from the content
files, and every answer within Discord's limits."""

from __future__ import annotations

import pytest

from bot.help import ANSWER_LIMIT, answer, find, topics
from bot.help_entries import entries
from rules.nemesis_original.cards import content
from rules.nemesis_original.ship import ship

TOPICS = ("turn", "event phase", "critical moments", "pods", "hibernation", "self destruct",
          "engines", "coordinates", "end", "victory check", "noise", "combat", "bag",
          "contamination", "objectives", "time")


def title_of(reply: str) -> str:
    return reply.split("\n", 1)[0]


@pytest.mark.rule("BOT-HELP-1")
@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_of_the_original_has_an_answer(topic: str) -> None:
    reply = answer(topic, "nemesis")
    assert reply.startswith("**") and not reply.startswith("**Nemesis**"), reply
    assert "Did you mean" not in reply and len(reply) <= ANSWER_LIMIT


@pytest.mark.rule("BOT-HELP-1")
def test_numbers_come_from_the_content() -> None:
    sh = ship()
    time = answer("time", "nemesis")
    assert f"{sh.time_track.length} spaces" in time and f"{sh.time_track.first_blue}" in time
    pods = answer("pods", "nemesis")
    assert all(p.id in pods for p in sh.pods)
    bag = answer("bag", "nemesis")
    assert f"{content().intruders.adults_per_player} adult per player" in bag
    assert "{" not in "".join(e.text for e in entries("nemesis"))  # every placeholder filled


@pytest.mark.rule("BOT-HELP-1")
def test_every_card_room_and_item_is_found_by_name_with_its_own_text() -> None:
    c, sh = content(), ship()
    named: list[tuple[str, str, str]] = [("Room", t.name, t.text) for t in sh.rooms]
    named += [("Item", i.name, i.text) for i in c.items]
    named += [("Character", ch.name, ch.quest.text) for ch in c.characters]
    named += [("Intruder event", e.name, e.text) for e in c.events]
    named += [("Intruder attack", a.name, a.text) for a in c.attacks]
    named += [("Serious wound", w.name, w.text) for w in c.serious_wounds]
    named += [("Weakness", w.name, w.text) for w in c.weaknesses]
    named += [("Objective", o.name, o.text) for o in c.objectives]
    for group, name, text in named:
        hits = [e for rs, e in find(name, "nemesis") if e.title.startswith(f"{group}: ")]
        assert hits, (group, name)
        assert any(text.strip()[:60] in e.text for e in hits), (group, name)
    cards = {card.id: card for ch in c.characters for card in ch.deck}
    keys = {e.key: e for e in entries("nemesis")}
    for card_id, card in cards.items():
        entry = keys[card_id]
        assert entry.title.startswith("Action card: ") and card.text in entry.text
        assert f"cost {card.cost}" in entry.text


@pytest.mark.rule("BOT-HELP-1")
def test_intruders_and_board_symbols_are_listed() -> None:
    for kind in ("Larva", "Creeper", "Adult", "Breeder", "Queen"):
        assert title_of(answer(kind, "nemesis")) == f"**Intruder: {kind}**"
    assert "vents" in title_of(answer("technical corridors", "nemesis")).lower()
    names = [name for name, _ in topics("", "nemesis")]
    assert len(names) <= 25 and all(len(n) <= 100 for n in names)


@pytest.mark.rule("BOT-HELP-1")
def test_every_answer_fits_a_message() -> None:
    for e in entries("nemesis"):
        assert len(e.title) + len(e.text) + 10 <= ANSWER_LIMIT, e.key


@pytest.mark.rule("BOT-HELP-1")
def test_every_rules_reference_in_an_answer_leads_to_one_entry() -> None:
    """A text that says "see `/rules x`" names an entry that exists (placeholders like
    `/rules <room name>` aside)."""
    import re

    for e in entries("nemesis"):
        for ref in re.findall(r"`/rules ([^`<]+)`", e.text):
            assert len(find(ref, "nemesis")) == 1, (e.key, ref)


@pytest.mark.rule("BOT-HELP-1")
def test_the_objective_choice_comes_at_the_first_encounter_aboard_for_everyone() -> None:
    reply = answer("objectives", "nemesis")
    assert "At the first encounter aboard (whoever meets the first intruder) everyone " \
        "keeps one" in reply
    assert "your first encounter" not in reply


@pytest.mark.rule("BOT-HELP-1")
def test_an_attack_card_with_a_retreat_says_when_it_matters() -> None:
    reply = answer("Acid Spit", "nemesis")
    assert "retreat: drawn for an injured intruder, it flees instead" in reply
    assert reply.count("flees instead") == 1
