"""Hand slots (NX-ITEM-1): heavy items and objects take a slot each (2, or 1 with an
arm wound); Duct Tape lets two heavy items share one slot. Gaining something heavy with
full hands asks the player to drop something or to give the new thing up."""

from __future__ import annotations

from dataclasses import replace

from rules.core.actions import seat_ref as who
from rules.core.words import a_or_an
from rules.nemesis.character import owns_passive, slot_limit, slots_used
from rules.nemesis.frames import PickFrame
from rules.nemesis.memory import put_under
from rules.nemesis.profile import Profile, Table
from rules.nemesis.state import Held, Hero, add_object

OVERFULL = "overfull"
HEAVY = "heavy"


def object_phrase(obj: str) -> str:
    """An object token in a sentence: "an egg", "a carcass", "a corpse"."""
    return "a corpse" if obj.startswith("corpse") else a_or_an(obj)


def held_name(rules: Profile, held: Held) -> str:
    if held.item is not None:
        return rules.items[held.item].name
    return object_phrase(held.obj or "?")


def untape(hero: Hero, item_id: str | None) -> None:
    """Whatever was taped to `item_id` gets a slot of its own again."""
    for held in hero.hands:
        if item_id is not None and held.taped_to == item_id:
            held.taped_to = None


def remove_item(hero: Hero, item_id: str) -> None:
    """Take one item card out of the inventory or the hands (used up, crafted, given)."""
    if item_id in hero.inventory:
        hero.inventory.remove(item_id)
        return
    hero.hands.remove(next(h for h in hero.hands if h.item == item_id))
    untape(hero, item_id)


def drop_held(ctx: Table, hero: Hero, held: Held) -> None:
    """Drop for free: objects stay in the room, items go under their deck."""
    s = ctx.s
    hero.hands.remove(held)
    untape(hero, held.item)
    if held.obj is not None:
        add_object(s.rooms, hero.room, held.obj)
    if held.item is not None:
        put_under(s, ctx.rules.items[held.item].color, held.item, s.seats)
    where = "; it is lost" if held.item is not None else ""
    ctx.say(f"{who(hero.seat)} drops {held_name(ctx.rules, held)}{where}.", kind="drop")


def fix_hands(ctx: Table, hero: Hero) -> None:
    """Tape comes off items beyond the Duct Tape owned; a hero holding more than their
    slots allow (an arm wound) chooses what to drop. Called wherever the hands change:
    a question about what to drop that is still open is asked again about the hands as
    they are now, or dropped when nothing needs dropping any more (an item crafted or
    used up from the hands while it waited)."""
    tapes = owns_passive(ctx.rules, hero, "duct_tape")
    for held in [h for h in hero.hands if h.taped_to is not None][tapes:]:
        held.taped_to = None
    stack = ctx.s.stack
    asked = next((i for i, f in enumerate(stack) if isinstance(f, PickFrame)
                  and f.tag == OVERFULL and f.seat == hero.seat), None)
    if hero.place != "board" or slots_used(hero) <= slot_limit(ctx.rules, hero):
        if asked is not None:
            del stack[asked]
        return
    options = [str(i) for i in range(len(hero.hands))]
    labels = [f"Drop {held_name(ctx.rules, h)}" for h in hero.hands]
    if asked is not None:
        stack[asked] = replace(stack[asked], options=options, labels=labels)
        return
    stack.append(PickFrame(seat=hero.seat, purpose="step", tag=OVERFULL, subject=hero.seat,
                           options=options, labels=labels))


def drop_overfull(ctx: Table, hero: Hero, option: str) -> None:
    drop_held(ctx, hero, hero.hands[int(option)])
    fix_hands(ctx, hero)


def can_tape(rules: Profile, hero: Hero, i: int) -> bool:
    held = hero.hands[i]
    return (held.item is not None and held.taped_to is None
            and not any(h.taped_to == held.item for h in hero.hands)
            and sum(1 for h in hero.hands if h.taped_to) < owns_passive(rules, hero,
                                                                         "duct_tape"))


def take_heavy(ctx: Table, hero: Hero, item: str | None = None, obj: str | None = None,
               ammo: int = 0) -> None:
    """Put a heavy item or object into a free hand slot, or ask what to do."""
    if slots_used(hero) < slot_limit(ctx.rules, hero):
        hero.hands.append(Held(item=item, obj=obj, ammo=ammo))
        name = held_name(ctx.rules, Held(item=item, obj=obj))
        ctx.say(f"{who(hero.seat)} takes {name} in hand.", kind="item")
        return
    ctx.s.stack.append(heavy_pick(ctx.rules, hero, item, obj, ammo))


def heavy_pick(rules: Profile, hero: Hero, item: str | None, obj: str | None,
               ammo: int) -> PickFrame:
    """The choice of a hero with full hands given a heavy item or object: drop one held
    thing (or tape the item to one, with Duct Tape), or leave the new one."""
    new = held_name(rules, Held(item=item, obj=obj))
    options: list[str] = []
    labels: list[str] = []
    for i, held in enumerate(hero.hands):
        options.append(f"drop:{i}")
        labels.append(f"Drop {held_name(rules, held)} and take {new}")
        if item is not None and can_tape(rules, hero, i):
            options.append(f"tape:{i}")
            labels.append(f"Tape {new} to {held_name(rules, held)} (Duct Tape)")
    options.append("refuse")
    labels.append(f"Leave {new}")
    tag = f"{HEAVY}:{'i' if item else 'o'}:{item or obj}:{ammo}"
    return PickFrame(seat=hero.seat, purpose="step", tag=tag, options=options,
                     labels=labels, subject=hero.seat)


def resolve_heavy(ctx: Table, hero: Hero, tag: str, option: str) -> None:
    """The answer to "full hands: drop something, tape it, or leave the new thing"; a
    question about what to drop still waiting below (an arm wound) then follows the
    hands (`fix_hands`)."""
    _, what, thing, ammo = tag.split(":")
    item, obj = (thing, None) if what == "i" else (None, thing)
    verb, _, idx = option.partition(":")
    if option == "refuse":
        leave(ctx, hero, item, obj)
    elif verb == "tape":
        target = hero.hands[int(idx)]
        hero.hands.append(Held(item=item, ammo=int(ammo), taped_to=target.item))
        ctx.say(f"{who(hero.seat)} tapes {held_name(ctx.rules, hero.hands[-1])} to "
                f"{held_name(ctx.rules, target)}.", kind="item")
    else:
        drop_held(ctx, hero, hero.hands[int(idx)])
        take_heavy(ctx, hero, item, obj, int(ammo))
    fix_hands(ctx, hero)


def leave(ctx: Table, hero: Hero, item: str | None, obj: str | None) -> None:
    """A heavy thing that is not kept: objects stay in the room, items go under
    their deck."""
    s = ctx.s
    if obj is not None:
        add_object(s.rooms, hero.room, obj)
    if item is not None:
        put_under(s, ctx.rules.items[item].color, item, s.seats)
    name = held_name(ctx.rules, Held(item=item, obj=obj))
    ctx.say(f"{who(hero.seat)} leaves {name} behind.", kind="drop")
