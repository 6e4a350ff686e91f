"""Many games in one process, without Discord: the bounded state cache, a user's games
found through the seat index, the line and the watchers' news of every applied move."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from pydantic import BaseModel

from bot.games import MoveStat, Tables, UserError
from bot.logs import JsonFormatter, configure_logging
from bot.settings import Settings
from bot.state_cache import StateCache
from bot.storage import Storage
from rules import get_ruleset

RS = get_ruleset("darkmoon")
SEATS = ["11", "22", "33"]


class Snapshot(BaseModel):
    n: int


class Watcher:
    def __init__(self) -> None:
        self.moves: list[MoveStat] = []
        self.running = 0

    def moved(self, stat: MoveStat) -> None:
        self.moves.append(stat)

    def running_changed(self, delta: int) -> None:
        self.running += delta


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    store = await Storage.open(tmp_path / "w.sqlite3")
    yield store
    await store.close()


async def started(tables: Tables, channel: str, seats: list[str] = SEATS) -> int:
    await tables.open_lobby("1", channel, "darkmoon", seats[0], {})
    for seat in seats[1:]:
        await tables.join(channel, seat)
    record, _ = await tables.start(channel, seats[0])
    return record.id


def test_state_cache_keeps_the_most_recently_used() -> None:
    cache = StateCache(2)
    a, b, c = Snapshot(n=1), Snapshot(n=2), Snapshot(n=3)
    cache.put(1, 5, a)
    cache.put(2, 5, b)
    assert cache.get(1, 5) is a  # 1 is now the most recently used
    cache.put(3, 1, c)
    assert cache.games() == [1, 3] and 2 not in cache
    assert cache.get(1, 6) is None  # another version: not the caller's state
    cache.put(3, 2, c)  # a newer version of a kept game does not evict anyone
    assert cache.games() == [1, 3] and len(cache) == 2
    cache.drop(1)
    cache.drop(99)
    assert cache.games() == [3]
    with pytest.raises(ValueError, match="at least one"):
        StateCache(0)


@pytest.mark.rule("BOT-SCALE-1")
async def test_the_cache_is_bounded_and_reads_back_what_left(storage: Storage) -> None:
    tables = Tables(storage, new_seed=lambda: 7, cache_size=2)
    first = await started(tables, "c1")
    second = await started(tables, "c2")
    record = await storage.get_game(first)
    assert record is not None
    kept = tables.state_of(record)  # first becomes the most recently used
    third = await started(tables, "c3")
    assert tables._cache.games() == [first, third]  # second was the least recently used
    loaded = await storage.get_game(second)
    assert loaded is not None
    again = tables.state_of(loaded)  # read back from its record, and kept again
    assert RS.dump_state(again) == loaded.state
    assert tables._cache.games() == [third, second]
    assert tables.state_of(record) is not kept  # first left meanwhile: decoded anew
    assert RS.dump_state(tables.state_of(record)) == RS.dump_state(kept)


@pytest.mark.rule("BOT-SCALE-1")
async def test_ended_and_finished_games_leave_the_cache(storage: Storage) -> None:
    watcher = Watcher()
    tables = Tables(storage, new_seed=lambda: 1, cache_size=8, watchers=[watcher])
    ended = await started(tables, "c1")
    playing = await started(tables, "c2")
    await tables.open_lobby("1", "c3", "darkmoon", "11", {})
    await tables.end("c3", "11", moderator=False)  # a lobby ending is no running game
    assert watcher.running == 2
    await tables.end("c1", "11", moderator=False)
    assert ended not in tables._cache and watcher.running == 1
    record = await storage.get_game(ended)
    assert record is not None
    tables.state_of(record)  # a look at an ended game does not keep it
    assert ended not in tables._cache
    agent = random.Random(1)
    result = None
    while result is None or not result.finished:
        record = await storage.get_game(playing)
        assert record is not None and record.version < 500
        state = tables.state_of(record)
        assert playing in tables._cache
        seat = agent.choice(RS.pending(state)).seat
        result = await tables.play(playing, seat, agent.choice(RS.legal_actions(state, seat)).key)
    assert result.record.status == "finished"
    assert playing not in tables._cache and len(tables._cache) == 0
    assert watcher.running == 0
    assert [m.finished for m in watcher.moves].count(True) == 1 and watcher.moves[-1].finished


@pytest.mark.rule("BOT-SCALE-1")
async def test_a_user_in_three_games_among_many_finds_theirs(storage: Storage) -> None:
    tables = Tables(storage, new_seed=lambda: 3)
    mine = []
    for n in range(12):
        seats = [f"{n}1", f"{n}2", "77" if n in (2, 5, 9) else f"{n}3"]
        game = await started(tables, f"c{n}", seats)
        if "77" in seats:
            mine.append(game)
    assert [g.id for g in await storage.games_of_user("77")] == mine
    with pytest.raises(UserError, match="several games"):
        await tables.game_of_user("77")
    await tables.end("c2", "21", moderator=False)
    await tables.end("c5", "51", moderator=False)
    record = await tables.game_of_user("77")  # one running game left: that one
    assert record.id == mine[2] and record.state is not None and "77" in record.seats
    with pytest.raises(UserError, match="not in a running game"):
        await tables.game_of_user("88")


@pytest.mark.rule("BOT-SCALE-1")
async def test_every_move_writes_one_line(storage: Storage, caplog: pytest.LogCaptureFixture
                                          ) -> None:
    watcher = Watcher()
    tables = Tables(storage, new_seed=lambda: 5, watchers=[watcher])
    game = await started(tables, "c1")
    record = await storage.get_game(game)
    assert record is not None
    state = tables.state_of(record)
    agent = random.Random(2)
    caplog.set_level(logging.INFO, logger="warden.moves")
    played = []
    for _ in range(3):
        seat = agent.choice(RS.pending(state)).seat
        action = agent.choice(RS.legal_actions(state, seat))
        state = (await tables.play(game, seat, action.key)).state
        played.append((seat, action.key.split(":", 1)[0], state.version))  # type: ignore[attr-defined]
    lines = [r for r in caplog.records if r.name == "warden.moves"]
    assert len(lines) == 3
    for line, (seat, kind, version), stat in zip(lines, played, watcher.moves, strict=True):
        fields = line.fields  # type: ignore[attr-defined]
        assert (fields["game"], fields["seat"], fields["action"], fields["version"]) == (
            game, seat, kind, version)
        assert fields["ms"] == round(stat.seconds * 1000, 2) and fields["ms"] >= 0
        assert fields["ruleset"] == "darkmoon" and fields["by_player"] is True
        assert f"action={kind} " in line.getMessage()
        data = json.loads(JsonFormatter().format(line))
        assert {k: data[k] for k in fields} == fields
        assert data["logger"] == "warden.moves" and data["level"] == "INFO"
        assert data["message"] == line.getMessage()
    with pytest.raises(UserError):  # a refused move writes no line
        await tables.play(game, "999", "reveal")
    assert len([r for r in caplog.records if r.name == "warden.moves"]) == 3


def test_the_log_format_is_a_setting(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    try:
        for fmt in ("json", "text"):
            settings = Settings(WARDEN_LOG_FORMAT=fmt)  # type: ignore[call-arg]
            configure_logging("info", settings.log_format)
            logging.getLogger("warden.test").warning("hello %s", "there")
            line = capsys.readouterr().err.strip().splitlines()[-1]
            if fmt == "json":
                data = json.loads(line)
                assert (data["message"], data["level"], data["logger"]) == (
                    "hello there", "WARNING", "warden.test")
            else:
                assert line.endswith("WARNING warden.test: hello there")
        assert Settings().log_format == "text"
        with pytest.raises(ValueError, match=r"WARDEN_LOG_FORMAT"):
            Settings(WARDEN_LOG_FORMAT="xml")  # type: ignore[call-arg]
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)


def test_discord_paths_become_few_route_labels() -> None:
    from bot.metrics import route_of

    assert route_of("/api/v10/channels/3000/messages/123456789012345678") == \
        "/channels/{id}/messages/{id}"
    assert route_of("/api/v10/interactions/1300/aW50ZXJhY3Rpb24.x-y_z/callback") == \
        "/interactions/{id}/{token}/callback"
    assert route_of("/api/v10/webhooks/1000/tok/messages/@original") == \
        "/webhooks/{id}/{token}/messages/@original"
    assert route_of("/api/v10/users/@me/channels") == "/users/@me/channels"
    assert route_of("/api/v10/applications/1000/commands") == "/applications/{id}/commands"
