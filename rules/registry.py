"""Looking up games by name: each installed game names its kit (rules.core.kit.GameKit)
in the `warden.games` entry-point group of its package's pyproject.toml, e.g.

    [project.entry-points."warden.games"]
    darkmoon = "kits.darkmoon:KIT"

`get_kit` / `list_kits` read that group once (a game installed later needs a restart);
`get_ruleset` / `list_rulesets` are the engine contract's view of the same games."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from pydantic import BaseModel

from rules.core.contract import Ruleset
from rules.core.kit import GameKit

GROUP = "warden.games"

Kit = GameKit[BaseModel]  # a kit as the bot holds it: the view type is the game's own


@dataclass(frozen=True)
class Installed:
    """The games found in the entry-point group: each loaded kit by name, and each
    entry point that could not be loaded with why (a broken game is left out, so the
    others are still played; the bot logs these at start)."""

    kits: dict[str, Kit]
    broken: dict[str, str]


def load_games(points: Iterable[EntryPoint]) -> Installed:
    """Load each entry point's kit, checked to be a GameKit named as its entry point."""
    found: dict[str, Kit] = {}
    broken: dict[str, str] = {}
    for point in points:
        try:
            kit = point.load()
        except Exception as exc:  # a broken game never stops the others
            broken[point.name] = f"{point.value} failed to load: {type(exc).__name__}: {exc}"
            continue
        if not isinstance(kit, GameKit):
            broken[point.name] = f"{point.value} is not a GameKit but {type(kit).__name__}"
        elif kit.name != point.name:
            broken[point.name] = (f"{point.value} names the game {kit.name!r}: the entry "
                                  "point and the ruleset's name must agree")
        else:
            found[kit.name] = kit
    return Installed(dict(sorted(found.items())), broken)


@cache
def installed() -> Installed:
    """The games of the `warden.games` group, read once."""
    return load_games(entry_points(group=GROUP))


def _kits() -> dict[str, Kit]:
    kits = installed().kits
    if not kits:
        raise LookupError(f"no game is installed: no loadable entry point in the group "
                          f"{GROUP} (install the project with `pip install -e .`)")
    return kits


def broken_games() -> dict[str, str]:
    """Entry points of the group that could not be loaded, with why."""
    return dict(installed().broken)


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
