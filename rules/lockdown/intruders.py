"""Intruders: noise, encounters, the bag, intruder attacks, injuries and movement
(NX-NOISE-*, NX-ENC-*, NX-IATK-1, NX-ATK-2, NX-EVENT-1, NX-BAG-*)."""

from __future__ import annotations

from collections import Counter

from rules.lockdown.board import Exit, board
from rules.lockdown.cards import index
from rules.lockdown.heroes import contaminate, draw_from
from rules.lockdown.state import AttackFrame, EncounterFrame, GameState, ObjectiveFrame
from rules.lockdown.table import (
    Ctx,
    door,
    heroes_in,
    intruders_in,
    noisy,
    powered,
    room_name,
    set_door,
    set_noise,
    turn_order,
    who,
)
from rules.nemesis.state import Hero, Intruder

BIG = ("breeder", "queen")


# ------------------------------------------------------------------ noise
def noise_roll(ctx: Ctx, hero: Hero) -> None:
    s = ctx.s
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
    place_noise(ctx, hero, board().exit_by_number(hero.room, int(face)))


def place_noise(ctx: Ctx, hero: Hero, exit_: Exit) -> None:
    """A noise marker in a corridor; a second marker there is an encounter instead."""
    s = ctx.s
    if exit_.to == "tech":
        if s.tech_noise:
            start_encounter(ctx, hero)
        else:
            s.tech_noise = True
        return
    if noisy(s, exit_.corridor):
        start_encounter(ctx, hero)
    else:
        set_noise(s, exit_.corridor, True)


def fill_noise(ctx: Ctx, room: str) -> None:
    """A noise marker in every corridor of the room that has none (never an encounter)."""
    s = ctx.s
    for ex in board().exits[room]:
        if ex.to == "tech":
            s.tech_noise = True
        else:
            set_noise(s, ex.corridor, True)


def clear_noise_around(ctx: Ctx, room: str) -> None:
    s = ctx.s
    for ex in board().exits[room]:
        if ex.to == "tech":
            s.tech_noise = False
        else:
            set_noise(s, ex.corridor, False)


def danger(ctx: Ctx, hero: Hero) -> None:
    """Intruders next door that are not fighting come in; else noise all around."""
    s = ctx.s
    movers = [i for n in board().neighbours(hero.room) for i in intruders_in(s, n)
              if not heroes_in(s, n)]
    if not movers:
        fill_noise(ctx, hero.room)
        ctx.say(f"Noise fills every corridor around {room_name(s, hero.room)}.", kind="noise")
        return
    for intruder in movers:
        corridor = board().corridor_between(intruder.room, hero.room)
        if corridor is not None:
            move_intruder(ctx, intruder, Exit(corridor, 0, hero.room))


# ------------------------------------------------------------------ movement
def move_intruder(ctx: Ctx, intruder: Intruder, exit_: Exit) -> bool:
    """Move through a corridor; False if it stayed (door broken, or gone into ducts)."""
    s = ctx.s
    if exit_.to == "tech":
        s.intruders.remove(intruder)
        s.bag.append(intruder.kind)
        ctx.say(f"A {intruder.kind} vanishes into the technical corridors.", kind="intruder")
        return False
    if door(s, exit_.corridor) == "closed":
        set_door(s, exit_.corridor, "destroyed")
        ctx.say(f"A {intruder.kind} smashes a closed door.", kind="door",
                corridor=exit_.corridor)
        return False
    intruder.room = exit_.to
    ctx.say(f"A {intruder.kind} moves into {room_name(s, exit_.to)}.", kind="intruder")
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
            ex = board().exit_by_number(intruder.room, number)
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
            s.bag.append("adult")
        if retreating:
            ctx.say("Every adult is on the board: the ones not fighting retreat.",
                    kind="intruder")
    if models_free(s, kind) <= 0:
        ctx.say(f"No {kind} model is free; nothing appears.", kind="intruder")
        return None
    intruder = Intruder(id=s.next_intruder, kind=kind, room=room)  # type: ignore[arg-type]
    s.next_intruder += 1
    s.intruders.append(intruder)
    ctx.say(f"A {kind} appears in {room_name(s, room)}!", kind="spawn", intruder=kind,
            room=room)
    return intruder


def start_encounter(ctx: Ctx, hero: Hero) -> None:
    s = ctx.s
    s.stack.append(EncounterFrame(seat=hero.seat, room=hero.room))
    if not s.first_encounter:
        s.first_encounter = True
        pending = [h.seat for h in s.heroes.values() if len(h.objectives) > 1]
        ctx.say("First encounter! Everyone keeps one of their two objectives in secret.",
                kind="critical")
        if pending:
            s.stack.append(ObjectiveFrame(pending=pending))


def encounter_run(ctx: Ctx, frame: EncounterFrame) -> None:
    s = ctx.s
    s.stack.pop()
    hero = s.heroes[frame.seat]
    room = frame.room
    clear_noise_around(ctx, room)
    if not s.bag:
        s.bag.append("adult")
    token = s.bag.pop(s.rng.below(len(s.bag)))
    if token == "blank":
        fill_noise(ctx, room)
        if not s.bag and adult_tokens_free(s) > 0:
            s.bag.append("adult")
        s.bag.append("blank")
        ctx.say(f"Encounter in {room_name(s, room)}: only echoes. Noise everywhere.",
                kind="encounter")
        return
    s.aside.append(token)
    intruder = spawn(ctx, token, room)
    if intruder is None or hero.place != "board" or hero.room != room:
        return
    numbers = index().tokens[token]
    limit = numbers.blue if powered(s, room) else numbers.red
    if len(hero.hand) < limit:
        ctx.say(f"Surprise attack on {who(hero.seat)}!", kind="surprise")
        s.stack.append(AttackFrame(queue=[(intruder.id, hero.seat)]))


def adult_tokens_free(s: GameState) -> int:

    total = index().tokens["adult"].count
    used = Counter(s.bag)["adult"] + Counter(s.aside)["adult"]
    return total - used


# ------------------------------------------------------------------ attacks
def event_attack_targets(s: GameState) -> list[tuple[int, str]]:
    """Every intruder in a room with characters attacks the one with the fewest cards
    in hand, ties to the first in turn order (NX-IATK-1)."""
    order = turn_order(s)
    queue = []
    for intruder in s.intruders:
        heroes = heroes_in(s, intruder.room)
        if heroes:
            target = min(heroes, key=lambda h: (len(h.hand), order.index(h.seat)))
            queue.append((intruder.id, target.seat))
    return queue


def attack_run(ctx: Ctx, frame: AttackFrame) -> None:
    s = ctx.s
    if not frame.queue:
        s.stack.pop()
        return
    intruder_id, seat = frame.queue.pop(0)
    intruder = next((i for i in s.intruders if i.id == intruder_id), None)
    hero = s.heroes[seat]
    if intruder is None or hero.place != "board" or hero.room != intruder.room:
        return
    if intruder.kind == "larva":
        s.intruders.remove(intruder)
        if not hero.larva:
            hero.larva = True
            ctx.say(f"A larva burrows into {who(seat)}!", kind="infest", seat=seat)
        contaminate(ctx, hero)
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


def injure(ctx: Ctx, intruder: Intruder, n: int, by: str | None = None) -> None:
    """Injuries and the death check (blood values; retreat flees)."""
    s = ctx.s
    if intruder not in s.intruders:
        return
    intruder.injuries += n
    if intruder.kind == "larva":
        s.intruders.remove(intruder)
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
            move_intruder(ctx, intruder, board().exit_by_number(intruder.room, number))
        return
    blood = sum(c.blood for c in drawn)
    if blood <= intruder.injuries:
        s.intruders.remove(intruder)
        s.rooms[intruder.room].objects.append("carcass")
        ctx.say(f"The {intruder.kind} dies ({intruder.injuries} injuries).",
                kind="intruder_dies", intruder=intruder.kind)
        if by is not None:
            s.heroes[by].killed_intruder = True
    else:
        ctx.say(f"The {intruder.kind} takes {n} injury and keeps going "
                f"({intruder.injuries} so far).", kind="intruder_hurt")


def bag_development(ctx: Ctx) -> None:
    s = ctx.s
    if not s.bag:
        return
    token = s.bag.pop(s.rng.below(len(s.bag)))
    if token == "larva":
        if adult_tokens_free(s) > 0:
            s.bag.append("adult")
        ctx.say("Bag development: a larva grows into an adult.", kind="bag")
    elif token == "creeper":
        s.bag.append("breeder")
        ctx.say("Bag development: a creeper becomes a breeder.", kind="bag")
    elif token in ("adult", "breeder"):
        s.bag.append(token)
        ctx.say("Bag development: something stirs. Everyone not fighting rolls for noise.",
                kind="bag")
        for seat in turn_order(s):
            hero = s.heroes[seat]
            if hero.place == "board" and not intruders_in(s, hero.room):
                noise_roll(ctx, hero)
    elif token == "queen":
        s.bag.append("queen")
        nest = nest_room(s)
        visitors = heroes_in(s, nest) if nest else []
        if visitors:
            ctx.say("Bag development: the queen returns to her nest!", kind="bag")
            start_encounter_with(ctx, visitors[0], "queen")
        else:
            s.eggs += 1
            ctx.say("Bag development: the queen lays another egg.", kind="bag")
    else:
        s.bag.append("blank")
        if adult_tokens_free(s) > 0:
            s.bag.append("adult")
        ctx.say("Bag development: the brood grows (an adult joins the bag).", kind="bag")


def start_encounter_with(ctx: Ctx, hero: Hero, kind: str) -> None:
    intruder = spawn(ctx, kind, hero.room)
    if intruder is None:
        return
    numbers = index().tokens[kind]
    limit = numbers.blue if powered(ctx.s, hero.room) else numbers.red
    if len(hero.hand) < limit:
        ctx.s.stack.append(AttackFrame(queue=[(intruder.id, hero.seat)]))


def nest_room(s: GameState) -> str | None:
    from rules.lockdown.table import tile_of

    for slot, room in s.rooms.items():
        if room.tile is not None and tile_of(room.tile).action == "nest":
            return slot if room.explored else None
    return None

