"""The original Nemesis's answers to the family layer (rules.nemesis.profile): its
content tables (cards from `cards.py`, rooms from `ship.py`) and its hooks. The hooks
reach into the game's modules at call time, so this module imports none of them at
load (the family's mechanics run inside them)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property, lru_cache
from types import ModuleType
from typing import Any

from rules.nemesis.bag import IntruderBag
from rules.nemesis.character import ability
from rules.nemesis.effects import Effect
from rules.nemesis.profile import Profile, Table
from rules.nemesis.state import Hero
from rules.nemesis_original.cards import content, index
from rules.nemesis_original.ship import ship, tile_of, tiles


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


class OriginalHooks:
    """What only the original game knows: its room names, weaknesses discovered in the
    laboratory, the first death unlocking the pods, the slime room, its rooms and pods.

    The game's modules import this one, so the hooks import them when first used; the
    ones a turn's list calls are kept here after that (an import statement run on every
    call costs more than the hook's own work)."""

    @cached_property
    def _rooms(self) -> ModuleType:
        from rules.nemesis_original import rooms

        return rooms

    @cached_property
    def _gear(self) -> ModuleType:
        from rules.nemesis_original import gear

        return gear

    @cached_property
    def _resolve(self) -> ModuleType:
        from rules.nemesis import resolve

        return resolve

    def room_name(self, s: Any, slot: str) -> str:
        return room_name(s, slot)

    def weakness_active(self, s: Any, effect: str, hero: Hero | None) -> bool:
        return effect in revealed_effects(s)

    def after_death(self, ctx: Table, hero: Hero) -> None:
        """The first death unlocks every escape pod (NE-CRIT-1)."""
        from rules.nemesis_original.pods import first_death

        first_death(ctx)  # type: ignore[arg-type]

    def spawn(self, ctx: Table, kind: str, room: str) -> None:
        from rules.nemesis.intruders import spawn

        spawn(ctx, kind, room)

    def dark(self, s: Any, room: str) -> bool:
        return False  # the ship has no darkness: surprise numbers are always the blue ones

    def own_noise_roll(self, ctx: Table, hero: Hero) -> bool:
        return False

    def tech_noisy(self, s: Any, corridor: str) -> bool:
        return bool(s.tech_noise)

    def set_tech_noise(self, s: Any, corridor: str, on: bool) -> None:
        s.tech_noise = on

    def first_encounter(self, ctx: Table) -> None:
        from rules.nemesis_original.choices import first_encounter

        first_encounter(ctx)  # type: ignore[arg-type]

    def push_effects(self, ctx: Table, effects: Sequence[Effect], subject: str | None,
                     source: str, attacker: int | None = None) -> None:
        self._resolve.push_effects(ctx, effects, subject=subject, source=source,
                                   attacker=attacker)

    def nest_room(self, s: Any) -> str | None:
        return nest_room(s)

    def advantage(self, s: Any, hero: Hero) -> bool:
        """The ship has no power: only a steady aim (the Soldier) rolls the better die."""
        return ability(PROFILE, hero) == "steady_aim"

    def craft_cards_needed(self, s: Any, hero: Hero) -> int:
        return 2

    def room_actions(self, s: Any, hero: Hero) -> list[Any]:
        return self._rooms.room_actions(s, hero)  # type: ignore[no-any-return]

    def exit_actions(self, s: Any, hero: Hero) -> list[Any]:
        return []  # the pods are boarded by the evacuation sections' room action

    def room_act_cost(self, s: Any, hero: Hero, variant: int) -> int:
        return self._rooms.room_act_cost(s, hero, variant)  # type: ignore[no-any-return]

    def room_act(self, ctx: Table, hero: Hero, variant: int) -> None:
        from rules.nemesis_original.rooms import room_act

        room_act(ctx, hero, variant)  # type: ignore[arg-type]

    def passive_cost(self, passive: str) -> int:
        return self._gear.PASSIVE_COSTS.get(passive, 0)  # type: ignore[no-any-return]

    def passive_usable(self, s: Any, hero: Hero, passive: str | None, fighting: bool
                       ) -> bool:
        return self._gear.passive_usable(s, hero, passive, fighting)  # type: ignore[no-any-return]

    def free_passive(self, passive: str) -> bool:
        return passive in self._gear.FREE_PASSIVES

    def use_passive(self, ctx: Table, hero: Hero, passive: str) -> None:
        from rules.nemesis_original.gear import use_passive

        use_passive(ctx, hero, passive)  # type: ignore[arg-type]

    def section(self, s: Any, room: str) -> int | None:
        return None  # the ship has no sections

    def own_effect(self, ctx: Table, effect: Effect, subject: str | None) -> None:
        from rules.nemesis_original.own_effects import own_effect

        own_effect(ctx, effect, subject)  # type: ignore[arg-type]

    def tech_noise_effect(self, s: Any, on: bool) -> None:
        s.tech_noise = on

    def continue_step(self, ctx: Table, frame: Any, option: str) -> None:
        from rules.nemesis_original.rooms import continue_step

        continue_step(ctx, frame, option)  # type: ignore[arg-type]

    def attempt_done(self, ctx: Table, hero: Hero, tag: str, made: bool) -> None:
        """Going to sleep, boarding a pod."""
        self._rooms.attempt_done(ctx, hero, tag, made)

    def explode(self, ctx: Table, why: str) -> None:
        from rules.nemesis_original.endgame import explode

        explode(ctx, why)  # type: ignore[arg-type]

    def entered(self, ctx: Table, hero: Hero, room: str) -> None:
        """The slime-coated room slimes whoever comes in (once explored)."""
        state = ctx.s.rooms[room]
        if state.explored and state.tile and tile_of(state.tile).action == "slime_room":
            from rules.nemesis.contamination import set_slime

            set_slime(ctx, hero, True)

    def own_exploration(self, ctx: Table, hero: Hero, frame: Any) -> bool:
        return False

    def explored(self, ctx: Table, hero: Hero, slot: str) -> None:
        """The nest found; the slime room slimes the explorer."""
        s = ctx.s
        tile = s.rooms[slot].tile
        action = tile_of(tile).action if tile else ""
        if action == "nest":
            s.nest_found = True
        elif action == "slime_room":
            from rules.nemesis.contamination import set_slime

            set_slime(ctx, hero, True)


    def place_character(self, s: Any, seat: str, character: str) -> None:
        from rules.nemesis_original.setup import place_character

        place_character(s, seat, character)

    def objective_name(self, objective: str) -> str:
        return index().objectives[objective].name


BAG = IntruderBag.of(content().intruders.tokens, content().intruders.bag_start)

PROFILE = Profile(
    characters=index().characters, cards=index().cards, items=index().items,
    wounds=index().wounds, contamination=index().contamination, attacks=index().attacks,
    events=index().events, tiles=tiles(), models=content().intruders.models,
    noise_die=content().dice.noise, combat_die=content().dice.combat,
    advantage_die=content().dice.advantage, bag=BAG, fire_supply=ship().supplies.fire,
    malfunction_supply=ship().supplies.malfunction, hooks=OriginalHooks())
