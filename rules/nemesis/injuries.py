"""Injuries and intruder deaths (NX-ATK-2): each injury draws attack cards (two for a
breeder or the queen) for their blood; a retreat symbol makes it flee instead; enough
injuries kill it and a carcass stays. A larva dies at the first injury."""

from __future__ import annotations

from rules.core.words import plural
from rules.nemesis.bag import retire
from rules.nemesis.decks import draw_from
from rules.nemesis.intruders import BIG, retreat
from rules.nemesis.profile import Table
from rules.nemesis.state import Intruder, add_object


def injure(ctx: Table, intruder: Intruder, n: int, by: str | None = None) -> None:
    """Injuries and the death check (blood values; retreat flees)."""
    s = ctx.s
    if intruder not in s.intruders:
        return
    intruder.injuries += n
    if intruder.kind == "larva":
        s.intruders.remove(intruder)
        retire(s, intruder.token)
        ctx.say("The larva is destroyed.", kind="intruder_dies")
        if by is not None:
            s.heroes[by].tally.kills += 1
        return
    attacks = ctx.rules.attacks
    cards = [draw_from(s, "attacks") for _ in range(2 if intruder.kind in BIG else 1)]
    drawn = [attacks[c] for c in cards if c is not None]
    s.discards.setdefault("attacks", []).extend(c.id for c in drawn)
    if any(c.retreat for c in drawn):
        retreat(ctx, intruder, f"The wounded {intruder.kind} flees!")
        return
    blood = sum(c.blood for c in drawn)
    if drawn and ctx.rules.hooks.weakness_active(s, "thin_blood", None):
        blood -= 1  # the weakness: they bleed out sooner
    if blood <= intruder.injuries:
        die(ctx, intruder, by)
    else:
        ctx.say(f"The {intruder.kind} takes {plural(n, 'injury', 'injuries')} and keeps "
                f"going ({intruder.injuries} so far).", kind="intruder_hurt")


def die(ctx: Table, intruder: Intruder, by: str | None = None) -> None:
    """An intruder dies: a carcass stays in its room."""
    s = ctx.s
    s.intruders.remove(intruder)
    retire(s, intruder.token)
    add_object(s.rooms, intruder.room, "carcass")
    s.kills += 1
    ctx.say(f"The {intruder.kind} dies ({plural(intruder.injuries, 'injury', 'injuries')}).",
            kind="intruder_dies", intruder=intruder.kind)
    if by is not None:
        s.heroes[by].killed_intruder = True
        s.heroes[by].tally.kills += 1


def worn_out(ctx: Table) -> None:
    """At the end of a round, with the Short-Lived weakness known, every adult with 2 or
    more injuries dies."""
    s = ctx.s
    if ctx.rules.hooks.weakness_active(s, "short_lived", None):
        for intruder in [i for i in s.intruders if i.kind == "adult" and i.injuries >= 2]:
            die(ctx, intruder)
