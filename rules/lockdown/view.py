"""What one seat (or a spectator) may see of a Lockdown game.

Public: explored rooms and their markers, corridors, intruders on the board, the
characters' places, wounds, hand sizes, heavy items and item colours, the time track,
power, the laboratory. Private to a seat: its hand (contamination cards stay
"Contamination" until scanned), its inventory, objectives and contingency tokens.
Never shown: unexplored tiles and tokens, CSS tokens, deck orders, the bag, the
active contingency (until the end). Fully cooperative mode: every objective and the
revealed neutral contingency tokens are public (`team_objectives`,
`revealed_contingencies`, each character's `objectives`).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.lockdown.board import board_map
from rules.lockdown.cards import content, index
from rules.lockdown.endgame import revealed_weaknesses
from rules.lockdown.facility import room_name, tile_of
from rules.lockdown.mars_board import MarsBoard
from rules.lockdown.prompts import prompt_text
from rules.lockdown.state import GameState
from rules.nemesis import view as family


class RoomView(BaseModel):
    slot: str
    section: int | None
    x: int
    y: int
    explored: bool
    tile: str | None
    name: str | None
    items: int | None
    fire: bool
    malfunction: bool
    objects: list[str]
    computer: bool


class HeroView(family.HeroView):
    knowledge: int


class MeView(family.MeView):
    contingencies: list[str]
    quest_active: bool


class AreaView(BaseModel):
    number: int
    building: str | None
    x: int
    y: int
    noise: bool


class SurfaceView(BaseModel):
    """The Mars surface side (LD-MARS-1): what a renderer needs beyond the rooms (the
    crossroads are in `rooms`, tile "crossroads")."""

    paths: list[family.CorridorView]        # never a door or noise; b may be the bunker
    areas: list[AreaView]
    rover: str                       # the exit room the rover is in ("" once used)
    bunker: tuple[int, int]          # drawing position of the bunker
    buildings: dict[str, list[str]]  # building id -> its room slots


class LockdownView(family.GameView):
    ruleset: str = "lockdown"
    rooms: list[RoomView]
    heroes: list[HeroView]
    eggs: int
    nest_found: bool
    nest_destroyed: bool
    lab_slots: list[str]
    weaknesses: list[str]
    power: dict[str, bool]
    time: int
    time_active: bool
    css_slots: list[int]
    css_revealed: list[str]
    autodestruct: int | None
    autodestruct_red: bool
    alert: int | None
    isolation_open: bool
    gate_open: bool
    rover_at_base: bool
    elevator_at: int
    computer_top: str | None
    bag_size: int
    crafted: list[str]
    waiting: list[str]
    ended: str | None
    winners: list[str] | None
    survivors: list[str]
    active_contingency: str | None = None
    mode: str = "semi_coop"
    # coop (LD-MODE-2): the team's objective cards and the neutral contingency tokens
    # revealed so far, both public
    team_objectives: list[str] = []
    revealed_contingencies: list[str] = []
    board: str = "basic"
    surface: SurfaceView | None = None
    me: MeView | None = None


def card_name(card_id: str) -> str:
    return family.card_name(index().cards, card_id)


def item_name(item_id: str) -> str:
    return next((i.name for i in content().items if i.id == item_id), item_id)


def _surface(s: GameState, m: MarsBoard) -> SurfaceView:
    return SurfaceView(
        paths=[family.CorridorView(id=p.id, a=p.a, b=p.b, door="open", noise=False)
               for p in m.paths],
        areas=[AreaView(number=x.number, building=x.building, x=x.x, y=x.y,
                        noise=x.number in s.area_noise) for x in m.areas],
        rover=s.rover, bunker=(m.bunker.x, m.bunker.y),
        buildings={b.id: list(b.rooms) for b in m.buildings})


def build_view(s: GameState, seat: str | None, waiting: list[str]) -> LockdownView:
    m = board_map(s)
    slots: dict[str, Any] = {sl.id: sl for sl in m.slots}
    if isinstance(m, MarsBoard):
        slots.update({x.id: x for x in m.crossroads})
    over = s.winners is not None
    coop = s.options.mode == "coop"
    rooms = []
    for slot_id, room in s.rooms.items():
        sl = slots[slot_id]
        tile = tile_of(room.tile) if room.explored and room.tile else None
        rooms.append(RoomView(
            slot=slot_id, section=getattr(sl, "section", None), x=sl.x, y=sl.y,
            explored=room.explored, tile=tile.id if tile else None,
            name=(room_name(s, slot_id) if tile.id == "crossroads" else tile.name)
            if tile else None,
            items=room.items if room.explored else None, fire=room.fire,
            malfunction=room.malfunction, objects=list(room.objects),
            computer=bool(tile and tile.computer)))
    corridors = family.corridor_views(s, m.corridors)
    heroes = [HeroView(**family.hero_fields(s.heroes[x], index(), item_name, over or coop),
                       knowledge=s.heroes[x].knowledge)
              for x in s.seats]
    revealed = revealed_weaknesses(s)
    view = LockdownView(
        version=s.version, viewer=seat, round=s.round, first_player=s.first_player,
        rooms=rooms, corridors=corridors, tech_noise=s.tech_noise,
        intruders=family.intruder_views(s), heroes=heroes, eggs=s.eggs, nest_found=s.nest_found,
        nest_destroyed=s.nest_destroyed, lab_slots=list(s.lab_slots), weaknesses=revealed,
        power={k: v.active for k, v in s.power.items()}, time=s.time,
        time_active=s.time_active, css_slots=sorted(s.css), css_revealed=list(s.css_revealed),
        autodestruct=s.autodestruct, autodestruct_red=s.autodestruct_red, alert=s.alert,
        isolation_open=s.isolation_open, gate_open=s.gate_open,
        rover_at_base=s.rover_at_base, elevator_at=s.elevator_at,
        computer_top=s.computer[0] if s.computer else None, bag_size=len(s.bag),
        crafted=sorted(set(s.crafted)), waiting=waiting, ended=s.ended, winners=s.winners,
        survivors=list(s.survivors),
        active_contingency=s.active_contingency if over else None, mode=s.options.mode,
        team_objectives=[o for x in s.seats for o in s.heroes[x].objectives] if coop else [],
        revealed_contingencies=list(s.revealed_contingencies), board=s.options.board,
        surface=_surface(s, m) if isinstance(m, MarsBoard) else None)
    if seat is not None and seat in s.heroes:
        h = s.heroes[seat]
        me = MeView(**family.me_fields(h, card_name, item_name),
                    contingencies=list(h.contingencies), quest_active=h.quest_active)
        family.ask(me, s, seat, waiting, prompt_text)
        view.me = me
    return view
