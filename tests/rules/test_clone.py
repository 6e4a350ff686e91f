"""The state copy `apply` makes: equal to the original, sharing nothing mutable."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel
from scenario import ScriptedRng

from rules import get_ruleset
from rules.core.clone import clone


def _mutables(value: Any) -> Iterator[Any]:
    """Every mutable object inside a state (lists, dicts, models, dataclasses)."""
    if isinstance(value, list | dict | set):
        yield value
        items = value.values() if isinstance(value, dict) else value
        for item in items:
            yield from _mutables(item)
    elif isinstance(value, BaseModel) and not value.model_config.get("frozen"):
        yield value
        for name in type(value).model_fields:
            yield from _mutables(getattr(value, name))
    elif dataclasses.is_dataclass(value) and not _frozen(type(value)):
        yield value
        for f in dataclasses.fields(value):
            yield from _mutables(getattr(value, f.name))


def _frozen(kind: type) -> bool:
    return bool(kind.__dataclass_params__.frozen)  # type: ignore[attr-defined]


def _midgame(ruleset: str, players: int, moves: int) -> Any:
    rs = get_ruleset(ruleset)
    agent = random.Random(5)
    state = rs.new_game([str(1000 + i) for i in range(players)], 5, rs.Options())
    for _ in range(moves):
        if rs.outcome(state) is not None:
            break
        prompt = agent.choice(rs.pending(state))
        state = rs.apply(state, prompt.seat, agent.choice(rs.legal_actions(state, prompt.seat))
                         ).state
    return state


@pytest.mark.parametrize(("ruleset", "players"), [("darkmoon", 5), ("lockdown", 4)])
def test_a_copy_is_equal_and_shares_nothing_mutable(ruleset: str, players: int) -> None:
    state = _midgame(ruleset, players, 60)
    copy = clone(state)
    assert copy == state and copy.model_dump_json() == state.model_dump_json()
    originals = {id(x) for x in _mutables(state)}
    copies = list(_mutables(copy))
    assert len(copies) == len(originals) > 20
    assert not originals & {id(x) for x in copies}


def test_changing_the_copy_leaves_the_original_alone() -> None:
    state = _midgame("darkmoon", 5, 40)
    before = state.model_dump_json()
    copy = clone(state)
    for p in copy.players.values():
        p.held.strong += 1
        p.quarantined = not p.quarantined
    copy.task_deck.clear()
    copy.stack.pop()
    assert state.model_dump_json() == before


def test_a_subclass_in_a_field_stays_that_subclass() -> None:
    state = _midgame("lockdown", 2, 5)
    state.rng = ScriptedRng(state=state.rng.state, script=[(6, 1)])
    copy = clone(state)
    assert type(copy.rng) is ScriptedRng and copy.rng.script == [(6, 1)]
    assert copy.rng.script is not state.rng.script
