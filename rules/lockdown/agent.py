"""Nemesis: Lockdown's computer player (`LockdownProfile`, the ruleset's `agent_profile`):
the family's profile (rules/nemesis/agent.py) told Lockdown's clock (the time track, an
alert, the autodestruction), its ways out (the isolation room, the CSS pods, the main
gate or the rover to the bunker), the contingency plan at the victory check, and how far
each objective is met (semi-cooperative: the kept one; solo and cooperative: the team's
cards, `team_goals.py`). Its playouts steer each character toward the room whose action
works toward an open card (semi-cooperative: its own objective not met yet), and out once
nothing is left for it to do or the end nears (semi-cooperative: toward the nearest way
out from the start as well, the family's `heads_out`)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.lockdown.board import board
from rules.lockdown.cards import content, index
from rules.lockdown.endgame import ACTIVE, SAFE, contingency_kills, objective_met
from rules.lockdown.facility import tile_of
from rules.lockdown.gear import GATE_ROVER, GATE_SUIT
from rules.lockdown.modes import team_mode
from rules.lockdown.state import GameState
from rules.lockdown.surface import ROVER_BUNKER, WALK_OUT
from rules.lockdown.team_goals import (
    ESCAPES,
    NEAR,
    PROGRESS,
    alive,
    escape_rooms,
    kind,
    open_cards,
    rooms_by_action,
    team_score,
    work_rooms,
)
from rules.nemesis.actions import CarefulMove, FamilyAction, Move, Pass, PickUp, RoomAct
from rules.nemesis.agent import FamilyProfile, distances, team_value
from rules.nemesis.state import Hero

CSS_TILES = ("css_a", "css_b", "css_c")
ESCAPE_TILES = (*CSS_TILES, "isolation")
ESCAPE_VARIANTS = (GATE_ROVER, GATE_SUIT, ROVER_BUNKER, WALK_OUT)
# objectives decided by what becomes of the others: a survivor's may still turn
OTHERS = ("player_cannot_survive", "only_survivor", "no_nemesis_survivor",
          "no_worker_survivor")
# the room action that works toward a team card of each kind (tile action, variant)
WORK_ACTS = {("transmitter", 0): ("send_signal",), ("backup_power", 0): ("keep_power",),
             ("laboratory", 0): ("discover_weakness", "knowledge_at_least"),
             ("archive", 0): ("knowledge_at_least",), ("nest", 0): ("carry_egg_out",)}
# room actions that bring the end nearer (the alert, the autodestruction)
ALERT = ("alert", 0)
CLOCK_ACTS = (ALERT, ("cooling_system", 0))
# how much more readily a team playout makes a move toward its character's target, one
# away from it, a room action or pick-up that works toward an open card, and getting
# out when it is time to, and passing at a way out not open yet
TOWARD, AWAY, WORK, LEAVE, WAIT = 4.0, 0.4, 10.0, 12.0, 10.0
# rounds kept in hand beyond the way to the nearest way out before leaving for it
SPARE_ROUNDS = 2
# the objective kinds met in a room: a way out, or a room's action or pick-up there
ROOM_KINDS = frozenset({*ESCAPES, "send_signal", "keep_power", "carry_egg_out",
                        "discover_weakness", "knowledge_at_least"})
# the moves a team playout steers
STEERED = (Move, CarefulMove, RoomAct, PickUp, Pass)
# serious wounds from which a character heads for the emergency room while time allows
HURT = 2


class LockdownProfile(FamilyProfile[GameState]):
    safe_places = SAFE

    def rounds_left(self, state: GameState) -> int:
        s = state
        left = s.time
        if s.alert is not None:
            left = min(left, s.time - s.alert)
        if s.autodestruct is not None:
            left = min(left, s.time - s.autodestruct + (0 if s.autodestruct_red else 3))
        return max(0, left)

    def exits(self, state: GameState, hero: Hero) -> list[str]:
        return self._ways_out(state)

    def _ways_out(self, state: GameState, by_action: dict[str, list[str]] | None = None
                  ) -> list[str]:
        s = state
        rooms = rooms_by_action(s) if by_action is None else by_action
        out = list(rooms.get("isolation", ()))
        if any(slot <= s.time for slot in s.css):
            out += [slot for tile in CSS_TILES for slot in rooms.get(tile, ())]
        b = board(s)
        if b.mars:
            if s.rover:
                out.append(s.rover)
        elif s.gate_open or s.autodestruct_gate is not None:
            out.append(content().board.main_gate_slot)
        return out

    def safe_chance(self, state: GameState, hero: Hero) -> float:
        if not state.active_contingency:
            return 1.0
        effect = index().contingencies[state.active_contingency].effect
        return 0.1 if contingency_kills(state, effect, hero) else 1.0

    def objective(self, state: GameState, hero: Hero) -> float:
        if not hero.objectives:
            return 0.0
        living = alive(state)
        return max(self._progress(state, hero, oid, living) for oid in hero.objectives)

    def _progress(self, s: GameState, hero: Hero, oid: str, living: list[Hero]) -> float:
        kind = index().objectives[oid].kind
        if objective_met(s, hero, oid, living):
            return 0.8 if kind in OTHERS and hero.place in ACTIVE else 1.0
        if kind == "knowledge_at_least":
            return 0.8 * hero.knowledge / max(1, index().objectives[oid].value)
        if kind in OTHERS:
            return 0.3
        if hero.place not in ACTIVE:
            return 0.0
        base = PROGRESS.get(kind, 0.2)
        if kind not in ROOM_KINDS or hero.place != "board":
            return base
        by_action = rooms_by_action(s)
        rooms = escape_rooms(s, kind, self._ways_out(s, by_action), by_action) \
            if kind in ESCAPES else work_rooms(s, hero, kind, by_action)
        if not rooms:
            return base
        far = distances(s, hero.room)
        return base + (NEAR - base) / (1.0 + min(far.get(r, 12) for r in rooms) / 2)

    def team_goal(self, state: GameState) -> float | None:
        if not team_mode(state):
            return None
        return team_score(state, self._ways_out(state), self._lives(state))

    def heads_out(self, state: GameState, hero: Hero) -> bool:
        """Semi-cooperative characters head out whenever a way out is known (their
        `target` adds the rooms their own objective asks for); in the team modes the
        `target` alone says when they leave (after the work the team's cards ask for),
        and the family steers out only near the end."""
        return not team_mode(state)

    def _own_open(self, state: GameState, hero: Hero) -> set[str]:
        """The kinds of the semi-cooperative objectives `hero` may still work toward
        (both before one is kept): not met as things stand, and met in a room (a way
        out, a room's action, a pick-up). The others (the fate of the rest, kills, the
        nest) have no room to head for: with only those the character leaves."""
        living = alive(state)
        return {k for oid in hero.objectives
                if (k := kind(oid)) in ROOM_KINDS and not objective_met(state, hero, oid, living)}

    def evaluate(self, state: GameState, seat: str) -> float:
        """The family's; in a team game each character's chance to live is worked out
        once, for the team's cards ("Nobody Left Behind") and the team's value alike."""
        hero = state.heroes.get(seat)
        if not team_mode(state) or hero is None or not hero.character:
            return super().evaluate(state, seat)
        lives = self._lives(state)
        return team_value(lives.values(), team_score(state, self._ways_out(state), lives))

    def _lives(self, state: GameState) -> dict[str, float]:
        return {seat: self.survival(state, h) for seat, h in state.heroes.items()
                if h.character}

    def escape_action(self, state: GameState, hero: Hero, action: FamilyAction) -> bool:
        if not isinstance(action, RoomAct):
            return False
        if action.variant in ESCAPE_VARIANTS:
            return True
        room = state.rooms[hero.room]
        return action.variant == 0 and room.explored and room.tile is not None \
            and tile_of(room.tile).action in ESCAPE_TILES

    # ------------------------------------------------------------ team playouts
    def weights(self, state: GameState, hero: Hero, legal: Sequence[FamilyAction]
                ) -> list[float]:
        """The family's weights; each character also heads for its target (`target`)
        and does the room actions and pick-ups that work toward an open card (in the
        semi-cooperative mode: its own objective not met yet, `_own_open`), and gets
        out when it is leaving; it seldom sets the clock running shorter (the alert,
        the autodestruction)."""
        if hero.place != "board" or not any(isinstance(a, STEERED) for a in legal):
            return super().weights(state, hero, legal)  # (a payment, an answer: no steering)
        by_action = rooms_by_action(state)
        around = self.surroundings(state, hero, legal, self._ways_out(state, by_action))
        weights = [self.weight(state, hero, a, around) for a in legal]
        kinds = {kind(oid) for oid in open_cards(state)} if team_mode(state) \
            else self._own_open(state, hero)
        rooms, leaving = self.target(state, hero, kinds, by_action)
        here = min((distances(state, hero.room).get(r, 12) for r in rooms), default=0)
        tile = state.rooms[hero.room].tile if state.rooms[hero.room].explored else None
        action_here = tile_of(tile).action if tile is not None else ""
        for i, a in enumerate(legal):
            if isinstance(a, (Move, CarefulMove)) and rooms:
                there = min(distances(state, a.to).get(r, 12) for r in rooms)
                weights[i] *= TOWARD if there < here else AWAY if there > here else 1.0
            elif isinstance(a, RoomAct):
                weights[i] *= self._act_weight(state, hero, a, action_here, kinds,
                                               leaving and hero.room in rooms)
            elif isinstance(a, PickUp) and hero.room in rooms and not leaving:
                weights[i] *= WORK
            elif isinstance(a, Pass) and leaving and hero.room in rooms:
                weights[i] *= WAIT  # at the way out before it opens: wait there
        return weights

    def _act_weight(self, state: GameState, hero: Hero, a: RoomAct, action_here: str,
                    kinds: set[str], out_here: bool) -> float:
        """`out_here`: leaving, and this room is one it heads for."""
        if self.escape_action(state, hero, a):
            return LEAVE if out_here else 0.3
        if (action_here, a.variant) == ALERT and out_here:
            return WORK  # nothing left but getting out: the alert opens the isolation room
        if (action_here, a.variant) in CLOCK_ACTS:
            return 0.1
        if action_here == "emergency":
            return WORK if hurt(hero) else 1.0
        works = WORK_ACTS.get((action_here, a.variant), ())
        return WORK if any(k in kinds for k in works) else 1.0

    def target(self, state: GameState, hero: Hero, kinds: set[str],
               by_action: dict[str, list[str]] | None = None) -> tuple[list[str], bool]:
        """Where `hero` heads in a team playout, and whether it is leaving. While the end
        is farther than the way to the nearest way out and `SPARE_ROUNDS` more: the
        emergency room when it is `hurt`, else, while a card other than a way out is
        open, the rooms that work toward one (none known yet: no room, it roams and
        explores). Otherwise it leaves: the ways out that meet an open escape card when
        there are (none known yet, and time left: it roams and explores), else every way
        out; with nothing but ways out left to the team and
        the isolation room among them still closed, the alert room too (starting the
        alert opens it at once, and the game ends when everyone is out)."""
        if by_action is None:
            by_action = rooms_by_action(state)
        exits = self._ways_out(state, by_action)
        far = distances(state, hero.room)
        need = min((far.get(x, 12) for x in exits), default=12) / 2 + 1
        time_left = self.rounds_left(state) > need + SPARE_ROUNDS
        if time_left and hurt(hero) and by_action.get("emergency"):
            return by_action["emergency"], False
        busy = [k for k in kinds if k not in ESCAPES and (k != "no_deaths" or any(
            h.place == "dead" for h in state.heroes.values()))]
        if busy and time_left:
            return sorted({r for k in busy for r in work_rooms(state, hero, k, by_action)}), False
        escapes = [k for k in kinds if k in ESCAPES]
        wanted = [x for k in escapes for x in escape_rooms(state, k, exits, by_action)]
        if escapes and not wanted and time_left:
            return [], False  # the way out its card needs is not known yet: explore
        out = wanted or exits
        if not busy and not state.isolation_open and state.alert is None \
                and set(out) & set(by_action.get("isolation", ())):
            out = [*out, *by_action.get("alert", ())]  # the alert opens it now
        return out, True

    def side(self, state: GameState, seat: str) -> str:
        """Solo and cooperative seats play for the crew; a semi-cooperative seat for the
        kind of its kept objective (the sides table then reads per objective kind)."""
        if team_mode(state):
            return "crew"
        hero = state.heroes.get(seat)
        if hero is None or len(hero.objectives) != 1:
            return "character"
        return index().objectives[hero.objectives[0]].kind


def hurt(hero: Hero) -> bool:
    """Whether `hero` had better see to its wounds first (the emergency room): a serious
    wound not dressed, or two serious wounds (the 4th kills)."""
    return len(hero.serious) >= HURT or any(not w.dressed for w in hero.serious)


PROFILE = LockdownProfile()

__all__ = ["PROFILE", "LockdownProfile"]
