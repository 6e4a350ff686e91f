"""What the Nemesis family's boards say (issue 18): legends that explain every mark
(an intruder's injuries, a room on fire, the search stripes, the thresholds and the
token of Lockdown's time track), the rules' words for intruders and technical
corridors, the Mars side's area without a building, a legend no corridor crosses, and
the end of the game after the ship explodes. Checked on the texts the boards draw."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import pytest
from PIL import Image
from playouts import random_game
from text_spy import drawn_texts

from kits.lockdown import board as lockdown
from kits.lockdown import mars_board as lockdown_mars
from kits.nemesis.pieces import LEGEND_LINE, WHITE, entry_width
from kits.nemesis_original import board as nemesis
from renders import render_image
from renders.board_geometry import box_dist, free_span
from renders.common import C, text_width
from rules import get_ruleset
from rules.lockdown.view import LockdownView
from rules.nemesis_original.endgame import end_if_nobody_left
from rules.nemesis_original.view import NemesisView

LD = get_ruleset("lockdown")
NX = get_ruleset("nemesis")
EGG_COUNT = re.compile(r"^\d+ EGGS?$")


@lru_cache(maxsize=4)
def lockdown_view(board: str = "basic") -> LockdownView:
    return LD.view(random_game(LD, 3, 3, 90, LD.Options(board=board)), None)  # type: ignore[no-any-return]


@lru_cache(maxsize=2)
def nemesis_view() -> NemesisView:
    return NX.view(random_game(NX, 3, 2, 120), None)  # type: ignore[no-any-return]


def texts_of(view: Any, names: dict[str, str] | None = None) -> list[str]:
    """Every text the board rasterises, its cached frames and tiles drawn again."""
    with drawn_texts(lockdown._frames.clear, lockdown._tile.cache_clear,
                     lockdown_mars.crossroads_tile.cache_clear, nemesis._frames.clear,
                     nemesis._tile.cache_clear) as texts:
        render_image(view, names)
    return texts


BOARDS = {"lockdown": lambda: lockdown_view(), "mars": lambda: lockdown_view("mars"),
          "nemesis": nemesis_view}


# ---------------------------------------------------------------------- legends
@pytest.mark.parametrize("board", list(BOARDS))
def test_every_legend_explains_injuries_fire_and_the_search_stripes(board: str) -> None:
    drawn = texts_of(BOARDS[board]())
    for label in ("injuries", "fire", "search deck", "intruder:", "character (seat)"):
        assert label in drawn, label
    # the technical corridors' entrances are vents on the basic side and the ship; the
    # Mars side has areas instead
    assert ("technical corridor" in drawn) == (board != "mars")
    assert "vent" not in drawn


@pytest.mark.parametrize("active", [False, True])
def test_lockdown_time_track_explains_its_thresholds_and_the_time_token(active: bool) -> None:
    view = lockdown_view().model_copy(update={"time_active": active})
    drawn = texts_of(view)
    assert "threshold: crossing it cuts the power if the token is inactive" in drawn
    assert "always cuts the power" in drawn
    words = "token active (backup power)" if active else "token inactive (no backup power)"
    assert f"slot {view.time} · {words}" in drawn
    assert not any(t.endswith("· token inactive") for t in drawn)


@pytest.mark.parametrize("board", list(BOARDS))
def test_the_panels_say_intruders_and_technical_corridors(board: str) -> None:
    drawn = texts_of(BOARDS[board]())
    assert "INTRUDERS" in drawn and "ALIENS" not in drawn and "VENTS" not in drawn
    assert ("TECH CORRIDORS" in drawn) == (board != "mars")  # Mars: areas, no corridors


def test_the_lockdown_legend_keeps_clear_of_every_corridor_plate_vent_and_room() -> None:
    """The legend sits in the first staircase band beside Stairs A: no corridor line,
    corridor number, technical entrance or room comes near its box, and its lines fit
    the box."""
    view = lockdown_view()
    geo = lockdown.geometry(lockdown.layout_key(view))
    assert geo.legend is not None
    x0, y0, x1, y1 = geo.legend
    clear = 8.0

    def near_segment(a: tuple[float, float], b: tuple[float, float]) -> bool:
        steps = max(2, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) / 4))
        return any(box_dist((a[0] + (b[0] - a[0]) * i / steps,
                             a[1] + (b[1] - a[1]) * i / steps), geo.legend) < clear
                   for i in range(steps + 1))

    for cid, (a, b) in [*geo.segments.items(), *geo.stubs.items()]:
        assert not near_segment(a, b), cid
    for (px, py), number in geo.plates:
        assert box_dist((px, py), geo.legend) > 11 + clear / 2, number
    for _start, vent in geo.stubs.values():
        assert box_dist(vent, geo.legend) > 13
    for slot, box in geo.boxes.items():
        assert box[2] < x0 or box[0] > x1 or box[3] < y0 or box[1] > y1, slot
    stairs = geo.boxes["stairs_a"]
    assert stairs[2] < x0 and stairs[1] < y1 and stairs[3] > y0  # beside Stairs A
    lines = lockdown.legend_lines(int(x1 - x0))
    assert len(lines) * LEGEND_LINE <= y1 - y0
    for line in lines:
        assert sum(entry_width(e) for e in line) + 18 * (len(line) - 1) <= x1 - x0


def test_a_legend_with_corridors_across_its_band_takes_the_widest_clear_part() -> None:
    band = (0.0, 100.0, 1000.0, 200.0)
    segments = [((150.0, 80.0), (200.0, 220.0)),   # across the band: x 157..193 there
                ((900.0, 0.0), (900.0, 99.0)),     # ends above it: no matter
                ((700.0, 150.0), (800.0, 150.0))]  # inside it
    plates = [(500.0, 205.0), (300.0, 90.0 - 11.0)]  # one reaches into the band, one not
    rooms = [(0.0, 90.0, 50.0, 210.0)]
    # clear, 10 px from everything: 60..147, 203..481, 519..690, 810..1000
    x0, y0, x1, y1 = free_span(band, segments, plates, rooms, 10)
    assert x0 == pytest.approx(200 - 50 * 1 / 7 + 10) and x1 == 481.0
    assert (y0, y1) == (100.0, 200.0)
    assert free_span(band, [], [], [], 10) == band


# ------------------------------------------------------------------------- Mars
@pytest.mark.rule("LD-MARS-1")
def test_mars_area_without_a_building_says_what_it_is() -> None:
    """Area 3 has no building (000: noise rolled on a crossroads can land there): its
    label is not an empty pill but says so, inside its patch."""
    view = lockdown_view("mars")
    drawn = texts_of(view)
    note = "no building: noise rolled on a crossroads"
    assert "AREA 3" in drawn and note in drawn
    geo = lockdown.geometry(lockdown.layout_key(view))
    surface = geo.surface
    (lx, _cy), title = surface.labels[3]
    assert title == ""
    patch = surface.areas[3]
    start = lx + text_width("AREA 3", 22, True) + 12 + lockdown_mars.NOISE_SPOT
    assert start + text_width(note, 22) <= patch[2] - 12
    for number, (_pos, title) in surface.labels.items():
        if number != 3:
            assert title and note not in title


# ------------------------------------------------------------------ the nest
@pytest.mark.parametrize("board", ["lockdown", "nemesis"])
@pytest.mark.parametrize("destroyed", [False, True])
def test_a_destroyed_nest_shows_no_egg_count(board: str, destroyed: bool) -> None:
    view = BOARDS[board]().model_copy(update={"eggs": 8, "nest_found": True,
                                              "nest_destroyed": destroyed})
    drawn = texts_of(view)
    eggs = [t for t in drawn if EGG_COUNT.match(t)]
    if destroyed:
        assert "NEST DESTROYED" in drawn and eggs == []
    else:
        assert "NEST FOUND" in drawn and eggs == ["8 EGGS"]


# ------------------------------------------------------------------- the end
def ended(self_destruct: int | None) -> NemesisView:
    """A game where the last awake character died, the self-destruct running or not."""
    s = random_game(NX, 3, 2, 120)
    s.self_destruct = self_destruct
    s.eggs = 8
    for hero in s.heroes.values():
        if hero.place in ("board", "pod"):
            hero.place = "dead"
    ctx = NX.ctx_type(s)
    end_if_nobody_left(ctx)
    NX.machine.advance(ctx)
    return NX.view(s, None)  # type: ignore[no-any-return]


def ring_at(img: Image.Image, box: tuple[float, float, float, float]) -> tuple[int, ...]:
    """The colour of the marker ring's left side around a track space."""
    return img.getpixel((round(box[0]) - 2, round((box[1] + box[3]) / 2)))  # type: ignore[return-value]


@pytest.mark.rule("NE-END-1")
def test_after_the_explosion_the_markers_stand_at_the_end_and_the_nest_is_gone() -> None:
    view = ended(3)
    assert view.ended == "explosion:the self-destruct sequence"
    drawn = texts_of(view)
    assert "The ship exploded: the self-destruct sequence" in drawn
    assert "EXPLODED" in drawn and "COUNTING DOWN" not in drawn
    assert "NEST DESTROYED" in drawn and not [t for t in drawn if EGG_COUNT.match(t)]
    lay = nemesis.layout(nemesis.geometry(nemesis.layout_key(view)), len(view.heroes))
    img = render_image(view)
    assert ring_at(img, nemesis._sd_box(lay, nemesis.SD_LEN)) == C.DANGER
    assert ring_at(img, nemesis._sd_box(lay, 3)) != C.DANGER
    assert ring_at(img, nemesis._time_box(lay, nemesis.TIME_LEN)) == WHITE


@pytest.mark.rule("NE-END-1")
def test_after_the_jump_the_time_marker_stands_on_the_last_space() -> None:
    view = ended(None)
    assert view.ended == "hyperjump"
    drawn = texts_of(view)
    assert "The ship jumped into hyperspace" in drawn and "EXPLODED" not in drawn
    assert "off" in drawn
    lay = nemesis.layout(nemesis.geometry(nemesis.layout_key(view)), len(view.heroes))
    assert ring_at(render_image(view), nemesis._time_box(lay, nemesis.TIME_LEN)) == WHITE


def test_a_running_game_still_counts_down() -> None:
    view = nemesis_view().model_copy(update={"self_destruct": 3})
    drawn = texts_of(view)
    assert "COUNTING DOWN" in drawn and "EXPLODED" not in drawn
    assert any(t.startswith(f"space {view.time} of {view.time_length}") for t in drawn)


# ---------------------------------------------------------------------- player rows
@pytest.mark.parametrize(("place", "shown"), [("board", True), ("bunker", False),
                                              ("css", False), ("dead", False)])
def test_passed_is_shown_only_for_a_character_still_playing_rounds(place: str,
                                                                   shown: bool) -> None:
    """A character who escaped (bunker, CSS pod) or died plays no more rounds: their row
    does not say PASSED, whatever their last round left."""
    view = lockdown_view("mars")
    live = next(h for h in view.heroes if h.place == "board")
    others = [h.model_copy(update={"passed": False}) for h in view.heroes if h is not live]
    row = live.model_copy(update={"passed": True, "place": place})
    changed = view.model_copy(update={"heroes": [row, *others], "winners": None})
    assert ("PASSED" in texts_of(changed)) is shown
