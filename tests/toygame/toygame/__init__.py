"""High Card, a test-only game: its kit, found by Warden through the `warden.games`
entry point of this package's pyproject.toml."""

from __future__ import annotations

from pathlib import Path

from rules.core.kit import GameKit, HelpEntry, OptionWords, help_topics
from toygame.board import render_board, render_image
from toygame.rules import HighCard, View
from toygame.words import sheet, summary

TOPICS = help_topics((Path(__file__).parent / "help.toml").read_text(encoding="utf-8"))


def entries() -> list[HelpEntry]:
    return [HelpEntry(t.id, t.title, t.text.strip()) for t in TOPICS]


KIT: GameKit[View] = GameKit(
    ruleset=HighCard(), short_title="High Card", board=render_board, image=render_image,
    summary=summary, sheet=sheet, help=entries,
    options=OptionWords(lobby_note="Each player gets a hidden card by DM after **Start**."))
