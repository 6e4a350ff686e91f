"""Wounds, death and contamination (NX-WOUND-1, NX-CONTAM-1)."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    RS,
    C,
    add_intruder,
    advance,
    edit,
    give,
    keys,
    kinds,
    plain_cards,
    play,
    put_room,
    ready,
    run_with,
    set_hand,
    wound,
)

from rules.lockdown.state import EventPhaseFrame, GameState, RoundFrame
from rules.nemesis import contamination, wounds
from rules.nemesis.hands import fix_hands, remove_item, take_heavy
from rules.nemesis.state import Held

CLEAN = next(x.id for x in C.contamination if not x.infected)
DIRTY = next(x.id for x in C.contamination if x.infected)


def scene() -> GameState:
    s = ready(["sentry", "cleaner"])
    s.heroes["p1"].room = "isolation"
    set_hand(s, "p0", plain_cards(s, "p0", 4))
    return s


def hurt(s: GameState, seat: str, kind: str = "light", n: int = 1) -> tuple[GameState, list]:
    fn = wounds.light_wound if kind == "light" else wounds.serious_wound
    return run_with(s, lambda ctx: fn(ctx, ctx.s.heroes[seat], n))


@pytest.mark.rule("NX-WOUND-1")
def test_two_light_wound_slots_then_a_serious_wound() -> None:
    s = scene()
    s2, _ = hurt(s, "p0", n=2)
    assert s2.heroes["p0"].light == 2 and not s2.heroes["p0"].serious
    s3, events = hurt(s2, "p0")
    assert s3.heroes["p0"].light == 0 and len(s3.heroes["p0"].serious) == 1
    assert "wound" in kinds(events)


@pytest.mark.rule("NX-WOUND-1")
def test_identical_serious_wounds_are_not_cumulative() -> None:
    s = scene()
    wound(s, "p0", "leg")
    from rules.nemesis.actions import Move
    from rules.nemesis.turn_actions import cost_of

    one = cost_of(s, s.heroes["p0"], Move(to="alert"))
    wound(s, "p0", "leg")
    assert cost_of(s, s.heroes["p0"], Move(to="alert")) == one == 2


@pytest.mark.rule("NX-WOUND-1")
def test_dressed_wounds_lose_their_effect_but_still_count() -> None:
    from rules.nemesis.actions import Move
    from rules.nemesis.turn_actions import cost_of

    s = scene()
    for penalty in ("leg", "eye"):
        wound(s, "p0", penalty, dressed=penalty == "leg")
    assert cost_of(s, s.heroes["p0"], Move(to="alert")) == 1
    wound(s, "p0", "back", dressed=True)
    s2, events = hurt(s, "p0", "serious")
    assert s2.heroes["p0"].place == "dead"  # 3 serious wounds, dressed or not


@pytest.mark.rule("NX-WOUND-1")
def test_healing_and_dressing() -> None:
    from rules.nemesis.resolve import heal

    s = scene()
    s.heroes["p0"].light = 2
    wound(s, "p0", "leg")
    wound(s, "p0", "arm", dressed=True)
    s2, _ = run_with(s, lambda ctx: heal(ctx, ctx.s.heroes["p0"], "light_one"))
    assert s2.heroes["p0"].light == 1
    s3, _ = run_with(s, lambda ctx: heal(ctx, ctx.s.heroes["p0"], "dress_all"))
    assert all(w.dressed for w in s3.heroes["p0"].serious)
    s4, _ = run_with(s, lambda ctx: heal(ctx, ctx.s.heroes["p0"], "heal_dressed"))
    assert [w.card for w in s4.heroes["p0"].serious] == [s.heroes["p0"].serious[0].card]
    assert s.heroes["p0"].serious[1].card in s4.discards["wounds"]


@pytest.mark.rule("NX-WOUND-1")
@pytest.mark.rule("LD-GATE-1")
def test_death_drops_heavy_objects_and_removes_other_items() -> None:
    s = scene()
    for penalty in ("leg", "eye", "back"):
        wound(s, "p0", penalty)
    carbine = s.heroes["p0"].hands[0].item
    s.heroes["p0"].hands.append(type(s.heroes["p0"].hands[0])(obj="egg"))
    give(s, "p0", "painkillers")
    s2, events = hurt(s, "p0")
    hero = s2.heroes["p0"]
    assert hero.place == "dead" and not hero.hands and not hero.inventory
    assert sorted(s2.rooms[hero.room].objects) == ["corpse_p0", "egg"]
    assert sorted(s2.removed_items) == sorted([carbine, "painkillers"])
    assert s2.gate_open and s2.first_death  # the first death opens the main gate
    assert "death" in kinds(events)
    assert keys(s2, "p0") == []


@pytest.mark.rule("NX-WOUND-1")
def test_several_wounds_at_once_kill_only_past_three_serious() -> None:
    s = scene()
    s.heroes["p0"].light = 1
    wound(s, "p0", "leg")
    s2, _ = hurt(s, "p0", n=2)  # the second light wound becomes serious #2
    assert s2.heroes["p0"].place == "board" and len(s2.heroes["p0"].serious) == 2
    s3, _ = hurt(s2, "p0", "serious", n=2)  # past 3 within one effect: no death (001)
    assert s3.heroes["p0"].place == "board" and len(s3.heroes["p0"].serious) == 3
    s4, _ = hurt(s3, "p0")  # the next wound kills
    assert s4.heroes["p0"].place == "dead"


@pytest.mark.rule("NX-WOUND-1")
def test_the_bleeding_wound_hurts_at_the_end_of_each_round() -> None:
    s = scene()
    wound(s, "p0", "bleeding")
    s.stack = [RoundFrame(stage="next"), EventPhaseFrame(stage="round_end")]
    s2, events = advance(s)
    assert s2.heroes["p0"].light == 1 and "bleeding" in kinds(events)
    assert s2.heroes["p1"].light == 0
    s.heroes["p0"].serious[0].dressed = True
    s3, _ = advance(s)
    assert s3.heroes["p0"].light == 0


@pytest.mark.rule("NX-WOUND-1")
def test_an_arm_wound_leaves_one_hand_slot() -> None:
    s = scene()
    give(s, "p0", "crowbar")
    assert len(s.heroes["p0"].hands) == 2
    arm = next(w.id for w in C.serious_wounds if w.penalty == "arm")
    s.decks["wounds"].remove(arm)
    s.decks["wounds"].insert(0, arm)
    s2, _ = hurt(s, "p0", "serious")
    frame = s2.stack[-1]
    assert frame.kind == "pick" and frame.tag == "overfull" and RS.pending(s2)[0].seat == "p0"
    s3, _ = play(s2, "p0", "pick:1")
    assert [h.item for h in s3.heroes["p0"].hands] == [s.heroes["p0"].hands[0].item]
    assert "crowbar" in s3.decks["yellow"]


@pytest.mark.rule("NX-WOUND-1")
@pytest.mark.rule("NX-ITEM-1")
def test_the_question_what_to_drop_follows_the_hands_while_it_waits() -> None:
    """Found by the computer player's search: an item crafted from the hands while the
    question waited left its options pointing at hands no longer held."""
    s = scene()
    give(s, "p0", "crowbar")
    arm = next(w.id for w in C.serious_wounds if w.penalty == "arm")
    s.decks["wounds"].remove(arm)
    s.decks["wounds"].insert(0, arm)
    s2, _ = hurt(s, "p0", "serious")
    first, second = (h.item for h in s2.heroes["p0"].hands)
    names = {i.id: i.name for i in C.items}
    assert s2.stack[-1].labels == [f"Drop {names[i]}" for i in (first, second)]
    # one of the two is used up from the hands while the question waits: nothing to drop
    s3, _ = run_with(s2, lambda ctx: (remove_item(ctx.s.heroes["p0"], second),
                                      fix_hands(ctx, ctx.s.heroes["p0"])))
    assert not any(getattr(f, "tag", None) == "overfull" for f in s3.stack)
    # a third thing still leaves too many: the question is asked about the hands now held
    s4, _ = run_with(s2, lambda ctx: (ctx.s.heroes["p0"].hands.insert(
        0, Held(obj="egg")), fix_hands(ctx, ctx.s.heroes["p0"])))
    frames = [f for f in s4.stack if getattr(f, "tag", None) == "overfull"]
    assert len(frames) == 1 and frames[0].options == ["0", "1", "2"]
    assert frames[0].labels[0] == "Drop an egg" and frames[0].labels[1:] == s2.stack[-1].labels
    # a quest item arrives while the question waits (seen: a Prototype Railgun): the
    # player makes room for it by dropping the two things held, one question at a time
    s5, _ = run_with(s2, lambda ctx: take_heavy(ctx, ctx.s.heroes["p0"], "crowbar"))
    assert s5.stack[-1].tag.startswith("heavy:")
    s6, _ = play(s5, "p0", "pick:0")  # drop the first: one hand left for one thing
    assert not any(getattr(f, "tag", None) == "overfull" for f in s6.stack)
    assert s6.stack[-1].tag.startswith("heavy:")  # the other still fills it
    s7, _ = play(s6, "p0", "pick:0")
    assert [h.item for h in s7.heroes["p0"].hands] == ["crowbar"]
    assert not any(getattr(f, "tag", None) in ("overfull",) or getattr(
        f, "tag", "").startswith("heavy:") for f in s7.stack)


# ------------------------------------------------------------------ contamination
@pytest.mark.rule("NX-CONTAM-1")
def test_contamination_goes_on_the_discard_pile_and_stays_secret() -> None:
    s = scene()
    s2, events = run_with(s, lambda ctx: contamination.contaminate(ctx, ctx.s.heroes["p0"], 2))
    new = [c for c in s2.heroes["p0"].discard if c.startswith("c:")]
    assert len(new) == 2 and len(s2.heroes["p0"].hand) == 4
    assert "<@p0> takes 2 contamination cards." in [e.text for e in events]
    _, one = run_with(s, lambda ctx: contamination.contaminate(ctx, ctx.s.heroes["p0"], 1))
    assert "<@p0> takes 1 contamination card." in [e.text for e in one]
    set_hand(s2, "p0", [*plain_cards(s2, "p0", 2), f"c:{DIRTY}", f"c:{CLEAN}"])
    mine = RS.view(s2, "p0").me
    assert mine is not None and mine.hand[2:] == ["Contamination", "Contamination"]
    public = RS.view(s2, None).model_dump_json()
    assert DIRTY not in public and CLEAN not in public
    assert all(DIRTY not in e.text and CLEAN not in e.text for e in events)


@pytest.mark.rule("NX-CONTAM-1")
def test_a_scan_removes_clean_cards_and_an_infected_one_brings_a_larva() -> None:
    s = scene()
    set_hand(s, "p0", [*plain_cards(s, "p0", 2), f"c:{CLEAN}", f"c:{DIRTY}"])
    s2, events = run_with(s, lambda ctx: contamination.scan(ctx, ctx.s.heroes["p0"]))
    hero = s2.heroes["p0"]
    assert f"c:{CLEAN}" not in hero.hand and f"c:{DIRTY}" in hero.hand
    assert s2.decks["contamination"][-1] == CLEAN  # the bottom of its deck
    assert hero.larva and hero.place == "board"
    private = [e for e in events if e.kind == "scan"]
    assert private and all(e.to == ("p0",) for e in private)


@pytest.mark.rule("NX-CONTAM-1")
def test_an_infected_scan_with_a_larva_kills_and_places_a_creeper() -> None:
    s = scene()
    s.first_encounter = True
    s.heroes["p0"].larva = True
    set_hand(s, "p0", [*plain_cards(s, "p0", 2), f"c:{DIRTY}"])
    s2, events = run_with(s, lambda ctx: contamination.scan(ctx, ctx.s.heroes["p0"]))
    hero = s2.heroes["p0"]
    assert hero.place == "dead"
    assert [(i.kind, i.room) for i in s2.intruders] == [("creeper", hero.room)]


@pytest.mark.rule("NX-CONTAM-1")
def test_a_clean_scan_changes_nothing_else() -> None:
    s = scene()
    set_hand(s, "p0", [*plain_cards(s, "p0", 2), f"c:{CLEAN}"])
    s2, _ = run_with(s, lambda ctx: contamination.scan(ctx, ctx.s.heroes["p0"]))
    assert not s2.heroes["p0"].larva and len(s2.heroes["p0"].hand) == 2


@pytest.mark.rule("NX-CONTAM-1")
def test_scan_effects_of_cards_and_items_follow_the_removal_rule() -> None:
    from lockdown_helpers import do

    s = ready(["lab_rat", "cleaner"])
    others = [c for c in plain_cards(s, "p0", 4) if c != "lab_rat_self_test"][:2]
    set_hand(s, "p0", ["lab_rat_self_test", *others, f"c:{CLEAN}", f"c:{DIRTY}"])
    s2, _ = do(s, "p0", "card:lab_rat_self_test,0")
    hero = s2.heroes["p0"]
    assert f"c:{CLEAN}" not in hero.hand and f"c:{DIRTY}" in hero.hand and hero.larva


@pytest.mark.rule("NX-CONTAM-1")
def test_decontamination_removes_the_infected_cards_and_the_larva() -> None:
    s = scene()
    s.heroes["p0"].larva = True
    s.heroes["p0"].discard.append(f"c:{DIRTY}")
    s.decks["contamination"].remove(DIRTY)
    set_hand(s, "p0", [*plain_cards(s, "p0", 2), f"c:{CLEAN}"])
    s2, _ = run_with(s, lambda ctx: contamination.decontaminate(ctx, ctx.s.heroes["p0"], True))
    hero = s2.heroes["p0"]
    assert not hero.larva and f"c:{DIRTY}" not in hero.discard
    assert f"c:{CLEAN}" in hero.hand  # only INFECTED cards go


@pytest.mark.rule("NX-CONTAM-1")
def test_chemical_reaction_weakness_rewards_an_infected_scan() -> None:
    s = scene()
    card = next(w for w in C.weaknesses if w.effect == "chemical_reaction")
    s.weaknesses = [card.id, *(w for w in s.weaknesses if w != card.id)][:3]
    s.heroes["p0"].knowledge = card.knowledge
    set_hand(s, "p0", [*plain_cards(s, "p0", 2), f"c:{DIRTY}"])
    s2, _ = run_with(s, lambda ctx: contamination.scan(ctx, ctx.s.heroes["p0"]))
    assert s2.heroes["p0"].knowledge == card.knowledge + 1
    s.heroes["p0"].knowledge = card.knowledge - 1
    s3, _ = run_with(s, lambda ctx: contamination.scan(ctx, ctx.s.heroes["p0"]))
    assert s3.heroes["p0"].knowledge == card.knowledge - 1


def test_an_intruder_free_room_helper() -> None:
    s = scene()
    put_room(s, "s2_2", "emergency")
    add_intruder(s, "adult", "s2_2")
    assert edit(s).intruders
