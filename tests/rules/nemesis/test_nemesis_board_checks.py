"""The family's content check of a board's corridors, used by both games' content checks
(the original ship, Lockdown's facility)."""

from __future__ import annotations

import pytest

from rules.nemesis.board import BoardGraph, Corridor, Exit, RoomSlot, corridor_problems
from rules.nemesis_original.ship import check_ship, ship


def _cor(id: str, a: str, an: int, b: str, bn: int | None) -> Corridor:
    return Corridor(id=id, a=a, a_number=an, b=b, b_number=bn)


def test_a_room_needs_corridors_numbered_1_to_4_once_each() -> None:
    good = [_cor("c1", "A", 1, "B", 1), _cor("c2", "A", 2, "tech", None),
            _cor("c3", "A", 3, "B", 2), _cor("c4", "A", 4, "B", 3),
            _cor("c5", "B", 4, "tech", None)]
    assert corridor_problems(["A", "B"], good) == []
    twice = [*good[:3], _cor("c4", "A", 3, "B", 3), good[4]]
    assert corridor_problems(["A", "B"], twice) == [
        "room slot A: corridor numbers [1, 2, 3, 3], need 1, 2, 3 and 4 once each"]


def test_a_corridor_to_an_unknown_room_is_reported() -> None:
    problems = corridor_problems(["A"], [_cor("c9", "A", 1, "Z", 2)])
    assert "corridor c9: unknown room slot Z" in problems


def test_the_original_ship_passes_its_checks() -> None:
    assert check_ship(ship()) == []


def test_a_map_becomes_a_graph_with_exits_both_ways_in_number_order() -> None:
    slots = (RoomSlot(id="A", kind="special", room="cockpit", section=1, x=0, y=0),
             RoomSlot(id="B", kind="I", section=2, x=10, y=0))
    corridors = (_cor("c3", "A", 3, "B", 1), _cor("c1", "A", 1, "tech", None),
                 _cor("c2", "B", 2, "A", 2))
    g = BoardGraph()
    g.add_rooms(slots, corridors)
    assert g.exits == {"A": [Exit("c1", 1, "tech"), Exit("c2", 2, "B"), Exit("c3", 3, "B")],
                       "B": [Exit("c3", 1, "A"), Exit("c2", 2, "A")]}
    assert (g.section, g.kind, g.special, g.technical) == (
        {"A": 1, "B": 2}, {"A": "special", "B": "I"}, {"A": "cockpit"}, {"c1"})
    assert g.exit_by_number("B", 2) == Exit("c2", 2, "A")
    assert g.neighbours("A") == ["B", "B"] and g.tech_rooms() == ["A"]
    assert g.corridor_between("B", "A") == "c3" and g.corridor_between("B", "B") is None
    assert g.distances_from("B") == {"B": 0, "A": 1}
    assert not g.takes_door("c1") and g.takes_door("c2")
    with pytest.raises(KeyError, match=r"^'B has no corridor 4'$"):
        g.exit_by_number("B", 4)
