"""pytest plugin that scripts/mutation.py hands to mutmut: before each test, empty the
memo caches (functools) of the `rules` package. Without it a cached function runs only
for the first test that asks: mutmut maps it to that test alone, and a mutant of it is
never run again in the same process (a stale table answers). Content loaders keep their
cache: tests compare the tables they return by identity.

The shared actions go too (rules/core/actions.py: the instances `KeyedAction.__new__`
gives back, with their keys worked out, and each codec's keys read): mutmut runs every
mutant in a process forked from the one that ran the clean tests, so without this a key
read or an action keyed there is answered from memory and a mutant of the code that
builds and reads keys is never run.

So do the memo tables kept in a plain dict (`MEMO_DICTS`: the family's distances between
rooms, rules/nemesis/agent.py), for the same reason."""

from __future__ import annotations

import sys
from typing import Any

LOADERS = frozenset({"content", "index", "_registry", "board_index", "mars_map",
                     "mars_content", "ship", "ship_graph", "tiles", "injuries", "dice",
                     "crew", "species"})
# memo tables kept in a module's plain dict: module -> names
MEMO_DICTS = {"rules.nemesis.agent": ("_DISTANCES",)}


def pytest_runtest_setup(item: Any) -> None:
    actions = sys.modules.get("rules.core.actions")
    if actions is not None:
        actions._INTERNED.clear()
    for name, tables in MEMO_DICTS.items():
        module = sys.modules.get(name)
        for table in tables if module is not None else ():
            getattr(module, table).clear()
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "rules" or name.startswith("rules.")):
            continue
        if actions is not None:
            for value in list(vars(module).values()):
                if isinstance(value, actions.ActionCodec):
                    value._parsed.clear()
        for attr, value in list(vars(module).items()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and attr not in LOADERS \
                    and getattr(value, "__module__", None) == name:
                clear()
