"""The import graph of Warden's own packages: circles and late imports.

    python scripts/layers.py            # circles (strongly connected groups) and counts
    python scripts/layers.py --late     # also list every import inside a function

Every import counts: module level, inside functions and under `if TYPE_CHECKING:` (a
circle closed by a type-only or a late import is still a circle in the design). The
graph is built by grimp, the library behind import-linter.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "renders", "bot", "kits")


def own_packages() -> tuple[str, ...]:
    return tuple(p for p in PACKAGES if (ROOT / p / "__init__.py").exists())


def import_graph() -> grimp.ImportGraph:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return grimp.build_graph(*own_packages(), include_external_packages=False,
                             exclude_type_checking_imports=False, cache_dir=None)


def circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every group of modules that import one another in a ring (Tarjan's strongly
    connected components of more than one module), sorted."""
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(root: str) -> None:  # iterative Tarjan: deep graphs need no recursion limit
        work: list[tuple[str, Iterator[str]]] = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return sorted(found)


def late_imports(packages: Iterable[str] = PACKAGES) -> list[str]:
    """`path:line module` for every import of the project's own modules made inside a
    function (relative imports included)."""
    found = []
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for func in ast.walk(tree):
                if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for node in ast.walk(func):
                    name = None
                    if isinstance(node, ast.ImportFrom):
                        name = ("." * node.level) + (node.module or "")
                    elif isinstance(node, ast.Import):
                        name = node.names[0].name
                    if name and (name.startswith(".") or name.split(".")[0] in PACKAGES):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
    return sorted(set(found))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--late", action="store_true", help="list every late import")
    args = parser.parse_args()
    found = circles(import_graph())
    for group in found:
        print(f"circle of {len(group)}: {' '.join(group)}")
    late = late_imports()
    if args.late:
        print("\n".join(late))
    by_package: dict[str, int] = {}
    for line in late:
        package = line.split("/")[0]
        by_package[package] = by_package.get(package, 0) + 1
    print(f"circles: {len(found)}; late imports: {len(late)} {by_package}")
    return 1 if found or late else 0


if __name__ == "__main__":
    raise SystemExit(main())
