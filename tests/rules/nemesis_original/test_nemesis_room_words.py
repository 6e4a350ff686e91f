"""What the original Nemesis's room actions announce (NE-ROOM-1): for each room, the
options it offers in words, the events a player reads (kind, addressee, exact text) and
the state left, secrets told only to the seat that looked."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from nemesis_helpers import (
    IDX,
    SHIP,
    a_slot,
    add_intruder,
    brace,
    do,
    edit,
    key_for,
    keys,
    labels,
    noise,
    play,
    room,
    run_with,
    waiting,
)
from test_nemesis_rooms import choose, in_room

from rules.core.contract import Event
from rules.nemesis.doors import seal
from rules.nemesis.items import give_item
from rules.nemesis.state import Held, add_object, change_room
from rules.nemesis_original.profile import room_name
from rules.nemesis_original.rooms import resolve_airlocks
from rules.nemesis_original.ship import tile_of
from rules.nemesis_original.state import GameState

ROOM_KINDS = frozenset({"room", "signal", "coordinates", "engine", "self_destruct", "course",
                        "weakness", "door", "pod", "monitor", "hibernate", "airlock", "death"})


def said(events: Iterable[Event], kinds: frozenset[str] = ROOM_KINDS
         ) -> list[tuple[str, tuple[str, ...] | None, str]]:
    """The room's own events, in order: (kind, addressee, text)."""
    return [(e.kind, e.to, e.text) for e in events if e.kind in kinds]


def room_options(s: GameState, seat: str = "p0") -> list[str]:
    return [label for key, label in labels(s, seat).items() if key.startswith("room:")]


def step_options(s: GameState, seat: str = "p0") -> list[str]:
    assert waiting(s) == [seat] and s.stack[-1].kind == "pick"
    return list(labels(s, seat).values())


@pytest.mark.rule("NE-ROOM-1")
def test_sending_the_signal_is_announced_and_not_offered_twice() -> None:
    s = in_room("comms_room")
    assert room_options(s) == ["Room action: Send a signal"]
    s, events = do(s, "p0", key_for(s, "p0", "Send a signal"))
    assert said(events) == [("signal", None, "<@p0> sends a signal.")]
    s = edit(in_room("comms_room"))
    s.heroes["p0"].signal = True
    assert room_options(s) == []


@pytest.mark.rule("NE-ROOM-1")
def test_the_cockpit_tells_the_reader_alone_where_earth_lies() -> None:
    s = in_room("cockpit")
    assert room_options(s) == ["Room action: Read the coordinates in secret",
                               "Room action: Set the course (move the destination marker)"]
    s, events = do(s, "p0", key_for(s, "p0", "Read the coordinates"))
    earth = next(c.earth for c in SHIP.coordinates if c.id == s.coordinates)
    assert said(events) == [
        ("coordinates", ("p0",), f"The coordinates card: space {earth} takes the ship to Earth."),
        ("room", None, "<@p0> reads the coordinates in secret."),
    ]


@pytest.mark.rule("NE-ROOM-1")
def test_setting_the_course_offers_the_other_spaces_and_announces_the_new_one() -> None:
    s = in_room("cockpit")
    here = s.destination
    s, _ = do(s, "p0", key_for(s, "p0", "Set the course"))
    others = [x for x in SHIP.destination.spaces if x != here]
    assert step_options(s) == [f"Set the course for space {x}" for x in others]
    s, events = play(s, "p0", "pick:0")
    assert s.destination == others[0]
    course = [e for e in events if e.kind == "course"]
    assert [(e.to, e.text, e.data) for e in course] == [
        (None, f"<@p0> sets the course: the destination marker moves to space {others[0]}.",
         {"space": others[0]})]


@pytest.mark.rule("NE-ROOM-1")
@pytest.mark.parametrize(("working", "other", "after"), [
    (False, "Repair it", "working"), (True, "Wreck it", "damaged")])
def test_servicing_an_engine_tells_its_status_then_switches_it(
        working: bool, other: str, after: str) -> None:
    s = edit(in_room("engine_2"))
    s.engines["2"] = working
    assert room_options(s) == ["Room action: Service engine 2 (look, then repair or wreck it)"]
    s, events = do(s, "p0", key_for(s, "p0", "Service engine 2"))
    before = "working" if working else "damaged"
    assert said(events) == [("room", None, "<@p0> opens up engine 2."),
                            ("engine", ("p0",), f"Engine 2 is {before}.")]
    assert s.known["p0"]["engine_2"] == before
    assert step_options(s) == ["Leave it as it is", other]
    switched, events = choose(s, "p0", other)
    assert switched.engines["2"] is not working
    assert switched.known["p0"]["engine_2"] == after
    assert said(events) == [("engine", ("p0",), f"Engine 2 is now {after}."),
                            ("room", None, "<@p0> finishes work on the engine.")]
    kept, events = choose(s, "p0", "Leave it")
    assert kept.engines["2"] is working and kept.known["p0"]["engine_2"] == before
    assert said(events) == [("room", None, "<@p0> finishes work on the engine.")]


@pytest.mark.rule("NE-ROOM-1")
def test_the_engine_diagnostics_tell_each_engine_to_the_checker_only() -> None:
    s = edit(in_room("engine_control"))
    s.engines = {"1": False, "2": True, "3": False}
    assert room_options(s) == ["Room action: Check all 3 engines in secret"]
    s, events = do(s, "p0", key_for(s, "p0", "Check all 3"))
    assert said(events) == [("room", None, "<@p0> runs the engine diagnostics."),
                            ("engine", ("p0",), "Engine 1 is damaged."),
                            ("engine", ("p0",), "Engine 2 is working."),
                            ("engine", ("p0",), "Engine 3 is damaged.")]


@pytest.mark.rule("NE-ROOM-1")
def test_the_self_destruct_starts_and_can_be_stopped_only_before_the_yellow_spaces() -> None:
    s = in_room("generator")
    assert room_options(s) == ["Room action: Start the self-destruct sequence"]
    s, events = do(s, "p0", key_for(s, "p0", "Start the self-destruct"))
    assert s.self_destruct == 1
    assert said(events) == [("self_destruct", None, "<@p0> starts the self-destruct sequence: "
                             "it moves with the time marker from now on.")]
    yellow = SHIP.self_destruct.first_yellow
    s = edit(in_room("generator"))
    s.self_destruct = yellow - 1
    assert room_options(s) == ["Room action: Stop the self-destruct sequence"]
    s, events = do(s, "p0", key_for(s, "p0", "Stop the self-destruct"))
    assert s.self_destruct is None
    assert said(events) == [("self_destruct", None, "<@p0> stops the self-destruct sequence.")]
    s = edit(in_room("generator"))
    s.self_destruct = yellow
    assert room_options(s) == []


@pytest.mark.rule("NE-ROOM-1")
def test_nobody_starts_the_self_destruct_while_someone_sleeps() -> None:
    s = edit(in_room("generator"))
    s.heroes["p1"].place = "hibernated"
    assert room_options(s) == []


def energy_weapon(capacity: int) -> str:
    return next(i.id for i in IDX.items.values() if i.weapon and i.weapon.kind == "energy"
                and i.color != "crafted" and i.weapon.capacity >= capacity)


@pytest.mark.rule("NE-ROOM-1")
def test_the_armory_recharges_by_two_up_to_the_capacity_and_says_so() -> None:
    weapon = energy_weapon(3)
    capacity = IDX.items[weapon].weapon.capacity
    s = edit(in_room("armory"))
    # an empty hand and a carried object do not stop the weapon from being offered
    s.heroes["p0"].hands = [Held(), Held(obj="egg"), Held(item=weapon, ammo=capacity - 1)]
    assert room_options(s) == ["Room action: Recharge an energy weapon (+2 ammo)"]
    s, _ = do(s, "p0", key_for(s, "p0", "Recharge"))
    assert step_options(s) == [f"Recharge {IDX.items[weapon].name}"]
    s, events = play(s, "p0", "pick:0")
    assert s.heroes["p0"].hands[2].ammo == capacity
    assert said(events) == [("room", None, f"<@p0> recharges a weapon ({capacity} ammo).")]
    s = edit(in_room("armory"))
    s.heroes["p0"].hands = [Held(item=weapon, ammo=capacity)]
    assert room_options(s) == []


@pytest.mark.rule("NE-ROOM-1")
def test_fire_control_floods_a_named_room() -> None:
    s = edit(in_room("fire_control"))
    assert room_options(s) == []
    target = a_slot("I", 2)
    change_room(s.rooms, target, fire=True)
    s.fires = 1
    assert room_options(s) == ["Room action: Flood a room (fire out, intruders flee)"]
    s, _ = do(s, "p0", key_for(s, "p0", "Flood"))
    name = "unexplored room " + target.lstrip("s0")
    assert step_options(s) == [f"Flood {name}"]
    s, events = play(s, "p0", "pick:0")
    assert not s.rooms[target].fire
    assert said(events) == [("room", None, f"The fire control system floods {name}.")]


@pytest.mark.rule("NE-ROOM-1")
def test_an_intruder_alone_is_enough_to_flood_its_room() -> None:
    s = edit(in_room("fire_control"))
    add_intruder(s, "adult", a_slot("I", 1))
    assert room_options(s) == ["Room action: Flood a room (fire out, intruders flee)"]


@pytest.mark.rule("NE-ROOM-1")
def test_researching_a_corpse_names_the_weakness_found() -> None:
    s = edit(in_room("laboratory"))
    assert room_options(s) == []
    add_object(s.rooms, s.heroes["p0"].room, "corpse_p1")
    assert room_options(s) == ["Room action: Research an object (discover a weakness)"]
    s, _ = do(s, "p0", key_for(s, "p0", "Research"))
    assert step_options(s) == ["Research the corpse"]
    s, events = play(s, "p0", "pick:0")
    weakness = IDX.weaknesses[s.weaknesses[0]]
    assert s.weaknesses_found == [0]
    assert [(e.kind, e.to, e.text, e.data) for e in events if e.kind == "weakness"] == [
        ("weakness", None, f"<@p0> researches the corpse: a weakness is discovered: "
         f"{weakness.name}. {weakness.text}", {"weakness": weakness.id})]


@pytest.mark.rule("NE-ROOM-1")
def test_a_carried_egg_can_be_researched_once() -> None:
    s = edit(in_room("laboratory"))
    s.heroes["p0"].hands = [Held(obj="egg")]
    s, _ = do(s, "p0", key_for(s, "p0", "Research"))
    assert step_options(s) == ["Research the egg"]
    s = edit(in_room("laboratory"))
    s.heroes["p0"].hands = [Held(obj="egg")]
    s.weaknesses_found = [2]
    assert room_options(s) == []


@pytest.mark.rule("NE-ROOM-1")
def test_the_storage_offers_each_colour() -> None:
    s = in_room("storage")
    s, _ = do(s, "p0", key_for(s, "p0", "Rummage"))
    assert step_options(s) == ["Draw 2 red items", "Draw 2 yellow items", "Draw 2 green items"]


@pytest.mark.rule("NE-ROOM-1")
@pytest.mark.parametrize("op", ["close", "open"])
def test_the_command_center_closes_or_opens_a_room_and_says_which(op: str) -> None:
    s = edit(in_room("command_center"))
    target = room("cockpit")
    walls = [ex.corridor for ex in s.graph.exits[target] if ex.to != "tech"]
    if op == "open":
        for c in walls:
            s.doors[c] = "closed"
    assert room_options(s) == ["Room action: Open or close the doors of a room"]
    s, _ = do(s, "p0", key_for(s, "p0", "doors"))
    options = step_options(s)
    label = f"{op.capitalize()} the doors of Cockpit"
    assert label in options
    s, events = play(s, "p0", f"pick:{options.index(label)}")
    if op == "close":
        assert all(s.doors.get(c) == "closed" for c in walls)
    else:
        assert not set(walls) & set(s.doors)  # an open corridor holds no door token
    assert [(e.kind, e.text, e.data) for e in events if e.kind == "door"] == [
        ("door", f"The doors of Cockpit {op}.", {"room": target})]


@pytest.mark.rule("NE-ROOM-1")
def test_hatch_control_offers_to_lock_an_unlocked_pod_and_announces_it() -> None:
    s = edit(in_room("hatch_control"))
    s.pods["A2"].locked = False
    s.pods["B1"].launched = True
    s, _ = do(s, "p0", key_for(s, "p0", "escape pod"))
    assert step_options(s) == ["Unlock pod A1", "Lock pod A2", "Unlock pod B2"]
    s, events = choose(s, "p0", "Lock pod A2")
    assert s.pods["A2"].locked
    assert said(events) == [("pod", None, "Escape pod A2 is locked.")]


@pytest.mark.rule("NE-ROOM-1")
def test_the_monitors_name_the_room_and_its_token_to_the_watcher() -> None:
    s = in_room("monitoring")
    s, _ = do(s, "p0", key_for(s, "p0", "Look at an unexplored"))
    slot = s.stack[-1].options[0]
    assert step_options(s)[0] == "Watch unexplored room " + slot.lstrip("s0")
    s, events = play(s, "p0", "pick:0")
    r = s.rooms[slot]
    tile = tile_of(r.tile).name
    token = (r.token or "none").replace("_", " ")
    assert said(events) == [
        ("monitor", ("p0",), f"On the monitors, unexplored room {slot.lstrip('s0')} is the "
         f"{tile}; its exploration token is {token} ({r.token_items} items)."),
        ("room", None, "<@p0> watches the monitors.")]
    assert s.known["p0"][f"room_{slot}"] == f"{tile}, {token}"


@pytest.mark.rule("NE-ROOM-1")
def test_going_to_sleep_is_announced_and_ends_the_round_for_the_sleeper() -> None:
    s = edit(in_room("hibernatorium"))
    s.time = SHIP.time_track.first_blue - 1
    assert room_options(s) == []
    s.time = SHIP.time_track.first_blue
    assert room_options(s) == ["Room action: Go to sleep in a hibernation chamber (noise roll)"]
    s, events = do(s, "p0", key_for(s, "p0", "Go to sleep"), noise("silence"))
    assert s.heroes["p0"].place == "hibernated" and s.heroes["p0"].passed
    assert [(e.kind, e.text, e.data) for e in events if e.kind == "hibernate"] == [
        ("hibernate", "<@p0> goes to sleep in a hibernation chamber.", {"seat": "p0"})]


@pytest.mark.rule("NE-ROOM-1")
@pytest.mark.parametrize(("tile", "slimed", "options"), [
    ("canteen", False, ["Room action: Grab a bite (heal 1 light wound)"]),
    ("shower_room", True, ["Room action: Rinse off the slime"]),
    ("shower_room", False, []),
])
def test_the_canteen_and_shower_offer_a_scan_only_with_contamination_in_hand(
        tile: str, slimed: bool, options: list[str]) -> None:
    s = edit(in_room(tile))
    s.heroes["p0"].slime = slimed
    assert room_options(s) == options
    s.heroes["p0"].hand.append("c:" + next(iter(IDX.contamination)))
    scan = ("Room action: Grab a bite and scan your hand" if tile == "canteen"
            else "Room action: Rinse off and scan your hand")
    assert room_options(s) == [*options, scan]


def sealed_room(with_hero: bool) -> tuple[GameState, str]:
    """A level II room with an intruder (and p1, if asked), its airlock primed."""
    s = edit(in_room("cockpit"))
    target = a_slot("II", 0)
    change_room(s.rooms, target, explored=True, fire=True, token=None)
    s.fires = 1
    add_intruder(s, "adult", target)
    if with_hero:
        s.heroes["p1"].room = target
    seal(s, target)
    return s, target


@pytest.mark.rule("NE-ROOM-1")
def test_a_primed_airlock_blows_out_everything_inside_with_no_body_left() -> None:
    s, target = sealed_room(with_hero=True)
    kills = s.kills
    s, events = run_with(s, resolve_airlocks)
    name = room_name(s, target)
    assert s.heroes["p1"].place == "dead"
    assert s.deaths["p1"] == f"died in {name} (blown out of the airlock)"
    assert "corpse_p1" not in s.rooms[target].objects
    assert not any(i.room == target for i in s.intruders) and s.kills == kills + 1
    assert not s.rooms[target].fire and s.fires == 0
    assert ("airlock", None, f"The airlock of {name} opens to space: nothing inside "
            "survives.") in said(events)


@pytest.mark.rule("NE-ROOM-1")
def test_an_airlock_fails_when_a_door_was_opened() -> None:
    s, target = sealed_room(with_hero=False)
    s.doors[next(iter(c for c in s.doors if s.doors[c] == "closed"
                      and c in [ex.corridor for ex in s.graph.exits[target]]))] = "open"
    s, events = run_with(s, resolve_airlocks)
    name = room_name(s, target)
    assert any(i.room == target for i in s.intruders)
    assert said(events) == [("airlock", None, f"The airlock of {name} fails: a door was "
                             "opened.")]



@pytest.mark.rule("NE-ROOM-1")
def test_an_intruder_showing_up_keeps_the_sleeper_awake() -> None:
    s = edit(in_room("hibernatorium"))
    s.time = SHIP.time_track.first_blue
    here = s.heroes["p0"].room
    s.noise.append(s.graph.exit_by_number(here, 1).corridor)  # a second marker: encounter
    s.bag = [t for t in s.bag if t.startswith("adult")]
    s.first_encounter = True
    s, events = do(s, "p0", key_for(s, "p0", "Go to sleep"), noise(1))
    while any(f.kind == "attempt" for f in s.stack):  # it ends once the attack is met
        s, events = brace(s, events)
        if any(f.kind == "attempt" for f in s.stack):
            seat = waiting(s)[0]
            s, more = play(s, seat, keys(s, seat)[0])
            events += more
    assert s.heroes["p0"].place == "board"
    assert any(i.room == here for i in s.intruders)
    assert [(e.kind, e.text, e.data) for e in events if e.kind == "hibernate"] == [
        ("hibernate", "<@p0> cannot get into a hibernation chamber.", {})]


@pytest.mark.rule("NX-ITEM-1")
def test_a_third_heavy_item_asks_which_to_drop_or_leaves_it() -> None:
    s = edit(in_room("storage"))
    s.heroes["p0"].hands = [Held(item="pulse_rifle"), Held(item="scattergun")]
    s, _ = run_with(s, lambda ctx: give_item(ctx, ctx.s.heroes["p0"], "machine_pistol"))
    assert step_options(s) == ["Drop Pulse Rifle and take Machine Pistol",
                               "Drop Scattergun and take Machine Pistol",
                               "Leave Machine Pistol"]
    swapped, events = play(s, "p0", "pick:1")
    assert [h.item for h in swapped.heroes["p0"].hands] == ["pulse_rifle", "machine_pistol"]
    assert [(e.kind, e.text) for e in events if e.kind in ("drop", "item")] == [
        ("drop", "<@p0> drops Scattergun; it is lost."),
        ("item", "<@p0> takes Machine Pistol in hand.")]
    left, events = play(s, "p0", "pick:2")
    assert [h.item for h in left.heroes["p0"].hands] == ["pulse_rifle", "scattergun"]
    assert [(e.kind, e.text) for e in events if e.kind == "drop"] == [
        ("drop", "<@p0> leaves Machine Pistol behind.")]


@pytest.mark.rule("NE-ROOM-1")
@pytest.mark.parametrize("colour", ["red", "yellow", "green"])
def test_the_storage_draws_two_of_the_colour_chosen(colour: str) -> None:
    s = edit(in_room("storage"))
    s.heroes["p0"].inventory = []
    s, _ = do(s, "p0", key_for(s, "p0", "Rummage"))
    top_two = s.decks[colour][:2]
    s, _ = choose(s, "p0", f"Draw 2 {colour} items")
    drawn = {item for option in s.stack[-1].options for item in option.split("+")}
    assert drawn == set(top_two) and len(s.stack[-1].options) == 2  # keep one of the two
    assert all(IDX.items[i].color == colour for i in drawn)


@pytest.mark.rule("NE-ROOM-1")
def test_rinsing_off_and_scanning_removes_the_clean_contamination_cards() -> None:
    s = edit(in_room("shower_room"))
    clean = next(x.id for x in IDX.contamination.values() if not x.infected)
    s.decks["contamination"].remove(clean)
    s.heroes["p0"].hand.append(f"c:{clean}")
    s.heroes["p0"].slime = True
    s, _ = do(s, "p0", key_for(s, "p0", "Rinse off and scan"))
    hero = s.heroes["p0"]
    assert not hero.slime and f"c:{clean}" not in hero.hand + hero.discard
