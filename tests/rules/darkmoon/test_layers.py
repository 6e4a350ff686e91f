"""Dark Moon's modules keep to the layers its README declares: each module imports
only modules of a lower layer, at module level (no import inside a function, none
under `if TYPE_CHECKING`), so the package has no import circle."""

from __future__ import annotations

import ast
import re
from pathlib import Path

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


def darkmoon_imports(tree: ast.Module) -> set[str]:
    """The rules.darkmoon modules a module imports (anywhere in its source)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] if node.module != "rules.darkmoon" else [
                f"rules.darkmoon.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(n.split(".")[2] for n in names if n.startswith("rules.darkmoon."))
    return found


def test_every_module_has_a_layer() -> None:
    assert sorted(declared_layers()) == modules()


@pytest.mark.parametrize("module", modules())
def test_imports_only_lower_layers(module: str) -> None:
    layers = declared_layers()
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    upward = {d: layers[d] for d in darkmoon_imports(tree) if layers[d] >= layers[module]}
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
