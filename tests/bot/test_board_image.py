"""The board image of a state (bot/table_parts.py `board_image`): drawn from the public
view and the names; not drawn again for the board already shown when neither changed
(the move count, which no board draws, aside)."""

from __future__ import annotations

import hashlib
import random

import pytest

from bot import table_parts as parts
from bot.position import Position
from renders import render_board
from rules import get_ruleset

SEATS = ["100000000000000000", "100000000000007919", "100000000000015838"]
NAMES = {seat: f"Player {i + 1}" for i, seat in enumerate(SEATS)}
DM = get_ruleset("darkmoon")


def states(moves: int) -> list[Position]:
    state = DM.new_game(SEATS, 4, DM.Options())
    rnd = random.Random(4)
    out = [Position(DM, state)]
    for _ in range(moves):
        seat = rnd.choice(DM.pending(state)).seat
        state = DM.apply(state, seat, rnd.choice(DM.legal_actions(state, seat))).state
        out.append(Position(DM, state))
    return out


def test_an_image_is_the_boards_png_with_its_digests() -> None:
    at = states(0)[0]
    image = parts.board_image(at, NAMES)
    assert image.png == render_board(at.view(None), NAMES)
    assert image.digest == hashlib.blake2b(image.png, digest_size=16).hexdigest()
    assert image.source == parts.board_source(at, NAMES)
    assert image.file().fp.read() == image.png
    assert image.shown() == parts.BoardImage(image.source, image.digest)
    with pytest.raises(ValueError):
        image.shown().file()


def test_the_board_shown_is_not_drawn_again_while_its_view_and_names_stay() -> None:
    first = states(0)[0]
    shown = parts.board_image(first, NAMES).shown()
    again = Position(DM, first.state.model_copy(update={"version": first.version + 5}))
    assert parts.board_image(first, NAMES, shown) is shown
    assert parts.board_source(again, NAMES) == shown.source
    renamed = {**NAMES, SEATS[1]: "Someone Else"}
    redrawn = parts.board_image(first, renamed, shown)
    assert redrawn.png is not None and redrawn.source != shown.source
    assert redrawn.digest != shown.digest


def test_a_move_that_changes_the_view_draws_again() -> None:
    history = states(12)
    sources = [parts.board_source(at, NAMES) for at in history]
    changed = [(a, b) for a, b, sa, sb in zip(history, history[1:], sources, sources[1:],
                                             strict=False) if sa != sb]
    assert changed
    before, after = changed[0]
    shown = parts.board_image(before, NAMES).shown()
    image = parts.board_image(after, NAMES, shown)
    assert image.png == render_board(after.view(None), NAMES)
