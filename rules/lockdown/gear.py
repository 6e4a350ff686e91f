"""Crafting (NX-ITEM-3), trading (NX-TRADE-1), quest items (NX-ITEM-1), the main gate,
rover and bunker (LD-GATE-1)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from rules.core.contract import Action
from rules.lockdown import actions as a
from rules.lockdown import intruders as nx
from rules.lockdown.cards import index
from rules.lockdown.resolve import give_item
from rules.lockdown.state import GameState, PickFrame
from rules.lockdown.table import Ctx, heroes_in, in_combat, intruders_in, tile_of, who
from rules.nemesis.state import Hero

GATE_ROVER, GATE_SUIT, GATE_KEY = 20, 21, 22


def _item(item_id: str):  # type: ignore[no-untyped-def]

    return index().items[item_id]


def owned(hero: Hero) -> list[str]:
    return hero.inventory + [h.item for h in hero.hands if h.item]


def in_repository(s: GameState, hero: Hero) -> bool:
    room = s.rooms[hero.room]
    return bool(room.tile) and tile_of(room.tile or "").action == "repository" \
        and not room.malfunction


# ------------------------------------------------------------------ crafting
def craft_actions(s: GameState, hero: Hero) -> list[Action]:
    if in_combat(s, hero.seat):
        return []
    parts = [i for i in owned(hero) if _item(i).provides]
    need_cards = 1 if in_repository(s, hero) else 2
    out: list[Action] = []
    for crafted in dict.fromkeys(s.crafted):
        item = _item(crafted)
        for combo in dict.fromkeys(combinations(sorted(parts), need_cards)):
            if covers(combo, item.requires, need_cards):
                out.append(a.Craft(item=crafted, cards=combo, text=f"{item.name} from "
                                   + " + ".join(_item(c).name for c in combo)))
    return out


def covers(cards: tuple[str, ...], requires: tuple[str, ...], n: int) -> bool:
    """Each card supplies one of its blue symbols; at the repository one card fewer
    is needed (one required symbol is waived)."""
    want = Counter(requires)
    for order in {tuple(c) for c in _assignments(cards)}:
        got = Counter(order)
        missing = sum((want - got).values())
        if missing <= len(requires) - n:
            return True
    return False


def _assignments(cards: tuple[str, ...]) -> list[list[str]]:
    if not cards:
        return [[]]
    rest = _assignments(cards[1:])
    return [[sym, *tail] for sym in _item(cards[0]).provides for tail in rest]


def craft(ctx: Ctx, hero: Hero, action: a.Craft) -> None:
    s = ctx.s
    for card in action.cards:
        if card in hero.inventory:
            hero.inventory.remove(card)
        else:
            hero.hands = [h for h in hero.hands if h.item != card]
        s.discards.setdefault(_item(card).color, []).append(card)
    s.crafted.remove(action.item)
    ctx.say(f"{who(hero.seat)} crafts {_item(action.item).name}.", kind="craft")
    give_item(ctx, hero, action.item)


# ------------------------------------------------------------------ trading
def trade_actions(s: GameState, hero: Hero) -> list[Action]:
    if in_combat(s, hero.seat):
        return []
    out: list[Action] = []
    for other in heroes_in(s, hero.room):
        if other.seat == hero.seat:
            continue
        out.append(a.Trade(to=other.seat, give=None, text="ask for an item"))
        for item in dict.fromkeys(owned(hero)):
            out.append(a.Trade(to=other.seat, give=item, text=f"offer {_item(item).name}"))
    return out


def start_trade(ctx: Ctx, hero: Hero, action: a.Trade) -> None:
    s = ctx.s
    other = s.heroes[action.to]
    offer = _item(action.give).name if action.give is not None else "nothing"
    options = ["refuse", "accept"] + [f"give:{i}" for i in dict.fromkeys(owned(other))]
    labels = ["Refuse the trade", f"Accept ({offer}) and give nothing back"] + [
        f"Accept ({offer}) and give {_item(i).name}" for i in dict.fromkeys(owned(other))]
    ctx.say(f"{who(hero.seat)} offers a trade to {who(other.seat)}.", kind="trade")
    s.stack.append(PickFrame(seat=other.seat, purpose="step", options=options,
                             labels=labels, tag=f"trade:{hero.seat}:{action.give or '-'}",
                             subject=hero.seat))


def finish_trade(ctx: Ctx, target: Hero, tag: str, option: str) -> None:
    s = ctx.s
    _, starter_seat, give = tag.split(":")
    starter = s.heroes[starter_seat]
    if option == "refuse":
        ctx.say(f"{who(target.seat)} refuses the trade.", kind="trade")
        return
    if give != "-":
        _move_item(ctx, starter, target, give)
    if option.startswith("give:"):
        _move_item(ctx, target, starter, option.removeprefix("give:"))
    ctx.say(f"{who(starter.seat)} and {who(target.seat)} trade.", kind="trade")


def _move_item(ctx: Ctx, src: Hero, dst: Hero, item_id: str) -> None:
    held = next((h for h in src.hands if h.item == item_id), None)
    if held is not None:
        src.hands.remove(held)
        if len(dst.hands) < 2:
            dst.hands.append(held)  # a weapon keeps its ammo
        else:
            ctx.s.decks.setdefault(_item(item_id).color, []).append(item_id)
        return
    src.inventory.remove(item_id)
    dst.inventory.append(item_id)


# ------------------------------------------------------------------ quests
def check_quests(ctx: Ctx) -> None:
    s = ctx.s

    for hero in s.heroes.values():
        if hero.quest_active or hero.place == "dead" or not hero.character:
            continue
        ch = index().characters[hero.character]
        if quest_met(s, hero, ch.quest.needs):
            hero.quest_active = True
            give_item(ctx, hero, ch.quest.item)
            ctx.say(f"{who(hero.seat)}'s quest is fulfilled: {_item(ch.quest.item).name} "
                    "is ready.", kind="quest")


def quest_met(s: GameState, hero: Hero, needs: str) -> bool:
    return {
        "knowledge_5": hero.knowledge >= 5,
        "weakness_found": bool(s.lab_slots),
        "nest_found": s.nest_found,
        "signal_sent": hero.signal,
        "carcass_in_lab": "carcass" in s.lab_slots,
        "kill_intruder": hero.killed_intruder,
        "visit_all_sections": {1, 2, 3} <= set(hero.visited_sections),
        "power_restored": s.time_active,
    }[needs]


# ------------------------------------------------------------------ the main gate
def gate_actions(s: GameState, hero: Hero) -> list[Action]:
    from rules.lockdown.cards import content

    if hero.room != content().board.main_gate_slot or in_combat(s, hero.seat):
        return []
    out: list[Action] = []
    if s.gate_open:
        if s.rover_at_base:
            out.append(a.RoomAct(variant=GATE_ROVER, text="Drive the rover to the bunker"))
        if any(_item(i).passive == "enviro_suit" for i in owned(hero)):
            out.append(a.RoomAct(variant=GATE_SUIT,
                                 text="Walk to the bunker in the Enviro-Suit (noise roll)"))
    elif any(_item(i).passive == "main_gate_key" for i in owned(hero)):
        out.append(a.RoomAct(variant=GATE_KEY, text="Open the main gate with the key"))
    return out


def gate_action(ctx: Ctx, hero: Hero, variant: int) -> None:
    s = ctx.s
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
    before = len(s.intruders)
    depth = len(s.stack)
    nx.noise_roll(ctx, hero)
    if len(s.intruders) > before or intruders_in(s, hero.room) or any(
            f.kind == "encounter" for f in s.stack[depth:]):
        ctx.say(f"{who(hero.seat)} is caught at the gate; the walk to the bunker fails.",
                kind="bunker")
        return
    hero.place = "bunker"
    hero.passed = True
    ctx.say(f"{who(hero.seat)} walks out in the Enviro-Suit and reaches the bunker.",
            kind="bunker")
