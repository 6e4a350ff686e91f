"""The computer player's goals in Lockdown (rules/lockdown/agent.py, team_goals.py): in
the solo and fully cooperative modes the team's value is what the victory check rewards
(every card met, not their mean), and its playouts head for the room whose action meets
an open card, do that action, and get out (waiting at the way out) once nothing is left
for the character to do; in the semi-cooperative mode a character heads the same way
for its own objective, whose worth grows as its room nears."""

from __future__ import annotations

import pytest
from lockdown_helpers import RS, edit, put_room, ready, wound

from rules.lockdown.agent import AWAY, TOWARD, WORK
from rules.lockdown.state import GameState, Options
from rules.lockdown.team_goals import NEAR, PROGRESS, card_progress, rooms_by_action, team_score
from rules.nemesis.actions import Move, Pass, PickUp, RoomAct
from rules.nemesis.agent import FamilyProfile, distances
from rules.nemesis.frames import TurnFrame
from rules.nemesis.state import Hero

PROFILE = RS.agent_profile
SAFE_PLAN = "standard_evacuation"  # the contingency plan that kills nobody
SIGNAL, NOTES = "coop_signal_relay", "coop_knowledge"  # a signal; a survivor with 7+
SEMI_SIGNAL, SEMI_OTHERS = "corp_send_signal", "pers_player_1"  # a room; another's fate
SEMI_ISOLATE = "pers_isolate"  # locked in the isolation room


def _team(mode: str = "coop", cards: tuple[str, ...] = (SIGNAL, NOTES)) -> GameState:
    chars = ("sentry",) if mode == "solo" else ("sentry", "survivor")
    s = edit(ready(chars=chars, options=Options(mode=mode)))
    s.active_contingency = SAFE_PLAN
    for hero in s.heroes.values():
        hero.hands = []
        hero.knowledge = 1
        hero.objectives = []
    if mode == "solo":
        s.heroes["p0"].objectives = list(cards)
    else:
        for seat, card in zip(s.seats, cards, strict=True):
            s.heroes[seat].objectives = [card]
    return s


def _progress(s: GameState, oid: str) -> float:
    living = [h for h in s.heroes.values() if h.place != "dead"]
    lives = {seat: 1.0 for seat in s.heroes}
    return card_progress(s, oid, living, PROFILE.exits(s, s.heroes["p0"]),
                         rooms_by_action(s), lives)


@pytest.mark.rule("LD-MODE-2")
def test_the_team_is_valued_by_every_card_not_by_their_mean() -> None:
    one_done = _team()
    one_done.heroes["p0"].signal = True          # the signal card met, knowledge far off
    both_near = _team()
    both_near.heroes["p1"].knowledge = 6         # no signal yet, knowledge one short
    mean = {name: (_progress(s, SIGNAL) + _progress(s, NOTES)) / 2
            for name, s in (("one_done", one_done), ("both_near", both_near))}
    assert mean["one_done"] > mean["both_near"]  # the mean would rank them the other way
    assert PROFILE.evaluate(both_near, "p0") > PROFILE.evaluate(one_done, "p0")
    every = _team()
    every.heroes["p0"].signal = True
    every.heroes["p1"].knowledge = 7
    assert PROFILE.evaluate(every, "p0") > PROFILE.evaluate(both_near, "p0")
    exits = PROFILE.exits(every, every.heroes["p0"])
    assert team_score(every, exits, {"p0": 1.0, "p1": 1.0}) == 1.0


@pytest.mark.rule("LD-MODE-1")
def test_solo_counts_the_better_card_until_one_is_kept() -> None:
    s = _team("solo", (SIGNAL, NOTES))
    s.heroes["p0"].knowledge = 6
    exits = PROFILE.exits(s, s.heroes["p0"])
    both = team_score(s, exits, {"p0": 1.0})
    assert both == pytest.approx(_progress(s, NOTES))
    s.heroes["p0"].objectives = [SIGNAL]         # kept the signal: knowledge counts no more
    assert team_score(s, exits, {"p0": 1.0}) < both


def _transmitter_two_moves_away(s: GameState) -> str:
    here = s.heroes["p0"].room
    far = distances(s, here)
    slot = next(r for r in sorted(far) if far[r] == 2 and s.rooms[r].tile is not None
                and r.startswith("s"))
    put_room(s, slot, "transmitter")
    return slot


@pytest.mark.rule("LD-MODE-2")
def test_a_team_playout_heads_for_the_room_that_meets_an_open_card() -> None:
    s = _team()
    slot = _transmitter_two_moves_away(s)
    hero = s.heroes["p0"]
    rooms, leaving = PROFILE.target(s, hero, {"send_signal", "knowledge_at_least"})
    assert slot in rooms and not leaving
    legal = RS.legal_actions(s, "p0")
    weights = dict(zip([a.key for a in legal], PROFILE.weights(s, hero, legal), strict=True))
    way = distances(s, slot)
    moves = [a for a in legal if isinstance(a, Move)]
    toward = [weights[a.key] for a in moves if way[a.to] < way[hero.room]]
    away = [weights[a.key] for a in moves if way[a.to] > way[hero.room]]
    assert toward and away and min(toward) > 4 * max(away)
    # once the signal is sent, the transmitter is no longer where it heads
    hero.signal = True
    rooms, _ = PROFILE.target(s, hero, {"knowledge_at_least"})
    assert slot not in rooms


@pytest.mark.rule("LD-MODE-2")
def test_at_the_transmitter_a_team_playout_sends_the_signal() -> None:
    s = _team()
    slot = _transmitter_two_moves_away(s)
    hero = s.heroes["p0"]
    hero.room = slot
    legal = RS.legal_actions(s, "p0")
    send = next(a for a in legal if isinstance(a, RoomAct) and "signal" in a.text.lower())
    weights = dict(zip([a.key for a in legal], PROFILE.weights(s, hero, legal), strict=True))
    plain = PROFILE.weight(s, hero, send)
    assert weights[send.key] == pytest.approx(plain * WORK)
    assert weights[send.key] == max(weights.values())
    hero.signal = True  # sent already: the action is gone, nothing else is pushed
    assert not any(isinstance(a, RoomAct) and "signal" in a.text.lower()
                   for a in RS.legal_actions(s, "p0"))


@pytest.mark.rule("LD-MODE-1")
def test_with_its_card_met_a_solo_character_waits_at_the_way_out() -> None:
    s = _team("solo", (NOTES,))
    hero = s.heroes["p0"]
    hero.knowledge = 7                           # met: nothing left to do but get out
    hero.room = "isolation"
    s.isolation_open = False                     # not open yet (slot 8)
    rooms, leaving = PROFILE.target(s, hero, set())
    assert leaving and "isolation" in rooms
    assert isinstance(s.stack[-1], TurnFrame)
    legal = RS.legal_actions(s, "p0")
    weights = PROFILE.weights(s, hero, legal)
    best = legal[max(range(len(legal)), key=lambda i: weights[i])]
    assert isinstance(best, Pass)
    # the card not met and time to spare: it does not sit at the way out
    hero.knowledge = 3
    rooms, leaving = PROFILE.target(s, hero, {"knowledge_at_least"})
    assert not leaving
    # the end near: it leaves whatever is open
    s.time = 2
    rooms, leaving = PROFILE.target(s, hero, {"knowledge_at_least"})
    assert leaving and "isolation" in rooms


@pytest.mark.rule("LD-MODE-2")
def test_a_hurt_character_heads_for_the_emergency_room_while_time_allows() -> None:
    s = _team()
    _transmitter_two_moves_away(s)
    hero = s.heroes["p0"]
    here = distances(s, hero.room)
    slot = next(r for r in sorted(here) if here[r] == 3 and r.startswith("s")
                and s.rooms[r].tile != "transmitter")
    put_room(s, slot, "emergency")
    wound(s, "p0", "arm", dressed=True)
    rooms, _ = PROFILE.target(s, hero, {"send_signal"})
    assert slot not in rooms                     # one dressed serious wound: work first
    wound(s, "p0", "leg", dressed=True)
    rooms, leaving = PROFILE.target(s, hero, {"send_signal"})
    assert rooms == [slot] and not leaving       # the 2nd: the emergency room first
    s.time = 2
    rooms, leaving = PROFILE.target(s, hero, {"send_signal"})
    assert leaving and slot not in rooms         # the end near: out, wounds or not


def _semi(objective: str) -> tuple[GameState, Hero]:
    """A semi-cooperative game, p0 keeping `objective` only, the contingency plan safe."""
    s = edit(ready())
    s.active_contingency = SAFE_PLAN
    hero = s.heroes["p0"]
    hero.hands = []
    hero.objectives = [objective]
    return s, hero


def _toward_over_away(s: GameState, hero: Hero, slot: str) -> float:
    """How much more readily p0's playout makes a move toward `slot` than one away."""
    legal = RS.legal_actions(s, "p0")
    weights = dict(zip([a.key for a in legal], PROFILE.weights(s, hero, legal), strict=True))
    way = distances(s, slot)
    moves = [a for a in legal if isinstance(a, Move)]
    toward = [weights[a.key] / PROFILE.weight(s, hero, a) for a in moves
              if way[a.to] < way[hero.room]]
    away = [weights[a.key] / PROFILE.weight(s, hero, a) for a in moves
            if way[a.to] > way[hero.room]]
    assert toward and away
    return min(toward) / max(away)


def test_a_semi_cooperative_playout_heads_for_its_own_objectives_room() -> None:
    s, hero = _semi(SEMI_SIGNAL)
    slot = _transmitter_two_moves_away(s)
    assert PROFILE.target(s, hero, {"send_signal"}) == ([slot], False)
    assert _toward_over_away(s, hero, slot) == TOWARD / AWAY
    hero.signal = True  # sent: nothing left for it to do in a room
    assert _toward_over_away(s, hero, slot) <= 1.0


def test_a_semi_cooperative_objective_with_no_room_sends_the_character_out() -> None:
    """The fate of another player is met in no room: the character's target is the ways
    out (and the alert room that opens the closed isolation room), not the transmitter
    its objective does not need."""
    s, hero = _semi(SEMI_OTHERS)
    slot = _transmitter_two_moves_away(s)
    rooms, leaving = PROFILE.target(s, hero, set())
    assert leaving and set(PROFILE.exits(s, hero)) <= set(rooms) and slot not in rooms

    def way(room: str) -> int:
        return min(distances(s, room).get(x, 12) for x in rooms)

    legal = RS.legal_actions(s, "p0")
    weights = PROFILE.weights(s, hero, legal)
    moves = [(a, w) for a, w in zip(legal, weights, strict=True) if isinstance(a, Move)]
    assert moves
    for a, w in moves:
        closer, farther = way(a.to) < way(hero.room), way(a.to) > way(hero.room)
        assert w / PROFILE.weight(s, hero, a) == (TOWARD if closer else AWAY if farther else 1.0)


def test_a_semi_cooperative_objective_is_worth_more_as_its_room_nears() -> None:
    s, hero = _semi(SEMI_SIGNAL)
    slot = _transmitter_two_moves_away(s)
    two = PROFILE.objective(s, hero)
    hero.room = next(r for r in s.graph.neighbours(hero.room)
                     if distances(s, r).get(slot) == 1)
    one = PROFILE.objective(s, hero)
    hero.room = slot
    there = PROFILE.objective(s, hero)
    hero.signal = True
    met = PROFILE.objective(s, hero)
    assert two < one < there < met == 1.0
    base = PROGRESS["send_signal"]  # from the base toward NEAR, two moves a round
    assert two == pytest.approx(base + (NEAR - base) / 2)
    assert one == pytest.approx(base + (NEAR - base) / 1.5)
    assert there == pytest.approx(NEAR)


def test_a_semi_cooperative_way_out_objective_nears_with_its_way_out() -> None:
    """Locking oneself in is met in the isolation room (a way out from the start): it is
    worth NEAR there, less away from it, and its base in a pod waiting to launch."""
    s, hero = _semi(SEMI_ISOLATE)
    isolation = next(r for r in PROFILE.exits(s, hero) if r == "isolation")
    hero.room = isolation
    assert PROFILE.objective(s, hero) == pytest.approx(NEAR)
    hero.room = next(r for r in s.graph.neighbours(isolation)
                     if distances(s, r).get(isolation) == 1)
    assert PROFILE.objective(s, hero) == pytest.approx(PROGRESS["isolate"]
                                                       + (NEAR - PROGRESS["isolate"]) / 1.5)
    hero.place = "pod"
    assert PROFILE.objective(s, hero) == PROGRESS["isolate"]


def test_a_character_off_the_board_keeps_the_familys_weights() -> None:
    s, hero = _semi(SEMI_SIGNAL)
    _transmitter_two_moves_away(s)
    legal = [a for a in RS.legal_actions(s, "p0") if isinstance(a, (Move, Pass))]
    hero.place = "pod"
    assert PROFILE.weights(s, hero, legal) == FamilyProfile.weights(PROFILE, s, hero, legal)


def test_a_pick_up_outside_the_target_rooms_is_not_favoured() -> None:
    s, hero = _semi(SEMI_SIGNAL)
    slot = _transmitter_two_moves_away(s)
    assert PROFILE.target(s, hero, {"send_signal"}) == ([slot], False)
    pick = PickUp(obj="carcass")
    legal = [*RS.legal_actions(s, "p0"), pick]
    weights = dict(zip([a.key for a in legal], PROFILE.weights(s, hero, legal), strict=True))
    assert weights[pick.key] == PROFILE.weight(s, hero, pick)


@pytest.mark.rule("LD-MODE-2")
def test_in_coop_a_character_heads_for_another_players_open_card() -> None:
    """The team's cards are everyone's work: p0, holding the knowledge card, heads for
    the transmitter that p1's signal card needs."""
    s = _team(cards=(NOTES, SIGNAL))
    slot = _transmitter_two_moves_away(s)
    hero = s.heroes["p0"]
    assert _toward_over_away(s, hero, slot) == TOWARD / AWAY


@pytest.mark.rule("LD-MODE-1")
def test_with_nothing_left_but_getting_out_the_alert_opens_the_isolation_room() -> None:
    s = _team("solo", (NOTES,))
    hero = s.heroes["p0"]
    hero.room = "alert"
    s.isolation_open = False

    def alert_weight() -> float:
        legal = RS.legal_actions(s, "p0")
        start = next(a for a in legal if isinstance(a, RoomAct) and a.variant == 0)
        weights = dict(zip([a.key for a in legal], PROFILE.weights(s, hero, legal),
                           strict=True))
        return weights[start.key] / PROFILE.weight(s, hero, start)

    assert alert_weight() < 1                    # knowledge still to gather: no alert
    hero.knowledge = 7                           # met: only getting out is left
    rooms, leaving = PROFILE.target(s, hero, set())
    assert leaving and {"alert", "isolation"} <= set(rooms)
    assert alert_weight() == WORK
    s.isolation_open = True                      # open already: no alert needed
    assert "alert" not in PROFILE.target(s, hero, set())[0]


@pytest.mark.rule("LD-MODE-1")
def test_a_pod_card_sends_it_exploring_for_a_pod_not_to_the_isolation_room() -> None:
    s = _team("solo", ("coop_pod",))
    hero = s.heroes["p0"]
    for slot, room in s.rooms.items():           # no CSS room found yet
        if room.tile in ("css_a", "css_b", "css_c"):
            put_room(s, slot, room.tile, explored=False)
    rooms, leaving = PROFILE.target(s, hero, {"escape_by_css"})
    assert rooms == [] and not leaving
    slot = next(r for r in sorted(s.rooms) if s.rooms[r].tile == "css_a")
    put_room(s, slot, "css_a")                   # found, with launches ahead
    rooms, leaving = PROFILE.target(s, hero, {"escape_by_css"})
    assert rooms == [slot] and leaving
