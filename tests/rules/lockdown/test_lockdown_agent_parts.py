"""Lockdown's team playouts (rules/lockdown/agent.py), both sides of each line, on crafted
solo and cooperative positions: when a hurt character still has time for the emergency
room (the way to the nearest way out, two moves a round, and SPARE_ROUNDS more), "Nobody
Left Behind" as work only once someone died, the bunker card's way out, how readily a
room action is played (getting out when leaving and not before, healing when hurt, a
room that works toward an open card), and a semi-cooperative seat's side before it keeps
an objective."""

from __future__ import annotations

import pytest
from lockdown_helpers import RS, edit, put_room, ready, wound

from rules.lockdown.agent import LEAVE, SPARE_ROUNDS, WORK
from rules.lockdown.cards import content
from rules.lockdown.state import GameState, Options
from rules.nemesis.actions import RoomAct
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
