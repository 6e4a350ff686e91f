"""A game ended before its end (`/game end`) reveals its secrets like a finished one
(BOT-END-1): `Ruleset.reveal` gives the recap's secret lines without a result, in
every ruleset; the recap itself stays empty until the game is over."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import get_ruleset
from rules.lockdown.cards import index as lockdown_index

SEATS = [str(100 + i) for i in range(5)]


def _midgame(name: str, options: dict[str, Any]) -> tuple[Any, Any]:
    rs = get_ruleset(name)
    s = rs.new_game(SEATS, 3, rs.Options.model_validate(options))
    agent = random.Random(1)
    for _ in range(30):
        prompt = agent.choice(rs.pending(s))
        s = rs.apply(s, prompt.seat, agent.choice(rs.legal_actions(s, prompt.seat))).state
    assert rs.outcome(s) is None and rs.recap(s) == []
    return rs, s


@pytest.mark.rule("BOT-END-1")
def test_dark_moon_reveals_every_status_and_the_hidden_dice_without_a_winner() -> None:
    rs, s = _midgame("darkmoon", {"expansion": True, "threats": True, "company_man": True})
    lines = rs.reveal(s)
    for seat in SEATS:
        side = "INFECTED" if s.players[seat].infected else "uninfected"
        assert any(line.startswith(f"<@{seat}>: {side}") for line in lines), seat
    for seat, faces in s.expansion.discarded.items():
        if faces:
            assert any(line.startswith(f"Corporation dice <@{seat}> did not submit")
                       for line in lines)
    assert not any("win" in line.lower() or "who lost" in line for line in lines)


@pytest.mark.rule("BOT-END-1")
def test_lockdown_reveals_objectives_tokens_and_the_active_contingency() -> None:
    rs, s = _midgame("lockdown", {})
    lines = rs.reveal(s)
    idx = lockdown_index()
    for seat in SEATS:
        names = "; ".join(idx.objectives[o].name for o in s.heroes[seat].objectives)
        assert any(line.startswith(f"<@{seat}>, the ") and line.endswith(
            f"Objective: {names}.") for line in lines)
    active = idx.contingencies[s.active_contingency].name
    assert f"The active contingency: {active}." in "\n".join(lines)
    assert not any(" wins" in line or " loses" in line for line in lines)


@pytest.mark.rule("BOT-END-1")
def test_the_original_reveals_objectives_contamination_engines_and_course() -> None:
    rs, s = _midgame("nemesis", {})
    lines = rs.reveal(s)
    text = "\n".join(lines)
    for seat in SEATS:
        assert f"<@{seat}> carried " in text
    assert "Engines: " in text and f"headed for space {s.destination}" in text
    assert " wins" not in text and " loses" not in text
