"""Lockdown's board in a few lines of text (renders.summary shapes and trims them)."""

from __future__ import annotations

from collections.abc import Callable

from kits.lockdown.board import room_label
from kits.lockdown.team_board import contingency_name, objective_name, team_objectives
from kits.nemesis.summary import head, hero, threat
from renders.summary import fit, namer
from rules.core.kit import Names
from rules.lockdown.board import slot_code
from rules.lockdown.view import LockdownView

MODES = {"coop": "co-op", "solo": "solo"}


def summary(view: LockdownView, names: Names = None) -> str:
    return fit(parts(view, namer(names or {})))


def parts(v: LockdownView, name_of: Callable[[str | None], str]) -> list[list[str]]:
    kind = [x for x in (MODES.get(getattr(v, "mode", "")),
                        "Mars" if getattr(v, "surface", None) is not None else None) if x]
    powered = [f"S{k}" for k in ("1", "2", "3") if v.power.get(k)]
    tracks = [f"time {v.time}" + (" (backup power)" if v.time_active else ""),
              "power " + (" ".join(powered) if powered else "off")]
    if v.alert is not None:
        tracks.append(f"alert ends at {v.alert}")
    if v.autodestruct is not None:
        tracks.append(f"autodestruct at {v.autodestruct}")
    surface = getattr(v, "surface", None)
    if surface is not None:
        tracks.append(f"rover at {slot_code(surface.rover)}" if surface.rover else "rover used")
        noisy = [str(a.number) for a in surface.areas if a.noise]
        if noisy:
            tracks.append("noise in area " + ", ".join(noisy))
    rooms = {r.slot: r for r in v.rooms}
    heroes = [hero(i + 1, h, rooms, name_of, room_label) for i, h in enumerate(v.heroes)]
    return [head("Lockdown", v, name_of, kind), tracks, threat(v), _team(v), heroes]


def _team(v: LockdownView) -> list[str]:
    """The cooperative mode's public objectives (one per character, in seat order) and
    the revealed contingency tokens."""
    if getattr(v, "mode", "") != "coop":
        return []
    objectives = ", ".join(objective_name(card) for _seat, card in team_objectives(v))
    tokens = ", ".join(contingency_name(t) for t in v.revealed_contingencies)
    return [f"objectives: {objectives or 'none'}", f"revealed: {tokens or 'none'}"]
