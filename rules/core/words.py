"""Small helpers for the English of event texts and labels."""

from __future__ import annotations


def a_or_an(noun: str) -> str:
    """`noun` with its indefinite article: "an adult", "a larva"."""
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def dice_count(n: int, kind: str = "") -> str:
    """"1 die", "3 dice", "no dice"; with a kind: "2 weak dice"."""
    noun = f"{kind} " if kind else ""
    return f"no {noun}dice" if n == 0 else f"1 {noun}die" if n == 1 else f"{n} {noun}dice"


def plural(n: int, noun: str, many: str = "") -> str:
    """"1 card", "2 cards"; `many` for an irregular plural ("injuries")."""
    return f"{n} {noun}" if n == 1 else f"{n} {many or noun + 's'}"


def joined(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters with an ellipsis (a button label, a title)."""
    return text if len(text) <= limit else text[:limit - 1].rstrip(" ,;:") + "…"
