"""Shape, balance and sanity checks for the Lockdown threat content: intruder events,
intruder attacks, serious wounds and the contamination deck (each file validated on
its own with read_section)."""

from __future__ import annotations

from collections import Counter
from typing import get_args

import pytest

from rules.lockdown.cards import read_section
from rules.nemesis.cards import AttackCard, Contamination, EventCard, SeriousWound, WoundPenalty
from rules.nemesis.effects import EFFECT_KINDS, IntruderKind

# Effect primitives that make sense on each card type.
EVENT_KINDS = {
    "hunt", "fire", "malfunction", "noise", "doors", "bag", "eggs", "power", "spawn",
    "wound", "contaminate", "slime", "discard_cards", "noise_roll", "time",
}
ATTACK_KINDS = {"wound", "contaminate", "slime", "discard_cards", "drop_heavy", "noise_roll"}
# An event has no subject character: its targets are named globally.
EVENT_WHO = {"all", "dark"}
EVENT_WHERE = {"with_intruder", "with_character", "random", "with_noise", "nest", "tech"}
# An attack's subject is its target character.
ATTACK_WHO = {"self", "room", "others_in_room"}


@pytest.fixture(scope="module")
def events() -> tuple[EventCard, ...]:
    return read_section("events")  # type: ignore[return-value]


@pytest.fixture(scope="module")
def attacks() -> tuple[AttackCard, ...]:
    return read_section("attacks")  # type: ignore[return-value]


@pytest.fixture(scope="module")
def wounds() -> tuple[SeriousWound, ...]:
    return read_section("serious_wounds")  # type: ignore[return-value]


@pytest.fixture(scope="module")
def contamination() -> tuple[Contamination, ...]:
    return read_section("contamination")  # type: ignore[return-value]


def _unique(ids: list[str]) -> None:
    dupes = [i for i, n in Counter(ids).items() if n > 1]
    assert not dupes, f"duplicate ids: {dupes}"


def _text_ok(cards) -> None:
    for card in cards:
        assert card.text.strip(), f"{card.id}: empty text"
        assert len(card.text) <= 400, f"{card.id}: text too long ({len(card.text)})"
        assert card.name.strip(), f"{card.id}: empty name"


# ------------------------------------------------------------------------ events
def test_event_count_and_ids(events):
    assert len(events) >= 22
    _unique([e.id for e in events])
    _text_ok(events)


def test_event_corridors_balanced(events):
    counts = Counter(n for e in events for n in e.corridors)
    for n in (1, 2, 3, 4):
        on = sum(1 for e in events if n in e.corridors)
        assert on >= 4, f"corridor {n} only on {on} events"
    assert max(counts.values()) - min(counts.values()) <= 2, counts
    for e in events:
        assert len(set(e.corridors)) == len(e.corridors), f"{e.id}: repeated corridor"


def test_event_movers(events):
    movers = Counter(k for e in events for k in e.movers)
    for kind in ("creeper", "adult", "breeder", "queen"):
        assert movers[kind] > 0, f"no event moves {kind}"
    # adults move most often, larvae rarely
    assert movers["adult"] == max(movers.values())
    assert movers["larva"] <= len(events) // 4
    for e in events:
        assert len(set(e.movers)) == len(e.movers), f"{e.id}: repeated mover"


def test_event_effects_and_dark_effects(events):
    with_effect = sum(1 for e in events if e.effects)
    assert with_effect >= len(events) * 3 // 4
    dark = sum(1 for e in events if e.dark_effects)
    assert len(events) // 3 <= dark <= len(events) * 2 // 3


def test_event_effect_kinds_and_targets(events):
    for e in events:
        for eff in (*e.effects, *e.dark_effects):
            assert eff.do in EVENT_KINDS, f"{e.id}: {eff.do} makes no sense on an event"
            who = getattr(eff, "who", None)
            if who is not None:
                assert who in EVENT_WHO, f"{e.id}: {eff.do} targets {who}"
            where = getattr(eff, "where", None)
            if where is not None:
                assert where in EVENT_WHERE, f"{e.id}: {eff.do} in {where}"
            if eff.do == "wound":
                assert eff.kind == "light" and eff.n == 1, f"{e.id}: events only scratch"
            if eff.do in ("contaminate", "discard_cards"):
                assert eff.n == 1, f"{e.id}: keep events moderate"
        for eff in e.dark_effects:
            # only characters in darkness: no room filter for darkness exists
            assert getattr(eff, "who", None) == "dark", f"{e.id}: dark effect {eff.do}"


# ----------------------------------------------------------------------- attacks
def test_attack_count_and_ids(attacks):
    assert len(attacks) >= 24
    _unique([a.id for a in attacks])
    _text_ok(attacks)


def test_attack_hit_kinds(attacks):
    hits = Counter(k for a in attacks for k in a.hits)
    for kind in ("creeper", "adult", "breeder", "queen"):
        assert hits[kind] > 0, f"no attack card lands for {kind}"
    assert hits["larva"] == 0, "larvae infest, they never use attack cards"
    for a in attacks:
        assert len(set(a.hits)) == len(a.hits), f"{a.id}: repeated kind"
    # bigger intruders land more often
    assert hits["creeper"] <= hits["adult"] <= hits["breeder"]


def test_attack_blood_and_retreat(attacks):
    blood = [a.blood for a in attacks]
    assert set(blood) <= {1, 2, 3, 4}
    assert set(blood) == {1, 2, 3, 4}
    assert 2.0 <= sum(blood) / len(blood) <= 2.8
    retreats = sum(1 for a in attacks if a.retreat)
    assert 3 <= retreats <= 7


def test_attack_effect_kinds_and_targets(attacks):
    for a in attacks:
        for eff in (*a.effects, *a.dark_effects):
            assert eff.do in ATTACK_KINDS, f"{a.id}: {eff.do} makes no sense on an attack"
            assert eff.do in EFFECT_KINDS
            who = getattr(eff, "who", None)
            if who is not None:
                assert who in ATTACK_WHO, f"{a.id}: {eff.do} targets {who}"
        for eff in a.dark_effects:
            assert getattr(eff, "who", "self") == "self", f"{a.id}: dark extra is the target's"


def test_attack_mix_is_dangerous(attacks):
    def category(a: AttackCard) -> str:
        kinds = [(e.do, getattr(e, "kind", None)) for e in a.effects]
        if ("wound", "serious") in kinds:
            return "serious"
        if any(do in ("contaminate", "slime") for do, _ in kinds):
            return "contamination"
        if ("wound", "light") in kinds:
            return "light"
        return "other"

    mix = Counter(category(a) for a in attacks)
    n = len(attacks)
    assert 0.30 <= mix["light"] / n <= 0.50, mix
    assert 0.20 <= mix["serious"] / n <= 0.40, mix
    assert 0.10 <= mix["contamination"] / n <= 0.30, mix
    assert mix["other"] / n <= 0.20, mix
    assert any(a.dark_effects for a in attacks)


# ------------------------------------------------------------------------ wounds
def test_one_serious_wound_per_penalty(wounds):
    _unique([w.id for w in wounds])
    _text_ok(wounds)
    penalties = Counter(w.penalty for w in wounds)
    assert set(penalties) == set(get_args(WoundPenalty))
    assert all(n == 1 for n in penalties.values()), penalties
    for w in wounds:
        assert 2 <= w.copies <= 3, f"{w.id}: {w.copies} copies"
    assert 14 <= sum(w.copies for w in wounds) <= 21


# ----------------------------------------------------------------- contamination
def test_contamination_deck(contamination):
    _unique([c.id for c in contamination])
    total = sum(c.copies for c in contamination)
    infected = sum(c.copies for c in contamination if c.infected)
    assert 25 <= total <= 30
    assert 0.30 <= infected / total <= 0.40, (infected, total)


def test_contamination_ids_do_not_reveal_infection(contamination):
    for c in contamination:
        assert "infect" not in c.id.lower() and "clean" not in c.id.lower(), c.id


def test_intruder_kinds_known():
    assert set(get_args(IntruderKind)) == {"larva", "creeper", "adult", "breeder", "queen"}
