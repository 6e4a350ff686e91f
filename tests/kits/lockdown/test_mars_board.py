"""The Lockdown board's Mars surface side (LD-MARS-1) and the cooperative and solo modes'
public information (LD-MODE-1, LD-MODE-2): what the image draws, taken from the public
view only."""

from __future__ import annotations

from contextlib import AbstractContextManager
from functools import lru_cache
from itertools import pairwise
from typing import Any

import pytest
from PIL import Image, ImageChops
from playouts import random_game
from text_spy import drawn_texts

from kits.lockdown import board as lockdown
from kits.lockdown import mars_board as lockdown_mars
from kits.lockdown.board import (
    W,
    geometry,
    layout,
    layout_key,
    room_label,
)
from kits.lockdown.geometry import box_dist, seg_dist
from kits.lockdown.mars_geometry import Surface, _crosses
from kits.lockdown.team_board import contingency_name, objective_name
from kits.nemesis import pieces as nemesis_pieces
from kits.nemesis.pieces import FIRE, MALF, NOISE, SEATS
from renders import common, render_image
from renders.summary import summary
from rules import get_ruleset
from rules.lockdown.facility import room_name
from rules.lockdown.mars_board import mars_map
from rules.lockdown.view import LockdownView

RS = get_ruleset("lockdown")


def play(n: int, seed: int, steps: int, **options: str) -> Any:
    return random_game(RS, n, seed, steps, RS.Options(**options))


@lru_cache(maxsize=4)
def mars(n: int = 3, mode: str = "semi_coop") -> LockdownView:
    return RS.view(play(n, 3, 90, board="mars", mode=mode), None)


def surface_of(view: LockdownView) -> Surface:
    geo = geometry(layout_key(view))
    assert isinstance(geo.surface, Surface)
    return geo.surface


def crop(img: Image.Image, box: tuple[float, ...]) -> Image.Image:
    return img.crop(tuple(round(c) for c in box))


def colours(img: Image.Image) -> set[tuple[int, int, int]]:
    return {c for _, c in img.getcolors(1 << 20)}


def fresh_drawn_texts() -> AbstractContextManager[list[str]]:
    """The texts the Mars board rasterises meanwhile, its cached frame and tiles drawn
    again."""
    return drawn_texts(lockdown._frames.clear, lockdown._tile.cache_clear,
                       lockdown_mars.crossroads_tile.cache_clear,
                       common._squeezed.cache_clear)


@pytest.mark.rule("LD-MARS-1")
def test_the_mars_map_places_every_room_crossroads_and_the_bunker_apart() -> None:
    view = mars()
    geo = geometry(layout_key(view))
    s = surface_of(view)
    m = mars_map()
    assert set(geo.boxes) == {r.slot for r in view.rooms} | {m.bunker.id}
    assert s.crossroads == {x.id for x in m.crossroads}
    boxes = list(geo.boxes.values())
    for i, a in enumerate(boxes):
        assert a[0] > 8 and a[2] < W - 8 and a[1] > lockdown.HEADER_H
        assert a[3] < lockdown.MAP_Y0 + geo.height
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    # buildings: a wall around exactly their rooms, inside their numbered area
    for b in m.buildings:
        wall, ground = s.walls[b.id], s.areas[b.area]
        assert ground[0] < wall[0] and wall[2] < ground[2]
        for slot in b.rooms:
            box = geo.boxes[slot]
            assert wall[0] < box[0] and box[2] < wall[2] and wall[1] < box[1] < wall[3]
        for slot, box in geo.boxes.items():
            if slot not in b.rooms:
                assert box_dist(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), wall) > 0
    # area 3 has no building, but its own labelled patch
    lone = [a.number for a in m.areas if a.building is None]
    assert lone and all(n in s.areas and n not in {b.area for b in m.buildings} for n in lone)


@pytest.mark.rule("LD-MARS-1")
def test_paths_join_their_places_without_numbers_and_exit_rooms_have_airlocks() -> None:
    view = mars()
    geo = geometry(layout_key(view))
    s = surface_of(view)
    m = mars_map()
    assert set(s.paths) == {p.id for p in m.paths}
    plates = [p for p, _ in geo.plates]
    for p in m.paths:
        pts = s.paths[p.id]
        assert box_dist(pts[0], geo.boxes[p.a]) < 1 and box_dist(pts[-1], geo.boxes[p.b]) < 1
        for seg in pairwise(pts):  # clear of every other box and of every number plate
            for slot, box in geo.boxes.items():
                if slot not in (p.a, p.b):
                    assert not _crosses(seg, box), (p.id, slot)
            assert all(seg_dist(q, *seg) > 12 for q in plates), p.id
    exits = {ex for b in m.buildings for ex in b.exits}
    for ex in exits:
        assert any(box_dist(at, geo.boxes[ex]) < 1 for at, _out in s.airlocks), ex
    assert len(s.airlocks) == len(exits)
    # every numbered corridor end and every exit to an area shows its number
    expected = sorted([c.a_number for c in m.corridors]
                      + [c.b_number for c in m.corridors if c.b_number is not None])
    assert sorted(n for _, n in geo.plates) == expected
    frame = lockdown._static_frame(geo, len(view.heroes))
    for (x, y), number in geo.plates:
        patch = frame.crop((round(x) - 8, round(y) - 10, round(x) + 8, round(y) + 10))
        assert nemesis_pieces.PLATE_INK in colours(patch), number


@pytest.mark.rule("LD-MARS-1")
def test_exits_to_an_area_end_in_that_area_outside_the_building() -> None:
    view = mars()
    geo = geometry(layout_key(view))
    s = surface_of(view)
    m = mars_map()
    building = {slot: b for b in m.buildings for slot in b.rooms}
    tech = [c for c in m.corridors if c.b == "tech"]
    assert set(geo.stubs) == {c.id for c in tech}
    for c in tech:
        b = building[c.a]
        assert s.stub_area[c.id] == b.area
        _start, end = geo.stubs[c.id]
        assert box_dist(end, s.walls[b.id]) >= lockdown_mars.AREA_EXIT_R
        assert box_dist(end, s.areas[b.area]) == 0


@pytest.mark.rule("LD-MARS-1")
def test_area_noise_lights_the_area_and_its_exits() -> None:
    view = mars()
    assert view.surface is not None
    quiet = view.model_copy(update={"surface": view.surface.model_copy(update={
        "areas": [a.model_copy(update={"noise": False}) for a in view.surface.areas]})})
    loud = quiet.model_copy(update={"surface": quiet.surface.model_copy(update={  # type: ignore[union-attr]
        "areas": [a.model_copy(update={"noise": a.number == 1})
                  for a in quiet.surface.areas]})})  # type: ignore[union-attr]
    geo = geometry(layout_key(view))
    s = surface_of(view)
    a, b = render_image(quiet), render_image(loud)
    label = crop(b, (s.labels[1][0][0], s.areas[1][1], s.areas[1][2], s.areas[1][1] + 46))
    assert NOISE in colours(label)
    assert NOISE not in colours(crop(a, (s.labels[1][0][0], s.areas[1][1], s.areas[1][2],
                                         s.areas[1][1] + 46)))
    for cid, number in s.stub_area.items():
        end = geo.stubs[cid][1]
        spot = (end[0] - 4, end[1] - 8, end[0] + 4, end[1] - 5)  # the marker's ring
        assert (NOISE in colours(crop(b, spot))) == (number == 1), cid


@pytest.mark.rule("LD-MARS-1")
def test_crossroads_never_show_fire_or_a_malfunction_and_differ_from_rooms() -> None:
    view = mars()
    s = surface_of(view)
    geo = geometry(layout_key(view))
    slot = sorted(s.crossroads)[0]
    burning = view.model_copy(update={"rooms": [
        r.model_copy(update={"fire": True, "malfunction": True}) if r.slot == slot else r
        for r in view.rooms]})
    box = geo.boxes[slot]
    plain, hot = crop(render_image(view), box), crop(render_image(burning), box)
    assert ImageChops.difference(plain, hot).getbbox() is None
    assert FIRE not in colours(hot) and MALF not in colours(hot)
    room = next(r for r in view.rooms if r.slot not in s.crossroads and r.explored)
    sand = {lockdown_mars.SAND, lockdown_mars.XR_FILL, lockdown_mars.XR_DARK}
    assert colours(plain) & sand
    assert not colours(crop(render_image(view), geo.boxes[room.slot])) & {
        lockdown_mars.XR_FILL, lockdown_mars.XR_DARK}


@pytest.mark.rule("LD-MARS-1")
def test_crossroads_are_named_as_the_texts_name_them() -> None:
    s = play(3, 3, 90, board="mars")
    view = RS.view(s, None)
    for r in view.rooms:
        assert room_label(r) == room_name(s, r.slot)
    with fresh_drawn_texts() as texts:
        render_image(view)
    names = {x.name for x in mars_map().crossroads}
    drawn = " ".join(texts)
    for name in names:
        assert all(word in drawn for word in name.split())


@pytest.mark.rule("LD-MARS-1")
def test_the_rover_is_drawn_where_it_stands_and_in_the_bunker_once_used() -> None:
    view = mars()
    assert view.surface is not None
    geo = geometry(layout_key(view))
    s = surface_of(view)
    exits = sorted(ex for b in mars_map().buildings for ex in b.exits)
    sand = lockdown_mars.SAND

    def with_rover(at: str) -> Image.Image:
        return render_image(view.model_copy(update={
            "surface": view.surface.model_copy(update={"rover": at})}))  # type: ignore[union-attr]

    here, gone = with_rover(exits[0]), with_rover("")
    box = geo.boxes[exits[0]]
    row = (box[0] + 10, box[1] + 52, box[2] - 4, box[3] - 4)  # the room's token row
    assert sand in colours(crop(here, row)) and sand not in colours(crop(gone, row))
    bunker = geo.boxes[s.bunker]
    corner = (bunker[2] - 46, bunker[1] + 4, bunker[2] - 4, bunker[1] + 40)
    assert sand in colours(crop(gone, corner)) and sand not in colours(crop(here, corner))


@pytest.mark.rule("LD-MARS-1")
def test_characters_in_the_bunker_are_drawn_in_it() -> None:
    view = mars()
    geo = geometry(layout_key(view))
    s = surface_of(view)
    heroes = [h.model_copy(update={"place": "bunker" if i == 0 else "dead"})
              for i, h in enumerate(view.heroes)]
    nobody = [h.model_copy(update={"place": "dead"}) for h in view.heroes]
    bunker = geo.boxes[s.bunker]
    inside = crop(render_image(view.model_copy(update={"heroes": heroes})), bunker)
    empty = crop(render_image(view.model_copy(update={"heroes": nobody})), bunker)
    assert SEATS[0] in colours(inside) and SEATS[0] not in colours(empty)


@pytest.mark.rule("LD-MARS-1")
def test_the_facility_panel_names_the_rover_and_no_lift_or_gate() -> None:
    view = mars()
    with fresh_drawn_texts() as texts:
        render_image(view)
    assert any(t.startswith("ROVER") for t in texts)
    assert not any(t.startswith(("LIFT", "GATE")) for t in texts)
    assert "rover" in summary(view)


@pytest.mark.rule("LD-MODE-2")
def test_coop_shows_every_objective_and_the_revealed_contingencies() -> None:
    view = RS.view(play(4, 5, 120, mode="coop"), None)
    assert view.team_objectives and view.revealed_contingencies
    geo = geometry(layout_key(view))
    lay = layout(geo, len(view.heroes), True)
    assert lay.team is not None and lay.team[1] > lay.facility[3]
    assert lay.players[1] > lay.team[3]
    with fresh_drawn_texts() as texts:
        img = render_image(view)
    assert img.size == (W, lay.height)
    for card in view.team_objectives:
        assert objective_name(card) in texts
    for token in view.revealed_contingencies:
        assert contingency_name(token) in texts
    assert "CO-OP" in texts
    # each objective follows its owner's seat disc
    panel = crop(img, lay.team)
    for i in range(len(view.heroes)):
        assert SEATS[i] in colours(panel)
    text = summary(view)
    assert "co-op" in text and objective_name(view.team_objectives[0]) in text


@pytest.mark.rule("LD-MODE-2")
def test_coop_on_mars_draws_both() -> None:
    view = mars(4, "coop")
    with fresh_drawn_texts() as texts:
        render_image(view)
    assert "CO-OP" in texts and "OBJECTIVES" in texts and "BUNKER" in texts


@pytest.mark.rule("LD-MODE-1")
def test_solo_marks_the_mode_and_keeps_the_objective_private() -> None:
    view = RS.view(play(1, 3, 30, mode="solo"), None)
    assert view.winners is None
    geo = geometry(layout_key(view))
    assert layout(geo, 1).team is None
    with fresh_drawn_texts() as texts:
        render_image(view)
    assert "SOLO" in texts and "OBJECTIVES" not in texts
    assert "(solo)" in summary(view)


def test_semi_coop_has_no_mode_mark_and_no_team_panel() -> None:
    view = RS.view(play(3, 3, 30), None)
    with fresh_drawn_texts() as texts:
        render_image(view)
    assert not {"CO-OP", "SOLO", "OBJECTIVES", "REVEALED"} & set(texts)
