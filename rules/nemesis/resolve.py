"""What each effect primitive (rules.nemesis.effects) does; the primitives only one
game knows (power, time, ...) are its own (Profile hook `own_effect`).

Effects run from an EffectsFrame one at a time; an effect that needs a player's choice
(a room, a card, a colour, a destination, a target) pushes a PickFrame and finishes
when the choice is made.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.actions import seat_ref as who
from rules.core.words import a_or_an, plural
from rules.nemesis import combat, contamination, decks, injuries, intruders, noise, wounds
from rules.nemesis import effects as fx
from rules.nemesis.bag import remove_token
from rules.nemesis.character import ability
from rules.nemesis.discards import card_word, offer_effect_discard
from rules.nemesis.doors import close_door, door, set_door
from rules.nemesis.effect_words import TREATED
from rules.nemesis.fire import set_fire
from rules.nemesis.frames import EffectsFrame, PickFrame
from rules.nemesis.hands import drop_held
from rules.nemesis.items import give_item
from rules.nemesis.malfunctions import set_malfunction
from rules.nemesis.movement import careful_numbers, open_neighbours
from rules.nemesis.noise import noisy
from rules.nemesis.places import heroes_in, in_play, intruders_in
from rules.nemesis.profile import NemesisState, Table
from rules.nemesis.state import Hero


def push_effects(ctx: Table, effects: Sequence[fx.Effect], *, subject: str | None,
                 source: str = "", attacker: int | None = None) -> None:
    if effects:
        ctx.s.stack.append(EffectsFrame(effects=list(effects), subject=subject,
                                        source=source, attacker=attacker))


def effects_run(ctx: Table, frame: EffectsFrame) -> None:
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


def field_medic(ctx: Table, medic: Hero) -> None:
    """Field Medic: a heal action also removes 1 light wound from another character in
    the medic's room (the most wounded, ties in seat order)."""
    if ability(ctx.rules, medic) != "field_medic" or medic.place != "board":
        return
    others = [x for x in heroes_in(ctx.s, medic.room) if x.seat != medic.seat and x.light]
    if others:
        patient = max(others, key=lambda x: x.light)
        patient.light -= 1
        ctx.say(f"{who(medic.seat)} also tends to {who(patient.seat)} (1 light wound "
                "removed).", kind="heal")


# ------------------------------------------------------------------ targets
def targets(s: NemesisState, who_: str, subject: str | None) -> list[Hero]:
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
        here = s.rules.hooks.section(s, me.room)
        return [x for x in alive if s.rules.hooks.section(s, x.room) == here]
    if who_ == "dark":
        return [x for x in alive if s.rules.hooks.dark(s, x.room)]
    return alive


def rooms_for(s: NemesisState, where: str, subject: str | None) -> list[str] | None:
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
                             for ex in s.graph.exits[r]))
    if where == "section":
        if me is None:
            return []
        here = s.rules.hooks.section(s, me.room)
        return [r for r in s.rooms if s.rules.hooks.section(s, r) == here]
    nest = s.rules.hooks.nest_room(s)
    return [nest] if nest else []


def choice_rooms(s: NemesisState, rng: str, subject: str | None,
                 explored_only: bool = True) -> list[str]:
    me = s.heroes.get(subject) if subject else None
    explored = [r for r, st in s.rooms.items() if st.explored or not explored_only]
    if rng == "section" and me is not None:
        here = s.rules.hooks.section(s, me.room)
        return [r for r in explored if s.rules.hooks.section(s, r) == here]
    if rng == "neighbour" and me is not None:
        return [r for r in s.graph.neighbours(me.room) if r in explored] + [me.room]
    if rng == "tech":
        return [r for r in s.graph.tech_rooms() if r in explored]
    return explored


# ------------------------------------------------------------------ dispatch
def apply_effect(ctx: Table, e: fx.Effect, subject: str | None,
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
        token = a_or_an(f"{e.intruder} token")
        if e.op == "add":
            done = ctx.rules.bag.add_token(s, e.intruder)
            text = (f"{token.capitalize()} goes into the intruder bag." if done else
                    f"No {e.intruder} token is left to go into the intruder bag.")
        else:
            done = remove_token(s, e.intruder)
            text = (f"{token.capitalize()} is taken out of the intruder bag." if done else
                    f"The intruder bag holds no {e.intruder} token to take out.")
        ctx.say(text, kind="bag")
    elif isinstance(e, fx.Eggs):
        if e.where == "here":
            if subject is not None:
                combat.blast_eggs(ctx, s.heroes[subject], -e.n)
            return
        s.eggs = max(0, s.eggs + e.n)
        ctx.say(f"Eggs in the nest: {s.eggs}.", kind="eggs")
        if e.n < 0:
            combat.nest_check(ctx)  # culling the last egg destroys the nest
    elif isinstance(e, fx.Hunt):
        hunt(ctx, e.kinds)
    else:
        ctx.rules.hooks.own_effect(ctx, e, subject)


# effects on rooms (a room chosen, the subject's own, every room of a kind)
RoomEffect = fx.Fire | fx.Malfunction | fx.Doors | fx.Noise | fx.Injure | fx.Retreat | fx.Spawn


def room_effect(ctx: Table, e: RoomEffect, subject: str | None, choice: str | None) -> None:
    """Effects on rooms; a "chosen" room is asked for first."""
    s = ctx.s
    if isinstance(e, fx.Noise):
        noise_effect(ctx, e, subject, choice)
        return
    if isinstance(e, fx.Injure):
        injure_effect(ctx, e, subject, choice)
        return
    rooms = rooms_or_ask(ctx, e, subject, choice, getattr(e, "range", "any"))
    if rooms is None:
        return
    if isinstance(e, fx.Doors):
        doors(ctx, rooms, e.op)
        return
    for room in rooms:
        if isinstance(e, fx.Fire):
            burning = s.rooms[room].fire
            set_fire(ctx, room, not e.remove)
            if e.remove and burning and ctx.rules.hooks.weakness_active(s, "phosphates",
                                                                        None):
                phosphate_burns(ctx, room)
        elif isinstance(e, fx.Malfunction):
            set_malfunction(ctx, room, not e.remove)
        elif isinstance(e, fx.Retreat):
            for intruder in intruders_in(s, room):
                intruders.retreat(ctx, intruder)
        elif isinstance(e, fx.Spawn):
            intruders.spawn(ctx, e.intruder, room)


def phosphate_burns(ctx: Table, room: str) -> None:
    """Phosphate weakness: the suppressant that put a fire out burns every intruder in
    the room (1 injury each)."""
    for intruder in list(intruders_in(ctx.s, room)):
        ctx.say(f"The suppressant burns the {intruder.kind} (weakness).", kind="weakness")
        injuries.injure(ctx, intruder, 1)


# ------------------------------------------------------------------ choices
def rooms_or_ask(ctx: Table, e: RoomEffect, subject: str | None, choice: str | None,
                 rng: str) -> list[str] | None:
    """The rooms an effect touches: the chosen one, its own, or None after asking the
    subject to choose (the effect resumes with the choice)."""
    if choice is not None:
        return [choice]
    rooms = rooms_for(ctx.s, e.where, subject)
    if rooms is None:
        ask_room(ctx, e, subject, rng)
    return rooms


def ask_room(ctx: Table, e: fx.Effect, subject: str | None, rng: str) -> None:
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


# ------------------------------------------------------------------ primitives
def heal(ctx: Table, hero: Hero, what: str) -> None:
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
    ctx.say(f"{who(hero.seat)} is treated: {TREATED[what]}.", kind="heal")


def discard(ctx: Table, e: fx.DiscardCards, subject: str | None) -> None:
    """Discard action cards: of their choice, each character in `who` picks their own
    (one multi-select; an event has no subject); random discards (any card) are drawn by
    the RNG and told to their owner."""
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
        ctx.say(f"{who(x.seat)} discards {plural(n, 'card')} at random.", kind="discard")
        ctx.tell(x.seat, "You lose at random: " + ", ".join(lost) + ".", kind="private")


COLORS = ("red", "yellow", "green")


def gain_item(ctx: Table, e: fx.GainItem, subject: str | None, choice: str | None) -> None:
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


def reload(ctx: Table, subject: str | None, n: int) -> None:
    if subject is None:
        return
    hero = ctx.s.heroes[subject]
    for held in hero.hands:
        item = ctx.rules.items.get(held.item)
        if item is not None and item.weapon and held.ammo < item.weapon.capacity:
            held.ammo = min(item.weapon.capacity, held.ammo + n)
            ctx.say(f"{who(subject)} reloads {item.name} ({held.ammo}).", kind="reload")
            return


def drop_heavy(ctx: Table, hero: Hero) -> None:
    for held in list(hero.hands):
        if held in hero.hands:
            drop_held(ctx, hero, held)


def extra_move(ctx: Table, e: fx.Move, subject: str | None, choice: str | None) -> None:
    """A movement from a card or item: to a neighbour (a careful one only where a
    corridor is free for its noise marker), or through the technical corridors."""
    s = ctx.s
    if subject is None or s.heroes[subject].place != "board":
        return
    hero = s.heroes[subject]
    if e.through_tech:
        options = [r for r in s.graph.tech_rooms() if s.rooms[r].explored and r != hero.room]
    else:
        options = open_neighbours(s, hero.room)
        if e.careful:
            options = [r for r in options if careful_numbers(ctx.rules, s, r)]
    if options:
        s.stack.append(PickFrame(seat=subject, purpose="move", options=options, effect=e,
                                 subject=subject))


def doors(ctx: Table, rooms: list[str], op: str) -> None:
    """Close (from the door supply), open, or destroy the closed doors around rooms.
    Technical corridors never hold doors; destroyed doors stay destroyed, except that
    "reseal" stands them up again (closed) and closes the open ones."""
    s = ctx.s
    if not rooms:
        return
    corridors = sorted({ex.corridor for room in rooms for ex in s.graph.exits[room]
                        if ex.to != "tech"})
    for corridor in corridors:
        state = door(s, corridor)
        if op == "close":
            close_door(s, corridor, keep=frozenset(corridors))
        elif op == "reseal" and state == "destroyed":
            set_door(s, corridor, "closed")
        elif op == "reseal":
            close_door(s, corridor, keep=frozenset(corridors))
        elif op == "open" and state == "closed":
            set_door(s, corridor, "open")
        elif op == "destroy" and state == "closed":
            set_door(s, corridor, "destroyed")
    where = ctx.rules.hooks.room_name(s, rooms[0]) if len(rooms) == 1 else f"{len(rooms)} rooms"
    ctx.say(DOOR_WORDS[op].format(where=where), kind="door", rooms=list(rooms))


DOOR_WORDS = {
    "close": "The doors around {where} close.",
    "open": "The doors around {where} open.",
    "destroy": "The closed doors around {where} are destroyed.",
    "reseal": "The doors around {where} close, broken ones repaired.",
}


def noise_effect(ctx: Table, e: fx.Noise, subject: str | None, choice: str | None) -> None:
    s = ctx.s
    if e.where == "tech":
        ctx.rules.hooks.tech_noise_effect(s, not e.remove)
        return
    rooms = rooms_or_ask(ctx, e, subject, choice, "any")
    if rooms is None:
        return
    for room in rooms:
        if e.remove:
            noise.clear_noise_around(ctx, room)
            continue
        present = heroes_in(s, room)
        already = any(ex.to != "tech" and noisy(s, ex.corridor)
                      for ex in s.graph.exits[room])
        noise.fill_noise(ctx, room)
        if present and already:
            intruders.start_encounter(ctx, present[0])


def injure_effect(ctx: Table, e: fx.Injure, subject: str | None, choice: str | None) -> None:
    """Injure one intruder (the attacker for an interrupt card; chosen when several are
    there) or every intruder in the room(s)."""
    s = ctx.s
    if choice is not None and choice.isdigit():
        target = next((i for i in s.intruders if str(i.id) == choice), None)
        if target is not None:
            injuries.injure(ctx, target, e.n, by=subject)
        return
    rooms = rooms_or_ask(ctx, e, subject, choice, "any")
    if rooms is None:
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



def hunt(ctx: Table, kinds: tuple[str, ...]) -> None:
    s = ctx.s
    targets_ = {x.room for x in in_play(s)}
    if not targets_:
        return
    for intruder in [i for i in s.intruders if i.kind in kinds]:
        if heroes_in(s, intruder.room):
            continue
        dist = s.graph.distances_from(intruder.room)
        reachable = [(dist[r], r) for r in targets_ if r in dist]
        if not reachable:
            continue
        goal = min(reachable)[1]
        back = s.graph.distances_from(goal)
        steps = [ex for ex in s.graph.exits[intruder.room]
                 if ex.to != "tech" and back.get(ex.to, 99) < back.get(intruder.room, 99)]
        if steps:
            intruders.move_intruder(ctx, intruder, min(steps, key=lambda x: x.number))

