"""The text-only stand-ins the table shows when drawing a part fails (bot/publish.py's
Publisher._drawn and bot/table_parts.py): each failure is logged at ERROR with the game
and version, and what players get instead still lets them play."""

from __future__ import annotations

import logging
import random
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest

from bot import table_parts as parts
from bot.logs import FIELDS
from bot.publish import Publisher, shown_text
from bot.storage import GameRecord
from bot.texts import MAX_CONTENT
from rules import get_ruleset

SEATS = ["100000000000000000", "100000000000007919", "100000000000015838"]


def _record(ruleset: str) -> GameRecord:
    now = datetime(2024, 1, 1, tzinfo=UTC)
    return GameRecord(id=7, guild_id="1", channel_id="2", ruleset=ruleset, status="running",
                      host_id=SEATS[0], seats=SEATS, options={}, version=3, state=None,
                      prompt_message_id=None, board_message_id=None, lobby_message_id=None,
                      created_at=now, updated_at=now)


def _publisher() -> Publisher:
    bot: Any = SimpleNamespace(names={})
    return Publisher(bot)


def _breaks(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError("broken on purpose")


def test_a_recap_that_cannot_be_written_is_logged_and_replaced(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    rs = get_ruleset("lockdown")
    state = rs.new_game(SEATS, 1)
    monkeypatch.setattr(type(rs), "recap", _breaks)
    pub = _publisher()
    with caplog.at_level(logging.ERROR, logger="warden.publish"):
        assert pub.recap(_record("lockdown"), state) == [parts.RECAP_FAILED]
    [line] = caplog.records
    assert line.levelno == logging.ERROR and line.exc_info
    fields = getattr(line, FIELDS)
    assert (fields["game"], fields["version"], fields["part"]) == (7, state.version, "recap")
    assert pub.failed == {7: {"recap"}}


def test_choices_that_cannot_be_drawn_are_listed_for_move(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    rs = get_ruleset("darkmoon")
    state = rs.new_game(SEATS, 1)
    seat = rs.pending(state)[0].seat
    monkeypatch.setattr(parts, "seat_choices", _breaks)
    with caplog.at_level(logging.ERROR, logger="warden.publish"):
        msg = _publisher().choices(_record("darkmoon"), state, seat, "**Your turn**")
    legal = rs.legal_actions(state, seat)
    assert msg.content.startswith("**Your turn**\n" + parts.CHOICES_FAILED)
    assert msg.view.children == [] and msg.truncated
    shown = [line for line in msg.content.splitlines() if line[:1].isdigit()]
    assert len(shown) == len(legal)
    assert all(f"{i + 1}. " in msg.content for i in range(len(legal)))
    assert caplog.records[0].getMessage().startswith("drawing the choices of game 7")


def test_a_long_list_of_choices_stays_within_one_message() -> None:
    labels = [SimpleNamespace(label=f"Choice number {i} " + "x" * 60) for i in range(80)]
    msg = parts.plain_choices("**Pick**", labels, {})  # type: ignore[arg-type]
    assert len(msg.content) <= MAX_CONTENT
    assert "more (`/move` lists them all)" in msg.content.splitlines()[-1]


def test_a_sheet_that_cannot_be_drawn_lists_the_seats_own_fields(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rs = get_ruleset("nemesis")
    state = rs.new_game(SEATS, 1)
    agent = random.Random(1)
    while not rs.view(state, SEATS[1]).me.hand:  # past the draft: a hand in each
        prompt = agent.choice(rs.pending(state))
        state = rs.apply(state, prompt.seat,
                         agent.choice(rs.legal_actions(state, prompt.seat))).state
    monkeypatch.setattr(parts, "private_text", _breaks)
    text = _publisher().sheet_text(_record("nemesis"), state, SEATS[1])
    me = rs.view(state, SEATS[1]).me
    assert parts.SHEET_FAILED in text and "Your private sheet" in text
    assert f"hand: {', '.join(me.hand)}" in text
    assert f"objectives: {', '.join(me.objectives)}" in text
    others = {o for seat in (SEATS[0], SEATS[2]) for o in rs.view(state, seat).me.objectives}
    assert not any(o in text for o in others - set(me.objectives))
    assert parts.plain_sheet(None) == parts.SHEET_FAILED


def test_game_status_answers_say_what_went_out() -> None:
    assert shown_text(set()) == "The board is posted again below."
    assert "could not be drawn" in shown_text({"board", "sheet"})
    assert "without its text summary" in shown_text({"summary", "sheet"})
    assert "went out as plain text" in shown_text({"choices"})
    assert "could not be posted" in shown_text({"post"})
