"""The family part of the computer player's profile (rules/nemesis/agent.py), on
Lockdown's states: the evaluation orders crafted positions as a player would (hurt below
healthy, an intruder at hand, infection, death lowest), the playout policy plays legal,
sensible moves (it keeps an unarmed character out of an intruder's room, throws
contamination out of the hand) and the search's candidates leave out only moves no
sensible player needs."""

from __future__ import annotations

import random
from collections import Counter

from family_determinize import random_states
from lockdown_helpers import RS, add_intruder, edit, give, ready

from rules.lockdown.state import GameState, Options
from rules.nemesis.actions import Discard, Drop, Melee, Move, Shoot, Trade
from rules.nemesis.agent import (
    END_NEAR,
    TOWARD_EXIT,
    armed,
    discard_weight,
    distances,
    health,
    infection_risk,
)
from rules.nemesis.state import WoundCard

PROFILE = RS.agent_profile
WEAPON = "assault_rifle"  # loaded when given


def _calm() -> GameState:
    """Two characters in their start rooms, p0's turn, no intruder, early in the game,
    p0's deck and hands free of contamination and weapons."""
    s = edit(ready())
    hero = s.heroes["p0"]
    hero.hands = []
    for pile in (hero.hand, hero.deck, hero.discard):
        pile[:] = [c for c in pile if not c.startswith("c:")]
    return s


def test_wounds_lower_the_value_and_death_is_lowest() -> None:
    s = _calm()
    healthy = PROFILE.evaluate(s, "p0")
    s.heroes["p0"].light = 2
    light = PROFILE.evaluate(s, "p0")
    s.heroes["p0"].serious = [WoundCard(card="x"), WoundCard(card="y")]
    serious = PROFILE.evaluate(s, "p0")
    s.heroes["p0"].place = "dead"
    dead = PROFILE.evaluate(s, "p0")
    assert healthy > light > serious > dead == 0.0


def test_dressed_wounds_weigh_less_than_open_ones() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    hero.serious = [WoundCard(card="x")]
    open_wound = health(hero)
    hero.serious = [WoundCard(card="x", dressed=True)]
    assert health(hero) > open_wound


def test_an_intruder_in_the_room_is_worse_than_one_next_door_than_none() -> None:
    s = _calm()
    room = s.heroes["p0"].room
    alone = PROFILE.evaluate(s, "p0")
    near = edit(s)
    add_intruder(near, "adult", s.graph.neighbours(room)[0])
    here = edit(s)
    add_intruder(here, "adult", room)
    assert alone > PROFILE.evaluate(near, "p0") > PROFILE.evaluate(here, "p0")


def test_a_larva_and_infected_cards_lower_the_chance_of_the_infection_check() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    clean = infection_risk(s, hero)
    hero.larva = True
    assert infection_risk(s, hero) < clean
    assert PROFILE.evaluate(s, "p0") < PROFILE.evaluate(_calm(), "p0")


def test_an_unarmed_playout_keeps_out_of_an_intruders_room() -> None:
    s = _calm()
    room = s.heroes["p0"].room
    assert not armed(s.heroes["p0"])
    legal = RS.legal_actions(s, "p0")
    moves = [a for a in legal if isinstance(a, Move)]
    targets = sorted({a.to for a in moves})
    assert len(targets) >= 2, f"{room} should have two rooms to move to"
    add_intruder(s, "adult", targets[0])
    rng = random.Random(5)
    picks = Counter(PROFILE.playout_action(s, "p0", legal, rng).key for _ in range(600))
    into = picks[f"move:{targets[0]}"]
    away = picks[f"move:{targets[1]}"]
    assert into * 3 < away


def _way_out(s: GameState, room: str) -> int:
    """Moves from `room` to p0's nearest way out."""
    exits = PROFILE.exits(s, s.heroes["p0"])
    assert exits, "the isolation room is a way out from the start"
    return min(distances(s, room).get(x, 12) for x in exits)


def test_a_playout_pass_is_rarer_than_any_one_move_while_moves_are_left() -> None:
    """A playout that passes early does nothing more that round: in the team modes a
    character that passes readily never gets its work done (measured: 3 times as
    readily as a plain move left the solo `ai` passing every round)."""
    s = _calm()
    legal = RS.legal_actions(s, "p0")
    assert any(a.key == "pass" for a in legal)
    rng = random.Random(9)
    picks = Counter(PROFILE.playout_action(s, "p0", legal, rng).key for _ in range(900))
    moves = [picks[a.key] for a in legal if isinstance(a, Move)]
    assert picks["pass"] < min(moves)
    assert picks["pass"] < 900 / len(legal) / 2


def _toward_and_away(s: GameState) -> tuple[Move, Move]:
    """p0's move that shortens its way to the nearest way out, and one that does not."""
    hero = s.heroes["p0"]
    moves = [a for a in RS.legal_actions(s, "p0") if isinstance(a, Move)]
    toward = [a for a in moves if _way_out(s, a.to) < _way_out(s, hero.room)]
    away = [a for a in moves if _way_out(s, a.to) >= _way_out(s, hero.room)]
    assert toward and away
    return toward[0], away[0]


def test_each_for_themselves_a_playout_heads_for_a_way_out_from_the_start() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    assert PROFILE.rounds_left(s) > END_NEAR
    toward, away = _toward_and_away(s)
    assert PROFILE.weight(s, hero, toward) == TOWARD_EXIT * PROFILE.weight(s, hero, away)


def test_in_a_team_game_the_family_steers_out_only_near_the_end() -> None:
    s = edit(ready(options=Options(mode="coop")))
    hero = s.heroes["p0"]
    toward, away = _toward_and_away(s)
    s.time = END_NEAR + 1
    assert PROFILE.rounds_left(s) == END_NEAR + 1
    assert PROFILE.weight(s, hero, toward) == PROFILE.weight(s, hero, away)
    s.time = END_NEAR
    assert PROFILE.weight(s, hero, toward) == TOWARD_EXIT * PROFILE.weight(s, hero, away)


def test_an_armed_playout_shoots_far_more_readily_than_it_fights_bare_handed() -> None:
    s = _calm()
    give(s, "p0", WEAPON)
    add_intruder(s, "adult", s.heroes["p0"].room)
    legal = RS.legal_actions(s, "p0")
    assert any(isinstance(a, Shoot) for a in legal) and any(isinstance(a, Melee) for a in legal)
    rng = random.Random(4)
    picks = Counter(type(PROFILE.playout_action(s, "p0", legal, rng)).__name__
                    for _ in range(600))
    assert picks["Shoot"] > 10 * max(1, picks["Melee"])


def test_after_passing_the_contamination_cards_are_the_ones_thrown_out() -> None:
    s = _calm()
    hero = s.heroes["p0"]
    hero.hand = ["c:x1", hero.deck[0], "c:x2"]
    dirty = Discard(cards=("0", "2"))
    keep = Discard(cards=())
    clean = Discard(cards=("1",))
    assert discard_weight(hero, dirty) > discard_weight(hero, keep) \
        > discard_weight(hero, clean)


def test_candidates_leave_out_trades_and_drops_but_never_everything() -> None:
    s = _calm()
    legal = RS.legal_actions(s, "p0")
    kept = PROFILE.candidates(s, "p0", legal)
    assert kept and not any(isinstance(a, (Trade, Drop)) for a in kept)
    assert {a.key for a in kept} <= {a.key for a in legal}
    only_trade = [Trade()]
    assert list(PROFILE.candidates(s, "p0", only_trade)) == only_trade


def test_playout_moves_are_legal_and_values_in_range_through_seeded_games() -> None:
    for n, seed, options in ((3, 21, Options()), (2, 22, Options(board="mars")),
                             (2, 23, Options(mode="coop"))):
        rng = random.Random(seed)
        for s in random_states(RS, n, seed, options, every=5):
            for seat in s.seats:
                assert 0.0 <= PROFILE.evaluate(s, seat) <= 1.0
            if s.over:
                continue
            seat = RS.pending(s)[0].seat
            legal = RS.legal_actions(s, seat)
            pick = PROFILE.playout_action(s, seat, legal, rng)
            assert pick.key in {a.key for a in legal}


def test_candidates_leave_out_an_item_use_that_is_not_one_of_the_turns_actions() -> None:
    """The Motion Tracker's peek costs no action at all (a free passive): left out even
    before the seat acts, so the search does not use it again and again."""
    s = _calm()
    give(s, "p0", "motion_tracker")
    assert s.heroes["p0"].actions_taken == 0
    legal = RS.legal_actions(s, "p0")
    tracker = {a.key for a in legal if a.key.startswith("use:motion_tracker")}
    kept = {a.key for a in PROFILE.candidates(s, "p0", legal)}
    assert tracker and not tracker & kept
    assert "pass" in kept and kept == {a.key for a in legal} - tracker - {
        a.key for a in legal if isinstance(a, (Trade, Drop))}
