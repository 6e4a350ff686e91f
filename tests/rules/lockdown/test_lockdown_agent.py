"""Lockdown's computer player (rules/lockdown/agent.py): the evaluation reads Lockdown's
clock, ways out, contingency plan and objectives (met above not met, got out above
trapped when the end is near, nearer a way out above farther), the team's goals in the
solo and cooperative modes; the playout locks itself in when time runs out; and the
`ai` (`rules.agents.choose`) with this profile returns a legal action at many points of
seeded games of every mode and both board sides."""

from __future__ import annotations

import random

import pytest
from family_determinize import random_states
from lockdown_helpers import RS, edit, ready

from rules.agents import choose
from rules.lockdown.agent import LockdownProfile
from rules.lockdown.state import GameState, Options
from rules.nemesis.actions import RoomAct
from rules.nemesis.agent import distances
from rules.nemesis.frames import TurnFrame

PROFILE = RS.agent_profile
SAFE_PLAN = "standard_evacuation"  # the contingency plan that kills nobody


def _semi() -> GameState:
    s = edit(ready())
    s.active_contingency = SAFE_PLAN
    for hero in s.heroes.values():
        hero.hands = []
    return s


def test_the_ruleset_names_lockdowns_profile() -> None:
    assert isinstance(RS.agent_profile, LockdownProfile)


@pytest.mark.rule("LD-OBJ-1")
def test_an_objective_met_is_worth_more_than_one_not_met() -> None:
    s = _semi()
    hero = s.heroes["p0"]
    hero.objectives = ["corp_knowledge_6"]
    hero.knowledge = 2
    short = PROFILE.evaluate(s, "p0")
    hero.knowledge = 6
    met = PROFILE.evaluate(s, "p0")
    assert met > short
    hero.objectives = ["pers_escape_css"]
    hero.place = "css"
    escaped_with = PROFILE.evaluate(s, "p0")
    hero.objectives = ["pers_escape_bunker"]
    assert escaped_with > PROFILE.evaluate(s, "p0")


@pytest.mark.rule("LD-END-1")
def test_near_the_end_got_out_beats_trapped_and_near_a_way_out_beats_far() -> None:
    s = _semi()
    s.time = 1
    hero = s.heroes["p0"]
    hero.objectives = ["corp_isolate"]
    s.isolation_open = True
    assert "isolation" in PROFILE.exits(s, hero)
    way = distances(s, "isolation")
    hero.room = max((r for r in s.rooms if r in way), key=lambda r: way[r])
    far = PROFILE.evaluate(s, "p0")
    hero.room = "isolation"
    near = PROFILE.evaluate(s, "p0")
    hero.place = "isolated"
    out = PROFILE.evaluate(s, "p0")
    assert out > near > far


def test_the_contingency_plan_that_kills_a_way_out_lowers_it() -> None:
    s = _semi()
    hero = s.heroes["p0"]
    hero.place = "isolated"
    safe = PROFILE.evaluate(s, "p0")
    s.active_contingency = "seal_isolation"
    assert PROFILE.evaluate(s, "p0") < safe


def test_late_in_the_game_a_playout_locks_itself_in() -> None:
    s = _semi()
    s.time = 2
    s.isolation_open = True
    s.heroes["p0"].room = "isolation"
    legal = RS.legal_actions(s, "p0")
    lock = [a for a in legal if isinstance(a, RoomAct)
            and PROFILE.escape_action(s, s.heroes["p0"], a)]
    assert lock, [a.key for a in legal]
    rng = random.Random(3)
    picks = [PROFILE.playout_action(s, "p0", legal, rng).key for _ in range(300)]
    assert picks.count(lock[0].key) > 300 / len(legal) * 3


@pytest.mark.rule("LD-MODE-2")
def test_in_the_cooperative_mode_the_crew_wins_together() -> None:
    s = edit(ready(options=Options(mode="coop")))
    s.active_contingency = SAFE_PLAN
    assert PROFILE.side(s, "p0") == PROFILE.side(s, "p1") == "crew"
    both = PROFILE.evaluate(s, "p0")
    assert PROFILE.evaluate(s, "p1") == both  # one team, one value
    s.heroes["p1"].place = "dead"
    one = PROFILE.evaluate(s, "p0")
    s.heroes["p0"].place = "dead"
    assert both > one > PROFILE.evaluate(s, "p0") == 0.0


@pytest.mark.rule("LD-MODE-1")
def test_solo_plays_for_the_crew_and_semi_cooperative_for_the_kept_objective() -> None:
    s = edit(ready(chars=("sentry",), options=Options(mode="solo")))
    assert PROFILE.side(s, "p0") == "crew"
    semi = _semi()
    semi.heroes["p0"].objectives = ["pers_isolate"]
    assert PROFILE.side(semi, "p0") == "isolate"


@pytest.mark.parametrize(("n", "seed", "options"), [
    (3, 31, Options()),
    (1, 32, Options(mode="solo")),
    (2, 33, Options(mode="coop")),
    (2, 34, Options(board="mars")),
    (1, 35, Options(mode="solo", board="mars")),
])
def test_choose_returns_a_legal_action_through_seeded_games(n: int, seed: int,
                                                             options: Options) -> None:
    asked = turns = 0
    for k, s in enumerate(random_states(RS, n, seed, options, every=9)):
        if s.over:
            continue
        seat = RS.pending(s)[0].seat
        legal = {a.key for a in RS.legal_actions(s, seat)}
        action = choose(RS, s, seat, seed=k, budget=4)
        assert action.key in legal
        asked += 1
        turns += isinstance(s.stack[-1], TurnFrame)
    assert asked >= 5 and turns >= 1
