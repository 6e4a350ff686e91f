"""benchmarks/strength.py: the strength table's runs go on where they stopped, count
each game once, and report what `simulate --json` reports for the same games."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from bot.simulate import play_agents, seat_agents
from rules import get_ruleset


def _load_strength() -> ModuleType:
    """benchmarks/ is a folder of scripts, not an installed package: load the script by
    its path (its worker processes find it by this name)."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "strength.py"
    spec = importlib.util.spec_from_file_location("strength_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["strength_bench"] = module
    spec.loader.exec_module(module)
    return module


strength = _load_strength()

LINE = "lockdown-solo/random"


def test_a_run_goes_on_where_it_stopped_and_never_plays_a_game_twice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.jsonl"
    strength.run(out, [LINE, "darkmoon/crew=default"], games=2, jobs=1)
    assert strength.done(out) == {(LINE, 0), (LINE, 1), ("darkmoon/crew=default", 0),
                                  ("darkmoon/crew=default", 1)}
    strength.run(out, [LINE], games=3, jobs=1)
    records = out.read_text().splitlines()
    assert len(records) == 5
    assert sorted(json.loads(r)["game"] for r in records
                  if json.loads(r)["line"] == LINE) == [0, 1, 2]
    capsys.readouterr()
    # a second file holding one of the same games: counted once
    twin = tmp_path / "t.jsonl"
    twin.write_text(records[0] + "\n")
    strength.report([out, twin], [LINE])
    text = capsys.readouterr().out
    assert '"games": 3' in text


def test_a_game_record_is_the_simulated_game() -> None:
    line = strength.LINES["darkmoon/infected=random"]
    rec = strength.play(line, 4)
    rs = get_ruleset("darkmoon")
    run = play_agents(rs, seat_agents(["random"], 5, 4), line.seed(4), 500,
                      by_side={"infected": "random", "*": "policy"})
    assert rec["steps"] == run.steps and rec["reason"] == run.outcome.reason
    assert {seat: v[:3] for seat, v in rec["seats"].items()} == {
        seat: [name, run.sides[seat], seat in run.outcome.winners]
        for seat, name in run.agents.items()}
    assert all(v[3] is None for v in rec["seats"].values())  # Dark Moon: no survival


def test_the_report_gives_each_agent_its_rate_and_interval(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    strength.run(out, ["nemesis/one=random"], games=2, jobs=1)
    capsys.readouterr()
    strength.report([out], ["nemesis/one=random"])
    rows = [r for r in capsys.readouterr().out.splitlines() if r.startswith("| nemesis")]
    assert [r.split(" | ")[1] for r in rows] == ["policy", "random"]
    assert [r.split(" | ")[2] for r in rows] == ["6", "2"]


def test_wilson_intervals() -> None:
    assert strength.wilson(0, 0) == (0.0, 1.0)
    lo, hi = strength.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-3)
    lo, hi = strength.wilson(5, 10)
    assert (lo, hi) == (pytest.approx(0.2366, abs=1e-3), pytest.approx(0.7634, abs=1e-3))
    lo, hi = strength.wilson(180, 200)
    assert lo > 0.85 and hi < 0.94


def test_a_game_the_engine_fails_in_is_recorded_and_the_run_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    real = strength.play

    def flaky(line: strength.Line, game: int) -> dict[str, object]:
        if game == 1:
            raise IndexError("list index out of range")
        return real(line, game)

    monkeypatch.setattr(strength, "play", flaky)
    out = tmp_path / "s.jsonl"
    strength.run(out, [LINE], games=3, jobs=1)
    assert strength.done(out) == {(LINE, 0), (LINE, 1), (LINE, 2)}
    capsys.readouterr()
    strength.report([out], [LINE])
    text = capsys.readouterr().out
    assert f"{LINE} game 1 FAILED: IndexError: list index out of range" in text
    assert '"games": 2' in text
