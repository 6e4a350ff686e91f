"""The contract answers every frame ruleset shares (rules/core/engine.py), on a tiny
test-only game: one kind of question asked of some seats at once, answered by a word.
Who is prompted and with what text, whether the prompt is secret, the reasons a move is
refused, and the move the bot makes for an absent player."""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from pydantic import BaseModel

from rules.core.actions import ActionCodec, KeyedAction
from rules.core.clone import clone
from rules.core.contract import Action, IllegalAction
from rules.core.engine import FrameRuleset
from rules.core.frames import FrameMachine, Handler
from rules.core.model import EngineState
from rules.core.table import TableCtx


class Say(KeyedAction):
    kind = "say"
    word: str

    @property
    def label(self) -> str:
        return f"Say {self.word}"


@dataclass(slots=True, kw_only=True)
class Ask:
    """A question of `kind` that each seat in `seats` answers with one of `words`."""

    kind: str
    seats: list[str]
    words: list[str]


class TalkState(EngineState):
    version: int = 0
    seats: list[str]
    stack: list[Ask] = []
    said: list[str] = []
    rounds: int = 1
    over: bool = False


class TalkView(BaseModel):
    waiting: list[str]


class TalkOptions(BaseModel):
    rounds: int = 1


class OtherOptions(BaseModel):
    """Options of the same fields from elsewhere (a table's stored settings)."""

    rounds: int = 2


def _answer(ctx: TableCtx[TalkState], frame: Ask, seat: str, action: Any) -> None:
    ctx.s.said.append(f"{seat} {action.key}")
    frame.seats.remove(seat)
    if not frame.seats:
        ctx.s.stack.pop()


ASK: Handler[TableCtx[TalkState]] = Handler(
    lambda s, f: list(f.seats), lambda s, f, seat: [Say(word=w) for w in f.words],
    _answer, lambda ctx, f: None)


class Talk(FrameRuleset[TalkState, Say, TalkView, TableCtx[TalkState]]):
    name: ClassVar[str] = "talk"
    title: ClassVar[str] = "Talk"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = TalkOptions
    State = TalkState
    machine = FrameMachine({"vote": ASK, "call": ASK, "hint": ASK})
    codec = ActionCodec([Say])
    ctx_type = TableCtx
    prompts: ClassVar[dict[str, str]] = {"vote": "Vote.", "call": "Call."}
    secret_kinds = frozenset({"hint"})
    shared_prompt_kinds = frozenset({"vote"})
    default_keys = ("say:pass", "say:no")

    def __init__(self) -> None:
        self.asked: list[str] = []  # the seats prompt_text was asked for, in order
        self.set_up_with: list[BaseModel] = []  # the options each new game was given

    def setup(self, seats: list[str], seed: int, options: BaseModel) -> TalkState:
        self.set_up_with.append(options)
        return TalkState(seats=seats, rounds=TalkOptions.model_validate(options).rounds)

    def build_view(self, state: TalkState, seat: str | None,
                   waiting: list[str]) -> TalkView:
        return TalkView(waiting=waiting)

    def outcome(self, state: TalkState) -> None:
        return None

    def determinize(self, state: TalkState, seat: str, seed: int) -> TalkState:
        return clone(state)  # nothing is hidden in Talk, and it draws nothing at random

    def prompt_text(self, state: TalkState, seat: str, kind: str) -> str:
        self.asked.append(seat)
        return f"{super().prompt_text(state, seat, kind)} ({len(self.asked)})"


def _state(kind: str, seats: list[str], words: tuple[str, ...] = ("yes", "no")) -> TalkState:
    return TalkState(seats=["a", "b", "c"],
                     stack=[Ask(kind=kind, seats=list(seats), words=list(words))])


def test_a_shared_prompt_text_is_worked_out_once_for_every_seat_waiting() -> None:
    rs = Talk()
    prompts = rs.pending(_state("vote", ["b", "a"]))
    assert [(p.seat, p.kind, p.text) for p in prompts] == [
        ("b", "vote", "Vote. (1)"), ("a", "vote", "Vote. (1)")]
    assert rs.asked == ["b"]


def test_another_prompt_text_is_asked_for_each_seat() -> None:
    rs = Talk()
    prompts = rs.pending(_state("call", ["b", "a"]))
    assert [(p.seat, p.text) for p in prompts] == [("b", "Call. (1)"), ("a", "Call. (2)")]
    assert rs.asked == ["b", "a"]


def test_a_lone_seat_on_a_shared_kind_is_asked_its_own_text() -> None:
    rs = Talk()
    assert [p.text for p in rs.pending(_state("vote", ["c"]))] == ["Vote. (1)"]
    assert rs.asked == ["c"]


@pytest.mark.parametrize(("kind", "seats", "secret"), [
    ("call", ["a"], False),       # one seat, an open question: the table sees it
    ("hint", ["a"], True),        # a secret kind
    ("call", ["a", "b"], True),   # seats answering at once do not see each other's
])
def test_a_prompt_is_secret_for_a_secret_kind_or_several_seats(
        kind: str, seats: list[str], secret: bool) -> None:
    prompts = Talk().pending(_state(kind, seats))
    assert [p.seat for p in prompts] == seats and {p.secret for p in prompts} == {secret}


def test_no_prompt_once_nobody_waits() -> None:
    rs = Talk()
    assert rs.pending(TalkState(seats=["a"])) == [] and rs.asked == []
    assert rs.pending(TalkState(seats=["a"], over=True, stack=_state("call", ["a"]).stack)) == []


def test_a_text_default_for_a_kind_without_words() -> None:
    assert [p.text for p in Talk().pending(_state("hint", ["a"]))] == ["Your decision. (1)"]


def test_the_reasons_a_move_is_refused() -> None:
    rs = Talk()
    s = _state("call", ["a"])
    cases = [("z", Say(word="yes"), "You are not playing in this game."),
             ("b", Say(word="yes"), "It is not your decision right now; wait for your prompt."),
             ("a", Say(word="maybe"), "That move is not allowed now; pick one from the list.")]
    for seat, action, reason in cases:
        with pytest.raises(IllegalAction) as refused:
            rs.apply(s, seat, action)
        assert str(refused.value) == reason
    step = rs.apply(s, "a", Say(word="yes"))
    assert step.state.said == ["a say:yes"] and step.state.version == 1 and s.said == []
    with pytest.raises(IllegalAction, match=r"^The game is over\.$"):
        rs.apply(TalkState(seats=["a"], over=True), "a", Say(word="yes"))


def test_a_typed_key_is_read_as_the_listed_action_or_refused_with_why() -> None:
    rs = Talk()
    s = _state("call", ["a"])
    assert rs.parse_action(s, "a", "say:no") is rs.legal_actions(s, "a")[1]
    for seat, key, reason in [
            ("b", "say:yes", "It is not your decision right now; wait for your prompt."),
            ("a", "say:maybe", "That move is not available to you right now.")]:
        with pytest.raises(IllegalAction) as refused:
            rs.parse_action(s, seat, key)
        assert str(refused.value) == reason


def test_the_move_for_an_absent_player_is_the_first_default_key_listed() -> None:
    rs = Talk()
    assert rs.default_action(_state("call", ["a"], ("yes", "no", "pass")), "a") == Say(word="pass")
    assert rs.default_action(_state("call", ["a"], ("yes", "no")), "a") == Say(word="no")


def test_failing_the_default_keys_the_first_legal_move_and_none_when_not_asked() -> None:
    rs = Talk()
    s = _state("call", ["a"], ("maybe", "yes"))
    assert rs.default_action(s, "a") == Say(word="maybe")
    assert rs.default_action(s, "b") is None
    assert rs.default_action(_state("call", ["a"], ()), "a") is None


def test_the_view_says_who_waits() -> None:
    assert Talk().view(_state("vote", ["b", "c"]), None) == TalkView(waiting=["b", "c"])


def test_a_new_game_takes_its_options_as_given_read_from_another_model_or_the_defaults() -> None:
    rs = Talk()
    mine = TalkOptions(rounds=4)
    assert rs.new_game(["a", "b"], 1, mine).rounds == 4
    assert rs.set_up_with[-1] is mine  # the ruleset's own options are not copied
    assert rs.new_game(["a", "b"], 1, OtherOptions(rounds=3)).rounds == 3
    assert rs.set_up_with[-1] == TalkOptions(rounds=3)
    assert rs.new_game(["a"], 1).rounds == 1 and rs.set_up_with[-1] == TalkOptions()


class NarrowTalk(Talk):
    """A ruleset that lists only the actions of the kind played when checking a move (as
    the Nemesis games do on a turn): here, only the word said, if the frame has it."""

    def __init__(self) -> None:
        super().__init__()
        self.told: list[tuple[str, list[str]]] = []

    def candidates(self, state: TalkState, seat: str, action: Say,
                   waiting: list[str]) -> list[Action]:
        self.told.append((action.key, list(waiting)))
        return [a for a in self.machine.legal(state, seat, waiting) if a.key == action.key]


def test_a_ruleset_narrowing_the_candidates_is_told_the_move_and_who_waits() -> None:
    rs = NarrowTalk()
    s = _state("vote", ["b", "a"])
    assert rs.apply(s, "a", Say(word="no")).state.said == ["a say:no"]
    with pytest.raises(IllegalAction):
        rs.apply(s, "b", Say(word="maybe"))
    assert rs.told == [("say:no", ["b", "a"]), ("say:maybe", ["b", "a"])]


def test_a_move_equal_to_a_listed_one_is_accepted_though_not_the_listed_object() -> None:
    """A copy, or an action read back from a stored game, is the same move."""
    rs = Talk()
    s = _state("call", ["a"])
    for move in (copy.deepcopy(Say(word="no")), pickle.loads(pickle.dumps(Say(word="no")))):
        assert all(a is not move for a in rs.legal_actions(s, "a"))
        assert rs.apply(s, "a", move).state.said == ["a say:no"]
