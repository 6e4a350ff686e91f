"""Room actions of the ship (NE-ROOM-1): each explored room's action at its cost (2),
none with a malfunction; multi-step actions continue through a PickFrame "step"."""

from __future__ import annotations

from rules.core.contract import Action
from rules.nemesis import contamination
from rules.nemesis import rooms as shared_rooms
from rules.nemesis.actions import RoomAct
from rules.nemesis.bag import retire
from rules.nemesis.character import has_wound, slot_limit, slots_used
from rules.nemesis.doors import close_door, door, resolve_sealed, seal, set_door, walls
from rules.nemesis.fire import set_fire
from rules.nemesis.frames import PickFrame
from rules.nemesis.intruders import retreat
from rules.nemesis.picks import continue_gear
from rules.nemesis.places import heroes_in, intruders_in
from rules.nemesis.resolve import field_medic, heal
from rules.nemesis.search import draw_item
from rules.nemesis.state import Hero, take_object
from rules.nemesis.wounds import kill
from rules.nemesis_original import pods
from rules.nemesis_original.cards import index
from rules.nemesis_original.profile import room_name
from rules.nemesis_original.ship import RoomTile, ship, tile_of
from rules.nemesis_original.state import GameState
from rules.nemesis_original.table import Ctx, remember, who, worked_on

OBJECT_KINDS = ("corpse", "carcass", "egg")  # weakness card i lies under object kind i
HEAL_VARIANTS = ("dress_all", "heal_dressed", "light_all")


def current_tile(s: GameState, hero: Hero) -> RoomTile | None:
    room = s.rooms[hero.room]
    return tile_of(room.tile) if room.explored and room.tile else None


def hibernating(s: GameState) -> bool:
    return any(h.place == "hibernated" for h in s.heroes.values())


def hibernation_open(s: GameState) -> bool:
    return s.time >= ship().time_track.first_blue


def engine_of(tile: RoomTile) -> str:
    return next(e.id for e in ship().engines if e.room == tile.id)


def status_word(working: bool) -> str:
    return "working" if working else "damaged"


# ------------------------------------------------------------------ listing
def room_actions(s: GameState, hero: Hero) -> list[Action]:
    """The room's actions that can be taken now (out of combat: the family asks only
    then; none with a malfunction)."""
    tile = current_tile(s, hero)
    if tile is None or tile.action_cost == 0 or s.rooms[hero.room].malfunction:
        return []
    return [RoomAct(variant=v, text=t) for v, t in variants(s, hero, tile)]


def variants(s: GameState, hero: Hero, tile: RoomTile) -> list[tuple[int, str]]:
    kind = tile.action
    out: list[tuple[int, str]] = []
    if kind == "cockpit":
        out.append((0, "Read the coordinates in secret"))
        if not hibernating(s):
            out.append((1, "Set the course (move the destination marker)"))
    elif kind == "hibernate" and hibernation_open(s):
        out.append((0, "Go to sleep in a hibernation chamber (noise roll)"))
    elif kind == "engine":
        out.append((0, f"Service engine {engine_of(tile)} (look, then repair or wreck it)"))
    elif kind == "evac" and pods.can_board(s, hero, tile.id):
        out.append((0, "Board an escape pod (noise roll)"))
    elif kind == "armory" and rechargeable(s, hero):
        out.append((0, "Recharge an energy weapon (+2 ammo)"))
    elif kind == "comms" and not hero.signal:
        out.append((0, "Send a signal"))
    elif kind == "emergency":
        if any(not w.dressed for w in hero.serious):
            out.append((0, "Dress all your serious wounds"))
        if any(w.dressed for w in hero.serious):
            out.append((1, "Heal 1 dressed serious wound"))
        if hero.light:
            out.append((2, "Heal all your light wounds"))
    elif kind == "fire_control" and any_flood_target(s):
        out.append((0, "Flood a room (fire out, intruders flee)"))
    elif kind == "generator":
        if s.self_destruct is None and not hibernating(s):
            out.append((0, "Start the self-destruct sequence"))
        if s.self_destruct is not None and s.self_destruct < ship().self_destruct.first_yellow:
            out.append((1, "Stop the self-destruct sequence"))
    elif kind == "laboratory" and research_objects(s, hero):
        out.append((0, "Research an object (discover a weakness)"))
    elif kind == "nest" and s.eggs > 0 and slots_used(hero) < slot_limit(s.rules, hero) \
            and not has_wound(s.rules, hero, "back"):
        out.append((0, "Steal an egg (noise roll)"))
    elif kind == "storage":
        out.append((0, "Rummage (draw 2 items of a colour, keep 1)"))
    elif kind == "surgery":
        out.append((0, "Surgery: remove infection and larva, a light wound, pass"))
    elif kind == "airlock" and any_airlock_target(s, hero):
        out.append((0, "Blow the airlock of a room"))
    elif kind == "canteen":
        out.append((0, "Grab a bite (heal 1 light wound)"))
        if any(c.startswith("c:") for c in hero.hand):
            out.append((1, "Grab a bite and scan your hand"))
    elif kind == "command_center" and any_door_room(s):
        out.append((0, "Open or close the doors of a room"))
    elif kind == "engine_control":
        out.append((0, "Check all 3 engines in secret"))
    elif kind == "hatch_control" and any(not p.launched for p in s.pods.values()):
        out.append((0, "Lock or unlock an escape pod"))
    elif kind == "monitoring" and any(not r.explored for r in s.rooms.values()):
        out.append((0, "Look at an unexplored room and its token in secret"))
    elif kind == "shower":
        if hero.slime:
            out.append((0, "Rinse off the slime"))
        if any(c.startswith("c:") for c in hero.hand):
            out.append((1, "Rinse off and scan your hand"))
    return out


def room_act_cost(s: GameState, hero: Hero, variant: int) -> int:
    tile = current_tile(s, hero)
    return tile.action_cost if tile is not None else 2


# ------------------------------------------------------------------ doing
def room_act(ctx: Ctx, hero: Hero, variant: int) -> None:
    s = ctx.s
    tile = current_tile(s, hero)
    assert tile is not None
    kind = tile.action
    if kind == "cockpit":
        if variant == 0:
            read_coordinates(ctx, hero)
        else:
            spaces = [x for x in ship().destination.spaces if x != s.destination]
            shared_rooms.ask(ctx, hero, "course", spaces,
                             [f"Set the course for space {x}" for x in spaces])
    elif kind == "hibernate":
        shared_rooms.noise_attempt(ctx, hero, "hibernate")
    elif kind == "engine":
        service_engine(ctx, hero, engine_of(tile))
    elif kind == "evac":
        shared_rooms.noise_attempt(ctx, hero, f"pod:{tile.id}")
    elif kind == "armory":
        slots = rechargeable(s, hero)
        shared_rooms.ask(ctx, hero, "recharge", [str(i) for i in slots],
            [f"Recharge {s.rules.items[hero.hands[i].item or ''].name}" for i in slots])
    elif kind == "comms":
        hero.signal = True
        ctx.say(f"{who(hero.seat)} sends a signal.", kind="signal")
    elif kind == "emergency":
        heal(ctx, hero, HEAL_VARIANTS[variant])
        field_medic(ctx, hero)
    elif kind == "fire_control":
        rooms = flood_targets(s)
        shared_rooms.ask(ctx, hero, "flood", rooms, [f"Flood {room_name(s, r)}" for r in rooms])
    elif kind == "generator":
        self_destruct_switch(ctx, hero, start=variant == 0)
    elif kind == "laboratory":
        objs = research_objects(s, hero)
        shared_rooms.ask(ctx, hero, "research", objs, [f"Research the {o}" for o in objs])
    elif kind == "nest":
        shared_rooms.take_egg(ctx, hero)
    elif kind == "storage":
        shared_rooms.ask(ctx, hero, "storage", ["red", "yellow", "green"],
            ["Draw 2 red items", "Draw 2 yellow items", "Draw 2 green items"])
    elif kind == "surgery":
        shared_rooms.surgery(ctx, hero)
    elif kind == "airlock":
        rooms = airlock_targets(s, hero)
        shared_rooms.ask(ctx, hero, "airlock", rooms, [f"Seal {room_name(s, r)}" for r in rooms])
    elif kind == "canteen":
        heal(ctx, hero, "light_one")
        if variant == 1:
            contamination.scan(ctx, hero)
    elif kind == "command_center":
        options = [f"{r}:{op}" for r in door_rooms(s) for op in ("close", "open")]
        shared_rooms.ask(ctx, hero, "doors", options,
            [f"{op.capitalize()} the doors of {room_name(s, r)}"
             for r, _, op in (o.partition(":") for o in options)])
    elif kind == "engine_control":
        ctx.say(f"{who(hero.seat)} runs the engine diagnostics.", kind="room")
        for engine in ship().engines:
            tell_engine(ctx, hero, engine.id)
    elif kind == "hatch_control":
        live = [p for p in s.pods.values() if not p.launched]
        shared_rooms.ask(ctx, hero, "hatch", [p.id for p in live],
            [f"{'Unlock' if p.locked else 'Lock'} pod {p.id}" for p in live])
    elif kind == "monitoring":
        hidden = [slot for slot, r in s.rooms.items() if not r.explored]
        shared_rooms.ask(ctx, hero, "monitor", hidden, [f"Watch {room_name(s, r)}" for r in hidden])
    elif kind == "shower":
        contamination.set_slime(ctx, hero, False)
        if variant == 1:
            contamination.scan(ctx, hero)


def continue_step(ctx: Ctx, frame: PickFrame, option: str) -> None:
    s = ctx.s
    hero = s.heroes[frame.seat]
    tag = frame.tag
    if continue_gear(ctx, hero, tag, option):
        return
    if tag == "course":
        s.destination = option
        ctx.say(f"{who(hero.seat)} sets the course: the destination marker moves to "
                f"space {option}.", kind="course", space=option)
    elif tag.startswith("engine:"):
        if option == "switch":
            engine = tag.partition(":")[2]
            s.engines[engine] = not s.engines[engine]
            remember(s, hero.seat, f"engine_{engine}", status_word(s.engines[engine]))
            ctx.tell(hero.seat, f"Engine {engine} is now "
                     f"{status_word(s.engines[engine])}.", kind="engine")
        ctx.say(f"{who(hero.seat)} finishes work on the engine.", kind="room")
    elif tag == "engine_card":
        engine, _, op = option.partition(":")
        worked_on(s, hero.seat, engine)
        s.engines[engine] = op == "repair"
        word = status_word(s.engines[engine])
        remember(s, hero.seat, f"engine_{engine}", word)
        ctx.tell(hero.seat, f"Engine {engine} is now {word}.", kind="engine")
        ctx.say(f"{who(hero.seat)} works on engine {engine}.", kind="room")
    elif tag == "pod":
        pods.sit(ctx, hero, option)
    elif tag == "recharge":
        held = hero.hands[int(option)]
        weapon = s.rules.items[held.item or ""].weapon
        cap = weapon.capacity if weapon else held.ammo
        held.ammo = min(cap, held.ammo + 2)
        ctx.say(f"{who(hero.seat)} recharges a weapon ({held.ammo} ammo).", kind="room")
    elif tag == "flood":
        flood(ctx, option)
    elif tag == "research":
        research(ctx, hero, option)
    elif tag == "storage":
        draw_item(ctx, hero, option, 2)
    elif tag == "airlock":
        prime_airlock(ctx, option)
    elif tag == "doors":
        room, _, op = option.partition(":")
        doors_of(ctx, room, op)
    elif tag == "hatch":
        pods.set_lock(ctx, option, not s.pods[option].locked)
    elif tag == "monitor":
        watch(ctx, hero, option)


# ------------------------------------------------------------------ the ship's systems
def read_coordinates(ctx: Ctx, hero: Hero) -> None:
    s = ctx.s
    earth = next(c.earth for c in ship().coordinates if c.id == s.coordinates)
    remember(s, hero.seat, "coordinates", earth)
    ctx.tell(hero.seat, f"The coordinates card: space {earth} takes the ship to Earth.",
             kind="coordinates")
    ctx.say(f"{who(hero.seat)} reads the coordinates in secret.", kind="room")


def attempt_done(ctx: Ctx, hero: Hero, tag: str, made: bool) -> None:
    """The end of an attempt by noise roll: going to sleep, or boarding a pod from the
    evacuation section `tag` names ("pod:<tile>")."""
    if tag == "hibernate":
        hibernate(ctx, hero, made)
    else:
        pods.board_pod(ctx, hero, tag.partition(":")[2], made)


def hibernate(ctx: Ctx, hero: Hero, made: bool) -> None:
    if not made:
        ctx.say(f"{who(hero.seat)} cannot get into a hibernation chamber.", kind="hibernate")
        return
    hero.place = "hibernated"
    hero.passed = True
    ctx.say(f"{who(hero.seat)} goes to sleep in a hibernation chamber.", kind="hibernate",
            seat=hero.seat)


def tell_engine(ctx: Ctx, hero: Hero, engine: str) -> None:
    word = status_word(ctx.s.engines[engine])
    remember(ctx.s, hero.seat, f"engine_{engine}", word)
    ctx.tell(hero.seat, f"Engine {engine} is {word}.", kind="engine")


def service_engine(ctx: Ctx, hero: Hero, engine: str) -> None:
    s = ctx.s
    ctx.say(f"{who(hero.seat)} opens up engine {engine}.", kind="room")
    worked_on(s, hero.seat, engine)
    tell_engine(ctx, hero, engine)
    shared_rooms.ask(ctx, hero, f"engine:{engine}", ["keep", "switch"],
                     service_labels(s.engines[engine]))


def service_labels(working: bool) -> list[str]:
    """The choices once an engine is opened up (they name its status)."""
    return ["Leave it as it is", "Wreck it" if working else "Repair it"]


def self_destruct_switch(ctx: Ctx, hero: Hero, start: bool) -> None:
    s = ctx.s
    if start:
        s.self_destruct = 1
        ctx.say(f"{who(hero.seat)} starts the self-destruct sequence: it moves with the "
                "time marker from now on.", kind="self_destruct")
    else:
        s.self_destruct = None
        ctx.say(f"{who(hero.seat)} stops the self-destruct sequence.", kind="self_destruct")


def rechargeable(s: GameState, hero: Hero) -> list[int]:
    out = []
    for i, held in enumerate(hero.hands):
        weapon = s.rules.items[held.item].weapon if held.item else None
        if weapon is not None and weapon.kind == "energy" and held.ammo < weapon.capacity:
            out.append(i)
    return out


def flood_targets(s: GameState) -> list[str]:
    return [slot for slot, r in s.rooms.items() if r.fire or intruders_in(s, slot)]


def any_flood_target(s: GameState) -> bool:
    """`flood_targets` is not empty (asked on every turn in the room: kept cheap)."""
    rooms = s.rooms
    return any(i.room in rooms for i in s.intruders) or any(r.fire for r in rooms.values())


def flood(ctx: Ctx, room: str) -> None:
    s = ctx.s
    ctx.say(f"The fire control system floods {room_name(s, room)}.", kind="room")
    set_fire(ctx, room, False)
    for intruder in list(intruders_in(s, room)):
        retreat(ctx, intruder)


def research_objects(s: GameState, hero: Hero) -> list[str]:
    """Object kinds here (lying or carried) whose weakness is still hidden."""
    here = [o.split("_")[0] for o in s.rooms[hero.room].objects]
    here += [h.obj.split("_")[0] for h in hero.hands if h.obj]
    return [k for k in OBJECT_KINDS if k in here
            and OBJECT_KINDS.index(k) not in s.weaknesses_found]


def research(ctx: Ctx, hero: Hero, kind: str) -> None:
    s = ctx.s
    slot = OBJECT_KINDS.index(kind)
    s.weaknesses_found.append(slot)
    weakness = index().weaknesses[s.weaknesses[slot]]
    ctx.say(f"{who(hero.seat)} researches the {kind}: a weakness is discovered: "
            f"{weakness.name}. {weakness.text}", kind="weakness", weakness=weakness.id)


def airlock_targets(s: GameState, hero: Hero) -> list[str]:
    return [slot for slot in s.rooms if _airlock_target(s, hero, slot)]


def any_airlock_target(s: GameState, hero: Hero) -> bool:
    """`airlock_targets` is not empty (asked on every turn in the room: kept cheap)."""
    return any(_airlock_target(s, hero, slot) for slot in s.rooms)


def _airlock_target(s: GameState, hero: Hero, slot: str) -> bool:
    """Another yellow room (004: "Choose 1 other Yellow Room"), explored (its colour is
    known), not primed yet, whose doors can all close (none destroyed)."""
    room = s.rooms[slot]
    return slot != hero.room and room.explored and room.tile is not None \
        and tile_of(room.tile).color == "yellow" and not room.venting \
        and all(door(s, c) != "destroyed" for c in walls(s, slot))


def prime_airlock(ctx: Ctx, room: str) -> None:
    s = ctx.s
    seal(s, room)
    ctx.say(f"The airlock of {room_name(s, room)} is primed: unless a door opens before "
            "the player phase ends, everything inside dies.", kind="airlock", room=room)


def resolve_airlocks(ctx: Ctx) -> None:
    """End of the player phase: a room still sealed loses everything inside, with no
    body left behind; its fire goes out."""
    s = ctx.s

    def blown(slot: str) -> None:
        for intruder in list(intruders_in(s, slot)):
            s.intruders.remove(intruder)
            retire(s, intruder.token)
            s.kills += 1
        for hero in heroes_in(s, slot):
            kill(ctx, hero, "blown out of the airlock")
            take_object(s.rooms, slot, f"corpse_{hero.seat}")
        set_fire(ctx, slot, False)
        ctx.say(f"The airlock of {room_name(s, slot)} opens to space: nothing inside "
                "survives.", kind="airlock")

    def failed(slot: str) -> None:
        ctx.say(f"The airlock of {room_name(s, slot)} fails: a door was opened.",
                kind="airlock")

    resolve_sealed(ctx, blown, failed)


def door_rooms(s: GameState) -> list[str]:
    return [slot for slot in s.rooms if _has_doors(s, slot)]


def any_door_room(s: GameState) -> bool:
    """`door_rooms` is not empty (asked on every turn in the room: kept cheap)."""
    return any(_has_doors(s, slot) for slot in s.rooms)


def _has_doors(s: GameState, slot: str) -> bool:
    return any(door(s, c) != "destroyed" for c in walls(s, slot))


def doors_of(ctx: Ctx, room: str, op: str) -> None:
    s = ctx.s
    corridors = walls(s, room)
    for corridor in corridors:
        if op == "close":
            close_door(s, corridor, keep=frozenset(corridors))
        elif door(s, corridor) == "closed":
            set_door(s, corridor, "open")
    ctx.say(f"The doors of {room_name(s, room)} {'close' if op == 'close' else 'open'}.",
            kind="door", room=room)


def watch(ctx: Ctx, hero: Hero, slot: str) -> None:
    s = ctx.s
    room = s.rooms[slot]
    tile = tile_of(room.tile or "").name
    token = (room.token or "none").replace("_", " ")
    remember(s, hero.seat, f"room_{slot}", f"{tile}, {token}")
    ctx.tell(hero.seat, f"On the monitors, {room_name(s, slot)} is the {tile}; its "
             f"exploration token is {token} ({room.token_items} items).", kind="monitor")
    ctx.say(f"{who(hero.seat)} watches the monitors.", kind="room")
