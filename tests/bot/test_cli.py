"""`python -m bot` entry points: run without a token, simulate, replay, bench."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Literal, get_args, get_origin

import pytest
from pydantic import BaseModel, Field

import bot.app
from bot import storage as storage_mod
from bot.__main__ import main
from bot.cli_options import OptionError, parse_options
from bot.games import Tables
from bot.storage import Storage, StorageOpenError
from rules import get_ruleset, list_rulesets

REPO = Path(__file__).resolve().parents[2]


def test_run_without_token_explains_and_fails(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "No Discord token" in err and "DISCORD_TOKEN=" in err


def test_env_example_copied_to_env_asks_for_a_token(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    """The README's steps: copy .env.example to .env and run; the empty token is
    explained before anything else happens (no database file is made yet)."""
    shutil.copy(REPO / ".env.example", tmp_path / ".env")
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "WARDEN_DATABASE", "WARDEN_DEV_GUILD"):
        monkeypatch.delenv(name, raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "No Discord token" in err and "developers/applications" in err
    assert not (tmp_path / "warden.sqlite3").exists()


@pytest.mark.parametrize(("shards", "count", "said"), [
    ("0", None, "WARDEN_SHARDS needs WARDEN_SHARD_COUNT"),
    ("2", "2", "shard ids run from 0 to 1"),
    ("1", "2", "must share one PostgreSQL database"),
])
def test_shard_settings_that_cannot_work_are_explained(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        shards: str, count: str | None, said: str) -> None:
    """Bad shard settings stop `python -m bot` with one sentence, before connecting; a
    partial set of shards on SQLite too (other processes could not share the file)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("WARDEN_DATABASE", str(tmp_path / "w.db"))
    monkeypatch.setenv("WARDEN_SHARDS", shards)
    if count is None:
        monkeypatch.delenv("WARDEN_SHARD_COUNT", raising=False)
    else:
        monkeypatch.setenv("WARDEN_SHARD_COUNT", count)
    assert main([]) == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "w.db").exists()


def test_shard_list_settings_read_ranges() -> None:
    from bot.settings import Settings

    settings = Settings(WARDEN_SHARD_COUNT=6, WARDEN_SHARDS="0, 2-4")  # type: ignore[call-arg]
    assert settings.shards == (0, 2, 3, 4)
    assert Settings(WARDEN_SHARDS="").shards is None  # type: ignore[call-arg]


def _folder(tmp: Path) -> Path:
    (tmp / "db").mkdir()
    return tmp / "db"


def _junk(tmp: Path) -> Path:
    path = tmp / "junk.sqlite3"
    path.write_bytes(random.Random(3).randbytes(8192))
    return path


def _foreign(tmp: Path) -> Path:
    path = tmp / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)")
    return path


def _lookalike(tmp: Path) -> Path:
    """A schema_version table like Warden's, but tables of another shape."""
    path = tmp / "lookalike.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, "
                     "applied_at TEXT NOT NULL)")
        conn.execute("INSERT INTO schema_version VALUES (1, '2024-01-01')")
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        conn.execute("CREATE TABLE moves (game_id INTEGER)")
    return path


def _newer(tmp: Path) -> Path:
    path = tmp / "newer.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, "
                     "applied_at TEXT NOT NULL)")
        conn.execute("INSERT INTO schema_version VALUES (999, '2024-01-01')")
    return path


BAD_DATABASES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "a folder": (_folder, "is a folder, not a database file"),
    "a missing folder": (lambda tmp: tmp / "nowhere" / "w.sqlite3", "does not exist"),
    "random bytes": (_junk, "is not a SQLite database"),
    "another program's database": (_foreign, "not one of Warden's (it holds the tables games)"),
    "tables of another shape": (_lookalike, "'games' table that Warden did not make"),
    "a newer schema": (_newer, "written by a newer Warden"),
}


@pytest.mark.parametrize("case", sorted(BAD_DATABASES))
def test_an_unusable_database_is_explained_before_going_online(
        case: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    make, says = BAD_DATABASES[case]
    path = make(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("WARDEN_DATABASE", str(path))

    def no_discord(*args: object) -> object:
        raise AssertionError("the bot went online with an unusable database")

    monkeypatch.setattr(bot.app, "make_bot", no_discord)
    assert main([]) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and "WARDEN_DATABASE" in err and str(path) in err
    assert "\n" not in err and "Traceback" not in err  # one paragraph


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root may write anywhere")
def test_a_database_without_permission_is_explained(tmp_path: Path) -> None:
    path = tmp_path / "locked.sqlite3"
    path.touch()
    path.chmod(0o400)
    with pytest.raises(StorageOpenError, match="permission denied"):
        asyncio.run(Storage.open(path))


def test_permission_problems_are_named(monkeypatch: pytest.MonkeyPatch,
                                       tmp_path: Path) -> None:
    """The wording for a refused file, with the access check answering "no" (the tests
    may run as root, whom the file system never refuses)."""
    path = tmp_path / "w.sqlite3"
    path.touch()
    monkeypatch.setattr(os, "access", lambda *args: False)
    error = StorageOpenError.explain(path, sqlite3.OperationalError("unable to open"))
    assert "may not read and write" in error.problem and "permissions" in error.advice


def test_a_usable_database_lets_the_bot_start(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import discord

    class Refused:
        def run(self, token: str, log_handler: object = None) -> None:
            raise discord.LoginFailure("bad token")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("WARDEN_DATABASE", str(tmp_path / "w.sqlite3"))
    monkeypatch.setattr(bot.app, "make_bot", lambda settings: Refused())
    assert main([]) == 2
    assert "Discord refused the token" in capsys.readouterr().err
    assert asyncio.run(_schema_version(tmp_path / "w.sqlite3")) == storage_mod.SCHEMA_VERSION


async def _schema_version(path: Path) -> int:
    async with await Storage.open(path) as storage:
        return await storage.schema_version()


def test_python_m_bot_exits_2_without_a_traceback(tmp_path: Path) -> None:
    junk = _junk(tmp_path)
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "WARDEN_DATABASE": str(junk),
           "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "is not a SQLite database" in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_simulate_prints_wins_and_renders(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out_dir = tmp_path / "boards"
    assert main(["simulate", "--players", "4", "--games", "3", "--seed", "9",
                 "--render", str(out_dir)]) == 0
    text = capsys.readouterr().out
    assert "3 games of Dark Moon with 4 players" in text and "wins by team" in text
    pngs = sorted(out_dir.glob("*.png"))
    assert pngs and pngs[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("ruleset", ["darkmoon", "lockdown", "nemesis"])
def test_replay_command_checks_the_snapshot(tmp_path: Path, ruleset: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "w.sqlite3"

    async def make_game() -> int:
        storage = await Storage.open(db)
        tables = Tables(storage, new_seed=lambda: 77)
        await tables.open_lobby("1", "9", ruleset, "1", {})
        for seat in ("2", "3"):
            await tables.join("9", seat)
        record, state = await tables.start("9", "1")
        rs = get_ruleset(ruleset)
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


def test_simulate_and_bench_play_the_original_nemesis(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "nemesis", "--players", "3", "--games", "2",
                 "--seed", "4"]) == 0
    text = capsys.readouterr().out
    assert "2 games of Nemesis with 3 players" in text and "winners per game" in text
    assert main(["bench", "--ruleset", "nemesis", "--players", "4", "--games", "2",
                 "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    assert "apply_mean_us" in out and "games_per_s" in out and "state_json_max_bytes" in out


# ------------------------------------------------------------------ --option key=value
class _Knobs(BaseModel):
    """Every kind of field an Options model may have."""

    level: Literal["easy", "hard"] = "easy"
    rounds: int = Field(3, ge=1, le=9)
    fast: bool = False
    pick: str | None = Field(None, description="a card id, or none")
    name: str = "x"


KNOBS = SimpleNamespace(title="Knobs", Options=_Knobs)


def _literal_values(ruleset: str, key: str) -> tuple[Any, ...]:
    field = get_ruleset(ruleset).Options.model_fields.get(key)
    if field is None or get_origin(field.annotation) is not Literal:
        return ()
    return get_args(field.annotation)


def test_option_values_read_as_their_field_type() -> None:
    opts = parse_options(KNOBS, ["level=hard", "rounds=7", "fast=yes", "pick=none",
                                 "name=Ada Lovelace"])  # type: ignore[arg-type]
    assert opts == _Knobs(level="hard", rounds=7, fast=True, pick=None, name="Ada Lovelace")
    assert parse_options(KNOBS, ["fast=off", "pick=c7"]) == _Knobs(  # type: ignore[arg-type]
        fast=False, pick="c7")
    assert parse_options(KNOBS, []) == _Knobs()  # type: ignore[arg-type]


@pytest.mark.parametrize(("pairs", "words"), [
    (["level=medium"], ["'medium' is not a value of level", "it takes easy|hard"]),
    (["rounds=many"], ["'many' is not a value of rounds", "a whole number 1-9"]),
    (["rounds=12"], ["rounds=12 is not valid for Knobs", "less than or equal to 9"]),
    (["fast=perhaps"], ["'perhaps' is not a value of fast", "true|false"]),
    (["speed=3"], ["Knobs has no option 'speed'"]),
    (["level"], ["--option takes key=value, not 'level'"]),
    (["level=hard", "level=easy"], ["'level' is given twice"]),
])
def test_a_bad_option_is_named_with_what_is_valid(pairs: list[str], words: list[str]) -> None:
    with pytest.raises(OptionError) as caught:
        parse_options(KNOBS, pairs)  # type: ignore[arg-type]
    text = str(caught.value)
    for word in words:
        assert word in text, text
    if "twice" not in text:  # the full list of keys and values follows the problem
        for line in ("level=easy|hard", "rounds=<a whole number 1-9>", "fast=true|false",
                     "pick=text|none (a card id, or none; default None)"):
            assert line in text, text


@pytest.mark.parametrize("ruleset", ["darkmoon", "lockdown"])
def test_every_value_of_every_literal_option_is_accepted(ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    for key, field in rs.Options.model_fields.items():
        for value in _literal_values(ruleset, key):
            assert getattr(parse_options(rs, [f"{key}={value}"]), key) == value
        if field.annotation is int:
            assert getattr(parse_options(rs, [f"{key}=5"]), key) == 5


def test_the_issue_example_is_accepted_or_refused_with_the_valid_values() -> None:
    """`--option mode=coop --option board=mars` works once the engine takes both values;
    until then the refusal names what Lockdown accepts today."""
    rs = get_ruleset("lockdown")
    pairs = ["mode=coop", "board=mars"]
    if "coop" in _literal_values("lockdown", "mode") and "mars" in _literal_values(
            "lockdown", "board"):
        opts = parse_options(rs, pairs)
        assert (opts.mode, opts.board) == ("coop", "mars")  # type: ignore[attr-defined]
        return
    with pytest.raises(OptionError) as caught:
        parse_options(rs, pairs)
    text = str(caught.value)
    assert "Options of Nemesis: Lockdown:" in text
    assert "mode=" + "|".join(_literal_values("lockdown", "mode")) in text


def test_simulate_and_bench_refuse_bad_options_with_exit_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    keys = list(get_ruleset("lockdown").Options.model_fields)
    for command in ("simulate", "bench"):
        assert main([command, "--ruleset", "lockdown", "--players", "2", "--games", "1",
                     "--option", "colour=blue"]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert f"python -m bot {command}: Nemesis: Lockdown has no option 'colour'" in \
            captured.err
        assert all(f"  {key}=" in captured.err for key in keys)
    assert main(["simulate", "--ruleset", "lockdown", "--option", "mode=chaos"]) == 2
    err = capsys.readouterr().err
    assert "'chaos' is not a value of mode" in err
    assert "|".join(_literal_values("lockdown", "mode")) in err
    assert main(["bench", "--ruleset", "nova"]) == 2
    known = ", ".join(list_rulesets())  # the three games, and any other installed
    assert known.startswith("darkmoon, lockdown, nemesis")
    assert f"There is no ruleset 'nova'. Known rulesets: {known}." in capsys.readouterr().err
    assert main(["simulate", "--players", "2"]) == 2  # Dark Moon seats 3-7
    assert "Dark Moon takes 3-7 players, not 2." in capsys.readouterr().err


def test_options_reach_every_simulated_and_benched_game(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    rs = get_ruleset("darkmoon")
    seen: list[BaseModel] = []
    real = rs.new_game

    def spy(seats: list[str], seed: int, options: BaseModel | None = None) -> Any:
        seen.append(options)  # type: ignore[arg-type]
        return real(seats, seed, options)

    monkeypatch.setattr(rs, "new_game", spy)
    wanted = rs.Options(task_deck="black", turn_timeout_minutes=4)
    assert main(["simulate", "--players", "3", "--games", "2", "--option", "task_deck=black",
                 "--option", "turn_timeout_minutes=4"]) == 0
    assert "options: Final event: random; Task deck: black; Turn timer: 4 min" in \
        capsys.readouterr().out
    assert seen == [wanted, wanted]
    seen.clear()
    assert main(["bench", "--players", "3", "--games", "1", "--repeats", "1",
                 "--option", "task_deck=black", "--option", "turn_timeout_minutes=4"]) == 0
    out = capsys.readouterr().out
    assert "Dark Moon, task_deck=black, turn_timeout_minutes=4, 3 players" in out
    # the start-up warm-up's game (defaults), then the warm-up game and the timed one
    assert seen == [rs.Options(), wanted, wanted]


def test_warm_up_loads_every_ruleset_and_freezes_the_start_up_heap() -> None:
    import gc

    from bot.warmup import warm_up

    try:
        frozen = warm_up()
        assert frozen > 10_000 and gc.get_freeze_count() >= frozen - 100
        from rules.darkmoon.cards import content as dm_content
        from rules.lockdown.cards import content as ld_content
        from rules.nemesis_original.cards import content as ne_content

        for loaded in (dm_content, ld_content, ne_content):
            assert loaded.cache_info().currsize == 1  # type: ignore[attr-defined]
    finally:
        gc.unfreeze()


def test_help_says_no_command_starts_the_bot(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "Without a command, `python -m bot` starts the bot" in out
    assert "none: start the bot" in out


def test_simulate_help_lists_every_ruleset_and_option_with_examples(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    for name in ("darkmoon", "lockdown", "nemesis"):
        assert f"{name}: Options of {get_ruleset(name).title}:" in out
        assert all(f"  {key}=" in out for key in get_ruleset(name).Options.model_fields)
    assert "--option expansion=true --option threats=true" in out  # the expansion, on


def test_options_that_do_not_go_together_are_named(capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    assert main(["simulate", "--players", "3", "--option", "threats=true"]) == 2
    err = capsys.readouterr().err
    first = err.splitlines()[0]
    assert first == ("python -m bot simulate: threats=true cannot be played in Dark Moon: "
                     "the Threats module needs the Shadow Corporation expansion: turn on "
                     "expansion too.")
    assert "options=" not in err and "Value error" not in err


def test_replay_refuses_a_missing_database_without_creating_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # a fresh checkout: no warden.sqlite3 yet
    monkeypatch.delenv("WARDEN_DATABASE", raising=False)
    assert main(["replay", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("python -m bot replay: there is no database file warden.sqlite3")
    assert list(tmp_path.iterdir()) == []
    assert main(["replay", "1", "--database", str(tmp_path / "missing" / "w.db")]) == 2
    err = capsys.readouterr().err
    assert "there is no database file" in err and "Traceback" not in err
    assert not (tmp_path / "missing").exists()
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    assert "--database DATABASE" in capsys.readouterr().out
