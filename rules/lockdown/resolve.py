"""What each effect primitive (rules.nemesis.effects) does in Lockdown.

Effects run from an EffectsFrame one at a time; an effect that needs a player's choice
(a room, a card, a colour, a destination, a target) pushes a PickFrame and finishes
when the choice is made.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.contract import Action
from rules.lockdown import heroes as h
from rules.lockdown import intruders as nx
from rules.lockdown.board import board
from rules.lockdown.cards import index
from rules.lockdown.state import EffectsFrame, EndFrame, GameState, MoveFrame, PickFrame
from rules.lockdown.table import (
    Ctx,
    door,
    heroes_in,
    in_play,
    intruders_in,
    noisy,
    powered,
    room_name,
    section_of,
    set_door,
    tile_of,
    who,
)
from rules.nemesis import effects as fx
from rules.nemesis.state import Hero

FIRE_SUPPLY = 12        # the 13th fire marker destroys the facility
MALFUNCTION_SUPPLY = 10  # the 11th malfunction marker destroys the facility


def push_effects(ctx: Ctx, effects: Sequence[fx.Effect], *, subject: str | None,
                 source: str = "") -> None:
    if effects:
        ctx.s.stack.append(EffectsFrame(effects=list(effects), subject=subject,
                                        source=source))


def effects_run(ctx: Ctx, frame: EffectsFrame) -> None:
    if not frame.effects:
        ctx.s.stack.pop()
        return
    apply_effect(ctx, frame.effects.pop(0), frame.subject)


# ------------------------------------------------------------------ targets
def targets(s: GameState, who_: str, subject: str | None) -> list[Hero]:
    me = s.heroes.get(subject) if subject else None
    alive = in_play(s)
    if who_ == "self":
        return [me] if me is not None and me.place == "board" else []
    if who_ in ("room", "others_in_room"):
        if me is None:
            return []
        return [x for x in alive if x.room == me.room
                and (who_ == "room" or x.seat != me.seat)]
    if who_ == "section":
        if me is None:
            return []
        return [x for x in alive if section_of(x.room) == section_of(me.room)]
    if who_ == "dark":
        return [x for x in alive if not powered(s, x.room)]
    return alive


def rooms_for(s: GameState, where: str, subject: str | None) -> list[str] | None:
    """Rooms an effect touches; None when the player must choose."""
    me = s.heroes.get(subject) if subject else None
    if where == "here":
        return [me.room] if me is not None else []
    if where == "chosen":
        return None
    if where == "random":
        explored = sorted(r for r, st in s.rooms.items() if st.explored)
        return [s.rng.choice(explored)] if explored else []
    if where == "with_intruder":
        return sorted({i.room for i in s.intruders})
    if where == "with_character":
        return sorted({x.room for x in in_play(s)})
    if where == "with_noise":
        return sorted(r for r in s.rooms
                      if any(ex.to != "tech" and noisy(s, ex.corridor)
                             for ex in board().exits[r]))
    if where == "section":
        if me is None:
            return []
        return [r for r in s.rooms if section_of(r) == section_of(me.room)]
    nest = nx.nest_room(s)
    return [nest] if nest else []


def choice_rooms(s: GameState, rng: str, subject: str | None) -> list[str]:
    me = s.heroes.get(subject) if subject else None
    explored = [r for r, st in s.rooms.items() if st.explored]
    if rng == "section" and me is not None:
        return [r for r in explored if section_of(r) == section_of(me.room)]
    if rng == "neighbour" and me is not None:
        return [r for r in board().neighbours(me.room) if r in explored] + [me.room]
    if rng == "tech":
        return [r for r in board().tech_rooms() if r in explored]
    return explored


# ------------------------------------------------------------------ dispatch
def apply_effect(ctx: Ctx, e: fx.Effect, subject: str | None,
                 choice: str | None = None) -> None:
    s = ctx.s
    if isinstance(e, fx.Wound):
        for x in targets(s, e.who, subject):
            (h.light_wound if e.kind == "light" else h.serious_wound)(ctx, x, e.n)
    elif isinstance(e, fx.Contaminate):
        for x in targets(s, e.who, subject):
            h.contaminate(ctx, x, e.n)
    elif isinstance(e, fx.Slime):
        for x in targets(s, e.who, subject):
            h.set_slime(ctx, x, not e.remove)
    elif isinstance(e, fx.Heal):
        for x in targets(s, e.who, subject):
            heal(ctx, x, e.what)
    elif isinstance(e, fx.Knowledge):
        for x in targets(s, e.who, subject):
            x.knowledge = max(0, x.knowledge + e.n)
            ctx.say(f"{who(x.seat)} now has {x.knowledge} knowledge.", kind="knowledge")
    elif isinstance(e, fx.Scan):
        for x in targets(s, e.who, subject):
            h.scan_and_remove(ctx, x, e.where == "everywhere", e.larva_too)
    elif isinstance(e, fx.DrawCards):
        for x in targets(s, e.who, subject):
            h.draw_cards(ctx, x, e.n)
    elif isinstance(e, fx.DiscardCards):
        discard(ctx, e, subject, choice)
    elif isinstance(e, fx.NoiseRoll):
        for x in targets(s, e.who, subject):
            if not intruders_in(s, x.room):
                nx.noise_roll(ctx, x)
    elif isinstance(e, fx.GainItem):
        gain_item(ctx, e, subject, choice)
    elif isinstance(e, fx.Reload):
        reload(ctx, subject, e.n)
    elif isinstance(e, fx.DropHeavy):
        for x in targets(s, e.who, subject):
            drop_heavy(ctx, x)
    elif isinstance(e, fx.Move):
        extra_move(ctx, e, subject, choice)
    elif isinstance(e, fx.EndTurn):
        if subject is not None:
            s.heroes[subject].passed = True
            ctx.say(f"{who(subject)} passes.", kind="pass")
    elif isinstance(e, fx.Fire | fx.Malfunction | fx.Doors):
        rooms = rooms_for(s, e.where, subject) if choice is None else [choice]
        if rooms is None:
            ask_room(ctx, e, subject, e.range)
            return
        for room in rooms:
            if isinstance(e, fx.Fire):
                set_fire(ctx, room, not e.remove)
            elif isinstance(e, fx.Malfunction):
                set_malfunction(ctx, room, not e.remove)
            else:
                doors(ctx, room, e.op)
    elif isinstance(e, fx.Noise):
        noise_effect(ctx, e, subject)
    elif isinstance(e, fx.Injure):
        injure_effect(ctx, e, subject, choice)
    elif isinstance(e, fx.Retreat):
        for room in rooms_for(s, e.where, subject) or []:
            for intruder in intruders_in(s, room):
                flee(ctx, intruder)
    elif isinstance(e, fx.Spawn):
        for room in rooms_for(s, e.where, subject) or []:
            nx.spawn(ctx, e.intruder, room)
    elif isinstance(e, fx.Encounter):
        if subject is not None and s.heroes[subject].place == "board":
            nx.start_encounter(ctx, s.heroes[subject])
    elif isinstance(e, fx.Bag):
        if e.op == "add":
            s.bag.append(e.intruder)
        elif e.intruder in s.bag:
            s.bag.remove(e.intruder)
        ctx.say(f"The intruder bag {'gains' if e.op == 'add' else 'loses'} a token.",
                kind="bag")
    elif isinstance(e, fx.Eggs):
        s.eggs = max(0, s.eggs + e.n)
        ctx.say(f"Eggs in the nest: {s.eggs}.", kind="eggs")
    elif isinstance(e, fx.Hunt):
        hunt(ctx, e.kinds)
    elif isinstance(e, fx.Power):
        power_effect(ctx, e.op, subject)
    elif isinstance(e, fx.Time):
        s.time = max(0, min(15, s.time - e.delta))
        ctx.say(f"The time token moves to slot {s.time}.", kind="time")
    elif isinstance(e, fx.Signal) and subject is not None:
        s.heroes[subject].signal = True
        ctx.say(f"{who(subject)} sends the signal.", kind="signal")


# ------------------------------------------------------------------ choices
def ask_room(ctx: Ctx, e: fx.Effect, subject: str | None, rng: str) -> None:
    options = choice_rooms(ctx.s, rng, subject)
    if subject is None or not options:
        return
    if len(options) == 1:
        apply_effect(ctx, e, subject, options[0])
        return
    ctx.s.stack.append(PickFrame(seat=subject, purpose="room", options=options, effect=e,
                                 subject=subject))


def pick_legal(s: GameState, frame: PickFrame, seat: str) -> list[Action]:
    from rules.lockdown.actions import Pick

    return [Pick(index=i, text=pick_text(s, frame, i)) for i in range(len(frame.options))]


def pick_text(s: GameState, frame: PickFrame, i: int) -> str:
    if frame.labels:
        return frame.labels[i]
    option = frame.options[i]
    if frame.purpose in ("room", "move"):
        return room_name(s, option)
    if frame.purpose == "discard":
        if option.startswith("c:"):
            return "Discard a contamination card"
        from rules.lockdown.turns import card_of

        return f"Discard {card_of(option).name}"
    if frame.purpose == "intruder":
        intruder = next(x for x in s.intruders if str(x.id) == option)
        return f"The {intruder.kind} ({intruder.injuries} injuries)"
    if frame.purpose == "noise_corridor":
        return f"Put the noise marker in corridor {option} of {room_name(s, frame.tag)}"
    return option


def pick_waiting(s: GameState, frame: PickFrame) -> list[str]:
    return [frame.seat] if frame.options else []


def pick_act(ctx: Ctx, frame: PickFrame, seat: str, action: Action) -> None:
    from rules.lockdown.actions import Pick

    assert isinstance(action, Pick)
    ctx.s.stack.pop()
    option = frame.options[action.index]
    if frame.purpose == "step":
        from rules.lockdown.rooms import continue_step

        continue_step(ctx, frame, option)
        return
    if frame.purpose == "move":
        hero = ctx.s.heroes[seat]
        ctx.s.stack.append(MoveFrame(seat=seat, origin=hero.room, to=option))
        return
    if frame.purpose == "noise_corridor":  # careful movement into frame.tag
        hero = ctx.s.heroes[seat]
        ctx.s.stack.append(MoveFrame(seat=seat, origin=hero.room, to=frame.tag,
                                     careful_corridor=option))
        return
    if frame.effect is not None:
        apply_effect(ctx, frame.effect, frame.subject, option)


def pick_run(ctx: Ctx, frame: PickFrame) -> None:
    ctx.s.stack.pop()


# ------------------------------------------------------------------ primitives
def heal(ctx: Ctx, hero: Hero, what: str) -> None:
    if what == "light_all":
        hero.light = 0
    elif what == "light_one":
        hero.light = max(0, hero.light - 1)
    elif what == "dress_all":
        for w in hero.serious:
            w.dressed = True
    elif what == "dress_one":
        undressed = [w for w in hero.serious if not w.dressed]
        if undressed:
            undressed[0].dressed = True
    else:
        dressed = [w for w in hero.serious if w.dressed]
        if dressed:
            hero.serious.remove(dressed[0])
            ctx.s.discards.setdefault("wounds", []).append(dressed[0].card)
    ctx.say(f"{who(hero.seat)} is treated ({what.replace('_', ' ')}).", kind="heal")


def discard(ctx: Ctx, e: fx.DiscardCards, subject: str | None, choice: str | None) -> None:
    """Discard from hand: the subject chooses (one card per pick), others and random
    discards are drawn by the RNG."""
    s = ctx.s
    if choice is not None and subject is not None:
        hero = s.heroes[subject]
        hero.hand.remove(choice)
        hero.discard.append(choice)
        if e.n > 1 and hero.hand:
            again = e.model_copy(update={"n": e.n - 1})
            s.stack.append(PickFrame(seat=subject, purpose="discard", options=list(hero.hand),
                                     effect=again, subject=subject))
        return
    for x in targets(s, e.who, subject):
        if not x.hand:
            continue
        if not e.random and x.seat == subject:
            s.stack.append(PickFrame(seat=x.seat, purpose="discard", options=list(x.hand),
                                     effect=e, subject=subject))
            continue
        n = min(e.n, len(x.hand))
        for _ in range(n):
            card = x.hand[s.rng.below(len(x.hand))]
            x.hand.remove(card)
            x.discard.append(card)
        ctx.say(f"{who(x.seat)} discards {n} card(s).", kind="discard")


def gain_item(ctx: Ctx, e: fx.GainItem, subject: str | None, choice: str | None) -> None:
    s = ctx.s
    for x in targets(s, e.who, subject):
        if e.crafted is not None:
            if e.crafted in s.crafted:
                s.crafted.remove(e.crafted)
                give_item(ctx, x, e.crafted)
            continue
        color = e.color if e.color != "white" else (choice or "red")
        card = h.draw_from(s, color or "red")
        if card is not None:
            give_item(ctx, x, card)


def give_item(ctx: Ctx, hero: Hero, item_id: str) -> None:
    from rules.nemesis.state import Held

    item = index().items[item_id]
    if item.heavy:
        if len(hero.hands) >= hands_available(hero):
            ctx.s.decks.setdefault(item.color, []).append(item_id)
            ctx.tell(hero.seat, f"Your hands are full: {item.name} goes back.",
                     kind="item")
            return
        ammo = item.weapon.ammo if item.weapon else 0
        hero.hands.append(Held(item=item_id, ammo=ammo))
        ctx.say(f"{who(hero.seat)} takes {item.name} in hand.", kind="item")
    else:
        hero.inventory.append(item_id)
        ctx.say(f"{who(hero.seat)} gets a {item.color} item.", kind="item",
                color=item.color)
        ctx.tell(hero.seat, f"You got {item.name}: {item.text}", kind="item_private")


def hands_available(hero: Hero) -> int:
    return 1 if h_has(hero, "arm") else 2


def h_has(hero: Hero, penalty: str) -> bool:
    from rules.lockdown.table import has_wound

    return has_wound(hero, penalty)


def reload(ctx: Ctx, subject: str | None, n: int) -> None:
    if subject is None:
        return
    hero = ctx.s.heroes[subject]
    for held in hero.hands:
        item = index().items.get(held.item)
        if item is not None and item.weapon and held.ammo < item.weapon.capacity:
            held.ammo = min(item.weapon.capacity, held.ammo + n)
            ctx.say(f"{who(subject)} reloads {item.name} ({held.ammo}).", kind="reload")
            return


def drop_heavy(ctx: Ctx, hero: Hero) -> None:
    for held in hero.hands:
        if held.obj is not None:
            ctx.s.rooms[hero.room].objects.append(held.obj)
        if held.item is not None:
            item = index().items[held.item]
            ctx.s.decks.setdefault(item.color, []).append(held.item)
    if hero.hands:
        ctx.say(f"{who(hero.seat)} drops everything they carried.", kind="drop")
    hero.hands = []


def extra_move(ctx: Ctx, e: fx.Move, subject: str | None, choice: str | None) -> None:
    s = ctx.s
    if subject is None or s.heroes[subject].place != "board":
        return
    hero = s.heroes[subject]
    if e.through_tech:
        options = [r for r in board().tech_rooms() if s.rooms[r].explored and r != hero.room]
    else:
        options = [n for n in board().neighbours(hero.room)
                   if door(s, board().corridor_between(hero.room, n) or "") != "closed"]
    if options:
        s.stack.append(PickFrame(seat=subject, purpose="move", options=options, effect=e,
                                 subject=subject))


def set_fire(ctx: Ctx, room: str, on: bool) -> None:
    s = ctx.s
    state = s.rooms[room]
    if state.fire == on:
        return
    if on and s.fires >= FIRE_SUPPLY:
        explode(ctx, "a fire broke out with no fire marker left")
        return
    state.fire = on
    s.fires += 1 if on else -1
    ctx.say(f"{'Fire in' if on else 'The fire is out in'} {room_name(s, room)}.",
            kind="fire", room=room)


def set_malfunction(ctx: Ctx, room: str, on: bool) -> None:
    s = ctx.s
    state = s.rooms[room]
    if state.malfunction == on:
        return
    if on:
        if not state.explored or (state.tile and tile_of(state.tile).action
                                  in ("nest", "contaminated")):
            return
        if s.malfunctions >= MALFUNCTION_SUPPLY:
            explode(ctx, "a malfunction struck with no marker left")
            return
    state.malfunction = on
    s.malfunctions += 1 if on else -1
    ctx.say(f"{'Malfunction in' if on else 'Repaired:'} {room_name(s, room)}.",
            kind="malfunction", room=room)


def explode(ctx: Ctx, why: str) -> None:
    ctx.s.stack.append(EndFrame(reason=f"explosion:{why}"))


def doors(ctx: Ctx, room: str, op: str) -> None:
    s = ctx.s
    for ex in board().exits[room]:
        if ex.to == "tech":
            continue
        if door(s, ex.corridor) == "destroyed":
            continue
        set_door(s, ex.corridor, {"close": "closed", "open": "open", "destroy": "destroyed"}[op])
    ctx.say(f"Doors around {room_name(s, room)}: {op}.", kind="door", room=room)


def noise_effect(ctx: Ctx, e: fx.Noise, subject: str | None) -> None:
    s = ctx.s
    if e.where == "tech":
        s.tech_noise = not e.remove
        return
    for room in rooms_for(s, e.where, subject) or []:
        if e.remove:
            nx.clear_noise_around(ctx, room)
            continue
        present = heroes_in(s, room)
        already = any(ex.to != "tech" and noisy(s, ex.corridor)
                      for ex in board().exits[room])
        nx.fill_noise(ctx, room)
        if present and already:
            nx.start_encounter(ctx, present[0])


def injure_effect(ctx: Ctx, e: fx.Injure, subject: str | None, choice: str | None) -> None:
    s = ctx.s
    for room in rooms_for(s, e.where, subject) or []:
        present = intruders_in(s, room)
        if not present:
            continue
        if e.target == "all":
            for intruder in present:
                nx.injure(ctx, intruder, e.n, by=subject)
            continue
        chosen = next((i for i in present if str(i.id) == choice), None)
        if chosen is None and len(present) > 1 and subject is not None:
            s.stack.append(PickFrame(seat=subject, purpose="intruder",
                                     options=[str(i.id) for i in present], effect=e,
                                     subject=subject))
            return
        nx.injure(ctx, chosen or present[0], e.n, by=subject)


def flee(ctx: Ctx, intruder: object) -> None:
    s = ctx.s
    event = h.draw_from(s, "events")
    if event is None:
        return
    s.discards.setdefault("events", []).append(event)
    number = index().events[event].corridors[0]
    nx.move_intruder(ctx, intruder, board().exit_by_number(intruder.room, number))  # type: ignore[attr-defined]


def hunt(ctx: Ctx, kinds: tuple[str, ...]) -> None:
    s = ctx.s
    targets_ = {x.room for x in in_play(s)}
    if not targets_:
        return
    for intruder in [i for i in s.intruders if i.kind in kinds]:
        if heroes_in(s, intruder.room):
            continue
        dist = board().distances_from(intruder.room)
        reachable = [(dist[r], r) for r in targets_ if r in dist]
        if not reachable:
            continue
        goal = min(reachable)[1]
        back = board().distances_from(goal)
        steps = [ex for ex in board().exits[intruder.room]
                 if ex.to != "tech" and back.get(ex.to, 99) < back.get(intruder.room, 99)]
        if steps:
            nx.move_intruder(ctx, intruder, min(steps, key=lambda x: x.number))


def power_effect(ctx: Ctx, op: str, subject: str | None) -> None:
    s = ctx.s
    tokens = sorted(s.power.items(), key=lambda kv: kv[1].token)
    if op == "off_highest":
        on = [kv for kv in tokens if kv[1].active]
        if on:
            on[-1][1].active = False
            ctx.say(f"Power fails: token {on[-1][1].token} goes dark.", kind="power")
    elif op == "on_lowest":
        off = [kv for kv in tokens if not kv[1].active]
        if off:
            off[0][1].active = True
            ctx.say(f"Power returns: token {off[0][1].token} comes on.", kind="power")
    elif subject is not None:
        section = section_of(s.heroes[subject].room)
        if section is not None:
            token = s.power[str(section)]
            token.active = not token.active
            ctx.say(f"Section {section} power is {'on' if token.active else 'off'}.",
                    kind="power")

