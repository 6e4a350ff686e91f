"""Characters attacking intruders and eggs (NX-ATK-1, NX-ATK-3)."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    RS,
    B,
    add_intruder,
    attack,
    die,
    do,
    edit,
    give,
    illegal,
    keys,
    kinds,
    noise,
    on_top,
    plain_cards,
    play,
    put_room,
    ready,
    run_with,
    set_hand,
    take_all_items,
    top,
    waiting,
    wound,
)

from rules.lockdown.state import GameState
from rules.nemesis.fire import fire_damage
from rules.nemesis.frames import ShotFrame
from rules.nemesis.injuries import injure
from rules.nemesis.state import Held, change_room

REPO = "repository"  # section 2


def scene(char: str = "survivor", powered: bool = True) -> tuple[GameState, int]:
    """`char` (p0) in the repository with an adult that survives any injury check."""
    s = ready([char, "cleaner"], room=REPO)
    s.heroes["p1"].room = "isolation"
    set_hand(s, "p0", plain_cards(s, "p0", 5))
    s.power["2"].active = powered
    s.first_encounter = True
    i = add_intruder(s, "adult", REPO)
    on_top(s, "attacks", attack(hits=(), blood=4, retreat=False))
    return s, i


@pytest.mark.rule("NX-ATK-1")
@pytest.mark.parametrize(("powered", "advantage"), [(True, True), (False, False)])
def test_shoot_spends_ammo_and_uses_the_advantage_die_with_power(powered: bool,
                                                                  advantage: bool) -> None:
    s, i = scene("survivor", powered)  # Salvaged Pistol: 2 ammo
    assert s.heroes["p0"].hands[0].ammo == 2
    s2, events = do(s, "p0", f"shoot:0,{i}", die("hit", advantage))
    assert s2.heroes["p0"].hands[0].ammo == 1
    assert s2.intruders[0].injuries == 1
    roll = next(e for e in events if e.kind == "combat_roll")
    assert ("advantage" in roll.text) is advantage


@pytest.mark.rule("NX-ATK-1")
def test_no_shot_without_ammo_and_only_at_intruders_in_the_room() -> None:
    s, i = scene()
    s.heroes["p0"].hands[0].ammo = 0
    illegal(s, "p0", f"shoot:0,{i}")
    s, i = scene()
    j = add_intruder(s, "adult", "s2_2")
    illegal(s, "p0", f"shoot:0,{j}")
    assert f"shoot:0,{i}" in keys(s, "p0")


@pytest.mark.rule("NX-ATK-1")
def test_steady_aim_and_the_eye_wound_choose_the_die() -> None:
    s, i = scene("sentry", powered=False)  # Steady Aim: the advantage die in darkness
    s2, events = do(s, "p0", f"shoot:0,{i}", die("hit", True))
    assert "advantage" in next(e for e in events if e.kind == "combat_roll").text
    s, i = scene("sentry", powered=True)
    wound(s, "p0", "eye")
    s3, events = do(s, "p0", f"shoot:0,{i}", die("hit"))
    assert "combat die" in next(e for e in events if e.kind == "combat_roll").text


@pytest.mark.rule("NX-ATK-1")
@pytest.mark.parametrize(("face", "kind", "injuries"),
                         [("miss", "adult", 0), ("creeper", "adult", 0),
                          ("creeper", "creeper", 1), ("adult", "adult", 1),
                          ("hit", "adult", 1), ("hit2", "adult", 2)])
def test_combat_die_faces(face: str, kind: str, injuries: int) -> None:
    s, i = scene(powered=False)
    s.intruders[0].kind = kind  # type: ignore[assignment]
    s2, events = do(s, "p0", f"shoot:0,{i}", die(face))
    assert (s2.intruders[0].injuries if s2.intruders else 99) == injuries
    # the roll reads in words, the face id stays in the data
    roll = next(e for e in events if e.kind == "combat_roll")
    words = {"miss": "miss", "creeper": "creeper symbol", "adult": "adult symbol",
             "hit": "hit", "hit2": "double hit"}[face]
    assert roll.text.endswith(f"combat die: {words}.") and roll.data["face"] == face


@pytest.mark.rule("NX-ATK-1")
def test_advantage_pay_faces_ask_whether_to_discard_a_card() -> None:
    s, i = scene(powered=True)
    s2, events = do(s, "p0", f"shoot:0,{i}", die("pay_hit", True))
    assert isinstance(top(s2), ShotFrame) and waiting(s2) == ["p0"]
    assert any(e.text.endswith("advantage die: hit for a discarded card.") for e in events)
    hand = len(s2.heroes["p0"].hand)
    paid, _ = play(s2, "p0", "pick:0")
    assert paid.intruders[0].injuries == 1 and len(paid.heroes["p0"].hand) == hand - 1
    kept, _ = play(s2, "p0", "pick:1")
    assert kept.intruders[0].injuries == 0 and len(kept.heroes["p0"].hand) == hand


@pytest.mark.rule("NX-ATK-1")
def test_melee_takes_a_contamination_card_first_and_a_miss_hurts() -> None:
    s, i = scene()
    take_all_items(s, "p0")
    s2, events = do(s, "p0", f"melee:{i}", die("miss"))
    hero = s2.heroes["p0"]
    assert [c for c in hero.discard if c.startswith("c:")]  # on the discard pile
    assert len(hero.serious) == 1 and s2.intruders[0].injuries == 0
    assert kinds(events).index("contamination") < kinds(events).index("combat_roll")
    s3, _ = do(s, "p0", f"melee:{i}", die("hit2"))
    assert s3.intruders[0].injuries == 1 and not s3.heroes["p0"].serious  # 1 in melee


@pytest.mark.rule("NX-ATK-1")
def test_a_melee_weapon_adds_its_damage() -> None:
    s, i = scene()
    take_all_items(s, "p0")
    give(s, "p0", "crowbar")
    s2, _ = do(s, "p0", f"melee:{i}", die("hit"))
    assert s2.intruders[0].injuries == 2
    s3, _ = do(s, "p0", f"melee:{i}", die("miss"))
    assert s3.intruders[0].injuries == 0 and len(s3.heroes["p0"].serious) == 1


@pytest.mark.rule("NX-ATK-3")
@pytest.mark.rule("NX-COMBAT-STATE-1")
def test_eggs_can_be_shot_out_of_combat_each_injury_breaks_one() -> None:
    s = ready(["survivor", "cleaner"], room="s2_2")
    put_room(s, "s2_2", "nest")
    s.nest_found = True
    change_room(s.rooms, "s2_2", objects=("egg",))
    s.power["2"].active = False
    options = keys(s, "p0")
    assert "shoot:0,0" in options and "melee:0" in options
    s2, events = do(s, "p0", "shoot:0,0", die("hit2"), noise("silence"))
    assert s2.rooms["s2_2"].objects == () and s2.eggs == 4  # room egg first, then nest
    assert kinds(events)[-1] == "noise"  # a noise roll after the attempt


@pytest.mark.rule("NX-ATK-3")
def test_a_melee_miss_on_eggs_costs_nothing_but_noise() -> None:
    s = ready(["survivor", "cleaner"], room="s2_2")
    put_room(s, "s2_2", "emergency")
    change_room(s.rooms, "s2_2", objects=("egg", "egg"))
    s2, events = do(s, "p0", "melee:0", die("miss"), noise(1))
    hero = s2.heroes["p0"]
    assert not hero.serious and not any(c.startswith("c:") for c in hero.discard)
    assert s2.rooms["s2_2"].objects == ("egg", "egg")
    assert s2.noise == [B.exit_by_number("s2_2", 1).corridor]
    s3, _ = do(s, "p0", "melee:0", die("hit"), noise("silence"))
    assert s3.rooms["s2_2"].objects == ("egg",)


@pytest.mark.rule("NX-ATK-3")
def test_the_last_egg_destroys_the_nest() -> None:
    s = ready(["survivor", "cleaner"], room="s2_2")
    put_room(s, "s2_2", "nest")
    s.nest_found = True
    s.eggs = 1
    s2, events = do(s, "p0", "shoot:0,0", die("hit", True), noise("silence"))
    assert s2.eggs == 0 and s2.nest_destroyed and "nest" in kinds(events)


@pytest.mark.rule("NX-ATK-3")
def test_fire_destroys_one_uncarried_egg_in_the_fire_step() -> None:
    s = ready(["survivor", "cleaner"])
    put_room(s, "s2_2", "emergency")
    change_room(s.rooms, "s2_2", objects=("egg", "egg"))
    change_room(s.rooms, "s2_2", fire=True)
    s.fires = 1
    nest = "s2_1"
    put_room(s, nest, "nest")
    s.nest_found = True
    change_room(s.rooms, nest, fire=True)
    s.fires = 2
    s.heroes["p0"].room = "s2_2"
    s.heroes["p0"].hands.append(Held(obj="egg"))  # carried eggs do not burn
    s2, events = run_with(s, fire_damage)
    assert s2.rooms["s2_2"].objects == ("egg",) and s2.eggs == 4
    assert kinds(events).count("egg") == 2


def test_fire_damage_injures_intruders() -> None:
    s, i = scene()
    change_room(s.rooms, REPO, fire=True)
    s.fires = 1
    s2, events = run_with(edit(s), fire_damage)
    assert s2.intruders[0].injuries == 1
    # the table reads why the intruder is hurt before its injury line
    said = [e.text for e in events]
    kind = s.intruders[0].kind
    assert said[0] == f"The fire in Repository burns the {kind}.", said
    assert all("1 injuries" not in t for t in said)
    _, events = run_with(edit(s), lambda ctx: injure(ctx, ctx.s.intruders[0], 2))
    assert "The adult takes 2 injuries and keeps going (2 so far)." in [e.text for e in events]


@pytest.mark.rule("NX-ATK-1")
@pytest.mark.parametrize(("face", "kind", "injuries"), [
    ("creeper", "larva", None), ("creeper", "breeder", 0), ("adult", "larva", None),
    ("adult", "creeper", 1), ("adult", "breeder", 0), ("adult", "queen", 0),
    ("hit", "queen", 1), ("hit2", "breeder", 2), ("miss", "larva", 0)])
def test_each_combat_die_face_against_each_kind(face: str, kind: str,
                                                injuries: int | None) -> None:
    """(None: the hit kills it, as 1 injury kills a larva.)"""
    s, i = scene(powered=False)
    s.intruders[0].kind = kind  # type: ignore[assignment]
    s2, events = do(s, "p0", f"shoot:0,{i}", die(face))
    assert (s2.intruders[0].injuries if s2.intruders else None) == injuries
    missed = [e.text for e in events if e.kind == "miss"]
    assert missed == ([f"<@p0> misses the {kind}."] if injuries == 0 else [])


@pytest.mark.rule("NX-ATK-1")
@pytest.mark.parametrize(("face", "kind", "injuries"), [
    ("creeper", "adult", 0), ("creeper", "creeper", 1), ("adult", "adult", 1),
    ("adult", "breeder", 0), ("hit", "breeder", 1)])
def test_the_advantage_die_symbols_reach_the_same_kinds(face: str, kind: str,
                                                        injuries: int) -> None:
    s, i = scene(powered=True)
    s.intruders[0].kind = kind  # type: ignore[assignment]
    s2, events = do(s, "p0", f"shoot:0,{i}", die(face, True))
    assert s2.intruders[0].injuries == injuries
    word = {"creeper": "creeper symbol", "adult": "adult symbol", "hit": "hit"}[face]
    assert next(e.text for e in events if e.kind == "combat_roll") == \
        f"<@p0> shoots — advantage die: {word}."


@pytest.mark.rule("NX-ATK-1")
@pytest.mark.parametrize(("face", "label", "paid", "kept"), [
    ("pay_hit", "Discard an action card to deal 1 injury", 1, 0),
    ("hit_pay2", "Discard an action card to deal 2 injuries instead of 1", 2, 1)])
def test_a_pay_face_offers_the_discard_in_words_and_counts_both_ways(
        face: str, label: str, paid: int, kept: int) -> None:
    s, i = scene(powered=True)
    s2, events = do(s, "p0", f"shoot:0,{i}", die(face, True))
    word = {"pay_hit": "hit for a discarded card",
            "hit_pay2": "hit, double for a discarded card"}[face]
    assert next(e.text for e in events if e.kind == "combat_roll") == \
        f"<@p0> shoots — advantage die: {word}."
    assert [a.label for a in RS.legal_actions(s2, "p0")] == [label, "Keep your cards"]
    assert RS.pending(s2)[0].text == f"You rolled {face.replace('_', ' ')}: discard an " \
        "action card for a stronger hit?"
    with_card, _ = play(s2, "p0", "pick:0")
    assert with_card.intruders[0].injuries == paid
    without, _ = play(s2, "p0", "pick:1")
    assert without.intruders[0].injuries == kept


@pytest.mark.rule("NX-ATK-1")
@pytest.mark.parametrize(("face", "injuries"), [("pay_hit", 0), ("hit_pay2", 1)])
def test_with_no_card_to_discard_a_pay_face_is_not_asked(face: str, injuries: int) -> None:
    s, i = scene(powered=True)
    set_hand(s, "p0", plain_cards(s, "p0", 1))  # it pays for the shot
    s2, _ = do(s, "p0", f"shoot:0,{i}", die(face, True))
    assert not isinstance(top(s2), ShotFrame)
    assert s2.intruders[0].injuries == injuries


@pytest.mark.rule("NX-ATK-3")
def test_a_melee_on_eggs_says_it_takes_no_contamination() -> None:
    s = ready(["survivor", "cleaner"], room="s2_2")
    put_room(s, "s2_2", "emergency")
    change_room(s.rooms, "s2_2", objects=("egg",))
    take_all_items(s, "p0")
    melee = next(a for a in RS.legal_actions(s, "p0") if a.key == "melee:0")
    assert RS.describe(s, "p0", melee).detail.endswith(
        " Roll the combat die; a hit destroys an egg. Then a noise roll.")
