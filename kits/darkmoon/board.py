"""The Dark Moon board image, drawn from a public `DarkMoonView` only.

1100x700 px so that Discord's inline preview (about 550 px wide) halves it cleanly;
no text is smaller than MIN_TEXT (22 px, 11 px on the phone). Layout, left to right:

* station systems: shield track, outposts, life support, suspicion track;
* events (completed, current, final) and the task in play;
* the crew (one row per seat, in seat order) and the dice pools.

With the Shadow Corporation expansion the image grows by a band underneath
(renders/darkmoon_expansion.py: evacuation, clearance, amputations, the corporation
die, threat tokens), and by one legend line when modules or variants are in play; the
crew rows then also carry CLEARED / ABOARD / AMPUTATED chips.

The frame (background, panels, titles, legends) is drawn once per process and copied.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence

from PIL import Image, ImageDraw

from kits.darkmoon.expansion_board import (
    Namer,
    band_boxes,
    banner_title,
    draw_band,
    draw_frame,
    draw_legend,
    extra_height,
    header_result,
    vote_words,
)
from renders.common import (
    C,
    chip_width,
    clean_name,
    draw_chip,
    draw_text,
    draw_text_mid,
    draw_text_squeezed,
    fit_size,
    line_top,
    mix,
    short_seat,
    text_width,
    vertical_gradient,
    wrap_text,
)
from renders.png import encode_png
from rules.core.actions import replace_seat_refs
from rules.darkmoon.state import DieKind
from rules.darkmoon.view import DarkMoonView, EventView, SeatView

W, H = 1100, 700
MIN_TEXT = 22  # the smallest text, in px at full size
HEADER_H = 50

# panels: (x0, y0, x1, y1)
COL_A = (10, 380)
COL_B = (390, 700)
COL_C = (710, 1090)
P_SHIELD = (COL_A[0], 58, COL_A[1], 186)
P_OUTPOST = (COL_A[0], 194, COL_A[1], 404)
P_LIFE = (COL_A[0], 412, COL_A[1], 562)
P_SUSPICION = (COL_A[0], 570, COL_A[1], 690)
P_EVENTS = (COL_B[0], 58, COL_B[1], 318)
P_TASK = (COL_B[0], 326, COL_B[1], 690)
P_CREW = (COL_C[0], 58, COL_C[1], 526)
P_DICE = (COL_C[0], 534, COL_C[1], 690)

PANEL_TITLES = (
    (P_SHIELD, "SHIELD"), (P_OUTPOST, "OUTPOSTS"), (P_LIFE, "LIFE SUPPORT"),
    (P_SUSPICION, "SUSPICION"), (P_EVENTS, "EVENTS"), (P_TASK, "TASK"),
    (P_CREW, "CREW"), (P_DICE, "DICE"),
)
AREA_PANELS = {"shield": P_SHIELD, "outpost": P_OUTPOST, "life_support": P_LIFE}

# The six stations, in board order, with what a token on them blocks.
STATIONS: tuple[tuple[str, str, str], ...] = (
    ("shield_control", "Shield Control", "no Repair Shield"),
    ("life_support", "Life Support", "no Repair Life Support"),
    ("research_lab", "Research Lab", "no Call a Vote"),
    ("communications", "Communications", "no Issue Order"),
    ("hangar_bay", "Hangar Bay", "no Lone Wolf"),
    ("command", "Command", "\u22121 die sitting out"),
)
MAX_TOKENS = 6  # outpost and fatigue tokens that end the game

MINUS = "\u2212"
# failure symbol -> (on the spot, in words)
SYMBOLS = {
    "minus1": (f"{MINUS}1", f"{MINUS}1"),
    "minus2": (f"{MINUS}2", f"{MINUS}2"),
    "any_plus": ("+", "any +"),
    "any_minus": (MINUS, f"any {MINUS}"),
}
SYSTEMS = {
    "shield": ("SHIELD", C.CYAN),
    "outpost": ("OUTPOST", C.DANGER),
    "life_support": ("LIFE SUPPORT", C.FATIGUE),
    "unknown": ("??? ANY SYSTEM", C.WARN),
}

_frame: Image.Image | None = None
_frame_lock = threading.Lock()

NameOf = Callable[[str | None], str]  # a seat's name on the board


# ----------------------------------------------------------------- entry point
def render_board(view: DarkMoonView, names: Mapping[str, str] | None = None) -> bytes:
    """The public board for `view` as PNG bytes (1100x700, taller with the expansion
    or with modules and variants in play). `names` maps seat ids to
    display names; missing seats fall back to a shortened seat id."""
    return encode_png(render_image(view, names))


def render_image(view: DarkMoonView, names: Mapping[str, str] | None = None) -> Image.Image:
    """The board as a Pillow RGB image (for tests and tools)."""
    img = _frame_for(view.expansion is not None, bool(view.rules_on)).copy()
    d = ImageDraw.Draw(img)
    name_of = _namer(names)
    _header(img, d, view, name_of)
    _shield(img, d, view)
    _outposts(img, d, view)
    _life_support(img, d, view)
    _suspicion(img, d, view)
    _events(img, d, view)
    _task(img, d, view)
    _crew(img, d, view, name_of)
    _dice(img, d, view, name_of)
    if view.sabotage in AREA_PANELS:
        _sabotage(img, d, AREA_PANELS[view.sabotage])
    if view.expansion is not None:
        draw_band(img, view, H, name_of)
    if view.rules_on:
        draw_legend(img, view, W)
    if view.result:
        _result_banner(img, view, name_of)
    return img


def _namer(names: Mapping[str, str] | None) -> NameOf:
    def name_of(seat: str | None) -> str:
        if seat is None:
            return "nobody"
        given = clean_name(names.get(seat, "")) if names else ""
        return given or short_seat(seat)
    return name_of


# ---------------------------------------------------------------------- frame
def _static_frame() -> Image.Image:
    global _frame
    if _frame is None:
        with _frame_lock:
            if _frame is None:
                _frame = _build_frame()
    return _frame


_frames_x: dict[tuple[bool, bool], Image.Image] = {}


def _frame_for(band: bool, legend: bool) -> Image.Image:
    """The core frame, or the core frame over the expansion band and/or the legend line
    (the core board keeps its 1100x700 when neither is on)."""
    if not band and not legend:
        return _static_frame()
    key = (band, legend)
    with _frame_lock:
        frame = _frames_x.get(key)
    if frame is None:
        core = _static_frame()
        height = H + extra_height(band, legend)
        frame = vertical_gradient((W, height), C.BG_TOP, C.BG_BOTTOM)
        frame.paste(vertical_gradient((W, height - H), C.BG_BOTTOM, C.BG_BOTTOM), (0, H))
        frame.paste(core, (0, 0))
        draw_frame(frame, H, band, legend, W, band_boxes(H))
        with _frame_lock:
            _frames_x[key] = frame
    return frame


def _build_frame() -> Image.Image:
    import random

    img = vertical_gradient((W, H), C.BG_TOP, C.BG_BOTTOM)
    d = ImageDraw.Draw(img)
    rnd = random.Random(20261122)
    for _ in range(260):  # a faint star field
        x, y = rnd.randrange(W), rnd.randrange(HEADER_H, H)
        c = mix(C.BG_BOTTOM, C.STAR, rnd.random())
        d.point((x, y), fill=c)
    # header bar
    d.rectangle((0, 0, W, HEADER_H), fill=mix(C.BG_TOP, C.PANEL, 0.6))
    d.line((0, HEADER_H, W, HEADER_H), fill=mix(C.EDGE, C.CYAN, 0.35), width=2)
    # moon glyph + title
    d.ellipse((14, 11, 42, 39), fill=(200, 214, 232))
    d.ellipse((22, 7, 50, 35), fill=mix(C.BG_TOP, C.PANEL, 0.6))
    draw_text_mid(img, 56, HEADER_H / 2, "DARK MOON", 28, C.TITLE, bold=True)
    for box, title in PANEL_TITLES:
        d.rounded_rectangle(box, radius=10, fill=C.PANEL, outline=C.EDGE, width=2)
        x0, y0, x1, _ = box
        d.line((x0 + 12, y0 + 36, x1 - 12, y0 + 36), fill=mix(C.PANEL, C.EDGE, 0.7))
        draw_text_mid(img, x0 + 14, y0 + 19, title, MIN_TEXT, C.TITLE, bold=True)
    # static legends
    x0, y0, x1, _ = P_CREW
    draw_text_mid(img, x1 - 14, y0 + 19, "die limit", MIN_TEXT, C.MUTED, align="right")
    _dice_legend(img, d)
    return img


def _title_right(img: Image.Image, box: tuple[int, int, int, int], text: str,
                 colour: tuple[int, int, int] = C.TEXT) -> int:
    _x0, y0, x1, _ = box
    return draw_text_mid(img, x1 - 14, y0 + 19, text, 22, colour, bold=True, align="right")


def _title_w(title: str) -> int:
    return text_width(title, MIN_TEXT, True)


# --------------------------------------------------------------------- header
def _header(img: Image.Image, d: ImageDraw.ImageDraw, v: DarkMoonView, name_of: NameOf) -> None:
    cy = HEADER_H / 2
    x = 56 + text_width("DARK MOON", 28, True) + 18
    x += draw_chip(img, d, x, cy, f"ROUND {v.round}", C.TITLE, solid=False) + 14
    if v.result:
        text, colour = header_result(v.result)
    elif v.vote is not None:
        total = len(v.vote.voted) + len(v.vote.waiting)
        what = vote_words(v, name_of(v.vote.target))
        text = f"Vote to {what}: {len(v.vote.voted)}/{total} voted"
        colour = C.WARN
    else:
        text = f"Turn: {name_of(v.active)}"
        colour = C.TEXT
        others = [s for s in v.waiting if s != v.active]
        if others:
            text += " \u00b7 deciding: " + ", ".join(name_of(s) for s in others)
    draw_text_mid(img, x, cy, text, 22, colour, bold=True, max_w=W - 14 - int(x))


# --------------------------------------------------------------------- shield
def _shield(img: Image.Image, d: ImageDraw.ImageDraw, v: DarkMoonView) -> None:
    x0, y0, x1, _ = P_SHIELD
    symbols = list(v.shield_symbols) or ["minus1"] * 6
    n = len(symbols)
    colour = C.DANGER if v.shield >= n - 2 else C.WARN if v.shield >= n // 2 else C.TEXT
    _title_right(img, P_SHIELD, f"{v.shield}/{n}", colour)
    cur = min(v.shield, n - 1)
    r = 22
    cy = y0 + 67
    step = (x1 - x0 - 2 * 34) / max(1, n - 1)
    for i, sym in enumerate(symbols):
        cx = x0 + 34 + i * step
        box = (cx - r, cy - r, cx + r, cy + r)
        filled = i < v.shield
        label = SYMBOLS.get(sym, (sym, sym))[0]
        if filled:
            d.ellipse(box, fill=C.TOKEN, outline=mix(C.TOKEN, (255, 255, 255), 0.4), width=2)
            ink = C.INK
        else:
            d.ellipse(box, fill=C.SLOT, outline=C.EDGE_HI, width=2)
            ink = C.MUTED
        if i == cur:
            d.ellipse((cx - r - 5, cy - r - 5, cx + r + 5, cy + r + 5), outline=C.WARN, width=3)
            if not filled:
                ink = C.WARN
        draw_text_mid(img, cx, cy, label, 22, ink, bold=True, align="center", max_w=2 * r)
    ty = y0 + 110
    if v.shield >= n:
        draw_text_mid(img, x0 + 14, ty, "The shield is destroyed", MIN_TEXT, C.DANGER, bold=True)
        return
    words = SYMBOLS.get(symbols[cur], (symbols[cur], symbols[cur]))[1]
    w = draw_text_mid(img, x0 + 14, ty, "Next shield test fails on", MIN_TEXT, C.MUTED)
    draw_chip(img, d, x0 + 14 + w + 8, ty, words, C.WARN)


# ------------------------------------------------------------------- outposts
def _outposts(img: Image.Image, d: ImageDraw.ImageDraw, v: DarkMoonView) -> None:
    x0, y0, x1, y1 = P_OUTPOST
    damaged = set(v.outposts)
    n = len(v.outposts)
    colour = C.DANGER if n >= MAX_TOKENS - 2 else C.WARN if n >= MAX_TOKENS // 2 else C.TEXT
    _title_right(img, P_OUTPOST, f"{n}/{MAX_TOKENS}", colour)
    rows = list(STATIONS)
    known = {sid for sid, _, _ in rows}
    for sid, name in zip(v.outposts, v.outpost_names, strict=False):
        if sid not in known:  # content added a station this renderer does not know
            rows.append((sid, name, "damaged"))
    names = dict(zip(v.outposts, v.outpost_names, strict=False))
    top = y0 + 42
    row_h = min(28.0, (y1 - 6 - top) / len(rows))
    for i, (sid, name, effect) in enumerate(rows):
        cy = top + i * row_h + row_h / 2
        hit = sid in damaged
        name = names.get(sid, name)
        if hit:
            d.rounded_rectangle((x0 + 6, cy - row_h / 2 + 1, x1 - 6, cy + row_h / 2 - 1),
                                radius=4, fill=mix(C.PANEL, C.DANGER, 0.18))
            d.rectangle((x0 + 12, cy - 9, x0 + 30, cy + 9), fill=C.DANGER)
            d.line((x0 + 16, cy - 5, x0 + 26, cy + 5), fill=C.INK, width=3)
            d.line((x0 + 16, cy + 5, x0 + 26, cy - 5), fill=C.INK, width=3)
        else:
            d.rectangle((x0 + 12, cy - 9, x0 + 30, cy + 9), outline=mix(C.PANEL, C.OK, 0.7),
                        width=2)
        nx = x0 + 38
        right = x1 - 12
        nw = min(text_width(name, MIN_TEXT), right - nx - 60)
        draw_text_mid(img, nx, cy, name, MIN_TEXT, C.TEXT if hit else C.MUTED, max_w=nw)
        if hit:
            draw_text_mid(img, right, cy, effect, MIN_TEXT, mix(C.DANGER, (255, 255, 255), 0.25),
                          align="right", max_w=right - nx - nw - 10)


# --------------------------------------------------------------- life support
def _life_support(img: Image.Image, d: ImageDraw.ImageDraw, v: DarkMoonView) -> None:
    x0, y0, x1, y1 = P_LIFE
    n = len(v.fatigue)
    colour = C.DANGER if n >= MAX_TOKENS - 2 else C.WARN if n >= MAX_TOKENS // 2 else C.TEXT
    _title_right(img, P_LIFE, f"{n}/{MAX_TOKENS}", colour)
    names = list(v.fatigue_names) or list(v.fatigue)
    slots = max(MAX_TOKENS, len(names))
    cols = 2
    rows = -(-slots // cols)
    gap = 6
    top = y0 + 44
    sw = (x1 - x0 - 24 - gap * (cols - 1)) / cols
    sh = min(30.0, (y1 - 8 - top - gap * (rows - 1)) / rows)
    for i in range(slots):
        cx = x0 + 12 + (i % cols) * (sw + gap)
        cy = top + (i // cols) * (sh + gap)
        box = (cx, cy, cx + sw, cy + sh)
        if i < len(names):
            d.rounded_rectangle(box, radius=6, fill=mix(C.PANEL, C.FATIGUE, 0.3),
                                outline=C.FATIGUE, width=2)
            draw_text_squeezed(img, cx + 10, line_top(cy + sh / 2, MIN_TEXT), names[i],
                               MIN_TEXT, C.TEXT, False, int(sw - 18))
        else:
            d.rounded_rectangle(box, radius=6, fill=C.SLOT, outline=C.EDGE, width=1)


# ------------------------------------------------------------------ suspicion
def _suspicion(img: Image.Image, d: ImageDraw.ImageDraw, v: DarkMoonView) -> None:
    x0, y0, x1, _ = P_SUSPICION
    spaces = max(2, v.suspicion_spaces)
    removed = v.suspicion is None
    if removed:
        draw_chip(img, d, x1 - 14 - chip_width("REMOVED"), y0 + 19, "REMOVED", C.DIM)
    else:
        _title_right(img, P_SUSPICION, f"{v.suspicion}/{spaces - 1}", C.WARN
                     if v.suspicion and v.suspicion >= spaces - 2 else C.TEXT)
    gap = 6
    top = y0 + 46
    bw = (x1 - x0 - 24 - gap * (spaces - 1)) / spaces
    bh = 40
    for i in range(spaces):
        bx = x0 + 12 + i * (bw + gap)
        box = (bx, top, bx + bw, top + bh)
        last = i == spaces - 1
        here = not removed and v.suspicion == i
        edge = C.DIM if removed else (C.INFECTED if last else C.EDGE_HI)
        fill = mix(C.PANEL, C.WARN, 0.25) if here else C.SLOT
        d.rounded_rectangle(box, radius=6, fill=fill, outline=edge, width=2)
        label = "VOTE" if last else str(i)
        ink = C.DIM if removed else (C.INFECTED if last else C.MUTED)
        if here:
            d.rectangle((bx + 8, top + 10, bx + 28, top + 30), fill=C.WARN,
                        outline=mix(C.WARN, (255, 255, 255), 0.5))
            draw_text_mid(img, bx + bw - 10, top + bh / 2, label, MIN_TEXT, C.TEXT, bold=True,
                          align="right", max_w=int(bw - 40))
        else:
            draw_text_mid(img, bx + bw / 2, top + bh / 2, label, MIN_TEXT, ink, bold=True,
                          align="center", max_w=int(bw - 8))
    note = ("Every infected player is revealed" if removed
            else "Suspicious tasks move the cube")
    draw_text_mid(img, x0 + 14, top + bh + 18, note, MIN_TEXT, C.DIM if removed else C.MUTED,
                  max_w=x1 - x0 - 28)


# --------------------------------------------------------------------- events
def _cubes(img: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float, filled: int,
           total: int, colour: tuple[int, int, int], max_w: int) -> None:
    total = max(total, 0)
    size, gap = 22, 6
    if total and total * (size + gap) > max_w - 60:
        size = max(10, int((max_w - 60) / total) - gap)
    for i in range(total):
        bx = x + i * (size + gap)
        box = (bx, cy - size / 2, bx + size, cy + size / 2)
        if i < filled:
            d.rounded_rectangle(box, radius=4, fill=colour)
        else:
            d.rounded_rectangle(box, radius=4, fill=C.SLOT, outline=mix(C.PANEL, colour, 0.6),
                                width=2)
    draw_text_mid(img, x + total * (size + gap) + 4, cy, f"{filled}/{total}", 22, C.TEXT,
                  bold=True)


def _events(img: Image.Image, d: ImageDraw.ImageDraw, v: DarkMoonView) -> None:
    x0, y0, x1, _ = P_EVENTS
    inner = x1 - x0 - 28
    done = list(v.event_done_names) or list(v.events_done)
    _title_right(img, P_EVENTS, f"{len(done)} done", C.MUTED)
    y = y0 + 56
    if not done:
        draw_text_mid(img, x0 + 14, y, "None completed yet", MIN_TEXT, C.DIM)
    else:
        shown = done if len(done) <= 3 else [*done[:2], f"+{len(done) - 2} more"]
        for name in shown:
            draw_text_mid(img, x0 + 14, y, "\u2713", MIN_TEXT, C.OK, bold=True)
            draw_text_mid(img, x0 + 36, y, name, MIN_TEXT, C.MUTED, max_w=inner - 22)
            y += 24
    _event_block(img, d, v.event, "NOW", y0 + 142, C.CYAN, inner,
                 "Final event under way" if v.final_started else "No current event")
    _event_block(img, d, v.final_event, "FINAL", y0 + 206, C.WARN, inner, "",
                 started=v.final_started)


def _event_block(img: Image.Image, d: ImageDraw.ImageDraw, e: EventView | None, tag: str,
                 top: int, colour: tuple[int, int, int], inner: int, empty: str,
                 started: bool | None = None) -> None:
    x0, _, x1, _ = P_EVENTS
    active = e is not None and (started is None or started)
    if active:
        d.rounded_rectangle((x0 + 8, top - 20, x1 - 8, top + 46), radius=8,
                            fill=mix(C.PANEL, colour, 0.1), outline=mix(C.PANEL, colour, 0.5))
    x = x0 + 14
    x += draw_chip(img, d, x, top, tag, colour, solid=active) + 8
    if e is None:
        draw_text_mid(img, x, top, empty, MIN_TEXT, C.DIM, max_w=x1 - 14 - x)
        return
    name, size = fit_size(e.name, (MIN_TEXT,), True, int(x1 - 14 - x))
    draw_text_mid(img, x, top, name, size, C.TEXT, bold=True)
    cy = top + 30
    _cubes(img, d, x0 + 14, cy, e.filled, e.cubes, colour, inner - 120 if started is not None
           else inner)
    if started is not None:
        label = "STARTED" if started else "not started"
        if started:
            draw_chip(img, d, x1 - 14 - chip_width(label), cy, label, colour)
        else:
            draw_text_mid(img, x1 - 14, cy, label, MIN_TEXT, C.DIM, align="right")


# ----------------------------------------------------------------------- task
def _task(img: Image.Image, d: ImageDraw.ImageDraw, v: DarkMoonView) -> None:
    x0, y0, x1, y1 = P_TASK
    inner = x1 - x0 - 28
    deck = f"{v.task_deck_name.title()} deck {v.task_deck} \u00b7 discard {v.task_discard}"
    draw_text_mid(img, x0 + 14, y1 - 20, deck, MIN_TEXT, C.MUTED, max_w=inner)
    t = v.task
    if t is None:
        draw_text_mid(img, (x0 + x1) / 2, (y0 + y1) / 2 - 10, "No task in play", 22, C.DIM,
                      bold=True, align="center")
        return
    if t.suspicious:
        draw_chip(img, d, x1 - 14 - chip_width("SUSPICIOUS"), y0 + 19, "SUSPICIOUS", C.INFECTED)
    y = y0 + 46
    for line in wrap_text(t.name, 22, True, inner, 2):
        draw_text(img, x0 + 14, y, line, 22, C.TEXT, bold=True)
        y += 28
    y += 16
    x = x0 + 14
    if t.kind == "malfunction":
        label, colour = SYSTEMS.get(t.system or "unknown", (str(t.system).upper(), C.WARN))
        draw_chip(img, d, x, y, label, colour)
        y += 24
        _task_numbers(img, d, v, y)
    else:
        draw_chip(img, d, x, y, "COMPLICATION", C.QUARANTINE)
        y += 22
        lines = max(1, int((y1 - 40 - y) // 25))
        for line in wrap_text(t.text, MIN_TEXT, False, inner, lines):
            draw_text(img, x0 + 14, y, line, MIN_TEXT, C.MUTED)
            y += 25


def _task_numbers(img: Image.Image, d: ImageDraw.ImageDraw, v: DarkMoonView, y: int) -> None:
    x0, _, x1, _ = P_TASK
    t = v.task
    assert t is not None
    diff = v.difficulty if v.difficulty else t.difficulty
    half = (x1 - x0 - 28 - 10) / 2
    for i, (label, value, note) in enumerate((
        ("Difficulty", diff, f"card {t.difficulty}"
         if t.difficulty is not None and diff != t.difficulty else ""),
        ("Consequence", t.consequence, ""),
    )):
        bx = x0 + 14 + i * (half + 10)
        d.rounded_rectangle((bx, y, bx + half, y + 66), radius=8, fill=C.SLOT, outline=C.EDGE)
        draw_text_squeezed(img, bx + 10, line_top(y + 17, MIN_TEXT), label, MIN_TEXT, C.MUTED,
                           False, int(half - 16))
        vw = draw_text_mid(img, bx + 10, y + 46, "?" if value is None else str(value), 30,
                           C.TEXT, bold=True)
        if note:
            draw_text_mid(img, bx + 18 + vw, y + 48, note, MIN_TEXT, C.WARN,
                          max_w=int(half - 26 - vw))
    # success track
    y += 80
    st = v.success_track
    target = diff or 0
    done = target > 0 and st >= target
    colour = C.OK if done else C.DANGER if st < 0 else C.CYAN
    draw_text_mid(img, x0 + 14, y + 12, "SUCCESS", MIN_TEXT, C.MUTED, bold=True)
    score = f"{st} / {target}" if target else str(st)
    draw_text_mid(img, x1 - 14, y + 12, score, 22, colour, bold=True, align="right")
    note = success_note(st, target)
    if note:
        draw_text_mid(img, x0 + 14 + text_width("SUCCESS", MIN_TEXT, True) + 10, y + 12, note,
                      MIN_TEXT, C.OK if done else C.DANGER, bold=True)
    bar_y = y + 30
    cells = max(1, target)
    gap = 3 if cells <= 16 else 1
    cw = (x1 - x0 - 28 - gap * (cells - 1)) / cells
    filled = max(0, min(st, cells))
    for i in range(cells):
        cx = x0 + 14 + i * (cw + gap)
        box = (cx, bar_y, cx + cw, bar_y + 22)
        if i < filled:
            d.rectangle(box, fill=colour)
        else:
            d.rectangle(box, fill=C.SLOT, outline=mix(C.PANEL, C.EDGE_HI, 0.8))


def success_note(st: int, target: int) -> str:
    """The word beside SUCCESS (enough, below zero), in the longest form that still
    clears the score at the panel's right edge; nothing when even the short one does
    not fit."""
    x0, _, x1, _ = P_TASK
    done = target > 0 and st >= target
    forms = ("\u2713 enough", "\u2713 done") if done else ("below zero", "below 0") \
        if st < 0 else ()
    score = f"{st} / {target}" if target else str(st)
    room = (x1 - 14 - text_width(score, 22, True)) - (
        x0 + 14 + text_width("SUCCESS", MIN_TEXT, True) + 10) - 10
    return next((f for f in forms if text_width(f, MIN_TEXT, True) <= room), "")


# ----------------------------------------------------------------------- crew
Chip = tuple[str, str, tuple[int, int, int], bool]  # long label, short label, colour, solid


def _crew(img: Image.Image, d: ImageDraw.ImageDraw, v: DarkMoonView, name_of: NameOf) -> None:
    x0, y0, x1, y1 = P_CREW
    seats = v.seats
    top = y0 + 44
    row_h = min(66.0, (y1 - 8 - top) / max(1, len(seats)))
    waiting = set(v.waiting)
    for i, s in enumerate(seats):
        ry = top + i * row_h
        _crew_row(img, d, s, (x0 + 8, ry, x1 - 8, ry + row_h - 4), name_of(s.seat),
                  s.seat == v.active, s.seat in waiting, v.result is not None,
                  _expansion_chips(v, s.seat))


def _expansion_chips(v: DarkMoonView, seat: str) -> list[Chip]:
    """The expansion's marks on a crew row: cleared or aboard, amputated."""
    x = v.expansion
    if x is None:
        return []
    chips: list[Chip] = []
    if seat in x.aboard:
        chips.append(("ABOARD", "SHIP", C.CYAN, True))
    elif seat in x.cleared:
        chips.append(("CLEARED", "CLR", C.OK, False))
    if seat in x.amputated:
        chips.append(("AMPUTATED", "AMP", C.DANGER, False))
    return chips


def _crew_row(img: Image.Image, d: ImageDraw.ImageDraw, s: SeatView,
              box: tuple[float, float, float, float], name: str, active: bool,
              waiting: bool, over: bool, extra: Sequence[Chip] = ()) -> None:
    bx0, by0, bx1, by1 = box
    h = by1 - by0
    fill = mix(C.PANEL_HI, C.CYAN, 0.16) if active else C.PANEL_HI
    if s.quarantined:
        fill = mix(fill, C.QUARANTINE, 0.12)
    edge = C.CYAN if active else (C.WARN if waiting else mix(C.PANEL, C.EDGE, 0.8))
    d.rounded_rectangle(box, radius=8, fill=fill, outline=edge, width=2 if active or waiting
                        else 1)
    cy1 = by0 + h * 0.28
    cy2 = by0 + h * 0.74
    if active:
        d.polygon([(bx0 + 8, cy1 - 8), (bx0 + 8, cy1 + 8), (bx0 + 20, cy1)], fill=C.CYAN)
    # die limit, spanning both lines
    ds = min(38, h - 14)
    dx1 = bx1 - 8
    dbox = (dx1 - ds, by0 + (h - ds) / 2, dx1, by0 + (h + ds) / 2)
    d.rounded_rectangle(dbox, radius=7, fill=C.SLOT, outline=C.MUTED, width=2)
    draw_text_mid(img, dx1 - ds / 2, by0 + h / 2, str(s.die_limit), 22, C.TEXT, bold=True,
                  align="center")
    left = bx0 + 26
    right = dx1 - ds - 10
    line1: list[Chip] = []
    line2: list[Chip] = []
    if s.commander:
        line1.append(("COMMANDER", "CMDR", C.COMMANDER, True))
    if waiting:
        line1.append(("DECIDING", "DECIDING", C.WARN, True))
    if s.status_name and (s.revealed or over):
        bad = (s.status or "").startswith("infected") or s.status_name.lower().startswith(
            "infected")
        label = s.status_name.upper()
        short = "INFECTED" if bad else label.split(":")[0][:5]
        # at the end every status is shown, on the name line
        (line1 if over else line2).append((label, short, C.INFECTED if bad else C.OK,
                                           s.revealed))
    if s.quarantined:
        line2.append(("QUARANTINED", "QUAR", C.QUARANTINE, True))
    if s.fatigued:
        line2.append(("FATIGUED", "FATIG", C.FATIGUE, True))
    line2.extend(extra)
    if not over and s.participation in ("in", "out"):
        line2.append((s.participation.upper(), s.participation.upper(),
                      C.OK if s.participation == "in" else C.MUTED, False))
    _chip_line(img, d, left, right, cy1, name, 22, True, C.TEXT, line1,
               min(text_width(name, 22, True), 160))
    _chip_line(img, d, left, right, cy2, s.character_name, MIN_TEXT, False, C.MUTED, line2,
               min(text_width(s.character_name, MIN_TEXT), 60))


def _chip_line(img: Image.Image, d: ImageDraw.ImageDraw, left: float, right: float, cy: float,
               text: str, size: int, bold: bool, colour: tuple[int, int, int],
               chips: Sequence[Chip], min_text: int) -> None:
    """Text on the left, chips right-aligned; chips fall back to short labels, then the
    text shrinks, then trailing chips are dropped."""
    gap = 5
    labels = [c[0] for c in chips]

    def total(ls: list[str]) -> int:
        return sum(chip_width(x) + gap for x in ls)

    width = right - left
    order = sorted(range(len(chips)), key=lambda i: -chip_width(chips[i][0]))
    for i in order:
        if total(labels) <= width - min_text:
            break
        labels[i] = chips[i][1]
    keep = list(range(len(chips)))
    while keep and total([labels[i] for i in keep]) > width:
        keep.pop()
    used = total([labels[i] for i in keep])
    draw_text_mid(img, left, cy, text, size, colour, bold=bold,
                  max_w=max(0, int(width - used)))
    x = right
    for i in reversed(keep):
        w = chip_width(labels[i])
        x -= w
        draw_chip(img, d, x, cy, labels[i], chips[i][2], solid=chips[i][3], h=24)
        x -= gap


# ----------------------------------------------------------------------- dice
DICE_COLS = (("strong", C.DIE_STRONG), ("weak", C.DIE_WEAK), ("cmdr", C.DIE_COMMANDER))
DICE_ROWS = ("Available", "Spent")


def _dice_cols() -> list[float]:
    """Column centres."""
    x0, _, x1, _ = P_DICE
    first = x0 + 150
    step = (x1 - 40 - first) / 2
    return [first + i * step for i in range(3)]


def _dice_rows() -> list[float]:
    y0 = P_DICE[1]
    return [y0 + 82, y0 + 112]


def _dice_legend(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    x0, y0, _, _ = P_DICE
    for cx, (label, _) in zip(_dice_cols(), DICE_COLS, strict=True):
        draw_text_mid(img, cx, y0 + 54, label, MIN_TEXT, C.MUTED, align="center")
    for label, cy in zip(DICE_ROWS, _dice_rows(), strict=True):
        draw_text_mid(img, x0 + 14, cy, label, MIN_TEXT, C.MUTED)


DIE_KINDS: tuple[DieKind, ...] = ("strong", "weak", "commander")  # the dice panel's columns


def _dice(img: Image.Image, d: ImageDraw.ImageDraw, v: DarkMoonView, name_of: NameOf) -> None:
    x0, y0, x1, _ = P_DICE
    _title_right(img, P_DICE, f"{v.available.total()} available", C.MUTED)
    for pool, cy in zip((v.available, v.spent), _dice_rows(), strict=True):
        for cx, kind, (_, colour) in zip(_dice_cols(), DIE_KINDS, DICE_COLS, strict=True):
            n = pool.get(kind)
            box = (cx - 22, cy - 13, cx + 22, cy + 13)
            if n:
                d.rounded_rectangle(box, radius=6, fill=colour,
                                    outline=mix(colour, (255, 255, 255), 0.45), width=2)
            else:
                d.rounded_rectangle(box, radius=6, fill=C.SLOT,
                                    outline=mix(C.PANEL, colour, 0.5), width=1)
            draw_text_mid(img, cx, cy, str(n), 22, (255, 255, 255) if n else C.DIM, bold=True,
                          align="center")
    where = {
        "held": f"held by {name_of(v.commander)}" if v.commander else "held",
        "available": "in the pool",
        "spent": "spent",
    }.get(v.commander_die, v.commander_die)
    cy = y0 + 140
    w = draw_text_mid(img, x0 + 14, cy, "Commander die:", MIN_TEXT, C.MUTED)
    draw_text_mid(img, x0 + 20 + w, cy, where, MIN_TEXT, C.COMMANDER if v.commander_die == "held"
                  else C.TEXT, bold=True, max_w=x1 - x0 - 34 - w)


# ------------------------------------------------------------- sabotage, end
def _sabotage(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    x0, y0, _x1, _y1 = box
    d.rounded_rectangle(box, radius=10, outline=C.SABOTAGE, width=3)
    # between the title and the count on the right
    x = x0 + 14 + _title_w(dict(PANEL_TITLES)[box]) + 10
    draw_chip(img, d, x, y0 + 19, "SABOTAGED", C.SABOTAGE)


def _result_banner(img: Image.Image, v: DarkMoonView, name_of: Namer) -> None:
    team, colour = banner_title(v.result)
    x0, x1 = COL_A[0] + 20, COL_B[1] - 20
    y0, y1 = 250, 450
    overlay = ImageDraw.Draw(img, "RGBA")
    overlay.rectangle((COL_A[0], HEADER_H + 2, COL_B[1], H - 4), fill=(4, 6, 12, 110))
    overlay.rounded_rectangle((x0, y0, x1, y1), radius=16, fill=(8, 10, 20, 235),
                              outline=(*colour, 255), width=4)
    text, size = fit_size(team, (56, 48, 40, 32), True, x1 - x0 - 40)
    draw_text_mid(img, (x0 + x1) / 2, y0 + 62, text, size, colour, bold=True, align="center")
    draw_text_mid(img, (x0 + x1) / 2, y0 + 112, "GAME OVER", 22, C.MUTED, bold=True,
                  align="center")
    # the engine names players as seat references (mentions in Discord's texts): an
    # image has no mentions, so each is drawn as the player's display name
    reason = replace_seat_refs(v.result_reason or "", name_of)
    y = y0 + 134
    for line in wrap_text(reason[:1].upper() + reason[1:], 24, False, x1 - x0 - 40, 2):
        draw_text(img, (x0 + x1) / 2, y, line, 24, C.TEXT, align="center")
        y += 30


__all__ = ["H", "W", "render_board", "render_image"]
