"""Inside the `ai`'s search (rules/agents/ismcts.py), on Last Token (last_token.py) with a
scripted profile: what each iteration adds to the tree and how it scores it (a finished
game 1 or 0 for each node's own mover, else the profile's evaluation after
`playout_depth` playout moves), the availability and selection counts, the prior on the
profile's move, the candidates narrowed per mover, the root's choice and the fallbacks
without a search; and the `random` and `default` players' small print."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

import pytest
from last_token import LastToken, Take, TokenState, at_pile

from rules.agents import AGENTS, choose, ismcts
from rules.agents.ismcts import Node, _most_visited, _Search
from rules.core.agent_profile import AgentProfile

KEYS = ["take:1", "take:2", "take:3"]
VALUES = {"a": 0.3, "b": 0.8}  # what the scripted profile says each seat can expect


class Scripted(AgentProfile[TokenState, Take]):
    """Playouts take `prefer` tokens for seat "a" (or as many as are left), the first
    legal move otherwise; `evaluate` says VALUES and notes the piles it was asked about;
    `drop` leaves one move out of a seat's candidates while more than 2 tokens are
    left."""

    def __init__(self, prefer: int = 1, depth: int = 1000,
                 drop: dict[str, int] | None = None) -> None:
        self.prefer = prefer
        self.playout_depth = depth
        self.drop = drop or {}
        self.evaluated: list[int] = []

    def playout_action(self, state: TokenState, seat: str, legal: Sequence[Take],
                       rng: random.Random) -> Take:
        want = min(self.prefer, state.tokens) if seat == "a" else 0
        return next((a for a in legal if a.n == want), legal[0])

    def evaluate(self, state: TokenState, seat: str) -> float:
        self.evaluated.append(state.tokens)
        return VALUES[seat]

    def candidates(self, state: TokenState, seat: str, legal: Sequence[Take]
                   ) -> Sequence[Take]:
        if state.tokens <= 2:
            return legal
        return [a for a in legal if a.n != self.drop.get(seat)] or legal


def _search(rs: LastToken, state: TokenState, profile: Scripted, iterations: int,
            keys: Sequence[str] = KEYS[:2]) -> Node:
    search = _Search(rs, profile, "a", random.Random(0))
    for i in range(iterations):
        search.iterate(rs.determinize(state, "a", i), keys)
    return search.root


def _nodes(node: Node) -> list[tuple[tuple[str, str], Node]]:
    out = []
    for key, child in node.children.items():
        out.append((key, child))
        out += _nodes(child)
    return out


def test_a_finished_game_scores_each_node_one_for_its_movers_win_zero_for_a_loss() -> None:
    # from 2 tokens: taking both wins at once; taking 1 leaves b the last token
    rs, state = at_pile(2)
    root = _search(rs, state, Scripted(), 30)
    win, lose = root.children["a", "take:2"], root.children["a", "take:1"]
    assert win.visits + lose.visits == 30 == root.selections
    assert win.visits > lose.visits > 0
    assert win.total == win.visits and lose.total == 0
    reply = lose.children["b", "take:1"]
    assert reply.visits > 0 and reply.total == reply.visits  # scored for b, who won
    assert _most_visited(root, "a", KEYS[:2]) == "take:2"


def test_a_playout_stops_after_its_depth_and_each_node_gets_its_movers_evaluation() -> None:
    rs, state = at_pile(20)
    profile = Scripted(depth=3)
    root = _search(rs, state, profile, 2)
    # a expands "take 1" (first: the profile's move), then "take 2"; each playout plays
    # 3 moves of 1 token before the position is evaluated
    assert profile.evaluated == [20 - 1 - 3, 20 - 2 - 3]
    assert {k: (n.visits, n.total) for k, n in root.children.items()} == {
        ("a", "take:1"): (1, VALUES["a"]), ("a", "take:2"): (1, VALUES["a"])}
    profile.evaluated.clear()
    root = _search(rs, state, profile, 40)
    deeper = [(k, n) for k, n in _nodes(root) if n.visits]
    assert {k[0] for k, _ in deeper} == {"a", "b"}
    for (mover, _), node in deeper:
        assert node.total == pytest.approx(VALUES[mover] * node.visits)
    # one evaluation per mover and iteration, however many of its nodes the walk passed
    assert len(profile.evaluated) <= 2 * 40 < sum(n.visits for _, n in deeper)


def test_a_game_that_never_ends_is_cut_at_the_longest_walk(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ismcts, "MAX_MOVES", 7)
    rs, state = at_pile(100)
    profile = Scripted()
    _search(rs, state, profile, 1)
    assert profile.evaluated == [100 - 7]


def test_each_iteration_counts_where_a_move_was_available_and_chosen() -> None:
    rs, state = at_pile(30, most=3)
    profile = Scripted(prefer=3)
    root = _search(rs, state, profile, 1, KEYS)
    assert list(root.children) == [("a", "take:3")]  # the prior is on the profile's move
    root = _search(rs, state, profile, 12, KEYS)
    assert root.selections == 12
    assert sum(c.visits for c in root.children.values()) == 12
    first = root.children["a", "take:3"]
    assert first.avail == 12  # made on the first iteration, available on every one
    assert set(root.children) == {("a", k) for k in KEYS}
    assert sorted(c.avail for c in root.children.values()) == sorted(
        {c.avail for c in root.children.values()})  # made on different iterations
    assert all(1 <= c.avail <= 12 for c in root.children.values())


def test_the_profile_narrows_each_movers_moves_in_the_tree() -> None:
    rs, state = at_pile(9)
    root = _search(rs, state, Scripted(drop={"b": 2}), 60)
    replies = {k for child in root.children.values() for k in child.children}
    assert replies == {("b", "take:1")}  # (7 or 8 tokens left: b's "take 2" is out)
    assert set(root.children) == {("a", "take:1"), ("a", "take:2")}
    root = _search(rs, state, Scripted(drop={"a": 1}), 20)
    assert set(root.children) == {("a", "take:2")}


class OneMove(LastToken):
    agent_profile: ClassVar[AgentProfile[TokenState, Take]] = Scripted(drop={"a": 1})


def test_a_seat_left_one_move_in_every_copy_stops_searching_early() -> None:
    rs = OneMove()
    state = rs.new_game(["a", "b"], 1)
    assert choose(rs, state, "a", seed=0, budget=200).key == "take:2"
    assert rs.determinized == ismcts.SETTLED
    rs.determinized = 0
    assert choose(rs, state, "a", seed=0, budget=ismcts.SETTLED - 3).key == "take:2"
    assert rs.determinized == ismcts.SETTLED - 3
    # two moves left: the whole budget is searched
    two = LastToken()
    choose(two, state, "a", seed=0, budget=40)
    assert two.determinized == 40


def _root(*stats: tuple[int, float]) -> Node:
    root = Node()
    for key, (visits, total) in zip(KEYS, stats, strict=True):
        child = root.children["a", key] = Node()
        child.visits, child.total = visits, total
    return root


def test_the_root_plays_its_most_visited_move_then_the_better_mean_then_the_first() -> None:
    assert _most_visited(_root((3, 1.0), (4, 0.5), (0, 0.0)), "a", KEYS) == "take:2"
    assert _most_visited(_root((3, 1.0), (3, 2.0), (1, 1.0)), "a", KEYS) == "take:2"
    assert _most_visited(_root((3, 2.0), (3, 2.0), (3, 2.0)), "a", KEYS) == "take:1"
    assert _most_visited(_root((0, 0.0), (0, 0.0), (1, 0.0)), "a", KEYS) == "take:3"
    assert _most_visited(_root((0, 0.0), (0, 0.0), (0, 0.0)), "a", KEYS) is None
    assert _most_visited(_root((2, 1.0), (2, 1.0), (2, 1.0)), "b", KEYS) is None


class PrefersTwo(LastToken):
    agent_profile: ClassVar[AgentProfile[TokenState, Take]] = Scripted(prefer=2)


class Blind(PrefersTwo):
    """Every copy it deals has the other seat to move: the deciding seat has none of its
    moves there."""

    def determinize(self, state: TokenState, seat: str, seed: int) -> TokenState:
        copy = super().determinize(state, seat, seed)
        return copy.model_copy(update={"turn": 1 - copy.turn})


def test_without_a_search_the_profiles_move_else_the_first_legal_move() -> None:
    rs = PrefersTwo()
    state = rs.new_game(["a", "b"], 1)
    assert choose(rs, state, "a", seed=0, budget=0).key == "take:2"
    assert rs.asked == {"a"}  # copies are dealt for the deciding seat only
    assert [type(x) for x in rs.seeds] == [int]  # from the decision's generator
    rs.seeds.clear()
    choose(rs, state, "a", seed=4, budget=6)
    first = list(rs.seeds)
    rs.seeds.clear()
    choose(rs, state, "a", seed=4, budget=6)
    assert rs.seeds == first and len(set(first)) == 6  # each copy its own, replayable
    blind = Blind()
    for budget in (0, 5):
        blind.determinized = 0
        assert choose(blind, state, "a", seed=0, budget=budget).key == "take:1"
        assert blind.determinized == budget + 1  # every copy skipped, then one more


def _selected(*tried: tuple[int, float]) -> str:
    """The move the search picks at a node whose first moves were tried (visits,
    total score; each available on every earlier visit) and the rest not, with the
    profile's prior on "take 1"."""
    rs, state = at_pile(30, most=3)
    search = _Search(rs, Scripted(), "a", random.Random(0))
    node = Node()
    for key, (visits, total) in zip(KEYS, tried, strict=False):
        child = node.children["a", key] = Node()
        child.visits, child.total, child.avail = visits, total, visits
    action, _, _ = search._select(node, "a", rs.legal_actions(state, "a"), state)
    return action.key


def test_a_move_not_tried_counts_a_little_below_the_mean_of_those_tried() -> None:
    # "take 1" tried 3 times: its bonus is 0.5 * 2 / 4 = 0.25; an untried move's is
    # 0.25 * 1 (its share of the prior, the node's first selection)
    assert _selected((3, 3.0)) == "take:1"  # 1 + 0.25 against 1 - 0.05 + 0.25
    assert _selected((3, 0.0)) == "take:1"  # 0 + 0.25 against 0 - 0.05 + 0.25
    assert _selected((3, 2.7)) == "take:1"  # 0.9 + 0.25 against 0.85 + 0.25
    assert _selected((3, 0.0), (3, 3.0)) == "take:2"  # the tried mean is theirs: 0.5
    assert _selected() == "take:1"          # nothing tried: the prior decides


def test_no_legal_move_is_refused_with_the_seat_named() -> None:
    rs, state = at_pile(5)
    for agent in (AGENTS["ai"], AGENTS["random"], AGENTS["default"]):
        with pytest.raises(ValueError, match="b has no legal action"):
            agent(rs, state, "b", seed=0, budget=5)


class Defaults(LastToken):
    def default_action(self, state: TokenState, seat: str) -> Take | None:
        return Take(n=2) if state.tokens > 3 and seat == "a" else None


def test_default_plays_the_rulesets_default_action_when_it_names_one() -> None:
    rs = Defaults()
    state = rs.new_game(["a", "b"], 1)
    assert AGENTS["default"](rs, state, "a", seed=0, budget=0).key == "take:2"
    small = state.model_copy(update={"tokens": 3})
    assert AGENTS["default"](rs, small, "a", seed=0, budget=0).key == "take:1"
    theirs = state.model_copy(update={"turn": 1})
    assert AGENTS["default"](rs, theirs, "b", seed=0, budget=0).key == "take:1"


def test_random_is_the_same_for_the_same_seed() -> None:
    rs, state = at_pile(30, most=3)
    picks = [AGENTS["random"](rs, state, "a", seed=s, budget=0).key for s in range(30)]
    assert picks == [AGENTS["random"](rs, state, "a", seed=s, budget=0).key
                     for s in range(30)]
    assert set(picks) == set(KEYS)
