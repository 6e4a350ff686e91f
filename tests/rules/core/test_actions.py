"""Action models (rules/core/actions.py): the same fields give back the same instance, a
kind is a class constant rather than a field, and keys go back to actions through each
game's codec."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from rules import get_ruleset
from rules.core.actions import ActionCodec, KeyedAction
from rules.darkmoon.actions import CODEC as DARKMOON_CODEC
from rules.darkmoon.actions import DarkMoonAction, Retrieve, Reveal, Submit, Vote
from rules.nemesis.actions import CODEC as FAMILY_CODEC
from rules.nemesis.actions import FamilyAction, Move, Trade


def test_the_same_fields_give_back_the_same_action_and_its_key_is_worked_out_once() -> None:
    first = Retrieve(strong=2, weak=1)
    assert Retrieve(strong=2, weak=1) is first
    assert first.key == "retrieve:2,1,0,0"
    assert first.__dict__["key"] == "retrieve:2,1,0,0"  # cached on the shared instance
    assert Retrieve(strong=1, weak=2) is not first
    assert Reveal() is Reveal()


def test_validation_still_runs_for_new_fields() -> None:
    with pytest.raises(ValueError):
        Vote(choice="maybe")  # not one of the Literal values
    assert Vote(choice="weak").choice == "weak"


def test_an_unhashable_value_builds_an_equal_action_of_its_own() -> None:
    listed = Submit(dice=["S3", "W-2"])  # a list for a tuple field
    assert listed.dice == ("S3", "W-2")
    assert listed == Submit(dice=("S3", "W-2")) and listed.key == "submit:S3+W-2"


def test_copies_and_pickles_leave_the_shared_actions_alone() -> None:
    """pydantic builds a copy from an empty object of the class: that object is never a
    shared one (an action built with no field named is shared only when its class has
    no field at all)."""
    plain = Trade()
    named = Trade(text="Ripley")
    assert copy.copy(named) == named and copy.deepcopy(named) == named
    assert pickle.loads(pickle.dumps(named)) == named
    assert named.model_copy(update={"text": "Ash"}).text == "Ash"
    assert plain.text == "" and Trade().text == "" and Trade(text="Ripley") is named
    assert named.text == "Ripley" and copy.copy(Reveal()) == Reveal()


def test_the_kind_is_a_class_constant_and_not_a_field() -> None:
    vote = Vote(choice="strong")
    assert Vote.kind == vote.kind == "vote"
    assert "kind" not in Vote.model_fields and vote.model_dump() == {"choice": "strong"}
    assert Move(to="a2", text="the armory").key == "move:a2"  # label fields stay out too


def test_a_codec_needs_one_class_per_kind() -> None:
    class Nameless(KeyedAction):
        @property
        def label(self) -> str:
            return "?"

    with pytest.raises(ValueError):
        ActionCodec([Nameless])
    with pytest.raises(ValueError):
        ActionCodec([Vote, Vote])
    assert "vote" in DARKMOON_CODEC.kinds and "move" in FAMILY_CODEC.kinds


@pytest.mark.parametrize(("name", "players", "base"), [
    ("darkmoon", 5, DarkMoonAction), ("lockdown", 3, FamilyAction),
    ("nemesis", 3, FamilyAction)])
def test_every_listed_action_is_the_games_and_its_key_parses_back(
        name: str, players: int, base: type[KeyedAction]) -> None:
    rs = get_ruleset(name)
    seats = [f"p{i}" for i in range(players)]
    agent = random.Random(7)
    state = rs.new_game(seats, 7)
    for _ in range(150):
        if rs.outcome(state) is not None:
            break
        seat = agent.choice(rs.pending(state)).seat
        legal = rs.legal_actions(state, seat)
        for action in legal:
            assert isinstance(action, base)
            parsed = rs.codec.parse(action.key)
            assert type(parsed) is type(action) and parsed.key == action.key
            assert rs.parse_action(state, seat, action.key) in legal
        state = rs.apply(state, seat, agent.choice(legal)).state
