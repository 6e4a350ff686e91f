"""Lobby and move handling without Discord: Tables + Storage + the Dark Moon engine."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games import Tables, UserError
from bot.replay import export_log, replay_game
from bot.storage import Storage
from rules import get_ruleset

CHANNEL = "500"
HOST, B, C, D = "11", "22", "33", "44"


@pytest.fixture
async def tables(tmp_path: Path) -> Tables:
    storage = await Storage.open(tmp_path / "w.sqlite3")
    yield Tables(storage, new_seed=lambda: 1234)
    await storage.close()


async def _lobby(tables: Tables, players: list[str]) -> None:
    await tables.open_lobby("1", CHANNEL, "darkmoon", players[0], {})
    for p in players[1:]:
        await tables.join(CHANNEL, p)


@pytest.mark.rule("BOT-LOBBY-1")
async def test_lobby_rules(tables: Tables) -> None:
    await tables.open_lobby("1", CHANNEL, "darkmoon", HOST, {"task_deck": "black"})
    with pytest.raises(UserError, match="already has a game"):
        await tables.open_lobby("1", CHANNEL, "darkmoon", B, {})
    await tables.join(CHANNEL, B)
    with pytest.raises(UserError, match="already joined"):
        await tables.join(CHANNEL, B)
    with pytest.raises(UserError, match="Only the host"):
        await tables.start(CHANNEL, B)
    with pytest.raises(UserError, match="at least 3 players; 2 joined"):
        await tables.start(CHANNEL, HOST)
    with pytest.raises(UserError, match="host cannot leave"):
        await tables.leave(CHANNEL, HOST)
    record = await tables.leave(CHANNEL, B)
    assert record.seats == [HOST]
    with pytest.raises(UserError, match="not valid"):
        await tables.open_lobby("1", "501", "darkmoon", HOST, {"task_deck": "gold"})


@pytest.mark.rule("BOT-LOBBY-1")
async def test_table_full_and_end(tables: Tables) -> None:
    await _lobby(tables, [str(i) for i in range(10, 17)])
    with pytest.raises(UserError, match="full"):
        await tables.join(CHANNEL, "99")
    with pytest.raises(UserError, match="host or someone with Manage Channels"):
        await tables.end(CHANNEL, "11", moderator=False)
    await tables.end(CHANNEL, "11", moderator=True)
    await tables.open_lobby("1", CHANNEL, "darkmoon", HOST, {})  # the channel is free again


@pytest.mark.rule("BOT-AUTH-1")
async def test_only_the_prompted_seat_moves(tables: Tables) -> None:
    await _lobby(tables, [HOST, B, C])
    record, state = await tables.start(CHANNEL, HOST)
    rs = get_ruleset("darkmoon")
    waiting = rs.pending(state)[0].seat
    other = next(s for s in record.seats if s != waiting)
    key = rs.legal_actions(state, waiting)[0].key
    with pytest.raises(Exception, match="not your decision"):
        await tables.play(record.id, other, key)
    with pytest.raises(UserError, match="not playing"):
        await tables.play(record.id, "999", key)
    with pytest.raises(UserError, match="out of date"):
        await tables.play(record.id, waiting, key, expected_version=record.version + 5)
    result = await tables.play(record.id, waiting, key, expected_version=record.version)
    assert result.record.version == record.version + 1
    with pytest.raises(UserError, match="out of date"):  # the same button twice
        await tables.play(record.id, waiting, key, expected_version=record.version)


@pytest.mark.rule("BOT-PERSIST-1")
@pytest.mark.rule("BOT-LOG-1")
async def test_moves_are_stored_and_replay(tables: Tables, tmp_path: Path) -> None:
    await _lobby(tables, [HOST, B, C, D])
    record, state = await tables.start(CHANNEL, HOST)
    rs = get_ruleset("darkmoon")
    agent = random.Random(5)
    for _ in range(60):
        if rs.outcome(state) is not None:
            break
        seat = agent.choice(rs.pending(state)).seat
        action = agent.choice(rs.legal_actions(state, seat))
        state = (await tables.play(record.id, seat, action.key)).state
    stored = await tables.storage.get_game(record.id)
    assert stored is not None and stored.version == state.version
    assert stored.state == rs.dump_state(state)
    assert len(await tables.storage.moves(record.id)) == state.version
    report = await replay_game(tables.storage, record.id)
    assert report.matches, report.detail
    log = await export_log(tables.storage, record.id)
    assert len(log.splitlines()) == state.version
    # a fresh Tables on the same database continues from the snapshot
    fresh = Tables(tables.storage)
    again = fresh.state_of(stored)
    assert rs.dump_state(again) == rs.dump_state(state)
