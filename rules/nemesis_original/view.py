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

from rules.nemesis_original.cards import index
from rules.nemesis_original.profile import room_name
from rules.nemesis_original.rooms import hibernation_open
from rules.nemesis_original.ship import ship, tile_of
from rules.nemesis_original.state import GameState, PickFrame


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


class CorridorView(BaseModel):
    id: str
    a: str
    b: str
    door: str
    noise: bool


class PodView(BaseModel):
    id: str
    section: str
    locked: bool
    launched: bool
    seats: list[str]


class HeroView(BaseModel):
    seat: str
    character: str
    name: str
    place: str
    room: str
    pod: str | None
    light: int
    serious: list[str]
    hand_size: int
    item_colors: list[str]
    hands: list[str]
    larva: bool
    slime: bool
    signal: bool
    passed: bool
    objectives: list[str] | None = None  # revealed at the end


class HeldView(BaseModel):
    item: str | None = None
    obj: str | None = None
    ammo: int = 0


class MeView(BaseModel):
    hand: list[str]
    hand_ids: list[str]
    deck: int
    discard: int
    inventory: list[str]
    inventory_ids: list[str]
    held: list[HeldView]
    objectives: list[str]
    known: dict[str, str]
    choosing: list[str] = []
    prompt: str = ""


class NemesisView(BaseModel):
    ruleset: str = "nemesis"
    version: int
    viewer: str | None
    round: int
    first_player: str
    rooms: list[RoomView]
    corridors: list[CorridorView]
    tech_noise: bool
    intruders: list[dict[str, object]]
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
    if card_id.startswith("c:"):
        return "Contamination"
    card = index().cards.get(card_id)
    return card.name if card is not None else card_id


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
    corridors = [CorridorView(id=c.id, a=c.a, b=c.b, door=s.doors.get(c.id, "open"),
                              noise=c.id in s.noise) for c in sh.ship.corridors]
    idx = index()
    heroes = []
    for x in s.seats:
        h = s.heroes[x]
        heroes.append(HeroView(
            seat=x, character=h.character,
            name=idx.characters[h.character].name if h.character else "?",
            place=h.place, room=h.room, pod=h.pod, light=h.light,
            serious=[w.card + ("*" if w.dressed else "") for w in h.serious],
            hand_size=len(h.hand), item_colors=[idx.items[i].color for i in h.inventory],
            hands=[item_name(held.item) if held.item else (held.obj or "").split("_")[0]
                   for held in h.hands],
            larva=h.larva, slime=h.slime, signal=h.signal, passed=h.passed,
            objectives=list(h.objectives) if over else None))
    view = NemesisView(
        version=s.version, viewer=seat, round=s.round, first_player=s.first_player,
        rooms=rooms, corridors=corridors, tech_noise=s.tech_noise,
        intruders=[{"id": i.id, "kind": i.kind, "room": i.room, "injuries": i.injuries}
                   for i in s.intruders],
        heroes=heroes,
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
        me = MeView(hand=[card_name(c) for c in h.hand],
                    hand_ids=["contamination" if c.startswith("c:") else c for c in h.hand],
                    deck=len(h.deck), discard=len(h.discard),
                    inventory=[item_name(i) for i in h.inventory],
                    inventory_ids=list(h.inventory),
                    held=[HeldView(item=x.item, obj=x.obj, ammo=x.ammo) for x in h.hands],
                    objectives=list(h.objectives), known=dict(s.known.get(seat, {})))
        if seat in waiting:
            from rules.nemesis_original.prompts import prompt_text

            me.prompt = prompt_text(s, seat)
        top = s.stack[-1] if s.stack else None
        if isinstance(top, PickFrame) and top.seat == seat:
            me.choosing = list(top.labels)
        view.me = me
    return view
