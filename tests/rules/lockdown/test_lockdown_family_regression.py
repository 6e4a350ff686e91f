"""Lockdown plays exactly as it did before its shared mechanics moved into the Nemesis
family layer (rules/nemesis): games recorded with the engine before the move (both
board sides; semi-coop at 2 and 4 players, coop at 3, solo) replay to the same events
(kind, text, addressee, data, in order), the same outcome and a byte-identical final
state. The fixture was recorded once, before the move (record_lockdown_games.py)."""

from __future__ import annotations

from typing import Any

import pytest
from record_lockdown_games import SEEDS, TABLES, load, replay

GAMES = load()


def _name(game: dict[str, Any]) -> str:
    o = game["options"]
    return f"{o['board']}-{o['mode']}-{len(game['seats'])}p-seed{game['seed']}"


def test_the_fixture_covers_each_side_and_mode() -> None:
    tables = {(g["options"]["board"], g["options"]["mode"], len(g["seats"])) for g in GAMES}
    assert tables == set(TABLES)
    assert len(GAMES) == len(TABLES) * len(SEEDS)
    assert all(g["moves"] and g["events"] for g in GAMES)


@pytest.mark.rule("NX-END-1")
@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_a_recorded_game_replays_identically(game: dict[str, Any]) -> None:
    again = replay(game)
    assert again["events"] == game["events"]
    assert again["events_sha256"] == game["events_sha256"]
    assert again["outcome"] == game["outcome"]
    assert again["final_sha256"] == game["final_sha256"]
