"""A short text summary of the public board, sent with the board image for small
screens and screen readers: `summary(view, names) -> str`.

Drawn from the public view only, at most MAX_CHARS characters, plain text with light
markdown (the game's title in bold). The most useful facts come first and the details
at the end are dropped when the text runs long.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from renders.names import display_name

MAX_CHARS = 350
MODES = {"coop": "co-op", "solo": "solo"}
PLACES = {"css": "escaped (CSS pod)", "bunker": "escaped (bunker)", "escaped": "escaped in pod",
          "hibernated": "hibernating"}  # off the board; else as is ("pod", "dead")
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()])")


def summary(view: Any, names: Mapping[str, str] | None = None) -> str:
    """The summary of a Dark Moon, Lockdown or Nemesis public view."""
    name_of = _namer(names or {})
    if view.ruleset == "darkmoon":
        return _fit(_darkmoon(view, name_of))
    if view.ruleset == "lockdown":
        return _fit(_lockdown(view, name_of))
    if view.ruleset == "nemesis":
        return _fit(_nemesis(view, name_of))
    return ""


def _namer(names: Mapping[str, str]) -> Callable[[str | None], str]:
    def name_of(seat: str | None) -> str:
        if not seat:
            return "nobody"
        name = display_name(names.get(seat, "")) or f"player {str(seat)[-4:]}"
        return _MARKDOWN.sub(r"\\\1", name)
    return name_of


def _fit(parts: Sequence[Sequence[str]]) -> str:
    """Lines of parts joined with " · "; the last parts go first when it runs long."""
    lines = [list(p) for p in parts]

    def text() -> str:
        return "\n".join(" · ".join(p) for p in lines if p)

    while len(text()) > MAX_CHARS and any(len(p) > 1 for p in lines[1:]):
        longest = max((p for p in lines[1:] if len(p) > 1), key=lambda p: len(" · ".join(p)))
        longest.pop()
    out = text()
    return out if len(out) <= MAX_CHARS else out[:MAX_CHARS - 1].rstrip() + "…"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# -------------------------------------------------------------------- Dark Moon
def _darkmoon(v: Any, name_of: Callable[[str | None], str]) -> list[list[str]]:
    head = [f"**Dark Moon** round {v.round}"]
    if v.result == "company_man":
        head.append("game over: the Company Man wins alone")
    elif v.result:
        team = "infected" if v.result == "infected" else "uninfected"
        head.append(f"game over: the {team} win")
    elif v.vote is not None:
        from renders.darkmoon_expansion import vote_words

        total = len(v.vote.voted) + len(v.vote.waiting)
        head.append(f"vote to {vote_words(v, name_of(v.vote.target))}: "
                    f"{len(v.vote.voted)}/{total} voted")
    else:
        head.append(f"turn: {name_of(v.active)}")
        others = [s for s in v.waiting if s != v.active]
        if others:
            head.append("deciding: " + ", ".join(name_of(s) for s in others))
    shield_max = len(v.shield_symbols) or 6
    tracks = [f"shield {v.shield}/{shield_max}", f"life support {len(v.fatigue)}/6",
              f"outposts {len(v.outposts)}/6"]
    spaces = max(2, v.suspicion_spaces)
    tracks.append("suspicion removed" if v.suspicion is None
                  else f"suspicion {v.suspicion}/{spaces - 1}")
    if v.sabotage:
        tracks.append(f"{v.sabotage.replace('_', ' ')} sabotaged")
    events = []
    if v.event is not None:
        events.append(f"event {v.event.name} {v.event.filled}/{v.event.cubes}")
    final = v.final_event
    events.append(f"final {final.name} {final.filled}/{final.cubes}"
                  + (" (started)" if v.final_started else ""))
    events.append(f"{len(v.events_done)} done")
    task = []
    if v.task is not None:
        target = v.difficulty or v.task.difficulty
        task.append(f"task {v.task.name}" + (f": success {v.success_track}/{target}"
                                             if target else ""))
        x = getattr(v, "expansion", None)
        if x is not None and x.corporation_die is not None:
            from renders.darkmoon_expansion import face_text

            task[0] += f" (corporation die {face_text(x.corporation_die)})"
    crew = []
    if v.commander:
        crew.append(f"commander {name_of(v.commander)}")
    quarantined = [name_of(s.seat) for s in v.seats if s.quarantined]
    if quarantined:
        crew.append("quarantined: " + ", ".join(quarantined))
    revealed = [f"{name_of(s.seat)} {s.status_name}" for s in v.seats
                if s.status_name and (s.revealed or v.result)]
    if revealed:
        crew.append("revealed: " + ", ".join(revealed))
    # the task in play first: when the text runs long, the end of a line goes first
    return [head, tracks, task + events, crew, *_darkmoon_expansion(v, name_of)]


def _darkmoon_expansion(v: Any, name_of: Callable[[str | None], str]) -> list[list[str]]:
    """The Shadow Corporation's boards and the modules and variants in play, in words."""
    from renders.darkmoon_expansion import rule_name

    lines: list[list[str]] = []
    x = getattr(v, "expansion", None)
    if x is not None:
        if x.aboard:
            evac = ["ship took off with " + ", ".join(name_of(s) for s in x.aboard)]
        elif x.board == "gone":
            evac = ["evacuation called off"]
        else:
            side = "ready for take-off" if x.board == "ready" else "refueling"
            cleared = ", ".join(name_of(s) for s in x.cleared) or "nobody"
            evac = [f"evacuation {side}, vote track {x.evacuation_cube}/"
                    f"{x.evacuation_spaces - 1}",
                    f"cleared {len(x.cleared)}/{x.board_size}: {cleared}"]
        if x.amputated:
            evac.append("amputated: " + ", ".join(name_of(s) for s in x.amputated))
        lines.append(evac)
    t = getattr(v, "threats", None)
    if t is not None and t.dealt:
        from rules.darkmoon.threats import name as threat_name

        taken = [f"{name_of(s)} {threat_name(r)}" + (" (wild)" if t.tokens.get(s) == "wild"
                                                     else "")
                 for s, r in t.claimed.items()]
        lines.append(["threat tokens: " + (", ".join(taken) or "none yet")])
    if getattr(v, "rules_on", None):
        lines.append(["in play: " + ", ".join(rule_name(r) for r in v.rules_on)])
    return lines


# --------------------------------------------------------------------- Lockdown
def _lockdown(v: Any, name_of: Callable[[str | None], str]) -> list[list[str]]:
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
        from rules.lockdown.board import slot_code

        tracks.append(f"rover at {slot_code(surface.rover)}" if surface.rover else "rover used")
        noisy = [str(a.number) for a in surface.areas if a.noise]
        if noisy:
            tracks.append("noise in area " + ", ".join(noisy))
    rooms = {r.slot: r for r in v.rooms}
    from renders.lockdown import room_label

    heroes = [_hero(i + 1, h, rooms, name_of, room_label) for i, h in enumerate(v.heroes)]
    return [_head("Lockdown", v, name_of, kind), tracks, _threat(v), _team(v), heroes]


def _head(title: str, v: Any, name_of: Callable[[str | None], str],
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


def _threat(v: Any) -> list[str]:
    kinds = Counter(str(i.get("kind", "?")) for i in v.intruders)
    threat = [("intruders: " + ", ".join(_plural(n, k) if k != "larva" or n == 1
                                         else f"{n} larvae"
                                         for k, n in sorted(kinds.items())))
              if kinds else "no intruders on the board"]
    threat.append("nest destroyed" if v.nest_destroyed else  # its eggs with it
                  _plural(v.eggs, "egg") + (", nest found" if v.nest_found else ""))
    return threat


# ---------------------------------------------------------------------- Nemesis
def _nemesis(v: Any, name_of: Callable[[str | None], str]) -> list[list[str]]:
    tracks = [f"time {v.time}/{v.time_length}"
              + (" (hibernation open)" if v.hibernation_open else ""),
              f"course {v.destination}"]
    if v.self_destruct is not None:
        tracks.append(f"self-destruct {v.self_destruct}/{v.self_destruct_length}")
    free = [p.id for p in v.pods if not p.locked and not p.launched]
    tracks.append("pods open: " + ", ".join(free) if free else "pods locked")
    rooms = {r.slot: r for r in v.rooms}
    heroes = [_hero(i + 1, h, rooms, name_of, lambda r: str(r.name))
              for i, h in enumerate(v.heroes)]
    return [_head("Nemesis", v, name_of), tracks, _threat(v), heroes]


def _team(v: Any) -> list[str]:
    """The cooperative mode's public objectives (one per character, in seat order) and
    the revealed contingency tokens."""
    if getattr(v, "mode", "") != "coop":
        return []
    from renders.lockdown_team import contingency_name, objective_name, team_objectives

    objectives = ", ".join(objective_name(card) for _seat, card in team_objectives(v))
    tokens = ", ".join(contingency_name(t) for t in v.revealed_contingencies)
    return [f"objectives: {objectives or 'none'}", f"revealed: {tokens or 'none'}"]


def _hero(number: int, h: Any, rooms: Mapping[str, Any],
          name_of: Callable[[str | None], str], label: Callable[[Any], str]) -> str:
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


__all__ = ["MAX_CHARS", "summary"]
