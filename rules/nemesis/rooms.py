"""Room actions both Nemesis games share, word for word: surgery (scan and remove the
INFECTED cards and the larva, a light wound, the whole hand shuffled back, pass),
stealing an egg from the nest, and an attempt guarded by a noise roll (locking oneself
in, going to sleep, boarding a pod: it fails if an intruder shows up)."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.nemesis import contamination, noise, wounds
from rules.nemesis.combat import nest_check
from rules.nemesis.frames import PickFrame
from rules.nemesis.places import intruders_in
from rules.nemesis.profile import Table
from rules.nemesis.state import Held, Hero


def surgery(ctx: Table, hero: Hero) -> None:
    s = ctx.s
    contamination.decontaminate(ctx, hero, everywhere=True)
    wounds.light_wound(ctx, hero)
    hero.deck = s.rng.shuffled(hero.deck + hero.hand + hero.discard)
    hero.hand, hero.discard = [], []
    hero.passed = True
    ctx.say(f"{who(hero.seat)} undergoes surgery and passes.", kind="room")


def take_egg(ctx: Table, hero: Hero) -> None:
    """One egg from the nest into a free hand, then a noise roll."""
    s = ctx.s
    s.eggs -= 1
    ctx.say(f"{who(hero.seat)} takes an egg from the nest ({s.eggs} left).", kind="egg")
    hero.hands.append(Held(obj="egg"))
    nest_check(ctx)
    noise.noise_roll(ctx, hero)


def noise_attempt(ctx: Table, hero: Hero) -> bool:
    """A noise roll; True when no intruder appeared (nor is waiting to, nor is already
    in the hero's room)."""
    s = ctx.s
    before = len(s.intruders)
    depth = len(s.stack)
    noise.noise_roll(ctx, hero)
    appeared = len(s.intruders) > before or any(
        f.kind == "encounter" for f in s.stack[depth:])
    return not (appeared or intruders_in(s, hero.room))


def ask(ctx: Table, hero: Hero, tag: str, options: list[str], labels: list[str]) -> None:
    """A room action's follow-up choice for `hero` (a "step" pick the game's
    continue_step resolves by `tag`); with no option left, it says so instead."""
    if not options:
        ctx.say("There is nothing to choose.", kind="room")
        return
    ctx.s.stack.append(PickFrame(seat=hero.seat, purpose="step", options=options,
                                 labels=labels, tag=tag, subject=hero.seat))
