"""What each effect primitive (rules.nemesis.effects) does in Lockdown.

Effects run from an EffectsFrame one at a time; an effect that needs a player's choice
(a room, a card, a colour, a destination, a target) pushes a PickFrame and finishes
when the choice is made.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.contract import Action
from rules.lockdown.bag import BAG
from rules.lockdown.board import board
from rules.lockdown.cards import index
from rules.lockdown.profile import PROFILE
from rules.lockdown.state import EffectsFrame, EndFrame, GameState, MoveFrame, PickFrame
from rules.lockdown.table import Ctx, nest_room, powered, room_name, section_of, who
from rules.nemesis import contamination, decks, injuries, intruders, noise, wounds
from rules.nemesis import effects as fx
from rules.nemesis.bag import remove_token
from rules.nemesis.character import ability
from rules.nemesis.doors import close_door, door, set_door
from rules.nemesis.fire import set_fire
from rules.nemesis.items import give_item
from rules.nemesis.malfunctions import set_malfunction
from rules.nemesis.noise import noisy
from rules.nemesis.places import heroes_in, in_play, intruders_in
from rules.nemesis.state import Hero


def push_effects(ctx: Ctx, effects: Sequence[fx.Effect], *, subject: str | None,
                 source: str = "", attacker: int | None = None) -> None:
    if effects:
        ctx.s.stack.append(EffectsFrame(effects=list(effects), subject=subject,
                                        source=source, attacker=attacker))


def effects_run(ctx: Ctx, frame: EffectsFrame) -> None:
    if not frame.effects:
        ctx.s.stack.pop()
        if frame.healed and frame.subject is not None:
            field_medic(ctx, ctx.s.heroes[frame.subject])
        return
    effect = frame.effects.pop(0)
    if isinstance(effect, fx.Heal) and effect.who in ("self", "room"):
        frame.healed = True
    choice = None
    if frame.attacker is not None and isinstance(effect, fx.Injure):
        choice = str(frame.attacker)  # an interrupt card strikes the attacker
    apply_effect(ctx, effect, frame.subject, choice)


def field_medic(ctx: Ctx, medic: Hero) -> None:
    """Field Medic: a heal action also removes 1 light wound from another character in
    the medic's room (the most wounded, ties in seat order)."""
    if ability(PROFILE, medic) != "field_medic" or medic.place != "board":
        return
    others = [x for x in heroes_in(ctx.s, medic.room) if x.seat != medic.seat and x.light]
    if others:
        patient = max(others, key=lambda x: x.light)
        patient.light -= 1
        ctx.say(f"{who(medic.seat)} also tends to {who(patient.seat)} (1 light wound "
                "removed).", kind="heal")


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
                             for ex in board(s).exits[r]))
    if where == "section":
        if me is None:
            return []
        return [r for r in s.rooms if section_of(r) == section_of(me.room)]
    nest = nest_room(s)
    return [nest] if nest else []


def choice_rooms(s: GameState, rng: str, subject: str | None,
                 explored_only: bool = True) -> list[str]:
    me = s.heroes.get(subject) if subject else None
    explored = [r for r, st in s.rooms.items() if st.explored or not explored_only]
    if rng == "section" and me is not None:
        return [r for r in explored if section_of(r) == section_of(me.room)]
    if rng == "neighbour" and me is not None:
        return [r for r in board(s).neighbours(me.room) if r in explored] + [me.room]
    if rng == "tech":
        return [r for r in board(s).tech_rooms() if r in explored]
    return explored


# ------------------------------------------------------------------ dispatch
def apply_effect(ctx: Ctx, e: fx.Effect, subject: str | None,
                 choice: str | None = None) -> None:
    s = ctx.s
    if isinstance(e, fx.Wound):
        top = s.stack[-1] if s.stack else None
        grace = top.grace if isinstance(top, EffectsFrame) else None  # one card, one effect
        for x in targets(s, e.who, subject):
            (wounds.light_wound if e.kind == "light" else wounds.serious_wound)(ctx, x, e.n, grace)
    elif isinstance(e, fx.Contaminate):
        for x in targets(s, e.who, subject):
            contamination.contaminate(ctx, x, e.n)
    elif isinstance(e, fx.Slime):
        for x in targets(s, e.who, subject):
            contamination.set_slime(ctx, x, not e.remove)
    elif isinstance(e, fx.Heal):
        for x in targets(s, e.who, subject):
            heal(ctx, x, e.what)
    elif isinstance(e, fx.Knowledge):
        for x in targets(s, e.who, subject):
            x.knowledge = max(0, x.knowledge + e.n)
            ctx.say(f"{who(x.seat)} now has {x.knowledge} knowledge.", kind="knowledge")
    elif isinstance(e, fx.Scan):
        for x in targets(s, e.who, subject):
            if e.larva_too:
                contamination.decontaminate(ctx, x, e.where == "everywhere")
            else:
                contamination.scan(ctx, x, e.where == "everywhere")
    elif isinstance(e, fx.DrawCards):
        for x in targets(s, e.who, subject):
            decks.draw_cards(ctx, x, e.n)
    elif isinstance(e, fx.DiscardCards):
        discard(ctx, e, subject)
    elif isinstance(e, fx.NoiseRoll):
        for x in targets(s, e.who, subject):
            if not intruders_in(s, x.room):
                noise.noise_roll(ctx, x)
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
    elif isinstance(e, fx.Fire | fx.Malfunction | fx.Doors | fx.Noise | fx.Injure
                    | fx.Retreat | fx.Spawn):
        room_effect(ctx, e, subject, choice)
    elif isinstance(e, fx.Encounter):
        if subject is not None and s.heroes[subject].place == "board":
            intruders.start_encounter(ctx, s.heroes[subject])
    elif isinstance(e, fx.Bag):
        if e.op == "add":
            BAG.add_token(s, e.intruder)
        else:
            remove_token(s, e.intruder)
        ctx.say(f"The intruder bag {'gains' if e.op == 'add' else 'loses'} a token.",
                kind="bag")
    elif isinstance(e, fx.Eggs):
        s.eggs = max(0, s.eggs + e.n)
        ctx.say(f"Eggs in the nest: {s.eggs}.", kind="eggs")
        if e.n < 0:
            from rules.nemesis.combat import nest_check

            nest_check(ctx)  # culling the last egg destroys the nest
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


def room_effect(ctx: Ctx, e: fx.Effect, subject: str | None, choice: str | None) -> None:
    """Effects on rooms; a "chosen" room is asked for first."""
    s = ctx.s
    if isinstance(e, fx.Noise):
        noise_effect(ctx, e, subject, choice)
        return
    if isinstance(e, fx.Injure):
        injure_effect(ctx, e, subject, choice)
        return
    rooms = rooms_for(s, e.where, subject) if choice is None else [choice]  # type: ignore[union-attr]
    if rooms is None:
        ask_room(ctx, e, subject, getattr(e, "range", "any"))
        return
    if isinstance(e, fx.Doors):
        doors(ctx, rooms, e.op)
        return
    for room in rooms:
        if isinstance(e, fx.Fire):
            set_fire(ctx, room, not e.remove)
        elif isinstance(e, fx.Malfunction):
            set_malfunction(ctx, room, not e.remove)
        elif isinstance(e, fx.Retreat):
            for intruder in intruders_in(s, room):
                flee(ctx, intruder)
        elif isinstance(e, fx.Spawn):
            intruders.spawn(ctx, e.intruder, room)


# ------------------------------------------------------------------ choices
def ask_room(ctx: Ctx, e: fx.Effect, subject: str | None, rng: str) -> None:
    """The subject chooses a room in range (only rooms where a removal does something:
    a fire can burn in an unexplored room too)."""
    s = ctx.s
    if isinstance(e, fx.Fire) and e.remove:
        options = [r for r in choice_rooms(s, rng, subject, explored_only=False)
                   if s.rooms[r].fire]
    elif isinstance(e, fx.Malfunction) and e.remove:
        options = [r for r in choice_rooms(s, rng, subject) if s.rooms[r].malfunction]
    else:
        options = choice_rooms(s, rng, subject)
    if subject is None or not options:
        return
    if len(options) == 1:
        apply_effect(ctx, e, subject, options[0])
        return
    ctx.s.stack.append(PickFrame(seat=subject, purpose="room", options=options, effect=e,
                                 subject=subject))


def pick_legal(s: GameState, frame: PickFrame, seat: str) -> list[Action]:
    from rules.nemesis.actions import Pick

    return [Pick(index=i, text=pick_text(s, frame, i)) for i in range(len(frame.options))]


def pick_text(s: GameState, frame: PickFrame, i: int) -> str:
    if frame.labels:
        return frame.labels[i]
    option = frame.options[i]
    if frame.purpose in ("room", "move"):
        return room_name(s, option)
    if frame.purpose == "intruder":
        intruder = next(x for x in s.intruders if str(x.id) == option)
        return f"The {intruder.kind} ({intruder.injuries} injuries)"
    if frame.purpose == "noise_corridor":
        return f"Put the noise marker in corridor {option} of {room_name(s, frame.tag)}"
    return option


def pick_waiting(s: GameState, frame: PickFrame) -> list[str]:
    return [frame.seat] if frame.options else []


def pick_act(ctx: Ctx, frame: PickFrame, seat: str, action: Action) -> None:
    from rules.nemesis.actions import Pick

    assert isinstance(action, Pick)
    ctx.s.stack.pop()
    option = frame.options[action.index]
    if frame.purpose == "step":
        from rules.lockdown.rooms import continue_step

        continue_step(ctx, frame, option)
        return
    if frame.purpose == "move":
        hero = ctx.s.heroes[seat]
        if isinstance(frame.effect, fx.Move) and frame.effect.careful:
            careful_move(ctx, hero, option)
        else:
            ctx.s.stack.append(MoveFrame(seat=seat, origin=hero.room, to=option))
        return
    if frame.purpose == "noise_corridor":  # careful movement into frame.tag
        hero = ctx.s.heroes[seat]
        ctx.s.stack.append(MoveFrame(seat=seat, origin=hero.room, to=frame.tag,
                                     careful_corridor=option))
        return
    if frame.effect is not None:
        apply_effect(ctx, frame.effect, frame.subject, option)


def careful_move(ctx: Ctx, hero: Hero, to: str) -> None:
    """Careful movement: the noise marker goes in a chosen free corridor of `to`."""
    from rules.nemesis.movement import careful_numbers

    numbers = careful_numbers(ctx.rules, ctx.s, to)
    if len(numbers) == 1:
        ctx.s.stack.append(MoveFrame(seat=hero.seat, origin=hero.room, to=to,
                                     careful_corridor=str(numbers[0])))
        return
    ctx.s.stack.append(PickFrame(seat=hero.seat, purpose="noise_corridor",
                                 options=[str(n) for n in numbers], tag=to,
                                 subject=hero.seat))


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


def discard(ctx: Ctx, e: fx.DiscardCards, subject: str | None) -> None:
    """Discard action cards: of their choice, each character in `who` picks their own
    (one multi-select; an event has no subject); random discards (any card) are drawn by
    the RNG and told to their owner."""
    from rules.nemesis.discards import card_word, offer_effect_discard

    s = ctx.s
    source = next((f.source for f in reversed(s.stack) if isinstance(f, EffectsFrame)), "")
    for x in targets(s, e.who, subject):
        if not x.hand:
            continue
        if not e.random:
            offer_effect_discard(ctx, x, e.n, source)
            continue
        n = min(e.n, len(x.hand))
        lost = []
        for _ in range(n):
            card = x.hand[s.rng.below(len(x.hand))]
            x.hand.remove(card)
            x.discard.append(card)
            lost.append(card_word(ctx.rules, card))
        ctx.say(f"{who(x.seat)} discards {n} card(s) at random.", kind="discard")
        ctx.tell(x.seat, "You lose at random: " + ", ".join(lost) + ".", kind="private")


COLORS = ("red", "yellow", "green")


def gain_item(ctx: Ctx, e: fx.GainItem, subject: str | None, choice: str | None) -> None:
    s = ctx.s
    if e.color == "white" and choice is None and e.crafted is None:
        if subject is not None and s.heroes[subject].place == "board":
            s.stack.append(PickFrame(seat=subject, purpose="color", options=list(COLORS),
                                     labels=[f"Draw a {c} item" for c in COLORS],
                                     effect=e, subject=subject))
        return
    for x in targets(s, e.who, subject):
        if e.crafted is not None:
            if e.crafted in s.crafted:
                s.crafted.remove(e.crafted)
                give_item(ctx, x, e.crafted)
            continue
        color = choice if e.color == "white" else e.color
        card = decks.draw_from(s, color or "red")
        if card is not None:
            give_item(ctx, x, card)



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
    from rules.nemesis.hands import drop_held

    for held in list(hero.hands):
        if held in hero.hands:
            drop_held(ctx, hero, held)


def extra_move(ctx: Ctx, e: fx.Move, subject: str | None, choice: str | None) -> None:
    """A movement from a card or item: to a neighbour (a careful one only where a
    corridor is free for its noise marker), or through the technical corridors."""
    from rules.nemesis.movement import careful_numbers, open_neighbours

    s = ctx.s
    if subject is None or s.heroes[subject].place != "board":
        return
    hero = s.heroes[subject]
    if e.through_tech:
        options = [r for r in board(s).tech_rooms() if s.rooms[r].explored and r != hero.room]
    else:
        options = open_neighbours(s, hero.room)
        if e.careful:
            options = [r for r in options if careful_numbers(ctx.rules, s, r)]
    if options:
        s.stack.append(PickFrame(seat=subject, purpose="move", options=options, effect=e,
                                 subject=subject))




def explode(ctx: Ctx, why: str) -> None:
    ctx.s.stack.append(EndFrame(reason=f"explosion:{why}"))


def doors(ctx: Ctx, rooms: list[str], op: str) -> None:
    """Close (from the door supply), open, or destroy the closed doors around rooms.
    Technical corridors never hold doors; destroyed doors stay destroyed."""
    s = ctx.s
    if not rooms:
        return
    corridors = sorted({ex.corridor for room in rooms for ex in board(s).exits[room]
                        if ex.to != "tech"})
    for corridor in corridors:
        state = door(s, corridor)
        if op == "close":
            close_door(s, corridor, keep=frozenset(corridors))
        elif op == "open" and state == "closed":
            set_door(s, corridor, "open")
        elif op == "destroy" and state == "closed":
            set_door(s, corridor, "destroyed")
    where = room_name(s, rooms[0]) if len(rooms) == 1 else f"{len(rooms)} rooms"
    ctx.say(f"Doors around {where}: {op}.", kind="door", rooms=list(rooms))


def noise_effect(ctx: Ctx, e: fx.Noise, subject: str | None, choice: str | None) -> None:
    s = ctx.s
    if e.where == "tech":
        if s.options.board != "mars":  # Mars areas are not technical corridors
            s.tech_noise = not e.remove
        return
    rooms = rooms_for(s, e.where, subject) if choice is None else [choice]
    if rooms is None:
        ask_room(ctx, e, subject, "any")
        return
    for room in rooms:
        if e.remove:
            noise.clear_noise_around(ctx, room)
            continue
        present = heroes_in(s, room)
        already = any(ex.to != "tech" and noisy(s, ex.corridor)
                      for ex in board(s).exits[room])
        noise.fill_noise(ctx, room)
        if present and already:
            intruders.start_encounter(ctx, present[0])


def injure_effect(ctx: Ctx, e: fx.Injure, subject: str | None, choice: str | None) -> None:
    """Injure one intruder (the attacker for an interrupt card; chosen when several are
    there) or every intruder in the room(s)."""
    s = ctx.s
    if choice is not None and choice.isdigit():
        target = next((i for i in s.intruders if str(i.id) == choice), None)
        if target is not None:
            injuries.injure(ctx, target, e.n, by=subject)
        return
    rooms = rooms_for(s, e.where, subject) if choice is None else [choice]
    if rooms is None:
        ask_room(ctx, e, subject, "any")
        return
    for room in rooms:
        present = intruders_in(s, room)
        if not present:
            continue
        if e.target == "all":
            for intruder in present:
                injuries.injure(ctx, intruder, e.n, by=subject)
            continue
        if len(present) > 1 and subject is not None:
            s.stack.append(PickFrame(seat=subject, purpose="intruder",
                                     options=[str(i.id) for i in present], effect=e,
                                     subject=subject))
            return
        injuries.injure(ctx, present[0], e.n, by=subject)


def flee(ctx: Ctx, intruder: object) -> None:
    s = ctx.s
    event = decks.draw_from(s, "events")
    if event is None:
        return
    s.discards.setdefault("events", []).append(event)
    number = index().events[event].corridors[0]
    intruders.move_intruder(ctx, intruder, board(s).exit_by_number(intruder.room, number))  # type: ignore[attr-defined]


def hunt(ctx: Ctx, kinds: tuple[str, ...]) -> None:
    s = ctx.s
    targets_ = {x.room for x in in_play(s)}
    if not targets_:
        return
    for intruder in [i for i in s.intruders if i.kind in kinds]:
        if heroes_in(s, intruder.room):
            continue
        dist = board(s).distances_from(intruder.room)
        reachable = [(dist[r], r) for r in targets_ if r in dist]
        if not reachable:
            continue
        goal = min(reachable)[1]
        back = board(s).distances_from(goal)
        steps = [ex for ex in board(s).exits[intruder.room]
                 if ex.to != "tech" and back.get(ex.to, 99) < back.get(intruder.room, 99)]
        if steps:
            intruders.move_intruder(ctx, intruder, min(steps, key=lambda x: x.number))


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
            s.power_switched_on = True
            ctx.say(f"Power returns: token {off[0][1].token} comes on.", kind="power")
    elif subject is not None:
        section = section_of(s.heroes[subject].room)
        if section is not None:
            token = s.power[str(section)]
            token.active = not token.active
            s.power_switched_on = s.power_switched_on or token.active
            ctx.say(f"Section {section} power is {'on' if token.active else 'off'}.",
                    kind="power")

