"""Wounds and death (NX-WOUND-1): light wounds (2 make a serious one), serious wound
cards (3 at most; any wound after that kills), and what a death leaves behind."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.nemesis.character import has_wound, owns_passive
from rules.nemesis.decks import draw_from
from rules.nemesis.hands import fix_hands
from rules.nemesis.places import in_play
from rules.nemesis.profile import Table
from rules.nemesis.state import Hero, WoundCard, add_object

MAX_SERIOUS = 3


def deadly(hero: Hero, grace: list[str]) -> bool:
    """Any wound after 3 serious wounds kills, unless the third came from the same
    effect (001: going past 3 within one effect, the next wound kills)."""
    return len(hero.serious) >= MAX_SERIOUS and hero.seat not in grace


def light_wound(ctx: Table, hero: Hero, n: int = 1, grace: list[str] | None = None) -> None:
    """`grace` lists the seats that reached 3 serious wounds earlier in the same effect
    (an EffectsFrame's list); the n wounds of one call are one effect too."""
    grace = [] if grace is None else grace
    for _ in range(n):
        if hero.place == "dead":
            return
        if not hero.armor_used and owns_passive(ctx.rules, hero, "armor"):
            hero.armor_used = True
            ctx.say(f"{who(hero.seat)}'s body armor stops a light wound.", kind="armor",
                    seat=hero.seat)
            continue
        if deadly(hero, grace):
            kill(ctx, hero, "a wound after three serious wounds")
            return
        hero.tally.light += 1
        if hero.light < 2:
            hero.light += 1
            ctx.say(f"{who(hero.seat)} suffers a light wound ({hero.light}/2).",
                    kind="wound", seat=hero.seat)
        else:
            hero.light = 0
            ctx.say(f"{who(hero.seat)}'s light wounds become a serious wound.", kind="wound")
            serious_wound(ctx, hero, grace=grace)


def serious_wound(ctx: Table, hero: Hero, n: int = 1, grace: list[str] | None = None
                  ) -> None:
    grace = [] if grace is None else grace
    wounds = ctx.rules.wounds
    for _ in range(n):
        if hero.place == "dead":
            return
        if deadly(hero, grace):
            kill(ctx, hero, "a wound after three serious wounds")
            return
        if len(hero.serious) >= MAX_SERIOUS:
            ctx.say(f"{who(hero.seat)} already has 3 serious wounds: this blow does no "
                    "more harm, but any further wound kills.", kind="wound",
                    seat=hero.seat)
            continue
        card = draw_from(ctx.s, "wounds")
        if card is None:
            card = next(iter(wounds))
        hero.serious.append(WoundCard(card=card))
        hero.tally.serious += 1
        if len(hero.serious) >= MAX_SERIOUS and hero.seat not in grace:
            grace.append(hero.seat)
        name = wounds[card].name
        ctx.say(f"{who(hero.seat)} suffers a serious wound: {name} "
                f"({len(hero.serious)}/3).", kind="wound", seat=hero.seat, card=card)
        if wounds[card].penalty == "arm":
            fix_hands(ctx, hero)


def kill(ctx: Table, hero: Hero, why: str) -> None:
    """The character dies where they stand: their corpse and carried objects stay in
    the room, their items leave the game; then whatever the game's death sets off."""
    s = ctx.s
    if hero.place == "dead":
        return
    room = hero.room
    hero.place = "dead"
    hero.pod = None
    where = ctx.rules.hooks.room_name(s, room)
    s.deaths[hero.seat] = f"died in {where} ({why})"
    add_object(s.rooms, room, f"corpse_{hero.seat}")
    for held in hero.hands:
        if held.obj is not None:
            add_object(s.rooms, room, held.obj)
        if held.item is not None:
            s.removed_items.append(held.item)
    s.removed_items.extend(hero.inventory)
    hero.hands = []
    hero.inventory = []
    ctx.say(f"{who(hero.seat)} dies in {where} ({why}).", kind="death", seat=hero.seat)
    ctx.rules.hooks.after_death(ctx, hero)


def bleed(ctx: Table) -> None:
    """At the end of a round, every character in play with a bleeding wound takes a
    light wound."""
    for hero in in_play(ctx.s):
        if has_wound(ctx.rules, hero, "bleeding"):
            ctx.say(f"{who(hero.seat)} is bleeding.", kind="bleeding", seat=hero.seat)
            light_wound(ctx, hero)
