"""Effect primitives the family leaves to the game (rules.nemesis.effects: power, time,
the signal, knowledge): none of them means anything on the ship, and the content check
(cards.check_references) keeps every card of the original from using them."""

from __future__ import annotations

from rules.nemesis import effects as fx
from rules.nemesis_original.table import Ctx


def own_effect(ctx: Ctx, effect: fx.Effect, subject: str | None) -> None:
    raise ValueError(f"the effect {effect.do!r} has no meaning in the original Nemesis")
