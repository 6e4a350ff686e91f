"""Reading and changing the Lockdown table; `Ctx` wraps a copied state while an action
is applied and collects the events."""

from __future__ import annotations

from typing import Any

from rules.core.actions import seat_ref
from rules.core.contract import Event
from rules.lockdown.board import board, board_index, slot_code, staircase_name
from rules.lockdown.cards import Content, content, index
from rules.lockdown.profile import PROFILE
from rules.lockdown.state import GameState
from rules.nemesis.character import has_wound
from rules.nemesis.profile import Profile
from rules.nemesis.state import Hero, Intruder

HAND_SIZE = 5


class Ctx:
    def __init__(self, state: GameState) -> None:
        self.s = state
        self.c: Content = content()
        self.rules: Profile = PROFILE
        self.events: list[Event] = []

    def say(self, text: str, kind: str = "log", to: tuple[str, ...] | None = None,
            **data: Any) -> None:
        self.events.append(Event(kind=kind, text=text, to=to, data=data))

    def tell(self, seat: str, text: str, kind: str = "private", **data: Any) -> None:
        self.say(text, kind=kind, to=(seat,), **data)


def who(seat: str) -> str:
    return seat_ref(seat)


def room_name(s: GameState, slot: str) -> str:
    """A room as the board shows it: its tile's name once explored (every tile but the
    staircase is unique), else the space's code drawn in the empty box."""
    room = s.rooms[slot]
    if slot in board(s).crossroads:  # Mars side: crossroads keep their own names
        from rules.lockdown.surface import crossroads_name

        return crossroads_name(slot)
    if room.explored and room.tile:
        return staircase_name(slot) if room.tile == "staircase" else tile_of(room.tile).name
    return f"unexplored room {slot_code(slot)}"


def tile_of(tile_id: str) -> Any:
    return index().rooms[tile_id]


def in_play(s: GameState) -> list[Hero]:
    """Characters still on the board (not dead, escaped, isolated or in a pod)."""
    return [h for seat in s.seats if (h := s.heroes.get(seat)) and h.place == "board"]


def heroes_in(s: GameState, room: str) -> list[Hero]:
    return [h for h in in_play(s) if h.room == room]


def intruders_in(s: GameState, room: str) -> list[Intruder]:
    return [i for i in s.intruders if i.room == room]


def in_combat(s: GameState, seat: str) -> bool:
    hero = s.heroes[seat]
    return hero.place == "board" and bool(intruders_in(s, hero.room))


def section_of(room: str) -> int | None:
    """A room's power section (None: staircases, Mars crossroads). Slot ids differ
    between the board sides, so the room itself says which side it is on."""
    basic = board().section
    return basic[room] if room in basic else board_index("mars").section[room]


def powered(s: GameState, room: str) -> bool:
    section = section_of(room)
    if section is None:  # emergency staircases are always dark
        return False
    return s.power[str(section)].active


def turn_order(s: GameState) -> list[str]:
    """Seats in play order from the first player."""
    i = s.seats.index(s.first_player)
    return s.seats[i:] + s.seats[:i]


def action_cards(hero: Hero) -> list[str]:
    """Cards in hand that can pay costs (contamination cards cannot)."""
    return [c for c in hero.hand if not c.startswith("c:")]


def hand_limit(s: GameState, hero: Hero) -> int:
    limit = HAND_SIZE
    if has_wound(PROFILE, hero, "head"):
        limit -= 1
    if hero.serious and ability(hero) == "tough":
        limit += 1
    room = s.rooms[hero.room]
    if (hero.place == "board" and room.tile is not None and room.explored
            and not room.malfunction and tile_of(room.tile).action == "isolation"):
        limit += 1
    return limit


def ability(hero: Hero) -> str:
    return index().characters[hero.character].ability if hero.character else ""





def door(s: GameState, corridor: str) -> str:
    return s.doors.get(corridor, "open")


DOOR_TOKENS = 10  # door tokens in the box (NX-MARK-1; the source leaves the number open)


def set_door(s: GameState, corridor: str, value: str) -> None:
    if value == "open":
        s.doors.pop(corridor, None)
    else:
        s.doors[corridor] = value  # type: ignore[assignment]


def close_door(s: GameState, corridor: str, keep: frozenset[str] = frozenset()) -> bool:
    """Close an open corridor with a door token from the supply; with none left, the
    oldest closed door elsewhere on the board (not one in `keep`) is moved here.
    Technical corridors never take doors; destroyed doors stay destroyed."""
    b = board(s)
    if corridor in b.technical or corridor in b.paths or door(s, corridor) != "open":
        return door(s, corridor) == "closed"
    if len(s.doors) >= DOOR_TOKENS:
        reuse = next((c for c, d in s.doors.items() if d == "closed" and c not in keep),
                     None)
        if reuse is None:
            return False
        del s.doors[reuse]
    s.doors[corridor] = "closed"
    return True


def noisy(s: GameState, corridor: str) -> bool:
    return corridor in s.noise


def tech_noisy(s: GameState, corridor: str) -> bool:
    """Noise on a technical exit: the technical corridors space, or on the Mars side
    the area that exit leads to."""
    area = board(s).area.get(corridor)
    return s.tech_noise if area is None else area in s.area_noise


def set_tech_noise(s: GameState, corridor: str, on: bool) -> None:
    area = board(s).area.get(corridor)
    if area is None:
        s.tech_noise = on
    elif on and area not in s.area_noise:
        s.area_noise.append(area)
        s.area_noise.sort()
    elif not on and area in s.area_noise:
        s.area_noise.remove(area)


def set_noise(s: GameState, corridor: str, on: bool) -> None:
    if on and corridor in board(s).paths:
        return  # Mars side: paths never take noise
    if on and corridor not in s.noise:
        s.noise.append(corridor)
    elif not on and corridor in s.noise:
        s.noise.remove(corridor)
