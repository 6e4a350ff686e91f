"""The `ai` player: Information-Set Monte Carlo Tree Search over determinized copies.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo
Tree Search", 2012), as TabletopGames' and OpenSpiel's ISMCTS players do it. Each of
`budget` iterations:

1. deals a copy of the game as the deciding seat might imagine it,
   `ruleset.determinize(state, seat, seed_i)`: the only read of the real state, besides
   the seat's own legal actions at the root (which it sees anyway);
2. walks down one tree shared by every copy, whose nodes are keyed by (mover, action
   key): at each node the mover is the first seat the copy waits for (several seats
   waiting at once, a secret vote, are played one after another in that fixed order;
   at the root, the deciding seat), and it picks among its moves legal in this copy by
   PUCT (a move's mean score plus an exploration bonus weighted by a prior: half of it
   on the move the game's profile would play in a playout, the rest shared evenly),
   the bonus counted over the iterations in which the move was available
   (availability-aware selection, as ISMCTS's UCB does); the first move picked that has
   no node yet gets one (expansion) and the playout starts after it;
3. plays on with the game's `AgentProfile` (`playout_action`) for at most
   `playout_depth` moves, then scores the position: a finished game by its outcome (1
   for a winner, 0 for a loser), else by the profile's `evaluate`;
4. adds to every node on the path the score of the seat that chose it, so each node
   maximises its own mover's result (in a team game the winners are the mover's side).

The move returned is the root's most visited (ties: the better mean, then the order of
the seat's legal actions). When the profile's `candidates` leave the seat one and the
same move in each of the first `SETTLED` copies, the search stops there: that move is
the answer whatever the rest of the budget would find. Everything random comes from
`random.Random(seed)`, so the same inputs (and no `stop`) give the same move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from rules.core.agent_profile import AgentProfile
from rules.core.contract import Action, Ruleset

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A", bound=Action)

# the exploration constant of PUCT (scores lie in [0, 1])
EXPLORATION = 1.0
# the prior share of the profile's playout move among a node's moves (the rest is shared
# evenly): with little search the player plays its profile's move; search overrules it
PRIOR = 0.5
# a move not tried yet is assumed to score this much less than the mean of those tried
UNTRIED_LESS = 0.05
# moves walked down the tree plus a playout, at most (a game that never ends)
MAX_MOVES = 5000
# iterations after which a decision stops when the profile left the seat one and the
# same move in every copy so far (nothing to search: the rest of the budget is saved)
SETTLED = 16

Key = tuple[str, str]  # (mover, action key)


class Node:
    """One move in the tree: who made it, how often it was tried and available, and
    the total score its mover got from it."""

    __slots__ = ("avail", "children", "selections", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Key, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.selections = 0  # iterations that chose a move below this one


def choose(ruleset: Ruleset[S, A, Any], state: S, seat: str, *, seed: int, budget: int,
           stop: Callable[[], bool] | None = None) -> A:
    """`seat`'s move in `state`, searched over `budget` determinized copies (fewer when
    `stop()` turns true). A seat with one legal move gets it without a search."""
    legal = ruleset.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"{seat} has no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    search = _Search(ruleset, ruleset.agent_profile, seat, random.Random(seed))
    root = search.root
    by_key = {a.key: a for a in legal}
    considered = [a.key for a in legal]  # (the profile narrows them in each copy)
    for done in range(max(0, budget)):
        if stop is not None and stop():
            break
        if done >= SETTLED and len(search.root_moves) == 1:
            break
        copy = ruleset.determinize(state, seat, search.rng.getrandbits(63))
        search.iterate(copy, considered)
    best = _most_visited(root, seat, considered)
    if best is None:  # no iteration ran: the profile's playout move in one copy
        copy = ruleset.determinize(state, seat, search.rng.getrandbits(63))
        copy_legal = [a for a in ruleset.legal_actions(copy, seat) if a.key in by_key]
        if not copy_legal:
            return by_key[considered[0]]
        pick = ruleset.agent_profile.playout_action(copy, seat, copy_legal, search.rng)
        return by_key[pick.key]
    return by_key[best]


def _next_turn(rs: Ruleset[S, A, Any], state: S) -> tuple[str, list[A]] | None:
    """The first seat the game waits for, with its legal actions; None when nobody is
    (`deciding`: the waiting seats without the prompts' texts, asked on every step)."""
    waiting = rs.deciding(state)
    if not waiting:
        return None
    return waiting[0], rs.legal_actions(state, waiting[0])


def _most_visited(root: Node, seat: str, considered: Sequence[str]) -> str | None:
    best: str | None = None
    best_rank = (0, 0.0)
    for key in considered:
        child = root.children.get((seat, key))
        if child is None or child.visits == 0:
            continue
        rank = (child.visits, child.total / child.visits)
        if best is None or rank > best_rank:
            best, best_rank = key, rank
    return best


class _Search(Generic[S, A]):
    """One decision's tree, the deciding seat and the random generator."""

    def __init__(self, ruleset: Ruleset[S, A, Any], profile: AgentProfile[S, A], seat: str,
                 rng: random.Random) -> None:
        self.ruleset = ruleset
        self.profile = profile
        self.seat = seat
        self.rng = rng
        self.root = Node()
        # the seat's moves the profile left in some copy (`candidates`) so far, by key
        self.root_moves: set[str] = set()

    def iterate(self, state: S, considered: Sequence[str]) -> None:
        """One iteration on the copy `state` (which it changes or replaces at will)."""
        rs, profile, rng = self.ruleset, self.profile, self.rng
        path: list[tuple[str, Node]] = []  # (mover, the node of its move)
        node = self.root
        moves = 0
        expanded = False
        outcome = rs.outcome(state)
        while outcome is None and moves < MAX_MOVES:
            if moves == 0:
                mover = self.seat
                allowed = set(considered)
                legal = [a for a in profile.candidates(state, mover,
                                                       rs.legal_actions(state, mover))
                         if a.key in allowed]
                if not legal:
                    return  # a copy in which the seat has none of its moves: skipped
                self.root_moves.update(a.key for a in legal)
            else:
                turn = _next_turn(rs, state)
                if turn is None:
                    break
                mover, listed = turn
                legal = list(profile.candidates(state, mover, listed))
            if expanded:
                action = profile.playout_action(state, mover, legal, rng)
            else:
                action, node, expanded = self._select(node, mover, legal, state)
                path.append((mover, node))
            state = rs.apply_listed(state, mover, action, in_place=True).state
            moves += 1
            if expanded and moves >= len(path) + profile.playout_depth:
                break
            outcome = rs.outcome(state)
        scores: dict[str, float] = {}
        for mover, node in path:
            score = scores.get(mover)
            if score is None:
                if outcome is not None:
                    score = 1.0 if mover in outcome.winners else 0.0
                else:
                    score = profile.evaluate(state, mover)
                scores[mover] = score
            node.visits += 1
            node.total += score

    def _select(self, node: Node, mover: str, legal: Sequence[A], state: S
                ) -> tuple[A, Node, bool]:
        """The move `mover` makes at `node` among `legal` (PUCT: its mean score plus a
        bonus that the profile's playout move starts with and that fades as the move is
        tried), with its node, and whether the node is new (the playout starts after)."""
        children = node.children
        node.selections += 1
        preferred = self.profile.playout_action(state, mover, legal, self.rng).key \
            if len(legal) > 1 else legal[0].key
        other = (1.0 - PRIOR) / (len(legal) - 1) if len(legal) > 1 else 0.0
        parent = math.sqrt(node.selections)
        # a move not tried yet is assumed a little worse than those tried on average
        tried = [children[mover, a.key] for a in legal if (mover, a.key) in children]
        seen = sum(c.visits for c in tried)
        untried = sum(c.total for c in tried) / seen - UNTRIED_LESS if seen else 0.5
        best = legal[0]
        best_node: Node | None = None
        best_score = -math.inf
        for action in legal:
            key = action.key
            child = children.get((mover, key))
            prior = PRIOR if key == preferred else other
            if child is None:
                score = untried + EXPLORATION * prior * parent
            else:
                child.avail += 1
                mean = child.total / child.visits if child.visits else untried
                score = mean + EXPLORATION * prior * math.sqrt(child.avail) / (1 + child.visits)
            if score > best_score:
                best, best_node, best_score = action, child, score
        if best_node is None:
            best_node = children[(mover, best.key)] = Node()
            best_node.avail = 1
            return best, best_node, True
        return best, best_node, False
