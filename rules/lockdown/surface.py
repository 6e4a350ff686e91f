"""The Mars surface side in play (LD-MARS-1): crossroads setup, surface exploration
tokens, the Mars surface die and deck, the rover and the walk to the bunker.

Only used when `Options.board == "mars"`; the basic side never reaches this module.
Choices: rules/lockdown/README.md, "Mars surface side".
"""

from __future__ import annotations

from rules.core.contract import Action
from rules.core.rng import Rng
from rules.core.words import a_or_an
from rules.lockdown.board import board
from rules.lockdown.cards import Content, index
from rules.lockdown.facility import room_name, set_tech_noise
from rules.lockdown.mars_board import MarsBoard, crossroads_name, mars_content, mars_map
from rules.lockdown.state import GameState
from rules.lockdown.table import Ctx, who
from rules.nemesis import actions as a
from rules.nemesis import effects as fx
from rules.nemesis import noise
from rules.nemesis.decks import draw_from
from rules.nemesis.frames import MoveFrame
from rules.nemesis.items import owned
from rules.nemesis.malfunctions import set_malfunction
from rules.nemesis.movement import explore as explore_room
from rules.nemesis.places import heroes_in, in_combat, in_play
from rules.nemesis.resolve import push_effects
from rules.nemesis.rooms import noise_attempt
from rules.nemesis.state import Hero, RoomState, change_room

MARS_DECK = "mars"
# room-action variants of the surface (after the computer's 10+ and the gate's 20-22)
ROVER_BUNKER, WALK_OUT, ROVER_TO = 30, 31, 40  # ROVER_TO + i: the i-th other exit room
WALK_COST = 2   # as the bunker escape at the main gate
ROVER_COST = 1  # a ride is one action, like a move


# ------------------------------------------------------------------ setup
def token_key(draw: str, then: str) -> str:
    return f"{draw}:{then}"


def place_tokens(c: Content, rng: Rng, m: MarsBoard, rooms: dict[str, RoomState]) -> None:
    """Surface exploration tokens on every building room (replacing the basic token,
    keeping its tile) and every crossroads."""
    del c
    pool = rng.shuffled([(token_key(t.draw, t.then), t.items) for t in mars_content().tokens
                         for _ in range(t.count)])
    for slot in m.slots:
        if slot.kind == "special":
            continue
        key, items = pool.pop()
        change_room(rooms, slot.id, token=key, token_items=items)
    for x in m.crossroads:
        key, _ = pool.pop()
        # the tile is laid when explored (an unexplored room's tile is a secret)
        rooms[x.id] = RoomState(slot=x.id, tile=None, token=key, token_items=0)


def start(s: GameState) -> None:
    """The Mars deck shuffled and the rover parked (after the basic setup)."""
    s.decks[MARS_DECK] = s.rng.shuffled([card.id for card in mars_content().cards])
    s.rover = mars_map().rover_start


# ------------------------------------------------------------------ where characters are
def on_surface(s: GameState, hero: Hero) -> bool:
    """Out in the open: on a crossroads (building rooms are sheltered)."""
    return hero.place == "board" and hero.room in board(s).crossroads


def suited(hero: Hero) -> bool:
    return any(index().items[i].passive == "enviro_suit" for i in owned(hero))


def exposed(s: GameState, hero: Hero) -> bool:
    return on_surface(s, hero) and not suited(hero)


# ------------------------------------------------------------------ exploring
def explore(ctx: Ctx, hero: Hero, f: MoveFrame) -> None:
    """Reveal a surface exploration token: the draw, then a roll or a marker."""
    s = ctx.s
    room = s.rooms[f.to]
    key = room.token or "none:roll"
    draw, _, then = key.partition(":")
    crossroads = f.to in board(s).crossroads
    tile = index().rooms["crossroads" if crossroads else (room.tile or "crossroads")]
    change_room(s.rooms, f.to, explored=True, token=None,
                tile="crossroads" if crossroads else room.tile,
                items=room.token_items if tile.action != "nest" and not crossroads
                else room.items)
    name = crossroads_name(f.to) if f.to in board(s).crossroads else tile.name
    ctx.say(f"{who(hero.seat)} explores: {name}! Surface token: {draw}, then "
            f"{'a noise marker' if then == 'marker' else 'a noise roll'}.",
            kind="explore", room=f.to, tile=tile.id, token=key)
    if tile.action == "nest" and not s.nest_found:
        s.nest_found = True
        hero.knowledge += 1
        ctx.say(f"{who(hero.seat)} found the nest (+1 knowledge).", kind="knowledge")
    if then == "marker":
        f.no_noise = True
        number = 1 + s.rng.below(4)
        noise.place_noise(ctx, hero, board(s).exit_by_number(f.to, number))
    if draw in ("red", "yellow", "green"):
        push_effects(ctx, [fx.GainItem(do="gain_item", color=draw)], subject=hero.seat,
                     source="surface token")
    elif draw == "card":
        draw_card(ctx, hero)
    elif draw == "malfunction" and f.to not in board(s).crossroads:
        set_malfunction(ctx, f.to, True)


# ------------------------------------------------------------------ the die and the deck
def noise_roll(ctx: Ctx, hero: Hero) -> None:
    """A noise roll with the Mars surface die."""
    s = ctx.s
    faces = mars_content().die
    face = faces[s.rng.below(len(faces))]
    name = f"{who(hero.seat)}'s surface roll"
    if face == "card":
        ctx.say(f"{name}: the card symbol.", kind="noise", face=face)
        draw_card(ctx, hero)
        return
    if face == "silence" and not hero.slime:
        ctx.say(f"{name}: silence.", kind="noise")
        return
    if face in ("silence", "danger"):
        extra = ", but the slime draws them: danger" if face == "silence" else ": danger"
        ctx.say(f"{name}{extra}!", kind="noise")
        danger(ctx, hero)
        return
    ctx.say(f"{name}: {face}.", kind="noise", face=face)
    noise.place_noise(ctx, hero, board(s).exit_by_number(hero.room, int(face)))


def danger(ctx: Ctx, hero: Hero) -> None:
    """In a building, danger as on the basic side, the building's area counting as a
    technical corridor of every room in it (000): noise all around marks it too. On a
    crossroads, every intruder out on the surface (not in a building, not in combat)
    comes to this crossroads; with none, a noise marker on every area that has none."""
    s = ctx.s
    b = board(s)
    if hero.room not in b.crossroads:
        if noise.danger(ctx, hero) and hero.room in b.building:
            set_tech_noise(s, f"area{building_area(b.building[hero.room])}", True)
        return
    movers = [i for i in s.intruders if i.room in b.crossroads and i.room != hero.room
              and not heroes_in(s, i.room)]
    if not movers:
        for n in (1, 2, 3, 4):
            set_tech_noise(s, f"area{n}", True)
        ctx.say("Noise spreads over every area of the surface.", kind="noise")
        return
    for intruder in movers:
        intruder.room = hero.room
        ctx.say(f"{a_or_an(intruder.kind).capitalize()} comes across the sand to "
                f"{room_name(s, hero.room)}.", kind="intruder")


def building_area(building: str) -> int:
    """The number of the area around a building."""
    return next(bd.area for bd in mars_map().buildings if bd.id == building)


def draw_card(ctx: Ctx, hero: Hero) -> None:
    """Draw and resolve a Mars surface card, then discard it."""
    s = ctx.s
    card_id = draw_from(s, MARS_DECK)
    if card_id is None:
        return
    s.discards.setdefault(MARS_DECK, []).append(card_id)
    card = next(c for c in mars_content().cards if c.id == card_id)
    ctx.say(f"{who(hero.seat)} draws the Mars surface card {card.name}.", kind="mars_card",
            card=card.id)
    hit = [x for x in in_play(s) if exposed(s, x)] if card.exposed == "surface" \
        else ([hero] if exposed(s, hero) else [])
    if not exposed(s, hero):
        ctx.say(f"Sheltered: {card.lower_text}", kind="mars_card")
        push_effects(ctx, card.lower, subject=hero.seat, source=card.name)
    if hit:
        ctx.say(f"Exposed: {card.upper_text}", kind="mars_card")
    for x in reversed(hit):  # the stack runs the last pushed first: keep turn order
        push_effects(ctx, card.upper, subject=x.seat, source=card.name)


# ------------------------------------------------------------------ rover and walking out
def exits_in_order(s: GameState) -> list[str]:
    return sorted(board(s).exit_rooms)


def surface_actions(s: GameState, hero: Hero) -> list[Action]:
    """Rover rides from the exit room where it stands, and the walk to the bunker."""
    b = board(s)
    if (hero.room != s.rover and hero.room not in b.bunker_crossroads) \
            or in_combat(s, hero.seat):
        return []  # (the cheap test first: this runs for every turn's list)
    out: list[Action] = []
    if hero.room == s.rover and hero.room in b.exit_rooms:
        for i, room in enumerate(exits_in_order(s)):
            if room != hero.room:
                out.append(a.RoomAct(variant=ROVER_TO + i,
                                     text=f"Drive the rover to {room_name(s, room)}"))
        out.append(a.RoomAct(variant=ROVER_BUNKER, text="Drive the rover to the bunker"))
    if hero.room in b.bunker_crossroads and suited(hero):
        out.append(a.RoomAct(variant=WALK_OUT,
                             text="Walk to the bunker in the Enviro-Suit (noise roll)"))
    return out


def surface_cost(variant: int) -> int:
    return WALK_COST if variant == WALK_OUT else ROVER_COST


def surface_action(ctx: Ctx, hero: Hero, variant: int) -> None:
    s = ctx.s
    if variant == ROVER_BUNKER:
        s.rover = ""
        hero.place = "bunker"
        hero.passed = True
        ctx.say(f"{who(hero.seat)} drives the rover across the surface to the bunker.",
                kind="bunker")
        return
    if variant >= ROVER_TO:
        to = exits_in_order(s)[variant - ROVER_TO]
        origin, hero.room = hero.room, to
        s.rover = to
        ctx.say(f"{who(hero.seat)} drives the rover to {room_name(s, to)}.", kind="move",
                seat=hero.seat, room=to)
        if not s.rooms[to].explored:
            explore_room(ctx, hero, MoveFrame(seat=hero.seat, origin=origin, to=to,
                                              no_noise=True))
        return
    noise_attempt(ctx, hero, "mars_walk")


def walk_out(ctx: Ctx, hero: Hero, made: bool) -> None:
    """The walk to the bunker, once its surface roll (and any card it drew) is resolved:
    it fails only if an intruder showed up (000)."""
    if not made:
        ctx.say(f"{who(hero.seat)} is spotted on the way out; the walk to the bunker fails.",
                kind="bunker")
        return
    hero.place = "bunker"
    hero.passed = True
    ctx.say(f"{who(hero.seat)} walks across the sand in the Enviro-Suit and reaches the "
            "bunker.", kind="bunker")
