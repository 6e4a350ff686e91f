"""The hooks both Nemesis games answer alike, for a game's hooks to build on: spawning an
intruder and pushing card effects. They are hooks all the same (rules.nemesis.profile.
Hooks) because the family modules that ask for them sit below the mechanics that do them
(contamination spawns a creeper, an attack pushes its effects): they reach those
mechanics through the profile, not by importing them."""

from __future__ import annotations

from collections.abc import Sequence

from rules.nemesis import intruders, resolve
from rules.nemesis.effects import Effect
from rules.nemesis.profile import Table


class FamilyHooks:
    """The hooks both games answer with the family's own mechanics."""

    def spawn(self, ctx: Table, kind: str, room: str) -> None:
        intruders.spawn(ctx, kind, room)

    def push_effects(self, ctx: Table, effects: Sequence[Effect], subject: str | None,
                     source: str, attacker: int | None = None) -> None:
        resolve.push_effects(ctx, effects, subject=subject, source=source, attacker=attacker)
