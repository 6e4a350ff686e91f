"""The original's gear: quest items becoming usable (NX-ITEM-1, NE-CHAR-1), and items
with a passive effect that gives an action (none of the original's items has one: its
passives, armour and duct tape, work on their own in the family layer)."""

from __future__ import annotations

from collections.abc import Callable

from rules.nemesis.items import activate_quests
from rules.nemesis.state import Hero
from rules.nemesis_original.rooms import OBJECT_KINDS
from rules.nemesis_original.state import GameState
from rules.nemesis_original.table import Ctx

QUESTS: dict[str, Callable[[GameState, Hero], bool]] = {
    "weakness_found": lambda s, hero: bool(s.weaknesses_found),
    "nest_found": lambda s, hero: s.nest_found,
    "signal_sent": lambda s, hero: hero.signal,
    "carcass_in_lab": lambda s, hero: OBJECT_KINDS.index("carcass") in s.weaknesses_found,
    "kill_intruder": lambda s, hero: s.kills > 0,
}


def check_quests(ctx: Ctx) -> bool:
    """Quest items whose quest is now fulfilled become usable; True if any did."""
    return activate_quests(ctx, ctx.s, QUESTS, colour_line=False)


def passive_usable(s: GameState, hero: Hero, passive: str | None, fighting: bool) -> bool:
    return False


def use_passive(ctx: Ctx, hero: Hero, passive: str) -> None:
    raise ValueError(f"the passive {passive!r} gives no action in this game")
