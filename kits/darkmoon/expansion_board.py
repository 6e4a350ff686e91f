"""The Shadow Corporation's part of the Dark Moon board, drawn under the core board
(renders/darkmoon.py) only when the expansion is on, plus the one-line legend of the
modules and variants in play (drawn whenever one is on, expansion or not).

Band (full width, BAND_H px): EVACUATION (the vote track and its cube, the clearance
board's side and its tokens with the cleared players, who left aboard, who lost an
arm) and COMPANY (the corporation die submitted for the task in play; the threat and
wild tokens taken, per player). Every text is at least MIN_TEXT px, like the core board.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from renders.common import (
    C,
    chip_width,
    draw_chip,
    draw_text_mid,
    mix,
    wrap_text,
)
from rules.darkmoon.threats import name as threat_name
from rules.darkmoon.view import DarkMoonView, ExpansionView, ThreatsView

MIN_TEXT = 22
BAND_H = 160  # the expansion band under the core board
LEGEND_H = 40  # the "In play:" line under everything
MINUS = "\u2212"

Namer = Callable[[str | None], str]
Box = tuple[int, int, int, int]

BOARD_SIDES = {  # clearance board side -> (chip, colour)
    "refueling": ("REFUELING", C.WARN),
    "ready": ("READY FOR TAKE-OFF", C.OK),
    "gone": ("CALLED OFF", C.DIM),
}


def extra_height(band: bool, legend: bool) -> int:
    """How many px the board grows under the core 700: the expansion band, the legend."""
    return (BAND_H if band else 0) + (LEGEND_H if legend else 0)


def rule_name(option: str) -> str:
    """"first_is_last" -> "First Is Last"; "nerfed_reveal:extreme" -> "Nerfed Reveal
    (extreme)"."""
    key, _, level = option.partition(":")
    name = key.replace("_", " ").title()
    return f"{name} ({level})" if level else name


def face_text(face: int) -> str:
    return f"+{face}" if face > 0 else f"{MINUS}{-face}" if face < 0 else "0"


# ------------------------------------------------------------------ frame parts
def draw_frame(img: Image.Image, top: int, v_has_band: bool, legend: bool, w: int,
               boxes: tuple[Box, Box]) -> None:
    """Panels and titles of the band (when on) below `top`."""
    d = ImageDraw.Draw(img)
    if v_has_band:
        for box, title in zip(boxes, ("EVACUATION", "COMPANY"), strict=True):
            d.rounded_rectangle(box, radius=10, fill=C.PANEL, outline=C.EDGE, width=2)
            x0, y0, x1, _ = box
            d.line((x0 + 12, y0 + 36, x1 - 12, y0 + 36), fill=mix(C.PANEL, C.EDGE, 0.7))
            draw_text_mid(img, x0 + 14, y0 + 19, title, MIN_TEXT, C.TITLE, bold=True)
    if legend:
        y = img.height - LEGEND_H
        d.line((10, y + 2, w - 10, y + 2), fill=mix(C.PANEL, C.EDGE, 0.7))


def band_boxes(top: int) -> tuple[Box, Box]:
    """(EVACUATION, COMPANY) panels in the band starting at y `top`."""
    return (10, top + 6, 700, top + BAND_H - 6), (710, top + 6, 1090, top + BAND_H - 6)


# ------------------------------------------------------------------- evacuation
def draw_band(img: Image.Image, v: DarkMoonView, top: int, name_of: Namer) -> None:
    x = v.expansion
    assert x is not None
    d = ImageDraw.Draw(img)
    evac, company = band_boxes(top)
    _evacuation(img, d, x, evac, name_of)
    _company(img, d, x, v.threats, company, name_of)


def _evacuation(img: Image.Image, d: ImageDraw.ImageDraw, x: ExpansionView, box: Box,
                name_of: Namer) -> None:
    x0, y0, x1, _ = box
    label, colour = BOARD_SIDES.get(x.board, (x.board.upper(), C.TEXT))
    if x.aboard:
        label, colour = "TOOK OFF", C.CYAN
    draw_chip(img, d, x1 - 14 - chip_width(label), y0 + 19, label, colour)
    # row 1: the evacuation vote track
    cy = y0 + 60
    lw = draw_text_mid(img, x0 + 14, cy, "Vote track", MIN_TEXT, C.MUTED)
    spaces = max(2, x.evacuation_spaces)
    bx = x0 + 14 + lw + 12
    bw, gap = 70, 6
    gone = x.board == "gone" or bool(x.aboard)
    for i in range(spaces):
        last = i == spaces - 1
        here = not gone and x.evacuation_cube == i
        sx = bx + i * (bw + gap)
        edge = C.DIM if gone else (C.WARN if last else C.EDGE_HI)
        d.rounded_rectangle((sx, cy - 15, sx + bw, cy + 15), radius=6,
                            fill=mix(C.PANEL, C.CYAN, 0.3) if here else C.SLOT, outline=edge,
                            width=2)
        if here:
            d.rectangle((sx + 6, cy - 8, sx + 22, cy + 8), fill=C.CYAN,
                        outline=mix(C.CYAN, (255, 255, 255), 0.5))
        text = "VOTE" if last else str(i)  # spaces numbered as the engine's messages
        ink = C.DIM if gone else (C.WARN if last else C.MUTED)
        draw_text_mid(img, sx + (bw + (22 if here else 0)) / 2, cy, text, MIN_TEXT,
                      C.TEXT if here else ink, bold=True, align="center",
                      max_w=bw - (26 if here else 6))
    note_x = bx + spaces * (bw + gap) + 6
    note = "EVACUATE: cube +1"
    draw_text_mid(img, note_x, cy, note, MIN_TEXT, C.DIM if gone else C.MUTED,
                  max_w=x1 - 14 - note_x)
    # row 2: the clearance board
    cy = y0 + 98
    if x.aboard:
        lw = draw_text_mid(img, x0 + 14, cy, "Aboard", MIN_TEXT, C.MUTED)
        names = ", ".join(name_of(s) for s in x.aboard)
        draw_text_mid(img, x0 + 26 + lw, cy, names, MIN_TEXT, C.CYAN, bold=True,
                      max_w=x1 - x0 - 40 - lw)
    elif x.board == "gone":
        draw_text_mid(img, x0 + 14, cy, "The evacuation failed: no ship, EVACUATE ignored",
                      MIN_TEXT, C.DIM, max_w=x1 - x0 - 28)
    else:
        lw = draw_text_mid(img, x0 + 14, cy, "Cleared", MIN_TEXT, C.MUTED)
        _clearance_slots(img, d, x, x0 + 26 + lw, x1 - 14, cy, name_of)
    # row 3: amputations
    cy = y0 + 134
    lw = draw_text_mid(img, x0 + 14, cy, "Amputated", MIN_TEXT, C.MUTED)
    names = ", ".join(name_of(s) for s in x.amputated) or "nobody"
    draw_text_mid(img, x0 + 26 + lw, cy, names, MIN_TEXT, C.DANGER if x.amputated else C.DIM,
                  bold=bool(x.amputated), max_w=x1 - x0 - 40 - lw)


def _clearance_slots(img: Image.Image, d: ImageDraw.ImageDraw, x: ExpansionView, left: float,
                     right: float, cy: float, name_of: Namer) -> None:
    slots = max(1, x.board_size, len(x.cleared))
    gap = 8
    sw = min(190.0, (right - left - gap * (slots - 1)) / slots)
    for i in range(slots):
        sx = left + i * (sw + gap)
        box = (sx, cy - 15, sx + sw, cy + 15)
        if i < len(x.cleared):
            d.rounded_rectangle(box, radius=6, fill=mix(C.PANEL, C.OK, 0.3), outline=C.OK,
                                width=2)
            draw_text_mid(img, sx + 8, cy, name_of(x.cleared[i]), MIN_TEXT, C.TEXT, bold=True,
                          max_w=int(sw - 16))
        else:
            d.rounded_rectangle(box, radius=6, fill=C.SLOT, outline=C.EDGE, width=1)
            draw_text_mid(img, sx + sw / 2, cy, "free", MIN_TEXT, C.DIM, align="center",
                          max_w=int(sw - 8))


# --------------------------------------------------------------------- company
def _company(img: Image.Image, d: ImageDraw.ImageDraw, x: ExpansionView,
             t: ThreatsView | None, box: Box, name_of: Namer) -> None:
    x0, y0, x1, _ = box
    cy = y0 + 60
    lw = draw_text_mid(img, x0 + 14, cy, "Corporation die", MIN_TEXT, C.MUTED)
    if x.corporation_die is None:
        draw_text_mid(img, x0 + 26 + lw, cy, "none submitted", MIN_TEXT, C.DIM,
                      max_w=x1 - x0 - 40 - lw)
    else:
        face = x.corporation_die
        colour = C.DANGER if face < 0 else C.WARN
        ds = 30
        bx = x0 + 26 + lw
        d.rounded_rectangle((bx, cy - ds / 2, bx + ds + 10, cy + ds / 2), radius=6, fill=colour,
                            outline=mix(colour, (255, 255, 255), 0.45), width=2)
        draw_text_mid(img, bx + (ds + 10) / 2, cy, face_text(face), 22, C.INK, bold=True,
                      align="center")
    if t is None:
        return
    _title_count(img, x1, y0, f"wild left {t.wild}")
    if not t.dealt:
        draw_text_mid(img, x0 + 14, y0 + 98, "Threat cards come after refueling", MIN_TEXT,
                      C.DIM, max_w=x1 - x0 - 28)
        return
    taken = [f"{name_of(seat)}: {_token(t, seat)}" for seat in t.claimed]
    text = "Tokens: " + ("; ".join(taken) if taken else "none taken yet")
    y = y0 + 98
    for line in wrap_text(text, MIN_TEXT, False, x1 - x0 - 28, 2):
        draw_text_mid(img, x0 + 14, y, line, MIN_TEXT, C.TEXT if taken else C.DIM)
        y += 36


def _token(t: ThreatsView, seat: str) -> str:
    token = t.tokens.get(seat, "")
    claimed = t.claimed.get(seat, "")
    name = threat_name(claimed) if claimed else "?"
    if token == "wild":
        return f"{name} (wild)"
    return name if token else f"{name} (none left)"


def _title_count(img: Image.Image, x1: int, y0: int, text: str) -> None:
    draw_text_mid(img, x1 - 14, y0 + 19, text, MIN_TEXT, C.MUTED, align="right")


# ---------------------------------------------------------------------- legend
def draw_legend(img: Image.Image, v: DarkMoonView, w: int) -> None:
    cy = img.height - LEGEND_H / 2
    lw = draw_text_mid(img, 14, cy, "In play:", MIN_TEXT, C.TITLE, bold=True)
    text = " \u00b7 ".join(rule_name(r) for r in v.rules_on)
    draw_text_mid(img, 24 + lw, cy, text, MIN_TEXT, C.TEXT, max_w=w - 38 - lw)


def banner_title(result: str | None) -> tuple[str, tuple[int, int, int]]:
    """The end-of-game banner's title and colour for each result."""
    if result == "infected":
        return "THE INFECTED WIN", C.INFECTED
    if result == "company_man":
        return "THE COMPANY MAN WINS", C.WARN
    return "THE UNINFECTED WIN", C.OK


def header_result(result: str | None) -> tuple[str, tuple[int, int, int]]:
    """The header's game-over sentence and colour."""
    if result == "company_man":
        return "Game over: the Company Man wins alone", C.WARN
    team = "infected" if result == "infected" else "uninfected"
    return f"Game over: the {team} win", C.INFECTED if result == "infected" else C.OK


def vote_words(v: DarkMoonView, target: str) -> str:
    """What the vote in progress is about: "quarantine Ann", "amputate Ann",
    "clear Ann for evacuation", "take off"."""
    topic = v.expansion.vote_topic if v.expansion is not None else None
    if topic == "amputation":
        return f"amputate {target}"
    if topic == "clearance":
        return f"clear {target} for evacuation"
    if topic == "takeoff":
        return "take off"
    assert v.vote is not None
    return f"{'release' if v.vote.release else 'quarantine'} {target}"


__all__ = ["BAND_H", "LEGEND_H", "band_boxes", "banner_title", "draw_band", "draw_frame",
           "draw_legend", "extra_height", "header_result", "rule_name", "vote_words"]
