"""The original Nemesis's board in a few lines of text (renders.summary shapes and
trims them)."""

from __future__ import annotations

from collections.abc import Callable

from kits.nemesis.summary import head, hero, threat
from renders.summary import fit, namer
from rules.core.kit import Names
from rules.nemesis_original.view import NemesisView


def summary(view: NemesisView, names: Names = None) -> str:
    return fit(parts(view, namer(names or {})))


def parts(v: NemesisView, name_of: Callable[[str | None], str]) -> list[list[str]]:
    tracks = [f"time {v.time}/{v.time_length}"
              + (" (hibernation open)" if v.hibernation_open else ""),
              f"course {v.destination}"]
    if v.self_destruct is not None:
        tracks.append(f"self-destruct {v.self_destruct}/{v.self_destruct_length}")
    free = [p.id for p in v.pods if not p.locked and not p.launched]
    tracks.append("pods open: " + ", ".join(free) if free else "pods locked")
    rooms = {r.slot: r for r in v.rooms}
    heroes = [hero(i + 1, h, rooms, name_of, lambda r: str(r.name))
              for i, h in enumerate(v.heroes)]
    return [head("Nemesis", v, name_of), tracks, threat(v), heroes]
