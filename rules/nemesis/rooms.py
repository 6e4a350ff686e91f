"""Room actions both Nemesis games share, word for word: surgery (scan and remove the
INFECTED cards and the larva, a light wound, the whole hand shuffled back, pass),
stealing an egg from the nest, and an attempt guarded by a noise roll (locking oneself
in, going to sleep, boarding a pod, walking to the bunker: it fails only if an intruder
shows up)."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.nemesis import contamination, noise, wounds
from rules.nemesis.combat import nest_check
from rules.nemesis.frames import AttemptFrame, PickFrame
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


def noise_attempt(ctx: Table, hero: Hero, tag: str) -> None:
    """An attempt guarded by a noise roll (NX-NOISE-1): the roll now; once what it set
    off is resolved (an encounter drawing its token, danger, a card), the game's
    `attempt_done` hook learns whether it was made (`attempt_run`)."""
    s = ctx.s
    s.stack.append(AttemptFrame(seat=hero.seat, room=hero.room, tag=tag,
                                since=s.next_intruder))
    noise.noise_roll(ctx, hero)


def attempt_run(ctx: Table, frame: AttemptFrame) -> None:
    """The attempt fails only if an intruder showed up in the room (one is there now, or
    one placed since the roll is gone again); a blank token, only echoes, does not fail
    it. A character no longer standing there (dead, moved) has nothing to finish."""
    s = ctx.s
    s.stack.pop()
    hero = s.heroes[frame.seat]
    if hero.place != "board":
        return
    present = {i.id for i in s.intruders}
    showed_up = bool(intruders_in(s, frame.room)) or any(
        n not in present for n in range(frame.since, s.next_intruder))
    ctx.rules.hooks.attempt_done(ctx, hero, frame.tag,
                                 not showed_up and hero.room == frame.room)


def ask(ctx: Table, hero: Hero, tag: str, options: list[str], labels: list[str]) -> None:
    """A room action's follow-up choice for `hero` (a "step" pick the game's
    continue_step resolves by `tag`); with no option left, it says so instead."""
    if not options:
        ctx.say("There is nothing to choose.", kind="room")
        return
    ctx.s.stack.append(PickFrame(seat=hero.seat, purpose="step", options=options,
                                 labels=labels, tag=tag, subject=hero.seat))
