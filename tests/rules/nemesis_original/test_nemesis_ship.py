"""The ship of the original Nemesis as data (NE-SETUP-1, NE-ROOM-1): slots, corridors,
technical entrances, tracks, engines, pods and every room tile of the source."""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from rules.nemesis_original.ship import check_ship, read_ship, ship, ship_graph

SOURCE_ROOMS = {  # every room of the player aid, by its action
    "armory", "comms", "emergency", "evac", "fire_control", "generator", "laboratory",
    "nest", "storage", "surgery", "airlock", "cabins", "canteen", "command_center",
    "engine_control", "hatch_control", "monitoring", "slime_room", "shower", "cockpit",
    "hibernate", "engine",
}


@pytest.mark.rule("NE-SETUP-1")
def test_the_ship_hangs_together() -> None:
    assert check_ship(read_ship()) == []


@pytest.mark.rule("NE-SETUP-1")
def test_too_few_room_tiles_and_a_coordinates_card_off_the_track_are_reported() -> None:
    sh = read_ship()
    need = sum(1 for s in sh.ship.slots if s.kind == "II")
    fewer = tuple(r.model_copy(update={"copies": 0}) if r.level == "II" else r
                  for r in sh.rooms)
    assert check_ship(sh.model_copy(update={"rooms": fewer})) == [
        f"0 room tiles II for {need} slots"]
    card = sh.coordinates[0]
    other = next(x for x in sh.destination.spaces if x != card.earth)
    twice = (card.model_copy(update={"earth": other}), *sh.coordinates[1:])
    assert check_ship(sh.model_copy(update={"coordinates": twice})) == [
        "one coordinates card per destination space"]


@pytest.mark.rule("NE-SETUP-1")
def test_a_room_cut_off_from_the_others_is_reported() -> None:
    sh = read_ship()
    last = sh.ship.slots[-1].id
    kept = tuple(c for c in sh.ship.corridors if last not in (c.a, c.b))
    cut = sh.model_copy(update={"ship": sh.ship.model_copy(update={"corridors": kept})})
    assert "not every room can be reached by corridors" in check_ship(cut)
    first = sh.ship.slots[0].id
    kept = tuple(c for c in sh.ship.corridors if first not in (c.a, c.b))
    cut = sh.model_copy(update={"ship": sh.ship.model_copy(update={"corridors": kept})})
    assert "not every room can be reached by corridors" in check_ship(cut)


@pytest.mark.rule("NE-SETUP-1")
def test_an_engine_outside_an_engine_room_is_reported() -> None:
    sh = read_ship()
    cockpit = next(s.id for s in sh.ship.slots if s.room == "cockpit")
    moved = (sh.engines[0].model_copy(update={"room": cockpit}), *sh.engines[1:])
    assert check_ship(sh.model_copy(update={"engines": moved})) == [
        f"engine {sh.engines[0].id}: {cockpit} is no engine room"]
    lost = (sh.engines[0].model_copy(update={"room": "nowhere"}), *sh.engines[1:])
    assert check_ship(sh.model_copy(update={"engines": lost})) == [
        f"engine {sh.engines[0].id}: nowhere is no engine room"]


@pytest.mark.rule("NE-SETUP-1")
def test_special_rooms_and_slot_counts() -> None:
    sh = ship()
    specials = {s.room for s in sh.ship.slots if s.kind == "special"}
    assert specials == {"cockpit", "hibernatorium", "engine_1", "engine_2", "engine_3",
                        "evac_a", "evac_b"}
    basic = [s for s in sh.ship.slots if s.kind == "I"]
    extra = [s for s in sh.ship.slots if s.kind == "II"]
    assert len(basic) == sum(r.copies for r in sh.rooms if r.level == "I") == 9
    assert len(extra) == 5 < sum(r.copies for r in sh.rooms if r.level == "II") == 9


@pytest.mark.rule("NE-SETUP-1")
def test_every_room_has_corridors_one_to_four_and_technical_entrances_exist() -> None:
    g = ship_graph()
    for room, exits in g.exits.items():
        assert [e.number for e in exits] == [1, 2, 3, 4], room
    assert len(g.tech_rooms()) >= 10
    assert all(not g.takes_door(c) for c in g.technical)


@pytest.mark.rule("NE-SETUP-1")
def test_tracks_engines_pods_and_coordinates() -> None:
    sh = ship()
    assert sh.time_track.start < sh.time_track.first_blue <= sh.time_track.length
    assert 1 < sh.self_destruct.first_yellow < sh.self_destruct.length
    assert [e.room for e in sh.engines] == ["engine_1", "engine_2", "engine_3"]
    assert sorted(p.id for p in sh.pods) == ["A1", "A2", "B1", "B2"]
    assert all(p.seats == 2 for p in sh.pods)
    assert {c.earth for c in sh.coordinates} == set(sh.destination.spaces)
    assert sh.supplies.fire == sh.supplies.malfunction == 8


@pytest.mark.rule("NE-ROOM-1")
def test_every_source_room_has_a_tile_with_our_text() -> None:
    sh = ship()
    assert {r.action for r in sh.rooms} == SOURCE_ROOMS
    for r in sh.rooms:
        assert r.text.strip() and r.name
        passive = r.action in ("cabins", "slime_room")
        assert (r.action_cost == 0) == passive, r.id
    no_search = {r.id for r in sh.rooms if r.color == "none"}
    assert {"cockpit", "hibernatorium", "nest", "slime_room"} <= no_search


@pytest.mark.rule("NE-SETUP-1")
def test_rooms_can_be_drawn_apart_on_a_550px_picture() -> None:
    """At 550 px wide every room centre is at least 70 px from any other."""
    sh = ship()
    scale = 550 / sh.ship.width
    points = [(s.x * scale, s.y * scale) for s in sh.ship.slots]
    assert all(0 <= x <= 550 and 0 <= y <= sh.ship.height * scale for x, y in points)
    closest = min(math.dist(p, q) for p, q in combinations(points, 2))
    assert closest >= 70
