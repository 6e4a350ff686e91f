"""The original Nemesis board (renders/nemesis.py): legible at Discord's inline width
(no text under the threshold, room names whole, corridor numbers at every end, a legend
for every symbol), drawn from the public view only, with the tracks, pods and players
where they belong, and the end banner; plus its text summary."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

import pytest
from PIL import ImageChops
from playouts import random_game
from text_spy import text_sizes

from kits.nemesis import pieces as nemesis_pieces
from kits.nemesis.pieces import INTRUDER, SEATS, name_lines
from kits.nemesis_original import board as nemesis
from kits.nemesis_original.board import (
    HEADER_H,
    MIN_TEXT,
    PHONE_W,
    W,
    geometry,
    layout,
    layout_key,
    legend_lines,
    room_label,
    row_boxes,
)
from renders import render_board, render_image
from renders.board_geometry import box_dist, seg_dist
from renders.summary import MAX_CHARS, summary
from rules import get_ruleset
from rules.nemesis_original.profile import room_name
from rules.nemesis_original.ship import ship
from rules.nemesis_original.view import NemesisView

RS = get_ruleset("nemesis")
PHONE_MIN_PX = 11


def play(n: int, seed: int, steps: int) -> Any:
    return random_game(RS, n, seed, steps)


def public(s: Any) -> NemesisView:
    return RS.view(s, None)  # type: ignore[no-any-return]


def fresh_text_sizes() -> AbstractContextManager[list[int]]:
    """The text sizes the ship board rasterises meanwhile, its cached frame and tiles
    drawn again."""
    return text_sizes(nemesis._frames.clear, nemesis._tile.cache_clear)


def test_no_text_is_smaller_than_the_threshold_at_phone_width() -> None:
    assert MIN_TEXT * PHONE_W / W >= PHONE_MIN_PX
    view = public(play(5, seed=4, steps=150))
    busy = view.model_copy(update={
        "self_destruct": 5, "hibernation_open": True, "tech_noise": True,
        "weaknesses": ["burns_easily"],
        "pods": [p.model_copy(update={"locked": False, "seats": [view.heroes[0].seat]})
                 for p in view.pods]})
    ended = busy.model_copy(update={"winners": [view.heroes[1].seat], "ended": "hyperjump",
                                    "engines": {"1": True, "2": False, "3": True},
                                    "coordinates_earth": "C"})
    with fresh_text_sizes() as sizes:
        render_image(busy, {h.seat: "李小龍 🚀 a very long player name" for h in view.heroes})
        render_image(ended, {})
    assert sizes and min(sizes) >= MIN_TEXT


def test_the_board_is_a_phone_picture_with_its_panels_in_order() -> None:
    view = public(play(3, seed=2, steps=40))
    img = render_image(view, {})
    assert img.width == W and img.height < 2 * W
    lay = layout(geometry(layout_key(view)), len(view.heroes))
    assert HEADER_H < lay.map[1] < lay.map[3] < lay.tracks[1] < lay.tracks[3] \
        < lay.ship[1] < lay.ship[3] < lay.players[1] < lay.players[3] <= img.height
    assert len(row_boxes(lay, 3)) == 3
    png = render_board(view, {})
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_room_and_corridor_end_is_drawn_apart() -> None:
    """Rooms never overlap; each corridor end has its number plate; plates, vents and
    corridors keep clear of other rooms."""
    view = public(play(3, seed=1, steps=0))
    geo = geometry(layout_key(view))
    boxes = list(geo.boxes.items())
    assert {slot for slot, _ in boxes} == {s.id for s in ship().ship.slots}
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            assert ba[2] + 20 < bb[0] or bb[2] + 20 < ba[0] or ba[3] + 20 < bb[1] \
                or bb[3] + 20 < ba[1], (a, b)
    corridors = ship().ship.corridors
    expected = sorted([c.a_number for c in corridors]
                      + [c.b_number for c in corridors if c.b_number is not None])
    assert sorted(n for _, n in geo.plates) == expected
    assert len(geo.stubs) == sum(1 for c in corridors if c.b == "tech")
    for cid, (_start, vent) in geo.stubs.items():
        owner = next(c.a for c in corridors if c.id == cid)
        for slot, box in boxes:
            if slot != owner:
                assert box_dist(vent, box) > nemesis_pieces.VENT_R, (cid, slot)
        for other, (a, b) in geo.segments.items():
            assert seg_dist(vent, a, b) > nemesis_pieces.VENT_R, (cid, other)
    frame = nemesis._static_frame(geo, 3)
    for (x, y), number in geo.plates:
        crop = frame.crop((round(x) - 8, round(y) - 10, round(x) + 8, round(y) + 10))
        assert nemesis_pieces.PLATE_INK in {c for _, c in crop.getcolors(1 << 16)}, number


def test_the_legend_explains_every_symbol_under_the_rooms() -> None:
    view = public(play(3, seed=1, steps=0))
    geo = geometry(layout_key(view))
    x0, y0, x1, y1 = geo.legend
    lines = legend_lines(int(x1 - x0))
    labels = " ".join(label for line in lines for *_, label in line)
    for word in ("character", "intruder", "larva", "queen", "injuries", "corridor number",
                 "noise", "door", "broken door", "technical corridor", "search deck", "items",
                 "computer", "fire", "malfunction", "sealed", "egg", "carcass", "corpse"):
        assert word in labels, word
    assert len(lines) * nemesis_pieces.LEGEND_LINE <= y1 - y0
    for box in geo.boxes.values():
        assert box[3] < y0
    frame = nemesis._static_frame(geo, 3)
    assert len(frame.crop(tuple(round(c) for c in geo.legend)).getcolors(1 << 16)) > 20


def test_rooms_are_named_as_the_texts_name_them_and_fit_their_boxes() -> None:
    s = play(4, seed=3, steps=150)
    view = public(s)
    for r in view.rooms:
        if r.explored:
            assert room_label(r) == room_name(s, r.slot)
        else:
            assert room_label(r) == f"? Room {room_name(s, r.slot).rsplit(' ', 1)[1]}"
    geo = geometry(layout_key(view))
    width = round(min(b[2] - b[0] for b in geo.boxes.values())) - 21
    for tile in ship().rooms:
        lines, _bold = name_lines(tile.name, width)
        assert " ".join(lines) == tile.name and len(lines) <= 2


def test_characters_and_intruders_look_different() -> None:
    view = public(play(2, seed=7, steps=30))
    geo = geometry(layout_key(view))
    room = next(r.slot for r in view.rooms if r.explored and r.slot != "hibernatorium")
    hero = view.heroes[0].model_copy(update={"place": "board", "room": room})
    gone = [h.model_copy(update={"place": "dead"}) for h in view.heroes[1:]]
    base = view.model_copy(update={"heroes": [hero, *gone], "intruders": []})
    alien = base.model_copy(update={
        "heroes": [hero.model_copy(update={"place": "dead"}), *gone],
        "intruders": [{"id": 1, "kind": "adult", "room": room, "injuries": 2}]})
    box = tuple(round(c) for c in geo.boxes[room])
    a, b = render_image(base).crop(box), render_image(alien).crop(box)
    colours_a = {c for _, c in a.getcolors(1 << 16)}
    colours_b = {c for _, c in b.getcolors(1 << 16)}
    assert SEATS[0] in colours_a and INTRUDER not in colours_a
    assert INTRUDER in colours_b and SEATS[0] not in colours_b
    assert ImageChops.difference(a, b).getbbox() is not None


@pytest.mark.rule("BOT-PRIV-1")
def test_the_board_shows_nothing_a_seat_knows_in_secret() -> None:
    """Drawn from a seat's view (its hand, objectives and what it checked), the board is
    the same picture as the public one: nothing private reaches the image."""
    s = play(3, seed=5, steps=120)
    seat = s.seats[0]
    s.known[seat] = {"coordinates": "C", "engine_2": "damaged"}
    mine = RS.view(s, seat)
    assert mine.me is not None and mine.me.known
    a = render_image(mine, {})
    b = render_image(public(s), {})
    assert ImageChops.difference(a, b).getbbox() is None
    assert public(s).engines is None and public(s).coordinates_earth is None


def test_the_end_banner_covers_the_map_and_the_secrets_show() -> None:
    s = play(3, seed=3, steps=600)
    assert s.winners is not None
    view = public(s)
    assert view.engines is not None and view.coordinates_earth is not None
    img = render_image(view, {})
    lay = layout(geometry(layout_key(view)), 3)
    cx, cy = round((lay.map[0] + lay.map[2]) / 2), round((lay.map[1] + lay.map[3]) / 2)
    live = render_image(view.model_copy(update={"winners": None, "ended": None}), {})
    assert img.getpixel((cx, cy)) != live.getpixel((cx, cy))
    assert nemesis.ending_text("hyperjump") == "The ship jumped into hyperspace"
    assert nemesis.ending_text("explosion:the self-destruct sequence").startswith(
        "The ship exploded")


def test_the_summary_says_the_tracks_and_fits() -> None:
    s = play(5, seed=6, steps=200)
    view = public(s)
    text = summary(view, {h.seat: "Ana" * 20 for h in view.heroes})
    assert text.startswith("**Nemesis** round")
    assert f"time {view.time}/{view.time_length}" in text and len(text) <= MAX_CHARS
    sd = summary(view.model_copy(update={"self_destruct": 3}), {})
    assert "self-destruct 3/" in sd
