"""The first-encounter objective choice as the original words it (NE-CRIT-1; the draft
and the choice itself are the family's: rules.nemesis.choices)."""

from __future__ import annotations

from rules.nemesis.choices import keep_one_objective
from rules.nemesis_original.table import Ctx


def first_encounter(ctx: Ctx) -> None:
    """The first intruder aboard: everyone still alive keeps 1 of their 2 objectives."""
    alone = len(ctx.s.seats) == 1
    keep_one_objective(ctx, "First encounter! " + (
        "Keep one of your two objectives in secret." if alone else
        "Everyone keeps one of their two objectives in secret."))
