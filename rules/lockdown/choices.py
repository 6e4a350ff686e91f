"""The first-encounter objective choice (NX-AI-1) as Lockdown words it (the draft and
the choice itself are the family's: rules.nemesis.choices)."""

from __future__ import annotations

from rules.lockdown.table import Ctx
from rules.nemesis.choices import keep_one_objective


def first_encounter(ctx: Ctx) -> None:
    """The first intruder on the board: everyone keeps 1 of their 2 objectives (NX-AI-1;
    coop objectives stay as they are)."""
    keep_one_objective(ctx, "First encounter! " + {
        "coop": "The team's objectives stay as they are.",
        "solo": "Keep one of your two objectives in secret.",
    }.get(ctx.s.options.mode, "Everyone keeps one of their two objectives in secret."))
