"""Dark Moon's board in a few lines of text (renders.summary shapes and trims them)."""

from __future__ import annotations

from collections.abc import Callable

from kits.darkmoon.expansion_board import face_text, rule_name, vote_words
from renders.summary import fit, namer
from rules.core.kit import Names
from rules.darkmoon.threats import name as threat_name
from rules.darkmoon.view import DarkMoonView


def summary(view: DarkMoonView, names: Names = None) -> str:
    return fit(parts(view, namer(names or {})))


def parts(v: DarkMoonView, name_of: Callable[[str | None], str]) -> list[list[str]]:
    head = [f"**Dark Moon** round {v.round}"]
    if v.result == "company_man":
        head.append("game over: the Company Man wins alone")
    elif v.result:
        team = "infected" if v.result == "infected" else "uninfected"
        head.append(f"game over: the {team} win")
    elif v.vote is not None:
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
    return [head, tracks, task + events, crew, *_expansion(v, name_of)]


def _expansion(v: DarkMoonView, name_of: Callable[[str | None], str]) -> list[list[str]]:
    """The Shadow Corporation's boards and the modules and variants in play, in words."""
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
        taken = [f"{name_of(s)} {threat_name(r)}" + (" (wild)" if t.tokens.get(s) == "wild"
                                                     else "")
                 for s, r in t.claimed.items()]
        lines.append(["threat tokens: " + (", ".join(taken) or "none yet")])
    if getattr(v, "rules_on", None):
        lines.append(["in play: " + ", ".join(rule_name(r) for r in v.rules_on)])
    return lines
