"""The seeded random games the contract suites play (tests/rules/test_conformance.py,
tests/rules/test_determinize_conformance.py, tests/rules/core/test_apply_listed.py):
every registered game, a few option sets built from its Options model, at the fewest and
the most players; and the checks they make on a state (its JSON round trip, the RNG
states it holds)."""

from __future__ import annotations

import json
import random
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from rules import Ruleset, get_ruleset, list_rulesets

SEEDS = (1, 2)


# ------------------------------------------------------------------ the option sets
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


def games(seeds: tuple[int, ...] = SEEDS) -> Iterator[Game]:
    """Every registered game, option set, the fewest and the most players, each seed."""
    for name in list_rulesets():
        rs = get_ruleset(name)
        for label, options in option_sets(rs).items():
            low, high = rs.player_range(options)
            for players in sorted({low, high}):
                for seed in seeds:
                    yield Game(name, label, players, seed)


def rng_states(dumped: str) -> set[str]:
    """The states of the RNGs a game state holds (every field named `rng`), as text."""
    out: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            rng = node.get("rng")
            if isinstance(rng, dict) and isinstance(rng.get("state"), int):
                out.add(str(rng["state"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads(dumped))
    return out


def check_round_trip(rs: Ruleset[Any, Any, Any], s: Any, dumped: str, where: str) -> None:
    loaded = rs.load_state(dumped)
    assert loaded == s, f"{where}: the state changed through JSON"
    assert rs.dump_state(loaded) == dumped, f"{where}: JSON round trip not exact"



def play_to_the_end(rs: Ruleset[Any, Any, Any], s: Any, seed: int, where: str,
                    cap: int = 6000) -> Any:
    """Seeded random moves from `s` (a determinized copy, say) until the game has a
    result, which it must have within `cap` moves, someone always to move; the last
    state."""
    pick = random.Random(seed)
    for _ in range(cap):
        if rs.outcome(s) is not None:
            return s
        prompts = rs.pending(s)
        assert prompts, f"{where}: nobody to move, and no result"
        seat = pick.choice(prompts).seat
        s = rs.apply(s, seat, pick.choice(rs.legal_actions(s, seat))).state
    raise AssertionError(f"{where}: no result after {cap} moves")
