"""What the table shows of one game state, each part built from the engine's answers
about it, asked once (bot/position.py): the board image, the text summary, a seat's
private sheet, a seat's choice message, the recap. Each function raises when its part
cannot be built (a renderer or a view that breaks on some state); bot/publish.py calls
them, catches that, logs it and shows a text-only stand-in instead (`plain_sheet`,
`plain_choices`), so the story, the pings and the prompts always go out. The all-states
test (tests/discord/test_every_state.py) calls the same functions, where nothing is
caught.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.choices import ChoiceMessage, choice_message
from bot.position import Position
from bot.sheets import describe_private
from bot.texts import MAX_CONTENT, MAX_MESSAGE, clip, plain
from renders import render_board
from renders.summary import summary
from rules import Action, Ruleset

CHOICES_FAILED = ("(The buttons for these choices could not be drawn; the error was logged. "
                  "Type `/move` and pick one:)")
SHEET_FAILED = ("(Your sheet could not be drawn in full; the error was logged. `/move` and "
                "**My choices** still work.)")
BOARD_FAILED = ("*The board image could not be drawn (the error was logged): the story and "
                "who is awaited are here in text.*")
RECAP_FAILED = "**Game over.** (The recap of the game could not be written; the error was logged.)"


def board_png(at: Position, names: Mapping[str, str]) -> bytes:
    """The board image of the public view."""
    return render_board(at.view(None), names)


@dataclass(frozen=True)
class BoardImage:
    """The board image of a state: `source`, a digest of what it is drawn from (see
    `board_source`), `digest`, the PNG's, and the PNG itself (None where it was not drawn
    again: the same source as a board already shown)."""

    source: str
    digest: str
    png: bytes | None = None

    def file(self) -> discord.File:
        """The PNG as the file a message carries."""
        if self.png is None:
            raise ValueError("this board image was not drawn again: draw it to send it")
        return discord.File(io.BytesIO(self.png), filename="board.png")

    def shown(self) -> BoardImage:
        """What a board message showing this image keeps of it (not the PNG)."""
        return BoardImage(self.source, self.digest)


def board_source(at: Position, names: Mapping[str, str]) -> str:
    """A digest of what the board is drawn from: the public view, less its version (a
    board never draws it: tests/renders/test_board_version.py), and the seats' names. A
    renderer sees nothing else, so two states with the same digest draw the same image."""
    text = at.view(None).model_dump_json(exclude={"version"}) + repr(sorted(names.items()))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def board_image(at: Position, names: Mapping[str, str], shown: BoardImage | None = None
                ) -> BoardImage:
    """The board image of the public view; `shown` itself (no PNG drawn) when that image,
    the one a board message shows, was drawn from the same view and names."""
    source = board_source(at, names)
    if shown is not None and shown.source == source:
        return shown
    png = board_png(at, names)
    return BoardImage(source, hashlib.blake2b(png, digest_size=16).hexdigest(), png)


def summary_text(at: Position, names: dict[str, str]) -> str:
    """The board in a few lines of text (small screens, screen readers)."""
    return plain(summary(at.view(None), names), names)


def sheet_head(rs: Ruleset, game_id: int, channel_id: str) -> str:
    return (f"**Your private sheet: {rs.title}, game #{game_id} in <#{channel_id}>** (kept up "
            "to date; only you see it)\n")


def private_text(at: Position, seat: str) -> str:
    """What `seat` alone sees: its hand, objectives, status... (the sheet, `/hand`)."""
    return describe_private(at.view(seat))


def seat_choices(at: Position, seat: str, game_id: int, names: dict[str, str],
                 question: str) -> ChoiceMessage:
    """`question` with `seat`'s legal choices as components."""
    return choice_message(game_id, at.version, at.legal(seat), at.menu(seat), names,
                          question)


def secret_question(at: Position, seat: str) -> str | None:
    """The DM question of `seat`'s pending secret decision, if any."""
    prompt = next((p for p in at.prompts if p.seat == seat and p.secret), None)
    return None if prompt is None else f"**{prompt.text}** Choose below (only you see this)."


# ------------------------------------------------------------------ text-only stand-ins
def plain_choices(question: str, legal: Sequence[Action], names: dict[str, str]
                  ) -> ChoiceMessage:
    """The choices as a numbered list without components (`/move` takes any of them)."""
    content = plain(question, names) + "\n" + CHOICES_FAILED
    for i, action in enumerate(legal):
        line = f"\n{i + 1}. {clip(plain(action.label, names), 150)}"
        more = f"\n… and {len(legal) - i} more (`/move` lists them all)."
        if len(content) + len(line) + len(more) > MAX_CONTENT:
            content += more
            break
        content += line
    return ChoiceMessage(content=content, view=discord.ui.View(timeout=None), truncated=True)


def plain_sheet(view: Any) -> str:
    """A seat's private view written out field by field (names and numbers only), when
    its sheet cannot be drawn; `view` None when even the view could not be made."""
    lines = [SHEET_FAILED]
    me = getattr(view, "me", None)
    fields: dict[str, Any] = me.model_dump() if me is not None else {}
    for key, value in fields.items():
        if isinstance(value, (str, int)) and not isinstance(value, bool) and value != "":
            lines.append(f"{key.replace('_', ' ')}: {value}")
        elif isinstance(value, list) and value and all(isinstance(x, str) for x in value):
            lines.append(f"{key.replace('_', ' ')}: {', '.join(value)}")
    return clip("\n".join(lines), MAX_MESSAGE)


__all__ = ["BOARD_FAILED", "CHOICES_FAILED", "RECAP_FAILED", "SHEET_FAILED", "BoardImage",
           "board_image", "board_png", "board_source",
           "plain_choices", "plain_sheet", "private_text", "seat_choices", "secret_question",
           "sheet_head", "summary_text"]
