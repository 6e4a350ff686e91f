"""What a character may do on their turn (NX-TURN-1, NX-COMBAT-STATE-1) and what it
costs (NX-COST-1), and doing it once paid: movement, attacks, searching, picking up,
crafting, trading, dropping, action cards and items; the game adds its own room and
way-out actions and its passive items (Profile hooks)."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from rules.core.actions import KeyedAction
from rules.core.actions import seat_ref as who
from rules.core.contract import Action
from rules.nemesis import actions as a
from rules.nemesis import combat, crafting, movement, search, trade
from rules.nemesis.character import ability, action_cards, has_wound, slot_limit, slots_used
from rules.nemesis.effect_words import option_label
from rules.nemesis.frames import MoveFrame, TurnFrame
from rules.nemesis.hands import fix_hands, remove_item, take_heavy
from rules.nemesis.picks import careful_move
from rules.nemesis.places import intruders_in
from rules.nemesis.profile import NemesisState, Profile, Table
from rules.nemesis.resolve import push_effects
from rules.nemesis.state import Hero, Intruder, take_object

COSTS = {"move": 1, "careful": 2, "shoot": 1, "melee": 1, "search": 2, "pick_up": 1,
         "trade": 1, "craft": 1}


def cost_of(s: NemesisState, hero: Hero, action: Action) -> int:
    rules = s.rules
    if isinstance(action, a.Move | a.CarefulMove):
        return move_cost(rules, hero, careful=isinstance(action, a.CarefulMove))
    if isinstance(action, a.Melee):
        return COSTS["melee"] + (1 if has_wound(rules, hero, "hand") else 0)
    if isinstance(action, a.PlayCard):
        return rules.cards[action.card].cost
    if isinstance(action, a.UseItem):
        item = rules.items[action.item]
        if item.use is not None:
            return item.use.cost
        return rules.passive_costs.get(item.passive or "", 0)
    if isinstance(action, a.RoomAct):
        return rules.hooks.room_act_cost(s, hero, action.variant)
    if isinstance(action, a.Drop | a.Pass):
        return 0
    return COSTS.get(action.kind, 1) if isinstance(action, KeyedAction) else 1


def move_cost(rules: Profile, hero: Hero, careful: bool = False) -> int:
    base = COSTS["move"]
    if careful:
        base = 1 if ability(rules, hero) == "quiet_steps" else COSTS["careful"]
    return base + (1 if has_wound(rules, hero, "leg") else 0)


class Situation(NamedTuple):
    """What the turn's list reads about the hero's room (a tuple: made on every list)."""

    present: list[Intruder]   # intruders in the hero's room
    fighting: bool
    eggs: int                 # uncarried eggs in the room


def _movements(s: NemesisState, hero: Hero, at: Situation) -> list[Action]:
    """A move (and a careful move, out of combat) to each room behind an open door
    (movement.open_neighbours and movement.careful_possible, read in one pass)."""
    rules = s.rules
    room_name = rules.hooks.room_name
    doors = s.doors
    careful = not at.fighting
    out: list[Action] = []
    for ex in s.graph.exits[hero.room]:
        to = ex.to
        if to == "tech" or doors.get(ex.corridor) == "closed":
            continue
        out += _moves_to(to, room_name(s, to),
                         careful and movement.careful_possible(rules, s, to))
    return out


@lru_cache(maxsize=4096)
def _moves_to(to: str, name: str, careful: bool) -> tuple[Action, ...]:
    """A move to a room by its name, and a careful one (actions are frozen: cached)."""
    move = a.Move(to=to, text=name)
    return (move, a.CarefulMove(to=to, text=name)) if careful else (move,)


def _attacks(s: NemesisState, hero: Hero, at: Situation) -> list[Action]:
    if not at.present and not at.eggs:
        return []  # (usually: nothing here to attack)
    out: list[Action] = []
    for slot in combat.weapon_slots(s.rules.items, hero):
        out += [a.Shoot(slot=slot, target=i.id, text=f"the {i.named}")
                for i in at.present]
        if at.eggs:
            out.append(a.Shoot(slot=slot, target=0, text="an egg"))
    out += [a.Melee(target=i.id, text=f"the {i.named}")
            for i in at.present]
    if not at.fighting and at.eggs:
        out.append(a.Melee(target=0, text="an egg"))
    return out


def _out_of_combat(s: NemesisState, hero: Hero, at: Situation) -> list[Action]:
    if at.fighting:
        return []
    hooks = s.rules.hooks
    return [*search.search_actions(s, hero), *pick_up_actions(s, hero),
            *hooks.room_actions(s, hero), *crafting.craft_actions(s, hero),
            *trade.trade_actions(s, hero), *hooks.exit_actions(s, hero)]


def _drops(s: NemesisState, hero: Hero, at: Situation) -> list[Action]:
    return [a.Drop(slot=i, text=s.rules.items[held.item].name if held.item
                   else (held.obj or "?")) for i, held in enumerate(hero.hands)]


def _cards(s: NemesisState, hero: Hero, at: Situation) -> list[Action]:
    return card_actions(s, hero, at.fighting)


def _items(s: NemesisState, hero: Hero, at: Situation) -> list[Action]:
    return item_actions(s, hero, at.fighting, at.eggs)


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


def turn_actions(s: NemesisState, hero: Hero, kind: str | None = None) -> list[Action]:
    """What the hero may do on their turn (besides passing); `kind` lists only the
    actions of that kind (a cheaper check of one chosen action)."""
    rules = s.rules
    room = hero.room
    present = intruders_in(s, room)
    at = Situation(present, hero.place == "board" and bool(present),
                   combat.uncarried_eggs(rules, s, room))
    payable = len(action_cards(hero))
    out: list[Action] = []
    for kinds, part, paid in TURN_PARTS:
        if (kind is None or kind in kinds) and (payable or not paid):
            out += part(s, hero, at)
    if payable >= 4:  # no basic action, card or item costs more than 3 (+ the card)
        return out
    # what `cost_of` says, with the costs that do not depend on the action worked out
    # once (a card costs itself too); anything else asks `cost_of`
    fixed = _FIXED_COSTS
    if out and isinstance(out[0], a.Move | a.CarefulMove):  # (movements come first)
        fixed = {a.Move: move_cost(rules, hero), a.CarefulMove: move_cost(rules, hero, True),
                 **fixed}
    cards = rules.cards
    kept: list[Action] = []
    for act in out:
        cost = fixed.get(type(act))
        if cost is None:
            cost = cards[act.card].cost + 1 if type(act) is a.PlayCard \
                else cost_of(s, hero, act)
        if cost <= payable:
            kept.append(act)
    return kept


# the basic actions whose cost is always the same (see cost_of; no action class of the
# turn has subclasses); dropping is free
_FIXED_COSTS: dict[type, int] = {a.Shoot: COSTS["shoot"], a.Search: COSTS["search"],
                                 a.PickUp: COSTS["pick_up"], a.Trade: COSTS["trade"],
                                 a.Craft: COSTS["craft"], a.Drop: 0}


def is_free(rules: Profile, action: Action) -> bool:
    """Actions that are not one of the turn's 2 actions (dropping, a free peek)."""
    if isinstance(action, a.Drop):
        return True
    return isinstance(action, a.UseItem) \
        and (rules.items[action.item].passive or "") in rules.free_passives


def pick_up_actions(s: NemesisState, hero: Hero) -> list[Action]:
    if not s.rooms[hero.room].objects or has_wound(s.rules, hero, "back") \
            or slots_used(hero) >= slot_limit(s.rules, hero):
        return []
    return [a.PickUp(obj=o) for o in dict.fromkeys(s.rooms[hero.room].objects)]


def card_actions(s: NemesisState, hero: Hero, fighting: bool) -> list[Action]:
    rules = s.rules
    out: list[Action] = []
    for card_id in dict.fromkeys(c for c in hero.hand if not c.startswith("c:")):
        out += _card_plays(rules, card_id, fighting)
    return out


@lru_cache(maxsize=1024)
def _card_plays(rules: Profile, card_id: str, fighting: bool) -> tuple[Action, ...]:
    """The ways to play one action card on a turn, in or out of combat (content only:
    cached; actions are frozen values)."""
    card = rules.cards[card_id]
    if card.interrupt or (card.combat == "in" and not fighting) or (
            card.combat == "out" and fighting):
        return ()
    if card.options:
        return tuple(a.PlayCard(card=card_id, option=i,
                                text=option_label(card.name, option))
                     for i, option in enumerate(card.options)
                     if not any(e.do in rules.unsupported for e in option))
    return (a.PlayCard(card=card_id, text=card.name),)


def item_actions(s: NemesisState, hero: Hero, fighting: bool, eggs: int = 0
                 ) -> list[Action]:
    """The items the hero may use now; `eggs`: uncarried eggs in the room (an item used
    `at_eggs` may be thrown at them out of combat)."""
    out: list[Action] = []
    rules = s.rules
    owned = hero.inventory + [held.item for held in hero.hands if held.item]
    for item_id in dict.fromkeys(owned):
        item = rules.items[item_id]
        if item.use is None:
            if rules.hooks.passive_usable(s, hero, item.passive, fighting):
                out.append(a.UseItem(item=item_id, text=item.name))
            continue
        out += _item_uses(rules, item_id, fighting, bool(eggs), hero.quest_active)
    return out


@lru_cache(maxsize=4096)
def _item_uses(rules: Profile, item_id: str, fighting: bool, eggs: bool,
               quest_active: bool) -> tuple[Action, ...]:
    """The ways to use an item with a `use` in or out of combat, with eggs in the room
    or not, the hero's quest active or not (content only: cached; actions are frozen)."""
    item = rules.items[item_id]
    use = item.use
    assert use is not None
    if (use.combat == "in" and not fighting and not (use.at_eggs and eggs)) \
            or (use.combat == "out" and fighting):
        return ()
    if item.color == "quest" and not quest_active:
        return ()
    if use.options:
        return tuple(a.UseItem(item=item_id, option=i, text=option_label(item.name, option))
                     for i, option in enumerate(use.options))
    return (a.UseItem(item=item_id, text=item.name),)


def turn_legal(s: NemesisState, f: TurnFrame, seat: str, kind: str | None = None
               ) -> list[Action]:
    if kind == "pass":
        return [a.Pass()]
    return [*turn_actions(s, s.heroes[seat], kind), a.Pass()]


def perform(ctx: Table, hero: Hero, action: Action) -> None:
    s = ctx.s
    if isinstance(action, a.Move):
        s.stack.append(MoveFrame(seat=hero.seat, origin=hero.room, to=action.to))
    elif isinstance(action, a.CarefulMove):
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
        ctx.rules.hooks.room_act(ctx, hero, action.variant)
    elif isinstance(action, a.Craft):
        crafting.craft(ctx, hero, action)
    elif isinstance(action, a.Trade):
        trade.start_trade(ctx, hero)
    elif isinstance(action, a.PlayCard):
        card = ctx.rules.cards[action.card]
        ctx.say(f"{who(hero.seat)} plays {card.name}.", kind="card", card=card.id)
        effects = card.options[action.option] if card.options else card.effects
        push_effects(ctx, effects, subject=hero.seat, source=card.id)
    elif isinstance(action, a.UseItem):
        use_item(ctx, hero, action)


def use_item(ctx: Table, hero: Hero, action: a.UseItem) -> None:
    item = ctx.rules.items[action.item]
    use = item.use
    if use is None:
        ctx.rules.hooks.use_passive(ctx, hero, item.passive or "")
        return
    ctx.say(f"{who(hero.seat)} uses {item.name}.", kind="item_use", item=item.id)
    effects = use.options[action.option] if use.options else use.effects
    if item.one_use:
        remove_item(hero, action.item)
        ctx.s.discards.setdefault(item.color, []).append(action.item)
        fix_hands(ctx, hero)  # (a question about what to drop may be waiting)
    push_effects(ctx, effects, subject=hero.seat, source=item.id)
