"""Boards readable on a phone (Discord shows them about 550 px wide): the smallest text
size actually used, the Lockdown legend, corridor numbers, room names as the texts say
them, and characters told apart from intruders."""

from __future__ import annotations

import random
from contextlib import AbstractContextManager
from typing import Any

from PIL import Image, ImageChops
from playouts import random_game, seats_for
from text_spy import text_sizes

from kits.darkmoon import board as darkmoon
from kits.lockdown import board as lockdown
from kits.lockdown.board import (
    PHONE_W,
    W,
    geometry,
    layout_key,
    legend_lines,
    name_lines,
    room_label,
)
from kits.lockdown.geometry import ROOM_W
from kits.nemesis import pieces as nemesis_pieces
from kits.nemesis.pieces import INTRUDER, MIN_TEXT, SEATS
from renders import render_image
from rules import get_ruleset
from rules.lockdown.cards import content
from rules.lockdown.facility import room_name

PHONE_MIN_PX = 11  # the smallest text height we accept on the phone


def lockdown_game(n: int = 4, seed: int = 7, steps: int = 80) -> Any:
    return random_game(get_ruleset("lockdown"), n, seed, steps)


def fresh_text_sizes() -> AbstractContextManager[list[int]]:
    """The text sizes the boards rasterise meanwhile, their cached frames and tiles
    drawn again."""
    return text_sizes(lockdown._frames.clear, lockdown._tile.cache_clear, _no_darkmoon_frame)


def _no_darkmoon_frame() -> None:
    darkmoon._frame = None


def test_the_threshold_holds_at_phone_width() -> None:
    assert MIN_TEXT * PHONE_W / W >= PHONE_MIN_PX
    assert darkmoon.MIN_TEXT * PHONE_W / darkmoon.W >= PHONE_MIN_PX


def test_no_lockdown_text_is_smaller_than_the_threshold() -> None:
    rs = get_ruleset("lockdown")
    s = lockdown_game(5)
    view = rs.view(s, None)
    view = view.model_copy(update={"alert": 4, "autodestruct": 5, "isolation_open": True,
                                   "css_revealed": ["x"], "winners": [view.heroes[0].seat],
                                   "ended": "purge"})
    with fresh_text_sizes() as sizes:
        render_image(view, {h.seat: "李小龍 🚀" for h in view.heroes})
    assert sizes and min(sizes) >= MIN_TEXT


def test_no_dark_moon_text_is_smaller_than_the_threshold() -> None:
    rs = get_ruleset("darkmoon")
    s = rs.new_game(seats_for(7), seed=5)
    rnd = random.Random(5)
    for _ in range(60):
        prompt = rs.pending(s)[0]
        s = rs.apply(s, prompt.seat, rnd.choice(rs.legal_actions(s, prompt.seat))).state
    view = rs.view(s, None)
    with fresh_text_sizes() as sizes:
        render_image(view, {})
        render_image(view.model_copy(update={"result": "infected", "result_reason": "x"}), {})
    assert sizes and min(sizes) >= darkmoon.MIN_TEXT


def test_the_legend_explains_the_symbols() -> None:
    rs = get_ruleset("lockdown")
    view = rs.view(rs.new_game(seats_for(3), seed=1), None)
    geo = geometry(layout_key(view))
    assert geo.legend is not None
    x0, y0, x1, y1 = geo.legend
    labels = " ".join(label for line in legend_lines(int(x1 - x0)) for *_, label in line)
    for word in ("character", "intruder", "larva", "queen", "corridor number", "noise",
                 "door", "technical corridor", "items", "fire", "malfunction", "egg", "corpse"):
        assert word in labels
    assert len(legend_lines(int(x1 - x0))) * nemesis_pieces.LEGEND_LINE <= y1 - y0
    # drawn: the legend's box is not an empty panel, and no room sits on it
    frame = lockdown._static_frame(geo, 3)
    crop = frame.crop(tuple(round(c) for c in geo.legend))
    assert len(crop.getcolors(1 << 16)) > 20
    for box in geo.boxes.values():
        assert box[2] < x0 or box[0] > x1 or box[3] < y0 or box[1] > y1


def test_every_corridor_end_shows_its_number() -> None:
    rs = get_ruleset("lockdown")
    view = rs.view(rs.new_game(seats_for(3), seed=1), None)
    geo = geometry(layout_key(view))
    board = content().board
    expected = sorted([c.a_number for c in board.corridors]
                      + [c.b_number for c in board.corridors if c.b_number is not None])
    assert sorted(n for _, n in geo.plates) == expected
    frame = lockdown._static_frame(geo, 3)
    for (x, y), number in geo.plates:
        crop = frame.crop((round(x) - 8, round(y) - 10, round(x) + 8, round(y) + 10))
        assert nemesis_pieces.PLATE_INK in {c for _, c in crop.getcolors(1 << 16)}, number


def test_rooms_are_named_as_the_texts_name_them() -> None:
    rs = get_ruleset("lockdown")
    s = lockdown_game(4, seed=3, steps=120)
    view = rs.view(s, None)
    for r in view.rooms:
        assert room_label(r) == room_name(s, r.slot)
    inner = ROOM_W - 21
    for tile in content().rooms:  # every tile's full name fits its box, uncut
        lines, _bold = name_lines(tile.name, inner)
        assert " ".join(lines) == tile.name and len(lines) <= 2


def test_characters_and_intruders_look_different() -> None:
    """A character is a disc in its seat colour, an intruder a red diamond; their
    marks differ in colour and in shape (the disc has no corners)."""
    rs = get_ruleset("lockdown")
    view = rs.view(lockdown_game(2, seed=7, steps=60), None)
    geo = geometry(layout_key(view))
    room = next(r.slot for r in view.rooms if r.explored)
    hero = view.heroes[0].model_copy(update={"place": "board", "room": room})
    others = [h.model_copy(update={"place": "dead"}) for h in view.heroes[1:]]
    base = view.model_copy(update={"heroes": [hero, *others], "intruders": []})
    alien = base.model_copy(update={"heroes": [hero.model_copy(update={"place": "dead"}),
                                               *others],
                                    "intruders": [{"id": 1, "kind": "adult", "room": room,
                                                   "injuries": 0}]})
    box = tuple(round(c) for c in geo.boxes[room])
    a = render_image(base).crop(box)
    b = render_image(alien).crop(box)
    colours_a = {c for _, c in a.getcolors(1 << 16)}
    colours_b = {c for _, c in b.getcolors(1 << 16)}
    assert SEATS[0] in colours_a and INTRUDER not in colours_a
    assert INTRUDER in colours_b and SEATS[0] not in colours_b
    assert ImageChops.difference(a, b).getbbox() is not None


def test_board_at_phone_width_keeps_text_height() -> None:
    """Scaled to 550 px wide, a digit of the smallest text is still 8+ px tall (the
    capitals of an 11 px font)."""
    img = Image.new("L", (60, 60), 0)
    from renders.common import draw_text

    draw_text(img, 5, 5, "8", MIN_TEXT, 255, bold=True)  # type: ignore[arg-type]
    small = img.resize((30, 30), Image.Resampling.LANCZOS)
    bbox = small.point(lambda p: 255 if p > 80 else 0).getbbox()
    assert bbox is not None and bbox[3] - bbox[1] >= 7


def mars_coop_game(n: int = 5, seed: int = 11, steps: int = 150) -> Any:
    rs = get_ruleset("lockdown")
    return random_game(rs, n, seed, steps, rs.Options(board="mars", mode="coop"))


def test_no_mars_or_coop_text_is_smaller_than_the_threshold() -> None:
    rs = get_ruleset("lockdown")
    view = rs.view(mars_coop_game(), None)
    assert view.surface is not None and view.mode == "coop"
    areas = [a.model_copy(update={"noise": True}) for a in view.surface.areas]
    heroes = [h.model_copy(update={"place": "bunker"}) if i == 0 else h
              for i, h in enumerate(view.heroes)]
    view = view.model_copy(update={"surface": view.surface.model_copy(update={
        "areas": areas, "rover": ""}), "heroes": heroes})
    ended = view.model_copy(update={"winners": [view.heroes[0].seat], "ended": "purge"})
    with fresh_text_sizes() as sizes:
        render_image(view, {h.seat: "李小龍 🚀" for h in view.heroes})
        render_image(ended, {})
    assert sizes and min(sizes) >= MIN_TEXT


def test_the_mars_legend_explains_the_surface_symbols() -> None:
    rs = get_ruleset("lockdown")
    view = rs.view(mars_coop_game(3, seed=1, steps=0), None)
    geo = geometry(layout_key(view))
    assert geo.legend is not None and geo.surface is not None
    x0, y0, x1, y1 = geo.legend
    lines = legend_lines(int(x1 - x0), mars=True)
    labels = " ".join(label for line in lines for *_, label in line)
    for word in ("character", "intruder", "corridor number", "noise", "door", "crossroads",
                 "path", "exit room", "area", "bunker", "rover", "items", "fire",
                 "malfunction", "egg", "corpse"):
        assert word in labels
    assert "elevator" not in labels and "technical corridor" not in labels
    assert len(lines) * nemesis_pieces.LEGEND_LINE <= y1 - y0
    frame = lockdown._static_frame(geo, 3)
    assert len(frame.crop(tuple(round(c) for c in geo.legend)).getcolors(1 << 16)) > 20
    for box in geo.boxes.values():
        assert box[2] < x0 or box[0] > x1 or box[3] < y0 or box[1] > y1
    for area in geo.surface.areas.values():
        assert area[3] < y0 or area[1] > y1
    for tile in content().rooms:  # Mars rooms are as wide as the basic side's
        names, _bold = name_lines(tile.name, ROOM_W - 21)
        assert " ".join(names) == tile.name and len(names) <= 2
