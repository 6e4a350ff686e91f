"""The games' kits as the registry finds them through the `warden.games` entry points."""

from __future__ import annotations

import pytest

from rules import get_kit, get_ruleset, list_kits, list_rulesets
from rules.core.kit import GameKit
from rules.registry import load_games

GAMES = ("darkmoon", "lockdown", "nemesis")


def test_the_three_games_are_registered_by_their_kits() -> None:
    assert list_kits()[:3] == list(GAMES)  # sorted; an installed test game comes after
    assert list_rulesets() == list_kits()
    for name in list_kits():
        kit = get_kit(name)
        assert isinstance(kit, GameKit) and kit.name == name
        assert get_ruleset(name) is kit.ruleset


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="unknown ruleset 'nova'; known: darkmoon, lockdown"):
        get_kit("nova")


@pytest.mark.parametrize("name", GAMES)
def test_each_kit_shows_a_new_game(name: str) -> None:
    """Board, summary, sheet and help of a freshly dealt game, through the kit alone."""
    kit = get_kit(name)
    rs = kit.ruleset
    seats = [str(1000 + i) for i in range(max(3, rs.min_players))]
    state = rs.new_game(seats, 1, rs.Options())
    public = rs.view(state, None)
    assert kit.board(public, {seats[0]: "Ann"}).startswith(b"\x89PNG\r\n\x1a\n")
    assert kit.summary(public, None).startswith(f"**{kit.title.split(': ')[-1]}**")
    mine = rs.view(state, seats[0])
    assert kit.sheet(mine, getattr(mine, "me", None))
    topics = [e for e in kit.help() if not e.group]
    assert topics and len({e.key for e in kit.help()}) > len(topics)


class _Point:
    """An entry point as importlib.metadata gives it (name, value, load)."""

    def __init__(self, name: str, value: object, fails: bool = False) -> None:
        self.name, self.value, self._loaded, self._fails = name, f"pkg:{name}", value, fails

    def load(self) -> object:
        if self._fails:
            raise ImportError("No module named 'pkg'")
        return self._loaded


def test_a_broken_game_is_left_out_and_the_others_still_load() -> None:
    """One installed game that fails to import, is not a kit, or is named otherwise than
    its entry point does not take the others down: it is set aside with why."""
    dark = get_kit("darkmoon")
    games = load_games([_Point("darkmoon", dark), _Point("nova", None, fails=True),
                        _Point("odd", object()), _Point("lockdown", dark)])
    assert list(games.kits) == ["darkmoon"] and games.kits["darkmoon"] is dark
    assert games.broken == {
        "nova": "pkg:nova failed to load: ImportError: No module named 'pkg'",
        "odd": "pkg:odd is not a GameKit but object",
        "lockdown": "pkg:lockdown names the game 'darkmoon': the entry point and the "
                    "ruleset's name must agree"}

