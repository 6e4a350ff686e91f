"""The event phase, time, power, CSS pods, autodestruction, alert, isolation, the main
gate and the markers (LD-PHASE-1, LD-POWER-*, LD-CSS-1, LD-AUTO-1, LD-ALERT-1,
LD-ISO-1, LD-GATE-1, NX-MARK-1, NX-MARK-2)."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    B,
    C,
    add_intruder,
    advance,
    attack,
    bag_draw,
    brace,
    corridor,
    do,
    edit,
    give,
    illegal,
    key_for,
    keys,
    kinds,
    noise,
    on_top,
    pass_turn,
    plain_cards,
    push,
    put_room,
    ready,
    rig,
    run_with,
    set_hand,
    slot_of,
    turn,
    waiting,
)

from rules.lockdown import event_phase
from rules.lockdown.state import EventPhaseFrame, GameState, RoundFrame
from rules.nemesis.doors import DOOR_TOKENS, close_door
from rules.nemesis.fire import set_fire
from rules.nemesis.frames import EndFrame
from rules.nemesis.malfunctions import set_malfunction
from rules.nemesis.state import change_room

ROOM = "s2_2"


def scene(chars: tuple[str, ...] = ("sentry", "cleaner")) -> GameState:
    s = ready(chars)
    for seat in s.seats:
        set_hand(s, seat, plain_cards(s, seat, 5))
    s.first_encounter = True
    return s


def event_phase_of(s: GameState, *draws: tuple[int, int]) -> tuple[GameState, list]:
    """Run an event phase (everyone has passed) up to the next round's first decision."""
    s = edit(s)
    for hero in s.heroes.values():
        hero.passed = True
    rig(s, *draws)
    s.stack = [RoundFrame(stage="next"), EventPhaseFrame()]
    return brace(*advance(s))


# ------------------------------------------------------------------ the event phase
@pytest.mark.rule("LD-PHASE-1")
def test_event_phase_steps_in_the_source_order() -> None:
    s = scene()
    pod = slot_of(s, "css_a")
    put_room(s, pod, "css_a")
    s.time = 11
    s.heroes["p1"].place, s.heroes["p1"].pod, s.heroes["p1"].room = "pod", "A", pod
    s.power["2"].active = True
    s.noise = [corridor("s2_1", "s2_3")]
    i = add_intruder(s, "adult", "repository")
    change_room(s.rooms, "repository", fire=True)
    s.fires = 1
    on_top(s, "attacks", attack(hits=("adult",), light=1), attack(hits=(), blood=4,
                                                                  retreat=False))
    on_top(s, "events", "ev_duct_chatter")
    s.bag = ["adult0", "adult1"]
    s2, events = event_phase_of(s, (2, 0), noise("silence"))
    order = kinds(events)
    steps = ["css_launch", "time", "noise_removal", "attack", "intruder_hurt", "event",
             "bag", "round"]
    assert [order.index(k) for k in steps] == sorted(order.index(k) for k in steps)
    assert i and s2.round == 2


@pytest.mark.rule("LD-POWER-1")
def test_noise_removal_only_in_powered_sections_away_from_characters() -> None:
    s = scene()
    s.heroes["p0"].room = "s2_3"
    s.power["2"].active = True
    s.power["1"].active = False
    near = corridor("s2_3", "s2_2")         # next to a character: stays
    far = corridor("s2_1", "stairs_a")     # powered, empty: goes
    dark = corridor("s1_4", "s1_5")        # section 1 without power: stays
    s.noise = [near, far, dark]
    s.tech_noise = True
    s2, _ = run_with(s, event_phase.remove_noise)
    assert sorted(s2.noise) == sorted([near, dark]) and s2.tech_noise


@pytest.mark.rule("LD-POWER-1")
def test_darkness_follows_the_section_power() -> None:
    from rules.lockdown.facility import powered

    s = scene()
    s.power["2"].active = False
    assert not powered(s, "repository")
    s.power["2"].active = True
    assert powered(s, "repository") and not powered(s, "stairs_b")


@pytest.mark.rule("LD-POWER-2")
@pytest.mark.parametrize(("slot", "active_side", "flips"),
                         [(13, False, True), (13, True, False), (10, True, True),
                          (12, False, False)])
def test_thresholds_flip_the_highest_active_token(slot: int, active_side: bool,
                                                  flips: bool) -> None:
    s = scene()
    s.time, s.time_active = slot, active_side
    for p in s.power.values():
        p.active = p.token in (1, 2, 3)
    s2, _ = run_with(s, event_phase.move_time)
    on = sorted(p.token for p in s2.power.values() if p.active)
    assert on == ([1, 2] if flips else [1, 2, 3]) and s2.time == slot - 1


# ------------------------------------------------------------------ CSS pods
@pytest.mark.rule("LD-CSS-1")
def test_a_pod_launches_when_the_css_token_shows_it() -> None:
    s = scene()
    s.time = 11
    s.css[11] = "css_ab"
    s.heroes["p1"].place, s.heroes["p1"].pod = "pod", "A"
    s2, events = run_with(s, event_phase.launch_css)
    assert s2.heroes["p1"].place == "css" and "css_ab" in s2.css_revealed
    assert 11 not in s2.css


@pytest.mark.rule("LD-CSS-1")
def test_a_pod_that_stays_hurts_and_throws_its_passenger_back() -> None:
    s = scene()
    s.time = 11
    s.css[11] = "css_ab"
    pod_room = slot_of(s, "css_a")
    s.heroes["p1"].place, s.heroes["p1"].pod = "pod", "C"
    put_room(s, pod_room, "css_c")
    s2, events = run_with(s, event_phase.launch_css)
    hero = s2.heroes["p1"]
    assert hero.place == "board" and hero.room == pod_room and len(hero.serious) == 1
    assert hero.pod is None
    s2.time = 7  # the pod may launch later
    s2.css[7] = "css_bc"
    s2.heroes["p1"].place, s2.heroes["p1"].pod = "pod", "C"
    s3, _ = run_with(s2, event_phase.launch_css)
    assert s3.heroes["p1"].place == "css"


@pytest.mark.rule("LD-CSS-1")
def test_characters_in_pods_are_safe_from_game_effects() -> None:
    from rules.nemesis.effects import Wound
    from rules.nemesis.resolve import apply_effect

    s = scene()
    s.heroes["p1"].place, s.heroes["p1"].pod = "pod", "A"
    s2, _ = run_with(s, lambda ctx: apply_effect(
        ctx, Wound(do="wound", kind="serious", who="all"), None))
    assert not s2.heroes["p1"].serious and len(s2.heroes["p0"].serious) == 1


# ------------------------------------------------------------------ autodestruction
@pytest.mark.rule("LD-AUTO-1")
@pytest.mark.rule("LD-GATE-1")
def test_autodestruction_turns_red_then_opens_the_gate_then_explodes() -> None:
    s = scene()
    s.time, s.autodestruct = 10, 9
    s2, events = run_with(s, event_phase.move_time)
    assert s2.time == 9 and s2.autodestruct == 6 and s2.autodestruct_red
    assert not s2.gate_open
    s3, events = run_with(s2, event_phase.move_time)  # leaving the yellow slot
    assert s3.gate_open and s3.time == 8
    s3.time = 7
    s4, events = run_with(s3, event_phase.move_time)  # arriving on the red slot
    assert s4.ended is None and s4.time == 6
    s4, events = run_with(s4, event_phase.move_time)  # having to leave it (001)
    assert s4.ended == "autodestruct" and s4.time == 6
    assert all(h.place == "dead" for h in s4.heroes.values())


@pytest.mark.rule("LD-AUTO-1")
def test_the_power_generator_stops_it_only_while_yellow() -> None:
    s = scene()
    put_room(s, ROOM, "power_generator")
    s.heroes["p0"].room = ROOM
    s.autodestruct = 9
    stop = key_for(s, "p0", "Stop the autodestruction")
    s2, _ = do(s, "p0", stop)
    assert s2.autodestruct is None
    s.autodestruct_red = True
    assert "Stop" not in key_for_all(s)
    illegal(s, "p0", stop)


def key_for_all(s: GameState) -> str:
    from lockdown_helpers import labels

    return " ".join(labels(s, "p0").values())


# ------------------------------------------------------------------ alert and isolation
@pytest.mark.rule("LD-ALERT-1")
def test_the_game_ends_when_time_leaves_the_alert_slot() -> None:
    s = scene()
    s.time, s.alert = 5, 5
    s.heroes["p1"].place = "isolated"
    s2, events = run_with(s, event_phase.move_time)
    assert s2.ended == "alert" and s2.heroes["p1"].place == "isolated"
    assert s2.heroes["p0"].place == "dead" and s2.winners is not None
    s.time = 6
    s3, _ = run_with(s, event_phase.move_time)
    assert s3.ended is None and s3.time == 5


@pytest.mark.rule("LD-ISO-1")
def test_isolation_opens_on_white_slots_or_with_the_alert() -> None:
    s = scene()
    s.time = 9
    s2, _ = run_with(s, event_phase.move_time)
    assert s2.time == 8 and s2.isolation_open
    s.time = 12
    s3, _ = run_with(s, event_phase.move_time)
    assert not s3.isolation_open
    s.alert = 3
    s4, _ = run_with(s, event_phase.move_time)
    assert s4.isolation_open


@pytest.mark.rule("LD-ISO-1")
def test_lock_in_needs_an_open_room_and_a_quiet_noise_roll() -> None:
    s = scene(("survivor", "lab_rat"))
    assert not any("Lock yourself" in v for v in key_for_all(s).split("Room action"))
    s.isolation_open = True
    s2, events = do(s, "p0", key_for(s, "p0", "Lock yourself"), noise("silence"))
    assert s2.heroes["p0"].place == "isolated" and waiting(s2) == ["p1"]
    s3, _ = do(s2, "p1", key_for(s2, "p1", "Lock yourself"), noise(1))
    assert s3.heroes["p1"].place == "isolated"  # unlimited characters
    t = edit(s)
    t.noise = [B.exit_by_number("isolation", 1).corridor]
    t2, _ = do(t, "p0", key_for(t, "p0", "Lock yourself"), noise(1), bag_draw(t, "adult"))
    assert t2.heroes["p0"].place == "board" and t2.intruders  # an intruder: it fails


# ------------------------------------------------------------------ the main gate
@pytest.mark.rule("LD-GATE-1")
def test_the_red_key_opens_the_gate_and_the_rover_takes_one_to_the_bunker() -> None:
    s = scene()
    gate = C.board.main_gate_slot
    put_room(s, gate, "emergency")
    s.heroes["p0"].room = s.heroes["p1"].room = gate
    assert not any("bunker" in v for v in key_for_all(s).split("Room action"))
    give(s, "p0", "main_gate_key")
    s2, _ = do(s, "p0", key_for(s, "p0", "main gate"))
    assert s2.gate_open
    s3, events = do(s2, "p0", key_for(s2, "p0", "rover"))
    assert s3.heroes["p0"].place == "bunker" and not s3.rover_at_base
    assert len(s3.heroes["p0"].hand) == 5 - 1 - 2  # key 1 + rover 2
    assert not any("rover" in v for v in key_for_all(turn(s3, "p1")).split(";"))


@pytest.mark.rule("LD-GATE-1")
def test_the_enviro_suit_walk_needs_a_quiet_noise_roll() -> None:
    s = scene()
    gate = C.board.main_gate_slot
    put_room(s, gate, "emergency")
    s.heroes["p0"].room = gate
    s.gate_open, s.rover_at_base = True, False
    give(s, "p0", "enviro_suit")
    walk = key_for(s, "p0", "Enviro-Suit")
    s2, _ = do(s, "p0", walk, noise("silence"))
    assert s2.heroes["p0"].place == "bunker"
    s.noise = [B.exit_by_number(gate, 1).corridor]
    s3, _ = do(s, "p0", walk, noise(1), bag_draw(s, "adult"))
    assert s3.heroes["p0"].place == "board"


@pytest.mark.rule("LD-GATE-1")
def test_the_computer_moves_the_rover() -> None:
    s = scene()
    put_room(s, ROOM, "transmitter")
    s.heroes["p0"].room = ROOM
    s.power["2"].active = True
    s.computer = ["security_console", *[c for c in s.computer if c != "security_console"]]
    s2, _ = do(s, "p0", "room:12")
    assert not s2.rover_at_base


# ------------------------------------------------------------------ markers
@pytest.mark.rule("NX-MARK-1")
def test_door_tokens_run_out_and_are_reused_never_in_technical_corridors() -> None:
    s = scene()
    corridors = [c.id for c in C.board.corridors if c.b != "tech"]
    for c in corridors[:DOOR_TOKENS]:
        assert close_door(s, c)
    assert len(s.doors) == DOOR_TOKENS
    assert close_door(s, corridors[DOOR_TOKENS])
    assert corridors[0] not in s.doors and len(s.doors) == DOOR_TOKENS  # reused
    for c in corridors[1:DOOR_TOKENS + 1]:
        s.doors[c] = "destroyed"
    assert not close_door(s, corridors[DOOR_TOKENS + 2])  # only destroyed tokens left
    tech = next(c.id for c in C.board.corridors if c.b == "tech")
    assert not close_door(s, tech) and tech not in s.doors


@pytest.mark.rule("NX-MARK-1")
def test_fire_hurts_at_the_end_of_a_turn_and_once_after_passing() -> None:
    s = scene()
    change_room(s.rooms, "repository", fire=True)
    s.fires = 1
    s2, _ = do(s, "p0", "move:alert", noise("silence"))
    assert s2.heroes["p0"].light == 0  # in the middle of the turn
    s3, _ = do(s2, "p0", "move:repository")
    assert s3.heroes["p0"].light == 1  # the turn ends in the fire
    s4, _ = do(s, "p0", "move:alert", noise("silence"))
    s5, _ = do(s4, "p0", "move:s2_1" if "move:s2_1" in keys(s4, "p0") else "move:elevator_s02",
               noise("silence"))
    assert s5.heroes["p0"].light == 0  # it ended elsewhere
    s6, events = pass_turn(turn(s3, "p0"), "p0")
    assert s6.heroes["p0"].light == 2 and s6.heroes["p0"].fire_hurt
    assert kinds(events).count("fire") == 1  # once, even though the turn also ended


@pytest.mark.rule("NX-MARK-1")
def test_one_fire_and_one_malfunction_per_room_fire_may_hit_unexplored_rooms() -> None:
    s = scene()
    unexplored = next(r for r, st in s.rooms.items() if not st.explored)
    s2, _ = run_with(s, lambda ctx: (set_fire(ctx, unexplored, True),
                                     set_fire(ctx, unexplored, True),
                                     set_malfunction(ctx, unexplored, True),
                                     set_malfunction(ctx, "repository", True),
                                     set_malfunction(ctx, "repository", True)))
    assert s2.fires == 1 and s2.rooms[unexplored].fire
    assert not s2.rooms[unexplored].malfunction and s2.malfunctions == 1


@pytest.mark.rule("NX-MARK-1")
def test_one_slime_marker_per_character() -> None:
    from rules.nemesis.contamination import set_slime

    s = scene()
    s2, events = run_with(s, lambda ctx: (set_slime(ctx, ctx.s.heroes["p0"], True),
                                          set_slime(ctx, ctx.s.heroes["p0"], True)))
    assert s2.heroes["p0"].slime and kinds(events).count("slime") == 1


@pytest.mark.rule("NX-MARK-2")
def test_the_13th_fire_or_the_11th_malfunction_destroys_the_facility() -> None:
    s = scene()
    rooms = [r for r, st in s.rooms.items() if st.explored and B.kind[r] == "special"]
    s.fires = 12
    s2, events = run_with(s, lambda ctx: set_fire(ctx, rooms[0], True))
    assert s2.ended and s2.ended.startswith("explosion")
    assert all(h.place == "dead" for h in s2.heroes.values())
    t = scene()
    t.malfunctions = 10
    t2, _ = run_with(t, lambda ctx: set_malfunction(ctx, "repository", True))
    assert t2.ended and t2.ended.startswith("explosion")
    t.malfunctions = 9
    t3, _ = run_with(t, lambda ctx: set_malfunction(ctx, "repository", True))
    assert t3.ended is None and t3.malfunctions == 10


def test_an_end_frame_runs_the_victory_check() -> None:
    s = scene()
    s2, _ = push(s, EndFrame(reason="purge"))
    assert s2.winners is not None and keys(s2, "p0") == []
    illegal(s, "p1", "pass")
