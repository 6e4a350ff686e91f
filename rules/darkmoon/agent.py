"""How Dark Moon's computer player judges a position and plays a quick playout: its
`AgentProfile` (`DarkMoon.agent_profile`), searched by `rules.agents` over determinized
copies. See README.md, "How the computer player plays".

Every rule here reads a determinized copy, never the real game: the statuses it sees
are those the copy dealt. The playout moves of the others follow what each could know
in the copy (its own status, the public record), so an infected player that stays
hidden keeps the benefit of its screen in the playouts too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules.core.agent_profile import AgentProfile
from rules.darkmoon import agent_expansion as xp
from rules.darkmoon import company_man
from rules.darkmoon.actions import (
    CorpSubmit,
    DarkMoonAction,
    Discard,
    GoOut,
    KeepTask,
    PickSystem,
    PlaceDamage,
    Repair,
    Retrieve,
    Roll,
    Submit,
    TestDie,
    TieBreak,
    Vote,
)
from rules.darkmoon.cards import Malfunction
from rules.darkmoon.in_play import task_card
from rules.darkmoon.state import GameState, RollFrame, VoteFrame
from rules.darkmoon.table import find_event

MAX_DAMAGE = 6
# the crew repairs the fullest track once it holds this many tokens, before anything
# else (measured against the playouts' infected and the turn timer's defaults: 1, any
# damage, wins most; 3 wins a quarter fewer games)
REPAIR_AT = 1
# how hard a complication task counts, beside a malfunction's difficulty
COMPLICATION_HARDNESS = 6
# areas by the damage track they fill (PickSystem, PlaceDamage and Repair name them)
_TRACK = {"shield": "shield", "outpost": "outpost", "life_support": "fatigue",
          "fatigue": "fatigue"}


def damage(s: GameState) -> dict[str, int]:
    """Tokens on each of the three tracks that end the game at 6."""
    return {"shield": s.shield, "outpost": len(s.outposts), "fatigue": len(s.fatigue)}


def progress(s: GameState) -> float:
    """How far the crew is on the way to its win, in [0, 1]: events done and the cubes
    on the event in play, the final event counting as a fourth."""
    if s.final_started or len(s.events_done) >= 3:
        cubes = find_event(s.final_event).cubes if s.final_event else 1
        return min(1.0, (3 + min(1.0, s.final_cubes / cubes)) / 4)
    part = 0.0
    if s.current_event is not None:
        part = min(1.0, s.event_cubes / find_event(s.current_event).cubes)
    return (len(s.events_done) + part) / 4


def danger(s: GameState) -> float:
    """How near the infected are to their win, in [0, 1]: mostly the fullest track."""
    tracks = sorted(damage(s).values(), reverse=True)
    worst = tracks[0] / MAX_DAMAGE
    return 0.7 * worst * worst + 0.3 * sum(tracks) / (3 * MAX_DAMAGE)


def _clamp(value: float) -> float:
    return min(0.98, max(0.02, value))


def final_chance(s: GameState) -> float:
    """The chance that the crew completes the final event before a track fills, in
    [0.02, 0.98] (in the core game, the crew's chance to win)."""
    quarantined = [p for p in s.players.values() if p.quarantined and not p.revealed]
    caught = sum(p.infected for p in quarantined) - 0.5 * sum(
        not p.infected for p in quarantined)
    value = 0.55 + 0.55 * progress(s) - 0.9 * danger(s) + 0.04 * caught
    return _clamp(value)


# how much a clearance board of trusted (or infected) players moves the chances
TAKEOFF_WEIGHT = 0.1


def outlook(s: GameState) -> tuple[float, float]:
    """(the crew's chance to win, the Company Man's share of the final event's ending)
    as the table stands. With the expansion, a final event completed while an infected
    player has lost an arm is the Company Man's (when he is in the copy), and the
    threat penalty may hand it to the infected (`agent_expansion.threat_risk`); a
    clearance board filling with trusted players (or with an infected one) moves the
    crew's chance up (or down)."""
    final = final_chance(s)
    if s.expansion is None:
        return final, 0.0
    cm = company_man.seat_of(s)
    if cm is not None and any(s.players[x].infected for x in s.expansion.amputated):
        crew, cm_share = 0.0, final
    else:
        crew, cm_share = final * (1.0 - xp.threat_risk(s, progress(s))), 0.0
    return _clamp(crew + TAKEOFF_WEIGHT * xp.takeoff_lean(s)), cm_share


# the Company Man's chance that an infected player loses an arm before the final event
# completes, while none has (amputation votes are few and the crew keeps its arms)
LATER_AMPUTATION = 0.15


def company_man_chance(s: GameState) -> float:
    """The Company Man's chance to win alone: the final event completed while an
    infected player has lost an arm (he is checked before the threat penalty and the
    commander trial), or the ship leaving with an infected player aboard."""
    maimed = s.expansion is not None and any(
        s.players[x].infected for x in s.expansion.amputated)
    value = final_chance(s) * (0.9 if maimed else LATER_AMPUTATION)
    return _clamp(value + TAKEOFF_WEIGHT * max(0.0, -xp.takeoff_lean(s)))


def crew_chance(s: GameState) -> float:
    """The uninfected crew's chance to win as the table stands, in [0.02, 0.98]."""
    return outlook(s)[0]


def side(s: GameState, seat: str) -> str:
    role = xp.role(s, seat)
    return "uninfected" if role == "crew" else role


suspicion = xp.suspicion


# ------------------------------------------------------------------ playout moves
Pick = Callable[[GameState, str, bool, Sequence[DarkMoonAction], random.Random],
                DarkMoonAction | None]


def _best(legal: Sequence[DarkMoonAction], score: Callable[[DarkMoonAction], float]
          ) -> DarkMoonAction:
    return max(legal, key=score)


# a die code's face ("S3" -> 3, "W-2" -> -2), for every code a die can show
_FACES = {f"{kind}{face}": face for kind in "SWC" for face in range(-3, 4)}


def _retrieve(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
              rng: random.Random) -> DarkMoonAction:
    """The crew takes strong dice, the infected weak ones (to spoil tasks and votes);
    a crew player who owes a vote threat takes one weak die to vote with."""
    want_weak = not infected and not s.players[seat].held.weak and xp.keeps_weak(s, seat)

    def score(a: DarkMoonAction) -> float:
        if not isinstance(a, Retrieve):
            return -1e9
        kinds = (a.weak, a.strong) if infected else (a.strong, a.weak)
        return (kinds[0] * 10 + kinds[1] + a.commander * 5 + a.swap * (not infected)
                + 100 * (want_weak and a.weak > 0))
    return _best(legal, score)


def _roll(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
          rng: random.Random) -> DarkMoonAction:
    held = s.players[seat].held
    if not infected and held.weak and not held.strong + held.commander and \
            xp.keeps_weak(s, seat):
        stop = next((a for a in legal if a.kind == "stop"), None)
        if stop is not None:  # the weak die it keeps for its threat's vote
            return stop

    def score(a: DarkMoonAction) -> float:
        if not isinstance(a, Roll):
            return -1e9
        if infected:
            return a.weak * 10 + a.strong
        return a.strong * 10 + a.commander * 8 + a.weak
    return _best(legal, score)


def _submit(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
            rng: random.Random) -> DarkMoonAction:
    """The most points for the crew; the infected the fewest in a task (and a failed
    repair), unless it must look clean (a hidden infected spoils a task half the time)."""
    top = s.stack[-1] if s.stack else None
    task = isinstance(top, RollFrame) and top.purpose == "task"
    spoil = infected and (s.players[seat].revealed or not task or rng.random() < 0.5)
    # a crew player who owes a vote threat keeps back a weak die to vote with
    weak = sum(d.kind == "weak" for d in top.rolled) if task and isinstance(top, RollFrame) \
        and not infected and not s.players[seat].held.weak and xp.keeps_weak(s, seat) else 0

    def score(a: DarkMoonAction) -> float:
        if not isinstance(a, Submit):
            return -1e9
        total = sum(map(_FACES.__getitem__, a.dice))
        if weak and sum(c[0] == "W" for c in a.dice) == weak:
            total -= 100
        return -total if spoil else total + 0.01 * len(a.dice)
    return _best(legal, score)


def _participate(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
                 rng: random.Random) -> DarkMoonAction:
    """IN with dice that help one's side (strong for the crew, weak for the infected);
    else OUT taking the dice one's side wants."""
    held = s.players[seat].held
    useful = held.weak if infected else held.strong + held.commander
    if useful:
        for a in legal:
            if a.kind == "in":
                return a
    outs = [a for a in legal if isinstance(a, GoOut)]
    if not outs:
        return legal[rng.randrange(len(legal))]
    if infected:
        return max(outs, key=lambda a: (a.weak, a.strong))
    # a crew player who owes a vote threat takes a weak die to vote with
    want_weak = not held.weak and xp.keeps_weak(s, seat)
    return max(outs, key=lambda a: (want_weak and a.weak > 0, a.strong, a.weak))


def _vote(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
          rng: random.Random) -> DarkMoonAction | None:
    """A quarantine vote on the public record: the crew quarantines a player whose dice
    spoiled tasks and frees one whose dice helped; the infected quarantine the crew and
    free themselves."""
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, VoteFrame):
        return None
    if s.expansion is not None:
        move = xp.vote_move(s, seat, xp.role(s, seat), legal)
        if move is not None or top.topic != "quarantine":
            return move
    target = top.target
    if infected:
        ally = target == seat or (s.options.telepathic_infected
                                  and s.players[target].infected)
        want = "strong" if ally else "weak"
    elif target == seat:
        want = "strong"
    else:
        doubt = suspicion(s, target)
        want = "weak" if doubt > 0.3 else "strong" if doubt < -0.3 else "abstain"
    for a in legal:
        if isinstance(a, Vote) and a.choice == want:
            return a
        if isinstance(a, TieBreak) and a.quarantine == (want == "weak"):
            return a
    return None


def _track_pick(most: bool) -> Callable[[GameState, Sequence[DarkMoonAction]],
                                         DarkMoonAction]:
    def pick(s: GameState, legal: Sequence[DarkMoonAction]) -> DarkMoonAction:
        tracks = damage(s)

        def score(a: DarkMoonAction) -> float:
            area = a.system if isinstance(a, PickSystem) else \
                a.damage if isinstance(a, PlaceDamage) else ""
            level = tracks.get(_TRACK.get(area, ""), 0)
            return level if most else -level
        return _best(legal, score)
    return pick


_WORST = _track_pick(True)
_LEAST = _track_pick(False)


def _hurt(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
          rng: random.Random) -> DarkMoonAction:
    """Damage (or a malfunction's system): the infected pile it on the fullest track,
    the crew on the emptiest."""
    return _WORST(s, legal) if infected else _LEAST(s, legal)


def _main(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
          rng: random.Random) -> DarkMoonAction | None:
    """The turn's action. The crew repairs the fullest track, else plays a lone wolf
    for an event cube, now and then calls a vote on the most suspect; a hidden infected
    reveals when a track is at 4 or more, else acts like the crew half the time (so its
    screen holds) and sabotages the rest; a revealed one strikes the fullest track."""
    kinds = {a.kind for a in legal}
    if not kinds & _ACTING:
        return None
    tracks = damage(s)
    worst = max(tracks.values())
    p = s.players[seat]
    if p.revealed:
        return _strike(s, legal, tracks, rng)
    if infected and "reveal" in kinds and (worst >= 4 or p.quarantined):
        return next(a for a in legal if a.kind == "reveal")
    repairs = [a for a in legal if isinstance(a, Repair)]
    if s.expansion is not None and not infected:
        plan = xp.threat_move(s, seat, legal, tracks) if xp.owed(s, seat) else \
            xp.company_man_move(s, seat, legal) if company_man.seat_of(s) == seat \
            and worst < xp.THREAT_BEFORE_REPAIR else None
        if plan is not None:
            return plan
    if infected:
        if rng.random() < 0.5:
            calls = [a for a in legal if a.kind == "call_vote" and getattr(a, "target", "")
                     != seat]
            if calls:
                return calls[rng.randrange(len(calls))]
        lone = [a for a in legal if a.kind == "lone_wolf"]
        return lone[0] if lone and rng.random() < 0.3 else None
    if repairs:
        fix = max(repairs, key=lambda a: tracks[_TRACK[a.area]])
        if tracks[_TRACK[fix.area]] >= REPAIR_AT:
            return fix
    if "lone_wolf" in kinds and p.held.strong >= 2:
        return next(a for a in legal if a.kind == "lone_wolf")
    suspects = [a for a in legal if a.kind == "call_vote"
                and suspicion(s, getattr(a, "target", seat)) > 0.5]
    if suspects:
        return suspects[0]
    if repairs:
        return max(repairs, key=lambda a: tracks[_TRACK[a.area]])
    return None


# the kinds of a turn's action on which `_main` has a say
_ACTING = frozenset({"repair", "lone_wolf", "reveal", "call_vote", "energy_spike",
                     "show_status", "amputate", "clearance", "takeoff"})


def _strike(s: GameState, legal: Sequence[DarkMoonAction], tracks: dict[str, int],
            rng: random.Random) -> DarkMoonAction:
    worst = max(tracks, key=lambda k: tracks[k])
    for a in legal:
        if a.kind == "energy_spike" and worst == "shield":
            return a
        if a.kind == "sabotage" and _TRACK.get(getattr(a, "area", ""), "") == worst:
            return a
    return legal[rng.randrange(len(legal))]


def _test_die(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
              rng: random.Random) -> DarkMoonAction:
    order = ("weak", "commander", "strong") if infected else ("strong", "commander", "weak")
    return min(legal, key=lambda a: order.index(a.die) if isinstance(a, TestDie) else 9)


def _corporation(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
                 rng: random.Random) -> DarkMoonAction:
    return _best(legal, lambda a: (-1 if infected else 1) * (
        a.face if isinstance(a, CorpSubmit) else 0))


def _keep_task(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
               rng: random.Random) -> DarkMoonAction:
    """The crew keeps the easiest malfunction, the infected the hardest (a complication
    counts as middling)."""
    def hardness(a: DarkMoonAction) -> float:
        if not isinstance(a, KeepTask):
            return 0.0
        card = task_card(s, a.card)
        level = card.difficulty if isinstance(card, Malfunction) else COMPLICATION_HARDNESS
        return level if infected else -level
    return _best(legal, hardness)


def _discard(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
             rng: random.Random) -> DarkMoonAction:
    """The crew gives back weak dice first (keeping one when it owes a vote threat), the
    infected strong ones."""
    keep = 0 if infected else int(xp.keeps_weak(s, seat))
    held = s.players[seat].held

    def score(a: DarkMoonAction) -> float:
        if not isinstance(a, Discard):
            return -1e9
        if infected:
            return a.strong
        return a.weak - 100 * (held.weak - a.weak < keep)
    return _best(legal, score)


def _remove(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
            rng: random.Random) -> DarkMoonAction | None:
    return None if infected else xp.unblock(s, seat, legal)


def _claim(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
           rng: random.Random) -> DarkMoonAction | None:
    return xp.claim(s, seat, xp.role(s, seat), legal)


def _evacuation_call(s: GameState, seat: str, infected: bool,
                     legal: Sequence[DarkMoonAction], rng: random.Random
                     ) -> DarkMoonAction | None:
    """The vote the evacuation cube forces (any other call goes through `_main`)."""
    return xp.evacuation_call(s, seat, xp.role(s, seat), legal, forced=True)


def _stop(s: GameState, seat: str, infected: bool, legal: Sequence[DarkMoonAction],
          rng: random.Random) -> DarkMoonAction | None:
    for a in legal:
        if a.kind == "stop":
            return a
    return None


_PICKS: dict[str, Pick] = {
    "retrieve": _retrieve, "roll": _roll, "submit": _submit, "in": _participate,
    "out": _participate, "vote": _vote, "tie_break": _vote, "system": _hurt,
    "damage": _hurt, "test_die": _test_die, "corp_submit": _corporation, "reroll": _stop,
    "stop": _stop, "keep_task": _keep_task, "threat_claim": _claim,
    "clearance": _evacuation_call, "takeoff": _evacuation_call, "discard": _discard,
    "remove": _remove,
}
_MAIN_KINDS = frozenset({"repair", "lone_wolf", "call_vote", "order", "reveal",
                         "interference", "energy_spike", "sabotage", "test_commander",
                         "demoralize"})


class DarkMoonProfile(AgentProfile[GameState, DarkMoonAction]):
    """Dark Moon's evaluation and playout policy (see the module's docstring)."""

    playout_depth = 40

    def evaluate(self, state: GameState, seat: str) -> float:
        role = xp.role(state, seat)
        if role == "company man":
            return company_man_chance(state)
        crew, cm_share = outlook(state)
        p = state.players[seat]
        if role == "infected":
            return min(1.0, 1.0 - crew - cm_share + (0.0 if p.revealed else 0.04))
        return crew

    def playout_action(self, state: GameState, seat: str, legal: Sequence[DarkMoonAction],
                       rng: random.Random) -> DarkMoonAction:
        infected = state.players[seat].infected
        kind = legal[0].kind
        expansion = state.expansion is not None
        if kind in _MAIN_KINDS or (len(legal) > 1 and legal[-1].kind in _MAIN_KINDS) or (
                expansion and xp.is_turn_action(state, seat)):
            chosen = _main(state, seat, infected, legal, rng)
            if chosen is not None:
                return chosen
            if expansion:  # the expansion's calls and Exposure only on purpose
                legal = xp.routine(legal)
                kind = legal[0].kind
        pick = _PICKS.get(kind)
        if pick is not None:
            chosen = pick(state, seat, infected, legal, rng)
            if chosen is not None:
                return chosen
        return legal[rng.randrange(len(legal))]

    def candidates(self, state: GameState, seat: str, legal: Sequence[DarkMoonAction]
                   ) -> Sequence[DarkMoonAction]:
        """The expansion prunes a few moves no sensible player makes
        (`agent_expansion.candidates`); the core game keeps every legal move."""
        if state.expansion is None:
            return legal
        return xp.candidates(state, seat, legal)

    def side(self, state: GameState, seat: str) -> str:
        return side(state, seat)


PROFILE = DarkMoonProfile()

__all__ = ["PROFILE", "DarkMoonProfile", "company_man_chance", "crew_chance", "danger",
           "final_chance", "outlook", "progress", "side", "suspicion"]
