"""Warden's crew without Discord: computer seats' ids and names, the text the table
writes about them, the seed of a decision, and a decision made in a worker thread
(cut short by time or by the caller, a failing player replaced by the default)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import pytest
from pydantic import BaseModel

from bot.crew import (
    crew_name,
    crew_seat,
    decision_seed,
    is_crew,
    mention,
    named,
    next_crew_seat,
    people,
    user_objects,
)
from bot.crew_moves import decide
from bot.position import Position
from bot.timers import reminder_text
from rules import Action, Prompt, Ruleset, get_ruleset

RS = get_ruleset("darkmoon")


def test_a_computer_seat_is_never_a_discord_id_and_is_named_from_its_id() -> None:
    assert crew_seat(2) == "crew2" and is_crew("crew2") and crew_name("crew2") == \
        "Warden crew 2"
    assert not is_crew("123456789012345678") and not is_crew("crew") and \
        not is_crew("crewx")
    assert next_crew_seat(["101", "crew1", "crew3"]) == "crew2"  # the lowest free number
    assert next_crew_seat(["101"]) == "crew1"
    assert people(["101", "crew1", "102"]) == ["101", "102"]
    assert [o.id for o in user_objects(["101", "crew1"])] == [101]


def test_a_computer_seats_mention_reads_as_its_name_and_a_persons_stays() -> None:
    assert mention("crew1") == "**Warden crew 1**" and mention("101") == "<@101>"
    assert named("<@crew1> votes; <@101> waits for <@crew12>.") == \
        "**Warden crew 1** votes; <@101> waits for **Warden crew 12**."
    assert named("The crew of <@101>") == "The crew of <@101>"


def test_a_reminder_names_a_computer_seat_its_decision_is_about() -> None:
    """Found by benchmarks/crew_soak.py: Dark Moon's "<@crew2> orders you: ..." reached
    the channel as a mention of a user that does not exist."""
    text = reminder_text([Prompt("101", "order", "<@crew2> orders you: retrieve 3 dice"),
                          Prompt("102", "vote", "<@103> calls a vote")], 0.5)
    assert "<@101>: **Warden crew 2** orders you: retrieve 3 dice" in text
    assert "<@102>: <@103> calls a vote" in text and "<@crew" not in text


def test_a_decisions_seed_depends_on_game_version_and_seat_only() -> None:
    seed = decision_seed(7, 12, "crew1")
    assert seed == decision_seed(7, 12, "crew1") and 0 <= seed < 2 ** 62
    assert len({seed, decision_seed(8, 12, "crew1"), decision_seed(7, 13, "crew1"),
                decision_seed(7, 12, "crew2")}) == 4


def _position() -> tuple[Position, str]:
    state = RS.new_game(["101", "crew1", "crew2"], 5, RS.Options())
    return Position(RS, state), RS.pending(state)[0].seat


async def test_a_decision_is_cut_short_by_its_time_cap() -> None:
    at, seat = _position()
    stopped: list[bool] = []

    def thinker(ruleset: Ruleset, state: BaseModel, seat: str, *, seed: int, budget: int,
                stop: Callable[[], bool] | None = None) -> Action:
        assert stop is not None
        while not stop():  # a search that runs until told to stop
            threading.Event().wait(0.001)
        stopped.append(True)
        return ruleset.legal_actions(state, seat)[0]

    action = await decide(thinker, at, seat, seed=1, budget=10, seconds=0.05, game_id=1)
    assert stopped == [True] and action in at.legal(seat)


async def test_a_cancelled_decision_stops_its_thread() -> None:
    at, seat = _position()
    started, finished = threading.Event(), threading.Event()

    def thinker(ruleset: Ruleset, state: BaseModel, seat: str, *, seed: int, budget: int,
                stop: Callable[[], bool] | None = None) -> Action:
        assert stop is not None
        started.set()
        while not stop():
            threading.Event().wait(0.001)
        finished.set()
        return ruleset.legal_actions(state, seat)[0]

    task = asyncio.ensure_future(decide(thinker, at, seat, seed=1, budget=10,
                                        seconds=3600, game_id=1))
    await asyncio.to_thread(started.wait, 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await asyncio.to_thread(finished.wait, 10)  # stopped, long before an hour


async def test_a_failing_player_is_logged_and_the_default_is_played(
        caplog: pytest.LogCaptureFixture) -> None:
    at, seat = _position()

    def broken(ruleset: Ruleset, state: BaseModel, seat: str, *, seed: int, budget: int,
               stop: Callable[[], bool] | None = None) -> Action:
        raise RuntimeError("search bug")

    action = await decide(broken, at, seat, seed=1, budget=10, seconds=1, game_id=4)
    default = RS.default_action(at.state, seat)
    assert default is not None and action.key == default.key
    assert any("computer player failed in game 4" in r.getMessage() for r in caplog.records)


async def test_the_decision_log_line_names_no_move(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("INFO", logger="warden.crew")
    at, seat = _position()

    def first(ruleset: Ruleset, state: BaseModel, seat: str, *, seed: int, budget: int,
              stop: Callable[[], bool] | None = None) -> Action:
        return ruleset.legal_actions(state, seat)[-1]

    action = await decide(first, at, seat, seed=1, budget=10, seconds=1, game_id=3)
    lines = [r.getMessage() for r in caplog.records if r.name == "warden.crew"]
    assert lines and lines[0].startswith(f"crew decided game=3 seat={seat} version=0 ms=")
    assert not any(action.key in line or action.label in line for line in lines)
