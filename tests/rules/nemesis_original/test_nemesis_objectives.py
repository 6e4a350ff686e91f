"""The original Nemesis's objectives at the victory check (NE-WIN-1): each kind of
objective card, met and not met (both sides of each threshold), as the table hears it
and as the recap tells it at the end."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from nemesis_helpers import IDX, SHIP, edit, run_with
from test_nemesis_end import ready_to_end

from rules.nemesis.state import Held
from rules.nemesis_original.event_phase import move_time
from rules.nemesis_original.recap import recap
from rules.nemesis_original.state import GameState

Craft = Callable[[GameState], None]


def card(kind: str, value: int | None = None) -> str:
    return next(o.id for o in IDX.objectives.values()
                if o.kind == kind and (value is None or o.value == value))


def judged(kind: str, craft: Craft, value: int | None = None, *, n: int = 3
           ) -> tuple[GameState, list[str]]:
    """The game ended at the jump (or the explosion) with p2 escaped in a pod holding the
    one objective `kind`, after `craft`; the end state and the objective checks said."""
    s = edit(ready_to_end(n))
    s.heroes["p2"].objectives = [card(kind, value)]
    craft(s)
    s, events = run_with(s, move_time)
    return s, [e.text for e in events if e.kind == "objective_check" and e.data["seat"] == "p2"]


def check(kind: str, craft: Craft, met: bool, value: int | None = None) -> None:
    s, said = judged(kind, craft, value)
    name = IDX.objectives[card(kind, value)].name
    assert "p2" in s.survivors
    assert ("p2" in s.winners) is met
    assert said == [f"<@p2> survived; objective: {name} — {'met' if met else 'not met'}."]
    against = f", against <@p{value - 1}>" if kind == "player_cannot_survive" and value else ""
    line = next(x for x in recap(s) if x.startswith("<@p2>, the "))
    assert line.endswith(f"and {'wins' if met else 'loses'}. Objective: {name}{against} "
                         f"({'met' if met else 'not met'}).")


def nothing(s: GameState) -> None:
    pass


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize("signal", [True, False])
def test_send_a_signal(signal: bool) -> None:
    def craft(s: GameState) -> None:
        s.heroes["p2"].signal = signal
    check("send_signal", craft, met=signal)


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize("value", [1, 2])
@pytest.mark.parametrize("short", [0, 1])
def test_discover_weaknesses_needs_as_many_as_the_card_says(value: int, short: int) -> None:
    def craft(s: GameState) -> None:
        s.weaknesses_found = list(range(value - short))
    check("discover_weakness", craft, met=short == 0, value=value)


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize(("eggs", "destroyed", "met"), [
    (0, False, True), (1, False, False), (3, True, True)])
def test_destroy_the_nest_means_no_egg_left_or_the_nest_gone(
        eggs: int, destroyed: bool, met: bool) -> None:
    def craft(s: GameState) -> None:
        s.eggs, s.nest_destroyed = eggs, destroyed
    check("destroy_nest", craft, met=met)


def off_course(s: GameState) -> None:
    earth = next(c.earth for c in SHIP.coordinates if c.id == s.coordinates)
    s.destination = next(x for x in SHIP.destination.spaces if x != earth)


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize(("craft", "met"), [(nothing, True), (off_course, False)])
def test_the_ship_reaches_earth(craft: Craft, met: bool) -> None:
    check("ship_to_earth", craft, met=met)


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize(("craft", "met"), [(nothing, False), (off_course, True)])
def test_quarantine_wants_the_ship_anywhere_but_earth(craft: Craft, met: bool) -> None:
    check("quarantine", craft, met=met)


def self_destruct_running(s: GameState) -> None:
    s.self_destruct = 2


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize("kind", ["ship_to_earth", "quarantine"])
def test_an_exploded_ship_reaches_nowhere(kind: str) -> None:
    def craft(s: GameState) -> None:
        self_destruct_running(s)
        if kind == "quarantine":
            off_course(s)
    check(kind, craft, met=False)


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize(("craft", "met"), [(nothing, False), (self_destruct_running, True)])
def test_self_destruct_wants_the_ship_blown_up(craft: Craft, met: bool) -> None:
    check("self_destruct", craft, met=met)


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize("damaged", [0, 1])
def test_engines_working_wants_all_three_working(damaged: int) -> None:
    def craft(s: GameState) -> None:
        s.engines = {"1": True, "2": True, "3": damaged == 0}
    check("engines_working", craft, met=damaged == 0)


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize(("held", "met"), [("egg", True), ("carcass", False), (None, False)])
def test_carry_an_egg_out_in_a_hand(held: str | None, met: bool) -> None:
    def craft(s: GameState) -> None:
        s.heroes["p2"].hands = [Held(obj=held)] if held else []
    check("carry_egg_out", craft, met=met)


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize("value", [3, 5])
@pytest.mark.parametrize("short", [0, 1])
def test_kill_intruders_counts_the_kills(value: int, short: int) -> None:
    def craft(s: GameState) -> None:
        s.kills = value - short
    check("kill_intruders", craft, met=short == 0, value=value)


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize(("value", "met"), [(1, True), (2, False)])
def test_player_n_must_not_survive(value: int, met: bool) -> None:
    # p0 (player 1) dies in the jump; p1 (player 2) sleeps through it
    check("player_cannot_survive", nothing, met=met, value=value)


@pytest.mark.rule("NE-WIN-1")
def test_player_n_beyond_the_table_cannot_be_met() -> None:
    s, said = judged("player_cannot_survive", nothing, value=4)
    assert "p2" not in s.winners and said[0].endswith("— not met.")
    line = next(x for x in recap(s) if x.startswith("<@p2>, the "))
    assert ", against" not in line


def p1_dies(s: GameState) -> None:
    s.heroes["p1"].place = "dead"


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize(("craft", "met"), [(p1_dies, True), (nothing, False)])
def test_the_only_survivor(craft: Craft, met: bool) -> None:
    check("only_survivor", craft, met=met)


@pytest.mark.rule("NE-WIN-1")
def test_escape_by_pod_and_hibernate_want_that_way_out() -> None:
    check("escape_by_pod", nothing, met=True)
    check("hibernate", nothing, met=False)
    s = edit(ready_to_end())
    s.heroes["p1"].objectives = [card("escape_by_pod")]
    s, _ = run_with(s, move_time)
    assert "p1" in s.survivors and "p1" not in s.winners
