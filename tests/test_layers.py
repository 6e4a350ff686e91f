"""The packages' layers: no import circle, no late import, and the game-agnostic
packages (bot/, renders/) never reach into a game's own modules: they ask its kit."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("warden_layers", ROOT / "scripts" / "layers.py")
assert _spec is not None and _spec.loader is not None
layers = importlib.util.module_from_spec(_spec)
sys.modules["warden_layers"] = layers
_spec.loader.exec_module(layers)

GAMES = ("rules.darkmoon", "rules.nemesis", "rules.lockdown", "rules.nemesis_original",
         "kits.")


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return layers.import_graph()


def test_no_import_circle(graph: grimp.ImportGraph) -> None:
    assert layers.circles(graph) == []


def test_no_import_inside_a_function() -> None:
    assert layers.late_imports() == []


@pytest.mark.parametrize("package", ["bot", "renders"])
def test_game_agnostic_packages_import_no_game(graph: grimp.ImportGraph,
                                                 package: str) -> None:
    reaching = sorted(
        f"{importer} -> {imported}"
        for importer in graph.find_descendants(package) | {package}
        for imported in graph.find_modules_directly_imported_by(importer)
        if imported.startswith(GAMES) or imported == "kits")
    assert reaching == []


def test_rules_import_no_presentation(graph: grimp.ImportGraph) -> None:
    reaching = sorted(
        f"{importer} -> {imported}"
        for importer in graph.find_descendants("rules") | {"rules"}
        for imported in graph.find_modules_directly_imported_by(importer)
        if imported.split(".")[0] in ("bot", "renders", "kits"))
    assert reaching == []


def test_kits_build_on_rules_and_renders_not_on_the_bot(graph: grimp.ImportGraph) -> None:
    reaching = sorted(
        f"{importer} -> {imported}"
        for importer in graph.find_descendants("kits") | {"kits"}
        for imported in graph.find_modules_directly_imported_by(importer)
        if imported.split(".")[0] == "bot")
    assert reaching == []
