"""What both Nemesis games' text summaries share: the heading line, the intruders and
eggs, and one line per character."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from kits.nemesis.views import TableView
from renders.summary import plural
from rules.nemesis.view import HeroView

Room = TypeVar("Room")  # a game's room view

PLACES = {"css": "escaped (CSS pod)", "bunker": "escaped (bunker)", "escaped": "escaped in pod",
          "hibernated": "hibernating"}  # off the board; else as is ("pod", "dead")


def head(title: str, v: TableView, name_of: Callable[[str | None], str],
         kind: Sequence[str] = ()) -> list[str]:
    head = [f"**{title}** round {v.round}" + (f" ({', '.join(kind)})" if kind else "")]
    if v.winners is not None:
        winners = ", ".join(name_of(s) for s in v.winners) or "nobody"
        head.append(f"game over, winners: {winners}")
    else:
        if v.first_player:
            head.append(f"first: {name_of(v.first_player)}")
        if v.waiting:
            head.append("waiting for " + ", ".join(name_of(s) for s in v.waiting))
    return head


def threat(v: TableView) -> list[str]:
    kinds = Counter(str(i.get("kind", "?")) for i in v.intruders)
    threat = [("intruders: " + ", ".join(plural(n, k) if k != "larva" or n == 1
                                         else f"{n} larvae"
                                         for k, n in sorted(kinds.items())))
              if kinds else "no intruders on the board"]
    threat.append("nest destroyed" if v.nest_destroyed else  # its eggs with it
                  plural(v.eggs, "egg") + (", nest found" if v.nest_found else ""))
    return threat


def hero(number: int, h: HeroView, rooms: Mapping[str, Room],
         name_of: Callable[[str | None], str], label: Callable[[Room], str]) -> str:
    who = f"{number} {name_of(h.seat)}"
    if not h.character:
        return f"{who}: choosing"
    if h.place != "board":
        # the pod is named when the view has it (the original Nemesis's escape pods)
        pod = getattr(h, "pod", None)
        return f"{who}: {PLACES.get(h.place, h.place)}" + (
            f" {pod}" if h.place in ("pod", "escaped") and pod else "")
    r = rooms.get(h.room)
    where = ""
    if r is not None:
        where = " " + label(r)
    wounds = []
    if h.light:
        wounds.append(f"{h.light} light")
    if h.serious:
        wounds.append(f"{len(h.serious)} serious")
    return f"{who}:{where}" + (f" ({', '.join(wounds)})" if wounds else "")
