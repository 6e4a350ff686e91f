"""`apply_listed`, the search's apply, on seeded games of every registered game (the
option sets and player counts of tests/rules/test_conformance.py):

- for every legal action of every waiting seat at many states, it gives the same state
  and the same events as `apply`, on a copy (leaving its input as it was) and in place
  (changing and returning the very state it is given);
- `deciding` names the seats `pending` prompts, at every state;
- a whole game played in place on the state `new_game` gave ends in the same state as
  the same game played with `apply`, move for move the same events, and leaves the
  next game of the seed dealt alike (nothing shared with content or caches changed);
- copies taken along the way (a search branching off its copy) and the state they were
  taken from, each then changed in place, never change each other (the copy-on-write
  parts of rules/core/clone.py are copied again once shared).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from seeded_games import Game, games

from rules import Action, Ruleset, get_ruleset
from rules.core.clone import clone
from rules.core.engine import FrameRuleset

SEEDS = (3, 4)
MOVE_CAP = 6000
EVERY = 2  # every legal action is compared at every other state (the costliest check)
BRANCH_EVERY = 4  # a branch is taken off the game every 4th state
BRANCH_MOVES = 6  # and played this many moves in place

GAMES = list(games(SEEDS))


def _moves(rs: Ruleset[Any, Any, Any], s: Any) -> dict[str, list[Action]]:
    """The legal actions of every seat waiting now ({} once the game is over); the
    seats `deciding` names are those of `pending`."""
    if rs.outcome(s) is not None:
        assert rs.deciding(s) == []
        return {}
    seats = [p.seat for p in rs.pending(s)]
    assert rs.deciding(s) == seats
    return {seat: rs.legal_actions(s, seat) for seat in seats}


def _pick(rng: random.Random, legal: dict[str, list[Action]]) -> tuple[str, Action]:
    seat = rng.choice(sorted(legal))
    return seat, rng.choice(legal[seat])


def _check_every_action(rs: Ruleset[Any, Any, Any], s: Any,
                        legal: dict[str, list[Action]], where: str) -> None:
    dumped = rs.dump_state(s)
    for seat, actions in legal.items():
        for action in actions:
            at = f"{where} {seat}:{action.key}"
            want = rs.apply(s, seat, action)
            expected = rs.dump_state(want.state)
            got = rs.apply_listed(s, seat, action)
            assert rs.dump_state(s) == dumped, f"{at}: apply_listed changed its input"
            assert got.state is not s, at
            assert rs.dump_state(got.state) == expected, f"{at}: another state than apply's"
            assert got.events == want.events, f"{at}: other events than apply's"
            own = clone(s)
            done = rs.apply_listed(own, seat, action, in_place=True)
            if isinstance(rs, FrameRuleset):
                assert done.state is own, f"{at}: in place, yet another state came back"
            assert rs.dump_state(done.state) == expected, f"{at}: in place differs"
            assert done.events == want.events, f"{at}: in place, other events"
            assert rs.dump_state(s) == dumped, f"{at}: changing a copy changed its original"


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_apply_listed_does_what_apply_does_for_every_legal_action(game: Game) -> None:
    rs, s = game.start()
    rng = random.Random(game.id)
    for number in range(MOVE_CAP):
        legal = _moves(rs, s)
        if not legal:
            break
        if number % EVERY == 0:
            _check_every_action(rs, s, legal, f"{game.id} move {number}")
        seat, action = _pick(rng, legal)
        s = rs.apply(s, seat, action).state
    else:
        pytest.fail(f"{game.id}: no result after {MOVE_CAP} moves")


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_game_played_in_place_ends_as_the_game_played_with_apply(game: Game) -> None:
    """In place on the very state `new_game` gave (never copied): nothing it shares
    with the game's content or caches may change, so a new game is dealt alike after."""
    rs, in_place = game.start()
    dealt = rs.dump_state(in_place)
    by_apply, rng = game.start()[1], random.Random(game.id)
    same_rng = random.Random(game.id)
    for number in range(MOVE_CAP):
        legal = _moves(rs, by_apply)
        if not legal:
            break
        seat, action = _pick(rng, legal)
        step = rs.apply(by_apply, seat, action)
        by_apply = step.state
        mine = _moves(rs, in_place)
        assert mine == legal, f"{game.id} move {number}: other legal actions in place"
        assert _pick(same_rng, mine) == (seat, action)
        done = rs.apply_listed(in_place, seat, action, in_place=True)
        assert done.events == step.events, f"{game.id} move {number}: other events"
        in_place = done.state
    else:
        pytest.fail(f"{game.id}: no result after {MOVE_CAP} moves")
    assert _moves(rs, in_place) == {}, f"{game.id}: the game played in place goes on"
    assert rs.dump_state(in_place) == rs.dump_state(by_apply)
    assert rs.dump_state(game.start()[1]) == dealt, f"{game.id}: the next deal changed"


def _play(rs: Ruleset[Any, Any, Any], s: Any, rng: random.Random, moves: int,
          in_place: bool = True) -> Any:
    """`moves` random moves (fewer if the game ends): in place, or with `apply`."""
    for _ in range(moves):
        legal = _moves(rs, s)
        if not legal:
            break
        seat, action = _pick(rng, legal)
        s = (rs.apply_listed(s, seat, action, in_place=True) if in_place
             else rs.apply(s, seat, action)).state
    return s


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_copies_changed_in_place_never_change_each_other(game: Game) -> None:
    """A search's tree: the game goes on in place on one state; every few moves a copy
    branches off and plays on in place too. Each branch, and the game, plays exactly as
    the same moves played with `apply` from the same state."""
    rs, s = game.start()
    rng = random.Random(game.id)
    for number in range(MOVE_CAP):
        if not _moves(rs, s):
            break
        if number % BRANCH_EVERY == 0:
            before = rs.dump_state(s)
            branch = clone(s)
            seed = f"{game.id} branch {number}"
            branch = _play(rs, branch, random.Random(seed), BRANCH_MOVES)
            assert rs.dump_state(s) == before, f"{seed}: the branch changed the game"
            after = rs.dump_state(branch)
            twin = _play(rs, rs.load_state(before), random.Random(seed), BRANCH_MOVES,
                         in_place=False)
            assert after == rs.dump_state(twin), f"{seed}: in place is not apply"
            s = _play(rs, s, rng, 1)
            assert rs.dump_state(branch) == after, f"{seed}: the game changed the branch"
        else:
            s = _play(rs, s, rng, 1)
    else:
        pytest.fail(f"{game.id}: no result after {MOVE_CAP} moves")


def test_in_place_play_copies_each_shared_player_once_and_again_after_a_copy() -> None:
    """Dark Moon's players are copy-on-write: on a copy changed in place move after move,
    each player shared with the original is copied the first time it changes, then
    changed in place; once the copy is copied in turn, it shares them again, so its next
    change copies them anew and leaves the newer copy's players alone."""
    rs = get_ruleset("darkmoon")
    start = rs.new_game([f"p{i}" for i in range(1, 6)], 7)
    s = clone(start)
    shared = {seat: start.players[seat] for seat in s.seats}
    assert all(s.players[seat] is p for seat, p in shared.items())
    rng = random.Random(7)
    seen: dict[str, set[int]] = {seat: {id(p)} for seat, p in shared.items()}
    for _ in range(60):
        s = _play(rs, s, rng, 1)
        for seat in s.seats:
            seen[seat].add(id(s.players[seat]))
    # the original's players, then at most one copy of each
    assert all(len(ids) <= 2 for ids in seen.values()), seen
    assert any(len(ids) == 2 for ids in seen.values())
    assert all(start.players[seat] is p for seat, p in shared.items())
    newer = clone(s)
    before = rs.dump_state(newer)
    owned_then = {seat: s.players[seat] for seat in s.seats}
    s = _play(rs, s, rng, 12)
    assert rs.dump_state(newer) == before, "changing the state changed its newer copy"
    assert all(newer.players[seat] is p for seat, p in owned_then.items())
    assert any(s.players[seat] is not p for seat, p in owned_then.items())
