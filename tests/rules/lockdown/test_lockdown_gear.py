"""Items, hands, searching, crafting, trading, passive items and character abilities
(NX-ITEM-1, NX-ITEM-2, NX-ITEM-3, NX-TRADE-1)."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    IDX,
    RS,
    C,
    add_intruder,
    attack,
    do,
    edit,
    give,
    illegal,
    key_for,
    keys,
    kinds,
    labels,
    on_top,
    plain_cards,
    play,
    push,
    put_room,
    ready,
    run_with,
    set_hand,
    take_all_items,
    top,
    waiting,
    wound,
)

from rules.lockdown.state import GameState, RoundFrame
from rules.nemesis import wounds
from rules.nemesis.frames import PickFrame
from rules.nemesis.items import give_item
from rules.nemesis.state import Held, change_room

ROOM = "s2_2"


def scene(chars: tuple[str, str] = ("sentry", "cleaner"), tile: str = "emergency",
          items: int = 2) -> GameState:
    """p0 and p1 together in ROOM (an explored `tile`), plain hands of 5."""
    s = ready(chars, room=ROOM)
    put_room(s, ROOM, tile, items=items)
    for seat in s.seats:
        set_hand(s, seat, plain_cards(s, seat, 5))
    s.first_encounter = True
    return s


# ------------------------------------------------------------------ items and hands
@pytest.mark.rule("NX-ITEM-1")
def test_normal_items_are_secret_heavy_items_public() -> None:
    s = scene()
    give(s, "p0", "painkillers")
    public = RS.view(s, None)
    me = next(h for h in public.heroes if h.seat == "p0")
    assert me.item_colors == ["green"] and "painkillers" not in public.model_dump_json()
    assert me.hands == ["Sentry Carbine"]
    assert RS.view(s, "p0").me.inventory == ["Painkillers"]  # type: ignore[union-attr]
    assert RS.view(s, "p1").me.inventory == []  # type: ignore[union-attr]


@pytest.mark.rule("NX-ITEM-1")
def test_objects_take_a_hand_slot_and_stay_in_the_room_when_dropped() -> None:
    s = scene()
    change_room(s.rooms, ROOM, objects=("carcass", "egg"))
    assert "pick_up:carcass" in keys(s, "p0")
    s2, _ = do(s, "p0", "pick_up:carcass")
    assert [h.obj for h in s2.heroes["p0"].hands] == [None, "carcass"]
    assert "pick_up:egg" not in keys(s2, "p0")  # both hands are full
    actions = s2.heroes["p0"].actions_taken
    s3, _ = play(s2, "p0", "drop:1")
    assert sorted(s3.rooms[ROOM].objects) == ["carcass", "egg"]
    assert s3.heroes["p0"].actions_taken == actions  # dropping is free
    s4, _ = play(s2, "p0", "drop:0")
    assert s4.decks["character"][-1] == "sentry_carbine"  # an item goes under its deck
    wound(s, "p0", "back")
    illegal(s, "p0", "pick_up:carcass")


@pytest.mark.rule("NX-ITEM-1")
def test_one_use_items_are_discarded_and_ammo_never_exceeds_capacity() -> None:
    s = scene()
    s.heroes["p0"].hands[0].ammo = 3
    give(s, "p0", "ammo_pack")
    s2, events = do(s, "p0", "use:ammo_pack,0")
    assert s2.heroes["p0"].hands[0].ammo == 4  # capacity 4
    assert "ammo_pack" not in s2.heroes["p0"].inventory and "ammo_pack" in s2.discards["red"]
    assert "item_use" in kinds(events)


@pytest.mark.rule("NX-ITEM-1")
def test_a_heavy_item_with_full_hands_drop_something_or_leave_it() -> None:
    s = scene()
    give(s, "p0", "crowbar")
    s2, _ = run_with(s, lambda ctx: give_item(ctx, ctx.s.heroes["p0"], "toolbox"))
    frame = top(s2)
    assert isinstance(frame, PickFrame) and frame.tag.startswith("heavy:")
    assert waiting(s2) == ["p0"] and len(keys(s2, "p0")) == 3
    dropped, _ = play(s2, "p0", "pick:1")  # drop the crowbar, take the toolbox
    assert [h.item for h in dropped.heroes["p0"].hands] == ["sentry_carbine", "toolbox"]
    assert dropped.decks["yellow"][-1] == "crowbar"
    left, events = play(s2, "p0", "pick:2")
    assert [h.item for h in left.heroes["p0"].hands] == ["sentry_carbine", "crowbar"]
    assert left.decks["yellow"][-1] == "toolbox"
    assert [(e.kind, e.text) for e in events if e.kind == "drop"] == [
        ("drop", "<@p0> leaves Toolbox behind.")]


@pytest.mark.rule("NX-ITEM-1")
def test_duct_tape_lets_two_heavy_items_share_a_slot() -> None:
    s = scene()
    give(s, "p0", "crowbar")
    give(s, "p0", "duct_tape")
    s2, _ = run_with(s, lambda ctx: give_item(ctx, ctx.s.heroes["p0"], "toolbox"))
    tape = key_for(s2, "p0", "Tape Toolbox to Crowbar")
    s3, events = play(s2, "p0", tape)
    assert [(e.kind, e.text) for e in events if e.kind == "item"] == [
        ("item", "<@p0> tapes Toolbox to Crowbar.")]
    hands = s3.heroes["p0"].hands
    assert [(h.item, h.taped_to) for h in hands] == [
        ("sentry_carbine", None), ("crowbar", None), ("toolbox", "crowbar")]
    s4, _ = run_with(s3, lambda ctx: give_item(ctx, ctx.s.heroes["p0"], "welding_torch"))
    assert not any("Tape" in text for text in labels(s4, "p0").values())  # one tape only
    s5, _ = play(s3, "p0", "drop:1")  # the crowbar goes: the toolbox gets its own slot
    assert [(h.item, h.taped_to) for h in s5.heroes["p0"].hands] == [
        ("sentry_carbine", None), ("toolbox", None)]


@pytest.mark.rule("NX-ITEM-1")
def test_an_egg_cannot_be_taped() -> None:
    s = scene()
    give(s, "p0", "crowbar")
    give(s, "p0", "duct_tape")
    change_room(s.rooms, ROOM, objects=("egg",))
    assert "pick_up:egg" not in keys(s, "p0")


# ------------------------------------------------------------------ searching
@pytest.mark.rule("NX-ITEM-2")
def test_search_draws_the_room_colour_and_lowers_the_counter() -> None:
    s = scene(tile="emergency", items=1)  # green
    assert [k for k in keys(s, "p0") if k.startswith("search")] == ["search:green"]
    top_card = s.decks["green"][0]
    s2, events = do(s, "p0", "search:green")
    assert top_card in s2.heroes["p0"].inventory and s2.rooms[ROOM].items == 0
    private = [e for e in events if e.kind == "item_private"]
    assert private and private[0].to == ("p0",)
    assert "search:green" not in keys(turn_of(s2, "p0"), "p0")  # emptied


def turn_of(s: GameState, seat: str) -> GameState:
    from lockdown_helpers import turn

    return turn(s, seat)


@pytest.mark.rule("NX-ITEM-2")
def test_white_rooms_search_any_deck_special_rooms_and_the_nest_none() -> None:
    s = scene(tile="archive")
    assert sorted(k for k in keys(s, "p0") if k.startswith("search")) == [
        "search:green", "search:red", "search:yellow"]
    s = scene(tile="nest")
    assert not any(k.startswith("search") for k in keys(s, "p0"))
    s = ready(["sentry", "cleaner"])  # the repository
    change_room(s.rooms, "repository", items=3)
    assert not any(k.startswith("search") for k in keys(s, "p0"))


@pytest.mark.rule("NX-ITEM-2")
def test_a_search_in_an_empty_deck_still_costs_its_cards() -> None:
    s = scene()
    s.decks["green"], s.discards["green"] = [], []
    s2, events = do(s, "p0", "search:green")
    assert len(s2.heroes["p0"].hand) == 3 and not s2.heroes["p0"].inventory
    assert s2.rooms[ROOM].items == 1


@pytest.mark.rule("NX-ITEM-2")
def test_scavenger_draws_two_and_keeps_one() -> None:
    s = scene(("lab_rat", "cleaner"))
    detail = next(RS.describe(s, "p0", x).detail for x in RS.legal_actions(s, "p0")
                  if x.key == "search:green")
    assert "Draw 2 item cards, keep 1 from the green deck" in detail
    other = scene()
    assert "Draw an item card from the green deck" in next(
        RS.describe(other, "p0", x).detail for x in RS.legal_actions(other, "p0")
        if x.key == "search:green")
    a, b = s.decks["green"][:2]
    s2, _ = do(s, "p0", "search:green")
    assert top(s2).tag == "keep_item" and waiting(s2) == ["p0"]
    s3, _ = play(s2, "p0", "pick:1")
    assert b in s3.heroes["p0"].inventory and s3.decks["green"][-1] == a


# ------------------------------------------------------------------ crafting
@pytest.mark.rule("NX-ITEM-3")
def test_craft_two_items_into_the_crafted_item_with_matching_symbols() -> None:
    s = scene()
    take_all_items(s, "p0")
    give(s, "p0", "painkillers")  # chemical
    give(s, "p0", "ammo_pack")    # mechanical
    options = [k for k in keys(s, "p0") if k.startswith("craft:")]
    assert "craft:flamethrower,ammo_pack+painkillers" in options
    assert not any(k.startswith("craft:shock_trap") for k in options)
    s2, _ = do(s, "p0", "craft:flamethrower,ammo_pack+painkillers")
    hero = s2.heroes["p0"]
    assert hero.hands[0].item == "flamethrower" and hero.hands[0].ammo == 3  # loaded
    assert "flamethrower" not in s2.crafted
    assert (s.heroes["p0"].tally.crafted, hero.tally.crafted) == (0, 1)
    assert "painkillers" in s2.discards["green"] and "ammo_pack" in s2.discards["red"]
    s.crafted.remove("flamethrower")
    illegal(s, "p0", "craft:flamethrower,ammo_pack+painkillers")  # not available


@pytest.mark.rule("NX-ITEM-3")
def test_the_repository_needs_one_card_fewer() -> None:
    s = ready(["sentry", "cleaner"])  # in the repository
    take_all_items(s, "p0")
    give(s, "p0", "painkillers")
    assert "craft:flamethrower,painkillers" in keys(s, "p0")
    change_room(s.rooms, "repository", malfunction=True)
    s.malfunctions = 1
    assert "craft:flamethrower,painkillers" not in keys(s, "p0")


# ------------------------------------------------------------------ trading
@pytest.mark.rule("NX-TRADE-1")
def test_trade_both_must_agree_only_the_starter_spends_the_action() -> None:
    s = scene()
    give(s, "p0", "painkillers")
    give(s, "p1", "bandages")
    s2, _ = do(s, "p0", "trade")
    assert waiting(s2) == ["p0"] and len(s2.heroes["p0"].hand) == 4
    s2, _ = play(s2, "p0", key_for(s2, "p0", "Give Painkillers to"))
    assert waiting(s2) == ["p1"]
    swap, _ = play(s2, "p1", key_for(s2, "p1", "Give Bandages to"))
    s3 = swap
    for seat in ("p0", "p1"):  # everyone involved agrees, in turn
        s3, events = play(s3, seat, "pick:0")
    assert s3.heroes["p0"].inventory == ["bandages"]
    assert s3.heroes["p1"].inventory == ["painkillers"]
    assert len(s3.heroes["p1"].hand) == 5 and s3.heroes["p1"].actions_taken == 0
    refused, _ = play(swap, "p0", "pick:0")
    refused, _ = play(refused, "p1", "pick:1")
    assert refused.heroes["p0"].inventory == ["painkillers"]
    gift, _ = play(s2, "p1", "trade_give:p0,~")
    gift, _ = play(gift, "p0", "pick:0")
    gift, _ = play(gift, "p1", "pick:0")
    assert gift.heroes["p1"].inventory == ["bandages", "painkillers"]
    assert gift.heroes["p0"].inventory == []


@pytest.mark.rule("NX-TRADE-1")
def test_traded_weapons_keep_their_ammo_and_objects_can_be_given() -> None:
    s = scene()
    s.heroes["p0"].hands[0].ammo = 1
    s.heroes["p0"].hands.append(Held(obj="egg"))
    take_all_items(s, "p1")
    s2, _ = do(s, "p0", "trade")
    s2, _ = play(s2, "p0", key_for(s2, "p0", "Give Sentry Carbine, the egg to"))
    s3, _ = play(s2, "p1", "trade_give:p0,~")
    s3, _ = play(s3, "p0", "pick:0")
    s3, _ = play(s3, "p1", "pick:0")
    assert [(h.item, h.ammo, h.obj) for h in s3.heroes["p1"].hands] == [
        ("sentry_carbine", 1, None), (None, 0, "egg")]
    assert not s3.heroes["p0"].hands
    s.heroes["p1"].room = "isolation"
    assert "trade" not in keys(s, "p0")


# ------------------------------------------------------------------ passive items
@pytest.mark.rule("NX-ITEM-1")
def test_body_armor_ignores_the_first_light_wound_each_round() -> None:
    s = scene()
    give(s, "p0", "body_armor")
    s2, events = run_with(s, lambda ctx: wounds.light_wound(ctx, ctx.s.heroes["p0"], 2))
    assert s2.heroes["p0"].light == 1 and "armor" in kinds(events)
    s3, _ = push(s2, RoundFrame(stage="draw"))
    s4, _ = run_with(s3, lambda ctx: wounds.light_wound(ctx, ctx.s.heroes["p0"]))
    assert s4.heroes["p0"].light == 1  # a new round: ignored again


@pytest.mark.rule("NX-ITEM-1")
def test_motion_tracker_peeks_at_the_next_event_once_per_round_for_free() -> None:
    s = scene()
    give(s, "p0", "motion_tracker")
    s2, events = play(s, "p0", "use:motion_tracker,0")
    peek = [e for e in events if e.kind == "peek_event"]
    assert peek and peek[0].to == ("p0",) and peek[0].data["card"] == s.decks["events"][0]
    assert s2.decks["events"] == s.decks["events"] and s2.heroes["p0"].actions_taken == 0
    assert len(s2.heroes["p0"].hand) == 5
    illegal(s2, "p0", "use:motion_tracker,0")


@pytest.mark.rule("NX-CONTAM-1")
def test_handheld_scanner_scans_the_hand_as_an_action() -> None:
    s = scene()
    clean = next(x.id for x in C.contamination if not x.infected)
    give(s, "p0", "handheld_scanner")
    assert "use:handheld_scanner,0" not in keys(s, "p0")  # nothing to scan
    set_hand(s, "p0", [*plain_cards(s, "p0", 3), f"c:{clean}"])
    s2, _ = do(s, "p0", "use:handheld_scanner,0")
    assert not any(c.startswith("c:") for c in s2.heroes["p0"].hand)
    assert "handheld_scanner" in s2.heroes["p0"].inventory  # not used up


@pytest.mark.rule("LD-WEAK-1")
def test_analyze_toolset_analyses_a_carried_object_anywhere() -> None:
    s = scene()
    give(s, "p0", "analyze_toolset")
    assert "use:analyze_toolset,0" not in keys(s, "p0")
    s.heroes["p0"].hands.append(Held(obj="carcass"))
    s2, _ = do(s, "p0", "use:analyze_toolset,0")
    s3, _ = play(s2, "p0", "pick:0") if top(s2).kind == "pick" else (s2, [])
    hero = s3.heroes["p0"]
    assert hero.knowledge == 4 and s3.lab_slots == ["carcass"]
    assert all(h.obj is None for h in hero.hands)


# ------------------------------------------------------------------ abilities
@pytest.mark.rule("LD-CHAR-1")
def test_field_medic_also_heals_another_character_in_the_room() -> None:
    s = scene(("psychologist", "cleaner"))
    s.heroes["p0"].light = 1
    s.heroes["p1"].light = 2
    give(s, "p0", "painkillers")
    s2, _ = do(s, "p0", "use:painkillers,0")
    assert s2.heroes["p0"].light == 0 and s2.heroes["p1"].light == 1
    t = scene(("sentry", "cleaner"))
    t.heroes["p0"].light = 1
    t.heroes["p1"].light = 2
    give(t, "p0", "painkillers")
    t2, _ = do(t, "p0", "use:painkillers,0")
    assert t2.heroes["p1"].light == 2


@pytest.mark.rule("LD-KNOW-1")
def test_lab_mind_gains_one_more_knowledge_from_room_actions() -> None:
    s = scene(("xenobiologist", "cleaner"), tile="archive")
    s2, _ = do(s, "p0", key_for(s, "p0", "archives"))
    s3, _ = play(s2, "p0", "pick:0") if waiting(s2) == ["p0"] and top(s2).kind == "pick" \
        else (s2, [])
    assert s3.heroes["p0"].knowledge == 1 + 3
    t = scene(("sentry", "cleaner"), tile="archive")
    t2, _ = do(t, "p0", key_for(t, "p0", "archives"))
    assert t2.heroes["p0"].knowledge == 1 + 2


@pytest.mark.rule("LD-CHAR-1")
def test_tough_raises_the_hand_limit_with_a_serious_wound() -> None:
    from rules.lockdown.table import hand_limit

    s = scene(("cleaner", "sentry"))
    assert hand_limit(s, s.heroes["p0"]) == 5
    wound(s, "p0", "leg", dressed=True)
    assert hand_limit(s, s.heroes["p0"]) == 6
    wound(s, "p1", "leg")
    assert hand_limit(s, s.heroes["p1"]) == 5
    wound(s, "p1", "head")
    assert hand_limit(s, s.heroes["p1"]) == 4


@pytest.mark.rule("NX-MOVE-2")
def test_quiet_steps_careful_movement_costs_one() -> None:
    from rules.nemesis.actions import CarefulMove
    from rules.nemesis.turn_actions import cost_of

    s = scene(("survivor", "sentry"))
    assert cost_of(s, s.heroes["p0"], CarefulMove(to="s2_1")) == 1
    assert cost_of(s, s.heroes["p1"], CarefulMove(to="s2_1")) == 2


def test_an_attack_on_armor_helper() -> None:
    s = scene()
    i = add_intruder(s, "adult", ROOM)
    on_top(s, "attacks", attack(hits=("adult",), light=1))
    assert edit(s).intruders[0].id == i
    assert IDX.items["body_armor"].passive == "armor"


@pytest.mark.rule("NX-TRADE-1")
def test_a_trade_in_words_offer_gift_and_agreement() -> None:
    s = scene()
    give(s, "p0", "painkillers")
    give(s, "p1", "bandages")
    s, _ = do(s, "p0", "trade")
    assert RS.pending(s)[0].text.startswith("Trade: ") and "<@p1>" in RS.pending(s)[0].text
    shown = {a.key: RS.describe(s, "p0", a) for a in RS.legal_actions(s, "p0")}
    assert (shown["trade_give:p1,~"].label, shown["trade_give:p1,~"].detail) == (
        "Give nothing to <@p1>", "You keep everything for now; the exchange still needs "
        "everyone's agreement.")
    painkillers = next(c for c in shown.values() if c.label.startswith("Give Painkillers"))
    assert painkillers.detail == ("Everyone involved agrees to the whole exchange before "
                                  "anything changes hands.")
    s, _ = play(s, "p0", key_for(s, "p0", "Give Painkillers to"))
    s, _ = play(s, "p1", "trade_give:p0,~")
    assert RS.pending(s)[0].text == "Trade: you give Painkillers and get nothing. Agree?"
    agree = {a.key: RS.describe(s, "p0", a) for a in RS.legal_actions(s, "p0")}
    assert [(c.label, c.detail) for c in agree.values()] == [
        ("Agree to the exchange", "You give Painkillers and get nothing."),
        ("Refuse: nothing changes hands", "Nobody gives or gets anything.")]


@pytest.mark.rule("NX-ITEM-3")
@pytest.mark.rule("NX-COMBAT-STATE-1")
def test_crafting_is_out_of_combat_only() -> None:
    s = scene()
    take_all_items(s, "p0")
    give(s, "p0", "painkillers")
    give(s, "p0", "ammo_pack")
    assert "craft:flamethrower,ammo_pack+painkillers" in keys(s, "p0")
    add_intruder(s, "adult", s.heroes["p0"].room)
    assert not any(k.startswith("craft:") for k in keys(s, "p0"))
