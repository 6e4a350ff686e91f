"""The recap's numbers of a Nemesis game, per character (both games): rounds survived,
intruders killed, eggs destroyed, wounds taken, rooms explored, items crafted. The
counters live on each hero (`state.Tally`), kept by the family's primitives."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.core.words import plural
from rules.nemesis.state import Hero

HEADING = "In numbers:"


def tally_line(hero: Hero) -> str:
    """"<@p0>: 6 rounds survived; 2 intruders killed; 1 egg destroyed; wounds taken: 3
    light, 1 serious; 2 rooms explored." (eggs, rooms and items only when any)."""
    t = hero.tally
    parts = [plural(t.rounds, "round") + " survived",
             plural(t.kills, "intruder") + " killed" if t.kills else "no intruder killed"]
    if t.eggs:
        parts.append(plural(t.eggs, "egg") + " destroyed")
    wounds = ([f"{t.light} light"] if t.light else []) + \
        ([f"{t.serious} serious"] if t.serious else [])
    parts.append("wounds taken: " + ", ".join(wounds) if wounds else "no wound taken")
    if t.explored:
        parts.append(plural(t.explored, "room") + " explored")
    if t.crafted:
        parts.append(plural(t.crafted, "item") + " crafted")
    return f"{who(hero.seat)}: {'; '.join(parts)}."


def tally_lines(heroes: list[Hero]) -> list[str]:
    """The heading and one line per character, in seat order."""
    return [HEADING, *(tally_line(h) for h in heroes)]
