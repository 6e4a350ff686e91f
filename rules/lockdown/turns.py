"""The player phase: drawing up, the first player token, turns of 2 actions, paying
costs with action cards, passing (NX-TURN-1, NX-COST-1, NX-COMBAT-STATE-1)."""

from __future__ import annotations

from itertools import combinations
from math import comb

from rules.core.contract import Action
from rules.lockdown import actions as a
from rules.lockdown import combat, heroes, movement
from rules.lockdown.cards import index
from rules.lockdown.resolve import push_effects
from rules.lockdown.state import (
    EventPhaseFrame,
    GameState,
    MoveFrame,
    PayFrame,
    PickFrame,
    RoundFrame,
    TurnFrame,
)
from rules.lockdown.table import (
    Ctx,
    action_cards,
    hand_limit,
    has_wound,
    in_combat,
    in_play,
    intruders_in,
    room_name,
    tile_of,
    turn_order,
    who,
)
from rules.nemesis.state import Hero

COSTS = {"move": 1, "careful": 2, "shoot": 1, "melee": 1, "search": 2, "pick_up": 1,
         "trade": 1, "craft": 1}


def item_of(ctx_or_none: object, item_id: str):  # type: ignore[no-untyped-def]

    return index().items[item_id]


def card_of(card_id: str):  # type: ignore[no-untyped-def]
    return index().cards[card_id]


def ability_of(hero: Hero) -> str:

    return index().characters[hero.character].ability


# ------------------------------------------------------------------ what a hero may do
def cost_of(s: GameState, hero: Hero, action: Action) -> int:
    if isinstance(action, a.Move):
        return COSTS["move"] + (1 if has_wound(hero, "leg") else 0)
    if isinstance(action, a.CarefulMove):
        base = 1 if ability_of(hero) == "quiet_steps" else COSTS["careful"]
        return base + (1 if has_wound(hero, "leg") else 0)
    if isinstance(action, a.Melee):
        return COSTS["melee"] + (1 if has_wound(hero, "hand") else 0)
    if isinstance(action, a.PlayCard):
        return card_of(action.card).cost
    if isinstance(action, a.UseItem):
        use = item_of(None, action.item).use
        return use.cost if use else 0
    if isinstance(action, a.RoomAct):
        from rules.lockdown import gear
        from rules.lockdown.rooms import room_action_cost

        if action.variant in (gear.GATE_ROVER, gear.GATE_SUIT):
            return 2
        if action.variant == gear.GATE_KEY:
            return 1
        if action.variant >= 10:
            return 1  # a computer action
        return room_action_cost(s, hero)
    if isinstance(action, a.Drop | a.Pass):
        return 0
    return COSTS.get(action.kind, 1)  # type: ignore[attr-defined]


def turn_actions(s: GameState, hero: Hero) -> list[Action]:
    from rules.lockdown.rooms import room_actions

    fighting = in_combat(s, hero.seat)
    room = hero.room
    out: list[Action] = []
    for to in movement.open_neighbours(s, room):
        out.append(a.Move(to=to, text=room_name(s, to)))
        if not fighting and movement.careful_numbers(s, to):
            out.append(a.CarefulMove(to=to, text=room_name(s, to)))
    items = {i.id: i for i in _items()}
    for slot in combat.weapon_slots(items, hero):
        for intruder in intruders_in(s, room):
            out.append(a.Shoot(slot=slot, target=intruder.id,
                               text=f"the {intruder.kind} ({intruder.injuries} injuries)"))
        if combat.uncarried_eggs(s, room):
            out.append(a.Shoot(slot=slot, target=0, text="an egg"))
    for intruder in intruders_in(s, room):
        out.append(a.Melee(target=intruder.id,
                           text=f"the {intruder.kind} ({intruder.injuries} injuries)"))
    if not fighting and combat.uncarried_eggs(s, room):
        out.append(a.Melee(target=0, text="an egg"))
    if not fighting:
        from rules.lockdown import gear

        out.extend(search_actions(s, hero))
        out.extend(pick_up_actions(s, hero))
        out.extend(room_actions(s, hero))
        out.extend(gear.craft_actions(s, hero))
        out.extend(gear.trade_actions(s, hero))
        out.extend(gear.gate_actions(s, hero))
    for i, held in enumerate(hero.hands):
        what = item_of(None, held.item).name if held.item else (held.obj or "?")
        out.append(a.Drop(slot=i, text=what))
    out.extend(card_actions(s, hero, fighting))
    out.extend(item_actions(s, hero, fighting))
    payable = len(action_cards(hero))
    if payable >= 4:  # no basic action, card or item costs more than 3 (+ the card)
        return out
    return [act for act in out if isinstance(act, a.Drop) or cost_of(s, hero, act)
            + (1 if isinstance(act, a.PlayCard) else 0) <= payable]


def _items():  # type: ignore[no-untyped-def]
    from rules.lockdown.cards import content

    return content().items


def search_actions(s: GameState, hero: Hero) -> list[Action]:
    room = s.rooms[hero.room]
    if not room.explored or room.tile is None or room.items <= 0:
        return []
    tile = tile_of(room.tile)
    if tile.level == "special" or tile.action == "nest":
        return []
    colors = ["red", "yellow", "green"] if tile.color == "white" else [tile.color]
    return [a.Search(color=c) for c in colors if c in ("red", "yellow", "green")]


def pick_up_actions(s: GameState, hero: Hero) -> list[Action]:
    if has_wound(hero, "back") or len(hero.hands) >= hands_limit(hero):
        return []
    return [a.PickUp(obj=o) for o in dict.fromkeys(s.rooms[hero.room].objects)]


def hands_limit(hero: Hero) -> int:
    return 1 if has_wound(hero, "arm") else 2


def card_actions(s: GameState, hero: Hero, fighting: bool) -> list[Action]:
    out: list[Action] = []
    for card_id in dict.fromkeys(c for c in hero.hand if not c.startswith("c:")):
        card = card_of(card_id)
        if card.interrupt or (card.combat == "in" and not fighting) or (
                card.combat == "out" and fighting):
            continue
        if card.options:
            for i, _ in enumerate(card.options):
                out.append(a.PlayCard(card=card_id, option=i,
                                      text=f"{card.name} (option {i + 1})"))
        else:
            out.append(a.PlayCard(card=card_id, text=card.name))
    return out


def item_actions(s: GameState, hero: Hero, fighting: bool) -> list[Action]:
    out: list[Action] = []
    owned = hero.inventory + [held.item for held in hero.hands if held.item]
    for item_id in dict.fromkeys(owned):
        item = item_of(None, item_id)
        use = item.use
        if use is None or (use.combat == "in" and not fighting) or (
                use.combat == "out" and fighting):
            continue
        if item.color == "quest" and not hero.quest_active:
            continue
        if use.options:
            for i, _ in enumerate(use.options):
                out.append(a.UseItem(item=item_id, option=i,
                                     text=f"{item.name} (option {i + 1})"))
        else:
            out.append(a.UseItem(item=item_id, text=item.name))
    return out


# ------------------------------------------------------------------ round frame
def round_run(ctx: Ctx, f: RoundFrame) -> None:
    s = ctx.s
    if f.stage == "draw":
        if s.round > 1:
            s.first_player = turn_order(s)[1 % len(s.seats)]
        for hero in in_play(s):
            hero.passed = False
            hero.actions_taken = 0
            hero.fire_hurt = False
            need = hand_limit(s, hero) - len(hero.hand)
            if need > 0:
                heroes.draw_cards(ctx, hero, need)
        ctx.say(f"Round {s.round} begins; {who(s.first_player)} has the first player "
                "token.", kind="round", round=s.round)
        f.stage = "turns"
        f.last = None
        return
    if f.stage == "turns":
        nxt = next_turn(s, f.last)
        if nxt is None:
            f.stage = "vent"
            return
        f.last = nxt
        s.stack.append(TurnFrame(seat=nxt))
        return
    if f.stage == "vent":
        from rules.lockdown.rooms import resolve_venting

        resolve_venting(ctx)
        f.stage = "events"
        return
    if f.stage == "events":
        f.stage = "next"
        s.stack.append(EventPhaseFrame())
        return
    s.round += 1
    f.stage = "draw"


def next_turn(s: GameState, last: str | None) -> str | None:
    order = turn_order(s)
    if last is not None and last in order:
        i = order.index(last)
        order = order[i + 1:] + order[:i + 1]
    for seat in order:
        hero = s.heroes.get(seat)
        if hero is not None and hero.place == "board" and not hero.passed:
            return seat
    return None


# ------------------------------------------------------------------ turn frame
def turn_waiting(s: GameState, f: TurnFrame) -> list[str]:
    hero = s.heroes[f.seat]
    if f.done or hero.place != "board" or hero.passed or hero.actions_taken >= 2:
        return []
    return [f.seat]


def turn_legal(s: GameState, f: TurnFrame, seat: str) -> list[Action]:
    return [*turn_actions(s, s.heroes[seat]), a.Pass()]


def turn_act(ctx: Ctx, f: TurnFrame, seat: str, action: Action) -> None:
    s = ctx.s
    hero = s.heroes[seat]
    if isinstance(action, a.Pass):
        do_pass(ctx, hero)
        return
    if isinstance(action, a.Drop):
        drop(ctx, hero, action.slot)
        return
    hero.actions_taken += 1
    cost = cost_of(s, hero, action)
    card = action.card if isinstance(action, a.PlayCard) else None
    if card is not None:
        hero.hand.remove(card)
        hero.discard.append(card)
    if cost > 0:
        s.stack.append(PayFrame(seat=seat, cost=cost, action=action.key, card=card))
        return
    perform(ctx, hero, action)


def turn_run(ctx: Ctx, f: TurnFrame) -> None:
    s = ctx.s
    s.stack.pop()
    hero = s.heroes[f.seat]
    if hero.place != "board" or hero.passed:
        return  # passing already took the fire damage into account
    end_of_turn_fire(ctx, hero)
    hero.actions_taken = 0


def do_pass(ctx: Ctx, hero: Hero) -> None:
    hero.passed = True
    ctx.say(f"{who(hero.seat)} passes.", kind="pass", seat=hero.seat)
    end_of_turn_fire(ctx, hero)


def end_of_turn_fire(ctx: Ctx, hero: Hero) -> None:
    s = ctx.s
    if hero.place != "board" or not s.rooms[hero.room].fire or hero.fire_hurt:
        return
    if hero.passed:
        hero.fire_hurt = True
    ctx.say(f"{who(hero.seat)} ends the turn in the fire.", kind="fire")
    heroes.light_wound(ctx, hero)


def drop(ctx: Ctx, hero: Hero, slot: int) -> None:
    s = ctx.s
    held = hero.hands.pop(slot)
    if held.obj is not None:
        s.rooms[hero.room].objects.append(held.obj)
        ctx.say(f"{who(hero.seat)} drops {held.obj.split('_')[0]}.", kind="drop")
    if held.item is not None:
        item = item_of(None, held.item)
        s.decks.setdefault(item.color, []).append(held.item)
        ctx.say(f"{who(hero.seat)} drops {item.name}; it is lost.", kind="drop")


# ------------------------------------------------------------------ paying
def pay_options(s: GameState, f: PayFrame) -> list[Action]:
    hero = s.heroes[f.seat]
    cards = sorted(dict.fromkeys(action_cards(hero)))
    out = []
    for combo in combinations(cards, f.cost):
        text = ", ".join(card_of(c).name for c in combo)
        out.append(a.Pay(cards=combo, text=text))
    return out


def pay_waiting(s: GameState, f: PayFrame) -> list[str]:
    cards = len(set(action_cards(s.heroes[f.seat])))
    return [f.seat] if comb(cards, f.cost) > 1 else []


def pay_legal(s: GameState, f: PayFrame, seat: str) -> list[Action]:
    return pay_options(s, f)


def pay_act(ctx: Ctx, f: PayFrame, seat: str, action: Action) -> None:
    assert isinstance(action, a.Pay)
    _pay(ctx, f, list(action.cards))


def pay_run(ctx: Ctx, f: PayFrame) -> None:
    options = pay_options(ctx.s, f)
    _pay(ctx, f, list(options[0].cards) if options else [])  # type: ignore[attr-defined]


def _pay(ctx: Ctx, f: PayFrame, cards: list[str]) -> None:
    from rules.lockdown.actions import CODEC

    s = ctx.s
    s.stack.pop()
    hero = s.heroes[f.seat]
    for card in cards:
        hero.hand.remove(card)
        hero.discard.append(card)
    perform(ctx, hero, CODEC.parse(f.action))


# ------------------------------------------------------------------ doing it
def perform(ctx: Ctx, hero: Hero, action: Action) -> None:
    s = ctx.s
    if isinstance(action, a.Move):
        s.stack.append(MoveFrame(seat=hero.seat, origin=hero.room, to=action.to))
    elif isinstance(action, a.CarefulMove):
        numbers = movement.careful_numbers(s, action.to)
        if len(numbers) == 1:
            s.stack.append(MoveFrame(seat=hero.seat, origin=hero.room, to=action.to,
                                     careful_corridor=str(numbers[0])))
        else:
            s.stack.append(PickFrame(seat=hero.seat, purpose="noise_corridor",
                                     options=[str(n) for n in numbers], tag=action.to,
                                     subject=hero.seat))
    elif isinstance(action, a.Shoot):
        combat.start_shot(ctx, hero, action.target, melee=False, slot=action.slot)
    elif isinstance(action, a.Melee):
        combat.start_shot(ctx, hero, action.target, melee=True)
    elif isinstance(action, a.Search):
        search(ctx, hero, action.color)
    elif isinstance(action, a.PickUp):
        from rules.nemesis.state import Held

        s.rooms[hero.room].objects.remove(action.obj)
        hero.hands.append(Held(obj=action.obj))
        ctx.say(f"{who(hero.seat)} picks up {action.obj.split('_')[0]}.", kind="pick_up")
    elif isinstance(action, a.RoomAct):
        from rules.lockdown import gear
        from rules.lockdown.rooms import do_room_action

        if action.variant >= gear.GATE_ROVER:
            gear.gate_action(ctx, hero, action.variant)
        else:
            do_room_action(ctx, hero, action.variant)
    elif isinstance(action, a.Craft):
        from rules.lockdown import gear

        gear.craft(ctx, hero, action)
    elif isinstance(action, a.Trade):
        from rules.lockdown import gear

        gear.start_trade(ctx, hero, action)
    elif isinstance(action, a.PlayCard):
        card = card_of(action.card)
        ctx.say(f"{who(hero.seat)} plays {card.name}.", kind="card", card=card.id)
        effects = card.options[action.option] if card.options else card.effects
        push_effects(ctx, effects, subject=hero.seat, source=card.id)
    elif isinstance(action, a.UseItem):
        use_item(ctx, hero, action)


def search(ctx: Ctx, hero: Hero, color: str) -> None:
    from rules.lockdown.resolve import give_item

    s = ctx.s
    room = s.rooms[hero.room]
    room.items -= 1
    card = heroes.draw_from(s, color)
    if card is None:
        ctx.say(f"{who(hero.seat)} searches but the {color} deck is empty.", kind="search")
        return
    if ability_of(hero) == "scavenger":
        other = heroes.draw_from(s, color)
        if other is not None:
            keep = max((card, other), key=lambda c: _item_value(c))
            drop_card = other if keep == card else card
            s.decks.setdefault(color, []).append(drop_card)
            card = keep
    ctx.say(f"{who(hero.seat)} searches {room_name(s, hero.room)} ({room.items} left).",
            kind="search")
    give_item(ctx, hero, card)
    if room.tile and tile_of(room.tile).action == "contaminated":
        heroes.set_slime(ctx, hero, True)


def _item_value(item_id: str) -> tuple[int, str]:
    item = item_of(None, item_id)
    return (int(item.weapon is not None) + int(item.use is not None), item_id)


def use_item(ctx: Ctx, hero: Hero, action: a.UseItem) -> None:
    item = item_of(None, action.item)
    use = item.use
    assert use is not None
    ctx.say(f"{who(hero.seat)} uses {item.name}.", kind="item_use", item=item.id)
    effects = use.options[action.option] if use.options else use.effects
    if item.one_use:
        if action.item in hero.inventory:
            hero.inventory.remove(action.item)
        else:
            hero.hands = [h for h in hero.hands if h.item != action.item]
        ctx.s.discards.setdefault(item.color, []).append(action.item)
    push_effects(ctx, effects, subject=hero.seat, source=item.id)


