"""Player-facing texts of the bot (rules texts live in the ruleset content)."""

from __future__ import annotations

from rules.core.actions import replace_seat_refs

MAX_MESSAGE = 1900
MAX_CONTENT = 2000  # Discord's limit for a message's content


def plain(text: str, names: dict[str, str]) -> str:
    """Seat references replaced by display names (for buttons and autocomplete)."""
    return replace_seat_refs(text, lambda seat: names.get(seat, f"player {seat[-4:]}"))


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def split_message(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """`text` in messages of at most `limit` characters, cut between lines (a line
    longer than a message is cut between words); nothing is left out."""
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > 0 else limit
            line_part, line = line[:cut], line[cut:].lstrip(" ")
            if current:
                parts.append(current)
                current = ""
            parts.append(line_part)
        if current and len(current) + 1 + len(line) > limit:
            parts.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current or not parts:
        parts.append(current)
    return parts


def join_log(lines: list[str], limit: int = MAX_MESSAGE) -> str:
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))


NOT_IN_GAME = "You are not playing in this game."
STALE = ("That choice is out of date (the game has moved on): press **My choices** under "
         "the board for what you can do now, or use `/move`.")
DM_FAILED = "I can't DM {mention}: use `/hand` to see your private information."
NO_CHOICE = "You have nothing to decide right now."
