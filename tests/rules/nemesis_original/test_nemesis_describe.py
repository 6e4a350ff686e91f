"""The original Nemesis in words: every choice offered during seeded games has a short
label (with its cost on a turn), every pending seat a prompt, and the recap at the end
reveals the engines, the coordinates and each character's fate."""

from __future__ import annotations

import random

import pytest
from nemesis_helpers import RS, seats

LABEL_MAX = 80


@pytest.mark.parametrize("seed", [1, 2])
def test_choices_prompts_and_recap_read_well(seed: int) -> None:
    rng = random.Random(seed)
    s = RS.new_game(seats(3), seed)
    seen: set[str] = set()
    while RS.outcome(s) is None:
        prompts = RS.pending(s)
        for prompt in prompts:
            assert prompt.text, f"no prompt for {prompt.kind}"
            seen.add(prompt.kind)
        seat = rng.choice(prompts).seat
        legal = RS.legal_actions(s, seat)
        for action in legal:
            choice = RS.describe(s, seat, action)
            assert 0 < len(choice.label) <= LABEL_MAX, choice.label
        menu = RS.menu(s, seat)
        assert menu is not None
        s = RS.apply(s, seat, rng.choice(legal)).state
    lines = RS.recap(s)
    text = "\n".join(lines)
    assert lines[0].startswith("Game over:") and "Engines:" in text
    assert "coordinates card" in text
    assert all(f"<@{x}>" in text for x in s.seats)
    assert {"draft", "turn"} <= seen
