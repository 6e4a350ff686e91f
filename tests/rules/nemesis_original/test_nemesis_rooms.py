"""Room actions of the ship (NE-ROOM-1): every room of the source, at its cost of 2
action cards, none with a malfunction; secrets told only to the seat that looked."""

from __future__ import annotations

import pytest
from nemesis_helpers import (
    IDX,
    SHIP,
    a_slot,
    add_intruder,
    advance,
    do,
    edit,
    key_for,
    keys,
    labels,
    noise,
    play,
    put_room,
    room,
    started,
    turn,
    waiting,
)

from rules.nemesis.state import Held, WoundCard, add_object, change_room
from rules.nemesis_original.ship import tile_of
from rules.nemesis_original.state import GameState, RoundFrame
from rules.nemesis_original.table import hand_limit

TILES = {t.id: t for t in SHIP.rooms}


def in_room(tile: str, seed: int = 8) -> GameState:
    """p0 alone in an explored `tile` with 5 cards, on its turn."""
    s = edit(started(2, seed=seed))
    level = TILES[tile].level
    slot = room(tile) if level == "special" else a_slot(level)
    if level != "special":
        put_room(s, slot, tile)
    s.heroes["p0"].room = slot
    s.heroes["p1"].room = room("hibernatorium") if slot != room("hibernatorium") \
        else room("cockpit")
    return turn(s, "p0")


def choose(s: GameState, seat: str, text: str) -> tuple[GameState, list]:
    """Answer a step choice by the label containing `text`."""
    assert waiting(s) == [seat]
    return play(s, seat, key_for(s, seat, text))


def told(events: list, seat: str) -> str:
    return " ".join(e.text for e in events if e.to == (seat,))


def public(events: list) -> str:
    return " ".join(e.text for e in events if e.to is None)


@pytest.mark.rule("NE-ROOM-1")
def test_a_room_action_costs_two_action_cards() -> None:
    s = in_room("comms_room")
    hand = len(s.heroes["p0"].hand)
    s, _ = do(s, "p0", key_for(s, "p0", "Send a signal"))
    assert len(s.heroes["p0"].hand) == hand - 2 and s.heroes["p0"].signal


@pytest.mark.rule("NE-ROOM-1")
def test_a_malfunction_disables_the_room_action() -> None:
    s = edit(in_room("comms_room"))
    change_room(s.rooms, s.heroes["p0"].room, malfunction=True)
    assert not any(k.startswith("room:") for k in keys(s, "p0"))


@pytest.mark.rule("NE-ROOM-1")
def test_cockpit_reading_the_coordinates_is_a_secret_of_the_reader() -> None:
    s, events = do(in_room("cockpit"), "p0", key_for(in_room("cockpit"), "p0",
                                                        "Read the coordinates"))
    earth = next(c.earth for c in SHIP.coordinates if c.id == s.coordinates)
    assert s.known["p0"]["coordinates"] == earth and "p1" not in s.known
    assert f"space {earth}" in told(events, "p0") and "Earth" not in public(events)


@pytest.mark.rule("NE-ROOM-1")
def test_cockpit_sets_the_course_but_not_while_anyone_sleeps() -> None:
    s = in_room("cockpit")
    s, _ = do(s, "p0", key_for(s, "p0", "Set the course"))
    s, _ = choose(s, "p0", "space C")
    assert s.destination == "C"
    s = edit(in_room("cockpit"))
    s.heroes["p1"].place = "hibernated"
    assert not any("Set the course" in t for t in labels(s, "p0").values())


@pytest.mark.rule("NE-ROOM-1")
def test_an_engine_room_shows_its_status_then_repairs_or_wrecks_it() -> None:
    s = edit(in_room("engine_2"))
    s.engines["2"] = False
    s, events = do(s, "p0", key_for(s, "p0", "Service engine 2"))
    assert "Engine 2 is damaged" in told(events, "p0")
    assert "damaged" not in public(events)
    s, _ = choose(s, "p0", "Repair it")
    assert s.engines["2"] and s.known["p0"]["engine_2"] == "working"


@pytest.mark.rule("NE-ROOM-1")
def test_the_engine_control_room_checks_all_three() -> None:
    s = edit(in_room("engine_control"))
    s.engines = {"1": True, "2": False, "3": True}
    s, events = do(s, "p0", key_for(s, "p0", "Check all 3 engines"))
    assert s.known["p0"] == {"engine_1": "working", "engine_2": "damaged",
                             "engine_3": "working"}
    assert s.engines == {"1": True, "2": False, "3": True}


@pytest.mark.rule("NE-ROOM-1")
def test_the_hibernatorium_puts_a_character_to_sleep_on_blue_spaces() -> None:
    s = edit(in_room("hibernatorium"))
    s.time = SHIP.time_track.first_blue
    s, _ = do(s, "p0", key_for(s, "p0", "Go to sleep"), noise("silence"))
    assert s.heroes["p0"].place == "hibernated"


@pytest.mark.rule("NE-ROOM-1")
def test_the_armory_recharges_energy_weapons_only() -> None:
    s = edit(in_room("armory"))
    energy = next(i for i in IDX.items.values() if i.weapon and i.weapon.kind == "energy"
                  and i.color != "crafted" and i.weapon.capacity >= 3)
    hero = s.heroes["p0"]
    hero.hands = [Held(item=energy.id, ammo=0)]
    s, _ = do(s, "p0", key_for(s, "p0", "Recharge"))
    if waiting(s) == ["p0"] and s.stack[-1].kind == "pick":
        s, _ = play(s, "p0", "pick:0")
    assert s.heroes["p0"].hands[0].ammo == min(2, energy.weapon.capacity)
    classic = next(i for i in IDX.items.values() if i.weapon and i.weapon.kind == "classic")
    s = edit(in_room("armory"))
    s.heroes["p0"].hands = [Held(item=classic.id, ammo=0)]
    assert not any("Recharge" in t for t in labels(s, "p0").values())


@pytest.mark.rule("NE-ROOM-1")
def test_the_emergency_room_offers_only_useful_treatments() -> None:
    s = edit(in_room("emergency_room"))
    assert not any(k.startswith("room:") for k in keys(s, "p0"))
    s.heroes["p0"].light = 2
    wound = s.decks["wounds"].pop()
    s.heroes["p0"].serious = [WoundCard(card=wound)]
    s, _ = do(s, "p0", key_for(s, "p0", "Dress all"))
    assert s.heroes["p0"].serious[0].dressed
    s = turn(s, "p0")
    s, _ = do(s, "p0", key_for(s, "p0", "light wounds"))
    assert s.heroes["p0"].light == 0


def aimed_at_a_burning_room(tile: str, action: str, nth: int, target_tile: str | None = None
                            ) -> tuple[GameState, str]:
    """p0 in `tile` aims the room action whose label holds `action` at the `nth` level I
    room (holding `target_tile` if given), explored, burning, with an adult intruder in
    it; the state after, and that room."""
    s = edit(in_room(tile))
    target = a_slot("I", nth)
    if target_tile is not None:
        put_room(s, target, target_tile)
    change_room(s.rooms, target, explored=True, fire=True, token=None)
    s.fires = 1
    add_intruder(s, "adult", target)
    s, _ = do(s, "p0", key_for(s, "p0", action))
    s, _ = play(s, "p0", f"pick:{s.stack[-1].options.index(target)}")
    return s, target


@pytest.mark.rule("NE-ROOM-1")
def test_fire_control_puts_out_a_fire_and_drives_intruders_away() -> None:
    s, target = aimed_at_a_burning_room("fire_control", "Flood a room", 3)
    assert not s.rooms[target].fire and s.fires == 0
    assert not any(i.room == target for i in s.intruders)


@pytest.mark.rule("NE-ROOM-1")
def test_the_laboratory_discovers_the_weakness_of_an_object() -> None:
    s = edit(in_room("laboratory"))
    add_object(s.rooms, s.heroes["p0"].room, "carcass")
    s, events = do(s, "p0", key_for(s, "p0", "Research"))
    s, events = choose(s, "p0", "carcass")
    assert s.weaknesses_found == [1] and "weakness" in [e.kind for e in events]
    assert "carcass" in s.rooms[s.heroes["p0"].room].objects  # the object stays
    s = turn(s, "p0")
    assert not any("Research" in t for t in labels(s, "p0").values())


@pytest.mark.rule("NE-ROOM-1")
def test_the_nest_gives_an_egg_then_a_noise_roll() -> None:
    s = edit(in_room("nest"))
    s.heroes["p0"].hands = []
    eggs = s.eggs
    s, events = do(s, "p0", key_for(s, "p0", "Steal an egg"), noise("silence"))
    assert s.eggs == eggs - 1 and any(h.obj == "egg" for h in s.heroes["p0"].hands)
    assert "noise" in [e.kind for e in events]


@pytest.mark.rule("NE-ROOM-1")
def test_storage_draws_two_keeps_one_and_keeps_its_searches() -> None:
    s = in_room("storage")
    items = s.rooms[s.heroes["p0"].room].items
    s, _ = do(s, "p0", key_for(s, "p0", "Rummage"))
    s, _ = choose(s, "p0", "yellow")
    s, _ = play(s, "p0", "pick:0")
    hero = s.heroes["p0"]
    assert any(IDX.items[i].color == "yellow" for i in hero.inventory + [
        h.item for h in hero.hands if h.item])
    assert s.rooms[hero.room].items == items


@pytest.mark.rule("NE-ROOM-1")
def test_surgery_cleans_hurts_and_passes() -> None:
    s = edit(in_room("surgery"))
    s.heroes["p0"].larva = True
    s, _ = do(s, "p0", key_for(s, "p0", "Surgery"))
    hero = s.heroes["p0"]
    assert not hero.larva and hero.light == 1 and hero.passed and hero.hand == []


@pytest.mark.rule("NE-ROOM-1")
def test_the_airlock_kills_everything_sealed_in_without_a_body() -> None:
    s, target = aimed_at_a_burning_room("airlock_control", "airlock", 4, "generator")
    assert s.rooms[target].venting
    s = edit(s)
    s.stack = [RoundFrame(stage="airlock")]
    s, events = advance(s)
    assert not any(i.room == target for i in s.intruders)
    assert "carcass" not in s.rooms[target].objects and not s.rooms[target].fire
    assert not s.rooms[target].venting


@pytest.mark.rule("NE-ROOM-1")
def test_the_cabins_give_one_more_card_unless_an_intruder_is_there() -> None:
    s = in_room("cabins")
    hero = s.heroes["p0"]
    assert hand_limit(s, hero) == 6
    s = edit(s)
    add_intruder(s, "larva", s.heroes["p0"].room)
    assert hand_limit(s, s.heroes["p0"]) == 5


@pytest.mark.rule("NE-ROOM-1")
def test_the_canteen_heals_and_may_scan_the_hand() -> None:
    s = edit(in_room("canteen"))
    clean = next(x.id for x in IDX.contamination.values() if not x.infected)
    s.decks["contamination"].remove(clean)
    s.heroes["p0"].hand.append(f"c:{clean}")
    s.heroes["p0"].light = 1
    s, _ = do(s, "p0", key_for(s, "p0", "scan your hand"))
    hero = s.heroes["p0"]
    assert hero.light == 0 and not any(c.startswith("c:") for c in hero.hand)


@pytest.mark.rule("NE-ROOM-1")
def test_the_command_center_opens_and_closes_any_room() -> None:
    s = in_room("command_center")
    target = room("cockpit")
    s, _ = do(s, "p0", key_for(s, "p0", "doors"))
    s, _ = play(s, "p0", f"pick:{s.stack[-1].options.index(f'{target}:close')}")
    walls = [ex.corridor for ex in s.graph.exits[target] if ex.to != "tech"]
    assert all(s.doors.get(c) == "closed" for c in walls)


@pytest.mark.rule("NE-ROOM-1")
def test_hatch_control_locks_and_unlocks_a_pod() -> None:
    s = in_room("hatch_control")
    s, _ = do(s, "p0", key_for(s, "p0", "escape pod"))
    s, _ = choose(s, "p0", "Unlock pod B2")
    assert not s.pods["B2"].locked and s.pods["A1"].locked


@pytest.mark.rule("NE-ROOM-1")
def test_the_monitoring_room_shows_an_unexplored_room_to_the_watcher_only() -> None:
    s = in_room("monitoring")
    s, _ = do(s, "p0", key_for(s, "p0", "Look at an unexplored"))
    slot = s.stack[-1].options[0]
    s, events = play(s, "p0", "pick:0")
    tile = tile_of(s.rooms[slot].tile).name
    assert tile in told(events, "p0") and tile not in public(events)
    assert s.known["p0"][f"room_{slot}"].startswith(tile) and not s.rooms[slot].explored


@pytest.mark.rule("NE-ROOM-1")
def test_the_slime_room_slimes_whoever_comes_in() -> None:
    s = edit(started(2, seed=8))
    here = s.heroes["p0"].room
    nxt = next(r for r in s.graph.neighbours(here) if s.graph.kind[r] != "special")
    put_room(s, nxt, "slime_room", explored=False)
    s = turn(s, "p0")
    s, _ = do(s, "p0", f"move:{nxt}", noise("silence"))
    assert s.heroes["p0"].slime


@pytest.mark.rule("NE-ROOM-1")
def test_the_shower_washes_the_slime_off() -> None:
    s = edit(in_room("shower_room"))
    s.heroes["p0"].slime = True
    s, _ = do(s, "p0", key_for(s, "p0", "Rinse off the slime"))
    assert not s.heroes["p0"].slime


@pytest.mark.rule("NE-ROOM-1")
def test_the_generator_starts_and_stops_the_self_destruct() -> None:
    s = in_room("generator")
    s, _ = do(s, "p0", key_for(s, "p0", "Start the self-destruct"))
    assert s.self_destruct == 1
    s = turn(s, "p0")
    s, _ = do(s, "p0", key_for(s, "p0", "Stop the self-destruct"))
    assert s.self_destruct is None
