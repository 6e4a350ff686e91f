"""Intruders: noise, encounters, the bag, intruder attacks, injuries and movement
(NX-NOISE-*, NX-ENC-*, NX-IATK-1, NX-ATK-2, NX-EVENT-1, NX-BAG-*)."""

from __future__ import annotations

from rules.core.words import a_or_an
from rules.lockdown.bag import BAG
from rules.lockdown.board import board
from rules.lockdown.cards import index
from rules.lockdown.endgame import weakness_active
from rules.lockdown.state import (
    AttackFrame,
    EncounterFrame,
    GameState,
    InterruptFrame,
    ObjectiveFrame,
)
from rules.lockdown.table import Ctx, powered, room_name, set_tech_noise, tech_noisy, who
from rules.nemesis.bag import kind_of, retire, unset
from rules.nemesis.board import Exit
from rules.nemesis.contamination import contaminate
from rules.nemesis.decks import draw_from
from rules.nemesis.doors import door, set_door
from rules.nemesis.noise import noisy, set_noise
from rules.nemesis.places import heroes_in, intruders_in, turn_order
from rules.nemesis.state import Hero, Intruder, add_object

BIG = ("breeder", "queen")


# ------------------------------------------------------------------ noise
def noise_roll(ctx: Ctx, hero: Hero) -> None:
    s = ctx.s
    if s.options.board == "mars":
        from rules.lockdown import surface

        surface.noise_roll(ctx, hero)  # the Mars surface die (LD-MARS-1)
        return
    face = ctx.c.dice.noise[s.rng.below(len(ctx.c.dice.noise))]
    if face == "silence":
        if hero.slime:
            ctx.say(f"{who(hero.seat)}'s noise roll: silence, but the slime draws them: "
                    "danger!", kind="noise")
            danger(ctx, hero)
        else:
            ctx.say(f"{who(hero.seat)}'s noise roll: silence.", kind="noise")
        return
    if face == "danger":
        ctx.say(f"{who(hero.seat)}'s noise roll: danger!", kind="noise")
        danger(ctx, hero)
        return
    ctx.say(f"{who(hero.seat)}'s noise roll: {face}.", kind="noise", face=face)
    place_noise(ctx, hero, board(s).exit_by_number(hero.room, int(face)))


def place_noise(ctx: Ctx, hero: Hero, exit_: Exit) -> None:
    """A noise marker in a corridor; a second marker there is an encounter instead."""
    s = ctx.s
    if exit_.to == "tech":
        if tech_noisy(s, exit_.corridor):
            start_encounter(ctx, hero)
        else:
            set_tech_noise(s, exit_.corridor, True)
        return
    if noisy(s, exit_.corridor):
        start_encounter(ctx, hero)
    else:
        set_noise(s, exit_.corridor, True)


def fill_noise(ctx: Ctx, room: str) -> None:
    """A noise marker in every corridor of the room that has none (never an encounter)."""
    s = ctx.s
    for ex in board(s).exits[room]:
        if ex.to == "tech":
            set_tech_noise(s, ex.corridor, True)
        else:
            set_noise(s, ex.corridor, True)


def clear_noise_around(ctx: Ctx, room: str) -> None:
    s = ctx.s
    for ex in board(s).exits[room]:
        if ex.to == "tech":
            set_tech_noise(s, ex.corridor, False)
        else:
            set_noise(s, ex.corridor, False)


def danger(ctx: Ctx, hero: Hero) -> None:
    """Intruders next door that are not fighting come in (those behind a closed door
    break it and stay, all together); else noise all around. Never an encounter."""
    s = ctx.s
    movers = [i for n in board(s).neighbours(hero.room) for i in intruders_in(s, n)
              if not heroes_in(s, n)]
    if not movers:
        fill_noise(ctx, hero.room)
        ctx.say(f"Noise fills every corridor around {room_name(s, hero.room)}.", kind="noise")
        return
    broken: set[str] = set()
    for intruder in movers:
        corridor = board(s).corridor_between(intruder.room, hero.room)
        if corridor is None or corridor in broken:
            continue
        if door(s, corridor) == "closed":
            broken.add(corridor)
        move_intruder(ctx, intruder, Exit(corridor, 0, hero.room))


# ------------------------------------------------------------------ movement
def move_intruder(ctx: Ctx, intruder: Intruder, exit_: Exit) -> bool:
    """Move through a corridor; False if it stayed (door broken, or gone into ducts)."""
    s = ctx.s
    it = a_or_an(intruder.kind).capitalize()
    if exit_.to == "tech":
        s.intruders.remove(intruder)
        BAG.return_token(s, intruder.kind, intruder.token)
        ctx.say(f"{it} vanishes into the technical corridors.", kind="intruder")
        return False
    if door(s, exit_.corridor) == "closed":
        set_door(s, exit_.corridor, "destroyed")
        ctx.say(f"{it} smashes a closed door.", kind="door", corridor=exit_.corridor)
        return False
    intruder.room = exit_.to
    ctx.say(f"{it} moves into {room_name(s, exit_.to)}.", kind="intruder")
    return True


def event_movement(ctx: Ctx, kinds: tuple[str, ...], numbers: tuple[int, ...]) -> None:
    """Intruders of these kinds not in a room with characters move through the
    numbered corridor(s); doors closed in a room's corridor stop every mover there."""
    s = ctx.s
    movers = [i for i in s.intruders if i.kind in kinds and not heroes_in(s, i.room)]
    for number in numbers:
        broken: set[str] = set()
        for intruder in list(movers):
            if intruder not in s.intruders:
                continue
            ex = board(s).exit_by_number(intruder.room, number)
            if ex.to != "tech" and ex.corridor in broken:
                continue  # moving together: the door broke, everyone stays
            before = door(s, ex.corridor) if ex.to != "tech" else "open"
            moved = move_intruder(ctx, intruder, ex)
            if before == "closed":
                broken.add(ex.corridor)
            if not moved or heroes_in(s, intruder.room):
                movers.remove(intruder)


# ------------------------------------------------------------------ appearing
def models_free(s: GameState, kind: str) -> int:
    total = getattr(ctx_models(), kind)
    return total - sum(1 for i in s.intruders if i.kind == kind)


def ctx_models():  # type: ignore[no-untyped-def]
    from rules.lockdown.cards import content

    return content().intruders.models


def spawn(ctx: Ctx, kind: str, room: str) -> Intruder | None:
    s = ctx.s
    if kind == "adult" and models_free(s, "adult") <= 0:
        retreating = [i for i in s.intruders if i.kind == "adult" and not heroes_in(s, i.room)]
        for i in retreating:
            s.intruders.remove(i)
            BAG.return_token(s, "adult", i.token)
        if retreating:
            ctx.say("Every adult is on the board: the ones not fighting retreat.",
                    kind="intruder")
    if models_free(s, kind) <= 0:
        ctx.say(f"No {kind} model is free; nothing appears.", kind="intruder")
        return None
    intruder = Intruder(id=s.next_intruder, kind=kind, room=room)  # type: ignore[arg-type]
    s.next_intruder += 1
    s.intruders.append(intruder)
    ctx.say(f"{a_or_an(kind).capitalize()} appears in {room_name(s, room)}!", kind="spawn",
            intruder=kind, room=room)
    first_intruder(ctx)
    return intruder


def first_intruder(ctx: Ctx) -> None:
    """The first intruder on the board: everyone keeps 1 of their 2 objectives (NX-AI-1)."""
    s = ctx.s
    if s.first_encounter:
        return
    s.first_encounter = True
    pending = [h.seat for h in s.heroes.values()
               if len(h.objectives) > 1 and h.place != "dead"]
    ctx.say("First encounter! " + {
        "coop": "The team's objectives stay as they are.",
        "solo": "Keep one of your two objectives in secret.",
    }.get(s.options.mode, "Everyone keeps one of their two objectives in secret."),
        kind="critical")
    if pending:
        s.stack.append(ObjectiveFrame(pending=pending))


def start_encounter(ctx: Ctx, hero: Hero) -> None:
    ctx.s.stack.append(EncounterFrame(seat=hero.seat, room=hero.room))
    first_intruder(ctx)


def encounter_run(ctx: Ctx, frame: EncounterFrame) -> None:
    s = ctx.s
    s.stack.pop()
    hero = s.heroes[frame.seat]
    room = frame.room
    clear_noise_around(ctx, room)
    if not s.bag and not BAG.add_token(s, "adult"):
        ctx.say("The intruder bag is empty: nothing comes.", kind="encounter")
        return
    token = s.bag.pop(s.rng.below(len(s.bag)))
    kind = kind_of(token)
    if kind == "blank":
        fill_noise(ctx, room)
        if not s.bag:
            BAG.add_token(s, "adult")
        s.bag.append(token)
        ctx.say(f"Encounter in {room_name(s, room)}: only echoes. Noise everywhere.",
                kind="encounter")
        return
    s.aside.append(token)
    intruder = spawn(ctx, kind, room)
    if intruder is None:
        unset(s, token)  # no model to place: the token is not lost, it goes back
        return
    intruder.token = token
    if hero.place == "board" and hero.room == room:
        surprise(ctx, hero, intruder, token)


def surprise(ctx: Ctx, hero: Hero, intruder: Intruder, token: str) -> None:
    """Fewer cards in hand (action and contamination) than the token's number (the red
    one in darkness): a surprise attack on whoever triggered the encounter."""
    limit = BAG.surprise_number(token, dark=not powered(ctx.s, hero.room))
    if len(hero.hand) < limit:
        ctx.say(f"Surprise attack on {who(hero.seat)}!", kind="surprise")
        ctx.s.stack.append(AttackFrame(queue=[(intruder.id, hero.seat)]))


# ------------------------------------------------------------------ attacks
def event_attack_targets(s: GameState) -> list[tuple[int, str]]:
    """Every intruder in a room with characters attacks, in board order. The target is
    left open ("") and chosen when its attack comes (`attack_target`), so an earlier
    attack that killed or removed a character, or changed a hand, counts."""
    return [(i.id, "") for i in s.intruders if heroes_in(s, i.room)]


def attack_target(s: GameState, intruder: Intruder) -> Hero | None:
    """The character with the fewest cards in hand in the intruder's room, ties to the
    first in turn order (NX-IATK-1)."""
    order = turn_order(s)
    heroes = heroes_in(s, intruder.room)
    if not heroes:
        return None
    return min(heroes, key=lambda h: (len(h.hand), order.index(h.seat)))


def attack_run(ctx: Ctx, frame: AttackFrame) -> None:
    """The next attack in the queue: a larva infests; others draw an attack card, after
    the target had the chance to play an interrupt card (NX-IATK-1)."""
    s = ctx.s
    if not frame.queue:
        s.stack.pop()
        return
    intruder_id, seat = frame.queue[0]
    intruder = next((i for i in s.intruders if i.id == intruder_id), None)
    if not seat:  # an event-phase attack picks its target now
        target = attack_target(s, intruder) if intruder is not None else None
        if target is None:
            frame.queue.pop(0)
            frame.asked = False
            return
        seat = target.seat
        frame.queue[0] = (intruder_id, seat)
    hero = s.heroes[seat]
    if intruder is None or hero.place != "board" or hero.room != intruder.room:
        frame.queue.pop(0)
        frame.asked = False
        return  # the attacker died, fled or the target is gone
    if intruder.kind != "larva" and not frame.asked and hero.hand:
        # asked whenever they hold cards (a public fact), whether or not one of them is
        # an interrupt they can pay for: the pause tells the table nothing about a hand
        frame.asked = True
        s.stack.append(InterruptFrame(seat=seat, attacker=intruder_id))
        return
    frame.queue.pop(0)
    frame.asked = False
    if intruder.kind == "larva":
        infest(ctx, intruder, hero)
        return
    card_id = draw_from(s, "attacks")
    if card_id is None:
        return
    s.discards.setdefault("attacks", []).append(card_id)
    card = index().attacks[card_id]
    if intruder.kind not in card.hits:
        ctx.say(f"The {intruder.kind} attacks {who(seat)}: {card.name} — it misses.",
                kind="attack", card=card_id, hit=False)
        return
    ctx.say(f"The {intruder.kind} attacks {who(seat)}: {card.name}. {card.text}",
            kind="attack", card=card_id, hit=True)
    from rules.lockdown.resolve import push_effects

    effects = list(card.effects)
    if not powered(s, hero.room):
        effects += list(card.dark_effects)
    push_effects(ctx, effects, subject=seat, source=card_id)


def infest(ctx: Ctx, larva: Intruder, hero: Hero) -> None:
    """A larva's attack: it moves onto the character board (if none is there yet) and
    the character takes a contamination card."""
    s = ctx.s
    s.intruders.remove(larva)
    retire(s, larva.token)
    if not hero.larva:
        hero.larva = True
        ctx.say(f"A larva burrows into {who(hero.seat)}!", kind="infest", seat=hero.seat)
    else:
        ctx.say(f"A larva attacks {who(hero.seat)}, who already carries one.", kind="infest",
                seat=hero.seat)
    contaminate(ctx, hero)


def interrupt_cards(hero: Hero) -> list[str]:
    """Interrupt cards in hand the hero can pay for (the card plus its cost)."""
    cards = index().cards
    payable = sum(1 for c in hero.hand if not c.startswith("c:"))
    return [c for c in dict.fromkeys(hero.hand) if not c.startswith("c:")
            and cards[c].interrupt and cards[c].cost < payable]


def injure(ctx: Ctx, intruder: Intruder, n: int, by: str | None = None) -> None:
    """Injuries and the death check (blood values; retreat flees)."""
    s = ctx.s
    if intruder not in s.intruders:
        return
    intruder.injuries += n
    if intruder.kind == "larva":
        s.intruders.remove(intruder)
        retire(s, intruder.token)
        ctx.say("The larva is destroyed.", kind="intruder_dies")
        return
    cards = [draw_from(s, "attacks") for _ in range(2 if intruder.kind in BIG else 1)]
    drawn = [index().attacks[c] for c in cards if c is not None]
    s.discards.setdefault("attacks", []).extend(c.id for c in drawn)
    if any(c.retreat for c in drawn):
        event = draw_from(s, "events")
        if event is not None:
            s.discards.setdefault("events", []).append(event)
            number = index().events[event].corridors[0]
            ctx.say(f"The wounded {intruder.kind} flees!", kind="retreat")
            move_intruder(ctx, intruder, board(s).exit_by_number(intruder.room, number))
        return
    blood = sum(c.blood for c in drawn)
    if blood <= intruder.injuries:
        die(ctx, intruder, by)
    else:
        ctx.say(f"The {intruder.kind} takes {n} injury and keeps going "
                f"({intruder.injuries} so far).", kind="intruder_hurt")


def die(ctx: Ctx, intruder: Intruder, by: str | None = None) -> None:
    """An intruder dies: a carcass stays in its room."""
    s = ctx.s
    s.intruders.remove(intruder)
    retire(s, intruder.token)
    add_object(s.rooms, intruder.room, "carcass")
    s.kills += 1
    ctx.say(f"The {intruder.kind} dies ({intruder.injuries} injuries).",
            kind="intruder_dies", intruder=intruder.kind)
    if by is not None:
        s.heroes[by].killed_intruder = True


def bag_development(ctx: Ctx) -> None:
    s = ctx.s
    if not s.bag:
        return
    token = s.bag.pop(s.rng.below(len(s.bag)))
    kind = kind_of(token)
    if kind in ("larva", "creeper") and weakness_active(s, "slow_breeding"):
        s.bag.append(token)
        ctx.say("Bag development: the young grow slowly (weakness): nothing happens.",
                kind="bag")
    elif kind == "larva":
        BAG.add_token(s, "adult")
        ctx.say("Bag development: a larva grows into an adult.", kind="bag")
    elif kind == "creeper":
        BAG.add_token(s, "breeder")
        ctx.say("Bag development: a creeper becomes a breeder.", kind="bag")
    elif kind in ("adult", "breeder"):
        s.bag.append(token)
        ctx.say("Bag development: something stirs. Everyone not fighting rolls for noise.",
                kind="bag")
        for seat in turn_order(s):
            hero = s.heroes[seat]
            if hero.place == "board" and not intruders_in(s, hero.room):
                noise_roll(ctx, hero)
    elif kind == "queen":
        s.bag.append(token)
        nest = nest_room(s)
        visitors = heroes_in(s, nest) if nest else []
        if visitors:
            ctx.say("Bag development: the queen returns to her nest!", kind="bag")
            clear_noise_around(ctx, visitors[0].room)  # an encounter, as any other
            queen = spawn(ctx, "queen", visitors[0].room)
            if queen is not None:
                surprise(ctx, visitors[0], queen, token)
        else:
            s.eggs += 1
            ctx.say("Bag development: the queen lays another egg.", kind="bag")
    else:
        s.bag.append(token)
        BAG.add_token(s, "adult")
        ctx.say("Bag development: the brood grows (an adult joins the bag).", kind="bag")


def nest_room(s: GameState) -> str | None:
    from rules.lockdown.table import tile_of

    for slot, room in s.rooms.items():
        if room.tile is not None and tile_of(room.tile).action == "nest":
            return slot if room.explored else None
    return None

