"""Small helpers for the English of event texts and labels."""

from __future__ import annotations


def a_or_an(noun: str) -> str:
    """`noun` with its indefinite article: "an adult", "a larva"."""
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"
