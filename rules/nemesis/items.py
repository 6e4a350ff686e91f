"""Item cards a character owns (NX-ITEM-1): gaining one (heavy items take a hand slot,
normal ones go into the secret inventory), what a character owns, and quest items
becoming usable once their quest is fulfilled."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from rules.core.actions import seat_ref as who
from rules.nemesis.hands import take_heavy
from rules.nemesis.profile import NemesisState, Table
from rules.nemesis.state import Hero

S = TypeVar("S", bound=NemesisState)


def owned(hero: Hero) -> list[str]:
    return hero.inventory + [h.item for h in hero.hands if h.item]


def give_item(ctx: Table, hero: Hero, item_id: str, colour_line: bool = True) -> None:
    """A new item card: heavy ones go into a hand slot (or a choice when the hands are
    full), normal ones into the secret inventory, the table hearing its colour (unless
    the caller names it anyway: `colour_line` False)."""
    item = ctx.rules.items[item_id]
    if item.heavy:
        take_heavy(ctx, hero, item=item_id, ammo=item.weapon.ammo if item.weapon else 0)
        return
    hero.inventory.append(item_id)
    if colour_line:
        ctx.say(f"{who(hero.seat)} gets a {item.color} item.", kind="item",
                color=item.color)
    ctx.tell(hero.seat, f"You got {item.name}: {item.text}", kind="item_private",
             item=item_id)


def activate_quests(ctx: Table, s: S, quests: Mapping[str, Callable[[S, Hero], bool]],
                    colour_line: bool = True) -> bool:
    """Give each living character whose quest is now fulfilled (`quests[needs](s, hero)`,
    the game's reading of each quest; `s` is `ctx.s`) their quest item; True when
    someone got one (the item may ask a question: the frames must run again).
    `colour_line` False: the table hears only that the quest is fulfilled, which names
    the item (not also "gets a quest item"). Runs after every action: kept lean."""
    fulfilled = False
    characters = ctx.rules.characters
    for hero in s.heroes.values():
        if hero.quest_active or hero.place == "dead" or not hero.character:
            continue
        ch = characters[hero.character]
        if quests[ch.quest.needs](s, hero):
            hero.quest_active = True
            give_item(ctx, hero, ch.quest.item, colour_line)
            ctx.say(f"{who(hero.seat)}'s quest is fulfilled: "
                    f"{ctx.rules.items[ch.quest.item].name} is ready.", kind="quest")
            fulfilled = True
    return fulfilled
