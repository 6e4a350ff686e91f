"""The seeded games the contract tests play on every registered game: each ruleset's
option sets (built from its Options model) at the fewest and the most players, with the
seeds the tests choose (tests/rules/test_conformance.py, tests/rules/core/
test_apply_listed.py)."""

from __future__ import annotations

import typing
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from rules import Ruleset, get_ruleset, list_rulesets


def _choices(annotation: Any) -> tuple[Any, ...] | None:
    """The values of a `Literal[...]` field, or None."""
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    return None


def option_sets(rs: Ruleset[Any, Any, Any]) -> dict[str, BaseModel]:
    """The defaults, then variant k = 1, 2, ...: every flag on (odd k) or off (even k),
    every choice at its k-th value (its last when it has fewer). Variants the model
    refuses, or that repeat an earlier set, are left out."""
    defaults = rs.Options()
    fields = type(defaults).model_fields
    choices = {name: values for name, f in fields.items()
               if (values := _choices(f.annotation)) is not None}
    flags = [name for name, f in fields.items() if f.annotation is bool]
    out: dict[str, BaseModel] = {"default": defaults}
    seen = {defaults.model_dump_json()}
    rounds = max([len(v) for v in choices.values()] + [2 if flags else 1])
    for k in range(1, rounds):
        values: dict[str, Any] = {name: k % 2 == 1 for name in flags}
        values |= {name: v[min(k, len(v) - 1)] for name, v in choices.items()}
        try:
            options = type(defaults).model_validate(defaults.model_dump() | values)
        except ValidationError:
            continue
        if options.model_dump_json() not in seen:
            seen.add(options.model_dump_json())
            out[f"variant{k}"] = options
    return out


@dataclass(frozen=True)
class Game:
    ruleset: str
    label: str
    players: int
    seed: int

    @property
    def id(self) -> str:
        return f"{self.ruleset}-{self.label}-{self.players}p-seed{self.seed}"

    def start(self) -> tuple[Ruleset[Any, Any, Any], Any]:
        """The ruleset and the game's first state (seats p1, p2, ...)."""
        rs = get_ruleset(self.ruleset)
        options = option_sets(rs)[self.label]
        seats = [f"p{i}" for i in range(1, self.players + 1)]
        return rs, rs.new_game(seats, self.seed, options)


def games(seeds: tuple[int, ...]) -> Iterator[Game]:
    """Every registered game, option set, the fewest and the most players, each seed."""
    for name in list_rulesets():
        rs = get_ruleset(name)
        for label, options in option_sets(rs).items():
            low, high = rs.player_range(options)
            for players in sorted({low, high}):
                for seed in seeds:
                    yield Game(name, label, players, seed)
