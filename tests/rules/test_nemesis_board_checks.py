"""The family's content check of a board's corridors, used by both games' content checks
(the original ship, Lockdown's facility)."""

from __future__ import annotations

from rules.nemesis.board import Corridor, corridor_problems
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
