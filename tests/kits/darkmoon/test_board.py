"""The Dark Moon board image: decodes, right size, changes with the view, fits its text."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops
from text_spy import drawn_texts, text_sizes

from kits.darkmoon import board as darkmoon
from kits.darkmoon.board import COL_A, COL_B, COL_C, HEADER_H, H, W, _static_frame, render_image
from kits.darkmoon.expansion_board import (
    BAND_H,
    LEGEND_H,
    banner_title,
    header_result,
    rule_name,
    vote_words,
)
from renders import render_board
from renders.common import C, fit_text, text_width, wrap_text
from renders.png import encode_png, quantize
from rules import get_ruleset
from rules.darkmoon import threats
from rules.darkmoon.view import DarkMoonView, TaskView, VoteView

RS = get_ruleset("darkmoon")
LONG = "X" * 32
LONGEST = "Supercalifragilisticexpialidocio"  # 32 characters, wide letters


def seats_for(n: int) -> list[str]:
    return [str(100000000000000000 + 7919 * i) for i in range(n)]


def steps(n: int, seed: int, limit: int = 4000) -> Iterator[tuple[object, str, object, object]]:
    """(state before, seat, action, state after) of a seeded random game."""
    s = RS.new_game(seats_for(n), seed=seed)
    rnd = random.Random(seed)
    for _ in range(limit):
        if s.result is not None:
            return
        prompt = RS.pending(s)[0]
        action = rnd.choice(RS.legal_actions(s, prompt.seat))
        after = RS.apply(s, prompt.seat, action).state
        yield s, prompt.seat, action, after
        s = after


def finished(n: int, seed: int):  # type: ignore[no-untyped-def]
    last = None
    for *_, after in steps(n, seed):
        last = after
    assert last is not None and last.result is not None
    return last


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    img.load()
    return img.convert("RGB")


def png_of(view: DarkMoonView, names: dict[str, str] | None = None) -> bytes:
    """The board as drawn (losslessly encoded: the tests look at what is drawn; the
    board's own 256-colour PNG is tested in test_png_is_the_drawn_board_in_256_colours)."""
    return encode_png(render_image(view, names), palette=False)


def differ(a: bytes, b: bytes) -> bool:
    return ImageChops.difference(decode(a), decode(b)).getbbox() is not None


def long_names(view: DarkMoonView) -> dict[str, str]:
    return {s.seat: (LONG if i % 2 else LONGEST) for i, s in enumerate(view.seats)}


# ------------------------------------------------------------------------ basics
def test_png_decodes_with_the_expected_size() -> None:
    s = RS.new_game(seats_for(5), seed=7)
    png = render_board(RS.view(s, None))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    img = decode(png)
    assert img.size == (W, H) == (1100, 700)


def test_png_is_the_drawn_board_in_256_colours() -> None:
    view = RS.view(RS.new_game(seats_for(4), seed=3), None)
    img = render_image(view)
    back = decode(render_board(view))
    assert back.tobytes() == quantize(img).convert("RGB").tobytes()
    assert decode(encode_png(img, palette=False)).tobytes() == img.tobytes()


def test_same_view_renders_the_same_bytes() -> None:
    view = RS.view(RS.new_game(seats_for(4), seed=2), None)
    assert render_board(view) == render_board(view)


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_every_player_count_with_long_names(n: int) -> None:
    view = RS.view(RS.new_game(seats_for(n), seed=n), None)
    img = decode(png_of(view, long_names(view)))
    assert img.size == (W, H)
    assert_gutters_clean(img)


def test_names_fallback_and_partial_names() -> None:
    view = RS.view(RS.new_game(seats_for(3), seed=1), None)
    a = png_of(view, None)
    b = png_of(view, {view.seats[0].seat: "Alice"})
    assert differ(a, b)


def assert_gutters_clean(img: Image.Image, banner: bool = False) -> None:
    """Nothing drawn spills into the gaps between the three columns (the end-of-game
    banner dims the first two columns and the gap between them on purpose)."""
    frame = _static_frame()
    gaps = [(COL_B[1] + 1, COL_C[0] - 1)]
    if not banner:
        gaps.append((COL_A[1] + 1, COL_B[0] - 1))
    for x0, x1 in gaps:
        box = (x0, HEADER_H + 4, x1, H - 1)
        assert ImageChops.difference(img.crop(box), frame.crop(box)).getbbox() is None
    right = (COL_C[1] + 1, HEADER_H + 4, W, H)
    assert ImageChops.difference(img.crop(right), frame.crop(right)).getbbox() is None


def test_long_names_do_not_overflow_through_a_whole_game() -> None:
    for i, (_, _, _, after) in enumerate(steps(7, seed=4, limit=300)):
        if i % 15:
            continue
        view = RS.view(after, None)
        assert_gutters_clean(decode(png_of(view, long_names(view))))


# ----------------------------------------------------------------- the board moves
def test_image_changes_after_a_shield_token() -> None:
    for seed in range(40):
        for before, _, _, after in steps(5, seed):
            if after.shield > before.shield:
                a = png_of(RS.view(before, None))
                b = png_of(RS.view(after, None))
                assert differ(a, b)
                return
    pytest.fail("no shield token placed in 40 random games")


def test_shield_count_alone_changes_the_image() -> None:
    view = RS.view(RS.new_game(seats_for(5), seed=7), None)
    more = view.model_copy(update={"shield": view.shield + 1})
    assert differ(png_of(view), png_of(more))


def test_image_changes_after_a_vote_is_cast() -> None:
    for seed in range(40):
        for before, _, action, after in steps(5, seed):
            if RS.pending(before)[0].kind == "vote":
                assert action.key.startswith("vote")
                assert differ(png_of(RS.view(before, None)), png_of(RS.view(after, None)))
                return
    pytest.fail("no vote in 40 random games")


def test_sabotage_marker_shows() -> None:
    view = RS.view(RS.new_game(seats_for(5), seed=7), None)
    base = png_of(view)
    for area in ("shield", "outpost", "life_support"):
        assert differ(base, png_of(view.model_copy(update={"sabotage": area})))


def test_suspicion_removed() -> None:
    view = RS.view(RS.new_game(seats_for(5), seed=7), None)
    gone = view.model_copy(update={"suspicion": None})
    assert decode(png_of(gone)).size == (W, H)
    assert differ(png_of(view), png_of(gone))


def test_final_event_in_progress() -> None:
    s = RS.new_game(seats_for(6), seed=9)
    done = s.event_deck[:3]
    final = s.model_copy(update={"events_done": done, "current_event": None,
                                 "final_started": True, "final_cubes": 2})
    view = RS.view(final, None)
    assert view.final_started and view.event is None and len(view.event_done_names) == 3
    not_started = view.model_copy(update={"final_started": False})
    img = decode(png_of(view, long_names(view)))
    assert img.size == (W, H)
    assert_gutters_clean(img)
    assert differ(png_of(view), png_of(not_started))


def test_task_views_malfunction_and_complication() -> None:
    view = RS.view(RS.new_game(seats_for(5), seed=7), None)
    malfunction = TaskView(id="x", name="Burnt-out power coupling in the mess hall " * 2,
                           kind="malfunction", system="unknown", difficulty=9, consequence=1,
                           suspicious=True, text="")
    complication = TaskView(id="y", name="Voluntary Blood Testing", kind="complication",
                            system=None, difficulty=None, consequence=None, suspicious=False,
                            text="In turn order, each player behind an uninfected screen may "
                                 "volunteer to enter quarantine for testing. " * 4)
    images = [png_of(view)]
    for task, track, diff in ((malfunction, -4, None), (malfunction, 14, 10),
                              (complication, 0, None)):
        v = view.model_copy(update={"task": task, "success_track": track, "difficulty": diff})
        img = decode(png_of(v))
        assert_gutters_clean(img)
        images.append(png_of(v))
    assert len(set(images)) == len(images)


def test_finished_game_banner() -> None:
    state = finished(5, seed=3)
    view = RS.view(state, None)
    assert view.result in ("infected", "uninfected")
    png = png_of(view, long_names(view))
    img = decode(png)
    colour = C.INFECTED if view.result == "infected" else C.OK
    banner = img.crop((COL_A[0], 250, COL_B[1], 450))
    hits = dict((c, n) for n, c in banner.getcolors(maxcolors=1 << 20)).get(colour, 0)
    assert hits > 2000  # the big team title and the frame
    assert differ(png, png_of(view.model_copy(update={"result": None}), long_names(view)))


def test_every_finished_player_count() -> None:
    for n in (3, 7):
        view = RS.view(finished(n, seed=n), None)
        img = decode(png_of(view, long_names(view)))
        assert_gutters_clean(img, banner=True)


# ---------------------------------------------------------------- text helpers
@pytest.mark.parametrize("size,bold", [(20, False), (22, True), (28, True)])
def test_fit_text_never_exceeds_the_width(size: int, bold: bool) -> None:
    for text in (LONG, LONGEST, "Protect Self-Destruct Codes", "a", ""):
        for width in (0, 5, 40, 120, 400):
            out = fit_text(text, size, bold, width)
            assert text_width(out, size, bold) <= width
            if text_width(text, size, bold) <= width:
                assert out == text


def test_wrap_text_limits_lines_and_width() -> None:
    text = "Name a player, yourself included, and hold a quarantine vote on them. " * 5
    lines = wrap_text(text, 20, False, 280, 4)
    assert 1 <= len(lines) <= 4
    assert all(text_width(x, 20, False) <= 280 for x in lines)
    assert lines[-1].endswith("…")
    assert wrap_text("Short task", 20, False, 280, 3) == ("Short task",)


def test_extreme_values_stay_inside_their_panels() -> None:
    s = RS.new_game(seats_for(7), seed=5)
    view = RS.view(s, None)
    stations = ["shield_control", "life_support", "research_lab", "communications",
                "hangar_bay", "command"]
    chars = [x.character for x in view.seats][:6]
    seats = [x.model_copy(update={"quarantined": True, "fatigued": True, "revealed": True,
                                  "commander": True, "participation": "out",
                                  "status": "infected_contagion",
                                  "status_name": "Infected: Contagion"})
             for x in view.seats]
    for shield in (0, 3, 6):
        extreme = view.model_copy(update={
            "shield": shield, "outposts": stations, "outpost_names": [
                x.replace("_", " ").title() for x in stations],
            "fatigue": chars, "fatigue_names": [LONGEST] * 6, "seats": seats,
            "waiting": [x.seat for x in seats], "success_track": 40, "difficulty": 13,
            "round": 99, "task_deck": 999, "task_discard": 999,
            "event_done_names": [LONGEST] * 5, "events_done": ["x"] * 5,
        })
        assert_gutters_clean(decode(png_of(extreme, long_names(extreme))))


# --------------------------------------------------- Shadow Corporation expansion
def expansion_view(n: int = 5, seed: int = 7, **options: object) -> DarkMoonView:
    opts = RS.Options(expansion=True, threats=True, company_man=True, **options)
    return RS.view(RS.new_game(seats_for(n), seed=seed, options=opts), None)


def crafted_expansion(view: DarkMoonView) -> DarkMoonView:
    """Every part of the band in use: two cleared, one amputated, a corporation die,
    threat and wild tokens taken."""
    seats = [s.seat for s in view.seats]
    assert view.expansion is not None and view.threats is not None
    x = view.expansion.model_copy(update={
        "board": "ready", "cleared": seats[:2], "evacuation_cube": 2, "amputated": [seats[3]],
        "corporation_die": -2})
    t = view.threats.model_copy(update={
        "dealt": True, "claimed": {seats[0]: "exposure", seats[2]: "retrieve_sample"},
        "tokens": {seats[0]: "exposure", seats[2]: "wild"}, "wild": 2})
    return view.model_copy(update={"expansion": x, "threats": t})


def test_core_board_keeps_its_size_without_the_expansion() -> None:
    view = RS.view(RS.new_game(seats_for(5), seed=7), None)
    assert view.expansion is None and not view.rules_on
    assert decode(png_of(view)).size == (W, H)


def test_expansion_board_grows_a_band_and_a_legend() -> None:
    view = expansion_view()
    assert view.rules_on == ["threats", "company_man"]
    img = decode(png_of(view, long_names(view)))
    assert img.size == (W, H + BAND_H + LEGEND_H)
    # the core part of the board is drawn exactly as without the expansion's band
    bare = view.model_copy(update={"expansion": None, "threats": None, "rules_on": []})
    core = decode(png_of(bare, long_names(view)))
    box = (0, 0, COL_B[1], H)
    assert ImageChops.difference(img.crop(box), core.crop(box)).getbbox() is None


def test_a_variant_alone_adds_only_the_legend() -> None:
    opts = RS.Options(safe_orders=True, nerfed_reveal="extreme")
    view = RS.view(RS.new_game(seats_for(5), seed=7, options=opts), None)
    assert view.expansion is None
    assert decode(png_of(view)).size == (W, H + LEGEND_H)
    assert rule_name("nerfed_reveal:extreme") == "Nerfed Reveal (extreme)"
    assert rule_name("first_is_last") == "First Is Last"


def test_every_expansion_part_changes_the_band() -> None:
    base = crafted_expansion(expansion_view())
    x, t = base.expansion, base.threats
    assert x is not None and t is not None
    band = (0, H, W, H + BAND_H)
    crew = (COL_C[0], HEADER_H, W, H)
    variants = {
        "refueling side": (base.model_copy(update={"expansion": x.model_copy(
            update={"board": "refueling"})}), band),
        "evacuation called off": (base.model_copy(update={"expansion": x.model_copy(
            update={"board": "gone"})}), band),
        "cube moved": (base.model_copy(update={"expansion": x.model_copy(
            update={"evacuation_cube": 3})}), band),
        "nobody cleared": (base.model_copy(update={"expansion": x.model_copy(
            update={"cleared": []})}), band),
        "took off": (base.model_copy(update={"expansion": x.model_copy(
            update={"aboard": x.cleared})}), band),
        "no amputation": (base.model_copy(update={"expansion": x.model_copy(
            update={"amputated": []})}), band),
        "other corporation die": (base.model_copy(update={"expansion": x.model_copy(
            update={"corporation_die": 1})}), band),
        "no corporation die": (base.model_copy(update={"expansion": x.model_copy(
            update={"corporation_die": None})}), band),
        "no token taken": (base.model_copy(update={"threats": t.model_copy(
            update={"claimed": {}, "tokens": {}})}), band),
        "threats not dealt": (base.model_copy(update={"threats": t.model_copy(
            update={"dealt": False})}), band),
        "crew without chips": (base.model_copy(update={"expansion": x.model_copy(
            update={"cleared": [], "amputated": []})}), crew),
    }
    img = decode(png_of(base, long_names(base)))
    assert_gutters_clean(img.crop((0, 0, W, H)))
    for what, (v, box) in variants.items():
        other = decode(png_of(v, long_names(base)))
        assert ImageChops.difference(img.crop(box), other.crop(box)).getbbox() is not None, what


def test_expansion_vote_topics_in_the_header() -> None:
    base = expansion_view()
    seat = base.seats[1].seat
    vote = VoteView(target=seat, release=False, voted=[], waiting=[seat])
    x = base.expansion
    assert x is not None
    pngs = {png_of(base.model_copy(update={"vote": vote, "expansion": x.model_copy(
        update={"vote_topic": topic})})) for topic in ("quarantine", "amputation", "clearance",
                                                       "takeoff")}
    assert len(pngs) == 4
    assert vote_words(base.model_copy(update={"vote": vote, "expansion": x.model_copy(
        update={"vote_topic": "clearance"})}), "Ann") == "clear Ann for evacuation"


def test_company_man_result_banner() -> None:
    view = crafted_expansion(expansion_view())
    won = view.model_copy(update={"result": "company_man",
                                  "result_reason": "an amputated infected player"})
    img = decode(png_of(won))
    banner = img.crop((COL_A[0], 250, COL_B[1], 450))
    hits = dict((c, n) for n, c in banner.getcolors(maxcolors=1 << 20)).get(C.WARN, 0)
    assert hits > 2000
    uninfected = won.model_copy(update={"result": "uninfected"})
    assert differ(png_of(won), png_of(uninfected))
    assert banner_title("company_man")[0] == "THE COMPANY MAN WINS"
    assert header_result("company_man")[0] == "Game over: the Company Man wins alone"


def test_no_expansion_text_is_smaller_than_the_minimum() -> None:
    view = crafted_expansion(expansion_view(7, safe_orders=True, costly_actions=True))
    with text_sizes(darkmoon._frames_x.clear) as sizes:
        render_image(view, long_names(view))
        render_image(view.model_copy(update={"result": "company_man", "result_reason": "x"}))
    assert sizes and min(sizes) >= darkmoon.MIN_TEXT


def test_expansion_boards_through_whole_games_at_every_player_count() -> None:
    opts = RS.Options(expansion=True, threats=True, company_man=True, deadly_events=True)
    for n in (3, 5, 7):
        s = RS.new_game(seats_for(n), seed=n, options=opts)
        rnd = random.Random(n)
        for i in range(4000):
            if s.result is not None:
                break
            prompt = RS.pending(s)[0]
            s = RS.apply(s, prompt.seat, rnd.choice(RS.legal_actions(s, prompt.seat))).state
            if i % 40 == 0:
                view = RS.view(s, None)
                img = decode(png_of(view, long_names(view)))
                assert img.size == (W, H + BAND_H + LEGEND_H)
                assert_gutters_clean(img.crop((0, 0, W, H)))
        assert s.result is not None
        img = decode(png_of(RS.view(s, None)))
        assert img.size == (W, H + BAND_H + LEGEND_H)


def test_summary_says_the_expansion_in_words() -> None:
    from renders.summary import MAX_CHARS, summary

    view = crafted_expansion(expansion_view())
    names = {s.seat: f"P{i}" for i, s in enumerate(view.seats)}
    text = summary(view, names)
    assert "evacuation ready for take-off, vote track 2/3" in text
    assert "cleared 2/2: P0, P1" in text
    assert "amputated: P3" in text and "corporation die" not in text  # no task in play
    assert "threat tokens: P0 Exposure, P2 Retrieve Sample (wild)" in text
    assert "in play: Threats, Company Man" in text
    assert len(text) <= MAX_CHARS
    won = summary(view.model_copy(update={"result": "company_man"}), names)
    assert "game over: the Company Man wins alone" in won
    core = summary(RS.view(RS.new_game(seats_for(5), seed=7), None))
    assert "evacuation" not in core and "in play" not in core


def test_summary_keeps_the_task_in_play_with_its_corporation_die() -> None:
    """The task and the die submitted for it come first on their line, so a long head
    (every player deciding, long names) drops the final event and the count of events
    done before the task itself."""
    from renders.summary import MAX_CHARS, summary
    from rules.darkmoon.view import TaskView

    view = crafted_expansion(expansion_view())
    task = TaskView(id="relay_fire", name="Relay fire in shield control", kind="malfunction",
                    system="shield", difficulty=9, consequence=1, suspicious=False, text="")
    seats = [s.seat for s in view.seats]
    view = view.model_copy(update={"task": task, "success_track": 3, "waiting": seats})
    names = {seat: f"a rather long player name {i}" for i, seat in enumerate(seats)}
    text = summary(view, names)
    assert len(text) <= MAX_CHARS
    assert "task Relay fire in shield control: success 3/9 (corporation die \u22122)" in text
    assert "evacuation" in text and "corporation die" not in text.split("evacuation")[1]


@pytest.mark.parametrize(("st", "target", "note"), [
    (-2, 7, "below 0"), (-12, 12, ""), (9, 9, "\u2713 enough"), (10, 9, "\u2713 done"),
    (3, 9, "")])
def test_the_success_note_never_runs_into_the_score(st: int, target: int, note: str) -> None:
    """'below zero' beside SUCCESS used to overlap a score like '-2 / 7'."""
    from kits.darkmoon.board import MIN_TEXT, P_TASK, success_note
    from renders.common import text_width

    assert success_note(st, target) == note
    if note:
        x0, _, x1, _ = P_TASK
        note_end = x0 + 14 + text_width("SUCCESS", MIN_TEXT, True) + 10 + text_width(
            note, MIN_TEXT, True)
        assert note_end + 10 <= x1 - 14 - text_width(f"{st} / {target}", 22, True)


def test_the_suspicious_chip_clears_the_task_panel_title() -> None:
    """The SUSPICIOUS chip sits at the right of the task panel's title row; it used to
    cover the end of 'TASK IN PLAY'."""
    from kits.darkmoon.board import MIN_TEXT, P_TASK, PANEL_TITLES
    from renders.common import chip_width, text_width

    x0, _, x1, _ = P_TASK
    title = dict(PANEL_TITLES)[P_TASK]
    assert x0 + 14 + text_width(title, MIN_TEXT, True) + 10 <= x1 - 14 - chip_width("SUSPICIOUS")


# ------------------------------------------------------------------ no raw mentions
def _penalty_view() -> tuple[DarkMoonView, str]:
    """A game over whose reason is the engine's threat penalty, naming a seat."""
    s = RS.new_game(seats_for(5), seed=3, options=RS.Options(expansion=True, threats=True))
    assert s.expansion is not None
    seat = s.seats[2]
    s.expansion.threats = threats.new_threats()
    s.expansion.threats.cards[seat] = "isolate_specimen"
    s.result = "infected"
    s.result_reason = threats.penalty_reason(s, seat)
    assert f"<@{seat}> never fulfilled Isolate Specimen" in s.result_reason
    return RS.view(s, None), seat


def test_the_game_over_board_draws_names_not_mentions() -> None:
    view, seat = _penalty_view()
    names = {x.seat: f"Ana{i}" for i, x in enumerate(view.seats)}
    with drawn_texts(darkmoon._frames_x.clear) as texts:
        render_image(view, names)
    assert not [text for text in texts if "<@" in text]
    banner = " ".join(texts)
    assert f"{names[seat]} never fulfilled" in banner
    # with no name given, the short seat id the rest of the board uses
    with drawn_texts(darkmoon._frames_x.clear) as texts:
        render_image(view)
    assert not [text for text in texts if "<@" in text]
    assert f"{darkmoon.short_seat(seat)} never fulfilled" in " ".join(texts)


def test_no_board_of_a_whole_game_draws_a_mention() -> None:
    opts = RS.Options(expansion=True, threats=True, company_man=True)
    for n, options in ((4, None), (5, opts)):
        s = RS.new_game(seats_for(n), seed=11, options=options)
        rnd = random.Random(11)
        names = {seat: f"Name{i}" for i, seat in enumerate(s.seats)}
        seen: list[str] = []
        with drawn_texts(darkmoon._frames_x.clear) as texts:
            for i in range(3000):
                if s.result is not None:
                    break
                prompt = rnd.choice(RS.pending(s))
                s = RS.apply(s, prompt.seat, rnd.choice(RS.legal_actions(s, prompt.seat))).state
                if i % 25 == 0:
                    render_image(RS.view(s, None), names)
            assert s.result is not None
            render_image(RS.view(s, None), names)
            seen += texts
        assert seen and not [text for text in seen if "<@" in text]
