"""Dark Moon's `determinize`: a copy of the game as one seat might imagine it.

Over seeded random games (core, expansion, modules and variants) at many states: the
seat's view of the copy is its view of the real state, the hidden parts vary with the
seed, states that look the same to the seat give the same copy, the copy plays to the
end, and the real state is left alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from rules import get_ruleset
from rules.darkmoon.ruleset import DarkMoon
from rules.darkmoon.state import DiscardFrame, GameState, Options, RollFrame, VoteFrame

RS = get_ruleset("darkmoon")
assert isinstance(RS, DarkMoon)

GAMES: list[tuple[int, int, Options]] = [
    (4, 3, Options()),
    (5, 7, Options()),
    (7, 11, Options(telepathic_infected=True)),
    (5, 13, Options(expansion=True)),
    (6, 17, Options(expansion=True, threats=True, company_man=True)),
    (4, 19, Options(expansion=True, threats=True, costly_actions=True)),
    (3, 29, Options(expansion=True, company_man=True)),
    (7, 31, Options(expansion=True, threats=True, company_man=True)),
    (6, 37, Options(flimsy_quarantine=True, first_is_last=True)),
    (5, 41, Options(expansion=True, threats=True, deadly_events=True)),
]


def _states(n: int, seed: int, options: Options, every: int = 3) -> Iterator[GameState]:
    """Every `every`-th state of a random game (random legal moves from `seed`)."""
    pick = random.Random(seed)
    s = RS.new_game([f"p{i}" for i in range(n)], seed, options)
    moves = 0
    while not s.over and moves < 2000:
        if moves % every == 0:
            yield s
        prompt = pick.choice(RS.pending(s))
        s = RS.apply(s, prompt.seat, pick.choice(RS.legal_actions(s, prompt.seat))).state
        moves += 1
    yield s


def _seen(s: GameState, seat: str) -> str:
    return RS.view(s, seat).model_dump_json()


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_the_copy_looks_the_same_to_the_seat(n: int, seed: int, options: Options) -> None:
    for k, s in enumerate(_states(n, seed, options)):
        before = s.model_dump_json()
        seat = s.seats[k % n]
        for d in (1, 2):
            copy = RS.determinize(s, seat, d)
            assert _seen(copy, seat) == _seen(s, seat)
        assert s.model_dump_json() == before  # the real state is left alone


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_states_that_look_the_same_give_the_same_copy(n: int, seed: int,
                                                      options: Options) -> None:
    for k, s in enumerate(_states(n, seed, options, every=19)):
        seat = s.seats[k % n]
        other = RS.determinize(s, seat, 1000 + k)
        assert _seen(other, seat) == _seen(s, seat)
        for d in range(3):
            assert (RS.determinize(s, seat, d).model_dump_json()
                    == RS.determinize(other, seat, d).model_dump_json())


def test_hidden_parts_vary_with_the_seed() -> None:
    s = RS.new_game([f"p{i}" for i in range(6)], 5,
                    Options(expansion=True, threats=True, company_man=True))
    seat = "p0"
    copies = [RS.determinize(s, seat, d) for d in range(40)]
    roles = {tuple(c.players[x].status for x in c.seats) for c in copies}
    infected = {tuple(c.players[x].infected for x in c.seats) for c in copies}
    tasks = {tuple(c.task_deck) for c in copies}
    events = {tuple(c.event_deck) for c in copies}
    assert len(roles) > 10 and len(infected) > 3 and len(tasks) > 30 and len(events) > 30
    assert all(c.players[seat].status == s.players[seat].status for c in copies)
    assert all(sum(c.players[x].infected for x in c.seats)
               == sum(s.players[x].infected for x in s.seats) for c in copies)
    assert len({c.rng.state for c in copies}) == 40
    assert all(c.rng.state != s.rng.state for c in copies)


def test_others_votes_are_cast_again_with_the_dice_they_hold() -> None:
    checked = varied = 0
    for n, seed, options in GAMES:
        for s in _states(n, seed, options, every=1):
            top = s.stack[-1] if s.stack else None
            if not isinstance(top, VoteFrame) or len(top.votes) < 2 or s.over:
                continue
            seat = sorted(top.votes)[0]
            seen: set[tuple[str, ...]] = set()
            for d in range(30):
                copy = RS.determinize(s, seat, d)
                vote = copy.stack[-1]
                assert isinstance(vote, VoteFrame) and vote.votes[seat] == top.votes[seat]
                assert sorted(vote.votes) == sorted(top.votes)
                for x, v in vote.votes.items():  # a die cast is still behind the screen
                    assert v == "abstain" or copy.players[x].held.get(v) > 0
                seen.add(tuple(vote.votes[x] for x in sorted(vote.votes)))
            checked += 1
            varied += len(seen) > 1
    assert checked > 3 and varied > 1


def test_the_events_a_commander_passed_stay_where_it_put_them() -> None:
    checked = 0
    for n, seed, options in GAMES:
        for s in _states(n, seed, options, every=1):
            for i, (card, by) in enumerate(zip(s.events_passed, s.events_passed_by,
                                               strict=True)):
                where = len(s.event_deck) - len(s.events_passed) + i
                assert s.event_deck[where] == card
                others = [RS.determinize(s, x, d) for x in s.seats if x != by
                          for d in range(5)]
                assert all(RS.determinize(s, by, d).event_deck[where] == card
                           for d in range(5))
                assert any(c.event_deck[where] != card for c in others)
                assert all(c.events_passed[i] == c.event_deck[where] for c in others)
                checked += 1
    assert checked > 10


def test_a_revealed_player_stays_revealed_and_known() -> None:
    checked = 0
    for n, seed, options in GAMES:
        for s in _states(n, seed, options, every=3):
            shown = [x for x in s.seats if s.players[x].revealed]
            if not shown or s.over:
                continue
            seat = next(x for x in s.seats if x not in shown)
            for d in range(5):
                copy = RS.determinize(s, seat, d)
                assert all(copy.players[x].revealed for x in shown)
                assert all(copy.players[x].status == s.players[x].status for x in shown)
            checked += 1
    assert checked > 5


def test_real_states_differing_only_in_hidden_parts_give_the_same_copy() -> None:
    checked = 0
    for n, seed, options in GAMES:
        if options.telepathic_infected or options.threats:
            continue  # keep the swap below unseen: no teammates, no shown cards
        for s in _states(n, seed, options, every=5):
            seat = s.seats[0]
            hidden = [x for x in s.seats[1:] if not s.players[x].revealed]
            if s.over or len(hidden) < 2:
                continue
            other = s.model_copy(deep=True)
            a, b = other.players[hidden[0]], other.players[hidden[1]]
            a.status, b.status = b.status, a.status
            a.infected, b.infected = b.infected, a.infected
            # the dice behind the two screens change kinds, not count (the table saw
            # how many each took from the pool)
            # (not while one of them discards or rolls: whether it has a choice shows)
            busy = {f.seat for f in s.stack if isinstance(f, DiscardFrame | RollFrame)}
            if not busy & {a.seat, b.seat}:
                ca, cb = a.held.strong + a.held.weak, b.held.strong + b.held.weak
                strong = a.held.strong + b.held.strong
                a.held.strong = min(strong, ca)
                b.held.strong = strong - a.held.strong
                a.held.weak, b.held.weak = ca - a.held.strong, cb - b.held.strong
            other.task_deck = list(reversed(other.task_deck))
            top = len(other.event_deck) - len(other.events_passed)  # the passed stay put
            other.event_deck = other.event_deck[:top][::-1] + other.event_deck[top:]
            other.outpost_pile = list(reversed(other.outpost_pile))
            other.rng.state ^= 0xABCDEF
            if _seen(other, seat) != _seen(s, seat):
                continue  # the swap showed (the dice held differ in count)
            for d in range(3):
                assert (RS.determinize(s, seat, d).model_dump_json()
                        == RS.determinize(other, seat, d).model_dump_json())
            checked += 1
    assert checked > 10


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_the_copy_plays_to_the_end(n: int, seed: int, options: Options) -> None:
    for k, s in enumerate(_states(n, seed, options, every=41)):
        copy = RS.determinize(s, s.seats[k % n], k)
        pick = random.Random(k)
        moves = 0
        while not copy.over and moves < 2000:
            prompt = pick.choice(RS.pending(copy))
            actions = RS.legal_actions(copy, prompt.seat)
            copy = RS.apply(copy, prompt.seat, pick.choice(actions)).state
            moves += 1
        assert copy.over


MANY = [Options(), Options(expansion=True),
        Options(expansion=True, threats=True, company_man=True),
        Options(telepathic_infected=True),
        Options(expansion=True, threats=True, costly_actions=True, expensive_voting=True,
                fatigued_infected=True),
        Options(expansion=True, first_is_last=True, flimsy_quarantine=True, safe_orders=True,
                nerfed_reveal="normal", deadly_events=True, no_more_complications=True)]


# from game 100 on: 103, 104 and 204 wait for a player whose single legal move would be
# played for them under another deal (the copy must keep the same seats waiting)
@pytest.mark.parametrize("game", range(100, 220))
def test_many_games_look_the_same_and_keep_a_decision_pending(game: int) -> None:
    options = MANY[game % len(MANY)]
    n = 5 + game % 3 if options.telepathic_infected else 3 + game % 5
    for k, s in enumerate(_states(n, game, options, every=3)):
        if s.over:
            continue
        seat = s.seats[k % n]
        copy = RS.determinize(s, seat, k)
        assert _seen(copy, seat) == _seen(s, seat)
        assert RS.pending(copy)
