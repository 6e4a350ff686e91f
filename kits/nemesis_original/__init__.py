"""The original Nemesis's kit: its board (board.py, geometry.py), summary, private sheet,
`/rules` entries (help.py and help.toml) and lobby words; the family's shared parts are
in kits/nemesis."""

from __future__ import annotations

from kits.nemesis_original.board import render_board, render_image
from kits.nemesis_original.help import entries
from kits.nemesis_original.sheet import sheet
from kits.nemesis_original.summary import summary
from rules.core.kit import GameKit, OptionWords
from rules.nemesis_original.ruleset import Nemesis
from rules.nemesis_original.view import NemesisView

WORDS = OptionWords(lobby_note=(
    "After **Start** each player picks a character in a DM, where their private sheet "
    "(hand, items, objectives) is kept. The ship jumps when the time track runs out: "
    "`/rules turn`, `/rules end`."))

KIT: GameKit[NemesisView] = GameKit(
    ruleset=Nemesis(), short_title="Nemesis", board=render_board, image=render_image,
    summary=summary, sheet=sheet, help=entries, options=WORDS)
