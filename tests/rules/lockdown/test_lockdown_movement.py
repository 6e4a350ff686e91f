"""Moving, careful movement, exploring, noise and escapes (NX-MOVE-*, NX-EXPLORE-1,
NX-NOISE-*, NX-ESCAPE-1, NX-ENC-2)."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    B,
    add_intruder,
    advance,
    attack,
    bag_draw,
    brace,
    corridor,
    do,
    edit,
    exit_to,
    illegal,
    keys,
    kinds,
    miss_card,
    noise,
    on_top,
    plain_cards,
    play,
    put_room,
    ready,
    rig,
    set_hand,
    top,
    waiting,
)

from rules.lockdown.state import GameState
from rules.nemesis.frames import EncounterFrame, PickFrame

REPO = "repository"
ROOM = "s2_2"  # a basic slot next to the repository (corridor 4 of the repository)
AROUND = sorted(ex.corridor for ex in B.exits[ROOM])  # 4 corridors, none technical


def scene(token: str = "silence", *, explored: bool = False, tile: str = "emergency",
          items: int = 2) -> GameState:
    """The sentry (p0) in the repository with plain cards; ROOM holds `tile`."""
    s = ready(["sentry", "cleaner"])
    s.heroes["p1"].room = "isolation"
    set_hand(s, "p0", plain_cards(s, "p0", 5))
    put_room(s, ROOM, tile, explored=explored, token=token, items=items)
    s.first_encounter = True  # (the objective choice has its own tests)
    return s


@pytest.mark.rule("NX-MOVE-1")
def test_move_to_a_neighbour_through_an_open_corridor() -> None:
    s = scene(explored=True)
    options = [k for k in keys(s, "p0") if k.startswith("move:")]
    assert sorted(k[5:] for k in options) == sorted(B.neighbours(REPO))
    illegal(s, "p0", "move:isolation")  # not a neighbour
    s2, events = do(s, "p0", f"move:{ROOM}", noise("silence"))
    assert s2.heroes["p0"].room == ROOM and "move" in kinds(events)


@pytest.mark.rule("NX-MOVE-1")
def test_closed_doors_block_destroyed_doors_do_not() -> None:
    s = scene(explored=True)
    s.doors[corridor(REPO, ROOM)] = "closed"
    illegal(s, "p0", f"move:{ROOM}")
    illegal(s, "p0", f"careful:{ROOM}")
    s.doors[corridor(REPO, ROOM)] = "destroyed"
    assert f"move:{ROOM}" in keys(s, "p0")


@pytest.mark.rule("NX-MOVE-2")
def test_careful_movement_places_noise_in_a_chosen_corridor() -> None:
    s = scene(explored=True)
    s2, _ = do(s, "p0", f"careful:{ROOM}")
    frame = top(s2)
    assert isinstance(frame, PickFrame) and frame.purpose == "noise_corridor"
    assert frame.options == ["1", "2", "3", "4"]
    s3, events = play(s2, "p0", "pick:1")  # corridor 2 of ROOM
    assert s3.heroes["p0"].room == ROOM
    assert s3.noise == [B.exit_by_number(ROOM, 2).corridor]
    assert "noise" not in kinds(events)  # no noise roll


@pytest.mark.rule("NX-MOVE-2")
def test_careful_movement_needs_a_free_corridor_and_no_combat() -> None:
    s = scene(explored=True)
    for ex in B.exits[ROOM]:
        if ex.to == "tech":
            s.tech_noise = True
        else:
            s.noise.append(ex.corridor)
    illegal(s, "p0", f"careful:{ROOM}")
    s = scene(explored=True)
    s.noise.append(B.exit_by_number(ROOM, 1).corridor)
    s2, _ = do(s, "p0", f"careful:{ROOM}")
    assert top(s2).options == ["2", "3", "4"]
    s = scene(explored=True)
    add_intruder(s, "adult", REPO)
    illegal(s, "p0", f"careful:{ROOM}")


@pytest.mark.rule("NX-EXPLORE-1")
def test_exploring_reveals_the_room_sets_items_and_removes_the_token() -> None:
    s = scene("silence", items=3)
    s2, events = brace(*do(s, "p0", f"move:{ROOM}"))
    room = s2.rooms[ROOM]
    assert room.explored and room.token is None and room.items == 3
    assert "explore" in kinds(events)
    assert "noise" not in kinds(events)  # silence: no noise roll
    assert (s.heroes["p0"].tally.explored, s2.heroes["p0"].tally.explored) == (0, 1)
    assert s2.heroes["p1"].tally.explored == 0
    view = next(r for r in RSview(s2) if r.slot == ROOM)
    assert view.name == "Emergency Room" and view.items == 3


def RSview(s: GameState):  # type: ignore[no-untyped-def]
    from lockdown_helpers import RS

    return RS.view(s, None).rooms


@pytest.mark.rule("NX-EXPLORE-1")
def test_the_nest_gets_no_item_count() -> None:
    s = scene("malfunction", tile="nest", items=3)
    s2, _ = do(s, "p0", f"move:{ROOM}", noise("silence"))
    assert s2.rooms[ROOM].items == 0 and not s2.rooms[ROOM].malfunction  # never in the nest


@pytest.mark.rule("NX-EXPLORE-1")
@pytest.mark.parametrize("token", ["slime", "fire", "malfunction", "doors"])
def test_exploration_token_effects(token: str) -> None:
    s = scene(token)
    s2, _ = do(s, "p0", f"move:{ROOM}", noise("silence"))
    room = s2.rooms[ROOM]
    hero = s2.heroes["p0"]
    if token == "slime":
        assert hero.slime
    elif token == "fire":
        assert room.fire and s2.fires == 1
    elif token == "malfunction":
        assert room.malfunction and s2.malfunctions == 1
    else:
        assert s2.doors == {corridor(REPO, ROOM): "closed"}


@pytest.mark.rule("NX-EXPLORE-1")
def test_careful_movement_into_silence_still_places_noise() -> None:
    s = scene("silence")
    s2, _ = do(s, "p0", f"careful:{ROOM}")
    s3, _ = play(s2, "p0", "pick:0")
    assert s3.noise == [B.exit_by_number(ROOM, 1).corridor]


@pytest.mark.rule("NX-NOISE-1")
@pytest.mark.parametrize("face", [1, 2, 3, 4])
def test_noise_roll_marks_the_matching_corridor(face: int) -> None:
    s = scene(explored=True)
    s2, events = do(s, "p0", f"move:{ROOM}", noise(face))
    ex = B.exit_by_number(ROOM, face)
    if ex.to == "tech":
        assert s2.tech_noise and not s2.noise
    else:
        assert s2.noise == [ex.corridor]
    assert "noise" in kinds(events)


@pytest.mark.rule("NX-NOISE-1")
def test_technical_corridor_numbers_mark_the_technical_space() -> None:
    s = ready(["sentry", "cleaner"])
    room = "s2_3"  # its corridor 2 is a technical entrance
    assert exit_to(room, 2) == "tech"
    put_room(s, room, "emergency", explored=True)
    s2, _ = do(s, "p0", f"move:{room}", noise(2))
    assert s2.tech_noise and not s2.noise


@pytest.mark.rule("NX-NOISE-1")
def test_no_noise_roll_when_someone_is_there() -> None:
    s = scene(explored=True)
    s.heroes["p1"].room = ROOM
    s2, events = brace(*do(s, "p0", f"move:{ROOM}"))  # no scripted draw is consumed
    assert "noise" not in kinds(events) and not s2.noise


@pytest.mark.rule("NX-NOISE-1")
def test_silence_and_danger_on_the_noise_die() -> None:
    s = scene(explored=True)
    s2, events = do(s, "p0", f"move:{ROOM}", noise("silence"))
    assert not s2.noise and not s2.tech_noise
    s3, _ = do(s, "p0", f"move:{ROOM}", noise("danger"))
    assert sorted(s3.noise) == AROUND and not s3.tech_noise


@pytest.mark.rule("NX-NOISE-2")
def test_a_second_noise_marker_is_an_encounter_instead() -> None:
    s = scene(explored=True)
    ex = B.exit_by_number(ROOM, 3)
    s.noise = [ex.corridor, B.exit_by_number(ROOM, 1).corridor]
    s2 = edit(s)
    s2, _ = do(s2, "p0", f"move:{ROOM}", noise(3), bag_draw(s, "adult"))
    assert [i.kind for i in s2.intruders] == ["adult"] and s2.intruders[0].room == ROOM
    assert not s2.noise  # the encounter discards the noise around the room
    assert len(set(s2.noise)) == len(s2.noise)


@pytest.mark.rule("NX-NOISE-3")
def test_slime_turns_silence_into_danger() -> None:
    s = scene(explored=True)
    s.heroes["p0"].slime = True
    s2, events = do(s, "p0", f"move:{ROOM}", noise("silence"))
    assert sorted(s2.noise) == AROUND
    s = scene("silence")
    s.heroes["p0"].slime = True
    s3, _ = do(s, "p0", f"move:{ROOM}")
    assert sorted(s3.noise) == AROUND  # the silence exploration token too


@pytest.mark.rule("NX-NOISE-3")
def test_danger_pulls_idle_intruders_from_neighbouring_rooms() -> None:
    s = scene(explored=True)
    a = add_intruder(s, "adult", "s2_1")
    b = add_intruder(s, "creeper", "stairs_a")
    c = add_intruder(s, "adult", "s2_3")
    s.heroes["p1"].room = "s2_3"  # c is fighting p1: it stays
    s2, events = do(s, "p0", f"move:{ROOM}", noise("danger"))
    rooms = {i.id: i.room for i in s2.intruders}
    assert rooms == {a: ROOM, b: ROOM, c: "s2_3"}
    assert not s2.noise and not any(isinstance(f, EncounterFrame) for f in s2.stack)


@pytest.mark.rule("NX-NOISE-3")
def test_danger_with_noise_around_never_causes_an_encounter() -> None:
    s = scene("danger")
    s.noise = [B.exit_by_number(ROOM, 1).corridor]
    s2, events = brace(*do(s, "p0", f"move:{ROOM}"))
    assert not s2.intruders and "encounter" not in kinds(events)
    assert sorted(s2.noise) == AROUND


@pytest.mark.rule("NX-NOISE-3")
@pytest.mark.rule("NX-MARK-1")
def test_danger_movers_behind_a_closed_door_break_it_and_stay() -> None:
    s = scene(explored=True)
    a = add_intruder(s, "adult", "s2_1")
    b = add_intruder(s, "adult", "s2_1")
    s.doors[corridor("s2_1", ROOM)] = "closed"
    s2, _ = do(s, "p0", f"move:{ROOM}", noise("danger"))
    assert {i.id: i.room for i in s2.intruders} == {a: "s2_1", b: "s2_1"}
    assert s2.doors[corridor("s2_1", ROOM)] == "destroyed"


@pytest.mark.rule("NX-ENC-2")
def test_entering_an_intruders_room_is_combat_not_an_encounter() -> None:
    s = scene(explored=True)
    i = add_intruder(s, "adult", ROOM)
    bag = list(s.bag)
    s2, events = brace(*do(s, "p0", f"move:{ROOM}"))  # no noise roll, no bag draw
    assert s2.bag == bag and "noise" not in kinds(events) and "encounter" not in kinds(events)
    assert waiting(s2) == ["p0"] and f"melee:{i}" in keys(s2, "p0")  # in combat


@pytest.mark.rule("NX-ENC-2")
def test_an_intruder_moving_in_is_not_an_encounter() -> None:
    from rules.nemesis import intruders

    s = scene(explored=True)
    i = add_intruder(s, "adult", ROOM)
    bag = list(s.bag)
    s = edit(s)
    number = next(ex.number for ex in B.exits[ROOM] if ex.to == REPO)
    from lockdown_helpers import run_with

    s2, events = run_with(s, lambda ctx: intruders.event_movement(ctx, ("adult",), (number,)))
    assert next(x for x in s2.intruders if x.id == i).room == REPO
    assert s2.bag == bag and "surprise" not in kinds(events)
    assert not any(f.kind in ("encounter", "attack") for f in s2.stack)


@pytest.mark.rule("NX-ESCAPE-1")
def test_escape_one_attack_per_intruder_then_move_and_explore() -> None:
    s = scene("silence")
    add_intruder(s, "adult", REPO)
    add_intruder(s, "creeper", REPO)
    first = attack(hits=("adult", "creeper"), light=1)
    on_top(s, "attacks", first, miss_card("creeper"))
    s2, events = brace(*do(s, "p0", f"move:{ROOM}"))
    assert s2.heroes["p0"].light == 1
    assert kinds(events).count("attack") == 2
    assert kinds(events).index("escape") < kinds(events).index("attack")
    assert s2.heroes["p0"].room == ROOM and s2.rooms[ROOM].explored


@pytest.mark.rule("NX-ESCAPE-1")
def test_dying_while_escaping_leaves_the_corpse_in_the_origin() -> None:
    s = scene(explored=True)
    add_intruder(s, "adult", REPO)
    s.heroes["p0"].light = 2
    from lockdown_helpers import wound

    for penalty in ("leg", "eye", "back"):
        wound(s, "p0", penalty)
    on_top(s, "attacks", attack(hits=("adult",), light=1))
    s2, events = brace(*do(s, "p0", f"move:{ROOM}"))
    assert s2.heroes["p0"].place == "dead" and "corpse_p0" in s2.rooms[REPO].objects
    assert ROOM not in {h.room for h in s2.heroes.values() if h.place == "board"}
    assert "death" in kinds(events)


def test_noise_roll_face_draw_is_scripted() -> None:
    s = scene(explored=True)
    rig(s, noise(4))
    s2, _ = advance(s)
    assert s2.rng.script == [noise(4)]  # nothing drew yet
