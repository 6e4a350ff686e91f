"""Display names made safe to draw and to print: `display_name(raw) -> str`.

A Discord display name can hold any character: control characters (NUL, ESC, a line
break), format characters that draw nothing (zero-width spaces and joiners, the byte
order mark, the word joiner, soft hyphens) and the bidirectional controls that turn the
text after them around (U+202A-U+202E, U+2066-U+2069, U+200E/U+200F). None of them
belongs on a board or in a line of the story: they hide, reorder or break what follows
the name. This module drops them (unicodedata categories Cc, Cf, Cs, Co and Cn), turns
line breaks, tabs and other separators into one space, and keeps everything a name is
made of, in every script, emoji included.

The one exception is the zero-width joiner (U+200D) between two pictographs: it glues an
emoji sequence (a family, a profession with a skin tone) into one picture; anywhere else
it goes too.
"""

from __future__ import annotations

import unicodedata

ZWJ = "\u200d"
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_SPACES = frozenset({"Zs", "Zl", "Zp"})
_PICTURE = frozenset({"So", "Sk"})        # emoji, and their skin-tone modifiers
_EMOJI_STYLE = "\ufe0f"                   # variation selector 16 (category Mn)


def _pictograph(ch: str) -> bool:
    return unicodedata.category(ch) in _PICTURE or ch == _EMOJI_STYLE


def display_name(raw: object) -> str:
    """`raw` as one line of text safe to draw and print: no control, format, bidi or
    zero-width characters (a joiner between two pictographs stays), whitespace runs
    (line breaks and tabs included) as single spaces, no space at either end. May be
    empty: the caller picks the fallback ("Player 2")."""
    text = str(raw)
    out: list[str] = []
    for i, ch in enumerate(text):
        kind = unicodedata.category(ch)
        if ch.isspace() or kind in _SPACES:
            out.append(" ")
        elif ch == ZWJ:
            if out and _pictograph(out[-1]) and i + 1 < len(text) and _pictograph(text[i + 1]):
                out.append(ch)
        elif kind not in _DROPPED:
            out.append(ch)
    return " ".join("".join(out).split())


__all__ = ["display_name"]
