"""What one seat (or a spectator) may see of a game of the original Nemesis.

Public: explored rooms and their markers, corridors, doors and noise, intruders on the
board, the characters' places, wounds, hand sizes, heavy items and item colours, the
time and self-destruct tracks, the destination marker, the escape pods (locks and who
sits in them), the weaknesses discovered, eggs in the nest.
Private to a seat: its hand (contamination cards stay "Contamination" until the end),
its inventory, its objectives, and what it looked at in secret (`me.known`: the
coordinates, an engine's status, an unexplored room seen on the monitors).
Never shown before the end: unexplored tiles and tokens, the coordinates card, the
engines' status, the bag, deck orders, other players' objectives.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.nemesis import view as family
from rules.nemesis_original.cards import index
from rules.nemesis_original.profile import room_name
from rules.nemesis_original.prompts import prompt_text
from rules.nemesis_original.rooms import hibernation_open
from rules.nemesis_original.ship import ship, tile_of
from rules.nemesis_original.state import GameState


class RoomView(BaseModel):
    slot: str
    kind: str
    x: int
    y: int
    explored: bool
    tile: str | None
    name: str
    items: int | None
    fire: bool
    malfunction: bool
    objects: list[str]
    computer: bool
    sealed: bool


class PodView(BaseModel):
    id: str
    section: str
    locked: bool
    launched: bool
    seats: list[str]


class HeroView(family.HeroView):
    pod: str | None


class MeView(family.MeView):
    known: dict[str, str]


class NemesisView(family.GameView):
    ruleset: str = "nemesis"
    rooms: list[RoomView]
    heroes: list[HeroView]
    pods: list[PodView]
    eggs: int
    nest_found: bool
    nest_destroyed: bool
    weaknesses: list[str]
    time: int
    time_length: int
    hibernation_open: bool
    self_destruct: int | None
    self_destruct_length: int
    destination: str
    bag_size: int
    crafted: list[str]
    waiting: list[str]
    ended: str | None
    winners: list[str] | None
    survivors: list[str]
    # revealed at the end only
    coordinates_earth: str | None = None
    engines: dict[str, bool] | None = None
    me: MeView | None = None


def card_name(card_id: str) -> str:
    return family.card_name(index().cards, card_id)


def item_name(item_id: str) -> str:
    return index().items[item_id].name


def build_view(s: GameState, seat: str | None, waiting: list[str]) -> NemesisView:
    sh = ship()
    over = s.winners is not None
    slots = {sl.id: sl for sl in sh.ship.slots}
    rooms = []
    for slot_id, room in s.rooms.items():
        sl = slots[slot_id]
        tile = tile_of(room.tile) if room.explored and room.tile else None
        rooms.append(RoomView(
            slot=slot_id, kind=sl.kind, x=sl.x, y=sl.y, explored=room.explored,
            tile=tile.id if tile else None, name=room_name(s, slot_id),
            items=room.items if room.explored else None, fire=room.fire,
            malfunction=room.malfunction, objects=list(room.objects),
            computer=bool(tile and tile.computer and not room.malfunction),
            sealed=room.venting))
    corridors = family.corridor_views(s, sh.ship.corridors)
    heroes = [HeroView(**family.hero_fields(s.heroes[x], index(), item_name, over),
                       pod=s.heroes[x].pod) for x in s.seats]
    view = NemesisView(
        version=s.version, viewer=seat, round=s.round, first_player=s.first_player,
        rooms=rooms, corridors=corridors, tech_noise=s.tech_noise,
        intruders=family.intruder_views(s), heroes=heroes,
        pods=[PodView(id=p.id, section=p.section, locked=p.locked, launched=p.launched,
                      seats=list(p.seats)) for p in s.pods.values()],
        eggs=s.eggs, nest_found=s.nest_found, nest_destroyed=s.nest_destroyed,
        weaknesses=[s.weaknesses[i] for i in s.weaknesses_found], time=s.time,
        time_length=sh.time_track.length, hibernation_open=hibernation_open(s),
        self_destruct=s.self_destruct, self_destruct_length=sh.self_destruct.length,
        destination=s.destination, bag_size=len(s.bag), crafted=sorted(set(s.crafted)),
        waiting=waiting, ended=s.ended, winners=s.winners, survivors=list(s.survivors))
    if over:
        view.coordinates_earth = next(c.earth for c in sh.coordinates
                                      if c.id == s.coordinates)
        view.engines = dict(s.engines)
    if seat is not None and seat in s.heroes:
        h = s.heroes[seat]
        me = MeView(**family.me_fields(h, card_name, item_name),
                    known=dict(s.known.get(seat, {})))
        family.ask(me, s, seat, waiting, prompt_text)
        view.me = me
    return view

