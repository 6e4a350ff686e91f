"""The original Nemesis's computer player (`OriginalProfile`, the ruleset's
`agent_profile`): the family's profile (rules/nemesis/agent.py) told the ship's clock
(the time track to the hyperspace jump, a running self-destruct), its ways out (the
escape pods of the evacuation sections, the hibernation chambers), what becomes of a
sleeper at the victory check (the ship's course against the coordinates, its engines, an
explosion: in a determinized copy the coordinates and engines are dealt, so the search
weighs what the seat may believe), and how far the kept objective is met."""

from __future__ import annotations

from rules.nemesis.actions import FamilyAction, Pick, RoomAct
from rules.nemesis.agent import FamilyProfile
from rules.nemesis.state import Hero
from rules.nemesis_original.cards import index
from rules.nemesis_original.endgame import (
    AWAKE,
    SAFE_WORDS,
    damaged_engines,
    earth_space,
    objective_met,
    quarantined,
)
from rules.nemesis_original.pods import LAUNCH
from rules.nemesis_original.ship import ship, slot_of_tile, tile_of
from rules.nemesis_original.state import GameState, PodFrame

ESCAPE_TILES = ("hibernate", "evac")
# what an objective not met yet is worth while its holder is aboard, by kind
PROGRESS = {"send_signal": 0.3, "destroy_nest": 0.05, "carry_egg_out": 0.15,
            "escape_by_pod": 0.35, "hibernate": 0.35, "self_destruct": 0.1,
            "engines_working": 0.1}
# objectives decided by what becomes of the others
OTHERS = ("player_cannot_survive", "only_survivor")


class OriginalProfile(FamilyProfile[GameState]):
    safe_places = tuple(SAFE_WORDS)

    def rounds_left(self, state: GameState) -> int:
        left = ship().time_track.length - state.time
        if state.self_destruct is not None:
            left = min(left, ship().self_destruct.length - state.self_destruct)
        return max(0, left)

    def exits(self, state: GameState, hero: Hero) -> list[str]:
        s = state
        out = []
        if s.self_destruct is None:  # a sleeper in an exploding ship dies
            out.append(slot_of_tile("hibernatorium"))
        seats = {p.id: p.seats for p in ship().pods}
        for section in ("A", "B"):
            if any(p.section == section and not p.launched and len(p.seats) < seats[p.id]
                   for p in s.pods.values()):
                out.append(slot_of_tile(f"evac_{section.lower()}"))
        return out

    def heads_out(self, state: GameState, hero: Hero) -> bool:
        """A playout steers out only near the end (the family's rule for then): a sleeper
        lives only if the ship gets home whole, and a pod takes its seats only once, so
        a character who rushes for either from the start bets on what it has not read
        (the all-`ai` games measured it: sleepers woke up nowhere)."""
        return False

    def safe_chance(self, state: GameState, hero: Hero) -> float:
        if hero.place != "hibernated":
            return 1.0
        if state.self_destruct is not None or damaged_engines(state) >= 2:
            return 0.1
        if state.destination != earth_space(state) and not quarantined(hero):
            return 0.1
        return 0.95

    def objective(self, state: GameState, hero: Hero) -> float:
        if not hero.objectives:
            return 0.0
        alive = [h for h in state.heroes.values() if h.place != "dead" and h.character]
        return max(self._progress(state, hero, oid, alive) for oid in hero.objectives)

    def _progress(self, s: GameState, hero: Hero, oid: str, alive: list[Hero]) -> float:
        card = index().objectives[oid]
        kind = card.kind
        if kind == "ship_to_earth":  # decided at the jump: the course as it stands
            return 0.7 if _jumps(s) and s.destination == earth_space(s) else 0.1
        if kind == "quarantine":
            return 0.7 if _jumps(s) and s.destination != earth_space(s) else 0.1
        if kind == "engines_working":
            return 0.7 if damaged_engines(s) == 0 else 0.05
        if objective_met(s, hero, oid, alive):
            return 0.8 if kind in OTHERS and hero.place in AWAKE else 1.0
        if kind == "kill_intruders":
            return 0.8 * s.kills / max(1, card.value)
        if kind == "discover_weakness":
            return 0.8 * len(s.weaknesses_found) / max(1, card.value)
        if kind == "self_destruct" and s.self_destruct is not None:
            return 0.4 + 0.4 * s.self_destruct / ship().self_destruct.length
        if kind in OTHERS:
            return 0.3
        return PROGRESS.get(kind, 0.2) if hero.place in AWAKE else 0.0

    def escape_action(self, state: GameState, hero: Hero, action: FamilyAction) -> bool:
        if isinstance(action, Pick):  # in a pod: launch it
            top = state.stack[-1] if state.stack else None
            return isinstance(top, PodFrame) and action.index == LAUNCH
        if not isinstance(action, RoomAct) or action.variant != 0:
            return False
        room = state.rooms[hero.room]
        return room.explored and room.tile is not None \
            and tile_of(room.tile).action in ESCAPE_TILES

    def side(self, state: GameState, seat: str) -> str:
        """Each seat plays for its character's kept objective: the sides table reads
        per objective kind ("character" before one is kept)."""
        hero = state.heroes.get(seat)
        if hero is None or len(hero.objectives) != 1:
            return "character"
        return index().objectives[hero.objectives[0]].kind


def _jumps(s: GameState) -> bool:
    """Whether the ship is on its way to jump whole: no self-destruct running, fewer
    than 2 engines damaged."""
    return s.self_destruct is None and damaged_engines(s) < 2


PROFILE = OriginalProfile()

__all__ = ["PROFILE", "OriginalProfile"]
