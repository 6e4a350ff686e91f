"""The Lockdown board image: decodes, right size, changes with the view, keeps its text
inside its boxes, shows the end of the game."""

from __future__ import annotations

import io
import math
from functools import lru_cache
from itertools import pairwise

import pytest
from PIL import Image, ImageChops, ImageDraw
from playouts import random_states, seats_for

from kits.lockdown.board import (
    HEADER_H,
    Layout,
    W,
    _static_frame,
    banner_box,
    geometry,
    layout,
    layout_key,
    render_image,
    row_boxes,
)
from renders import render_board
from renders.common import C
from renders.png import quantize
from rules import get_ruleset
from rules.lockdown.cards import index
from rules.lockdown.view import LockdownView

RS = get_ruleset("lockdown")
LONG = "W" * 32
LONGEST = "Supercalifragilisticexpialidocio"  # 32 characters


def play(n: int, seed: int, steps: int, every: int = 0) -> list[LockdownView]:
    """Views of a seeded random game: every `every` steps (0: only the last one)."""
    s = RS.new_game(seats_for(n), seed)
    out = []
    for i, s in enumerate(random_states(RS, n, seed, steps)):
        if every and i % every == 0:
            out.append(RS.view(s, None))
    out.append(RS.view(s, None))
    return out


@lru_cache(maxsize=8)
def base(n: int = 3) -> LockdownView:
    """A game some way in: characters drafted, a few rooms explored."""
    return play(n, seed=7, steps=60)[-1]


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    img.load()
    return img.convert("RGB")


def differ(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is not None


def long_names(view: LockdownView) -> dict[str, str]:
    return {h.seat: (LONG if i % 2 else LONGEST) for i, h in enumerate(view.heroes)}


def explored(view: LockdownView) -> list[str]:
    return [r.slot for r in view.rooms if r.explored]


def room_update(view: LockdownView, slot: str, **changes: object) -> LockdownView:
    rooms = [r.model_copy(update=changes) if r.slot == slot else r for r in view.rooms]
    return view.model_copy(update={"rooms": rooms})


def hero_update(view: LockdownView, i: int, **changes: object) -> LockdownView:
    heroes = list(view.heroes)
    heroes[i] = heroes[i].model_copy(update=changes)
    return view.model_copy(update={"heroes": heroes})


# ------------------------------------------------------------------------ basics
def lay_of(view: LockdownView) -> Layout:
    return layout(geometry(layout_key(view)), len(view.heroes))


def test_png_decodes_with_the_expected_size() -> None:
    """1100 px wide (twice Discord's inline width on a phone), taller than wide."""
    view = base()
    png = render_board(view)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert decode(png).size == (W, lay_of(view).height)
    assert W == 1100 and lay_of(view).height > W


def test_same_view_renders_the_same_bytes() -> None:
    view = base()
    assert render_board(view) == render_board(view)
    drawn = render_image(view)
    assert decode(render_board(view)).tobytes() == quantize(drawn).convert("RGB").tobytes()


def test_a_fresh_game_in_the_draft() -> None:
    view = RS.view(RS.new_game(seats_for(4), seed=1), None)
    assert any(not h.character for h in view.heroes)
    assert decode(render_board(view, long_names(view))).size == (W, lay_of(view).height)


def test_names_fallback_and_partial_names() -> None:
    view = base()
    a = render_image(view, None)
    b = render_image(view, {view.heroes[0].seat: "Alice"})
    c = render_image(view, {view.heroes[0].seat: "Alice \x00"})  # a control character
    assert differ(a, b)
    assert not differ(b, c)


# -------------------------------------------------------------- the map geometry
def test_map_geometry_is_clean() -> None:
    """Rooms do not overlap, everything stays on the map, and every corridor shows
    enough line for a door and a noise marker."""
    view = base()
    geo = geometry(layout_key(view))
    boxes = list(geo.boxes.values())
    assert len(boxes) == len(view.rooms)
    x0, y0, x1, y1 = lay_of(view).map
    for i, a in enumerate(boxes):
        assert x0 < a[0] and a[2] < x1 and y0 < a[1] and a[3] < y1
        for b in boxes[i + 1:]:
            assert a[2] + 8 <= b[0] or b[2] + 8 <= a[0] or a[3] + 8 <= b[1] or b[3] + 8 <= a[1]
    tech = [c for c in view.corridors if c.b == "tech"]
    assert set(geo.stubs) == {c.id for c in tech}
    assert set(geo.segments) == {c.id for c in view.corridors if c.b != "tech"}
    for (ax, ay), (bx, by) in geo.segments.values():
        assert math.hypot(bx - ax, by - ay) >= 18
    for _, (ex, ey) in geo.stubs.values():
        assert x0 < ex - 9 and ex + 9 < x1 and y0 < ey - 9 and ey + 9 < y1


# ----------------------------------------------------------------- the board moves
def _changes(view: LockdownView) -> dict[str, LockdownView]:
    rooms = explored(view)
    slot = next(s for s in rooms if not any(h.room == s for h in view.heroes))
    room = next(r for r in view.rooms if r.slot == slot)
    other = next(s for s in rooms if s != view.heroes[0].room)
    corridor = next(c for c in view.corridors if c.b != "tech")
    stub = next(c for c in view.corridors if c.b == "tech")

    def corridor_update(cid: str, **changes: object) -> LockdownView:
        return view.model_copy(update={"corridors": [
            c.model_copy(update=changes) if c.id == cid else c for c in view.corridors]})

    weak = next(iter(index().weaknesses))
    return {
        "fire": room_update(view, slot, fire=True),
        "malfunction": room_update(view, slot, malfunction=True),
        "items": room_update(view, slot, items=(room.items or 0) + 5),
        "egg": room_update(view, slot, objects=["egg", "egg"]),
        "carcass": room_update(view, slot, objects=["carcass"]),
        "corpse": room_update(view, slot, objects=[f"corpse_{view.heroes[0].seat}"]),
        "computer": room_update(view, slot, computer=not room.computer),
        "explored": room_update(view, next(r.slot for r in view.rooms if not r.explored),
                                explored=True, tile="storage", name="Storage", items=2),
        "character moved": hero_update(view, 0, room=other, place="board"),
        "character dead": hero_update(view, 0, place="dead"),
        "character in a pod": hero_update(view, 0, place="pod"),
        "intruder added": view.model_copy(update={"intruders": [
            *view.intruders, {"id": 99, "kind": "adult", "room": slot, "injuries": 0}]}),
        "door closed": corridor_update(corridor.id, door="closed"),
        "door destroyed": corridor_update(corridor.id, door="destroyed"),
        "noise": corridor_update(corridor.id, noise=not corridor.noise),
        "tech door": corridor_update(stub.id, door="closed"),
        "tech stub noise": corridor_update(stub.id, noise=not stub.noise),
        "tech noise": view.model_copy(update={"tech_noise": not view.tech_noise}),
        "time": view.model_copy(update={"time": view.time - 1}),
        "time token": view.model_copy(update={"time_active": not view.time_active}),
        "css": view.model_copy(update={"css_slots": view.css_slots[1:]}),
        "autodestruct": view.model_copy(update={"autodestruct": 5}),
        "alert": view.model_copy(update={"alert": 4}),
        "isolation": view.model_copy(update={"isolation_open": not view.isolation_open}),
        "power": view.model_copy(update={"power": {
            k: not on for k, on in view.power.items()}}),
        "eggs": view.model_copy(update={"eggs": view.eggs - 1}),
        "nest": view.model_copy(update={"nest_destroyed": True}),
        "lab": view.model_copy(update={"lab_slots": ["carcass"], "weaknesses": [weak]}),
        "gate": view.model_copy(update={"gate_open": not view.gate_open}),
        "rover": view.model_copy(update={"rover_at_base": not view.rover_at_base}),
        "elevator": view.model_copy(update={"elevator_at": view.elevator_at % 3 + 1}),
        "bag": view.model_copy(update={"bag_size": view.bag_size + 3}),
        "round": view.model_copy(update={"round": view.round + 1}),
        "waiting": view.model_copy(update={"waiting": [h.seat for h in view.heroes]}),
        "wounds": hero_update(view, 1, light=2, serious=["sw_hand", "sw_leg"]),
        "hand": hero_update(view, 1, hand_size=view.heroes[1].hand_size + 1),
        "knowledge": hero_update(view, 1, knowledge=view.heroes[1].knowledge + 1),
        "flags": hero_update(view, 1, slime=True, larva=True, signal=True, passed=True),
        "items carried": hero_update(view, 1, item_colors=["red", "green", "crafted"]),
        "heavy": hero_update(view, 1, hands=["Sentry Carbine", "carcass"]),
    }


def test_every_public_change_shows() -> None:
    view = base()
    before = render_image(view)
    for what, changed in _changes(view).items():
        assert differ(before, render_image(changed)), what


def test_fire_character_and_intruder_change_their_room() -> None:
    """The change lands on the map, inside the room's box."""
    view = base()
    geo = geometry(layout_key(view))
    before = render_image(view)
    changes = _changes(view)
    for what in ("fire", "intruder added"):
        diff = ImageChops.difference(before, render_image(changes[what])).getbbox()
        slot = next(r.slot for r in view.rooms if r.explored
                    and not any(h.room == r.slot for h in view.heroes))
        x0, y0, x1, y1 = geo.boxes[slot]
        assert diff is not None
        assert diff[0] >= x0 - 1 and diff[2] <= x1 + 2 and diff[1] >= y0 - 1, what
    moved = changes["character moved"]
    diff = ImageChops.difference(before, render_image(moved)).getbbox()
    assert diff is not None and diff[1] < lay_of(view).map[3]  # on the map (and in the row)


def test_image_changes_as_a_game_goes_on() -> None:
    views = play(4, seed=5, steps=60, every=10)
    images = [render_board(v) for v in views]
    assert len(set(images)) == len(images)


# ------------------------------------------------------------------- no overflow
def gutters(lay: Layout, n: int) -> list[tuple[int, int, int, int]]:
    """Strips of the frame that nothing may draw on: around and between the panels and
    the player rows."""
    m, t, f, p = lay.map, lay.time, lay.facility, lay.players
    h = lay.height
    strips = [(0, HEADER_H + 3, int(m[0]) - 1, h), (int(m[2]) + 1, HEADER_H + 3, W, h),
              (0, HEADER_H + 3, W, int(m[1]) - 1), (0, int(m[3]) + 1, W, int(t[1]) - 1),
              (0, int(t[3]) + 1, W, int(f[1]) - 1), (0, int(f[3]) + 1, W, int(p[1]) - 1),
              (0, h - 6, W, h)]
    rows = row_boxes(lay, n)
    for a, b in pairwise(rows):
        strips.append((0, int(a[3]) + 1, W, int(b[1]) - 1))
    return strips


def assert_inside(view: LockdownView, img: Image.Image) -> None:
    lay = lay_of(view)
    frame = _static_frame(geometry(layout_key(view)), len(view.heroes))
    for box in gutters(lay, len(view.heroes)):
        assert not differ(img.crop(box), frame.crop(box)), box
    # header text stops short of the right edge
    box = (W - 11, 2, W, HEADER_H - 2)
    assert not differ(img.crop(box), frame.crop(box))
    # row text stops short of the row's right edge
    for (_x0, y0, x1, y1), h in zip(row_boxes(lay, len(view.heroes)), view.heroes,
                                    strict=True):
        band = img.crop((int(x1) - 10, int(y0) + 12, int(x1) - 3, int(y1) - 12))
        fills = {c for _, c in band.getcolors(1 << 16)}
        assert len(fills) == 1, (h.seat, fills)
    # facility chips and time markers stop short of the panels' right edges
    for panel in (lay.facility, lay.time):
        box = (int(panel[2]) - 11, int(panel[1]) + 10, int(panel[2]) - 3, int(panel[3]) - 10)
        assert not differ(img.crop(box), frame.crop(box))


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_every_player_count_with_long_names(n: int) -> None:
    view = play(n, seed=n, steps=40)[-1]
    assert len(view.heroes) == n
    for v in (view, _extreme(view)):
        img = render_image(v, long_names(v))
        assert img.size == (W, lay_of(v).height)
        assert_inside(v, img)


def test_long_names_through_a_game() -> None:
    for view in play(5, seed=2, steps=150, every=30):
        assert_inside(view, render_image(view, long_names(view)))


def _extreme(view: LockdownView) -> LockdownView:
    """Everything at once: every room explored and burning, crowded, every door shut."""
    slots = [r.slot for r in view.rooms]
    crowded = slots[3]
    rooms = [r.model_copy(update={
        "explored": True, "tile": r.tile or "contaminated", "name": r.name or "Contaminated",
        "fire": True, "malfunction": True, "items": 12, "computer": True,
        "objects": ["egg", "egg", "carcass", "corpse_1", "corpse_2", "egg", "carcass"]})
        for r in view.rooms]
    corridors = [c.model_copy(update={"door": ("closed", "destroyed")[i % 2], "noise": True})
                 for i, c in enumerate(view.corridors)]
    heroes = [h.model_copy(update={
        "place": "board", "room": crowded, "light": 2, "serious": ["a", "b", "c", "d"],
        "hand_size": 99, "knowledge": 99, "slime": True, "larva": True, "signal": True,
        "passed": True, "item_colors": ["red", "yellow", "green", "crafted", "quest"] * 3,
        "hands": [LONGEST, LONG], "name": "Xenobiologist" if h.character else h.name})
        for h in view.heroes]
    intruders = [{"id": i, "kind": k, "room": crowded, "injuries": i}
                 for i, k in enumerate(("larva", "creeper", "adult", "breeder", "queen", "x"))]
    intruders += [{"id": 50 + i, "kind": "adult", "room": s, "injuries": 12}
                  for i, s in enumerate(slots)]
    weak = list(index().weaknesses)[:3]
    return view.model_copy(update={
        "rooms": rooms, "corridors": corridors, "heroes": heroes, "intruders": intruders,
        "tech_noise": True, "round": 999, "time": 0, "time_active": True,
        "css_slots": [1, 2, 3, 4, 5], "autodestruct": 3, "autodestruct_red": True,
        "alert": 3, "isolation_open": True, "eggs": 999, "nest_found": True,
        "lab_slots": ["carcass", "egg", "corpse"], "weaknesses": weak, "bag_size": 999,
        "power": {"1": True, "2": True, "3": True, "elevator": True},
        "waiting": [h.seat for h in view.heroes], "first_player": view.heroes[-1].seat,
        "crafted": ["x"] * 50})


def test_room_contents_stay_in_their_rooms() -> None:
    """Compared with the same board emptied, the crowded board differs only inside the
    room boxes and on the corridor markers."""
    view = base(5)
    full = _extreme(view)
    empty = full.model_copy(update={
        "rooms": [r.model_copy(update={"fire": False, "malfunction": False, "items": 0,
                                       "computer": False, "objects": []}) for r in full.rooms],
        "corridors": [c.model_copy(update={"door": "open", "noise": False})
                      for c in full.corridors],
        "heroes": [h.model_copy(update={"place": "dead"}) for h in full.heroes],
        "intruders": []})
    a, b = render_image(full), render_image(empty)
    geo = geometry(layout_key(view))
    allowed = Image.new("L", (W, lay_of(view).height), 0)
    d = ImageDraw.Draw(allowed)
    for x0, y0, x1, y1 in geo.boxes.values():
        d.rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), fill=255)
    for (ax, ay), (bx, by) in [*geo.segments.values(), *geo.stubs.values()]:
        for t in (i / 10 for i in range(11)):  # doors and noise sit along the line
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
            d.ellipse((x - 30, y - 30, x + 30, y + 30), fill=255)
    diff = ImageChops.difference(a, b).convert("L").point(lambda p: 255 if p else 0)
    outside = ImageChops.subtract(diff, allowed).crop(lay_of(view).map)
    assert outside.getbbox() is None


# --------------------------------------------------------------------- the end
@pytest.mark.parametrize("n", [1, 5])
def test_finished_game_banner(n: int) -> None:
    view = base(n) if n > 1 else play(1, seed=3, steps=40)[-1]
    seats = [h.seat for h in view.heroes]
    won = view.model_copy(update={"ended": "purge", "winners": seats[:2],
                                  "survivors": seats[:3]})
    lost = won.model_copy(update={"winners": [], "ended": "explosion:a fire broke out with "
                                  "no fire marker left " * 3})
    running = won.model_copy(update={"winners": None, "ended": None})
    banner = tuple(round(c) for c in banner_box(lay_of(view)))
    images = {}
    for name, v in (("won", won), ("lost", lost), ("running", running)):
        img = render_image(v, long_names(v))
        assert_inside(v, img)
        images[name] = img
    for name, colour in (("won", C.OK), ("lost", C.DANGER)):
        colours = dict((c, k) for k, c in images[name].crop(banner).getcolors(1 << 20))
        assert colours.get(colour, 0) > 3000, name  # frame and the big title
    assert differ(images["won"], images["running"])
    assert differ(images["won"], images["lost"])


def test_finished_random_game() -> None:
    """A game played to its end (when the engine gets there) shows the banner."""
    for seed in range(3):
        view = play(2, seed=seed, steps=3000)[-1]
        if view.winners is not None:
            img = render_image(view, long_names(view))
            assert_inside(view, img)
            gone = view.model_copy(update={"winners": None})
            assert differ(img, render_image(gone, long_names(view)))
            return
    pytest.skip("the engine did not finish a random game")
