"""Effect primitives the family leaves to the game (rules.nemesis.effects): the engines
(the Captain's Basic Repairs, 002: "Repair / Break one of the Engines") are the ship's;
power, time, the signal and knowledge mean nothing on the ship, and the content check
(cards.check_references) keeps every card of the original from using them."""

from __future__ import annotations

from rules.nemesis import effects as fx
from rules.nemesis.frames import PickFrame
from rules.nemesis_original.table import Ctx


def own_effect(ctx: Ctx, effect: fx.Effect, subject: str | None) -> None:
    if isinstance(effect, fx.Engine):
        if subject is not None:
            ask_engine(ctx, subject)
        return
    raise ValueError(f"the effect {effect.do!r} has no meaning in the original Nemesis")


def ask_engine(ctx: Ctx, seat: str) -> None:
    """Which engine to repair or break, and which of the two (its status is not shown
    first: the player learns it by setting it)."""
    engines = sorted(ctx.s.engines)
    options = [f"{e}:{op}" for e in engines for op in ("repair", "break")]
    labels = [f"{op.capitalize()} engine {e}" for e in engines for op in ("repair", "break")]
    ctx.s.stack.append(PickFrame(seat=seat, purpose="step", tag="engine_card",
                                 options=options, labels=labels, subject=seat))
