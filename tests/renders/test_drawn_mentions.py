"""No board draws a seat reference: the engines name players as `<@seat>` (a mention in
Discord's texts), and an image has no mentions, so every ruleset's board must draw the
display name instead (issue 18, section 4)."""

from __future__ import annotations

import pytest
from playouts import random_states, seats_for
from text_spy import drawn_texts

from renders import render_image
from rules import get_ruleset, list_rulesets


@pytest.mark.parametrize("ruleset", sorted(list_rulesets()))
def test_no_board_of_a_random_game_draws_a_seat_reference(ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    n = max(rs.min_players, min(rs.max_players, 3))
    names = {seat: f"Name{i}" for i, seat in enumerate(seats_for(n))}
    ended = 0
    with drawn_texts() as texts:
        for seed in (18, 19, 20):
            state = None
            for i, state in enumerate(random_states(rs, n, seed, steps=1500)):
                if i % 10 == 0:
                    render_image(rs.view(state, None), names)
            assert state is not None
            render_image(rs.view(state, None), names)  # the last, mostly a game over
            ended += rs.outcome(state) is not None
    raw = sorted({text for text in texts if "<@" in text})
    assert texts and ended and not raw, raw
