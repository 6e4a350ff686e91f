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
    assert "does not make it into a pod" in " ".join(e.text for e in events + more)


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
