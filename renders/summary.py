"""A short text summary of the public board, sent with the board image for small
screens and screen readers: `summary(view, names) -> str`, the game's kit's summary.

What every game's summary shares is here: the names of seats (markdown escaped), and
`fit`, which keeps the text within MAX_CHARS characters, plain text with light markdown
(the game's title in bold): the most useful facts come first and the details at the end
are dropped when the text runs long.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from pydantic import BaseModel

from renders.names import display_name
from rules.core.kit import Names
from rules.registry import get_kit

MAX_CHARS = 350
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()])")


def summary(view: BaseModel, names: Names = None) -> str:
    """The summary of a public view, by its game's kit ("" for a game not installed)."""
    try:
        kit = get_kit(str(getattr(view, "ruleset", "")))
    except KeyError:
        return ""
    return kit.summary(view, names)


def namer(names: Mapping[str, str]) -> Callable[[str | None], str]:
    """A seat's display name in a summary (markdown escaped), "nobody" for none."""
    def name_of(seat: str | None) -> str:
        if not seat:
            return "nobody"
        name = display_name(names.get(seat, "")) or f"player {str(seat)[-4:]}"
        return _MARKDOWN.sub(r"\\\1", name)
    return name_of


def fit(parts: Sequence[Sequence[str]]) -> str:
    """Lines of parts joined with " · "; the last parts go first when it runs long."""
    lines = [list(p) for p in parts]

    def text() -> str:
        return "\n".join(" · ".join(p) for p in lines if p)

    while len(text()) > MAX_CHARS and any(len(p) > 1 for p in lines[1:]):
        longest = max((p for p in lines[1:] if len(p) > 1), key=lambda p: len(" · ".join(p)))
        longest.pop()
    out = text()
    return out if len(out) <= MAX_CHARS else out[:MAX_CHARS - 1].rstrip() + "…"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


__all__ = ["MAX_CHARS", "fit", "namer", "plural", "summary"]
