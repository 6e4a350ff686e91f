"""The bookkeeping of a player gone quiet (bot/absence.py): timeouts in a row counted per
seat, the seat handed to the crew at the table's limit (and not one timeout before),
cleared by a move of their own, given back, or turned into a removal for good."""

from __future__ import annotations

import pytest

from bot import absence
from bot.option_names import timer_text


def test_the_limit_defaults_to_3_and_takes_0_to_10() -> None:
    assert absence.idle_after({}) == absence.DEFAULT_IDLE_AFTER == 3
    assert absence.idle_after({absence.IDLE_AFTER: 0}) == 0
    assert absence.idle_after({absence.IDLE_AFTER: 10}) == 10
    for bad in (-1, 11, "2", 2.5, None):
        assert absence.idle_after({absence.IDLE_AFTER: bad}) == 3


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_the_seat_goes_to_the_crew_at_the_limit_and_not_before(limit: int) -> None:
    options: dict[str, object] = {absence.IDLE_AFTER: limit, "away": ["9"]}
    for n in range(1, limit):
        options, idle = absence.after_timeout(options, "5")
        assert not idle
        assert absence.streak(options, "5") == n
        assert absence.idle_seats(options) == []
    options, idle = absence.after_timeout(options, "5")
    assert idle
    assert absence.idle_seats(options) == ["5"]
    assert absence.streak(options, "5") == 0  # counted again from nothing once back
    assert options["away"] == ["9"]  # the other keys stay


def test_others_streaks_are_their_own() -> None:
    options, _ = absence.after_timeout({absence.IDLE_AFTER: 2}, "5")
    options, idle = absence.after_timeout(options, "6")
    assert not idle
    assert absence.streak(options, "5") == absence.streak(options, "6") == 1
    options, idle = absence.after_timeout(options, "6")
    assert idle and absence.idle_seats(options) == ["6"]
    assert absence.streak(options, "5") == 1


def test_a_limit_of_0_never_hands_a_seat_over() -> None:
    options: dict[str, object] = {absence.IDLE_AFTER: 0}
    for _ in range(20):
        options, idle = absence.after_timeout(options, "5")
        assert not idle
    assert absence.streak(options, "5") == 20
    assert absence.idle_seats(options) == []


def test_an_idle_seat_is_not_listed_twice() -> None:
    options: dict[str, object] = {absence.IDLE_AFTER: 1, absence.IDLE: ["5"]}
    options, idle = absence.after_timeout(options, "5")
    assert not idle
    assert absence.idle_seats(options) == ["5"]


def test_a_move_of_their_own_clears_the_streak_and_nothing_is_stored_without_one() -> None:
    assert absence.after_own_move({}, "5") is None
    options, _ = absence.after_timeout({absence.IDLE_AFTER: 3}, "5")
    options, _ = absence.after_timeout(options, "6")
    cleared = absence.after_own_move(options, "5")
    assert cleared is not None
    assert absence.streak(cleared, "5") == 0 and absence.streak(cleared, "6") == 1
    assert absence.after_own_move(cleared, "5") is None


def test_back_and_gone_for_good() -> None:
    options: dict[str, object] = {absence.IDLE: ["5", "6"], absence.STREAK: {"5": 2, "7": 1}}
    back = absence.back(options, "5")
    assert absence.idle_seats(back) == ["6"]
    assert absence.streak(back, "5") == 0 and absence.streak(back, "7") == 1
    assert absence.gone_for_good(options, "6")[absence.IDLE] == ["5"]
    untouched = absence.gone_for_good(options, "8")
    assert untouched == options and untouched is not options


def test_the_words_for_the_setting() -> None:
    assert absence.in_a_row({absence.IDLE_AFTER: 1}) == ""
    assert absence.in_a_row({}) == " 3 times in a row"
    assert absence.idle_text({absence.IDLE_AFTER: 0}) == ""
    assert absence.idle_text({absence.IDLE_AFTER: 1}) == (
        "after a timeout, Warden's crew plays the seat until its player returns")
    assert timer_text({"turn_timeout_minutes": 5}) == (
        "5 min, then an AI player moves for a silent player; after 3 timeouts in a row, "
        "Warden's crew plays the seat until its player returns")
    assert timer_text({"turn_timeout_minutes": 5, absence.IDLE_AFTER: 0}) == (
        "5 min, then an AI player moves for a silent player")
    assert timer_text({"turn_timeout_minutes": 0}) == "off"
