"""The state copy `apply` makes: equal to the original, sharing nothing mutable except
the parts of copy-on-write fields, which the engine changes only after making them the
copy's own; and `apply` never changes the state it is given."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel
from scenario import ScriptedRng

from rules import get_ruleset
from rules.core.clone import COPY_ON_WRITE, clone, own_entry, own_field


def _mutables(value: Any, *, cow: bool = True) -> Iterator[Any]:
    """Every mutable object inside a state (lists, dicts, models, dataclasses); with
    `cow` False, not the parts inside copy-on-write fields (a dict field itself is still
    listed: only its entries are shared)."""
    if isinstance(value, list | dict | set):
        yield value
        items = value.values() if isinstance(value, dict) else value
        for item in items:
            yield from _mutables(item)
    elif isinstance(value, BaseModel) and not value.model_config.get("frozen"):
        yield value
        for name, info in type(value).model_fields.items():
            field = getattr(value, name)
            if cow or COPY_ON_WRITE not in info.metadata:
                yield from _mutables(field, cow=cow)
            elif isinstance(field, dict):
                yield field
    elif dataclasses.is_dataclass(value) and not _frozen(type(value)):
        yield value
        for f in dataclasses.fields(value):
            yield from _mutables(getattr(value, f.name), cow=cow)


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
def test_a_copy_is_equal_and_shares_nothing_mutable_outside_copy_on_write_parts(
        ruleset: str, players: int) -> None:
    state = _midgame(ruleset, players, 60)
    copy = clone(state)
    assert copy == state and copy.model_dump_json() == state.model_dump_json()
    originals = {id(x) for x in _mutables(state, cow=False)}
    copies = list(_mutables(copy, cow=False))
    assert len(copies) == len(originals) > 10
    assert not originals & {id(x) for x in copies}


def test_a_copy_on_write_part_is_copied_once_when_first_changed() -> None:
    state = _midgame("darkmoon", 5, 40)
    copy = clone(state)
    seat = state.seats[0]
    assert copy.players[seat] is state.players[seat]  # shared until changed
    mine = own_entry(copy, "players", seat)
    assert mine is not state.players[seat] and mine.held is not state.players[seat].held
    assert mine == state.players[seat] and copy.players[seat] is mine
    assert own_entry(copy, "players", seat) is mine  # copied once
    # copying the copy shares its players again: neither may change them in place now
    third = clone(copy)
    assert own_entry(copy, "players", seat) is not third.players[seat]


def test_changing_the_copy_leaves_the_original_alone() -> None:
    state = _midgame("darkmoon", 5, 40)
    before = state.model_dump_json()
    copy = clone(state)
    for seat in copy.seats:
        p = own_entry(copy, "players", seat)
        p.held.strong += 1
        p.quarantined = not p.quarantined
    own_field(copy, "task_deck").clear()
    copy.stack.pop()
    assert state.model_dump_json() == before
    assert copy.model_dump_json() != before


_DARKMOON_VARIANTS_A = {"expensive_voting": True, "first_is_last": True,
                        "flimsy_quarantine": True, "telepathic_infected": True,
                        "deadly_events": True}
_DARKMOON_VARIANTS_B = {"no_more_complications": True, "nerfed_reveal": "normal",
                        "safe_orders": True, "fatigued_infected": True, "costly_actions": True}


@pytest.mark.parametrize(("ruleset", "players", "options"), [
    ("darkmoon", 5, {}),
    ("darkmoon", 4, {"expansion": True}),
    ("darkmoon", 6, {"expansion": True, "threats": True, "company_man": True,
                     **_DARKMOON_VARIANTS_A}),
    ("darkmoon", 7, {"expansion": True, "threats": True, **_DARKMOON_VARIANTS_B}),
    ("darkmoon", 5, _DARKMOON_VARIANTS_B),
    ("lockdown", 3, {}),
])
def test_apply_never_changes_a_state_it_was_given(ruleset: str, players: int,
                                                  options: dict[str, Any]) -> None:
    """Every state of seeded random games still dumps as it did when it was made, once
    the game is over: nothing an apply changed leaked into an earlier state (the
    copy-on-write parts in particular)."""
    rs = get_ruleset(ruleset)
    for seed in range(3):
        agent = random.Random(seed)
        state = rs.new_game([str(1000 + i) for i in range(players)], seed,
                            rs.Options(**options))
        history = [(state, state.model_dump_json())]
        while rs.outcome(state) is None and len(history) < 400:
            prompt = agent.choice(rs.pending(state))
            state = rs.apply(state, prompt.seat,
                             agent.choice(rs.legal_actions(state, prompt.seat))).state
            history.append((state, state.model_dump_json()))
        assert len(history) > 20
        for old, dumped in history:
            assert old.model_dump_json() == dumped


def test_a_subclass_in_a_field_stays_that_subclass() -> None:
    state = _midgame("lockdown", 2, 5)
    state.rng = ScriptedRng(state=state.rng.state, script=[(6, 1)])
    copy = clone(state)
    assert type(copy.rng) is ScriptedRng and copy.rng.script == [(6, 1)]
    assert copy.rng.script is not state.rng.script
