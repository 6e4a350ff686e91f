"""The parts the original Nemesis tells the family's computer player
(rules/nemesis_original/agent.py), on crafted positions, both sides of each line: the
clock (the jump, a running self-destruct, never below 0), the ways out (the
hibernatorium unless the ship explodes, an evacuation section while one of its pods is
aboard with a free seat), what becomes of a sleeper (engines, the course, the quarantine
exception), how far each kind of objective is met, and which moves get a character out."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest
from nemesis_helpers import RS, SHIP, aboard, edit, other_space

from rules.nemesis.actions import Move, Pick, RoomAct
from rules.nemesis.frames import TurnFrame
from rules.nemesis.state import Hero, Place
from rules.nemesis_original.endgame import earth_space
from rules.nemesis_original.pods import LAUNCH
from rules.nemesis_original.ship import slot_of_tile
from rules.nemesis_original.state import GameState, PodFrame, RoundFrame

PROFILE = RS.agent_profile
SD = SHIP.self_destruct.length


def _damage(s: GameState, engines: int) -> None:
    for i, name in enumerate(sorted(s.engines)):
        s.engines[name] = i >= engines


def test_the_clock_is_the_jump_or_a_running_self_destruct_and_never_below_zero() -> None:
    s = aboard()
    s.time = 3
    assert PROFILE.rounds_left(s) == SHIP.time_track.length - 3
    s.self_destruct = 2
    assert PROFILE.rounds_left(s) == min(SHIP.time_track.length - 3, SD - 2) == SD - 2
    s.self_destruct = None
    s.time = SHIP.time_track.length
    assert PROFILE.rounds_left(s) == 0
    s.time += 1
    assert PROFILE.rounds_left(s) == 0


def test_the_ways_out_are_the_hibernatorium_and_sections_with_a_free_pod() -> None:
    s = aboard()
    hero = s.heroes["p0"]
    hib, evac_a, evac_b = (slot_of_tile(t) for t in ("hibernatorium", "evac_a", "evac_b"))
    assert PROFILE.exits(s, hero) == [hib, evac_a, evac_b]
    s.self_destruct = 0  # a sleeper in an exploding ship dies
    assert PROFILE.exits(s, hero) == [evac_a, evac_b]
    seats = {p.id: p.seats for p in SHIP.pods}
    for pod in s.pods.values():
        if pod.section == "A":
            pod.launched = True
    assert PROFILE.exits(s, hero) == [evac_b]
    b_pods = [p for p in s.pods.values() if p.section == "B"]
    b_pods[0].seats = ["p1"] * seats[b_pods[0].id]  # full
    assert PROFILE.exits(s, hero) == [evac_b]  # the other one still has room
    b_pods[1].seats = ["p1"] * (seats[b_pods[1].id] - 1)
    assert PROFILE.exits(s, hero) == [evac_b]  # one seat left
    b_pods[1].seats.append("p0")
    assert PROFILE.exits(s, hero) == []


def _sleeper() -> tuple[GameState, Hero]:
    s = aboard()
    hero = s.heroes["p0"]
    hero.objectives = ["ne_pers_sleep"]
    hero.place = "hibernated"
    s.destination = earth_space(s)
    _damage(s, 0)
    return s, hero


def test_a_sleeper_lives_if_the_ship_jumps_whole_toward_earth() -> None:
    s, hero = _sleeper()
    home = PROFILE.safe_chance(s, hero)
    assert 0.5 < home < 1
    _damage(s, 1)
    assert PROFILE.safe_chance(s, hero) == home  # one engine down: it still jumps
    _damage(s, 2)
    assert PROFILE.safe_chance(s, hero) < 0.5
    _damage(s, 0)
    s.destination = other_space(s)
    lost = PROFILE.safe_chance(s, hero)
    assert lost < 0.5
    hero.objectives = ["ne_corp_quarantine"]  # the quarantine exception
    assert PROFILE.safe_chance(s, hero) == home
    hero.place = "escaped"
    assert PROFILE.safe_chance(s, hero) == 1.0
    assert PROFILE.survival(s, hero) == 1.0  # escaped, clean of contamination


def _progress(oid: str, place: Place = "board") -> tuple[GameState, Hero]:
    s = aboard()
    hero = s.heroes["p0"]
    hero.objectives = [oid]
    hero.place = place
    s.destination = earth_space(s)
    _damage(s, 0)
    return s, hero


def test_a_character_with_no_objective_yet_has_none_met() -> None:
    s, hero = _progress("ne_pers_pod")
    hero.objectives = []
    assert PROFILE.objective(s, hero) == 0.0


@pytest.mark.parametrize(("oid", "wanted"), [("ne_corp_earth", "earth"),
                                             ("ne_corp_quarantine", "elsewhere")])
def test_the_course_decides_quarantine_and_ship_to_earth_if_the_ship_jumps(
        oid: str, wanted: str) -> None:
    s, hero = _progress(oid)
    s.destination = earth_space(s) if wanted == "earth" else other_space(s)
    right = PROFILE.objective(s, hero)
    s.destination = other_space(s) if wanted == "earth" else earth_space(s)
    wrong = PROFILE.objective(s, hero)
    assert 0 < wrong < right < 1
    s.destination = earth_space(s) if wanted == "earth" else other_space(s)
    _damage(s, 1)
    assert PROFILE.objective(s, hero) == right  # one engine down: it still jumps
    _damage(s, 2)
    assert PROFILE.objective(s, hero) == wrong  # no jump at all
    _damage(s, 0)
    s.self_destruct = 0
    assert PROFILE.objective(s, hero) == wrong


def test_engines_working_reads_the_engines() -> None:
    s, hero = _progress("ne_pers_engines")
    fine = PROFILE.objective(s, hero)
    _damage(s, 1)
    one = PROFILE.objective(s, hero)
    assert 0 < one < fine < 1


def test_kills_and_weaknesses_count_their_share_of_the_card_below_met() -> None:
    s, hero = _progress("ne_corp_cull")  # 3 kills
    found = []
    for kills in range(4):
        s.kills = kills
        found.append(PROFILE.objective(s, hero))
    assert found[0] == 0 and found[3] == 1.0
    assert found[2] == pytest.approx(2 * found[1]) and found[2] < 0.6
    s, hero = _progress("ne_corp_weaknesses")  # 2 weaknesses
    half = edit(s)
    half.weaknesses_found = [0]
    assert PROFILE.objective(half, half.heroes["p0"]) == pytest.approx(found[1] * 3 / 2)


def test_a_running_self_destruct_counts_more_as_it_nears_the_blast() -> None:
    s, hero = _progress("ne_corp_scuttle")
    idle = PROFILE.objective(s, hero)
    counted = []
    for step in range(SD):
        s.self_destruct = step
        counted.append(PROFILE.objective(s, hero))
    assert idle < counted[0] < counted[-1] < 1
    assert all(a < b for a, b in pairwise(counted))
    pod, pod_hero = _progress("ne_pers_pod")  # another kind: the countdown changes nothing
    before = PROFILE.objective(pod, pod_hero)
    pod.self_destruct = 3
    assert PROFILE.objective(pod, pod_hero) == before


def test_an_objective_decided_by_the_others_counts_less_while_its_holder_is_aboard() -> None:
    s, hero = _progress("ne_pers_not_p2")  # player 2 (p1) must not survive
    open_ = PROFILE.objective(s, hero)
    s.heroes["p1"].place = "dead"
    aboard = PROFILE.objective(s, hero)
    hero.place = "escaped"
    out = PROFILE.objective(s, hero)
    assert 0 < open_ < aboard < out == 1.0
    s.heroes["p1"].place = "escaped"
    assert PROFILE.objective(s, hero) == open_


def test_an_objective_not_met_counts_by_kind_aboard_and_nothing_once_out() -> None:
    s, hero = _progress("ne_pers_pod")
    pod = PROFILE.objective(s, hero)
    hero.objectives = ["ne_corp_nest"]
    nest = PROFILE.objective(s, hero)
    hero.objectives = ["ne_corp_signal"]
    signal = PROFILE.objective(s, hero)
    assert 0 < nest < signal < pod < 0.5
    hero.place = "pod"  # in a pod not launched: still aboard
    assert PROFILE.objective(s, hero) == signal
    hero.place = "hibernated"
    assert PROFILE.objective(s, hero) == 0.0


def _in_room(tile: str, *, explored: bool = True) -> tuple[GameState, Hero]:
    s = aboard()
    hero = s.heroes["p0"]
    hero.room = slot_of_tile(tile)
    room = s.rooms[hero.room]
    s.rooms[hero.room] = replace(room, explored=explored)
    return s, hero


def test_the_escape_moves_are_sleeping_boarding_and_launching() -> None:
    for tile in ("hibernatorium", "evac_a", "evac_b"):
        s, hero = _in_room(tile)
        assert PROFILE.escape_action(s, hero, RoomAct(variant=0)), tile
        assert not PROFILE.escape_action(s, hero, RoomAct(variant=1)), tile
        assert not PROFILE.escape_action(s, hero, Move(to=s.graph.neighbours(hero.room)[0]))
    s, hero = _in_room("evac_a", explored=False)
    assert not PROFILE.escape_action(s, hero, RoomAct(variant=0))
    s, hero = _in_room("cockpit")  # a room whose action gets nobody out
    assert not PROFILE.escape_action(s, hero, RoomAct(variant=0))
    # launching the pod one waits in, and only from the pod's own question
    s = aboard()
    s.stack = [RoundFrame(stage="turns", last="p0"), PodFrame(seat="p0")]
    hero = s.heroes["p0"]
    assert PROFILE.escape_action(s, hero, Pick(index=LAUNCH))
    s.stack = [RoundFrame(stage="turns", last="p0"), PodFrame(seat="p0"), TurnFrame(seat="p1")]
    assert not PROFILE.escape_action(s, hero, Pick(index=LAUNCH))
