"""Lockdown's team playouts (rules/lockdown/agent.py), both sides of each line, on crafted
solo and cooperative positions: when a hurt character still has time for the emergency
room (the way to the nearest way out, two moves a round, and SPARE_ROUNDS more), "Nobody
Left Behind" as work only once someone died, the bunker card's way out, how readily a
room action is played (getting out when leaving and not before, healing when hurt, a
room that works toward an open card), and a semi-cooperative seat's side before it keeps
an objective."""

from __future__ import annotations

import pytest
from lockdown_helpers import RS, add_intruder, edit, put_room, ready, wound

from rules.lockdown.agent import AWAY, LEAVE, SPARE_ROUNDS, TOWARD, WAIT, WORK
from rules.lockdown.cards import content
from rules.lockdown.gear import GATE_SUIT
from rules.lockdown.state import GameState, Options
from rules.lockdown.surface import WALK_OUT
from rules.nemesis.actions import Move, Pass, PickUp, RoomAct
from rules.nemesis.agent import distances
from rules.nemesis.state import Hero, change_room

PROFILE = RS.agent_profile
SAFE_PLAN = "standard_evacuation"
NOTES = "coop_knowledge"  # a survivor with 7 knowledge
GATE = content().board.main_gate_slot


def _solo(card: str = NOTES) -> GameState:
    s = edit(ready(chars=("sentry",), options=Options(mode="solo")))
    s.active_contingency = SAFE_PLAN
    hero = s.heroes["p0"]
    hero.hands = []
    hero.knowledge = 1
    hero.objectives = [card]
    return s


def _emergency_far(s: GameState) -> str:
    here = distances(s, "isolation")
    slot = next(r for r in sorted(here) if here[r] >= 3 and r.startswith("s"))
    put_room(s, slot, "emergency")
    return slot


def _weight_ratio(s: GameState, hero: Hero, action: RoomAct) -> float:
    """How many times the family's weight a team playout gives `action` here (with the
    team's cards as they stand)."""
    return PROFILE.weights(s, hero, [action])[0] / PROFILE.weight(s, hero, action)


@pytest.mark.parametrize(("room_moves", "need"), [(0, 1), (2, 2)])
def test_a_hurt_character_sees_to_its_wounds_only_with_rounds_to_spare(
        room_moves: int, need: int) -> None:
    """`need`: the rounds the way to the isolation room takes (2 moves a round, then
    the way out); the emergency room while more than need + SPARE_ROUNDS are left."""
    s = _solo()
    emergency = _emergency_far(s)
    hero = s.heroes["p0"]
    way = distances(s, "isolation")
    hero.room = next(r for r in sorted(way) if way[r] == room_moves)
    wound(s, "p0", "arm")
    s.time = need + SPARE_ROUNDS + 1
    assert PROFILE.target(s, hero, {"knowledge_at_least"}) == ([emergency], False)
    s.time = need + SPARE_ROUNDS
    rooms, leaving = PROFILE.target(s, hero, {"knowledge_at_least"})
    assert leaving and emergency not in rooms


@pytest.mark.rule("LD-MODE-2")
def test_nobody_left_behind_is_work_only_once_someone_died() -> None:
    s = edit(ready(options=Options(mode="coop")))
    s.active_contingency = SAFE_PLAN
    hero = s.heroes["p0"]
    rooms, leaving = PROFILE.target(s, hero, {"no_deaths"})
    assert leaving  # nobody to carry: nothing keeps it inside
    s.heroes["p1"].place = "dead"
    slot = s.heroes["p1"].room
    change_room(s.rooms, slot, objects=("corpse_p1",))
    assert PROFILE.target(s, hero, {"no_deaths"}) == ([slot], False)


def test_the_bunker_card_sends_a_leaving_character_to_the_open_gate() -> None:
    s = _solo("coop_bunker")
    s.gate_open = True
    rooms, leaving = PROFILE.target(s, s.heroes["p0"], {"escape_to_bunker"})
    assert leaving and rooms == [GATE]


def test_getting_out_waits_until_the_character_leaves() -> None:
    s = _solo()
    hero = s.heroes["p0"]
    hero.room = "isolation"
    s.isolation_open = True
    lock = RoomAct(variant=0)
    assert PROFILE.escape_action(s, hero, lock)
    assert _weight_ratio(s, hero, lock) == pytest.approx(0.3)
    hero.knowledge = 7  # its card met: time to leave
    assert _weight_ratio(s, hero, lock) == LEAVE


def test_in_the_emergency_room_a_character_heals_readily_only_when_hurt() -> None:
    s = _solo()
    hero = s.heroes["p0"]
    hero.room = _emergency_far(s)
    heal = RoomAct(variant=0)
    assert _weight_ratio(s, hero, heal) == 1.0
    wound(s, "p0", "arm")
    assert _weight_ratio(s, hero, heal) == WORK


def test_a_room_action_is_played_readily_only_for_an_open_card() -> None:
    s = _solo("coop_signal_relay")
    hero = s.heroes["p0"]
    here = distances(s, hero.room)
    slot = next(r for r in sorted(here) if here[r] == 2 and r.startswith("s"))
    put_room(s, slot, "transmitter")
    hero.room = slot
    send = RoomAct(variant=0)
    assert _weight_ratio(s, hero, send) == WORK
    hero.objectives = [NOTES]  # no signal card: the transmitter does nothing for it
    assert _weight_ratio(s, hero, send) == 1.0


def test_a_semi_cooperative_seat_plays_for_its_character_until_it_keeps_an_objective() -> None:
    s = edit(ready())
    hero = s.heroes["p0"]
    hero.objectives = ["pers_isolate", "corp_isolate"]
    assert PROFILE.side(s, "p0") == "character"
    hero.objectives = ["pers_isolate"]
    assert PROFILE.side(s, "p0") == "isolate"


def _semi(oid: str, seat: str = "p0") -> tuple[GameState, Hero]:
    s = edit(ready())
    s.active_contingency = SAFE_PLAN
    for hero in s.heroes.values():
        hero.hands = []
        for pile in (hero.hand, hero.deck, hero.discard):
            pile[:] = [c for c in pile if not c.startswith("c:")]
    hero = s.heroes[seat]
    hero.objectives = [oid]
    return s, hero


def test_a_character_out_clean_under_a_plan_that_kills_nobody_is_sure_to_live() -> None:
    s, hero = _semi("pers_escape_css")
    hero.place = "css"
    assert PROFILE.survival(s, hero) == 1.0
    s.active_contingency = None
    assert PROFILE.survival(s, hero) == 1.0


@pytest.mark.rule("LD-OBJ-1")
def test_semi_cooperative_objectives_count_by_kind_and_knowledge_in_steps() -> None:
    s, hero = _semi("pers_escape_css")
    css = PROFILE.objective(s, hero)
    hero.objectives = ["pers_escape_bunker"]
    bunker = PROFILE.objective(s, hero)
    assert 0 < bunker < css < 0.5  # a pod is the likelier way out
    hero.objectives = []
    assert PROFILE.objective(s, hero) == 0.0
    hero.objectives = ["pers_knowledge_5"]
    steps = []
    for knowledge in range(6):
        hero.knowledge = knowledge
        steps.append(PROFILE.objective(s, hero))
    assert steps[0] == 0.0 and steps[5] == 1.0
    assert steps[1] < steps[2] < steps[3] < steps[4] < 1
    assert steps[2] == pytest.approx(2 * steps[1])


@pytest.mark.rule("LD-OBJ-1")
def test_an_objective_decided_by_the_others_counts_less_while_its_holder_is_inside() -> None:
    s, hero = _semi("pers_player_1", seat="p1")  # player 1 (p0) must not survive
    open_ = PROFILE.objective(s, hero)
    s.heroes["p0"].place = "dead"
    inside = PROFILE.objective(s, hero)
    hero.place = "isolated"
    out = PROFILE.objective(s, hero)
    assert 0 < open_ < inside < out == 1.0


def test_the_clock_is_the_time_track_or_sooner_the_alert_or_the_autodestruction() -> None:
    s = edit(ready())
    s.time = 9
    assert PROFILE.rounds_left(s) == 9
    s.alert = 4
    assert PROFILE.rounds_left(s) == 5
    s.alert = None
    s.autodestruct = 8  # still yellow: 3 more rounds
    assert PROFILE.rounds_left(s) == 4
    s.autodestruct_red = True
    assert PROFILE.rounds_left(s) == 1
    s.autodestruct = 10
    assert PROFILE.rounds_left(s) == 0  # never below 0


def test_the_ways_out_open_with_the_css_slot_the_gate_and_on_mars_the_rover() -> None:
    s = edit(ready())
    hero = s.heroes["p0"]
    pod = next(r.slot for r in s.rooms.values() if r.tile == "css_a")
    put_room(s, pod, "css_a")
    s.css = [6]
    s.time = 5
    assert pod not in PROFILE.exits(s, hero)  # the launch slot is behind
    s.time = 6
    assert pod in PROFILE.exits(s, hero)
    assert GATE not in PROFILE.exits(s, hero)
    s.autodestruct_gate = 3  # the gate opens with the autodestruction
    assert GATE in PROFILE.exits(s, hero)
    mars = edit(ready(options=Options(board="mars")))
    assert mars.rover in PROFILE.exits(mars, mars.heroes["p0"])
    mars.rover = ""
    assert PROFILE.exits(mars, mars.heroes["p0"]) == ["h_isolation"]


def test_the_rover_and_the_suit_get_out_from_anywhere_a_move_never() -> None:
    s = edit(ready())
    hero = s.heroes["p0"]
    assert PROFILE.escape_action(s, hero, RoomAct(variant=GATE_SUIT))
    assert PROFILE.escape_action(s, hero, RoomAct(variant=WALK_OUT))
    assert not PROFILE.escape_action(s, hero, Move(to=s.graph.neighbours(hero.room)[0]))
    assert PROFILE.heads_out(s, hero)  # semi-cooperative: from the start
    assert not PROFILE.heads_out(_solo(), _solo().heroes["p0"])


@pytest.mark.rule("LD-MODE-2")
def test_the_team_value_waits_for_the_seats_character_and_counts_nobody_left_behind() -> None:
    s = edit(ready(options=Options(mode="coop")))
    s.active_contingency = SAFE_PLAN
    s.heroes["p0"].objectives = ["coop_nobody_left"]
    s.heroes["p1"].objectives = []
    value = PROFILE.evaluate(s, "p0")
    assert 0 < value < 1
    assert PROFILE.team_goal(s) is not None and 0 < PROFILE.team_goal(s) <= 1
    s.heroes["p1"].place = "dead"
    assert PROFILE.evaluate(s, "p0") < value
    s.heroes["p0"].character = ""  # not drafted yet: nothing known
    assert PROFILE.evaluate(s, "p0") == 0.5
    assert PROFILE.team_goal(edit(ready())) is None


def test_an_escape_objective_met_another_way_counts_nothing_once_out() -> None:
    s, hero = _semi("pers_escape_css")
    hero.place = "bunker"
    assert PROFILE.objective(s, hero) == 0.0


def test_a_team_move_weighs_its_target_times_the_familys_weight() -> None:
    """A move toward the target TOWARD times the family's weight, away AWAY times, one
    that keeps the distance as the family's (here: a character fleeing a fight, which
    the family weighs 2)."""
    s = _solo("coop_signal_relay")
    hero = s.heroes["p0"]
    here = distances(s, hero.room)
    slot = next(r for r in sorted(here) if here[r] == 2 and r.startswith("s"))
    put_room(s, slot, "transmitter")
    way = distances(s, slot)
    hero.room = next(r for r in sorted(way) if {way[n] - way[r] for n in
                                                 s.graph.neighbours(r)} >= {-1, 0, 1})
    add_intruder(s, "adult", hero.room)
    rooms, leaving = PROFILE.target(s, hero, {"send_signal"})
    assert rooms == [slot] and not leaving
    moves = [Move(to=r) for r in sorted(s.graph.neighbours(hero.room))]
    ratios = {m.to: PROFILE.weights(s, hero, [m])[0] / PROFILE.weight(s, hero, m)
              for m in moves}
    assert all(PROFILE.weight(s, hero, m) == 2.0 for m in moves)
    for to, ratio in ratios.items():
        d = way[to] - way[hero.room]
        assert ratio == pytest.approx(TOWARD if d < 0 else AWAY if d > 0 else 1.0), to
    assert {TOWARD, AWAY, 1.0} <= set(ratios.values())


def test_a_pick_up_in_a_room_it_works_in_is_played_readily_unless_it_leaves() -> None:
    s = _solo()  # knowledge: a carcass to carry to the laboratory
    hero = s.heroes["p0"]
    change_room(s.rooms, hero.room, objects=("carcass",))
    take = PickUp(obj="carcass")
    assert PROFILE.weights(s, hero, [take]) == [WORK * PROFILE.weight(s, hero, take)]
    s.time = 1  # the end near: leaving
    assert PROFILE.weights(s, hero, [take]) == [PROFILE.weight(s, hero, take)]


def test_at_the_gate_with_work_there_the_suit_is_not_taken_yet() -> None:
    """A carcass lies in the open gate's room and the team still needs knowledge: the
    character works there (it is not leaving), so the way out weighs 0.3."""
    s = _solo()
    hero = s.heroes["p0"]
    s.gate_open = True
    hero.room = GATE
    change_room(s.rooms, GATE, objects=("carcass",))
    rooms, leaving = PROFILE.target(s, hero, {"knowledge_at_least"})
    assert GATE in rooms and not leaving
    suit = RoomAct(variant=GATE_SUIT)
    assert _weight_ratio(s, hero, suit) == pytest.approx(0.3)


def test_waiting_at_a_way_out_not_open_yet_passes_readily_only_there() -> None:
    s = _solo()
    hero = s.heroes["p0"]
    hero.knowledge = 7  # met: leaving
    s.isolation_open = False
    hero.room = "isolation"
    assert PROFILE.weights(s, hero, [Pass()]) == [WAIT * PROFILE.weight(s, hero, Pass())]
    hero.room = next(r for r in sorted(s.graph.neighbours("isolation")) if r != "alert")
    rooms, leaving = PROFILE.target(s, hero, set())
    assert leaving and hero.room not in rooms
    assert PROFILE.weights(s, hero, [Pass()]) == [PROFILE.weight(s, hero, Pass())]
