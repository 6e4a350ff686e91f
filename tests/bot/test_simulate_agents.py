"""`python -m bot simulate --agents ... --budget N --json` and `bench --agents`: computer
players seated per seat (rotating each game), their wins and sides counted, the JSON
tally as the last line; decisions timed per ruleset, rulesets the ai cannot play named
and skipped."""

from __future__ import annotations

import json

import pytest

from bot import bench, cli_options
from bot.__main__ import main
from bot.simulate import play_agents, seat_agents
from rules import get_ruleset


def test_agents_rotate_one_seat_further_each_game() -> None:
    names = ["ai", "random", "default"]
    assert seat_agents(names, 3, 0) == ["ai", "random", "default"]
    assert seat_agents(names, 3, 1) == ["default", "ai", "random"]
    assert seat_agents(names, 3, 2) == ["random", "default", "ai"]
    assert seat_agents(names, 3, 3) == seat_agents(names, 3, 0)
    assert seat_agents(["random"], 4, 5) == ["random"] * 4


def test_simulate_json_counts_seats_wins_and_sides(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "4", "--games", "3", "--seed", "5", "--agents",
                 "ai,random,default,random", "--budget", "2", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    report = json.loads(out[-1])
    assert list(report) == ["ruleset", "players", "games", "moves_per_game", "agents",
                            "sides"]
    assert (report["ruleset"], report["players"], report["games"]) == ("darkmoon", 4, 3)
    assert report["moves_per_game"] > 10
    agents = report["agents"]
    assert sorted(agents) == ["ai", "default", "random"]
    assert [agents[a]["seats"] for a in ("ai", "default", "random")] == [3, 3, 6]
    for numbers in agents.values():
        assert list(numbers) == ["seats", "wins", "decision_ms_p50", "decision_ms_p95"]
        assert 0 <= numbers["wins"] <= numbers["seats"]
        assert 0 <= numbers["decision_ms_p50"] <= numbers["decision_ms_p95"]
    sides = report["sides"]
    assert sum(s["seats"] for s in sides.values()) == 12
    assert sum(s["wins"] for s in sides.values()) == sum(a["wins"] for a in agents.values())
    assert set(sides) <= {"infected", "uninfected", "company man", "player"}
    assert any(line.startswith("agents: ai, random, default, random") for line in out)
    assert any(line.startswith("  ai as ") for line in out)


def test_a_game_of_agents_records_each_seat_and_decision() -> None:
    rs = get_ruleset("darkmoon")
    run = play_agents(rs, ["default", "random", "random"], seed=3, budget=1)
    assert list(run.agents.values()) == ["default", "random", "random"]
    assert run.steps == len(run.keys) == len(run.decisions)
    assert {name for name, _ in run.decisions} <= {"default", "random"}
    assert set(run.sides) == set(run.agents)
    again = play_agents(rs, ["default", "random", "random"], seed=3, budget=1)
    assert again.keys == run.keys  # seeded: the same game


def test_bad_agents_are_refused_with_exit_2(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["simulate", "--players", "3", "--agents", "ai,genius,random"]) == 2
    assert "There is no agent 'genius'" in capsys.readouterr().err
    assert main(["simulate", "--players", "4", "--agents", "ai,random"]) == 2
    assert "one name for every seat or one per seat" in capsys.readouterr().err
    monkeypatch.setattr(cli_options, "can_determinize", lambda rs: False)
    assert main(["simulate", "--players", "3", "--agents", "ai"]) == 2
    assert "The ai cannot play Dark Moon yet" in capsys.readouterr().err
    assert main(["simulate", "--players", "3", "--games", "1", "--agents", "random"]) == 0


def test_bench_times_the_agents_and_skips_what_the_ai_cannot_play(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["bench", "--ruleset", "darkmoon", "--players", "4", "--agents", "ai",
                 "--budget", "3", "--decisions", "3", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "Dark Moon, 4 players, ai (budget 3), 3 decisions:" in out
    assert "decision_cpu_ms_p95" in out and "playouts_per_cpu_s" in out
    monkeypatch.setattr(bench, "can_determinize", lambda rs: rs.name == "darkmoon")
    assert main(["bench", "--agents", "ai", "--budget", "2", "--decisions", "2"]) == 0
    out = capsys.readouterr().out
    assert "Dark Moon, 5 players, ai (budget 2), 2 decisions:" in out
    assert "Nemesis: skipped, the ai cannot play it yet" in out


def test_agents_by_side_play_the_side_each_seat_is_dealt(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "5", "--games", "2", "--seed", "3", "--agents",
                 "uninfected=default,random", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    report = json.loads(out[-1])
    assert report["agents"]["default"]["seats"] == report["sides"]["uninfected"]["seats"] == 6
    assert report["agents"]["random"]["seats"] == report["sides"]["infected"]["seats"] == 4
    assert any(line.startswith("  default as uninfected: 6 seats") for line in out)
    assert main(["simulate", "--players", "5", "--agents", "uninfected=ai,random,default"]) == 2
    assert "at most one plain name" in capsys.readouterr().err
    assert main(["simulate", "--players", "5", "--agents", "uninfected=default"]) == 2
    assert "no agent for the side 'infected'" in capsys.readouterr().err
