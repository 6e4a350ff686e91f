"""Looking up rulesets by name."""

from __future__ import annotations

from functools import cache

from rules.core.contract import Ruleset


@cache
def _registry() -> dict[str, Ruleset]:  # type: ignore[type-arg]
    from rules.darkmoon.ruleset import DarkMoon
    from rules.lockdown.ruleset import Lockdown
    from rules.nemesis_original.ruleset import Nemesis

    return {r.name: r for r in (DarkMoon(), Lockdown(), Nemesis())}


def get_ruleset(name: str) -> Ruleset:  # type: ignore[type-arg]
    try:
        return _registry()[name]
    except KeyError:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(list_rulesets())}") from None


def list_rulesets() -> list[str]:
    return sorted(_registry())
