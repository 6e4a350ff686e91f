"""Asking the engine about a state (prompts, legal actions) never changes the state nor
what `apply` accepts: a caller's legal list is its own, an action is accepted only from
the seat it is legal for, and the answers about a state reached by moves are those about
the same state read back from JSON."""

from __future__ import annotations

import pytest

from rules import IllegalAction, get_ruleset
from rules.core.clone import clone

RS = get_ruleset("darkmoon")


def _game() -> object:
    return RS.new_game(["a", "b", "c", "d"], 3)


def test_asking_changes_nothing_in_the_state() -> None:
    s = _game()
    before = s.model_dump_json()
    fresh = RS.load_state(before)
    seat = RS.pending(s)[0].seat
    RS.legal_actions(s, seat)
    RS.view(s, seat)
    assert s.model_dump_json() == before and s == fresh and clone(s) == fresh


def test_a_listed_action_is_accepted_and_the_same_action_from_another_seat_is_not() -> None:
    s = _game()
    seat = RS.pending(s)[0].seat
    other = next(x for x in s.seats if x != seat)
    legal = RS.legal_actions(s, seat)
    with pytest.raises(IllegalAction):
        RS.apply(s, other, legal[0])
    assert RS.apply(s, seat, legal[0]).state.version == s.version + 1


def test_changing_the_returned_list_changes_nothing() -> None:
    s = _game()
    seat = RS.pending(s)[0].seat
    kept = RS.legal_actions(s, seat)  # the commander keeps one of two events
    s2 = RS.apply(s, seat, kept[0]).state
    now = RS.pending(s2)[0].seat
    mine = RS.legal_actions(s2, now)
    assert kept[1] not in mine
    mine.append(kept[1])  # a caller's list is its own
    with pytest.raises(IllegalAction):
        RS.apply(s2, now, kept[1])


@pytest.mark.parametrize("options", [{}, {"expansion": True, "threats": True,
                                          "company_man": True}])
def test_the_answers_after_a_move_are_those_of_the_state_read_back(
        options: dict[str, bool]) -> None:
    """Who waits and what each seat may do after a move are what the machine says of the
    new state, and the same for that state read back from JSON."""
    import random

    for seed in range(3):
        agent = random.Random(seed)
        s = RS.new_game(["a", "b", "c", "d", "e"], seed, RS.Options(**options))
        while RS.outcome(s) is None:
            prompts = RS.pending(s)
            seat = agent.choice(prompts).seat
            s = RS.apply(s, seat, agent.choice(RS.legal_actions(s, seat))).state
            assert [p.seat for p in RS.pending(s)] == RS.machine.waiting(s)
            fresh = RS.load_state(RS.dump_state(s))
            assert RS.pending(s) == RS.pending(fresh)
            for x in s.seats:
                assert [a.key for a in RS.legal_actions(s, x)] == [
                    a.key for a in RS.legal_actions(fresh, x)]
