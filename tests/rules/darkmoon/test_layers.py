"""Dark Moon's modules keep to the layers its README declares: each module imports
only modules of a lower layer, at module level (no import inside a function, none
under `if TYPE_CHECKING`), so the package has no import circle."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import grimp
import pytest

PACKAGE = Path(__file__).resolve().parents[3] / "rules" / "darkmoon"
OWN = ("rules", "renders", "bot", "kits")


def declared_layers() -> dict[str, int]:
    """Module name -> layer, read from the `## Layers` table of the README."""
    text = (PACKAGE / "README.md").read_text(encoding="utf-8")
    section = text.split("## Layers", 1)[1].split("\n#", 1)[0]
    layers: dict[str, int] = {}
    for layer, modules in re.findall(r"^\| (\d+) \| ([a-z_, ]+) \|", section, re.M):
        for module in modules.split(","):
            layers[module.strip()] = int(layer)
    return layers


def modules() -> list[str]:
    return sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")


def test_every_module_has_a_layer() -> None:
    assert sorted(declared_layers()) == modules()


@pytest.mark.parametrize("module", modules())
def test_imports_only_lower_layers(import_graph: grimp.ImportGraph, module: str) -> None:
    layers = declared_layers()
    imported = {m.split(".")[2] for m in import_graph.find_modules_directly_imported_by(
        f"rules.darkmoon.{module}") if m.startswith("rules.darkmoon.")}
    upward = {d: layers[d] for d in imported if layers[d] >= layers[module]}
    assert not upward, f"{module} (layer {layers[module]}) imports {upward}"


@pytest.mark.parametrize("module", modules())
def test_own_imports_at_module_level(module: str) -> None:
    """Imports of the project's own modules sit at the top of the file: none inside a
    function or under `if TYPE_CHECKING`, where they would hide a circle."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    late = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        else:
            continue
        if id(node) not in top and any(n.split(".")[0] in OWN for n in names):
            late.append((node.lineno, names))
    assert not late, f"{module} imports inside a block: {late}"
