"""Nemesis: Lockdown's kit: its board (board.py with geometry.py; the Mars side in
mars_board.py and mars_geometry.py; the co-op panel in team_board.py), summary, private
sheet, `/rules` entries and option words; the family's shared parts are in kits/nemesis."""

from __future__ import annotations

from kits.lockdown.board import render_board, render_image
from kits.lockdown.help import entries
from kits.lockdown.options import WORDS
from kits.lockdown.sheet import sheet
from kits.lockdown.summary import summary
from rules.core.kit import GameKit
from rules.lockdown.ruleset import Lockdown
from rules.lockdown.view import LockdownView

KIT: GameKit[LockdownView] = GameKit(
    ruleset=Lockdown(), short_title="Lockdown", board=render_board, image=render_image,
    summary=summary, sheet=sheet, help=entries, options=WORDS)
