"""What the original Nemesis tells the family layer (rules.nemesis.profile): its content
tables (cards from `cards.py`, rooms from `ship.py`), its intruder bag, how the ship names
its rooms and where the nest is, and the slot its profile is plugged into. The profile,
tables with hooks, is built in rules.nemesis_original.ruleset, which hands in the hooks
(rules.nemesis_original.hooks); the modules beneath it reach it through the state
(`GameState.rules`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from rules.nemesis.bag import IntruderBag
from rules.nemesis.profile import Hooks, Profile, ProfileSlot
from rules.nemesis_original.cards import content, index
from rules.nemesis_original.ship import ship, tile_of, tiles

BAG = IntruderBag.of(content().intruders.tokens, content().intruders.bag_start)

# the one profile ("ship"), plugged in by the ruleset module
PROFILES: ProfileSlot[Literal["ship"]] = ProfileSlot("rules.nemesis_original.ruleset")


def profile(hooks: Hooks) -> Profile:
    """The original's tables with these hooks."""
    return Profile(
        characters=index().characters, cards=index().cards, items=index().items,
        wounds=index().wounds, contamination=index().contamination,
        attacks=index().attacks, events=index().events, tiles=tiles(),
        models=content().intruders.models, noise_die=content().dice.noise,
        combat_die=content().dice.combat, advantage_die=content().dice.advantage, bag=BAG,
        fire_supply=ship().supplies.fire, malfunction_supply=ship().supplies.malfunction,
        hooks=hooks)


def room_name(s: Any, slot: str) -> str:
    """A room as the ship shows it: its tile's name once explored, else the number
    printed in the empty space ("unexplored room 7" for slot s07)."""
    room = s.rooms[slot]
    if room.explored and room.tile:
        return tile_of(room.tile).name
    return _unexplored_name(slot)


@lru_cache(maxsize=256)
def _unexplored_name(slot: str) -> str:
    return f"unexplored room {slot.lstrip('s0')}"


def nest_room(s: Any) -> str | None:
    for slot, room in s.rooms.items():
        if room.tile is not None and room.explored and tile_of(room.tile).action == "nest":
            return slot
    return None


def revealed_effects(s: Any) -> list[str]:
    """The effects of the weakness cards discovered so far (they apply to everyone)."""
    weak = index().weaknesses
    return [weak[s.weaknesses[i]].effect for i in s.weaknesses_found]
