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
    with pytest.raises(UserError, match="out of date") as stale:  # the same button twice
        await tables.play(record.id, waiting, key, expected_version=record.version)
    # the refusal says where the current choices are (not "use the newest one")
    assert "**My choices**" in str(stale.value) and "newest" not in str(stale.value)


async def test_a_move_is_named_as_the_choice_the_player_picked(tables: Tables) -> None:
    """The "Done:" answer repeats the label of the button pressed: the commander's
    event pick says its cubes, as the button did."""
    await _lobby(tables, [HOST, B, C])
    record, state = await tables.start(CHANNEL, HOST)
    rs = get_ruleset("darkmoon")
    seat = rs.pending(state)[0].seat
    action = rs.legal_actions(state, seat)[0]
    picked = rs.describe(state, seat, action).label
    assert picked != action.label and "cubes" in picked
    result = await tables.play(record.id, seat, action.key)
    assert result.label == picked


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


class _Racing:
    """The storage as a second process would meet it: the first time this table stores
    a move, another table's move (`first`) is stored just before."""

    def __init__(self, storage: Storage, first: object) -> None:
        self._storage, self._first = storage, first

    def __getattr__(self, name: str) -> object:
        return getattr(self._storage, name)

    async def record_move(self, *args: object, **kwargs: object) -> None:
        first, self._first = self._first, None
        if first is not None:
            await first()  # type: ignore[operator]
        await self._storage.record_move(*args, **kwargs)  # type: ignore[arg-type]


async def _to_vote(tables: Tables, game_id: int) -> list[str]:
    """Moves until at least two seats are asked to vote at once."""
    rs = get_ruleset("darkmoon")
    agent = random.Random(4)
    for _ in range(400):
        state = tables.state_of(await tables.running(game_id))
        voters = [p.seat for p in rs.pending(state) if p.kind == "vote"]
        if len(voters) > 1:
            return voters
        seat = rs.pending(state)[0].seat
        legal = rs.legal_actions(state, seat)
        call = [a for a in legal if a.key.startswith("call_vote")]
        await tables.play(game_id, seat, (call or [agent.choice(legal)])[0].key)
    pytest.fail("no vote came up")


@pytest.mark.rule("BOT-PERSIST-1")
async def test_a_move_raced_by_another_process_is_tried_again_when_still_the_same(
        tables: Tables) -> None:
    """Two voters answer at once through two processes: the one stored second is tried
    again on the new state (its choices did not change) instead of being refused."""
    await _lobby(tables, [HOST, B, C, D])
    record, _ = await tables.start(CHANNEL, HOST)
    first, second = (await _to_vote(tables, record.id))[:2]
    other = Tables(tables.storage)  # another process: its own cache and locks
    version = (await tables.running(record.id)).version
    raced = Tables(_Racing(tables.storage, lambda: other.play(  # type: ignore[arg-type]
        record.id, first, "vote:strong")))
    result = await raced.play(record.id, second, "vote:weak", version)
    assert result.record.version == version + 2
    log = await tables.storage.moves(record.id, after=version)
    assert [(m.seat, m.action) for m in log] == [(first, "vote:strong"), (second, "vote:weak")]


@pytest.mark.rule("BOT-PERSIST-1")
async def test_a_raced_move_whose_choices_changed_is_refused(tables: Tables) -> None:
    """The same seat moved through the other process first: the raced move is not
    applied a second time; the player is told to try again."""
    await _lobby(tables, [HOST, B, C, D])
    record, _ = await tables.start(CHANNEL, HOST)
    voter = (await _to_vote(tables, record.id))[0]
    version = (await tables.running(record.id)).version
    other = Tables(tables.storage)
    raced = Tables(_Racing(tables.storage, lambda: other.play(  # type: ignore[arg-type]
        record.id, voter, "vote:strong")))
    with pytest.raises(UserError, match="Someone moved at the same time"):
        await raced.play(record.id, voter, "vote:weak", version)
    log = await tables.storage.moves(record.id, after=version)
    assert [(m.seat, m.action) for m in log] == [(voter, "vote:strong")]
