"""Looking up games by name: each installed game names its kit (rules.core.kit.GameKit)
in the `warden.games` entry-point group of its package's pyproject.toml, e.g.

    [project.entry-points."warden.games"]
    darkmoon = "kits.darkmoon:KIT"

`get_kit` / `list_kits` read that group once (a game installed later needs a restart);
`get_ruleset` / `list_rulesets` are the engine contract's view of the same games."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from pydantic import BaseModel

from rules.core.contract import Ruleset
from rules.core.kit import GameKit

GROUP = "warden.games"

Kit = GameKit[BaseModel]  # a kit as the bot holds it: the view type is the game's own


@cache
def _kits() -> dict[str, Kit]:
    found: dict[str, Kit] = {}
    for point in entry_points(group=GROUP):
        kit = point.load()
        if not isinstance(kit, GameKit):
            raise TypeError(f"entry point {point.name} = {point.value} in {GROUP} is not a "
                            f"GameKit but {type(kit).__name__}")
        if kit.name != point.name:
            raise ValueError(f"entry point {point.name} in {GROUP} names the game "
                             f"{kit.name!r}: the two must agree")
        found[kit.name] = kit
    if not found:
        raise LookupError(f"no game is installed: no entry point in the group {GROUP} "
                          "(install the project with `pip install -e .`)")
    return dict(sorted(found.items()))


def get_kit(name: str) -> Kit:
    try:
        return _kits()[name]
    except KeyError:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(list_kits())}") from None


def list_kits() -> list[str]:
    return list(_kits())


def get_ruleset(name: str) -> Ruleset:
    return get_kit(name).ruleset


def list_rulesets() -> list[str]:
    return list_kits()
