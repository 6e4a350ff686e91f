"""Encounters (NX-ENC-*): a token drawn from the bag becomes an intruder in the room (a
blank one is only echoes), with a surprise attack when the character holds fewer cards
than the token's number (the red one in darkness)."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.nemesis.bag import kind_of, unset
from rules.nemesis.frames import AttackFrame, EncounterFrame
from rules.nemesis.intruders import appear, first_intruder
from rules.nemesis.noise import clear_noise_around, fill_noise
from rules.nemesis.profile import Table
from rules.nemesis.state import Hero, Intruder


def encounter_run(ctx: Table, frame: EncounterFrame) -> None:
    s = ctx.s
    bag = ctx.rules.bag
    s.stack.pop()
    hero = s.heroes[frame.seat]
    room = frame.room
    clear_noise_around(ctx, room)
    if not s.bag and not bag.add_token(s, "adult"):
        ctx.say("The intruder bag is empty: nothing comes.", kind="encounter")
        return
    token = s.bag.pop(s.rng.below(len(s.bag)))
    kind = kind_of(token)
    if kind == "blank":
        fill_noise(ctx, room)
        if not s.bag:
            bag.add_token(s, "adult")
        s.bag.append(token)
        ctx.say(f"Encounter in {ctx.rules.hooks.room_name(s, room)}: only echoes. Noise "
                "everywhere.", kind="encounter")
        return
    s.aside.append(token)
    intruder = encountered(ctx, hero, kind, room, token)
    if intruder is None:
        unset(s, token)  # no model to place: the token is not lost, it goes back
    else:
        intruder.token = token


def encountered(ctx: Table, hero: Hero, kind: str, room: str, token: str
                ) -> Intruder | None:
    """The intruder a token brings appears; then, in the order the story is told, the
    first encounter (if it is the first: its objective choice is made first) and the
    surprise attack on the hero if they are there with too few cards."""
    s = ctx.s
    intruder = appear(ctx, kind, room)
    if intruder is None:
        return None
    attacked = hero.place == "board" and hero.room == room and surprised(ctx, hero, token)
    if attacked:
        s.stack.append(AttackFrame(queue=[(intruder.id, hero.seat)]))
    first_intruder(ctx)
    if attacked:
        ctx.say(f"Surprise attack on {who(hero.seat)}!", kind="surprise")
    return intruder


def surprised(ctx: Table, hero: Hero, token: str) -> bool:
    """Fewer cards in hand (action and contamination) than the token's number (the red
    one in darkness): a surprise attack on whoever triggered the encounter."""
    limit = ctx.rules.bag.surprise_number(token, dark=ctx.rules.hooks.dark(ctx.s, hero.room))
    return len(hero.hand) < limit
