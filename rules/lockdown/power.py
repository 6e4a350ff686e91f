"""Lockdown's own effect primitives: power tokens (off, on, a section's switch), the
time token, the signal, knowledge."""

from __future__ import annotations

from rules.lockdown.facility import section_of
from rules.lockdown.table import Ctx, who
from rules.nemesis import effects as fx
from rules.nemesis.resolve import targets


def own_effect(ctx: Ctx, e: fx.Effect, subject: str | None) -> None:
    s = ctx.s
    if isinstance(e, fx.Knowledge):
        for x in targets(s, e.who, subject):
            x.knowledge = max(0, x.knowledge + e.n)
            ctx.say(f"{who(x.seat)} now has {x.knowledge} knowledge.", kind="knowledge")
    elif isinstance(e, fx.Power):
        power_effect(ctx, e.op, subject)
    elif isinstance(e, fx.Time):
        s.time = max(0, min(15, s.time - e.delta))
        ctx.say(f"The time token moves to slot {s.time}.", kind="time")
    elif isinstance(e, fx.Signal) and subject is not None:
        s.heroes[subject].signal = True
        ctx.say(f"{who(subject)} sends the signal.", kind="signal")


def power_effect(ctx: Ctx, op: str, subject: str | None) -> None:
    s = ctx.s
    tokens = sorted(s.power.items(), key=lambda kv: kv[1].token)
    if op == "off_highest":
        on = [kv for kv in tokens if kv[1].active]
        if on:
            on[-1][1].active = False
            ctx.say(f"Power fails: token {on[-1][1].token} goes dark.", kind="power")
    elif op == "on_lowest":
        off = [kv for kv in tokens if not kv[1].active]
        if off:
            off[0][1].active = True
            s.power_switched_on = True
            ctx.say(f"Power returns: token {off[0][1].token} comes on.", kind="power")
    elif subject is not None:
        section = section_of(s.heroes[subject].room)
        if section is not None:
            token = s.power[str(section)]
            token.active = not token.active
            s.power_switched_on = s.power_switched_on or token.active
            ctx.say(f"Section {section} power is {'on' if token.active else 'off'}.",
                    kind="power")
