"""`python -m bot` entry points: run without a token, simulate, replay, bench."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.games import Tables
from bot.storage import Storage
from rules import get_ruleset


def test_run_without_token_explains_and_fails(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "No Discord token" in err and "DISCORD_TOKEN=" in err


def test_simulate_prints_wins_and_renders(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out_dir = tmp_path / "boards"
    assert main(["simulate", "--players", "4", "--games", "3", "--seed", "9",
                 "--render", str(out_dir)]) == 0
    text = capsys.readouterr().out
    assert "3 games of Dark Moon with 4 players" in text and "wins by team" in text
    pngs = sorted(out_dir.glob("*.png"))
    assert pngs and pngs[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_replay_command_checks_the_snapshot(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "w.sqlite3"

    async def make_game() -> int:
        storage = await Storage.open(db)
        tables = Tables(storage, new_seed=lambda: 77)
        await tables.open_lobby("1", "9", "darkmoon", "1", {})
        for seat in ("2", "3"):
            await tables.join("9", seat)
        record, state = await tables.start("9", "1")
        rs = get_ruleset("darkmoon")
        agent = random.Random(1)
        for _ in range(25):
            seat = agent.choice(rs.pending(state)).seat
            state = (await tables.play(record.id, seat,
                                       agent.choice(rs.legal_actions(state, seat)).key)).state
        await storage.close()
        return record.id

    game_id = asyncio.run(make_game())
    assert main(["replay", str(game_id), "--database", str(db), "--log"]) == 0
    out = capsys.readouterr().out
    assert "25 moves; replay reproduces the stored snapshot" in out
    assert len([line for line in out.splitlines() if "\t" in line]) == 25


def test_bench_prints_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--players", "3", "--games", "2", "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    assert "apply_mean_us" in out and "games_per_s" in out and "render_p95_ms" in out
