"""The text summary sent with each board: short, public, and it names whose turn it is,
the round and the key tracks of each ruleset."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playouts import random_game

from renders.summary import MAX_CHARS, summary
from rules import get_ruleset

LONG = "Supercalifragilisticexpialidocio"


def seats_for(n: int) -> list[str]:
    return [str(100000000000000000 + 7919 * i) for i in range(n)]


def views(ruleset: str, n: int, seed: int, steps: int, every: int) -> list[Any]:
    rs = get_ruleset(ruleset)
    s = rs.new_game(seats_for(n), seed=seed)
    rnd = random.Random(seed)
    out = [rs.view(s, None)]
    for i in range(steps):
        if rs.outcome(s):
            break
        prompt = rnd.choice(rs.pending(s))
        try:
            s = rs.apply(s, prompt.seat, rnd.choice(rs.legal_actions(s, prompt.seat))).state
        except Exception:  # the engines are shared work in progress
            break
        if i % every == 0:
            out.append(rs.view(s, None))
    out.append(rs.view(s, None))
    return out


def names_for(view: Any) -> dict[str, str]:
    seats = [s.seat for s in view.seats] if view.ruleset == "darkmoon" else [
        h.seat for h in view.heroes]
    return {s: f"{LONG} {i}" for i, s in enumerate(seats)}


def test_dark_moon_summary_names_the_turn_and_tracks() -> None:
    view = views("darkmoon", 5, seed=3, steps=0, every=1)[0]
    names = names_for(view)
    text = summary(view, names)
    assert text.startswith(f"**Dark Moon** round {view.round}")
    assert f"turn: {names[view.active]}" in text
    assert f"shield {view.shield}/" in text and "life support 0/6" in text
    assert "suspicion" in text and f"final {view.final_event.name}" in text
    assert len(text) <= MAX_CHARS


def test_lockdown_summary_names_time_power_intruders_and_wounds() -> None:
    view = views("lockdown", 4, seed=7, steps=60, every=60)[-1]
    hurt = view.heroes[1].model_copy(update={"light": 2, "serious": ["a"], "place": "board"})
    view = view.model_copy(update={
        "heroes": [view.heroes[0], hurt, *view.heroes[2:]],
        "intruders": [{"id": 1, "kind": "adult", "room": view.rooms[0].slot, "injuries": 0},
                      {"id": 2, "kind": "adult", "room": view.rooms[1].slot, "injuries": 1},
                      {"id": 3, "kind": "larva", "room": view.rooms[1].slot, "injuries": 0}],
        "alert": 4, "waiting": [view.heroes[2].seat]})
    names = {h.seat: f"P{i}" for i, h in enumerate(view.heroes)}
    text = summary(view, names)
    assert text.startswith(f"**Lockdown** round {view.round}")
    assert f"time {view.time}" in text and "power" in text and "alert ends at 4" in text
    assert "intruders: 2 adults, 1 larva" in text
    assert "waiting for P2" in text
    assert "2 P1:" in text and "(2 light, 1 serious)" in text
    assert len(text) <= MAX_CHARS


def test_intruder_counts_read_as_plurals() -> None:
    view = views("lockdown", 2, seed=7, steps=0, every=1)[0]
    room = view.rooms[0].slot
    view = view.model_copy(update={"intruders": [
        {"id": i, "kind": kind, "room": room, "injuries": 0}
        for i, kind in enumerate(["larva", "larva", "queen", "adult"])]})
    text = summary(view, {})
    assert "intruders: 1 adult, 2 larvae, 1 queen" in text


@pytest.mark.parametrize("ruleset,n", [("darkmoon", 7), ("lockdown", 5)])
def test_summary_stays_short_through_a_game(ruleset: str, n: int) -> None:
    for view in views(ruleset, n, seed=2, steps=400, every=25):
        text = summary(view, names_for(view))
        assert 0 < len(text) <= MAX_CHARS
        assert text.count("\n") <= 4
        assert "round" in text.splitlines()[0]


def test_names_cannot_inject_markdown() -> None:
    view = views("darkmoon", 3, seed=1, steps=0, every=1)[0]
    text = summary(view, {view.active: "**big** _x_"})
    assert "\\*\\*big\\*\\* \\_x\\_" in text


def test_summary_uses_the_public_view_only() -> None:
    """A seat's own view (with its private part) gives the same summary."""
    rs = get_ruleset("lockdown")
    s = rs.new_game(seats_for(3), seed=4)
    seat = seats_for(3)[0]
    assert summary(rs.view(s, seat), {}) == summary(rs.view(s, None), {})


def test_lockdown_summary_with_a_character_in_a_css_pod() -> None:
    """Issue 18: Lockdown's hero view has no `pod`; a character waiting in a CSS pod
    broke every table update until the launch."""
    rs = get_ruleset("lockdown")
    s = random_game(rs, 3, seed=5, steps=40)
    seat = seats_for(3)[1]
    s.heroes[seat].place = "pod"
    s.heroes[seat].pod = "C"
    view = rs.view(s, None)
    names = {x: f"P{i}" for i, x in enumerate(seats_for(3))}
    text = summary(view, names)
    assert "2 P1: pod" in text
    assert len(text) <= MAX_CHARS
