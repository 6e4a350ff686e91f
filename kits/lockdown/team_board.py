"""The fully cooperative mode's panel on the Lockdown board (LD-MODE-2): what the team
knows in public.

* OBJECTIVES: every character's objective card, each after its seat disc (one per
  player; the team wins only if all are met), over up to two lines;
* REVEALED: the neutral contingency tokens revealed so far (never the active one).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from kits.lockdown.geometry import Box
from kits.nemesis.pieces import MIN_TEXT
from kits.nemesis.pieces import disc as _disc
from renders.common import C, chip_width, draw_chip, draw_text_mid, fit_text, text_width
from rules.lockdown.cards import index

if TYPE_CHECKING:
    from kits.nemesis.pieces import Person
    from rules.lockdown.view import LockdownView

LINE_STEP = 38
OBJECTIVE = (255, 176, 72)
CONTINGENCY = (196, 160, 255)


def objective_name(card: str) -> str:
    found = index().objectives.get(card)
    return found.name if found is not None else card.replace("_", " ")


def contingency_name(token: str) -> str:
    found = index().contingencies.get(token)
    return found.name if found is not None else token.replace("_", " ")


def team_objectives(v: LockdownView) -> list[tuple[str | None, str]]:
    """(seat or None, objective card) for every public objective, in seat order."""
    out: list[tuple[str | None, str]] = [(h.seat, o) for h in v.heroes
                                         for o in h.objectives or []]
    if not out:
        out = [(None, o) for o in v.team_objectives]
    return out


def draw_team(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, v: LockdownView,
              people: Mapping[str, Person]) -> None:
    x0, y0, x1, _ = box
    left, right = x0 + 14, x1 - 12
    title_w = max(text_width(t, MIN_TEXT, True) for t in ("OBJECTIVES", "REVEALED")) + 12
    cy = y0 + 24
    draw_text_mid(img, left, cy, "OBJECTIVES", MIN_TEXT, C.TITLE, bold=True)
    x = left + title_w
    lines = 1
    for seat, card in team_objectives(v):
        name = objective_name(card)
        disc = 34 if seat is not None else 0
        if x > left + title_w and x + disc + chip_width(name, MIN_TEXT) > right and lines < 2:
            x, cy, lines = left + title_w, cy + LINE_STEP, lines + 1
        if seat is not None:
            p = people.get(seat)
            _disc(img, d, x + 15, cy, p.colour if p else C.MUTED, p.number if p else None)
            x += disc
        name = fit_text(name, MIN_TEXT, True, int(right - x) - 14)
        if not name:
            break
        x += draw_chip(img, d, x, cy, name, OBJECTIVE, solid=False, size=MIN_TEXT, h=30) + 14
    cy = y0 + 24 + 2 * LINE_STEP
    draw_text_mid(img, left, cy, "REVEALED", MIN_TEXT, C.TITLE, bold=True)
    x = left + title_w
    tokens = [contingency_name(t) for t in v.revealed_contingencies]
    if not tokens:
        draw_text_mid(img, x, cy, "no contingency token revealed yet", MIN_TEXT, C.DIM)
    for i, name in enumerate(tokens):
        more = f"+{len(tokens) - i}"
        if x + chip_width(name, MIN_TEXT) > right - (text_width(more, MIN_TEXT, True)
                                                     if i < len(tokens) - 1 else 0):
            draw_text_mid(img, x, cy, more, MIN_TEXT, C.TEXT, bold=True)
            break
        x += draw_chip(img, d, x, cy, name, CONTINGENCY, solid=False, size=MIN_TEXT,
                       h=30) + 8


__all__ = ["contingency_name", "draw_team", "objective_name", "team_objectives"]
