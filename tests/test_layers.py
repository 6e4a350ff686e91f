"""The packages' layers: no import circle, no late import, and the game-agnostic
packages (bot/, renders/) never reach into a game's own modules: they ask its kit."""

from __future__ import annotations

from types import ModuleType

import grimp
import pytest

GAMES = ("rules.darkmoon", "rules.nemesis", "rules.lockdown", "rules.nemesis_original",
         "kits.")


def reaching(graph: grimp.ImportGraph, package: str, into: tuple[str, ...]) -> list[str]:
    """`importer -> imported` for each import from `package` (or a module in it) of a
    module whose name starts with one of `into`."""
    return sorted(
        f"{importer} -> {imported}"
        for importer in graph.find_descendants(package) | {package}
        for imported in graph.find_modules_directly_imported_by(importer)
        if imported.startswith(into))


def test_no_import_circle(layers: ModuleType, import_graph: grimp.ImportGraph) -> None:
    assert layers.circles(import_graph) == []


def test_no_import_inside_a_function(layers: ModuleType) -> None:
    assert layers.late_imports() == []


def test_a_circle_is_found(layers: ModuleType) -> None:
    """The circle check sees what it looks for: a two-module ring, and not the module
    that only imports into it."""
    graph = grimp.ImportGraph()
    for module in ("pkg", "pkg.a", "pkg.b", "pkg.c"):
        graph.add_module(module)
    graph.add_import(importer="pkg.a", imported="pkg.b")
    graph.add_import(importer="pkg.b", imported="pkg.a")
    graph.add_import(importer="pkg.c", imported="pkg.a")
    assert layers.circles(graph) == [["pkg.a", "pkg.b"]]


@pytest.mark.parametrize("package", ["bot", "renders"])
def test_game_agnostic_packages_import_no_game(import_graph: grimp.ImportGraph,
                                               package: str) -> None:
    assert reaching(import_graph, package, GAMES) == []


def test_rules_import_no_presentation(import_graph: grimp.ImportGraph) -> None:
    assert reaching(import_graph, "rules", ("bot", "renders", "kits")) == []


def test_kits_build_on_rules_and_renders_not_on_the_bot(
        import_graph: grimp.ImportGraph) -> None:
    assert reaching(import_graph, "kits", ("bot",)) == []
