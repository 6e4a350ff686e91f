"""A state's answers (bot/position.py): the engine's own answers, each question asked of
it once; and a move through Tables reads nothing again and keeps the position after it."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.games import Tables
from bot.position import Position
from bot.storage import Storage
from rules import IllegalAction, Ruleset, get_ruleset

SEATS = ["11", "22", "33", "44"]
ASKED = ("pending", "legal_actions", "menu", "view", "outcome", "describe", "parse_action")


def _counting(monkeypatch: pytest.MonkeyPatch, rs: Ruleset[Any]) -> Counter[str]:
    """Count the questions put to `rs` (on this ruleset object only)."""
    asked: Counter[str] = Counter()

    def counted(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            asked[name] += 1
            return method(*args, **kwargs)
        return call

    for name in ASKED:
        monkeypatch.setattr(rs, name, counted(name, getattr(rs, name)), raising=False)
    return asked


def _game(rs: Ruleset[Any]) -> Any:
    return rs.new_game(SEATS, 5)


@pytest.mark.parametrize("ruleset", ["darkmoon", "lockdown"])
def test_the_answers_are_the_engines(ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    state = _game(rs)
    at = Position(rs, state)
    assert list(at.prompts) == rs.pending(state)
    assert at.outcome == rs.outcome(state) and not at.over
    assert at.waiting == tuple(dict.fromkeys(p.seat for p in rs.pending(state)))
    for seat in SEATS:
        assert [a.key for a in at.legal(seat)] == [a.key for a in rs.legal_actions(state, seat)]
        assert at.menu(seat) == rs.menu(state, seat)
        assert at.view(seat) == rs.view(state, seat)
    assert at.view(None) == rs.view(state, None)


def test_each_question_is_asked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    rs = get_ruleset("darkmoon")
    at = Position(rs, _game(rs))
    asked = _counting(monkeypatch, rs)
    seat = at.waiting[0]
    rounds: list[Counter[str]] = []
    for _ in range(3):
        _ = at.prompts, at.waiting, at.prompt(seat), at.over, at.outcome
        _ = at.legal(seat), at.fingerprint(seat), at.menu(seat), at.view(None), at.view(seat)
        for action, choice in at.menu(seat).singles:
            assert at.describe(seat, action) == choice  # the menu's words, not asked again
        rounds.append(Counter(asked))
    # the menu describes each of its choices once, when it is built
    singles = len(at.menu(seat).singles)
    assert rounds[0] == Counter(pending=1, outcome=1, legal_actions=1, view=2,
                                describe=singles)
    assert rounds[2] == rounds[0]
    at.drop_views()  # the table is drawn: the views go, and are worked out again if asked
    at.view(seat)
    assert asked - rounds[2] == Counter(view=1)


def test_an_action_is_found_by_its_key_and_refused_as_the_engine_refuses() -> None:
    rs = get_ruleset("darkmoon")
    state = _game(rs)
    at = Position(rs, state)
    seat = at.waiting[0]
    other = next(s for s in SEATS if s not in at.waiting)
    first = at.legal(seat)[0]
    assert at.action(seat, first.key) is first
    with pytest.raises(IllegalAction, match="not your decision"):
        at.action(other, first.key)
    with pytest.raises(IllegalAction):
        at.action(seat, "no-such-move")


@pytest.fixture
async def tables(tmp_path: Path) -> AsyncIterator[Tables]:
    storage = await Storage.open(tmp_path / "w.sqlite3")
    yield Tables(storage, new_seed=lambda: 1234)
    await storage.close()


async def test_a_move_offered_reads_nothing_again_and_keeps_the_position_after(
        tables: Tables, monkeypatch: pytest.MonkeyPatch) -> None:
    await tables.open_lobby("1", "500", "darkmoon", SEATS[0], {})
    for seat in SEATS[1:]:
        await tables.join("500", seat)
    record, _ = await tables.start("500", SEATS[0])
    at = tables.at(record)
    assert await tables.channel_of(record.id) == "500"
    seat = at.waiting[0]
    reads: list[int] = []
    get_game = tables.storage.get_game

    async def counted(game_id: int) -> Any:
        reads.append(game_id)
        return await get_game(game_id)

    monkeypatch.setattr(tables.storage, "get_game", counted)
    result = await tables.play_offered(record, seat, at.legal(seat)[0])
    assert reads == []  # the row as written, not read back
    assert result.was is at and tables.at(result.record) is result.now
    stored = await get_game(record.id)
    assert stored is not None and stored.version == result.record.version == at.version + 1
    assert stored.state == result.record.state and stored.status == result.record.status
