"""pytest plugin that scripts/mutation.py hands to mutmut: before each test, empty the
memo caches (functools) of the `rules` package. Without it a cached function runs only
for the first test that asks: mutmut maps it to that test alone, and a mutant of it is
never run again in the same process (a stale table answers). Content loaders keep their
cache: tests compare the tables they return by identity."""

from __future__ import annotations

import sys
from typing import Any

LOADERS = frozenset({"content", "index", "_registry", "board_index", "mars_map",
                     "mars_content", "ship", "ship_graph", "tiles", "injuries", "dice",
                     "crew", "species"})


def pytest_runtest_setup(item: Any) -> None:
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "rules" or name.startswith("rules.")):
            continue
        for attr, value in list(vars(module).items()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and attr not in LOADERS \
                    and getattr(value, "__module__", None) == name:
                clear()
