"""Item cards a character owns (NX-ITEM-1): gaining one (heavy items take a hand slot,
normal ones go into the secret inventory), and what a character owns."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.nemesis.hands import take_heavy
from rules.nemesis.profile import Table
from rules.nemesis.state import Hero


def owned(hero: Hero) -> list[str]:
    return hero.inventory + [h.item for h in hero.hands if h.item]


def give_item(ctx: Table, hero: Hero, item_id: str) -> None:
    """A new item card: heavy ones go into a hand slot (or a choice when the hands are
    full), normal ones into the secret inventory."""
    item = ctx.rules.items[item_id]
    if item.heavy:
        take_heavy(ctx, hero, item=item_id, ammo=item.weapon.ammo if item.weapon else 0)
        return
    hero.inventory.append(item_id)
    ctx.say(f"{who(hero.seat)} gets a {item.color} item.", kind="item", color=item.color)
    ctx.tell(hero.seat, f"You got {item.name}: {item.text}", kind="item_private",
             item=item_id)
