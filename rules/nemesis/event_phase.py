"""The event phase's stages both Nemesis games run alike (intruder attacks, fire damage,
the event card, bag development) and the stepping through a game's stage order: each
automatic step runs one stage, the frame already pointing at the next."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.nemesis import attacks, development, events, fire
from rules.nemesis.frames import AttackFrame
from rules.nemesis.profile import Table

Stage = Callable[[Any], None]


def intruder_attacks(ctx: Table) -> None:
    """Each intruder in a room with a character attacks (the queue is an AttackFrame)."""
    queue = attacks.event_attack_targets(ctx.s)
    if queue:
        ctx.s.stack.append(AttackFrame(queue=queue))


FAMILY_STAGES: Mapping[str, Stage] = {
    "attacks": intruder_attacks,
    "fire": fire.fire_damage,
    "event": events.event_card,
    "bag": development.bag_development,
}


def run_stage(ctx: Table, f: Any, order: tuple[str, ...], own: Mapping[str, Stage]) -> bool:
    """Run the stage the event phase frame `f` is at (the game's `own` stages, else the
    family's), after moving `f` on to the next stage of `order` (which ends with
    "done"). False at "done": the phase is over."""
    stage = f.stage
    if stage == "done":
        return False
    f.stage = order[order.index(stage) + 1]
    step = own.get(stage) or FAMILY_STAGES[stage]
    step(ctx)
    return True
