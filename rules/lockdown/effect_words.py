"""Effects in words for Lockdown: the family's words (rules.nemesis.effect_words), with
Lockdown's crafted items named."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.words import plural
from rules.lockdown.cards import index
from rules.nemesis import effects as fx
from rules.nemesis.effect_words import effects_words as family_words
from rules.nemesis.effect_words import option_words as family_option_words

__all__ = ["effects_words", "option_words", "plural"]


def _item_name(item: str) -> str:
    return index().items[item].name


def effects_words(effects: Sequence[fx.Effect]) -> str:
    return family_words(effects, _item_name)


def option_words(option: Sequence[fx.Effect]) -> str:
    return family_option_words(option, _item_name)
