"""The layering of rules/ (see rules/README.md), read from the sources with `ast`:
module-level and function-level imports alike. rules/core imports no game and not the
family layer, the Nemesis family layer (rules/nemesis) imports no game and has no
import cycle, no game imports another; the module cycles left inside a package are
reported."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[3] / "rules"
GAMES = ("rules.lockdown", "rules.darkmoon", "rules.nemesis_original")
FAMILY = "rules.nemesis"


def _module_name(path: Path) -> str:
    parts = path.relative_to(RULES.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module `path` imports anywhere in it (`from pkg import mod` counts as
    pkg.mod when that is a module)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            for alias in node.names:
                out.add(f"{node.module}.{alias.name}")
    return out


def _from_modules(path: Path) -> set[str]:
    """The `rules.*` modules `path` names in `import x` / `from x import ...`."""
    tree = ast.parse(path.read_text(), filename=str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("rules."))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.startswith("rules"):
            out.add(node.module)
            init = RULES.parent / node.module.replace(".", "/") / "__init__.py"
            if init.exists():  # `from package import name`: a module, or defined there
                names = init.read_text()
                out.update(f"{node.module}.{a.name}" for a in node.names
                           if a.name not in names)
    return out


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in RULES.rglob("*.py")}
    return {name: {m for m in _imports(path) if m in modules and m != name}
            for name, path in modules.items()}


GRAPH = _graph()


def _in(package: str) -> list[str]:
    return sorted(m for m in GRAPH if m == package or m.startswith(package + "."))


def _cycles(package: str) -> list[list[str]]:
    """The strongly connected components (more than one module) among `package`'s
    modules (Tarjan)."""
    nodes = set(_in(package))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(GRAPH[v] & nodes):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def _bad(package: str, forbidden: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(m, i) for m in _in(package) for i in sorted(GRAPH[m])
            if any(i == f or i.startswith(f + ".") for f in forbidden)]


def test_the_graph_is_read() -> None:
    assert "rules.nemesis.state" in GRAPH["rules.lockdown.state"]
    assert "rules.lockdown.modes" in GRAPH["rules.lockdown.turns"]  # inside a function


def test_every_import_of_rules_names_a_module_that_exists() -> None:
    """Function-level imports only fail when they run: a module that moved must not be
    left named anywhere."""
    modules = {_module_name(p) for p in RULES.rglob("*.py")}
    tree = RULES.parent
    users = [p for p in (*RULES.rglob("*.py"), *(tree / "tests").rglob("*.py"),
                         *(tree / "bot").rglob("*.py"), *(tree / "renders").rglob("*.py"))]
    missing = sorted((str(p.relative_to(tree)), m) for p in users
                     for m in _from_modules(p) if m not in modules)
    assert missing == []


def test_core_imports_no_game() -> None:
    assert _bad("rules.core", (*GAMES, FAMILY)) == []


def test_the_family_layer_imports_no_game() -> None:
    assert _bad(FAMILY, GAMES) == []


@pytest.mark.parametrize(("game", "other"), [(g, o) for g in GAMES for o in GAMES if g != o])
def test_no_game_imports_another(game: str, other: str) -> None:
    assert _in(game) and _bad(game, (other,)) == []


def test_dark_moon_uses_no_nemesis_layer() -> None:
    assert _bad("rules.darkmoon", (FAMILY,)) == []


def test_the_family_layer_has_no_import_cycle() -> None:
    assert len(_in("rules.nemesis")) >= 5
    assert _cycles("rules.nemesis") == []


@pytest.mark.parametrize("package", ["rules.core", *GAMES])
def test_module_cycles_inside_a_package_are_reported(
        package: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Inside one package, modules that import each other at call time (a game's hooks
    for the family layer reach back into the game's modules) are allowed but listed, so
    a new one is seen; a cycle never spans two packages."""
    cycles = _cycles(package)
    with capsys.disabled():
        print(f"\n{package}: {len(cycles)} module cycle(s) {[len(c) for c in cycles]}: "
              f"{cycles}")
    assert all(m.startswith(package + ".") for c in cycles for m in c)
