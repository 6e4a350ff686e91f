"""Rules of the original Nemesis where the engine used to depart from the sources (issue
18, section 3): attempts guarded by a noise roll (hibernating, boarding a pod), Airlock
Control's yellow rooms. Every scenario starts from a crafted state and checks both
sides, the events announced and the state left."""

from __future__ import annotations

import pytest
from nemesis_helpers import (
    SHIP,
    a_slot,
    bag_draw,
    do,
    edit,
    key_for,
    labels,
    noise,
    play,
    put_room,
    room,
    started,
    texts,
    turn,
    waiting,
)

from rules.nemesis.bag import kind_of
from rules.nemesis.doors import walls
from rules.nemesis.state import change_room
from rules.nemesis_original.ship import tile_of
from rules.nemesis_original.state import GameState

HIBERNATORIUM = room("hibernatorium")
EVAC_A = room("evac_a")


def at(slot: str, seed: int = 8) -> GameState:
    """p0 alone in `slot` on its turn (p1 in the cockpit), the first encounter over; p0
    holds 9 cards (no surprise attack after paying for an action)."""
    s = edit(started(2, seed=seed))
    hero = s.heroes["p0"]
    hero.hand, hero.deck = hero.hand + hero.deck[:4], hero.deck[4:]
    hero.room = slot
    s.heroes["p1"].room = room("cockpit")
    s.first_encounter = True
    return turn(s, "p0")


def marked(s: GameState, slot: str) -> GameState:
    """A noise marker already in the room's corridor 1: rolling 1 is an encounter."""
    s = edit(s)
    s.noise = [s.graph.exit_by_number(slot, 1).corridor]
    return s


# ------------------------------------------------------------------ noise-roll attempts
def sleep_scene() -> GameState:
    s = edit(at(HIBERNATORIUM))
    s.time = SHIP.time_track.first_blue
    return marked(s, HIBERNATORIUM)


@pytest.mark.rule("NE-ROOM-1")
@pytest.mark.rule("NX-ENC-1")
def test_a_blank_token_does_not_stop_hibernation() -> None:
    s = sleep_scene()
    bag = sorted(s.bag)
    s2, events = do(s, "p0", key_for(s, "p0", "Go to sleep"), noise(1), bag_draw(s, "blank"))
    said = texts(events)
    assert "only echoes" in said and "goes to sleep in a hibernation chamber" in said
    assert "cannot get into" not in said
    assert s2.heroes["p0"].place == "hibernated" and s2.heroes["p0"].passed
    assert not s2.intruders and sorted(s2.bag) == bag       # the blank went back
    assert not any(f.kind == "attempt" for f in s2.stack)


@pytest.mark.rule("NE-ROOM-1")
@pytest.mark.rule("NX-ENC-1")
def test_an_intruder_appearing_stops_hibernation() -> None:
    s = sleep_scene()
    s2, events = do(s, "p0", key_for(s, "p0", "Go to sleep"), noise(1), bag_draw(s, "adult"))
    said = texts(events)
    assert "Surprise" not in said and waiting(s2) == ["p0"]       # no attack: all done
    assert "An adult appears" in said and "cannot get into a hibernation chamber" in said
    assert s2.heroes["p0"].place == "board"
    assert [(i.kind, i.room) for i in s2.intruders] == [("adult", HIBERNATORIUM)]


def pod_scene() -> GameState:
    s = edit(at(EVAC_A))
    for pod in s.pods.values():
        pod.locked = False
    return marked(s, EVAC_A)


@pytest.mark.rule("NE-POD-1")
def test_a_blank_token_does_not_keep_you_out_of_a_pod() -> None:
    s = pod_scene()
    s2, events = do(s, "p0", key_for(s, "p0", "Board an escape pod"), noise(1),
                    bag_draw(s, "blank"))
    if waiting(s2) == ["p0"] and s2.stack[-1].kind == "pick":   # two pods free: pick one
        s2, more = play(s2, "p0", "pick:0")
        events += more
    said = texts(events)
    assert "only echoes" in said and "climbs into escape pod" in said
    assert s2.heroes["p0"].place == "pod" and "blank" in {kind_of(t) for t in s2.bag}
    assert s2.pods[s2.heroes["p0"].pod or ""].seats == ["p0"]


@pytest.mark.rule("NE-POD-1")
def test_an_intruder_appearing_keeps_you_out_of_the_pod() -> None:
    s = pod_scene()
    s2, events = do(s, "p0", key_for(s, "p0", "Board an escape pod"), noise(1),
                    bag_draw(s, "adult"))
    assert "does not make it into a pod" in texts(events) and waiting(s2) == ["p0"]
    assert s2.heroes["p0"].place == "board"
    assert all(not p.seats for p in s2.pods.values())


# ------------------------------------------------------------------ Airlock Control
YELLOW = sorted(t.id for t in SHIP.rooms if t.color == "yellow" and t.id != "airlock_control")


@pytest.mark.rule("NE-ROOM-1")
def test_airlock_control_offers_only_other_explored_yellow_rooms() -> None:
    s = edit(at(a_slot("II", 0)))
    put_room(s, a_slot("II", 0), "airlock_control")
    yellow, white, hidden, broken = a_slot("I", 0), a_slot("I", 1), a_slot("I", 2), \
        a_slot("I", 3)
    put_room(s, yellow, "generator")
    put_room(s, white, "storage")
    put_room(s, hidden, "comms_room", explored=False)
    put_room(s, broken, "fire_control")
    s.doors[walls(s, broken)[0]] = "destroyed"
    others = [slot for slot, r in s.rooms.items()
              if r.explored and r.tile in YELLOW and slot not in (yellow, broken)]
    s2, events = do(s, "p0", key_for(s, "p0", "Blow the airlock"))
    pick = s2.stack[-1]
    assert pick.kind == "pick" and waiting(s2) == ["p0"]
    assert sorted(pick.options) == sorted([yellow, *others])
    assert all(tile_of(s2.rooms[x].tile or "").color == "yellow" for x in pick.options)
    for excluded in (white, hidden, broken, room("cockpit"), HIBERNATORIUM, EVAC_A,
                     s.heroes["p0"].room):
        assert excluded not in pick.options
    assert "Seal Generator" in pick.labels
    s3, events = play(s2, "p0", f"pick:{pick.options.index(yellow)}")
    assert s3.rooms[yellow].venting
    assert "The airlock of Generator is primed" in texts(events)


@pytest.mark.rule("NE-ROOM-1")
def test_airlock_control_is_not_offered_without_a_yellow_room() -> None:
    s = edit(at(a_slot("II", 0)))
    put_room(s, a_slot("II", 0), "airlock_control")
    for slot, r in s.rooms.items():
        if r.tile in YELLOW:
            change_room(s.rooms, slot, explored=False, token="silence")
    assert not any("airlock" in label for label in labels(s, "p0").values())
