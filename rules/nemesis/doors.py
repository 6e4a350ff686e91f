"""Doors (NX-MARK-1): a corridor is open, closed by a door token, or its door is
destroyed. Technical corridors (and whatever else the board says) never take doors.
A room can be sealed (every door of it closed, the room marked `venting`): if its doors
are all still closed at the end of the player phase, what the game says happens
(Lockdown's vent control, the original's airlock)."""

from __future__ import annotations

from collections.abc import Callable

from rules.nemesis.profile import NemesisState, Table
from rules.nemesis.state import change_room

DOOR_TOKENS = 10  # door tokens in the box (NX-MARK-1; the source leaves the number open)


def door(s: NemesisState, corridor: str) -> str:
    return s.doors.get(corridor, "open")


def set_door(s: NemesisState, corridor: str, value: str) -> None:
    if value == "open":
        s.doors.pop(corridor, None)
    else:
        s.doors[corridor] = value


def close_door(s: NemesisState, corridor: str, keep: frozenset[str] = frozenset()) -> bool:
    """Close an open corridor with a door token from the supply; with none left, the
    oldest closed door elsewhere on the board (not one in `keep`) is moved here.
    Technical corridors never take doors; destroyed doors stay destroyed."""
    if not s.graph.takes_door(corridor) or door(s, corridor) != "open":
        return door(s, corridor) == "closed"
    if len(s.doors) >= DOOR_TOKENS:
        reuse = next((c for c, d in s.doors.items() if d == "closed" and c not in keep),
                     None)
        if reuse is None:
            return False
        del s.doors[reuse]
    s.doors[corridor] = "closed"
    return True


def walls(s: NemesisState, room: str) -> list[str]:
    """The room's corridors that can take a door (not its technical entrances)."""
    return [ex.corridor for ex in s.graph.exits[room] if ex.to != "tech"]


def seal(s: NemesisState, room: str) -> None:
    """Close every door of the room and mark it as sealed."""
    corridors = walls(s, room)
    for corridor in corridors:
        close_door(s, corridor, keep=frozenset(corridors))
    change_room(s.rooms, room, venting=True)


def resolve_sealed(ctx: Table, sealed: Callable[[str], None],
                   failed: Callable[[str], None]) -> None:
    """End of the player phase: each sealed room is unmarked, then `sealed(room)` if all
    its doors are still closed, else `failed(room)` (a door was opened)."""
    s = ctx.s
    for slot, room in list(s.rooms.items()):
        if not room.venting:
            continue
        change_room(s.rooms, slot, venting=False)
        if all(door(s, c) == "closed" for c in walls(s, slot)):
            sealed(slot)
        else:
            failed(slot)
