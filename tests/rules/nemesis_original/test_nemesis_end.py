"""How the original Nemesis ends (NE-END-1) and its victory check (NE-WIN-1): the
hyperspace jump, the explosion, the last awake character gone; engines, coordinates,
contamination and objectives."""

from __future__ import annotations

import pytest
from nemesis_helpers import (
    IDX,
    SHIP,
    do,
    edit,
    key_for,
    kinds,
    noise,
    push,
    room,
    run_with,
    started,
    turn,
)

from rules.nemesis.fire import set_fire
from rules.nemesis.frames import EndFrame
from rules.nemesis_original.endgame import earth_space, end_if_nobody_left
from rules.nemesis_original.event_phase import move_time
from rules.nemesis_original.recap import recap
from rules.nemesis_original.state import GameState

LAST = SHIP.time_track.length


def objective(kind: str) -> str:
    return next(o.id for o in IDX.objectives.values() if o.kind == kind)


def ready_to_end(n: int = 3, *, home: bool = True, engines: bool = True) -> GameState:
    """p0 awake aboard, p1 asleep, p2 escaped; the ship headed home (or not), all
    engines working (or two damaged); everyone's objective: survive hibernating, or
    escape in a pod; no contamination."""
    s = edit(started(n, seed=6))
    for hero in s.heroes.values():
        hero.discard = [c for c in hero.discard if not c.startswith("c:")]
        hero.larva = False
    s.heroes["p1"].place = "hibernated"
    s.heroes["p1"].objectives = [objective("hibernate")]
    if n > 2:
        s.heroes["p2"].place = "escaped"
        s.heroes["p2"].pod = "A1"
        s.pods["A1"].launched = True
        s.pods["A1"].seats = ["p2"]
        s.heroes["p2"].objectives = [objective("escape_by_pod")]
    earth = next(c.earth for c in SHIP.coordinates if c.id == s.coordinates)
    s.destination = earth if home else next(x for x in SHIP.destination.spaces if x != earth)
    s.engines = {"1": engines, "2": engines, "3": True}
    s.time = LAST - 1
    return s


@pytest.mark.rule("NE-END-1")
@pytest.mark.rule("NE-WIN-1")
def test_the_hyperjump_kills_the_awake_and_spares_the_sleepers() -> None:
    s, events = run_with(ready_to_end(), move_time)
    assert s.ended == "hyperjump" and not s.exploded
    assert s.heroes["p0"].place == "dead"
    assert any("died in the hyperspace jump (awake aboard) and loses" in line
               for line in recap(s) if line.startswith("<@p0>, the "))
    assert s.survivors == ["p1", "p2"] and s.winners == ["p1", "p2"]
    assert kinds(events).index("engines") < kinds(events).index("coordinates_revealed") \
        < kinds(events).index("game_over")


@pytest.mark.rule("NE-WIN-1")
def test_two_damaged_engines_blow_up_the_ship_but_not_the_pods() -> None:
    s, _ = run_with(ready_to_end(engines=False), move_time)
    assert s.exploded and s.heroes["p1"].place == "dead"
    assert any("died aboard when the ship exploded and loses" in line
               for line in recap(s) if line.startswith("<@p1>, the "))
    assert s.survivors == ["p2"]


@pytest.mark.rule("NE-WIN-1")
def test_off_course_the_sleepers_die_unless_quarantined() -> None:
    s, events = run_with(ready_to_end(home=False), move_time)
    assert s.heroes["p1"].place == "dead" and s.survivors == ["p2"]
    # said plainly: the sleeper died (the event, and the recap's fate)
    assert "<@p1> dies in hibernation: the ship is not headed for Earth." in \
        [e.text for e in events if e.kind == "death"]
    assert any(line.startswith("<@p1>, the ") and "died in hibernation: the ship was not "
               "headed for Earth and loses" in line for line in recap(s))
    s = ready_to_end(home=False)
    s.heroes["p1"].objectives = [objective("quarantine")]
    s, _ = run_with(s, move_time)
    assert "p1" in s.survivors and "p1" in s.winners  # the ship reached elsewhere


@pytest.mark.rule("NE-WIN-1")
def test_a_survivor_wins_only_with_the_objective_met() -> None:
    s = ready_to_end()
    s.heroes["p2"].objectives = [objective("send_signal")]
    s, _ = run_with(s, move_time)
    assert s.survivors == ["p1", "p2"] and s.winners == ["p1"]


@pytest.mark.rule("NE-WIN-1")
def test_an_infected_survivor_dies_when_the_draw_shows_contamination() -> None:
    s = ready_to_end()
    hero = s.heroes["p2"]
    hero.larva = True  # infected: no scan, straight to the draw of 4
    cards = s.decks["contamination"][:4]
    del s.decks["contamination"][:4]
    hero.hand, hero.discard, hero.deck = [], [], [f"c:{c}" for c in cards]
    s, events = run_with(s, move_time)
    assert "infection_check" in kinds(events)
    assert s.heroes["p2"].place == "dead" and s.survivors == ["p1"]
    told = [e for e in events if e.kind == "infection_draw"]
    assert [e.to for e in told] == [("p2",)]
    assert told[0].text.startswith("You draw Contamination") \
        and told[0].text.count("Contamination") == 4 \
        and told[0].text.endswith("a contamination card, the infection kills you.")


@pytest.mark.rule("NE-END-1")
def test_the_last_awake_character_going_to_sleep_ends_the_game_at_once() -> None:
    s = ready_to_end(n=2)
    s.time = SHIP.time_track.first_blue
    s.heroes["p0"].room = room("hibernatorium")
    s = turn(s, "p0")
    s, events = do(s, "p0", key_for(s, "p0", "Go to sleep"), noise("silence"))
    assert s.heroes["p0"].place == "hibernated"
    assert s.ended == "hyperjump" and s.winners is not None
    assert set(s.survivors) == {"p0", "p1"}


@pytest.mark.rule("NE-END-1")
@pytest.mark.parametrize("self_destruct", [None, 2])
def test_with_nobody_left_awake_both_markers_jump_to_their_last_spaces(
        self_destruct: int | None) -> None:
    """004: the last awake character gone, the self-destruct marker (if running) and the
    time marker move to the last spaces of their tracks, and their effects follow."""
    s = ready_to_end()
    s.time = 4
    s.self_destruct = self_destruct
    s.heroes["p0"].place = "dead"
    s, events = run_with(s, end_if_nobody_left)
    assert "Nobody is awake aboard any more: the markers jump to the end of their " \
        "tracks." in [e.text for e in events]
    assert s.time == SHIP.time_track.length
    if self_destruct is None:
        assert s.self_destruct is None and s.ended == "hyperjump" and not s.exploded
    else:
        assert s.self_destruct == SHIP.self_destruct.length
        assert s.ended == "explosion:the self-destruct sequence" and s.exploded


@pytest.mark.rule("NE-END-1")
def test_with_the_self_destruct_running_the_end_is_an_explosion() -> None:
    s = ready_to_end()
    s.self_destruct = 2
    s, events = run_with(s, move_time)
    assert s.ended.startswith("explosion") and s.exploded
    assert s.survivors == ["p2"]  # the pod got away; the sleeper went with the ship


@pytest.mark.rule("NE-END-1")
def test_the_ninth_fire_destroys_the_ship() -> None:
    s = ready_to_end()
    s.time = 3
    s.fires = SHIP.supplies.fire
    s, events = run_with(s, lambda ctx: set_fire(ctx, room("cockpit"), True))
    assert s.ended.startswith("explosion") and s.exploded and s.survivors == ["p2"]


def test_the_coordinates_card_names_a_destination_space() -> None:
    s = started(2, seed=9)
    assert earth_space(s) in SHIP.destination.spaces


@pytest.mark.rule("NE-END-1")
def test_a_pod_that_never_left_goes_down_with_the_ship() -> None:
    s = ready_to_end()
    s.pods["B1"].locked = False
    s.pods["B1"].seats = ["p0"]
    s.heroes["p0"].place, s.heroes["p0"].pod = "pod", "B1"
    s, _ = run_with(s, move_time)
    assert s.heroes["p0"].place == "dead" and s.heroes["p0"].pod is None
    assert s.pods["B1"].seats == [] and not s.pods["B1"].launched


def end_said(events: list) -> list[tuple[str, str]]:
    """What the table hears of the end, in order (the objective checks aside)."""
    return [(e.kind, e.text) for e in events
            if e.kind in ("end", "victory_check", "engines", "coordinates_revealed", "death")
            and e.to is None]


@pytest.mark.rule("NE-END-1")
@pytest.mark.rule("NE-WIN-1")
def test_the_jump_is_told_step_by_step_and_the_recap_says_how_it_ended() -> None:
    s, events = run_with(ready_to_end(), move_time)
    earth = earth_space(s)
    assert end_said(events) == [
        ("end", "The ship jumps into hyperspace: everyone awake aboard dies. The intruders "
         "live through it."),
        ("victory_check", "Victory check."),
        ("engines", "Engines: 1 working, 2 working, 3 working."),
        ("coordinates_revealed", f"Coordinates: space {earth} leads to Earth; the ship is "
         f"headed for space {earth} — home."),
    ]
    assert next(e.data for e in events if e.kind == "engines") == {"damaged": 0}
    lines = recap(s)
    assert lines[:2] == ["Game over: the ship jumped into hyperspace.",
                         "Winners: <@p1>, <@p2> (survived and met their objective)."]
    assert "<@p1>, the Pilot, woke up from hibernation and wins. Objective: Sleep It Off " \
        "(met)." in lines
    assert "<@p2>, the Scout, escaped in pod A1 and wins. Objective: Abandon Ship (met)." \
        in lines
    assert "Engines: 1 working, 2 working, 3 working." in lines
    assert f"The coordinates card sent Earth to space {earth}; the ship was headed for " \
        f"space {earth}." in lines


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize("damaged", [1, 2])
def test_two_damaged_engines_are_the_threshold_of_the_explosion(damaged: int) -> None:
    s = ready_to_end()
    s.engines = {"1": damaged < 2, "2": False, "3": True}
    s, events = run_with(s, move_time)
    said = end_said(events)
    blown = ("end", "The ship explodes (its engines failed): everyone aboard dies, intruders "
             "too.")
    words = ", ".join(f"{e} {'working' if w else 'damaged'}" for e, w in s.engines.items())
    assert ("engines", f"Engines: {words}.") in said
    assert next(e.data for e in events if e.kind == "engines") == {"damaged": damaged}
    if damaged == 2:
        assert said[3:5] == [("end", "Two or more engines are damaged: the ship explodes."),
                             blown]
        assert s.exploded and s.heroes["p1"].place == "dead"
        assert recap(s)[0] == "Game over: the ship jumped into hyperspace, then its failing " \
            "engines blew it up."
    else:
        assert blown not in said and not s.exploded and s.heroes["p1"].place == "hibernated"


@pytest.mark.rule("NE-END-1")
def test_nobody_awake_with_the_self_destruct_running_blows_the_ship_up() -> None:
    s = edit(ready_to_end())
    s.heroes["p0"].place = "dead"
    s.self_destruct = 2
    s, events = push(s, EndFrame(reason="nobody_left"))
    assert end_said(events)[:2] == [
        ("end", "Nobody is awake aboard any more: the markers jump to the end of their "
         "tracks."),
        ("end", "The ship explodes (the self-destruct sequence): everyone aboard dies, "
         "intruders too.")]
    assert s.ended == "explosion:the self-destruct sequence" and s.nest_destroyed
    assert s.heroes["p1"].place == "dead" and not s.intruders
    assert recap(s)[0] == "Game over: the ship exploded (the self-destruct sequence)."


@pytest.mark.rule("NE-END-1")
def test_nobody_awake_without_the_self_destruct_jumps() -> None:
    s = edit(ready_to_end())
    s.heroes["p0"].place = "dead"
    s, events = push(s, EndFrame(reason="nobody_left"))
    assert s.ended == "hyperjump" and s.heroes["p1"].place == "hibernated"
    assert end_said(events)[:2] == [
        ("end", "Nobody is awake aboard any more: the markers jump to the end of their "
         "tracks."),
        ("end", "The ship jumps into hyperspace. The intruders live through it.")]


@pytest.mark.rule("NE-WIN-1")
def test_the_recap_says_when_nobody_wins_and_what_each_carried() -> None:
    s = edit(ready_to_end())
    s.heroes["p1"].objectives = []
    s.heroes["p2"].objectives = [next(o.id for o in IDX.objectives.values()
                                      if o.kind == "send_signal")]
    sick = next(x.id for x in IDX.contamination.values() if x.infected)
    clean = next(x.id for x in IDX.contamination.values() if not x.infected)
    for card in (sick, clean):
        s.decks["contamination"].remove(card)
    s.heroes["p0"].discard += [f"c:{sick}", f"c:{clean}"]
    s.heroes["p0"].larva = True
    s, _ = run_with(s, move_time)
    lines = recap(s)
    assert lines[1] == "Nobody wins: no survivor met their objective."
    assert "<@p1>, the Pilot, woke up from hibernation and loses. Objective: none." in lines
    assert "<@p0> carried 2 contamination cards, 1 INFECTED, and a larva." in lines
    assert "<@p1> carried 0 contamination cards, 0 INFECTED." in lines
    s = edit(ready_to_end(n=2))
    s.heroes["p1"].place = "dead"
    s, _ = run_with(s, move_time)
    assert recap(s)[1] == "Nobody wins: nobody survived."


@pytest.mark.rule("NE-WIN-1")
@pytest.mark.parametrize("deadly", [True, False])
def test_the_infection_check_in_words_both_ways(deadly: bool) -> None:
    s = ready_to_end()
    hero = s.heroes["p2"]
    hero.larva = True
    cards = s.decks["contamination"][:4]
    del s.decks["contamination"][:4]
    plain = [c for c in IDX.cards if c.startswith(IDX.characters[hero.character].id)][:4] \
        if hero.character else []
    hero.hand, hero.discard = [], []
    hero.deck = [f"c:{c}" for c in cards] if deadly else plain
    s, events = run_with(s, move_time)
    said = [(e.kind, e.to, e.text) for e in events
            if e.kind in ("infection_check", "infection_draw", "death")]
    assert said[0] == ("infection_check", None, "<@p2> is infected and draws 4 cards...")
    assert said[1][:2] == ("infection_draw", ("p2",))
    if deadly:
        assert said[1][2].endswith(": a contamination card, the infection kills you.")
        assert said[2:] == [("death", None, "<@p2> dies of the infection.")]
        assert s.deaths["p2"] == "got out (escaped in a pod) but died of the infection"
        assert s.survivors == ["p1"]
    else:
        assert said[1][2].endswith(": no contamination card, you live.")
        assert said[2:] == [] and "p2" in s.survivors


@pytest.mark.rule("NE-WIN-1")
def test_off_course_the_coordinates_say_not_earth() -> None:
    s, events = run_with(ready_to_end(home=False), move_time)
    earth = earth_space(s)
    assert ("coordinates_revealed", f"Coordinates: space {earth} leads to Earth; the ship "
            f"is headed for space {s.destination} — not Earth.") in end_said(events)
