"""The computer player's knowledge of a Nemesis-family game (`FamilyProfile`): how good a
position is for a seat, how the moves of a quick playout are played, which moves the
search leaves out, and which side a seat plays for. What differs between the games
(where a character is safe, the way out, the clock, the objectives) each game's own
profile answers (rules/lockdown/agent.py, rules/nemesis_original/agent.py).

The evaluation is the chance that the seat wins: that its character lives through the
end (alive, unhurt, far from intruders, clear of infection, and able to reach a way
out before the end comes; or already safe) times the chance its kept objective is met
(`objective`, with partial credit for progress). In a team game (a game says which) it
is the team's: at least one survivor, every team objective met.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar, cast

from rules.core.agent_profile import AgentProfile
from rules.nemesis.actions import (
    Back,
    CarefulMove,
    Discard,
    Drop,
    FamilyAction,
    Melee,
    Move,
    Pass,
    Pick,
    PlayCard,
    RoomAct,
    Search,
    Shoot,
    Trade,
    TradeGive,
    UseItem,
)
from rules.nemesis.contamination import infected
from rules.nemesis.profile import NemesisState
from rules.nemesis.state import FamilyState, Hero
from rules.nemesis.turn_actions import cost_of, is_free
from rules.nemesis.wounds import MAX_SERIOUS

S = TypeVar("S", bound=FamilyState)

# a position's worth when the seat has no character yet (the draft), or none at all
UNKNOWN = 0.5
# what an objective not met yet is worth (a survivor without it loses: but a seat that
# lives can still meet it, so surviving is never worth nothing)
OBJECTIVE_FLOOR = 0.15
# the chance of living through a round more aboard (intruders, fire, events), and the
# most rounds counted (a character gets out, or the end comes, before that)
ROUND_ABOARD = 0.88
ROUNDS_COUNTED = 12
# what each serious wound leaves of the chance to live (0, 1, 2, 3 of them)
SERIOUS_LEFT = (1.0, 0.75, 0.5, 0.25)
# how dangerous an intruder in the character's room is, by kind (one next door: a fifth)
DANGER = {"larva": 0.05, "creeper": 0.15, "adult": 0.25, "breeder": 0.35, "queen": 0.45}
# a playout's weights (uniform play's is 1): a move toward the nearest way out, and
# taking it, when the character heads out (within END_NEAR rounds of the end, or from
# the start where the game's `heads_out` says so); shooting and fighting bare-handed (a
# shot risks nothing; a blow that misses wounds); passing (rare: a character who passes
# does nothing more that round; at 3 the solo `ai` passed every round).
TOWARD_EXIT = 10.0
GET_OUT = 30.0
END_NEAR = 4
SHOOT = 25.0
MELEE = 0.2
PASS = 0.3
# moves a playout plays before it stops and evaluates (every seat's moves, payments and
# answers: about one round of a 3-4 player game)
PLAYOUT_DEPTH = 24


@dataclass(frozen=True, slots=True)
class Surroundings:
    """What a playout's weights read of a character's surroundings (`surroundings`):
    the rooms holding an intruder, whether it heads out (the end near, or the game's
    `heads_out`), and then the ways out it heads for (None: no move to weigh, or none
    known)."""

    intruders: frozenset[str]
    heading_out: bool
    exits: tuple[str, ...] | None


def nemesis(state: FamilyState) -> NemesisState:
    """`state` as the family's mechanics read it (every game's state is one)."""
    return cast(NemesisState, state)


class FamilyProfile(AgentProfile[S, FamilyAction]):
    """What both Nemesis games share; a game's profile answers the hooks below."""

    playout_depth = PLAYOUT_DEPTH
    # a step costs about 2.5 times Dark Moon's: 500 copies took 1.15 to 1.25 s of CPU
    # for a 5-player decision (`python -m bot bench --agents ai`)
    budget = 300
    # places where a character has left the game alive (the victory check counts them)
    safe_places: tuple[str, ...] = ()

    # ------------------------------------------------------------ a game's hooks
    def rounds_left(self, state: S) -> int:
        """Rounds before the end comes (the clock, a self-destruct, an alert)."""
        return 10

    def exits(self, state: S, hero: Hero) -> list[str]:
        """Rooms from which `hero` can get out now or before the end."""
        return []

    def safe_chance(self, state: S, hero: Hero) -> float:
        """The chance that `hero`, safe now, lives through the victory check."""
        return 1.0

    def objective(self, state: S, hero: Hero) -> float:
        """How far `hero`'s objective is met, in [0, 1] (1: met as things stand)."""
        return 0.0

    def team_goal(self, state: S) -> float | None:
        """In a team game, how far the team's goals are met in [0, 1]; None when every
        seat plays for itself."""
        return None

    def escape_action(self, state: S, hero: Hero, action: FamilyAction) -> bool:
        """Whether `action` takes `hero` to safety (or toward it: a pod)."""
        return False

    # ------------------------------------------------------------ evaluation
    def evaluate(self, state: S, seat: str) -> float:
        s = nemesis(state)
        hero = s.heroes.get(seat)
        if hero is None or not hero.character:
            return UNKNOWN
        team = self.team_goal(state)
        if team is not None:
            return team_value([self.survival(state, h) for h in s.heroes.values()
                               if h.character], team)
        goal = self.objective(state, hero)
        return self.survival(state, hero) * (OBJECTIVE_FLOOR + (1 - OBJECTIVE_FLOOR) * goal)

    def survival(self, state: S, hero: Hero) -> float:
        """The chance `hero` lives through the end, as the position stands."""
        if hero.place == "dead":
            return 0.0
        if hero.place in self.safe_places:
            return self.safe_chance(state, hero) * infection_risk(state, hero)
        s = nemesis(state)
        risk = health(hero) * infection_risk(state, hero)
        if hero.place == "board":
            here = 0.0
            near = 0.0
            around = s.graph.neighbours(hero.room)
            for intruder in s.intruders:
                if intruder.room == hero.room:
                    here += DANGER.get(intruder.kind, 0.25)
                elif intruder.room in around:
                    near += DANGER.get(intruder.kind, 0.25)
            risk *= max(0.1, 1.0 - here - near / 5)
        left = self.rounds_left(state)
        return risk * ROUND_ABOARD ** min(left, ROUNDS_COUNTED) * self.reach(state, hero)

    def reach(self, state: S, hero: Hero) -> float:
        """The chance `hero` gets out before the end: how many rounds are left against
        the rounds the way to the nearest exit takes (2 moves a round, then the way out)."""
        left = self.rounds_left(state)
        if hero.place != "board":  # waiting in a pod
            return 0.8 if left >= 1 else 0.3
        exits = self.exits(state, hero)
        if not exits:
            return max(0.05, min(1.0, 0.1 * left))
        far = distances(state, hero.room)
        dist = min(far.get(x, 12) for x in exits)
        need = dist / 2 + 1
        return max(0.05, min(1.0, 0.2 + 0.15 * (left - need)))

    # ------------------------------------------------------------ playouts
    def playout_action(self, state: S, seat: str, legal: Sequence[FamilyAction],
                       rng: random.Random) -> FamilyAction:
        if len(legal) == 1:
            return legal[0]
        s = nemesis(state)
        hero = s.heroes.get(seat)
        if hero is None or hero.place not in ("board", "pod") or not hero.character:
            return legal[rng.randrange(len(legal))]
        return legal[_pick(self.weights(state, hero, legal), rng)]

    def weights(self, state: S, hero: Hero, legal: Sequence[FamilyAction]) -> list[float]:
        """How readily a playout plays each of `legal` for `hero` (a game that steers a
        character toward a goal works out the goal once here)."""
        around = self.surroundings(state, hero, legal)
        return [self.weight(state, hero, a, around) for a in legal]

    def heads_out(self, state: S, hero: Hero) -> bool:
        """Whether a playout steers `hero` toward a way out whatever the clock says: in a
        game where each seat plays for itself, yes (a character inside dies a little
        every round; one out is safe). A game with team modes answers False for them:
        its own steering (its `weights`) says when the team leaves, and the family's
        steers out only near the end."""
        return True

    def surroundings(self, state: S, hero: Hero, legal: Sequence[FamilyAction],
                     exits: Sequence[str] | None = None) -> Surroundings:
        """What the weights of `hero`'s moves read, worked out once for all of them:
        where the intruders are, whether it heads out, and then (when `legal` has a
        move) the ways out it heads for (`exits`, else the game's)."""
        s = nemesis(state)
        out = self.rounds_left(state) <= END_NEAR or self.heads_out(state, hero)
        way = None
        if out and any(isinstance(a, (Move, CarefulMove)) for a in legal):
            ways = self.exits(state, hero) if exits is None else exits
            if ways:
                way = tuple(ways)
        return Surroundings(frozenset(i.room for i in s.intruders), out, way)

    def weight(self, state: S, hero: Hero, action: FamilyAction,
               around: Surroundings | None = None) -> float:
        """How readily a playout plays `action` for `hero` (uniform play's weight is 1);
        `around`: the surroundings `weights` worked out (else worked out here)."""
        if around is None:
            around = self.surroundings(state, hero, (action,))
        if isinstance(action, (Move, CarefulMove)):
            danger = action.to in around.intruders
            fleeing = hero.room in around.intruders
            w = 0.15 if danger and not armed(hero) else 2.0 if fleeing else 1.0
            if around.exits:
                far = distances(state, action.to)
                here = distances(state, hero.room)
                if min(far.get(x, 12) for x in around.exits) < min(here.get(x, 12)
                                                                   for x in around.exits):
                    w *= TOWARD_EXIT
            return w * (0.6 if isinstance(action, CarefulMove) else 1.0)
        if isinstance(action, Shoot):
            return SHOOT
        if isinstance(action, Melee):
            return MELEE
        if isinstance(action, (RoomAct, Pick)) and self.escape_action(state, hero, action):
            return GET_OUT if around.heading_out else 1.0
        if isinstance(action, RoomAct):
            return 2.0
        if isinstance(action, (PlayCard, UseItem, Search)):
            return 1.5
        if isinstance(action, Pass):
            return PASS
        if isinstance(action, (Trade, Back, Drop)):
            return 0.05
        if isinstance(action, TradeGive):
            return 3.0 if not action.things else 0.2
        if isinstance(action, Discard):
            return discard_weight(hero, action)
        return 1.0

    # ------------------------------------------------------------ the search
    def candidates(self, state: S, seat: str, legal: Sequence[FamilyAction]
                   ) -> Sequence[FamilyAction]:
        """Leaves out starting a trade, giving things away, dropping what one holds and
        taking an action back: moves a player seldom makes to win, which the search
        would otherwise spend its budget on. Also item uses that cost no card once the
        seat has acted this turn, and those that are not one of the turn's actions at
        all: a reusable one (the Motion Sensor Array) played again and again keeps the
        hand full, so a seat that never passes would hold the round forever (the search
        sees no cost in it: its playouts seldom reach the round's end)."""
        s = nemesis(state)
        hero = s.heroes.get(seat)
        acted = hero is not None and hero.actions_taken > 0
        kept = [a for a in legal if not isinstance(a, (Trade, Back, Drop))
                and not (isinstance(a, TradeGive) and a.things)
                and not (isinstance(a, UseItem) and hero is not None
                         and (is_free(s.rules, a) or (acted and cost_of(s, hero, a) == 0)))]
        return kept or legal

    def side(self, state: S, seat: str) -> str:
        """A team game's seats play for the crew; otherwise each for its character."""
        return "crew" if self.team_goal(state) is not None else "character"

    def survived(self, state: S, seat: str) -> bool | None:
        return seat in nemesis(state).survivors


# ------------------------------------------------------------------ helpers
def health(hero: Hero) -> float:
    """What wounds leave of a character's chance to live: each serious wound costs more
    than the last (the 3rd is the last one survived); light wounds turn serious at the
    3rd, open serious wounds bleed."""
    serious = min(len(hero.serious), MAX_SERIOUS)
    undressed = sum(1 for w in hero.serious if not w.dressed)
    chance = SERIOUS_LEFT[serious] - 0.08 * hero.light - 0.06 * undressed
    if serious == MAX_SERIOUS:
        chance -= 0.06 * hero.light  # the next light wound that turns serious kills
    return max(0.03, chance)


def infection_risk(state: FamilyState, hero: Hero) -> float:
    """The chance of passing the infection check at the end: a larva, infected
    contamination cards (in a determinized copy their faces are dealt) and plain ones."""
    rules = nemesis(state).rules
    plain = 0
    bad = 0
    for card in (*hero.hand, *hero.deck, *hero.discard):
        if card.startswith("c:"):
            if infected(rules, card):
                bad += 1
            else:
                plain += 1
    chance = 1.0 - 0.02 * plain - (0.25 if bad else 0.0) - (0.35 if hero.larva else 0.0)
    return max(0.05, chance)


def armed(hero: Hero) -> bool:
    """Whether the character holds a loaded weapon."""
    return any(h.item is not None and h.ammo > 0 for h in hero.hands)


_DISTANCES: dict[tuple[int, str], dict[str, int]] = {}


def team_value(lives: Iterable[float], team: float) -> float:
    """A team game's value: the chance that at least one of the characters lives
    (`lives`: each one's chance) times the team's goals (`team`, in [0, 1])."""
    nobody = math.prod(1.0 - p for p in lives)
    return (1.0 - nobody) * (OBJECTIVE_FLOOR + (1 - OBJECTIVE_FLOOR) * team)


def distances(state: FamilyState, room: str) -> dict[str, int]:
    """Moves from `room` to every room of the board (cached per board and room: the
    boards never change)."""
    graph = nemesis(state).graph
    key = (id(graph), room)
    found = _DISTANCES.get(key)
    if found is None:
        found = _DISTANCES[key] = graph.distances_from(room) if room in graph.exits else {}
    return found


def discard_weight(hero: Hero, action: Discard) -> float:
    """After passing: throw the contamination cards out of the hand, keep the rest."""
    dirty = {str(i) for i, c in enumerate(hero.hand) if c.startswith("c:")}
    chosen = set(action.cards)
    if chosen == dirty:
        return 5.0
    return 0.3 if chosen - dirty else 1.0


def _pick(weights: Sequence[float], rng: random.Random) -> int:
    total = sum(weights)
    r = rng.random() * total
    for i, w in enumerate(weights):
        r -= w
        if r < 0:
            return i
    return len(weights) - 1


__all__ = ["FamilyProfile", "Surroundings", "armed", "distances", "health", "infection_risk",
           "nemesis", "team_value"]
