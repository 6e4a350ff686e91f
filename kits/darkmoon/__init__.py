"""Dark Moon's kit: its board (board.py, expansion_board.py), summary, private sheet,
`/rules` entries (help.py, expansion_help.py) and option words (options.py)."""

from __future__ import annotations

from kits.darkmoon.board import render_board, render_image
from kits.darkmoon.help import entries
from kits.darkmoon.options import WORDS
from kits.darkmoon.sheet import sheet
from kits.darkmoon.summary import summary
from rules.core.kit import GameKit
from rules.darkmoon.ruleset import DarkMoon
from rules.darkmoon.view import DarkMoonView

KIT: GameKit[DarkMoonView] = GameKit(
    ruleset=DarkMoon(), short_title="Dark Moon", board=render_board, image=render_image,
    summary=summary, sheet=sheet, help=entries, options=WORDS,
    outcome_heading="wins by team:")
