"""Doors (NX-MARK-1): a corridor is open, closed by a door token, or its door is
destroyed. Technical corridors (and whatever else the board says) never take doors."""

from __future__ import annotations

from rules.nemesis.profile import NemesisState

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
