"""Rulings from the sources where the engine used to depart from them (issue 8, part 1):
event-phase attack targets, the immediate end, red autodestruction, wounds past 3
serious within one effect, the room-wide trade, the CSS control room, the queen in the
nest and intruder token conservation. Every scenario starts from a crafted state."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    B,
    add_intruder,
    advance,
    brace,
    do,
    edit,
    give,
    key_for,
    kinds,
    on_top,
    plain_cards,
    play,
    push,
    put_room,
    ready,
    rig,
    run_with,
    set_hand,
    take_all_items,
    top,
    waiting,
    wound,
)

from rules.lockdown.bag import BAG
from rules.lockdown.state import EventPhaseFrame, GameState, RoundFrame
from rules.nemesis import attacks, development, injuries
from rules.nemesis.effects import Wound
from rules.nemesis.frames import AttackFrame, EffectsFrame, EncounterFrame, TradeFrame

REPO = "repository"


def scene(chars: tuple[str, ...] = ("sentry", "cleaner"), cards: int = 5) -> GameState:
    s = ready(chars)
    for seat in s.seats:
        set_hand(s, seat, plain_cards(s, seat, cards))
    s.first_encounter = True
    return s


def worn_out(s: GameState, seat: str) -> None:
    """Three serious wounds: the next wound kills."""
    for penalty in ("leg", "eye", "hand"):
        wound(s, seat, penalty)


# ------------------------------------------------------------------ 1. attack targets
@pytest.mark.rule("NX-IATK-1")
@pytest.mark.rule("LD-PHASE-1")
def test_each_event_attack_picks_its_target_when_it_happens() -> None:
    s = scene()
    s.heroes["p1"].room = REPO
    s.power["2"].active = True
    set_hand(s, "p0", [])                      # p0 has the fewest cards...
    worn_out(s, "p0")                           # ...and dies of the first attack
    first = add_intruder(s, "adult", REPO)
    second = add_intruder(s, "adult", REPO)
    on_top(s, "attacks", "at_slashing_talons", "at_lunge")
    queue = attacks.event_attack_targets(s)
    assert queue == [(first, ""), (second, "")]  # nobody is targeted in advance
    s2, events = brace(*push(s, AttackFrame(queue=queue)))
    assert s2.heroes["p0"].place == "dead"
    assert s2.heroes["p1"].light == 2             # the second adult turned to p1
    assert [e.data.get("card") for e in events if e.kind == "attack"] == [
        "at_slashing_talons", "at_lunge"]


@pytest.mark.rule("NX-IATK-1")
def test_a_target_who_left_the_room_is_not_chosen() -> None:
    s = scene()
    s.heroes["p1"].room = REPO
    set_hand(s, "p0", [])
    adult = add_intruder(s, "adult", REPO)
    queue = attacks.event_attack_targets(s)
    s.heroes["p0"].room = "s2_2"  # moved away before the attack came
    assert attacks.attack_target(s, s.intruders[-1]) is s.heroes["p1"]
    assert queue == [(adult, "")]


# ------------------------------------------------------------------ 2. the end at once
@pytest.mark.rule("LD-END-1")
def test_the_last_character_dying_ends_the_game_before_the_event_card() -> None:
    s = scene()
    s.heroes["p1"].place = "isolated"
    s.power["2"].active = True
    set_hand(s, "p0", [])
    worn_out(s, "p0")
    add_intruder(s, "adult", REPO)
    on_top(s, "attacks", "at_slashing_talons")
    s.stack = [RoundFrame(stage="next"), EventPhaseFrame(stage="attacks")]
    s2, events = advance(s)
    assert s2.heroes["p0"].place == "dead" and s2.ended == "purge"
    assert s2.heroes["p1"].place == "isolated" and s2.winners is not None
    assert "event" not in kinds(events) and "bag" not in kinds(events)  # nothing more
    assert s2.decks["events"] == s.decks["events"] and s2.bag == s.bag


@pytest.mark.rule("LD-END-1")
@pytest.mark.rule("LD-CSS-1")
def test_the_last_passenger_launching_ends_the_game_before_time_moves() -> None:
    s = scene()
    s.heroes["p0"].place, s.heroes["p0"].pod = "pod", "A"
    s.heroes["p1"].place = "dead"
    s.time = 11
    s.css[11] = "css_ab"
    s.stack = [RoundFrame(stage="next"), EventPhaseFrame()]
    s2, events = advance(s)
    assert s2.heroes["p0"].place == "css" and s2.ended == "purge" and s2.ended_early
    assert s2.time == 11 and "time" not in kinds(events)
    assert s2.winners is not None


@pytest.mark.rule("LD-END-1")
@pytest.mark.rule("LD-ISO-1")
def test_the_last_character_locking_in_ends_the_game_during_their_turn() -> None:
    s = scene()
    s.heroes["p1"].place = "dead"
    s.heroes["p0"].room = "isolation"
    s.isolation_open = True
    s2, events = do(s, "p0", key_for(s, "p0", "Lock yourself"))
    assert s2.heroes["p0"].place == "isolated" and s2.ended == "purge" and s2.ended_early
    assert s2.stack == [] and s2.round == s.round and "phase" not in kinds(events)


@pytest.mark.rule("LD-END-1")
def test_a_waiting_passenger_is_still_in_the_game_until_the_launch() -> None:
    s = scene()
    s.heroes["p1"].place = "dead"
    s.heroes["p0"].place, s.heroes["p0"].pod = "pod", "A"
    s.time = 11
    s.css[11] = "css_bc"  # pod A does not launch
    s.stack = [RoundFrame(stage="turns", last="p1")]
    s2, events = advance(s)  # the rest of the round and the event phase run
    assert "css_launch" in kinds(events) and s2.ended is None
    assert s2.heroes["p0"].place == "board" and s2.time == 10


# ------------------------------------------------------------------ 3. red autodestruction
@pytest.mark.rule("LD-AUTO-1")
@pytest.mark.rule("LD-END-1")
def test_the_facility_explodes_when_time_has_to_leave_the_red_slot() -> None:
    s = scene()
    s.time, s.autodestruct, s.autodestruct_red = 7, 6, True
    s.stack = [RoundFrame(stage="next"), EventPhaseFrame(stage="time")]
    s2, events = run_with(s, lambda ctx: None)
    s2, events = advance(s2)
    assert s2.ended is None and s2.time == 6  # arriving on the red slot is not the end
    s3 = edit(s2)
    s3.stack = [RoundFrame(stage="next"), EventPhaseFrame(stage="time")]
    s3, events = advance(s3)
    assert s3.ended == "autodestruct" and s3.time == 6
    assert all(h.place == "dead" for h in s3.heroes.values())


# ------------------------------------------------------------------ 4. wounds past 3 serious
@pytest.mark.rule("NX-WOUND-1")
def test_going_past_three_serious_wounds_in_one_effect_does_not_kill() -> None:
    s = scene()
    wound(s, "p0", "leg")
    wound(s, "p0", "eye")
    twice = EffectsFrame(effects=[Wound(do="wound", kind="serious"),
                                  Wound(do="wound", kind="serious"),
                                  Wound(do="wound", kind="light", n=2)], subject="p0")
    s2, _ = push(s, twice)
    assert s2.heroes["p0"].place == "board" and len(s2.heroes["p0"].serious) == 3
    s3, _ = push(s2, EffectsFrame(effects=[Wound(do="wound", kind="light")], subject="p0"))
    assert s3.heroes["p0"].place == "dead"  # the next wound kills


@pytest.mark.rule("NX-WOUND-1")
def test_a_third_serious_wound_already_there_still_kills_at_once() -> None:
    s = scene()
    worn_out(s, "p0")
    s2, _ = push(s, EffectsFrame(effects=[Wound(do="wound", kind="light")], subject="p0"))
    assert s2.heroes["p0"].place == "dead"


# ------------------------------------------------------------------ 5. trading
def trio() -> GameState:
    s = scene(("sentry", "cleaner", "psychologist"))
    for seat in s.seats:
        take_all_items(s, seat)
        s.heroes[seat].room = REPO
    give(s, "p0", "painkillers")
    give(s, "p0", "bandages")
    give(s, "p1", "medkit")
    give(s, "p2", "assault_rifle")
    return s


@pytest.mark.rule("NX-TRADE-1")
def test_one_trade_lets_everyone_in_the_room_exchange_anything() -> None:
    s = trio()
    s2, _ = do(s, "p0", "trade")
    f = top(s2)
    assert isinstance(f, TradeFrame) and f.seats == ["p0", "p1", "p2"]
    assert waiting(s2) == ["p0"]
    s2, _ = play(s2, "p0", key_for(s2, "p0", "Give Painkillers, Bandages to <@p1>"))
    s2, _ = play(s2, "p0", "trade_give:p2,~")  # all pledged: nothing left for p2
    s2, events = play(s2, "p1", "trade_give:p0,~")
    s2, _ = play(s2, "p1", key_for(s2, "p1", "Give Medkit to <@p2>"))
    s2, _ = play(s2, "p2", key_for(s2, "p2", "Give Assault Rifle to <@p0>"))
    s2, _ = play(s2, "p2", "trade_give:p1,~")
    assert top(s2).stage == "agree" and waiting(s2) == ["p0"]
    done = s2
    for seat in ("p0", "p1", "p2"):
        done, events = play(done, seat, "pick:0")
    hero = done.heroes
    assert sorted(hero["p1"].inventory) == ["bandages", "painkillers"]
    assert hero["p2"].inventory == ["medkit"]
    assert [h.item for h in hero["p0"].hands] == ["assault_rifle"] and not hero["p2"].hands
    assert hero["p0"].actions_taken == 1 and hero["p1"].actions_taken == 0
    assert [e.to for e in events if e.kind == "item_private"] == [("p1",), ("p1",), ("p2",)]
    refused, _ = play(s2, "p0", "pick:0")
    refused, events = play(refused, "p1", "pick:1")
    assert "trade" in kinds(events) and not isinstance(top(refused), TradeFrame)
    assert refused.heroes["p1"].inventory == ["medkit"]  # one refusal: nothing moves


@pytest.mark.rule("NX-TRADE-1")
def test_heavy_items_swap_with_full_hands_and_keep_their_ammo() -> None:
    s = scene()
    take_all_items(s, "p0")
    take_all_items(s, "p1")
    s.heroes["p1"].room = s.heroes["p0"].room
    give(s, "p0", "assault_rifle", ammo=1)
    give(s, "p0", "riot_baton")
    give(s, "p1", "combat_shotgun", ammo=2)
    give(s, "p1", "toolbox")
    s2, _ = do(s, "p0", "trade")
    s2, _ = play(s2, "p0", key_for(s2, "p0", "Give Assault Rifle to <@p1>"))
    s2, _ = play(s2, "p1", key_for(s2, "p1", "Give Combat Shotgun to <@p0>"))
    for seat in ("p0", "p1"):
        s2, _ = play(s2, seat, "pick:0")
    assert waiting(s2) == ["p0"] and s2.stack[-1].kind == "turn"  # nobody had to drop
    assert sorted((h.item, h.ammo) for h in s2.heroes["p0"].hands) == [
        ("combat_shotgun", 2), ("riot_baton", 0)]
    assert sorted((h.item, h.ammo) for h in s2.heroes["p1"].hands) == [
        ("assault_rifle", 1), ("toolbox", 0)]


@pytest.mark.rule("NX-TRADE-1")
def test_nobody_giving_anything_ends_the_trade() -> None:
    s = scene()
    s.heroes["p1"].room = s.heroes["p0"].room
    s2, _ = do(s, "p0", "trade")
    s2, _ = play(s2, "p0", "trade_give:p1,~")
    s2, events = play(s2, "p1", "trade_give:p0,~")
    assert not isinstance(top(s2), TradeFrame) and waiting(s2) == ["p0"]


# ------------------------------------------------------------------ 6. CSS control room
@pytest.mark.rule("LD-ROOM-1")
@pytest.mark.rule("LD-CSS-1")
def test_a_css_token_can_be_moved_onto_the_time_tokens_slot() -> None:
    s = scene()
    room = "s2_2"
    put_room(s, room, "css_control")
    s.heroes["p0"].room = room
    s.power["2"].active = True
    s.time = 8
    s.heroes["p1"].room = "isolation"
    s2, _ = do(s, "p0", key_for(s, "p0", "Schedule"))
    s3, _ = play(s2, "p0", f"pick:{top(s2).options.index('7')}")
    s4, _ = play(s3, "p0", f"pick:{top(s3).options.index('7>8')}")
    assert s4.css.get(8) is not None and 7 not in s4.css


# ------------------------------------------------------------------ 7. the queen in the nest
@pytest.mark.rule("NX-BAG-1")
@pytest.mark.rule("NX-ENC-1")
def test_the_queen_meeting_visitors_in_the_nest_clears_the_noise_around_it() -> None:
    s = scene()
    nest = "s2_2"
    put_room(s, nest, "nest")
    s.heroes["p0"].room = nest
    s.bag = ["queen0"]
    s.noise = [ex.corridor for ex in B.exits[nest] if ex.to != "tech"]
    s2, _ = run_with(s, lambda ctx: development.bag_development(ctx))
    assert [i.kind for i in s2.intruders] == ["queen"]
    assert not set(s2.noise) & {ex.corridor for ex in B.exits[nest]}
    assert "queen0" in s2.bag


# ------------------------------------------------------------------ 8. token conservation
@pytest.mark.rule("NX-ENC-1")
@pytest.mark.rule("NX-BAG-1")
def test_a_token_without_a_free_model_goes_back_into_the_bag() -> None:
    s = scene()
    for room in ("s1_1", "s1_2", "s3_1"):
        add_intruder(s, "creeper", room)
    s.bag = ["creeper0"]
    s = edit(s)
    rig(s, (1, 0))
    s2, events = push(s, EncounterFrame(seat="p0", room=s.heroes["p0"].room))
    assert s2.bag == ["creeper0"] and s2.aside == []
    assert sum(i.kind == "creeper" for i in s2.intruders) == 3


@pytest.mark.rule("NX-EVENT-1")
def test_hiding_intruders_never_take_a_token_another_intruder_stands_for() -> None:
    s = scene()
    carried = add_intruder(s, "adult", "s1_1")
    s.intruders[-1].token = "adult0"
    s.aside = ["adult0"]
    hider = add_intruder(s, "adult", "s1_2")

    def hide(ctx) -> None:  # type: ignore[no-untyped-def]
        intruder = next(i for i in ctx.s.intruders if i.id == hider)
        ctx.s.intruders.remove(intruder)
        BAG.return_token(ctx.s, "adult", intruder.token)

    before = len(s.bag)
    s2, _ = run_with(s, hide)
    assert s2.aside == ["adult0"] and "adult0" not in s2.bag and len(s2.bag) == before + 1
    assert carried in [i.id for i in s2.intruders]
    killed = edit(s)
    killed.intruders[0].injuries = 9
    s3, _ = run_with(killed, lambda ctx: injuries.die(ctx, ctx.s.intruders[0]))
    assert s3.spent == ["adult0"] and s3.aside == ["adult0"]
    s4, _ = run_with(s3, hide)  # a killed intruder's token comes back with a hider
    assert "adult0" in s4.bag and s4.aside == [] and s4.spent == []
