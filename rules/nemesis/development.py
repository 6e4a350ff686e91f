"""Bag development (NX-BAG-*), at the end of a round: a token drawn from the bag grows
(larva to adult, creeper to breeder), stirs (noise rolls for everyone not fighting),
brings the queen back to her nest or lays an egg, or adds an adult."""

from __future__ import annotations

from rules.nemesis.bag import kind_of
from rules.nemesis.encounters import encountered
from rules.nemesis.noise import clear_noise_around, noise_roll
from rules.nemesis.places import heroes_in, intruders_in, turn_order
from rules.nemesis.profile import Table


def bag_development(ctx: Table) -> None:
    s = ctx.s
    bag = ctx.rules.bag
    if not s.bag:
        return
    token = s.bag.pop(s.rng.below(len(s.bag)))
    kind = kind_of(token)
    if kind in ("larva", "creeper") and ctx.rules.hooks.weakness_active(s, "slow_breeding",
                                                                       None):
        s.bag.append(token)
        ctx.say("Bag development: the young grow slowly (weakness): nothing happens.",
                kind="bag")
    elif kind == "larva":
        bag.add_token(s, "adult")
        ctx.say("Bag development: a larva grows into an adult.", kind="bag")
    elif kind == "creeper":
        bag.add_token(s, "breeder")
        ctx.say("Bag development: a creeper becomes a breeder.", kind="bag")
    elif kind in ("adult", "breeder"):
        s.bag.append(token)
        ctx.say("Bag development: something stirs. Everyone not fighting rolls for noise.",
                kind="bag")
        for seat in turn_order(s):
            hero = s.heroes[seat]
            if hero.place == "board" and not intruders_in(s, hero.room):
                noise_roll(ctx, hero)
    elif kind == "queen":
        s.bag.append(token)
        nest = ctx.rules.hooks.nest_room(s)
        visitors = heroes_in(s, nest) if nest else []
        if visitors:
            ctx.say("Bag development: the queen returns to her nest!", kind="bag")
            clear_noise_around(ctx, visitors[0].room)  # an encounter, as any other
            encountered(ctx, visitors[0], "queen", visitors[0].room, token)
        else:
            s.eggs += 1
            ctx.say("Bag development: the queen lays another egg.", kind="bag")
    else:
        s.bag.append(token)
        bag.add_token(s, "adult")
        ctx.say("Bag development: the brood grows (an adult joins the bag).", kind="bag")
