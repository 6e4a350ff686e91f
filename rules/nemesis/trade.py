"""Trading (NX-TRADE-1): one trade action lets everyone in the room exchange any number
of items and objects, gifts included (a weapon keeps its own ammo: ammo itself is never
exchanged). Each participant chooses, for each other participant in turn, what they
give (one multi-select); then everyone who gives or receives something agrees to the
whole exchange in turn, and one refusal means nothing changes hands. Only the starter
spends the action."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from rules.core.actions import seat_ref as who
from rules.core.contract import Action
from rules.core.words import joined, plural
from rules.nemesis import actions as a
from rules.nemesis.frames import TradeFrame
from rules.nemesis.hands import fix_hands, remove_item, take_heavy
from rules.nemesis.places import heroes_in, in_combat, turn_order
from rules.nemesis.profile import NemesisState, Profile, Table
from rules.nemesis.state import Hero

# a giver with more things than this chooses one at a time (asked again) instead of a
# multi-select over every subset
TRADE_SUBSETS_UP_TO = 6


def thing_name(rules: Profile, thing: str) -> str:
    if thing in rules.items:
        return str(rules.items[thing].name)
    return "a corpse" if thing.startswith("corpse") else f"the {thing}"


def giveable(hero: Hero) -> list[str]:
    """Everything a hero can hand over: item cards (carried or held) and held objects."""
    return list(hero.inventory) + [h.item or h.obj or "" for h in hero.hands
                                   if h.item or h.obj]


def partners(s: NemesisState, hero: Hero) -> list[Hero]:
    others = [x for x in heroes_in(s, hero.room) if x.seat != hero.seat]
    if len(others) < 2:
        return others  # (usually: nothing to sort)
    order = turn_order(s)
    return sorted(others, key=lambda x: order.index(x.seat))


def trade_actions(s: NemesisState, hero: Hero) -> list[Action]:
    room = hero.room
    if not any(x.room == room and x.place == "board" and x.seat != hero.seat
               for x in s.heroes.values()):
        return []  # (usually nobody here: the cheapest test first)
    others = partners(s, hero)
    if not others or in_combat(s, hero.seat):
        return []
    return [a.Trade(text=joined([who(x.seat) for x in others]))]


def start_trade(ctx: Table, hero: Hero) -> None:
    seats = [hero.seat] + [x.seat for x in partners(ctx.s, hero)]
    ctx.say(f"{who(hero.seat)} starts a trade with "
            f"{joined([who(x) for x in seats[1:]])}.", kind="trade")
    ctx.s.stack.append(TradeFrame(starter=hero.seat, seats=seats))


# ------------------------------------------------------------------ the frame
def pairs(f: TradeFrame) -> list[tuple[str, str]]:
    """(giver, receiver) in the order they are asked: each giver in turn, to each other
    participant in turn."""
    return [(g, r) for g in f.seats for r in f.seats if r != g]


def involved(f: TradeFrame) -> list[str]:
    return [x for x in f.seats if any(x in (g, r) for g, r, _ in f.gifts)]


def still_giveable(s: NemesisState, f: TradeFrame, giver: str) -> list[str]:
    """What `giver` has not pledged yet (one copy removed per pledge)."""
    left = giveable(s.heroes[giver])
    for g, _, thing in f.gifts:
        if g == giver and thing in left:
            left.remove(thing)
    return left


def one_by_one(s: NemesisState, f: TradeFrame, giver: str) -> bool:
    return len(still_giveable(s, f, giver)) > TRADE_SUBSETS_UP_TO


def current(f: TradeFrame) -> tuple[str, str] | None:
    """The (giver, receiver) asked now, or the seat asked to agree (receiver "")."""
    if f.stage == "give":
        todo = pairs(f)
        return todo[f.step] if f.step < len(todo) else None
    people = involved(f)
    return (people[f.step], "") if f.step < len(people) else None


def trade_waiting(s: NemesisState, f: TradeFrame) -> list[str]:
    now = current(f)
    return [now[0]] if now is not None else []


def trade_legal(s: NemesisState, f: TradeFrame, seat: str) -> list[Action]:
    now = current(f)
    if now is None or now[0] != seat:
        return []
    if f.stage == "agree":
        return [a.Pick(index=0, text="Agree to the exchange"),
                a.Pick(index=1, text="Refuse: nothing changes hands")]
    left = still_giveable(s, f, seat)
    if one_by_one(s, f, seat):
        picks: list[tuple[int, ...]] = [(), *((i,) for i in range(len(left)))]
    else:
        picks = [c for n in range(len(left) + 1) for c in combinations(range(len(left)), n)]
    return [a.TradeGive(to=now[1], things=tuple(str(i) for i in c),
                        text=", ".join(thing_name(s.rules, left[i]) for i in c)) for c in picks]


def trade_act(ctx: Table, f: TradeFrame, seat: str, action: Action) -> None:
    s = ctx.s
    if f.stage == "agree":
        assert isinstance(action, a.Pick)
        if action.index == 1:
            s.stack.pop()
            ctx.say(f"{who(seat)} refuses the exchange: nothing changes hands.", kind="trade")
            return
        ctx.say(f"{who(seat)} agrees to the exchange.", kind="trade")
        f.step += 1
        return
    assert isinstance(action, a.TradeGive)
    left = still_giveable(s, f, seat)
    things = [left[int(i)] for i in action.things]
    f.gifts += [(seat, action.to, thing) for thing in things]
    if things:
        ctx.say(f"{who(seat)} offers {plural(len(things), 'thing')} to {who(action.to)}.",
                kind="trade")
        names = joined([thing_name(ctx.rules, x) for x in things])
        ctx.tell(action.to, f"{who(seat)} offers you {names}.", kind="trade_offer")
    if not things or len(left) <= TRADE_SUBSETS_UP_TO:
        f.step += 1  # one at a time: asked again until they give nothing more


def trade_run(ctx: Table, f: TradeFrame) -> None:
    """Nobody to ask: the offers are complete (then everyone involved agrees), or
    everyone agreed (then the things change hands)."""
    s = ctx.s
    if f.stage == "give":
        if not f.gifts:
            s.stack.pop()
            ctx.say("Nobody gives anything: the trade ends.", kind="trade")
            return
        f.stage, f.step = "agree", 0
        return
    s.stack.pop()
    exchange(ctx, f.gifts)


def exchange(ctx: Table, gifts: list[tuple[str, str, str]]) -> None:
    """Every gift leaves its giver first, then reaches its receiver (so two heavy items
    can be swapped with full hands); heavy things need a free hand slot (or the receiver
    chooses what to drop); a weapon keeps its ammo."""
    s = ctx.s
    moving: list[tuple[str, str, str, Any]] = []
    for g, r, thing in gifts:
        src = s.heroes[g]
        held = next((h for h in src.hands if thing in (h.item, h.obj)), None)
        if held is None:
            src.inventory.remove(thing)
        elif held.item is not None:
            remove_item(src, held.item)
        else:
            src.hands.remove(held)
        moving.append((g, r, thing, held))
    for seat in dict.fromkeys(g for g, _, _ in gifts):
        fix_hands(ctx, s.heroes[seat])  # giving away Duct Tape unties a pair
    ctx.say(f"The exchange is made: {plural(len(gifts), 'thing')} "
            f"{'changes' if len(gifts) == 1 else 'change'} hands.", kind="trade")
    for g, r, thing, held in moving:
        dst = s.heroes[r]
        if held is None:
            dst.inventory.append(thing)
            item = ctx.rules.items[thing]
            ctx.tell(r, f"{who(g)} gives you {item.name}: {item.text}", kind="item_private",
                     item=thing)
        else:
            take_heavy(ctx, dst, item=held.item, obj=held.obj, ammo=held.ammo)


# ------------------------------------------------------------------ words
# what a trade is, for the choice that starts one (both games)
TRADE_RULE = ("Everyone here may give any of their items and objects to the others, gifts "
              "included (a weapon keeps its ammo). Each chooses what they give, then "
              "everyone involved agrees or nothing changes hands. Only you spend an action.")


def summary(s: NemesisState, f: TradeFrame, seat: str) -> tuple[str, str]:
    """What `seat` gives and gets in the pledged exchange, in words."""
    give = [thing_name(s.rules, t) for g, _, t in f.gifts if g == seat]
    get = [f"{thing_name(s.rules, t)} (from {who(g)})" for g, r, t in f.gifts if r == seat]
    return joined(give) if give else "nothing", joined(get) if get else "nothing"


def trade_prompt(s: NemesisState, f: TradeFrame, seat: str) -> str:
    now = current(f)
    if f.stage == "agree":
        give, get = summary(s, f, seat)
        return f"Trade: you give {give} and get {get}. Agree?"
    receiver = who(now[1]) if now is not None else "the others"
    if one_by_one(s, f, seat):
        return f"Trade: give one thing to {receiver} (you are asked again), or nothing more"
    return f"Trade: choose what you give to {receiver} (any number, or nothing)"


def subset_words(s: NemesisState, f: TradeFrame, seat: str) -> tuple[str, str]:
    now = current(f)
    receiver = who(now[1]) if now is not None else "the others"
    if one_by_one(s, f, seat):
        return f"Give to {receiver}: one thing at a time", \
            "Choose one thing (you are asked again), or none to stop."
    return f"What do you give to {receiver}?", "Choose any number of things, or none."


def part_words(s: NemesisState, f: TradeFrame, seat: str, part: str) -> tuple[str, str]:
    left = still_giveable(s, f, seat)
    if not part.isdigit() or int(part) >= len(left):
        return part, ""
    thing = left[int(part)]
    item = s.rules.items.get(thing)
    return thing_name(s.rules, thing), (item.text if item is not None else "An object you hold.")


def give_words(s: NemesisState, f: TradeFrame, seat: str, action: a.TradeGive
               ) -> tuple[str, str]:
    left = still_giveable(s, f, seat)
    names = [thing_name(s.rules, left[int(i)]) for i in action.things]
    if not names:
        return f"Give nothing to {who(action.to)}", "You keep everything for now; " \
            "the exchange still needs everyone's agreement."
    return f"Give {joined(names)} to {who(action.to)}", \
        "Everyone involved agrees to the whole exchange before anything changes hands."


def agree_words(s: NemesisState, f: TradeFrame, seat: str, index_: int) -> tuple[str, str]:
    give, get = summary(s, f, seat)
    if index_ == 1:
        return "Refuse: nothing changes hands", "Nobody gives or gets anything."
    return "Agree to the exchange", f"You give {give} and get {get}."
