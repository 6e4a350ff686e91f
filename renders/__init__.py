"""Board images for the rulesets: `render_board(view, names) -> PNG bytes`."""

from renders.darkmoon import render_board, render_image

__all__ = ["render_board", "render_image"]
