"""Dark Moon's `AgentProfile` (rules/darkmoon/agent.py): how it judges a position for
each side, the playout moves it prefers, and the `ai` taking the winning move (and the
crew the saving one) in a crafted position where random play often does not."""

from __future__ import annotations

import random

from rules import get_ruleset
from rules.agents import AGENTS, choose
from rules.darkmoon import agent
from rules.darkmoon.actions import PlaceDamage, Submit
from rules.darkmoon.ruleset import DarkMoon
from rules.darkmoon.state import DamageFrame, Die, GameState, Options, RollFrame

RS = get_ruleset("darkmoon")
assert isinstance(RS, DarkMoon)
SEATS = [f"p{i}" for i in range(5)]


def _game(seed: int = 4, options: Options | None = None) -> GameState:
    return RS.new_game(SEATS, seed, options or Options())


def _sides(s: GameState) -> tuple[str, str]:
    infected = next(x for x in s.seats if s.players[x].infected)
    crew = next(x for x in s.seats if not s.players[x].infected)
    return infected, crew


def test_the_crew_chance_falls_with_damage_and_rises_with_events() -> None:
    s = _game()
    base = agent.crew_chance(s)
    worse = s.model_copy(deep=True)
    worse.shield = 5
    better = s.model_copy(deep=True)
    better.events_done = [*s.event_deck[:2]]
    assert agent.crew_chance(worse) < base < agent.crew_chance(better)
    infected, crew = _sides(s)
    profile = RS.agent_profile
    for state in (s, worse, better):
        assert profile.evaluate(state, crew) == agent.crew_chance(state)
        # the infected side's value is the other side of it, a little more while hidden
        assert profile.evaluate(state, infected) > 1 - agent.crew_chance(state)
    assert profile.evaluate(worse, infected) > profile.evaluate(better, infected)


def test_each_seat_has_its_side() -> None:
    s = _game(6, Options(expansion=True, company_man=True))
    sides = {RS.agent_profile.side(s, x) for x in s.seats}
    assert sides <= {"infected", "uninfected", "company man"}
    for x in s.seats:
        expected = "infected" if s.players[x].infected else "uninfected"
        if agent.company_man.seat_of(s) == x:
            expected = "company man"
        assert RS.agent_profile.side(s, x) == expected


def test_the_suspicion_of_a_player_follows_its_submitted_dice() -> None:
    s = _game()
    x = s.seats[1]
    assert agent.suspicion(s, x) == 0.0  # no dice submitted yet: no evidence
    s.players[x].tally.dice, s.players[x].tally.points = 4, -3
    assert agent.suspicion(s, x) > 0.5
    s.players[x].tally.points = 8
    assert agent.suspicion(s, x) < -0.5


def _damage_choice(s: GameState, chooser: str) -> GameState:
    """`chooser` places one lethal damage token of its choice, the outposts at 5."""
    s = s.model_copy(deep=True)
    while len(s.outposts) < 5:
        s.outposts.append(s.outpost_pile.pop())
    s.stack.append(DamageFrame(chooser=chooser, remaining=1, damage=None, lethal=True))
    return s


def test_damage_goes_where_each_side_wants_it() -> None:
    s = _game()
    infected, crew = _sides(s)
    rng = random.Random(1)
    for seat, wanted in ((infected, {"outpost"}), (crew, {"shield", "fatigue"})):
        state = _damage_choice(s, seat)
        legal = RS.legal_actions(state, seat)
        assert {a.key for a in legal} == {"damage:shield", "damage:outpost", "damage:fatigue"}
        move = RS.agent_profile.playout_action(state, seat, legal, rng)
        assert isinstance(move, PlaceDamage) and move.damage in wanted


def test_the_ai_places_the_winning_token_and_the_crew_avoids_it() -> None:
    s = _game()
    infected, crew = _sides(s)
    win = _damage_choice(s, infected)
    save = _damage_choice(s, crew)
    for seed in range(3):
        assert choose(RS, win, infected, seed=seed, budget=12).key == "damage:outpost"
        assert choose(RS, save, crew, seed=seed, budget=12).key != "damage:outpost"
    randoms = {AGENTS["random"](RS, win, infected, seed=seed, budget=0).key
               for seed in range(20)}
    assert "damage:outpost" in randoms and len(randoms) > 1


def test_the_crew_submits_its_best_dice_and_a_revealed_infected_its_worst() -> None:
    s = _game()
    infected, crew = _sides(s)
    rng = random.Random(2)
    for seat, best in ((crew, max), (infected, min)):
        state = s.model_copy(deep=True)
        state.players[seat].revealed = seat == infected
        state.stack.append(RollFrame(seat=seat, purpose="task", rolled=[
            Die(kind="strong", face=3), Die(kind="weak", face=-2),
            Die(kind="strong", face=1)]))
        legal = [a for a in RS.legal_actions(state, seat) if isinstance(a, Submit)]
        assert len(legal) > 2
        move = RS.agent_profile.playout_action(state, seat, legal, rng)
        assert isinstance(move, Submit)
        totals = [sum(int(c[1:]) for c in a.dice) for a in legal]
        assert sum(int(c[1:]) for c in move.dice) == best(totals)

