"""Lockdown's answers to the Nemesis family layer (rules.nemesis.profile): its content
tables and its hooks. The hooks reach into the Lockdown modules at call time, so this
module imports none of them at load (the family's mechanics run inside them)."""

from __future__ import annotations

from typing import Any

from rules.lockdown.cards import index
from rules.nemesis.profile import Profile, Table
from rules.nemesis.state import Hero


class LockdownHooks:
    """What only Lockdown knows: room names (sections, the Mars crossroads), weaknesses
    revealed in the laboratory, the main gate opening at the first death, spawning."""

    def room_name(self, s: Any, slot: str) -> str:
        from rules.lockdown.table import room_name

        return room_name(s, slot)

    def weakness_active(self, s: Any, effect: str, hero: Hero | None) -> bool:
        from rules.lockdown.endgame import weakness_active

        return weakness_active(s, effect, hero)

    def after_death(self, ctx: Table, hero: Hero) -> None:
        """The first death opens the main gate (if it is not open yet)."""
        s = ctx.s
        if not s.first_death:
            s.first_death = True
            if not s.gate_open:
                s.gate_open = True
                ctx.say("First death: the facility opens the main gate.", kind="critical")

    def spawn(self, ctx: Table, kind: str, room: str) -> None:
        from rules.lockdown.intruders import spawn

        spawn(ctx, kind, room)  # type: ignore[arg-type]


PROFILE = Profile(cards=index().cards, items=index().items, wounds=index().wounds,
                  contamination=index().contamination, hooks=LockdownHooks())
