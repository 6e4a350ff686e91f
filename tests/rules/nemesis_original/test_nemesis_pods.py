"""Escape pods (NE-POD-1): locked until unlocked, boarded by a noise roll from an
evacuation section without intruders, 2 seats each, wait / launch / climb out on the
occupant's turn, thrown out when an intruder comes into the section."""

from __future__ import annotations

import pytest
from nemesis_helpers import (
    add_intruder,
    bag_draw,
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
    started,
    turn,
    waiting,
)

from rules.nemesis.intruders import spawn
from rules.nemesis_original.pods import first_death
from rules.nemesis_original.prompts import prompt_text
from rules.nemesis_original.state import GameState, PodFrame, RoundFrame

EVAC_A = room("evac_a")


def at_evac(n: int = 3, unlocked: bool = True) -> GameState:
    s = edit(started(n, seed=5))
    for hero in s.heroes.values():
        hero.room = EVAC_A
    for pod in s.pods.values():
        pod.locked = not unlocked
    return turn(s, "p0")


def board(s: GameState, seat: str) -> GameState:
    s = turn(s, seat)
    s, _ = do(s, seat, key_for(s, seat, "Board an escape pod"), noise("silence"))
    if s.stack and s.stack[-1].kind == "pick" and waiting(s) == [seat]:
        s, _ = play(s, seat, keys(s, seat)[0])
    return s


@pytest.mark.rule("NE-POD-1")
def test_locked_pods_cannot_be_boarded() -> None:
    s = at_evac(unlocked=False)
    assert not any("escape pod" in t for t in labels(s, "p0").values())


@pytest.mark.rule("NE-POD-1")
def test_boarding_takes_a_seat_and_ends_the_round_for_that_character() -> None:
    s = board(at_evac(), "p0")
    hero = s.heroes["p0"]
    assert hero.place == "pod" and hero.passed and hero.pod in ("A1", "A2")
    assert s.pods[hero.pod].seats == ["p0"]


@pytest.mark.rule("NE-POD-1")
def test_a_noise_roll_that_brings_an_intruder_keeps_you_outside() -> None:
    s = edit(at_evac())
    corridor = s.graph.exit_by_number(EVAC_A, 1).corridor
    s.noise.append(corridor)  # a second marker there: an encounter
    s.tech_noise = True
    s.first_encounter = True
    s, events = do(s, "p0", key_for(s, "p0", "Board an escape pod"), noise(1),
                   bag_draw(s, "adult"))
    s, more = brace(s)
    assert s.heroes["p0"].place == "board" and s.intruders[0].room == EVAC_A
    assert ("pod", "<@p0> does not make it into a pod.") in \
        [(e.kind, e.text) for e in events + more]


@pytest.mark.rule("NE-POD-1")
def test_no_boarding_with_an_intruder_in_the_section() -> None:
    s = edit(at_evac())
    add_intruder(s, "adult", EVAC_A)
    assert not any("escape pod" in t for t in labels(turn(s, "p0"), "p0").values())


@pytest.mark.rule("NE-POD-1")
def test_a_pod_holds_two() -> None:
    s = at_evac(3)
    s = edit(s)
    s.pods["A2"].locked = True
    s = board(s, "p0")
    s = board(s, "p1")
    assert s.pods["A1"].seats == ["p0", "p1"]
    s = turn(s, "p2")
    assert not any("escape pod" in t for t in labels(s, "p2").values())


@pytest.mark.rule("NE-POD-1")
def test_on_their_turn_occupants_wait_launch_or_climb_out() -> None:
    s = board(at_evac(2), "p0")
    s = edit(s)
    s.heroes["p0"].passed = False
    s.stack = [RoundFrame(stage="turns", last="p1"), PodFrame(seat="p0")]
    assert [k for k in keys(s, "p0")] == ["pick:0", "pick:1", "pick:2"]
    launched, events = play(s, "p0", "pick:1")
    assert launched.heroes["p0"].place == "escaped" and launched.pods["A1"].launched
    assert "pod_launch" in [e.kind for e in events]
    out, _ = play(s, "p0", "pick:2")
    assert out.heroes["p0"].place == "board" and out.heroes["p0"].room == EVAC_A
    assert out.stack[-1].kind == "turn" and out.stack[-1].seat == "p0"
    waited, _ = play(s, "p0", "pick:0")
    assert waited.heroes["p0"].place == "pod" and waited.heroes["p0"].passed


@pytest.mark.rule("NE-POD-1")
def test_a_locked_pod_cannot_launch() -> None:
    s = board(at_evac(2), "p0")
    s = edit(s)
    s.pods[s.heroes["p0"].pod].locked = True
    s.stack = [RoundFrame(stage="turns", last="p1"), PodFrame(seat="p0")]
    assert keys(s, "p0") == ["pick:0", "pick:2"]


@pytest.mark.rule("NE-POD-1")
def test_an_intruder_in_the_section_throws_the_occupants_out() -> None:
    s = board(at_evac(2), "p0")
    s, _ = run_with(s, lambda ctx: spawn(ctx, "adult", EVAC_A))
    assert s.heroes["p0"].place == "pod"  # checked after the next step
    s, events = play(turn(s, "p1"), "p1", "pass")
    hero = s.heroes["p0"]
    assert hero.place == "board" and hero.room == EVAC_A and hero.pod is None
    assert all(not p.seats for p in s.pods.values())
    pod = [e.text for e in events if e.kind == "pod"]
    assert len(pod) == 1 and "<@p0> is thrown out of pod" in pod[0]  # said once
    assert not any("climbs out" in e.text for e in events)


def in_pod(seats: list[str], pod: str = "A2", locked: bool = False) -> GameState:
    """Two players; `seats` sit in `pod` of section A, p0's turn in it."""
    s = edit(at_evac(2))
    s.pods[pod].seats = list(seats)
    s.pods[pod].locked = locked
    for seat in seats:
        s.heroes[seat].place, s.heroes[seat].pod = "pod", pod
    s.stack = [RoundFrame(stage="turns", last="p1"), PodFrame(seat="p0")]
    return s


@pytest.mark.rule("NE-POD-1")
def test_boarding_offers_each_free_pod_with_its_count_and_announces_the_seat() -> None:
    s = edit(at_evac(2))
    s.pods["A1"].seats = ["p1"]
    s.heroes["p1"].place, s.heroes["p1"].pod = "pod", "A1"
    s, _ = do(s, "p0", key_for(s, "p0", "Board an escape pod"), noise("silence"))
    assert labels(s, "p0") == {"pick:0": "Take a seat in pod A1 (1 aboard)",
                               "pick:1": "Take a seat in pod A2 (0 aboard)"}
    assert prompt_text(s, "p0") == "Choose the escape pod to sit in"
    s, events = play(s, "p0", "pick:0")
    assert s.pods["A1"].seats == ["p1", "p0"]
    assert [(e.kind, e.to, e.text, e.data) for e in events if e.kind == "pod"] == [
        ("pod", None, "<@p0> climbs into escape pod A1.", {"pod": "A1"})]


@pytest.mark.rule("NE-POD-1")
def test_a_single_free_pod_is_taken_without_asking() -> None:
    s = edit(at_evac(2))
    s.pods["A1"].locked = True
    s, events = do(s, "p0", key_for(s, "p0", "Board an escape pod"), noise("silence"))
    assert s.heroes["p0"].pod == "A2" and s.pods["A2"].seats == ["p0"]
    assert "<@p0> climbs into escape pod A2." in [e.text for e in events if e.kind == "pod"]


@pytest.mark.rule("NE-POD-1")
def test_the_occupant_is_asked_in_words_naming_everyone_aboard() -> None:
    s = in_pod(["p1", "p0"])
    assert prompt_text(s, "p0") == "You sit in escape pod A2: wait, launch, or climb out"
    assert labels(s, "p0") == {"pick:0": "Wait in the pod (pass this round)",
                               "pick:1": "Launch pod A2 (<@p1>, <@p0> aboard)",
                               "pick:2": "Climb out into the evacuation section"}


@pytest.mark.rule("NE-POD-1")
def test_waiting_launching_and_climbing_out_are_announced() -> None:
    s = in_pod(["p1", "p0"])
    waited, events = play(s, "p0", "pick:0")
    assert [(e.kind, e.text, e.data) for e in events if e.kind == "pass"] == [
        ("pass", "<@p0> waits in pod A2.", {"seat": "p0"})]
    launched, events = play(s, "p0", "pick:1")
    assert launched.heroes["p1"].place == launched.heroes["p0"].place == "escaped"
    assert [(e.kind, e.to, e.text, e.data) for e in events if e.kind == "pod_launch"] == [
        ("pod_launch", None, "Escape pod A2 launches with <@p1>, <@p0> aboard!",
         {"pod": "A2", "seats": ["p1", "p0"]})]
    out, events = play(s, "p0", "pick:2")
    assert out.pods["A2"].seats == ["p1"] and out.heroes["p1"].place == "pod"
    assert [(e.kind, e.text) for e in events if e.kind == "pod"] == [
        ("pod", "<@p0> climbs out of pod A2.")]


@pytest.mark.rule("NE-CRIT-1")
def test_the_first_death_unlocks_every_pod_once() -> None:
    s = edit(at_evac(2, unlocked=False))
    s.pods["B1"].launched = True
    s, events = run_with(s, first_death)
    assert s.first_death
    assert [not p.locked for p in s.pods.values()] == [True, True, False, True]
    assert [(e.kind, e.to, e.text) for e in events if e.kind == "critical"] == [
        ("critical", None, "First death aboard: every escape pod unlocks.")]
    s = edit(s)
    s.pods["A1"].locked = True
    s, events = run_with(s, first_death)
    assert s.pods["A1"].locked and "critical" not in [e.kind for e in events]


@pytest.mark.rule("NE-POD-1")
def test_throwing_someone_out_of_a_pod_leaves_the_current_turn_alone() -> None:
    s = board(at_evac(2), "p0")
    s = turn(s, "p1")
    s = edit(s)
    s.heroes["p1"].room = room("hibernatorium")
    s.first_encounter = True
    s, _ = run_with(s, lambda ctx: spawn(ctx, "adult", EVAC_A))
    s, _ = do(s, "p1", "move:evac_a")  # into the intruder's room: combat, no noise roll
    assert s.heroes["p0"].place == "board"  # thrown out after that step
    assert waiting(s) == ["p1"] and s.stack[-1].kind == "turn"  # p1's second action
