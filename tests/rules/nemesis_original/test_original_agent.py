"""The original Nemesis's computer player (rules/nemesis_original/agent.py): the
evaluation reads the ship (a sleeper lives only if the ship jumps whole toward Earth,
an escaped character is safe, the clock to the jump), the kept objective (the course
for "ship to Earth", research for weaknesses), a waiting pod is launched when time runs
out in a playout, and the `ai` with this profile returns a legal action at many points
of seeded games."""

from __future__ import annotations

import random

import pytest
from family_determinize import random_states
from nemesis_helpers import RS, SHIP, aboard, other_space

from rules.agents import choose
from rules.nemesis.actions import Move, Pick
from rules.nemesis.agent import END_NEAR, TOWARD_EXIT, distances
from rules.nemesis.frames import TurnFrame
from rules.nemesis_original.agent import OriginalProfile
from rules.nemesis_original.endgame import earth_space
from rules.nemesis_original.pods import LAUNCH, WAIT
from rules.nemesis_original.state import GameState, PodFrame, RoundFrame

PROFILE = RS.agent_profile


def test_the_ruleset_names_the_originals_profile() -> None:
    assert isinstance(RS.agent_profile, OriginalProfile)


@pytest.mark.rule("NE-WIN-1")
def test_a_sleeper_headed_for_earth_beats_one_headed_elsewhere() -> None:
    s = aboard()
    hero = s.heroes["p0"]
    hero.objectives = ["ne_pers_sleep"]
    hero.place = "hibernated"
    s.destination = earth_space(s)
    home = PROFILE.evaluate(s, "p0")
    s.destination = other_space(s)
    lost = PROFILE.evaluate(s, "p0")
    s.destination = earth_space(s)
    s.self_destruct = 2
    exploding = PROFILE.evaluate(s, "p0")
    assert home > lost and home > exploding


@pytest.mark.rule("NE-END-1")
def test_near_the_jump_escaped_beats_aboard() -> None:
    s = aboard()
    s.time = SHIP.time_track.length - 1
    hero = s.heroes["p0"]
    hero.objectives = ["ne_pers_pod"]
    late = PROFILE.evaluate(s, "p0")
    hero.place = "escaped"
    assert PROFILE.evaluate(s, "p0") > late
    early = aboard()
    early.heroes["p0"].objectives = ["ne_pers_pod"]
    assert PROFILE.evaluate(early, "p0") > late  # the same place, more time to get out


def test_the_course_decides_ship_to_earth_and_research_counts() -> None:
    s = aboard()
    hero = s.heroes["p0"]
    hero.objectives = ["ne_corp_earth"]
    s.destination = earth_space(s)
    home = PROFILE.evaluate(s, "p0")
    s.destination = other_space(s)
    assert home > PROFILE.evaluate(s, "p0")
    hero.objectives = ["ne_corp_weaknesses"]
    none = PROFILE.evaluate(s, "p0")
    s.weaknesses_found = [0]
    one = PROFILE.evaluate(s, "p0")
    s.weaknesses_found = [0, 1]
    assert PROFILE.evaluate(s, "p0") > one > none


def test_late_in_a_playout_a_waiting_pod_is_launched() -> None:
    s = aboard()
    s.time = SHIP.time_track.length - 1
    pod = next(p for p in s.pods.values() if p.section == "A")
    pod.locked = False
    pod.seats = ["p0"]
    hero = s.heroes["p0"]
    hero.place, hero.pod = "pod", pod.id
    s.stack = [RoundFrame(stage="turns", last="p0"), PodFrame(seat="p0")]
    legal = RS.legal_actions(s, "p0")
    assert {a.key for a in legal} >= {Pick(index=LAUNCH).key, Pick(index=WAIT).key}
    rng = random.Random(4)
    picks = [PROFILE.playout_action(s, "p0", legal, rng).key for _ in range(300)]
    assert picks.count(Pick(index=LAUNCH).key) > 200


def test_sides_are_the_kept_objectives_kind() -> None:
    s = aboard()
    s.heroes["p0"].objectives = ["ne_corp_earth", "ne_pers_pod"]
    assert PROFILE.side(s, "p0") == "character"  # not kept yet
    s.heroes["p0"].objectives = ["ne_pers_pod"]
    assert PROFILE.side(s, "p0") == "escape_by_pod"


@pytest.mark.parametrize(("n", "seed"), [(3, 41), (1, 42), (5, 43)])
def test_choose_returns_a_legal_action_through_seeded_games(n: int, seed: int) -> None:
    asked = turns = 0
    for k, s in enumerate(random_states(RS, n, seed, RS.Options(), every=9)):
        if s.over:
            continue
        seat = RS.pending(s)[0].seat
        legal = {a.key for a in RS.legal_actions(s, seat)}
        action = choose(RS, s, seat, seed=k, budget=4)
        assert action.key in legal
        asked += 1
        turns += isinstance(s.stack[-1], TurnFrame)
    assert asked >= 5 and turns >= 1


def _at_motion_sensor_use(acted: bool) -> tuple[GameState, str]:
    """A seeded 3-player game (seed 147) where a seat may use the Motion Sensor Array (a
    reusable quest item costing no card), before it acts this turn or after one use."""
    pick = random.Random(147)
    s = RS.new_game(["p1", "p2", "p3"], 147)
    for _ in range(400):
        seat = pick.choice(RS.deciding(s))
        legal = RS.legal_actions(s, seat)
        use = [a for a in legal if a.key.startswith("use:motion_sensor_array")]
        if use and s.heroes[seat].actions_taken == (1 if acted else 0):
            return s, seat
        s = RS.apply(s, seat, use[0] if use else pick.choice(legal)).state
    raise AssertionError("the seeded game never offered the Motion Sensor Array")


def test_a_free_reusable_item_is_searched_once_a_turn_so_the_round_can_end() -> None:
    # using it again and again would keep the hand full and the round going forever
    for acted in (False, True):
        s, seat = _at_motion_sensor_use(acted)
        legal = RS.legal_actions(s, seat)
        kept = {a.key for a in RS.agent_profile.candidates(s, seat, legal)}
        uses = {a.key for a in legal if a.key.startswith("use:motion_sensor_array")}
        assert uses and (uses <= kept) is not acted, (acted, uses, kept)
        assert "pass" in kept


def _toward_and_away(s: GameState, seat: str) -> tuple[Move, Move]:
    """A move that shortens `seat`'s way to the nearest way out, and one that does not,
    from a room two moves or more from it (the character is put there)."""
    hero = s.heroes[seat]
    exits = PROFILE.exits(s, hero)
    assert exits

    def way(room: str) -> int:
        return min(distances(s, room).get(x, 12) for x in exits)

    for room in sorted(s.graph.exits):
        near = s.graph.neighbours(room)
        toward = [r for r in near if way(r) < way(room)]
        away = [r for r in near if way(r) >= way(room)]
        if way(room) >= 2 and toward and away:
            hero.room = room
            return Move(to=toward[0]), Move(to=away[0])
    raise AssertionError("no room with a way toward and a way away from the exits")


def test_a_playout_steers_out_only_near_the_end() -> None:
    """A sleeper lives only if the ship gets home whole: a playout does not rush for the
    hibernatorium or a pod while the jump is far (`heads_out` is False), only within
    END_NEAR rounds of it."""
    s = aboard()
    hero = s.heroes["p0"]
    toward, away = _toward_and_away(s, "p0")
    assert not PROFILE.heads_out(s, hero)
    s.time = SHIP.time_track.length - END_NEAR - 1
    assert PROFILE.rounds_left(s) == END_NEAR + 1
    assert PROFILE.weight(s, hero, toward) == PROFILE.weight(s, hero, away)
    s.time += 1
    assert PROFILE.weight(s, hero, toward) == TOWARD_EXIT * PROFILE.weight(s, hero, away)
