"""Every room action of the source (LD-ROOM-1, LD-ROOM-2), the computer (LD-COMP-1),
venting (LD-VENT-1), knowledge and weaknesses (LD-KNOW-1, LD-WEAK-1)."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    IDX,
    RS,
    B,
    C,
    add_intruder,
    advance,
    attack,
    corridor,
    do,
    edit,
    give,
    illegal,
    key_for,
    keys,
    kinds,
    labels,
    noise,
    on_top,
    plain_cards,
    play,
    push,
    put_room,
    ready,
    rig,
    set_hand,
    top,
    waiting,
    wound,
)

from rules.lockdown.state import GameState, RoundFrame
from rules.nemesis.fire import fire_damage
from rules.nemesis.state import Held, change_room

ROOM = "s2_2"  # section 2
CLEAN = next(x.id for x in C.contamination if not x.infected)
DIRTY = next(x.id for x in C.contamination if x.infected)


def scene(tile: str, chars: tuple[str, str] = ("sentry", "cleaner"), items: int = 2,
          room: str = ROOM) -> GameState:
    """p0 alone in `room` holding `tile` (explored), a plain hand of 5, power on."""
    s = ready(chars)
    put_room(s, room, tile, items=items)
    s.heroes["p0"].room = room
    s.heroes["p1"].room = "isolation"
    for seat in s.seats:
        set_hand(s, seat, plain_cards(s, seat, 5))
    s.first_encounter = True
    section = B.section[room]
    if section is not None:
        s.power[str(section)].active = True
    return s


def room_keys(s: GameState, seat: str = "p0") -> dict[str, str]:
    return {k: v for k, v in labels(s, seat).items() if k.startswith("room:")}


def room_act(s: GameState, text: str, *draws: tuple[int, int], seat: str = "p0"
             ) -> tuple[GameState, list]:
    return do(s, seat, key_for(s, seat, text), *draws)


# ------------------------------------------------------------------ basic rooms (I)
@pytest.mark.rule("LD-ROOM-1")
def test_archive_once_plus_two_knowledge_and_a_peek() -> None:
    s = scene("archive")
    s2, events = room_act(s, "archives")
    assert s2.heroes["p0"].knowledge == 3 and s2.heroes["p0"].archive_used
    frame = top(s2)
    assert frame.tag == "peek" and s.active_contingency not in frame.options
    assert any(o.startswith("p1:") for o in frame.options)  # another player's token
    s3, events = play(s2, "p0", f"pick:{frame.options.index('p1:0')}")
    peek = [e for e in events if e.kind == "contingency_peek"]
    assert peek and peek[0].to == ("p0",)
    assert s3.heroes["p1"].contingencies == s.heroes["p1"].contingencies
    assert not any("archives" in v for v in room_keys(turn(s3)).values())


def turn(s: GameState, seat: str = "p0") -> GameState:
    from lockdown_helpers import turn as _turn

    return _turn(s, seat)


@pytest.mark.rule("LD-ROOM-1")
def test_cave_entrance_crawls_to_a_tech_room_with_a_dark_attack() -> None:
    s = scene("cave_entrance")
    target = "s2_3"
    put_room(s, target, "emergency")
    card = next(a for a in C.attacks if "adult" in a.hits and a.dark_effects)
    on_top(s, "attacks", card.id)
    s2, _ = room_act(s, "technical corridors")
    assert target in top(s2).options and "s2_1" not in top(s2).options
    s3, events = play(s2, "p0", f"pick:{top(s2).options.index(target)}")
    assert s3.heroes["p0"].room == target
    assert s3.heroes["p0"].light == 2  # the card's wound and its darkness extra


@pytest.mark.rule("LD-ROOM-1")
def test_cooling_system_starts_the_autodestruction() -> None:
    s = scene("cooling_system")
    s2, _ = room_act(s, "autodestruction")
    assert s2.autodestruct == s.time - 3 and not s2.autodestruct_red
    assert not any("autodestruction" in v for v in room_keys(turn(s2)).values())


@pytest.mark.rule("LD-ROOM-1")
def test_decon_room_scans_the_hand_removes_larva_and_slime() -> None:
    s = scene("decon")
    set_hand(s, "p0", [*plain_cards(s, "p0", 3), f"c:{DIRTY}", f"c:{CLEAN}"])
    s.heroes["p0"].larva = s.heroes["p0"].slime = True
    s2, _ = room_act(s, "Decontaminate")
    hero = s2.heroes["p0"]
    assert f"c:{DIRTY}" not in hero.hand and f"c:{CLEAN}" in hero.hand
    assert not hero.larva and not hero.slime


@pytest.mark.rule("LD-ROOM-1")
def test_emergency_room_three_treatments() -> None:
    s = scene("emergency")
    s.heroes["p0"].light = 2
    wound(s, "p0", "leg")
    wound(s, "p0", "arm", dressed=True)
    dressed, _ = room_act(s, "Dress all")
    assert all(w.dressed for w in dressed.heroes["p0"].serious)
    healed, _ = room_act(s, "Heal 1 dressed")
    assert len(healed.heroes["p0"].serious) == 1
    light, _ = room_act(s, "light wounds")
    assert light.heroes["p0"].light == 0


@pytest.mark.rule("LD-ROOM-1")
def test_laboratory_analyses_an_object_here_or_carried() -> None:
    s = scene("laboratory")
    assert not any("Analyse" in v for v in room_keys(s).values())
    change_room(s.rooms, ROOM, objects=("carcass",))
    s.heroes["p0"].hands.append(Held(obj="egg"))
    s2, _ = room_act(s, "Analyse")
    assert top(s2).options == ["egg", "carcass"]
    s3, events = play(s2, "p0", "pick:1")
    assert s3.heroes["p0"].knowledge == 4 and s3.lab_slots == ["carcass"]
    assert s3.rooms[ROOM].objects == () and "weakness" in kinds(events)


@pytest.mark.rule("LD-ROOM-1")
@pytest.mark.parametrize("tile", ["css_a", "css_b", "css_c"])
def test_css_pod_only_on_a_css_slot_and_while_empty(tile: str) -> None:
    s = scene(tile)
    pod = tile[-1].upper()
    s.time = 12
    assert not any("pod" in v for v in room_keys(s).values())
    s.time = 11  # a CSS slot
    s2, events = room_act(s, f"CSS pod {pod}")
    hero = s2.heroes["p0"]
    assert hero.place == "pod" and hero.pod == pod and hero.passed and hero.hand == []
    assert len(hero.discard) == 5  # 2 cards paid, the 3 others discarded
    other = edit(s)
    other.heroes["p1"].place, other.heroes["p1"].pod = "pod", pod
    assert not any("pod" in v for v in room_keys(other).values())


@pytest.mark.rule("LD-ROOM-1")
def test_nest_take_an_egg_then_a_noise_roll() -> None:
    s = scene("nest")
    s.nest_found = True
    s2, events = room_act(s, "Take an egg", noise(1))
    assert s2.eggs == 4 and [h.obj for h in s2.heroes["p0"].hands] == [None, "egg"]
    assert s2.noise == [B.exit_by_number(ROOM, 1).corridor]
    s.eggs = 1
    s3, events = room_act(s, "Take an egg", noise("silence"))
    assert s3.nest_destroyed


@pytest.mark.rule("LD-ROOM-1")
def test_power_generator_stops_a_yellow_sequence_or_flips_the_section() -> None:
    s = scene("power_generator")
    s.autodestruct = 9
    s2, _ = room_act(s, "Stop the autodestruction")
    assert s2.autodestruct is None
    s.autodestruct_red = True
    assert not any("Stop" in v for v in room_keys(s).values())
    s3, _ = room_act(s, "Flip this section")
    assert not s3.power["2"].active
    s3 = turn(s3)
    set_hand(s3, "p0", plain_cards(s3, "p0", 5))
    s4, _ = room_act(s3, "Flip this section")
    assert s4.power["2"].active and s4.power_switched_on


@pytest.mark.rule("LD-ROOM-1")
def test_transmitter_sends_a_signal_or_checks_an_objective() -> None:
    s = scene("transmitter")
    s2, _ = room_act(s, "Send a signal")
    assert s2.heroes["p0"].signal
    assert not any("Check" in v for v in room_keys(turn(s2)).values())
    s.heroes["p1"].signal = True
    s3, _ = room_act(s, "Check the objective")
    s4, events = play(s3, "p0", "pick:0")
    shown = [e for e in events if e.kind == "objective"]
    assert shown and shown[0].to == ("p0",)
    assert all(o not in e.text for e in events if e.to is None
               for o in s.heroes["p1"].objectives)


# ------------------------------------------------------------------ additional rooms (II)
@pytest.mark.rule("LD-ROOM-1")
def test_css_control_peeks_and_moves_a_token_one_slot() -> None:
    s = scene("css_control")
    s.time = 12
    s2, _ = room_act(s, "Schedule")
    s3, events = play(s2, "p0", f"pick:{top(s2).options.index('7')}")
    assert [e.to for e in events if e.kind == "css_peek"] == [("p0",)]
    assert sorted(top(s3).options) == sorted(["7>8", "7>6", "7>7"])
    s4, _ = play(s3, "p0", f"pick:{top(s3).options.index('7>6')}")
    assert 6 in s4.css and 7 not in s4.css
    s.time = 11  # the token under the time token cannot move
    t2, _ = room_act(s, "Schedule")
    t3, _ = play(t2, "p0", f"pick:{top(t2).options.index('11')}")
    assert top(t3).options == ["11>11"]
    s.time = 8  # moving a token onto the time token's slot is allowed (001)
    u2, _ = room_act(s, "Schedule")
    u3, _ = play(u2, "p0", f"pick:{top(u2).options.index('7')}")
    assert "7>8" in top(u3).options


@pytest.mark.rule("LD-ROOM-1")
def test_defense_control_exterminates_the_threat() -> None:
    s = scene("defense_control", items=1)
    target = "s2_1"
    put_room(s, target, "emergency")
    s.heroes["p1"].room = target
    add_intruder(s, "adult", target)
    on_top(s, "attacks", attack(hits=(), blood=4, retreat=False))
    s2, _ = room_act(s, "Exterminate")
    s3, _ = play(s2, "p0", f"pick:{top(s2).options.index(target)}") if \
        top(s2).kind == "pick" else (s2, [])
    assert s3.rooms[ROOM].items == 0 and not s3.rooms[ROOM].malfunction
    assert s3.rooms[target].malfunction and s3.intruders[0].injuries == 1
    assert len(s3.heroes["p1"].serious) == 1
    change_room(s.rooms, ROOM, items=0)
    t3, _ = room_act(s, "Exterminate")
    assert t3.rooms[ROOM].malfunction  # paid with a malfunction here


@pytest.mark.rule("LD-ROOM-1")
def test_guard_room_hands_out_a_taser_or_an_enviro_suit() -> None:
    s = scene("guard_room", items=1)
    s2, _ = room_act(s, "Taser")
    assert "taser" in s2.heroes["p0"].inventory and s2.rooms[ROOM].items == 0
    s3, _ = room_act(s, "Enviro-Suit")
    assert "enviro_suit" in s3.heroes["p0"].inventory
    change_room(s.rooms, ROOM, items=0)
    assert not room_keys(s)


@pytest.mark.rule("LD-ROOM-1")
def test_contaminated_room_slimes_searchers_and_takes_no_malfunction() -> None:
    from lockdown_helpers import run_with

    from rules.nemesis.malfunctions import set_malfunction

    s = scene("contaminated")
    assert not room_keys(s)
    s2, _ = do(s, "p0", "search:red")
    assert s2.heroes["p0"].slime
    s3, _ = run_with(s, lambda ctx: set_malfunction(ctx, ROOM, True))
    assert not s3.rooms[ROOM].malfunction and s3.malfunctions == 0


@pytest.mark.rule("LD-ROOM-1")
def test_surgery_removes_infection_wounds_shuffles_and_passes() -> None:
    s = scene("surgery")
    hero = s.heroes["p0"]
    hero.larva = True
    hero.discard.append(f"c:{DIRTY}")
    s.decks["contamination"].remove(DIRTY)
    s2, events = room_act(s, "Surgery")
    hero = s2.heroes["p0"]
    assert not hero.larva and not any(c == f"c:{DIRTY}" for c in hero.deck + hero.discard)
    assert hero.light == 1 and hero.passed and hero.hand == [] and hero.discard == []
    assert len(hero.deck) == 10
    assert waiting(s2) == ["p1"]


@pytest.mark.rule("LD-ROOM-1")
def test_testing_lab_gives_the_neutralizer_at_knowledge_four() -> None:
    s = scene("testing_lab")
    s.heroes["p0"].knowledge = 3
    assert not any("Neutralizer" in v for v in room_keys(s).values())
    s.heroes["p0"].knowledge = 4
    s2, _ = room_act(s, "Neutralizer")
    assert "neutralizer" in s2.heroes["p0"].inventory and "neutralizer" not in s2.crafted


@pytest.mark.rule("LD-ROOM-1")
def test_storage_draws_two_of_a_colour_and_keeps_one_even_when_emptied() -> None:
    s = scene("storage", items=0)
    a, b = s.decks["yellow"][:2]
    s2, _ = room_act(s, "storage")
    s3, _ = play(s2, "p0", f"pick:{top(s2).options.index('yellow')}")
    assert top(s3).tag == "keep_item"
    s4, _ = play(s3, "p0", "pick:0")
    kept = s4.heroes["p0"].inventory + [h.item for h in s4.heroes["p0"].hands]
    assert a in kept or top(s4).tag.startswith("heavy:")  # a heavy item: hands are full?
    assert s4.decks["yellow"][-1] == b and s4.rooms[ROOM].items == 0


@pytest.mark.rule("LD-ROOM-1")
def test_monitoring_room_peeks_and_may_send_the_event_to_the_bottom() -> None:
    s = scene("monitoring")
    first = s.decks["events"][0]
    s2, events = room_act(s, "monitors")
    assert [e.data.get("card") for e in events if e.kind == "peek_event"] == [first]
    assert all(e.to == ("p0",) for e in events if e.kind == "peek_event")
    bottom, _ = play(s2, "p0", "pick:1")
    assert bottom.decks["events"][-1] == first
    keep, _ = play(s2, "p0", "pick:0")
    assert keep.decks["events"][0] == first


# ------------------------------------------------------------------ special rooms
@pytest.mark.rule("LD-ROOM-1")
def test_alert_room_starts_the_procedure_or_takes_a_neutral_token() -> None:
    s = ready(["sentry", "cleaner"])
    s.heroes["p0"].room = "alert"
    s.time = 9
    s2, _ = room_act(s, "alert procedure")
    assert s2.alert == 4 and s2.isolation_open
    pool = list(s.neutral_pool)
    s3, _ = room_act(s, "neutral contingency")
    s4, events = play(s3, "p0", "pick:2")
    assert s4.heroes["p0"].contingencies == [*s.heroes["p0"].contingencies, pool[2]]
    assert len(s4.neutral_pool) == len(pool) - 1
    assert [e.to for e in events if e.kind == "contingency_peek"] == [("p0",)]


@pytest.mark.rule("LD-ROOM-1")
def test_backup_power_resets_rearranges_and_activates_the_time_token() -> None:
    s = ready(["sentry", "cleaner"])
    s.heroes["p0"].room = "backup_power"
    for p in s.power.values():
        p.active = p.token == 3
    s2, _ = room_act(s, "Restore power")
    assert {p.token: p.active for p in s2.power.values()} == {1: True, 2: True, 3: False,
                                                               4: False}
    assert s2.time_active and len(top(s2).options) == 24
    s3, _ = play(s2, "p0", f"pick:{top(s2).options.index('4,3,2,1')}")
    assert [s3.power[k].token for k in ("1", "2", "3", "elevator")] == [4, 3, 2, 1]
    for p in s.power.values():
        p.active = p.token != 4
    s4, _ = room_act(s, "Restore power")
    assert sum(p.active for p in s4.power.values()) == 3  # 3 on: no reset


@pytest.mark.rule("LD-ROOM-1")
def test_elevator_call_and_ride_with_willing_companions() -> None:
    s = ready(["sentry", "cleaner", "psychologist"])
    lobby = C.board.elevator_rooms["2"]
    for seat in s.seats:
        s.heroes[seat].room = lobby
    s.power["elevator"].active = True
    s.elevator_at = 1
    assert list(room_keys(s).values()) == ["Room action: Call the elevator"]
    s2, _ = room_act(s, "Call the elevator")
    assert s2.elevator_at == 2
    s3, _ = room_act(turn(s2), "section 3")
    assert waiting(s3) == ["p1"]
    s4, _ = play(s3, "p1", "pick:0")
    s5, events = play(s4, "p2", "pick:1")
    rooms = {x: h.room for x, h in s5.heroes.items()}
    target = C.board.elevator_rooms["3"]
    assert rooms == {"p0": target, "p1": target, "p2": lobby} and s5.elevator_at == 3
    assert "noise" not in kinds(events)
    s.power["elevator"].active = False
    assert not room_keys(s)


@pytest.mark.rule("LD-ROOM-1")
def test_a_malfunction_in_the_lobby_blocks_calling_not_riding() -> None:
    s = ready(["sentry", "cleaner"])
    lobby = C.board.elevator_rooms["2"]
    s.heroes["p0"].room = lobby
    s.power["elevator"].active = True
    change_room(s.rooms, lobby, malfunction=True)
    s.malfunctions = 1
    s.elevator_at = 1
    assert not room_keys(s)
    s.elevator_at = 2
    assert sorted(room_keys(s).values()) == ["Room action: Ride the elevator to section 1",
                                             "Room action: Ride the elevator to section 3"]


@pytest.mark.rule("LD-ROOM-1")
def test_staircases_have_no_action_and_are_always_dark() -> None:
    from rules.lockdown.facility import powered

    s = ready(["sentry", "cleaner"])
    s.heroes["p0"].room = "stairs_a"
    for p in s.power.values():
        p.active = True
    assert not room_keys(s) and not powered(s, "stairs_a")
    assert not any(k.startswith("search") for k in keys(s, "p0"))


@pytest.mark.rule("LD-ROOM-1")
def test_isolation_room_extra_card_unless_malfunctioning() -> None:
    from rules.lockdown.table import hand_limit

    s = ready(["survivor", "cleaner"])
    assert s.heroes["p0"].room == "isolation"
    assert hand_limit(s, s.heroes["p0"]) == 6
    change_room(s.rooms, "isolation", malfunction=True)
    assert hand_limit(s, s.heroes["p0"]) == 5


# ------------------------------------------------------------------ LD-ROOM-2
@pytest.mark.rule("LD-ROOM-2")
def test_no_room_action_with_a_malfunction_or_in_combat_search_still_allowed() -> None:
    s = scene("emergency")
    assert room_keys(s)
    change_room(s.rooms, ROOM, malfunction=True)
    s.malfunctions = 1
    assert not room_keys(s) and "search:green" in keys(s, "p0")
    illegal(s, "p0", "room:0")
    t = scene("emergency")
    add_intruder(t, "adult", ROOM)
    assert not room_keys(t)
    illegal(t, "p0", "room:0")


@pytest.mark.rule("LD-ROOM-2")
def test_special_rooms_are_explored_from_the_start_and_never_searched() -> None:
    s = ready(["sentry", "cleaner"])
    for slot, room in s.rooms.items():
        if B.kind[slot] == "special":
            assert room.explored
            s2 = edit(s)
            s2.heroes["p0"].room = slot
            change_room(s2.rooms, slot, items=3)
            assert not any(k.startswith("search") for k in keys(s2, "p0"))


# ------------------------------------------------------------------ computer
@pytest.mark.rule("LD-COMP-1")
def test_computer_action_then_the_card_goes_under_the_deck() -> None:
    s = scene("archive")
    s.computer = ["maintenance_scheduler", "research_database",
                  *[c for c in s.computer if c not in ("maintenance_scheduler",
                                                       "research_database")]]
    assert "room:12" in keys(s, "p0")  # the third action of the face-up card
    s2, _ = do(s, "p0", "room:12")  # +1 knowledge
    assert s2.heroes["p0"].knowledge == 2
    assert s2.computer[0] == "research_database" and s2.computer[-1] == "maintenance_scheduler"
    assert RS.view(s2, None).computer_top == "research_database"


@pytest.mark.rule("LD-COMP-1")
def test_the_computer_sends_the_rover_between_the_gate_and_the_bunker() -> None:
    s = scene("archive")
    s.computer = ["security_console", *[c for c in s.computer if c != "security_console"]]
    s2, events = do(s, "p0", "room:12")
    assert s2.rover_at_base is not s.rover_at_base
    assert any(e.kind == "rover" for e in events)
    assert RS.describe(s, "p0", RS.parse_action(s, "p0", "room:12")).label == \
        "Computer: Send the rover to the main gate or back to the bunker"


@pytest.mark.rule("LD-COMP-1")
def test_computers_need_power_and_no_malfunction() -> None:
    s = scene("archive")
    assert any("Computer" in v for v in room_keys(s).values())
    s.power["2"].active = False
    assert not any("Computer" in v for v in room_keys(s).values())
    illegal(s, "p0", "room:10")
    s = scene("archive")
    change_room(s.rooms, ROOM, malfunction=True)
    s.malfunctions = 1
    assert not any("Computer" in v for v in room_keys(s).values())
    s = scene("emergency")  # no computer
    assert not any("Computer" in v for v in room_keys(s).values())


@pytest.mark.rule("LD-COMP-1")
def test_the_lockdown_card_resolves_as_soon_as_it_is_revealed() -> None:
    s = scene("archive")
    s.power["1"].active = s.power["3"].active = s.power["elevator"].active = True
    s.computer = ["maintenance_scheduler", "lockdown",
                  *[c for c in s.computer if c not in ("maintenance_scheduler", "lockdown")]]
    s2, events = do(s, "p0", "room:12")
    assert "lockdown" in kinds(events)
    assert s2.computer[0] != "lockdown" and s2.computer[-1] == "lockdown"
    around = {ex.corridor for ex in B.exits[ROOM] if ex.to != "tech"}
    assert around & {c for c, d in s2.doors.items() if d == "closed"}
    assert sum(p.active for p in s2.power.values()) == 3  # the highest token went off


# ------------------------------------------------------------------ venting
@pytest.mark.rule("LD-VENT-1")
def test_venting_kills_everything_in_the_room_at_the_end_of_the_player_phase() -> None:
    s = scene("vent_control")
    target = "s2_3"  # a technical entrance
    put_room(s, target, "emergency")
    s.heroes["p1"].room = target
    add_intruder(s, "adult", target)
    change_room(s.rooms, target, fire=True)
    s.fires = 1
    s2, _ = room_act(s, "Vent")
    s3, _ = play(s2, "p0", f"pick:{top(s2).options.index(target)}")
    assert s3.rooms[target].venting and not s3.rooms[target].fire
    around = [ex.corridor for ex in B.exits[target] if ex.to != "tech"]
    assert all(s3.doors[c] == "closed" for c in around)
    s4 = edit(s3)
    s4.stack = [RoundFrame(stage="vent")]
    s4.heroes["p0"].passed = s4.heroes["p1"].passed = True
    s5, events = advance(s4)
    assert s5.heroes["p1"].place == "dead" and not s5.intruders
    assert not s5.rooms[target].venting


@pytest.mark.rule("LD-VENT-1")
def test_an_opened_door_stops_the_venting_and_destroyed_doors_block_it() -> None:
    s = scene("vent_control")
    target = "s2_3"
    put_room(s, target, "emergency")
    add_intruder(s, "adult", target)
    s2, _ = room_act(s, "Vent")
    s3, _ = play(s2, "p0", f"pick:{top(s2).options.index(target)}")
    s4 = edit(s3)
    del s4.doors[corridor(target, "s2_2")]
    s4.stack = [RoundFrame(stage="vent")]
    s5, events = advance(s4)
    assert s5.intruders and "vent" in kinds(events)
    s.doors[corridor(target, "s2_2")] = "destroyed"
    t2, _ = room_act(s, "Vent")
    assert target not in top(t2).options


# ------------------------------------------------------------------ knowledge and weaknesses
@pytest.mark.rule("LD-KNOW-1")
def test_knowledge_sources_nest_archive_lab_items() -> None:
    s = scene("emergency")
    put_room(s, "s2_1", "nest", explored=False, token="silence")
    s2, _ = do(s, "p0", "move:s2_1")
    assert s2.heroes["p0"].knowledge == 2 and s2.nest_found
    t = edit(s2)
    t.heroes["p1"].room = "s2_2"
    put_room(t, "s2_2", "nest", explored=False, token="silence")
    give(t, "p0", "maintenance_tablet")
    t2, _ = do(turn(t), "p0", "use:maintenance_tablet,0")
    assert t2.heroes["p0"].knowledge == 3


@pytest.mark.rule("LD-KNOW-1")
def test_weaknesses_apply_only_with_enough_knowledge() -> None:
    from rules.lockdown.endgame import weakness_active

    s = scene("emergency")
    card = next(w for w in C.weaknesses if w.effect == "light_sensitive")
    s.weaknesses = [card.id, *(w for w in s.weaknesses if w != card.id)][:3]
    hero = s.heroes["p0"]
    hero.knowledge = card.knowledge - 1
    assert not weakness_active(s, "light_sensitive", hero)
    hero.knowledge = card.knowledge
    assert weakness_active(s, "light_sensitive", hero)
    s.weaknesses = [s.weaknesses[1], s.weaknesses[2], card.id]
    assert not weakness_active(s, "light_sensitive", hero)  # still face down


@pytest.mark.rule("LD-WEAK-1")
def test_each_object_type_discovers_one_weakness_in_slot_order() -> None:
    s = scene("laboratory")
    change_room(s.rooms, ROOM, objects=("egg", "egg", "carcass"))
    s2, _ = room_act(s, "Analyse")
    s3, events = play(s2, "p0", "pick:0")
    assert s3.lab_slots == ["egg"] and RS.view(s3, None).weaknesses == s.weaknesses[:1]
    s3 = turn(s3)
    set_hand(s3, "p0", plain_cards(s3, "p0", 5))
    s4, _ = room_act(s3, "Analyse")
    s5, events = play(s4, "p0", f"pick:{top(s4).options.index('egg')}")
    assert s5.lab_slots == ["egg"] and "weakness" not in kinds(events)  # knowledge only
    assert s5.heroes["p0"].knowledge == 7 and s5.rooms[ROOM].objects == ("carcass",)
    s5 = turn(s5)
    set_hand(s5, "p0", plain_cards(s5, "p0", 5))
    s6, _ = room_act(s5, "Analyse")
    s7, events = play(s6, "p0", "pick:0")
    assert s7.lab_slots == ["egg", "carcass"]
    assert RS.view(s7, None).weaknesses == s.weaknesses[:2] and "weakness" in kinds(events)


@pytest.mark.rule("LD-WEAK-1")
@pytest.mark.parametrize("effect", ["light_sensitive", "fragile_eggs", "sound_hunters",
                                    "slow_breeding", "short_lived", "fire_hurts_more"])
def test_weakness_effects(effect: str) -> None:
    from lockdown_helpers import die, run_with

    from rules.lockdown import event_phase
    from rules.nemesis import development

    s = scene("emergency", ("survivor", "cleaner"))
    card = next(w for w in C.weaknesses if w.effect == effect)
    s.weaknesses = [card.id, *(w for w in s.weaknesses if w != card.id)][:3]
    s.heroes["p0"].knowledge = card.knowledge
    if effect == "light_sensitive":
        i = add_intruder(s, "adult", ROOM)
        on_top(s, "attacks", attack(hits=(), blood=4, retreat=False))
        s2, _ = do(s, "p0", f"shoot:0,{i}", die("hit", True))
        assert s2.intruders[0].injuries == 2
    elif effect == "fragile_eggs":
        change_room(s.rooms, ROOM, objects=("egg", "egg", "egg"))
        s2, _ = do(s, "p0", "shoot:0,0", die("hit", True), noise("silence"))
        assert s2.rooms[ROOM].objects == ("egg",)
    elif effect == "sound_hunters":
        s.tech_noise = True
        s2, _ = run_with(s, event_phase.remove_noise)
        assert not s2.tech_noise
    elif effect == "slow_breeding":
        s.bag = ["larva0"]
        s2, events = run_with(edit(s), development.bag_development)
        assert s2.bag == ["larva0"]
    elif effect == "short_lived":
        add_intruder(s, "adult", "s2_1", injuries=2)
        add_intruder(s, "adult", "s2_3", injuries=1)
        s2, _ = run_with(s, event_phase.end_of_round)
        assert [i.injuries for i in s2.intruders] == [1]
    else:
        i = add_intruder(s, "adult", "s2_1")
        change_room(s.rooms, "s2_1", fire=True)
        s.fires = 1
        on_top(s, "attacks", attack(hits=(), blood=4, retreat=False))
        s2, _ = run_with(s, fire_damage)
        assert s2.intruders[0].injuries == 2 and i
    s.heroes["p0"].knowledge = card.knowledge - 1  # not known well enough: no effect
    s.heroes["p1"].knowledge = 0


def test_rig_helper_smoke() -> None:
    s = scene("emergency")
    rig(s, noise(1))
    s2, _ = push(s)
    assert s2.rng.script == [noise(1)] and IDX and waiting(s2) == ["p0"]
