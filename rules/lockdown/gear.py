"""Lockdown's gear: quest items (NX-ITEM-1), the repository (crafting with one card
fewer), the main gate, rover and bunker (LD-GATE-1)."""

from __future__ import annotations

from collections.abc import Callable

from rules.core.contract import Action
from rules.lockdown import surface
from rules.lockdown.cards import content, index
from rules.lockdown.facility import tile_of
from rules.lockdown.state import GameState
from rules.lockdown.table import Ctx, who
from rules.nemesis import actions as a
from rules.nemesis.items import activate_quests, owned
from rules.nemesis.places import in_combat
from rules.nemesis.rooms import noise_attempt
from rules.nemesis.state import Hero

GATE_ROVER, GATE_SUIT, GATE_KEY = 20, 21, 22


def in_repository(s: GameState, hero: Hero) -> bool:
    room = s.rooms[hero.room]
    return bool(room.tile) and tile_of(room.tile or "").action == "repository" \
        and not room.malfunction


# ------------------------------------------------------------------ quests
def check_quests(ctx: Ctx) -> bool:
    """Give each character whose quest is now fulfilled their quest item; True when
    someone got one (the item may ask a question: the frames must run again)."""
    return activate_quests(ctx, ctx.s, _QUESTS)


_QUESTS: dict[str, Callable[[GameState, Hero], bool]] = {
    "knowledge_5": lambda s, hero: hero.knowledge >= 5,
    "weakness_found": lambda s, hero: bool(s.lab_slots),
    "nest_found": lambda s, hero: s.nest_found,
    "signal_sent": lambda s, hero: hero.signal,
    "carcass_in_lab": lambda s, hero: "carcass" in s.lab_slots,
    "kill_intruder": lambda s, hero: s.kills > 0,
    "visit_all_sections": lambda s, hero: {1, 2, 3} <= set(hero.visited_sections),
    "power_restored": lambda s, hero: s.power_switched_on,
}


# ------------------------------------------------------------------ the main gate
def gate_actions(s: GameState, hero: Hero) -> list[Action]:
    if s.options.board == "mars":
        return surface.surface_actions(s, hero)  # no main gate on the Mars side
    if hero.room != content().board.main_gate_slot or in_combat(s, hero.seat):
        return []
    out: list[Action] = []
    if s.gate_open:
        if s.rover_at_base:
            out.append(a.RoomAct(variant=GATE_ROVER, text="Drive the rover to the bunker"))
        if any(index().items[i].passive == "enviro_suit" for i in owned(hero)):
            out.append(a.RoomAct(variant=GATE_SUIT,
                                 text="Walk to the bunker in the Enviro-Suit (noise roll)"))
    elif any(index().items[i].passive == "main_gate_key" for i in owned(hero)):
        out.append(a.RoomAct(variant=GATE_KEY, text="Open the main gate with the key"))
    return out


def gate_action(ctx: Ctx, hero: Hero, variant: int) -> None:
    s = ctx.s
    if s.options.board == "mars":
        surface.surface_action(ctx, hero, variant)
        return
    if variant == GATE_KEY:
        s.gate_open = True
        ctx.say(f"{who(hero.seat)} opens the main gate with the key.", kind="gate")
        return
    if variant == GATE_ROVER:
        s.rover_at_base = False
        hero.place = "bunker"
        hero.passed = True
        ctx.say(f"{who(hero.seat)} drives the rover to the bunker.", kind="bunker")
        return
    noise_attempt(ctx, hero, "gate_walk")


def gate_walk(ctx: Ctx, hero: Hero, made: bool) -> None:
    """The walk out of the main gate in the Enviro-Suit, once its noise roll is resolved:
    an intruder that showed up voids it (001)."""
    if not made:
        ctx.say(f"{who(hero.seat)} is caught at the gate; the walk to the bunker fails.",
                kind="bunker")
        return
    hero.place = "bunker"
    hero.passed = True
    ctx.say(f"{who(hero.seat)} walks out in the Enviro-Suit and reaches the bunker.",
            kind="bunker")
