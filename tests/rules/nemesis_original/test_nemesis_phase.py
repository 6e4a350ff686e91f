"""The event phase (NE-PHASE-1), the critical moments (NE-CRIT-1) and the self-destruct
sequence (NE-SELF-1) of the original Nemesis."""

from __future__ import annotations

import pytest
from nemesis_helpers import (
    RS,
    SHIP,
    a_slot,
    add_intruder,
    do,
    edit,
    key_for,
    keys,
    kinds,
    labels,
    play,
    push,
    put_room,
    room,
    run_with,
    started,
    turn,
    waiting,
)

from rules.nemesis.intruders import spawn
from rules.nemesis.state import add_object, change_room
from rules.nemesis.wounds import kill
from rules.nemesis_original.event_phase import move_time
from rules.nemesis_original.state import EventPhaseFrame, GameState, RoundFrame

BLUE = SHIP.time_track.first_blue
YELLOW = SHIP.self_destruct.first_yellow
SKULL = SHIP.self_destruct.length


def event_phase(s: GameState) -> tuple[GameState, list]:
    """Run the event phase to the next decision, taking every attack (no interrupt)."""
    s = edit(s)
    s.stack = [RoundFrame(stage="next")]
    s, events = push(s, EventPhaseFrame())
    while s.stack and s.stack[-1].kind != "turn":
        seat = waiting(s)[0]
        s, more = play(s, seat, keys(s, seat)[0])
        events += more
    return s, events


@pytest.mark.rule("NE-PHASE-1")
def test_the_event_phase_runs_in_the_source_order() -> None:
    s = edit(started(2, seed=4))
    here = room("hibernatorium")
    add_intruder(s, "adult", here)
    burning = a_slot("I")
    change_room(s.rooms, burning, explored=True, fire=True, token=None)
    s.fires = 1
    add_intruder(s, "creeper", burning)
    add_object(s.rooms, burning, "egg")
    s, events = event_phase(s)
    order = kinds(events)
    first = {k: order.index(k) for k in ("time", "attack", "intruder_hurt", "egg", "event",
                                         "bag")}
    assert first["time"] < first["attack"] < first["intruder_hurt"] < first["event"] \
        < first["bag"]
    assert first["intruder_hurt"] < first["egg"] < first["event"]
    assert s.time == 2 and "egg" not in s.rooms[burning].objects
    assert s.round == 2


@pytest.mark.rule("NE-SELF-1")
def test_a_running_self_destruct_moves_with_the_time_marker() -> None:
    s = edit(started(2, seed=4))
    s.self_destruct = 2
    s, events = event_phase(s)
    assert (s.time, s.self_destruct) == (2, 3)
    assert "self_destruct" in kinds(events)


@pytest.mark.rule("NE-CRIT-1")
def test_the_first_death_unlocks_every_pod() -> None:
    s = started(2, seed=4)
    s, events = run_with(s, lambda ctx: kill(ctx, ctx.s.heroes["p1"], "test"))
    assert s.first_death and all(not p.locked for p in s.pods.values())
    assert "critical" in kinds(events)


@pytest.mark.rule("NE-CRIT-1")
def test_the_first_encounter_makes_everyone_keep_one_objective() -> None:
    s = started(2, seed=4)
    s, events = run_with(s, lambda ctx: spawn(ctx, "adult", a_slot("I")))
    assert s.stack[-1].kind == "objectives" and sorted(waiting(s)) == ["p0", "p1"]
    assert {p.text for p in RS.pending(s)} == {
        "First encounter: keep one of your two objectives (the other is discarded in "
        "secret)"}
    for seat in ("p0", "p1"):
        s, _ = play(s, seat, keys(s, seat)[1])
    assert all(len(h.objectives) == 1 for h in s.heroes.values())


@pytest.mark.rule("NE-CRIT-1")
def test_hibernation_opens_on_the_first_blue_space() -> None:
    s = edit(started(2, seed=4))
    s.time = BLUE - 2
    s = turn(s, "p0")
    assert not any("Go to sleep" in t for t in labels(s, "p0").values())
    s.time = BLUE - 1
    s, events = run_with(s, move_time)
    assert s.time == BLUE and "hibernation chambers open" in " ".join(e.text for e in events)
    assert any("Go to sleep" in t for t in labels(turn(s, "p0"), "p0").values())


def at_the_generator() -> GameState:
    """A copy of a started 2-player game with p0 in an explored Generator."""
    s = edit(started(2, seed=4))
    generator = a_slot("I")
    put_room(s, generator, "generator")
    s.heroes["p0"].room = generator
    return s


@pytest.mark.rule("NE-CRIT-1")
@pytest.mark.rule("NE-SELF-1")
def test_the_yellow_space_unlocks_the_pods_and_locks_the_sequence_in() -> None:
    s = at_the_generator()
    s = turn(s, "p0")
    s, _ = do(s, "p0", key_for(s, "p0", "Start the self-destruct"))
    assert s.self_destruct == 1
    s = turn(s, "p0")
    assert any("Stop the self-destruct" in t for t in labels(s, "p0").values())
    s = edit(s)
    s.self_destruct = YELLOW - 1
    s, _ = run_with(s, move_time)
    assert s.self_destruct == YELLOW and all(not p.locked for p in s.pods.values())
    s = turn(s, "p0")
    assert not any("self-destruct" in t for t in labels(s, "p0").values())


@pytest.mark.rule("NE-SELF-1")
def test_the_skull_blows_the_ship_up() -> None:
    s = edit(started(2, seed=4))
    s.self_destruct = SKULL - 1
    s.heroes["p1"].place = "hibernated"
    s, events = run_with(s, move_time)
    assert s.ended.startswith("explosion") and s.exploded and s.winners == []
    assert all(h.place == "dead" for h in s.heroes.values())


@pytest.mark.rule("NE-SELF-1")
def test_nobody_starts_the_self_destruct_while_someone_sleeps() -> None:
    s = at_the_generator()
    s.heroes["p1"].place = "hibernated"
    s = turn(s, "p0")
    assert not any("self-destruct" in t for t in labels(s, "p0").values())


@pytest.mark.rule("NX-TURN-1")
@pytest.mark.parametrize(("place", "first"), [("dead", "p2"), ("escaped", "p2"),
                                              ("hibernated", "p2"), ("pod", "p1")])
def test_the_first_player_token_passes_to_the_next_character_still_aboard(
        place: str, first: str) -> None:
    """The token skips characters out of the game (dead, escaped, asleep); a character
    waiting in a pod still takes turns, so it may hold the token."""
    s = edit(started(3))
    s.round, s.first_player = 2, "p0"
    s.heroes["p1"].place = place
    s.stack = [RoundFrame(stage="draw")]
    s, events = push(s)
    assert s.first_player == first
    assert f"<@{first}> has the first player token" in next(
        e.text for e in events if e.kind == "round")


@pytest.mark.rule("NE-CRIT-1")
@pytest.mark.parametrize("before", [BLUE - 2, BLUE])
def test_only_the_step_onto_the_first_blue_space_is_announced(before: int) -> None:
    s = edit(started(2, seed=4))
    s.time = before
    s, events = run_with(s, move_time)
    assert [(e.kind, e.text, e.data) for e in events] == [
        ("time", f"Time passes: the time marker moves to space {before + 1} of "
         f"{SHIP.time_track.length}.", {"space": before + 1})]


@pytest.mark.rule("NE-END-1")
@pytest.mark.parametrize(("before", "jumps"), [(SHIP.time_track.length - 2, False),
                                               (SHIP.time_track.length - 1, True)])
def test_the_last_time_space_makes_the_jump(before: int, jumps: bool) -> None:
    s = edit(started(2, seed=4))
    s.time = before
    s, _ = run_with(s, move_time)
    assert (s.ended == "hyperjump") is jumps
    assert s.time == before + 1


@pytest.mark.rule("NX-TURN-1")
def test_the_round_and_each_turn_are_announced_and_a_pod_asks_its_occupant() -> None:
    s = edit(started(3))
    s.round, s.first_player = 3, "p1"  # the token passes on to p2
    s.stack = [RoundFrame(stage="draw")]
    s, events = push(s)
    assert [(e.kind, e.text, e.data) for e in events if e.kind in ("round", "turn")] == [
        ("round", "Round 3 begins; <@p2> has the first player token.", {"round": 3}),
        ("turn", "It is <@p2>'s turn (round 3).", {"seat": "p2"})]
    s = edit(s)
    s.heroes["p0"].place, s.heroes["p0"].pod = "pod", "A1"
    s.pods["A1"].seats = ["p0"]
    s.stack = [RoundFrame(stage="turns", last="p2")]
    s, events = push(s)
    assert s.stack[-1].kind == "pod" and waiting(s) == ["p0"]
    assert "turn" not in kinds(events)
