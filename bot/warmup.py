"""Start-up warm-up: every ruleset's content loaded and the garbage collector told to
leave what start-up built alone.

A running bot keeps tens of thousands of long-lived objects (content models, action
codecs, pydantic schemas). Python's full collections would walk all of them again and
again (each took 36-58 ms over 60-75k objects in the Nemesis benchmark); `gc.freeze()`
moves everything alive at that point into the permanent generation, which collections
skip. Objects made later (game states, events, caches filled in play) are collected as
usual."""

from __future__ import annotations

import gc

from rules import get_ruleset, list_rulesets


def warm_up() -> int:
    """Set up and drop one game of each ruleset (loading its content and caches), then
    freeze the heap; returns how many objects were frozen."""
    for name in list_rulesets():
        rs = get_ruleset(name)
        options = rs.Options()
        low, _ = rs.player_range(options)
        rs.new_game([str(i) for i in range(low)], 0, options)
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
