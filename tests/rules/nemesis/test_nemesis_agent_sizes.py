"""How much each part of the family's computer player counts (rules/nemesis/agent.py), on
crafted Lockdown and original Nemesis positions: the wounds, the infection check, the
intruders in the room and next door, the rounds it takes to reach a way out (two moves a
round, then the way out), a crew's value; and the playout's weights against a plain move
(uniform play's 1): fleeing a fight, a careful move, passing, getting out near the end and
not before, the room actions, cards and items, the rare trades and drops. Both sides of
each threshold. (The orderings a player would see are in test_nemesis_agent.py.)"""

from __future__ import annotations

import random

import pytest
from lockdown_helpers import RS, add_intruder, edit, give, put_room, ready
from nemesis_helpers import RS as ORIGINAL
from nemesis_helpers import SHIP, started

from rules.lockdown.state import GameState, Options
from rules.nemesis.actions import (
    Back,
    CarefulMove,
    Discard,
    Drop,
    FamilyAction,
    Move,
    Pass,
    PickUp,
    PlayCard,
    RoomAct,
    Search,
    Trade,
    TradeGive,
    UseItem,
)
from rules.nemesis.agent import (
    DANGER,
    END_NEAR,
    GET_OUT,
    PASS,
    FamilyProfile,
    armed,
    distances,
    health,
    infection_risk,
    team_value,
)
from rules.nemesis.state import Hero, WoundCard
from rules.nemesis_original.ship import slot_of_tile
from rules.nemesis_original.state import GameState as ShipState

PROFILE = RS.agent_profile
SHIP_PROFILE = ORIGINAL.agent_profile
SAFE_PLAN = "standard_evacuation"  # Lockdown's contingency plan that kills nobody


def _calm() -> GameState:
    """Two characters in their start rooms, no intruder, early in the game, nothing in
    hand, p0's piles free of contamination."""
    s = edit(ready())
    s.active_contingency = SAFE_PLAN
    hero = s.heroes["p0"]
    hero.hands = []
    for pile in (hero.hand, hero.deck, hero.discard):
        pile[:] = [c for c in pile if not c.startswith("c:")]
    return s


def _aboard() -> ShipState:
    s = edit(started())
    for hero in s.heroes.values():
        hero.hands = []
    return s


def _wounded(serious: int, dressed: int = 0, light: int = 0) -> Hero:
    hero = _calm().heroes["p0"]
    hero.serious = [WoundCard(card=f"w{i}", dressed=i < dressed) for i in range(serious)]
    hero.light = light
    return hero


# ------------------------------------------------------------------ evaluation
def test_each_wound_costs_its_share_and_the_last_light_one_most() -> None:
    # an open serious wound costs more than a dressed one, less than one more light one
    chain = [health(_wounded(0)), health(_wounded(0, light=1)), health(_wounded(1, 1)),
             health(_wounded(1)), health(_wounded(1, 1, light=1)), health(_wounded(2, 2))]
    assert chain == sorted(chain, reverse=True) and len(set(chain)) == len(chain)
    # with 3 serious wounds the next light one that turns serious kills: each light
    # wound then costs more than it does on a healthy character, down to the floor
    last = [health(_wounded(3, 3, light=n)) for n in range(3)]
    assert last[0] > last[1] > last[2] > 0
    assert last[0] - last[1] > health(_wounded(0)) - health(_wounded(0, light=1))


def _with_cards(*faces: str) -> tuple[GameState, Hero]:
    s = _calm()
    hero = s.heroes["p0"]
    hero.hand = [f"c:{face}" for face in faces]
    return s, hero


def test_the_infection_check_counts_each_plain_card_a_little_and_an_infected_one_much() -> None:
    rules = _calm().rules
    plain = next(c for c, card in rules.contamination.items() if not card.infected)
    bad = next(c for c, card in rules.contamination.items() if card.infected)
    clean = infection_risk(*_with_cards())
    one = infection_risk(*_with_cards(plain))
    ten = infection_risk(*_with_cards(*[plain] * 10))
    s, hero = _with_cards(bad)
    infected = infection_risk(s, hero)
    hero.larva = True
    both = infection_risk(s, hero)
    s, hero = _with_cards()
    hero.larva = True
    larva = infection_risk(s, hero)
    assert clean == 1.0  # nothing to fail the check with
    assert clean > one > ten > infected > larva > both > 0
    # in the deck and the discard pile as much as in hand
    s, hero = _with_cards()
    hero.deck.append(f"c:{bad}")
    assert infection_risk(s, hero) == infected


def test_a_safe_character_still_faces_the_infection_check() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    hero.place = "isolated"
    clean = PROFILE.survival(s, hero)
    hero.larva = True
    assert PROFILE.survival(s, hero) == pytest.approx(clean * infection_risk(s, hero))


@pytest.mark.parametrize("kind", sorted(DANGER))
def test_an_intruder_costs_its_danger_in_the_room_and_a_fifth_next_door(kind: str) -> None:
    s = _calm()
    hero = s.heroes["p0"]
    alone = PROFILE.survival(s, hero)
    here, near = edit(s), edit(s)
    add_intruder(here, kind, hero.room)
    add_intruder(here, "larva", hero.room)
    door = s.graph.neighbours(hero.room)[0]
    add_intruder(near, kind, door)
    add_intruder(near, "larva", door)
    both = DANGER[kind] + DANGER["larva"]
    assert PROFILE.survival(here, here.heroes["p0"]) == pytest.approx(alone * (1 - both))
    assert PROFILE.survival(near, near.heroes["p0"]) == pytest.approx(alone * (1 - both / 5))


def _room_at(s: GameState | ShipState, exit_room: str, moves: int) -> str:
    way = distances(s, exit_room)
    return next(r for r in sorted(way) if way[r] == moves)


def test_reach_at_the_way_out_needs_a_round_and_two_moves_take_one_more() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    assert "isolation" in PROFILE.exits(s, hero)

    def reach(room: str, left: int) -> float:
        hero.room = room
        s.time = left  # Lockdown's clock: the time token's slot
        assert PROFILE.rounds_left(s) == left
        return PROFILE.reach(s, hero)

    at_exit = [reach("isolation", left) for left in range(8)]
    floor = at_exit[0]
    assert 0 < floor < at_exit[1] < at_exit[2] < at_exit[3] < at_exit[4] < at_exit[5]
    assert at_exit[1] > 2 * floor  # a round left to take it: clearly better than none
    assert all(0 < r <= 1 for r in at_exit) and reach("isolation", 15) == 1.0
    two = _room_at(s, "isolation", 2)
    four = _room_at(s, "isolation", 4)
    for left in (1, 2, 3):  # 2 moves a round: 2 moves farther, the same with a round more
        assert reach(two, left + 1) == pytest.approx(reach("isolation", left))
        assert reach(four, left + 2) == pytest.approx(reach("isolation", left))
    assert reach(two, 1) == pytest.approx(floor)  # not even the moves fit


def test_reach_from_a_pod_is_good_while_a_round_is_left() -> None:
    s = _aboard()
    hero = s.heroes["p0"]
    hero.place = "pod"
    s.time = SHIP.time_track.length - 1
    assert SHIP_PROFILE.rounds_left(s) == 1
    one = SHIP_PROFILE.reach(s, hero)
    s.time += 1
    assert SHIP_PROFILE.rounds_left(s) == 0
    assert 0 < SHIP_PROFILE.reach(s, hero) < one <= 1


def test_reach_with_no_way_out_grows_with_the_clock_up_to_certain() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    put_room(s, "isolation", "isolation", explored=False)  # no way out known
    assert PROFILE.exits(s, hero) == []
    found = {}
    for left in range(16):
        s.time = left
        assert PROFILE.rounds_left(s) == left
        found[left] = PROFILE.reach(s, hero)
    assert found[0] > 0
    assert all(found[left] < found[left + 1] for left in range(10))
    assert found[10] == found[15] == 1.0


def test_a_crew_sure_to_live_with_every_goal_met_is_worth_exactly_one() -> None:
    assert team_value([1.0, 0.0], 1.0) == pytest.approx(1.0)
    assert team_value([0.0, 0.0], 1.0) == 0.0
    assert 0 < team_value([0.5], 0.0) < team_value([0.5, 0.5], 0.0) < 1
    assert team_value([0.5, 0.5], 0.5) < team_value([0.5, 0.5], 1.0) <= 1


@pytest.mark.rule("LD-MODE-2")
def test_the_familys_team_value_is_what_lockdowns_evaluation_gives() -> None:
    """Lockdown works each character's chance out once for the team's cards and value:
    the same number as the family's rule."""
    s = edit(ready(options=Options(mode="coop")))
    s.active_contingency = SAFE_PLAN
    assert FamilyProfile.side(PROFILE, s, "p0") == "crew"
    values = []
    for dead in ((), ("p1",)):
        for seat in dead:
            s.heroes[seat].place = "dead"
        value = FamilyProfile.evaluate(PROFILE, s, "p0")
        assert value == pytest.approx(PROFILE.evaluate(s, "p0"))
        values.append(value)
    assert values[0] > values[1] > 0
    assert FamilyProfile.side(PROFILE, _calm(), "p0") == "character"


def test_a_seat_survived_when_the_victory_check_counts_it() -> None:
    s = _calm()
    s.survivors = ["p1"]
    assert PROFILE.survived(s, "p1") and not PROFILE.survived(s, "p0")


def test_a_room_off_the_board_is_at_no_distance_from_anything() -> None:
    s = _calm()
    assert distances(s, "nowhere") == {}
    assert distances(s, "isolation")["isolation"] == 0


# ------------------------------------------------------------------ playout weights
def test_armed_means_a_loaded_weapon_in_hand() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    give(s, "p0", "assault_rifle", ammo=1)
    assert armed(hero)
    hero.hands[0].ammo = 0
    assert not armed(hero)  # empty
    hero.hands = []
    give(s, "p0", "motion_tracker")
    assert not armed(hero)  # not a weapon


def _plain_move(s: GameState, hero: Hero) -> Move:
    """A move to a room with no intruder that does not shorten the way out."""
    exits = PROFILE.exits(s, hero)

    def way(room: str) -> int:
        return min(distances(s, room)[x] for x in exits)

    return next(Move(to=r) for r in sorted(s.graph.neighbours(hero.room))
                if way(r) >= way(hero.room) and not any(i.room == r for i in s.intruders))


def _toward(s: GameState, hero: Hero) -> Move:
    exits = PROFILE.exits(s, hero)

    def way(room: str) -> int:
        return min(distances(s, room)[x] for x in exits)

    return next(Move(to=r) for r in sorted(s.graph.neighbours(hero.room))
                if way(r) < way(hero.room))


def test_a_character_in_a_fight_moves_away_twice_as_readily() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    plain, toward = _plain_move(s, hero), _toward(s, hero)
    calm = [PROFILE.weight(s, hero, m) for m in (plain, toward)]
    elsewhere = edit(s)
    far = max(distances(s, hero.room).items(), key=lambda x: x[1])[0]
    add_intruder(elsewhere, "adult", far)
    assert [PROFILE.weight(elsewhere, elsewhere.heroes["p0"], m)
            for m in (plain, toward)] == calm
    fight = edit(s)
    add_intruder(fight, "adult", hero.room)
    fleeing = [PROFILE.weight(fight, fight.heroes["p0"], m) for m in (plain, toward)]
    assert fleeing == [2 * w for w in calm]


def test_a_careful_move_is_played_less_readily_than_a_plain_one() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    for move in (_plain_move(s, hero), _toward(s, hero)):
        careful = CarefulMove(to=move.to)
        assert 0 < PROFILE.weight(s, hero, careful) < PROFILE.weight(s, hero, move)


def test_a_playouts_weights_against_a_plain_move() -> None:
    """Passing 3 times as readily as a plain move (uniform play's 1); room actions,
    cards, items and searches 1.5 to 2; a pick-up like a plain move; giving nothing in a
    trade more readily than giving something; trades, drops and taking an action back
    rarely."""
    s = _calm()
    hero = s.heroes["p0"]
    plain = PROFILE.weight(s, hero, _plain_move(s, hero))
    assert plain == 1.0

    def ratio(action: FamilyAction) -> float:
        return PROFILE.weight(s, hero, action) / plain

    assert not PROFILE.escape_action(s, hero, RoomAct(variant=0))
    assert ratio(Pass()) == PASS
    for busy in (RoomAct(variant=0), PlayCard(card="x"), UseItem(item="x"), Search(color="red")):
        assert 1.5 <= ratio(busy) <= 2.0, busy
    assert ratio(PickUp(obj="egg")) == 1.0
    nothing, something = TradeGive(to="p1", things=()), TradeGive(to="p1", things=("0",))
    assert ratio(nothing) > 1 > ratio(something) > 0
    assert ratio(nothing) == 15 * ratio(something)
    for rare in (Trade(), Back(), Drop(slot=0)):
        assert 0 < ratio(rare) < 0.1, rare


def test_after_passing_the_contamination_goes_five_times_as_readily() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    hero.hand = ["c:x1", hero.deck[0], "c:x2"]

    def weight(*cards: str) -> float:
        return PROFILE.weight(s, hero, Discard(cards=cards))

    assert weight("0", "2") == 5 * weight()      # exactly the contamination
    assert weight("0") == weight()               # part of it: like keeping the hand
    assert weight("1") == pytest.approx(0.3 * weight())  # a clean card thrown out


def _in_the_hibernatorium(rounds: int) -> tuple[ShipState, Hero]:
    s = _aboard()
    hero = s.heroes["p0"]
    hero.room = slot_of_tile("hibernatorium")
    s.time = SHIP.time_track.length - rounds
    assert SHIP_PROFILE.rounds_left(s) == rounds
    assert SHIP_PROFILE.escape_action(s, hero, RoomAct(variant=0))
    return s, hero


def test_getting_out_is_played_readily_only_within_end_near_rounds() -> None:
    """The original's sleepers do not head out early (`heads_out` is False): going to
    sleep weighs as a plain move until END_NEAR rounds are left, then GET_OUT times."""
    for rounds, expected in ((END_NEAR, GET_OUT), (END_NEAR + 1, 1.0)):
        s, hero = _in_the_hibernatorium(rounds)
        assert not SHIP_PROFILE.heads_out(s, hero)
        plain = next(Move(to=r) for r in sorted(s.graph.neighbours(hero.room))
                     if not any(i.room == r for i in s.intruders))
        sleep = SHIP_PROFILE.weight(s, hero, RoomAct(variant=0))
        assert sleep == expected * SHIP_PROFILE.weight(s, hero, plain), rounds


def test_a_playout_with_two_choices_plays_both() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    legal = [Pass(), _plain_move(s, hero)]
    rng = random.Random(1)
    picks = {PROFILE.playout_action(s, "p0", legal, rng).key for _ in range(60)}
    assert picks == {a.key for a in legal}
