"""Two Warden processes (shards 0 and 1 of 2) on one PostgreSQL, against the fake
Discord server of this test process. A game in a server of shard 1 is played with its
secret choices answered from DMs (which Discord delivers to shard 0); the process of
shard 1 is killed with SIGKILL in the middle of the game, DM answers go on meanwhile,
then it starts again. Nothing is lost, nothing is applied twice, the table is told
what it missed, and the game replays to its stored snapshot."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from fake_discord import FakeDiscord, iter_components
from test_warden_shards import PLAYERS, SHARD1_CHANNEL, add_shard1_server
from warden_helpers import TEST_DEFER_AFTER

from bot.feed import BOARD
from bot.replay import replay_game
from bot.storage import GameRecord, GameStore, open_storage
from rules import get_ruleset

RS = get_ruleset("darkmoon")
LAUNCHER = Path(__file__).with_name("shard_process.py")
KILL_AFTER = 25  # moves before shard 1's process is killed
WAIT = 30.0  # seconds a process gets to start, or to tell the table (generous)


@pytest.fixture
def fake_discord_options() -> dict[str, object]:
    return {"rate_limit_scale": 0.05, "shard_count": 2, "settle_time": 0.1, "timeout": 20.0}


class ShardProcess:
    def __init__(self, fake: FakeDiscord, shard: int, database: str, tmp: Path) -> None:
        self.fake, self.shard, self.tmp = fake, shard, tmp
        self.env = {**os.environ, "FAKE_DISCORD_API": fake.api_base,
                    "FAKE_DISCORD_GATEWAY": str(fake.gateway_url), "DISCORD_TOKEN": "x",
                    "WARDEN_DATABASE": database, "WARDEN_SHARD_COUNT": "2",
                    "WARDEN_SHARDS": str(shard), "WARDEN_TEST_SEED": "41",
                    "WARDEN_BOARD_EDIT_INTERVAL": "0.06", "WARDEN_LOG_LEVEL": "INFO",
                    # answers never deferred (see warden_helpers.TEST_DEFER_AFTER)
                    "WARDEN_DEFER_AFTER_SECONDS": str(TEST_DEFER_AFTER)}
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    async def start(self) -> None:
        self.starts += 1
        log = (self.tmp / f"shard{self.shard}-{self.starts}.log").open("wb")
        self.proc = subprocess.Popen([sys.executable, str(LAUNCHER)], cwd=self.tmp,
                                     env=self.env, stdout=log, stderr=subprocess.STDOUT)
        await until(self.online, f"shard {self.shard}'s process connects", self.log)

    async def online(self) -> bool:
        if self.proc is not None and self.proc.poll() is not None:
            raise AssertionError(f"shard {self.shard}'s process exited:\n{self.log()}")
        return any(s.online and s.shard == [self.shard, 2]
                   for s in self.fake._sessions.values())

    def log(self) -> str:
        return (self.tmp / f"shard{self.shard}-{self.starts}.log").read_text()[-4000:]

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()  # SIGKILL: no goodbye, no cleanup
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


async def until(check: Callable[[], Awaitable[bool]], what: str,
                detail: Callable[[], str] = lambda: "") -> None:
    """Wait for another process to reach a state (polled; fails after WAIT seconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not await check():
        if loop.time() > deadline:
            pytest.fail(f"timed out waiting until {what}\n{detail()}", pytrace=False)
        await asyncio.sleep(0.05)


async def game(storage: GameStore) -> GameRecord:
    record = await storage.get_game(1)
    assert record is not None
    return record


@pytest.mark.rule("BOT-PERSIST-1")
@pytest.mark.rule("BOT-LOG-1")
async def test_two_shard_processes_one_killed_mid_game(fake_discord: FakeDiscord,
                                                       tmp_path: Path, pg_url: str) -> None:
    fake = fake_discord
    add_shard1_server(fake)
    storage = await open_storage(pg_url)
    shards = [ShardProcess(fake, n, pg_url, tmp_path) for n in (0, 1)]
    agent = random.Random(17)
    accepted = 0
    try:
        for shard in shards:
            await shard.start()
        lobby = await fake.slash(PLAYERS[0], SHARD1_CHANNEL, "game", "new", ruleset="darkmoon")
        for uid in PLAYERS[1:]:
            await fake.click(uid, lobby.message, label="Join")
        await fake.click(PLAYERS[0], lobby.message, label="Start")
        await until(lambda: storage_status(storage, "running"), "the game starts")

        async def move(public_ok: bool) -> bool:
            """One random legal move (secret ones by /move in a DM); False when only a
            public move is possible and that is not allowed now."""
            nonlocal accepted
            record = await game(storage)
            state = RS.load_state(record.state or "")
            prompts = [p for p in RS.pending(state) if public_ok or p.secret]
            if not prompts:
                return False
            prompt = agent.choice(prompts)
            action = agent.choice(RS.legal_actions(state, prompt.seat))
            where = fake.dm_channel_id(int(prompt.seat)) if prompt.secret else SHARD1_CHANNEL
            done = await fake.slash(int(prompt.seat), where, "move", action=action.key)
            assert done.response.content.startswith("Done:"), done.response.content
            accepted += 1
            assert (await game(storage)).version == record.version + 1
            return True

        played = 0
        while played < KILL_AFTER or not any(
                p.secret for p in RS.pending(RS.load_state((await game(storage)).state or ""))):
            await move(public_ok=True)
            played += 1
            assert played < 300, "no secret decision came up"
        # shard 1's process dies; DMs still reach shard 0's, which stores those moves
        shards[1].kill()
        down = (await game(storage)).version
        while (await game(storage)).status == "running" and await move(public_ok=False):
            pass
        missed = (await game(storage)).version - down
        kept = await storage.table_message(1, BOARD)
        assert kept is not None and kept.version <= down  # nobody told the table

        await shards[1].start()  # a new process for shard 1 tells the table what it missed
        target = (await game(storage)).version
        await until(lambda: board_version_is(storage, target), "the table is told",
                    shards[1].log)
        for _ in range(600):
            if (await game(storage)).status != "running":
                break
            await move(public_ok=True)
        final = await game(storage)
        assert final.status == "finished"
        await until(lambda: board_version_is(storage, final.version), "the end is told",
                    shards[1].log)
        await fake.settle()
    finally:
        for shard in shards:
            shard.stop()
    try:
        log = await storage.moves(1)
        assert [m.seq for m in log] == list(range(1, final.version + 1))  # no gap, no twice
        assert len(log) == accepted  # every accepted move stored once, nothing else
        report = await replay_game(storage, 1)
        assert report.matches, report.detail
        recaps = [m for m in fake.messages_in(SHARD1_CHANNEL, include_ephemeral=False)
                  if any(c.get("label") == "Rematch" for c in iter_components(m.components))]
        assert len(recaps) == 1
        print(f"moves {len(log)}, stored by shard 0 while shard 1 was down: {missed}")
        assert missed >= 1
    finally:
        await storage.close()


async def storage_status(storage: GameStore, status: str) -> bool:
    record = await storage.get_game(1)
    return record is not None and record.status == status


async def board_version_is(storage: GameStore, version: int) -> bool:
    kept = await storage.table_message(1, BOARD)
    return kept is not None and kept.version >= version
