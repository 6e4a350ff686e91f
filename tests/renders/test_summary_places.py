"""The text summary says where a character off the board is in words (issue 18: "1 Ana:
css" after her escape), and says a destroyed nest without the egg count the board had
before it went."""

from __future__ import annotations

from typing import Any

import pytest
from playouts import random_game, seats_for
from text_spy import drawn_texts

from kits.lockdown import board as lockdown_board
from renders import render_image
from renders.summary import summary
from rules import get_ruleset

NAMES = {seat: name for seat, name in zip(seats_for(3), ("Ana", "Bo", "Cy"), strict=True)}


def lockdown(board: str = "basic") -> Any:
    rs = get_ruleset("lockdown")
    return rs.view(random_game(rs, 3, 5, 60, rs.Options(board=board)), None)


def nemesis() -> Any:
    rs = get_ruleset("nemesis")
    return rs.view(random_game(rs, 3, 5, 60), None)


def placed(view: Any, i: int, **changes: object) -> Any:
    heroes = list(view.heroes)
    heroes[i] = heroes[i].model_copy(update=changes)
    return view.model_copy(update={"heroes": heroes})


@pytest.mark.parametrize(("place", "words"), [("css", "escaped (CSS pod)"),
                                              ("isolated", "isolated"), ("dead", "dead")])
def test_lockdown_says_who_escaped_and_how(place: str, words: str) -> None:
    text = summary(placed(lockdown(), 0, place=place), NAMES)
    assert f"1 Ana: {words}" in text
    assert "Ana: css" not in text


def test_mars_says_who_reached_the_bunker() -> None:
    view = placed(lockdown("mars"), 1, place="bunker")
    assert "2 Bo: escaped (bunker)" in summary(view, NAMES)
    with drawn_texts(lockdown_board._frames.clear) as drawn:  # the player's row
        render_image(view, NAMES)
    assert "ESCAPED (BUNKER)" in drawn


def test_nemesis_names_the_pod_of_an_escape_and_of_a_wait() -> None:
    view = placed(placed(nemesis(), 0, place="escaped", pod="A1"), 2, place="pod", pod="B2")
    view = placed(view, 1, place="hibernated", pod=None)
    text = summary(view, NAMES)
    assert "1 Ana: escaped in pod A1" in text
    assert "2 Bo: hibernating" in text
    assert "3 Cy: pod B2" in text


@pytest.mark.parametrize("destroyed", [False, True])
def test_a_destroyed_nest_is_said_without_its_eggs(destroyed: bool) -> None:
    for view in (lockdown(), nemesis()):
        text = summary(view.model_copy(update={"eggs": 8, "nest_found": True,
                                               "nest_destroyed": destroyed}), NAMES)
        if destroyed:
            assert "nest destroyed" in text and "8 eggs" not in text
        else:
            assert "8 eggs, nest found" in text
