"""Nemesis: Lockdown's computer player (`LockdownProfile`, the ruleset's `agent_profile`):
the family's profile (rules/nemesis/agent.py) told Lockdown's clock (the time track, an
alert, the autodestruction), its ways out (the isolation room, the CSS pods, the main
gate or the rover to the bunker), the contingency plan at the victory check, and how far
each objective is met (semi-cooperative: the kept one; solo and cooperative: the team's
cards, as `modes.card_met` checks them)."""

from __future__ import annotations

from rules.lockdown.board import board
from rules.lockdown.cards import content, index
from rules.lockdown.endgame import ACTIVE, SAFE, contingency_kills, objective_met
from rules.lockdown.facility import tile_of
from rules.lockdown.gear import GATE_ROVER, GATE_SUIT
from rules.lockdown.modes import card_met, team_mode
from rules.lockdown.state import GameState
from rules.lockdown.surface import ROVER_BUNKER, WALK_OUT
from rules.nemesis.actions import FamilyAction, RoomAct
from rules.nemesis.agent import FamilyProfile
from rules.nemesis.state import Hero

CSS_TILES = ("css_a", "css_b", "css_c")
ESCAPE_TILES = (*CSS_TILES, "isolation")
ESCAPE_VARIANTS = (GATE_ROVER, GATE_SUIT, ROVER_BUNKER, WALK_OUT)
# what an objective not met yet is worth while its holder is still inside, by kind
# (how often a player who works at it gets there; the rest are met or not)
PROGRESS = {"escape_by_css": 0.35, "escape_to_bunker": 0.25, "isolate": 0.35,
            "send_signal": 0.3, "discover_weakness": 0.25, "destroy_nest": 0.05,
            "carry_egg_out": 0.15, "kills_at_least": 0.1, "keep_power": 0.2,
            "no_deaths": 0.3}
# objectives decided by what becomes of the others: a survivor's may still turn
OTHERS = ("player_cannot_survive", "only_survivor", "no_nemesis_survivor",
          "no_worker_survivor")


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
        s = state
        out = []
        css_ahead = any(slot <= s.time for slot in s.css)
        for slot, room in s.rooms.items():
            if not room.explored or room.tile is None:
                continue
            action = tile_of(room.tile).action
            if action == "isolation" or (action in CSS_TILES and css_ahead):
                out.append(slot)
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
        alive = _alive(state)
        return max(self._progress(state, hero, oid, alive) for oid in hero.objectives)

    def _progress(self, s: GameState, hero: Hero, oid: str, alive: list[Hero]) -> float:
        kind = index().objectives[oid].kind
        if objective_met(s, hero, oid, alive):
            return 0.8 if kind in OTHERS and hero.place in ACTIVE else 1.0
        if kind == "knowledge_at_least":
            return 0.8 * hero.knowledge / max(1, index().objectives[oid].value)
        if kind in OTHERS:
            return 0.3
        return PROGRESS.get(kind, 0.2) if hero.place in ACTIVE else 0.0

    def team_goal(self, state: GameState) -> float | None:
        if not team_mode(state):
            return None
        alive = _alive(state)
        cards = [o for seat in state.seats for o in state.heroes[seat].objectives]
        if not cards:
            return 0.0
        scores = [self._card(state, oid, alive) for oid in cards]
        if state.options.mode == "solo":
            return max(scores)
        return sum(scores) / len(scores)

    def _card(self, s: GameState, oid: str, alive: list[Hero]) -> float:
        card = index().objectives[oid]
        if card_met(s, oid, alive):
            return 1.0
        if card.kind == "knowledge_at_least":
            best = max((h.knowledge for h in alive), default=0)
            return 0.8 * best / max(1, card.value)
        inside = any(h.place in ACTIVE for h in alive)
        return PROGRESS.get(card.kind, 0.2) if inside else 0.0

    def escape_action(self, state: GameState, hero: Hero, action: FamilyAction) -> bool:
        if not isinstance(action, RoomAct):
            return False
        if action.variant in ESCAPE_VARIANTS:
            return True
        room = state.rooms[hero.room]
        return action.variant == 0 and room.explored and room.tile is not None \
            and tile_of(room.tile).action in ESCAPE_TILES

    def side(self, state: GameState, seat: str) -> str:
        """Solo and cooperative seats play for the crew; a semi-cooperative seat for the
        kind of its kept objective (the sides table then reads per objective kind)."""
        if team_mode(state):
            return "crew"
        hero = state.heroes.get(seat)
        if hero is None or len(hero.objectives) != 1:
            return "character"
        return index().objectives[hero.objectives[0]].kind


def _alive(s: GameState) -> list[Hero]:
    """Who would count as a survivor if every character alive got out."""
    return [h for h in s.heroes.values() if h.place != "dead" and h.character]


PROFILE = LockdownProfile()

__all__ = ["PROFILE", "LockdownProfile"]
