"""The layering inside rules/ (see rules/README.md), read from the project's import
graph (every import counts, inside functions and under TYPE_CHECKING too): rules/core
imports no game and not the family layer, the Nemesis family layer (rules/nemesis)
imports no game, no game imports another, Dark Moon does not use the family layer.
(No circle anywhere: tests/test_layers.py.)"""

from __future__ import annotations

import grimp
import pytest

GAMES = ("rules.lockdown", "rules.darkmoon", "rules.nemesis_original")
FAMILY = "rules.nemesis"


def _bad(graph: grimp.ImportGraph, package: str, forbidden: tuple[str, ...]
         ) -> list[tuple[str, str]]:
    return sorted((m, i) for m in graph.find_descendants(package) | {package}
                  for i in graph.find_modules_directly_imported_by(m)
                  if any(i == f or i.startswith(f + ".") for f in forbidden))


def test_the_graph_is_read(import_graph: grimp.ImportGraph) -> None:
    assert "rules.nemesis.state" in import_graph.find_modules_directly_imported_by(
        "rules.lockdown.state")
    assert len(import_graph.find_descendants(FAMILY)) >= 5


def test_core_imports_no_game(import_graph: grimp.ImportGraph) -> None:
    assert _bad(import_graph, "rules.core", (*GAMES, FAMILY)) == []


def test_the_family_layer_imports_no_game(import_graph: grimp.ImportGraph) -> None:
    assert _bad(import_graph, FAMILY, GAMES) == []


@pytest.mark.parametrize(("game", "other"), [(g, o) for g in GAMES for o in GAMES if g != o])
def test_no_game_imports_another(import_graph: grimp.ImportGraph, game: str,
                                 other: str) -> None:
    assert import_graph.find_descendants(game)
    assert _bad(import_graph, game, (other,)) == []


def test_dark_moon_uses_no_nemesis_layer(import_graph: grimp.ImportGraph) -> None:
    assert _bad(import_graph, "rules.darkmoon", (FAMILY,)) == []
