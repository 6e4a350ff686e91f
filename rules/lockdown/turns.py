"""The player phase: drawing up, the first player token, turns of 2 actions, paying
costs with action cards, passing (NX-TURN-1, NX-COST-1, NX-COMBAT-STATE-1)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.contract import Action
from rules.lockdown import gear, surface
from rules.lockdown.cards import index
from rules.lockdown.profile import PROFILE
from rules.lockdown.rooms import do_room_action, room_action_cost, room_actions
from rules.lockdown.state import (
    EventPhaseFrame,
    GameState,
    MoveFrame,
    RoundFrame,
    TurnFrame,
)
from rules.lockdown.table import Ctx, hand_limit, room_name, who
from rules.nemesis import actions as a
from rules.nemesis import (
    combat,
    contamination,
    crafting,
    decks,
    movement,
    player_phase,
    search,
    trade,
)
from rules.nemesis.character import ability, action_cards, has_wound, slot_limit, slots_used
from rules.nemesis.hands import remove_item, take_heavy
from rules.nemesis.places import in_play, intruders_in, turn_order
from rules.nemesis.resolve import push_effects
from rules.nemesis.state import Hero, Intruder, take_object

COSTS = {"move": 1, "careful": 2, "shoot": 1, "melee": 1, "search": 2, "pick_up": 1,
         "trade": 1, "craft": 1}
# passive items that give an action: Motion Tracker (a free peek, once per round),
# Handheld Scanner (scan your hand, like the serum), Analyze Toolset (the laboratory's
# analysis of a carried object, same cost as the room action)
PASSIVE_COSTS = {"motion_tracker": 0, "scanner": 1, "analyze_toolset": 2}
FREE_PASSIVES = {"motion_tracker"}  # does not count as one of the turn's 2 actions


def card_of(card_id: str):  # type: ignore[no-untyped-def]
    return index().cards[card_id]


# ------------------------------------------------------------------ what a hero may do
def cost_of(s: GameState, hero: Hero, action: Action) -> int:
    if isinstance(action, a.Move | a.CarefulMove):
        return move_cost(hero, careful=isinstance(action, a.CarefulMove))
    if isinstance(action, a.Melee):
        return COSTS["melee"] + (1 if has_wound(PROFILE, hero, "hand") else 0)
    if isinstance(action, a.PlayCard):
        return card_of(action.card).cost
    if isinstance(action, a.UseItem):
        item = index().items[action.item]
        if item.use is not None:
            return item.use.cost
        return PASSIVE_COSTS.get(item.passive or "", 0)
    if isinstance(action, a.RoomAct):
        if s.options.board == "mars" and action.variant >= gear.GATE_ROVER:
            return surface.surface_cost(action.variant)
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


def move_cost(hero: Hero, careful: bool = False) -> int:
    base = COSTS["move"]
    if careful:
        base = 1 if ability(PROFILE, hero) == "quiet_steps" else COSTS["careful"]
    return base + (1 if has_wound(PROFILE, hero, "leg") else 0)


@dataclass(frozen=True)
class Situation:
    present: list[Intruder]   # intruders in the hero's room
    fighting: bool
    eggs: int                 # uncarried eggs in the room


def _movements(s: GameState, hero: Hero, at: Situation) -> list[Action]:
    out: list[Action] = []
    for to in movement.open_neighbours(s, hero.room):
        name = room_name(s, to)
        out.append(a.Move(to=to, text=name))
        if not at.fighting and movement.careful_possible(PROFILE, s, to):
            out.append(a.CarefulMove(to=to, text=name))
    return out


def _attacks(s: GameState, hero: Hero, at: Situation) -> list[Action]:
    out: list[Action] = []
    for slot in combat.weapon_slots(index().items, hero):
        out += [a.Shoot(slot=slot, target=i.id, text=f"the {i.kind} ({i.injuries} injuries)")
                for i in at.present]
        if at.eggs:
            out.append(a.Shoot(slot=slot, target=0, text="an egg"))
    out += [a.Melee(target=i.id, text=f"the {i.kind} ({i.injuries} injuries)")
            for i in at.present]
    if not at.fighting and at.eggs:
        out.append(a.Melee(target=0, text="an egg"))
    return out


def _out_of_combat(s: GameState, hero: Hero, at: Situation) -> list[Action]:
    if at.fighting:
        return []
    return [*search.search_actions(s, hero), *pick_up_actions(s, hero), *room_actions(s, hero),
            *crafting.craft_actions(s, hero), *trade.trade_actions(s, hero),
            *gear.gate_actions(s, hero)]


def _drops(s: GameState, hero: Hero, at: Situation) -> list[Action]:
    return [a.Drop(slot=i, text=index().items[held.item].name if held.item
                   else (held.obj or "?")) for i, held in enumerate(hero.hands)]


def _cards(s: GameState, hero: Hero, at: Situation) -> list[Action]:
    return card_actions(s, hero, at.fighting)


def _items(s: GameState, hero: Hero, at: Situation) -> list[Action]:
    return item_actions(s, hero, at.fighting)


# which action kinds each part of the turn's list can hold, and whether they always
# cost at least one card (movement and attacks cost 1+, a card costs itself + its cost)
TURN_PARTS = (
    (frozenset({"move", "careful"}), _movements, True),
    (frozenset({"shoot", "melee"}), _attacks, True),
    (frozenset({"search", "pick_up", "room", "craft", "trade"}), _out_of_combat, False),
    (frozenset({"drop"}), _drops, False),
    (frozenset({"card"}), _cards, True),
    (frozenset({"use"}), _items, False),
)


def turn_actions(s: GameState, hero: Hero, kind: str | None = None) -> list[Action]:
    """What the hero may do on their turn (besides passing); `kind` lists only the
    actions of that kind (a cheaper check of one chosen action)."""
    present = intruders_in(s, hero.room)
    at = Situation(present, hero.place == "board" and bool(present),
                   combat.uncarried_eggs(PROFILE, s, hero.room))
    payable = len(action_cards(hero))
    out: list[Action] = []
    for kinds, part, paid in TURN_PARTS:
        if (kind is None or kind in kinds) and (payable or not paid):
            out += part(s, hero, at)
    if payable >= 4:  # no basic action, card or item costs more than 3 (+ the card)
        return out
    moves = {a.Move: move_cost(hero), a.CarefulMove: move_cost(hero, careful=True)}
    return [act for act in out if isinstance(act, a.Drop) or (
        moves.get(type(act)) or cost_of(s, hero, act)
        + (1 if isinstance(act, a.PlayCard) else 0)) <= payable]


def is_free(action: Action) -> bool:
    """Actions that are not one of the turn's 2 actions (dropping, a tracker peek)."""
    if isinstance(action, a.Drop):
        return True
    return isinstance(action, a.UseItem) and index().items[action.item].passive \
        in FREE_PASSIVES


def pick_up_actions(s: GameState, hero: Hero) -> list[Action]:
    if not s.rooms[hero.room].objects or has_wound(PROFILE, hero, "back") \
            or slots_used(hero) >= slot_limit(PROFILE, hero):
        return []
    return [a.PickUp(obj=o) for o in dict.fromkeys(s.rooms[hero.room].objects)]


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
        item = index().items[item_id]
        use = item.use
        if use is None:
            if passive_usable(s, hero, item.passive, fighting):
                out.append(a.UseItem(item=item_id, text=item.name))
            continue
        if (use.combat == "in" and not fighting) or (use.combat == "out" and fighting):
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


def passive_usable(s: GameState, hero: Hero, passive: str | None, fighting: bool) -> bool:
    if passive == "motion_tracker":
        return not hero.tracker_used and bool(s.decks.get("events") or s.discards.get("events"))
    if passive == "scanner":
        return any(c.startswith("c:") for c in hero.hand)
    if passive == "analyze_toolset":
        return not fighting and any(held.obj for held in hero.hands)
    return False


# ------------------------------------------------------------------ round frame
def round_run(ctx: Ctx, f: RoundFrame) -> None:
    s = ctx.s
    if f.stage == "draw":
        if s.round > 1:
            s.first_player = turn_order(s)[1 % len(s.seats)]
            from rules.lockdown.modes import round_start

            round_start(ctx)  # coop: contingencies revealed, revival (LD-MODE-2)
        for hero in in_play(s):
            hero.passed = False
            hero.actions_taken = 0
            hero.fire_hurt = False
            hero.armor_used = False
            hero.tracker_used = False
            need = hand_limit(s, hero) - len(hero.hand)
            if need > 0:
                decks.draw_cards(ctx, hero, need)
        ctx.say(f"Round {s.round} begins; {who(s.first_player)} has the first player "
                "token.", kind="round", round=s.round)
        f.stage = "turns"
        f.last = None
        return
    if f.stage == "turns":
        nxt = player_phase.next_turn(s, f.last)
        if nxt is None:
            f.stage = "vent"
            return
        f.last = nxt
        ctx.say(f"It is {who(nxt)}'s turn (round {s.round}).", kind="turn", seat=nxt)
        s.stack.append(TurnFrame(seat=nxt))
        return
    if f.stage == "vent":
        from rules.lockdown.rooms import resolve_venting

        resolve_venting(ctx)
        f.stage = "events"
        return
    if f.stage == "events":
        f.stage = "next"
        ctx.say(f"Everyone has passed: the event phase of round {s.round} begins.",
                kind="phase", round=s.round)
        s.stack.append(EventPhaseFrame())
        return
    s.round += 1
    f.stage = "draw"


def turn_legal(s: GameState, f: TurnFrame, seat: str, kind: str | None = None
               ) -> list[Action]:
    if kind == "pass":
        return [a.Pass()]
    return [*turn_actions(s, s.heroes[seat], kind), a.Pass()]


# ------------------------------------------------------------------ doing it
def perform(ctx: Ctx, hero: Hero, action: Action) -> None:
    s = ctx.s
    if isinstance(action, a.Move):
        s.stack.append(MoveFrame(seat=hero.seat, origin=hero.room, to=action.to))
    elif isinstance(action, a.CarefulMove):
        from rules.nemesis.picks import careful_move

        careful_move(ctx, hero, action.to)
    elif isinstance(action, a.Shoot):
        combat.start_shot(ctx, hero, action.target, melee=False, slot=action.slot)
    elif isinstance(action, a.Melee):
        combat.start_shot(ctx, hero, action.target, melee=True)
    elif isinstance(action, a.Search):
        search.search(ctx, hero, action.color)
    elif isinstance(action, a.PickUp):
        take_object(s.rooms, hero.room, action.obj)
        take_heavy(ctx, hero, obj=action.obj)
    elif isinstance(action, a.RoomAct):
        if action.variant >= gear.GATE_ROVER:
            gear.gate_action(ctx, hero, action.variant)
        else:
            do_room_action(ctx, hero, action.variant)
    elif isinstance(action, a.Craft):
        crafting.craft(ctx, hero, action)
    elif isinstance(action, a.Trade):
        trade.start_trade(ctx, hero)
    elif isinstance(action, a.PlayCard):
        card = card_of(action.card)
        ctx.say(f"{who(hero.seat)} plays {card.name}.", kind="card", card=card.id)
        effects = card.options[action.option] if card.options else card.effects
        push_effects(ctx, effects, subject=hero.seat, source=card.id)
    elif isinstance(action, a.UseItem):
        use_item(ctx, hero, action)


def use_item(ctx: Ctx, hero: Hero, action: a.UseItem) -> None:
    item = index().items[action.item]
    use = item.use
    if use is None:
        use_passive(ctx, hero, item.passive or "")
        return
    ctx.say(f"{who(hero.seat)} uses {item.name}.", kind="item_use", item=item.id)
    effects = use.options[action.option] if use.options else use.effects
    if item.one_use:
        remove_item(hero, action.item)
        ctx.s.discards.setdefault(item.color, []).append(action.item)
    push_effects(ctx, effects, subject=hero.seat, source=item.id)


def use_passive(ctx: Ctx, hero: Hero, passive: str) -> None:
    s = ctx.s
    if passive == "motion_tracker":
        hero.tracker_used = True
        top = decks.peek(s, "events")
        ctx.say(f"{who(hero.seat)} checks the motion tracker.", kind="item_use")
        if top is not None:
            event = index().events[top]
            ctx.tell(hero.seat, f"Motion tracker: the next intruder event is {event.name}. "
                     f"{event.text}", kind="peek_event", card=top)
    elif passive == "scanner":
        ctx.say(f"{who(hero.seat)} uses the handheld scanner.", kind="item_use")
        contamination.scan(ctx, hero)
    elif passive == "analyze_toolset":
        from rules.lockdown.rooms import ask_analyse

        ask_analyse(ctx, hero, [held.obj for held in hero.hands if held.obj])
