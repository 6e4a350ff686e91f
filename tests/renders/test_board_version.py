"""A board is drawn from its public view and the names, never from the view's version
(the move count): the table compares what two boards are drawn from, less the version,
to upload a new image only when the board changed (bot/table_parts.py `board_source`)."""

from __future__ import annotations

import pytest
from playouts import seats_for, side_views

from renders import render_image
from rules import get_ruleset, list_kits


def _versioned(name: str) -> bool:
    """Whether the game's public view carries the state's version (the toy game's not)."""
    rs = get_ruleset(name)
    state = rs.new_game(seats_for(rs.min_players), 1, rs.Options())
    return "version" in type(rs.view(state, None)).model_fields


GAMES = [name for name in list_kits() if _versioned(name)]


@pytest.mark.parametrize("name", GAMES)
def test_a_board_never_draws_the_views_version(name: str) -> None:
    for view, names in side_views(get_ruleset(name), 5, 40, 13):
        assert view.version > 0
        later = view.model_copy(update={"version": view.version + 97})
        assert render_image(later, names).tobytes() == render_image(view, names).tobytes()
