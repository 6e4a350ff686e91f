"""`parse_action` on anything a player can type: the result is a legal action or an
IllegalAction with a short reason, never another exception (both rulesets)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import get_ruleset
from rules.core.contract import IllegalAction

RULESETS = ("darkmoon", "lockdown")
SEATS = {"darkmoon": 5, "lockdown": 3}
MAX_REASON = 200
JUNK = [":", ",", "+", "~", "-", ":x", ",1", "+S3", "+99", "\x00", "é", " ", ",,", "::",
        "~~", "<@1>", "\n", "１", "😀", "+-", "-1", "𝟙"]


@cache
def positions(name: str) -> tuple[tuple[Any, str, tuple[str, ...]], ...]:
    """(state, waiting seat, its legal keys) at many points of a few random games."""
    rs = get_ruleset(name)
    found = []
    for seed in range(3):
        agent = random.Random(seed)
        s = rs.new_game([f"p{i}" for i in range(SEATS[name])], seed)
        for step in range(400):
            prompts = rs.pending(s)
            if not prompts:
                break
            seat = agent.choice(prompts).seat
            legal = rs.legal_actions(s, seat)
            if step % 3 == 0:
                found.append((s, seat, tuple(x.key for x in legal)))
            s = rs.apply(s, seat, agent.choice(legal)).state
    return tuple(found)


def check(name: str, state: Any, seat: str, text: Any) -> None:
    rs = get_ruleset(name)
    try:
        action = rs.parse_action(state, seat, text)
    except IllegalAction as exc:
        assert exc.reason and len(exc.reason) <= MAX_REASON, exc.reason
        return
    assert action.key in {x.key for x in rs.legal_actions(state, seat)}


@st.composite
def typed(draw: st.DrawFn) -> tuple[str, Any, str, str]:
    """A position and a text: a legal key with junk added, cut or inserted, or any text."""
    name = draw(st.sampled_from(RULESETS))
    state, seat, legal = draw(st.sampled_from(positions(name)))
    junk = draw(st.one_of(st.sampled_from(JUNK), st.text(max_size=12)))
    if not legal or draw(st.integers(0, 5)) == 0:
        return name, state, seat, draw(st.text(max_size=60))
    key = draw(st.sampled_from(legal))
    at = draw(st.integers(0, len(key)))
    how = draw(st.sampled_from(["append", "prepend", "insert", "replace", "cut"]))
    text = {"append": key + junk, "prepend": junk + key,
            "insert": key[:at] + junk + key[at:],
            "replace": key[:at] + junk + key[at + 1:], "cut": key[:at]}[how]
    return name, state, seat, text


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(typed())
def test_typed_text_is_a_legal_action_or_refused(case: tuple[str, Any, str, str]) -> None:
    name, state, seat, text = case
    check(name, state, seat, text)


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("text", [
    "", " ", ":", "::", ",", "+", "~", "-", "\x00", "vote:strong:", "submit:S3+",
    "submit:~", "submit:-", "move:s1_1:", "vöte:abstain", "ｖｏｔｅ:strong", "x" * 10_000,
    "retrieve:" + "9" * 400 + ",0,0,0", "order:" + "<@1>" * 100, "pass," * 1000, "😀:😀",
])
def test_fixed_bad_texts_are_refused_briefly(name: str, text: str) -> None:
    for state, seat, _ in positions(name)[:20]:
        check(name, state, seat, text)


@pytest.mark.parametrize("name", RULESETS)
def test_every_legal_key_still_parses_and_a_field_with_a_colon_is_refused(name: str) -> None:
    rs = get_ruleset(name)
    for state, seat, legal in positions(name)[:40]:
        for key in legal:
            assert rs.parse_action(state, seat, key).key == key
            assert rs.parse_action(state, seat, f"  {key}\n").key == key
            if ":" in key:  # "pass:" is read as "pass"; a field never ends in ":"
                with pytest.raises(IllegalAction):
                    rs.parse_action(state, seat, key + ":")


@pytest.mark.parametrize("name", RULESETS)
def test_a_seat_not_asked_or_not_seated_is_refused(name: str) -> None:
    rs = get_ruleset(name)
    state, seat, legal = next(p for p in positions(name) if p[2])
    with pytest.raises(IllegalAction):
        rs.parse_action(state, "nobody", legal[0])
    others = [x for x in state.seats if x not in {p.seat for p in rs.pending(state)}]
    for other in others:
        with pytest.raises(IllegalAction):
            rs.parse_action(state, other, legal[0])


@pytest.mark.parametrize("name", RULESETS)
def test_text_that_is_not_a_string_is_refused(name: str) -> None:
    state, seat, _ = positions(name)[0]
    for text in (None, 3, b"pass", ["pass"]):
        check(name, state, seat, text)
