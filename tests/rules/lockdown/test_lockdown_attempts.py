"""Attempts guarded by a noise roll in Lockdown (issue 18, section 3): locking oneself in
the isolation room, the Enviro-Suit walk out of the main gate and the walk across the
Mars surface fail only if an intruder shows up in the room (000: "If any intruder
appears, your attempt fails"). An encounter is resolved first: a blank token (only
echoes) goes back into the bag and the attempt is made; a surface card drawn on the way
is resolved and does not turn the walker back. Every scenario starts from a crafted
state."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    B,
    C,
    add_intruder,
    bag_draw,
    do,
    edit,
    give,
    key_for,
    keys,
    noise,
    on_top,
    plain_cards,
    play,
    put_room,
    ready,
    set_hand,
    texts,
    turn,
    waiting,
)
from test_lockdown_mars import MARS, MB, MC, M, face

from rules.lockdown.state import GameState
from rules.nemesis.bag import kind_of
from rules.nemesis.state import change_room

GATE = C.board.main_gate_slot


def scene(chars: tuple[str, ...] = ("survivor", "lab_rat")) -> GameState:
    """p0's turn; every hand 7 plain cards (no surprise attack after paying 2); the first
    encounter is over (no objective choice)."""
    s = ready(chars)
    for seat in s.seats:
        set_hand(s, seat, plain_cards(s, seat, 7))
    s.first_encounter = True
    return s


def second_marker(s: GameState, room: str) -> None:
    """A noise marker already in the room's corridor 1: rolling 1 is an encounter."""
    s.noise = [B.exit_by_number(room, 1).corridor]


def lock_in_scene() -> GameState:
    s = scene()
    assert s.heroes["p0"].room == "isolation"
    s.heroes["p1"].room = "repository"
    s.isolation_open = True
    second_marker(s, "isolation")
    return s


# ------------------------------------------------------------------ isolation
@pytest.mark.rule("LD-ISO-1")
@pytest.mark.rule("NX-ENC-1")
def test_a_blank_token_does_not_stop_the_lock_in() -> None:
    s = lock_in_scene()
    bag = sorted(s.bag)
    s2, events = do(s, "p0", key_for(s, "p0", "Lock yourself"), noise(1),
                    bag_draw(s, "blank"))
    said = texts(events)
    assert "only echoes" in said and "locks themselves in the isolation room" in said
    assert "fails" not in said
    assert said.index("only echoes") < said.index("locks themselves in")
    assert s2.heroes["p0"].place == "isolated" and s2.heroes["p0"].passed
    assert not s2.intruders and sorted(s2.bag) == bag     # the blank went back
    corridors = {ex.corridor for ex in B.exits["isolation"]}
    assert corridors <= set(s2.noise)                     # echoes: noise all around
    assert not any(f.kind == "attempt" for f in s2.stack)
    assert waiting(s2) == ["p1"]


@pytest.mark.rule("LD-ISO-1")
@pytest.mark.rule("NX-ENC-1")
def test_an_intruder_from_the_encounter_stops_the_lock_in() -> None:
    s = lock_in_scene()
    s2, events = do(s, "p0", key_for(s, "p0", "Lock yourself"), noise(1),
                    bag_draw(s, "adult"))
    said = texts(events)
    assert "An adult appears" in said and "fails to lock themselves in" in said
    assert "locks themselves in" not in said
    assert s2.heroes["p0"].place == "board"
    assert [(i.kind, i.room) for i in s2.intruders] == [("adult", "isolation")]
    assert not any(f.kind == "attempt" for f in s2.stack)


@pytest.mark.rule("LD-ISO-1")
def test_an_intruder_drawn_in_by_danger_stops_the_lock_in() -> None:
    s = lock_in_scene()
    s.noise = []
    next_door = B.exit_by_number("isolation", 2).to
    add_intruder(s, "adult", next_door)
    s2, events = do(s, "p0", key_for(s, "p0", "Lock yourself"), noise("danger"))
    assert s2.heroes["p0"].place == "board" and "fails to lock" in texts(events)
    assert [i.room for i in s2.intruders] == ["isolation"]


@pytest.mark.rule("LD-ISO-1")
@pytest.mark.rule("NX-AI-1")
def test_echoes_before_the_first_encounter_make_the_lock_in_without_an_objective_choice(
) -> None:
    s = lock_in_scene()
    s.first_encounter = False
    s2, events = do(s, "p0", key_for(s, "p0", "Lock yourself"), noise(1),
                    bag_draw(s, "blank"))
    assert not any(f.kind == "objectives" for f in s2.stack)   # echoes are no encounter
    assert s2.first_encounter is False
    assert s2.heroes["p0"].place == "isolated"
    assert "locks themselves in" in texts(events)


@pytest.mark.rule("LD-ISO-1")
@pytest.mark.rule("NX-AI-1")
def test_a_lock_in_waits_for_the_first_encounter_objective_choice() -> None:
    s = lock_in_scene()
    s.first_encounter = False
    s2, events = do(s, "p0", key_for(s, "p0", "Lock yourself"), noise(1),
                    bag_draw(s, "adult"))
    assert any(f.kind == "objectives" for f in s2.stack)      # the choice comes first...
    assert any(f.kind == "attempt" for f in s2.stack)
    assert "lock" not in texts(events)
    for _ in range(40):
        seats = waiting(s2)
        if not seats or not any(f.kind == "attempt" for f in s2.stack):
            break
        s2, more = play(s2, seats[0], keys(s2, seats[0])[0])
        events += more
    assert not any(f.kind == "attempt" for f in s2.stack)
    assert s2.heroes["p0"].place != "isolated"                # ...then the adult: failed
    assert "fails to lock themselves in" in texts(events)


# ------------------------------------------------------------------ the main gate
def gate_scene() -> GameState:
    s = scene(("sentry", "cleaner"))
    put_room(s, GATE, "emergency")
    s.heroes["p0"].room = GATE
    s.gate_open, s.rover_at_base = True, False
    give(s, "p0", "enviro_suit")
    second_marker(s, GATE)
    return s


@pytest.mark.rule("LD-GATE-1")
def test_the_gate_walk_survives_a_blank_token() -> None:
    s = gate_scene()
    s2, events = do(s, "p0", key_for(s, "p0", "Enviro-Suit"), noise(1),
                    bag_draw(s, "blank"))
    assert s2.heroes["p0"].place == "bunker"
    assert "only echoes" in texts(events) and "reaches the bunker" in texts(events)


@pytest.mark.rule("LD-GATE-1")
def test_the_gate_walk_fails_when_an_intruder_appears() -> None:
    s = gate_scene()
    s2, events = do(s, "p0", key_for(s, "p0", "Enviro-Suit"), noise(1),
                    bag_draw(s, "adult"))
    assert s2.heroes["p0"].place == "board" and s2.intruders[0].room == GATE
    assert "walk to the bunker fails" in texts(events)


# ------------------------------------------------------------------ the Mars surface
WALK = "Walk to the bunker"


def mars_walk_scene() -> GameState:
    """p0 on an explored crossroads by the bunker, in an Enviro-Suit, alone."""
    s = edit(ready(("survivor", "lab_rat"), options=MARS))
    for seat in s.seats:
        set_hand(s, seat, plain_cards(s, seat, 7))
    s.first_encounter = True
    start = sorted(MB.bunker_crossroads)[0]
    s.heroes["p0"].room = start
    s.heroes["p1"].room = M.repository_slot
    change_room(s.rooms, start, explored=True, token=None, tile="crossroads")
    give(s, "p0", "enviro_suit")
    return turn(s, "p0")


def card(effect: str) -> str:
    """The id of a Mars surface card whose sheltered (lower) part is this one effect."""
    return next(c.id for c in MC.cards if [e.do for e in c.lower] == [effect])


@pytest.mark.rule("LD-MARS-1")
def test_a_surface_card_alone_does_not_turn_the_walker_back() -> None:
    s = edit(mars_walk_scene())
    on_top(s, "mars", card("knowledge"))
    knowledge = s.heroes["p0"].knowledge
    s2, events = do(s, "p0", key_for(s, "p0", WALK), face("card"))
    said = texts(events)
    assert "draws the Mars surface card" in said and "reaches the bunker" in said
    assert "spotted" not in said
    assert s2.heroes["p0"].place == "bunker"
    assert s2.heroes["p0"].knowledge == knowledge + 1   # the card was resolved
    assert s2.discards["mars"][-1] == card("knowledge")


@pytest.mark.rule("LD-MARS-1")
def test_a_blank_encounter_on_the_surface_does_not_stop_the_walk() -> None:
    s = edit(mars_walk_scene())
    s.area_noise = [1]                                  # rolling 1: a second marker
    s2, events = do(s, "p0", key_for(s, "p0", WALK), face("1"), bag_draw(s, "blank"))
    assert s2.heroes["p0"].place == "bunker" and not s2.intruders
    assert "only echoes" in texts(events)
    assert "blank" in {kind_of(t) for t in s2.bag}


@pytest.mark.rule("LD-MARS-1")
def test_an_intruder_on_the_surface_stops_the_walk() -> None:
    s = edit(mars_walk_scene())
    s.area_noise = [1]
    here = s.heroes["p0"].room
    s2, events = do(s, "p0", key_for(s, "p0", WALK), face("1"), bag_draw(s, "adult"))
    assert s2.heroes["p0"].place == "board"
    assert [(i.kind, i.room) for i in s2.intruders] == [("adult", here)]
    assert "spotted on the way out" in texts(events)
