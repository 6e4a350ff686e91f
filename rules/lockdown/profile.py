"""Lockdown's answers to the Nemesis family layer (rules.nemesis.profile): its content
tables and its hooks. The hooks reach into the Lockdown modules at call time, so this
module imports none of them at load (the family's mechanics run inside them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property
from types import ModuleType
from typing import Any

from rules.core.actions import seat_ref
from rules.lockdown import facility
from rules.lockdown.bag import BAG, NEMESIS_BAG
from rules.lockdown.cards import content, index
from rules.nemesis.character import ability
from rules.nemesis.effects import Effect
from rules.nemesis.library import species
from rules.nemesis.profile import Profile, Table
from rules.nemesis.state import Hero

FIRE_SUPPLY = 12        # the 13th fire marker destroys the facility
MALFUNCTION_SUPPLY = 10  # the 11th malfunction marker destroys the facility


class LockdownHooks:
    """What only Lockdown knows: room names (sections, the Mars crossroads), weaknesses
    revealed in the laboratory, the main gate opening at the first death, spawning.

    The Lockdown modules import this one, so the hooks import them when first used; the
    ones a turn's list calls are kept here after that (an import statement run on every
    call costs more than the hook's own work)."""

    @cached_property
    def _endgame(self) -> ModuleType:
        from rules.lockdown import endgame

        return endgame

    @cached_property
    def _gear(self) -> ModuleType:
        from rules.lockdown import gear

        return gear

    @cached_property
    def _rooms(self) -> ModuleType:
        from rules.lockdown import rooms

        return rooms

    @cached_property
    def _turns(self) -> ModuleType:
        from rules.lockdown import turns

        return turns

    @cached_property
    def _resolve(self) -> ModuleType:
        from rules.nemesis import resolve

        return resolve

    def room_name(self, s: Any, slot: str) -> str:
        return facility.room_name(s, slot)

    def weakness_active(self, s: Any, effect: str, hero: Hero | None) -> bool:
        return self._endgame.weakness_active(s, effect, hero)  # type: ignore[no-any-return]

    def after_death(self, ctx: Table, hero: Hero) -> None:
        """The first death opens the main gate (if it is not open yet)."""
        s = ctx.s
        if not s.first_death:
            s.first_death = True
            if not s.gate_open:
                s.gate_open = True
                ctx.say("First death: the facility opens the main gate.", kind="critical")

    def spawn(self, ctx: Table, kind: str, room: str) -> None:
        from rules.nemesis.intruders import spawn

        spawn(ctx, kind, room)

    def dark(self, s: Any, room: str) -> bool:
        """Rooms of a section without power, and the staircases, are dark."""
        return not facility.powered(s, room)

    def own_noise_roll(self, ctx: Table, hero: Hero) -> bool:
        """The Mars side rolls the Mars surface die instead (LD-MARS-1)."""
        if ctx.s.options.board != "mars":
            return False
        from rules.lockdown import surface

        surface.noise_roll(ctx, hero)  # type: ignore[arg-type]
        return True

    def tech_noisy(self, s: Any, corridor: str) -> bool:
        return facility.tech_noisy(s, corridor)

    def set_tech_noise(self, s: Any, corridor: str, on: bool) -> None:
        facility.set_tech_noise(s, corridor, on)

    def first_encounter(self, ctx: Table) -> None:
        from rules.lockdown.choices import first_encounter

        first_encounter(ctx)  # type: ignore[arg-type]

    def push_effects(self, ctx: Table, effects: Sequence[Effect], subject: str | None,
                     source: str, attacker: int | None = None) -> None:
        self._resolve.push_effects(ctx, effects, subject=subject, source=source,
                                   attacker=attacker)

    def nest_room(self, s: Any) -> str | None:
        return facility.nest_room(s)

    def advantage(self, s: Any, hero: Hero) -> bool:
        """Shots roll the advantage die in a powered section, or for a steady aim."""
        return facility.powered(s, hero.room) or ability(PROFILE, hero) == "steady_aim"

    def craft_cards_needed(self, s: Any, hero: Hero) -> int:
        """The repository waives one card (and one symbol) of a craft."""
        return 1 if self._gear.in_repository(s, hero) else 2

    def room_actions(self, s: Any, hero: Hero) -> list[Any]:
        return self._rooms.room_actions(s, hero)  # type: ignore[no-any-return]

    def exit_actions(self, s: Any, hero: Hero) -> list[Any]:
        """The main gate (the Mars surface's ways out on that side)."""
        return self._gear.gate_actions(s, hero)  # type: ignore[no-any-return]

    def room_act_cost(self, s: Any, hero: Hero, variant: int) -> int:
        return self._turns.room_act_cost(s, hero, variant)  # type: ignore[no-any-return]

    def room_act(self, ctx: Table, hero: Hero, variant: int) -> None:
        from rules.lockdown.turns import room_act

        room_act(ctx, hero, variant)  # type: ignore[arg-type]

    def passive_cost(self, passive: str) -> int:
        return self._turns.PASSIVE_COSTS.get(passive, 0)  # type: ignore[no-any-return]

    def passive_usable(self, s: Any, hero: Hero, passive: str | None, fighting: bool
                       ) -> bool:
        return self._turns.passive_usable(s, hero, passive, fighting)  # type: ignore[no-any-return]

    def free_passive(self, passive: str) -> bool:
        return passive in self._turns.FREE_PASSIVES

    def use_passive(self, ctx: Table, hero: Hero, passive: str) -> None:
        from rules.lockdown.turns import use_passive

        use_passive(ctx, hero, passive)  # type: ignore[arg-type]

    def section(self, s: Any, room: str) -> int | None:
        return facility.section_of(room)

    def own_effect(self, ctx: Table, effect: Effect, subject: str | None) -> None:
        """Power, time, the signal and knowledge (rules.lockdown.power)."""
        from rules.lockdown.power import own_effect

        own_effect(ctx, effect, subject)  # type: ignore[arg-type]

    def tech_noise_effect(self, s: Any, on: bool) -> None:
        """The Mars areas are not technical corridors: such an effect does nothing there."""
        if s.options.board != "mars":
            s.tech_noise = on

    def continue_step(self, ctx: Table, frame: Any, option: str) -> None:
        """Room actions, computer actions and item choices that take several steps."""
        from rules.lockdown.rooms import continue_step

        continue_step(ctx, frame, option)  # type: ignore[arg-type]

    def attempt_done(self, ctx: Table, hero: Hero, tag: str, made: bool) -> None:
        """Locking oneself in, the walks to the bunker (gate, Mars surface)."""
        self._turns.attempt_done(ctx, hero, tag, made)

    def explode(self, ctx: Table, why: str) -> None:
        from rules.lockdown.endgame import explode

        explode(ctx, why)  # type: ignore[arg-type]

    def entered(self, ctx: Table, hero: Hero, room: str) -> None:
        """The sections a character has been in count for objectives."""
        section = facility.section_of(room)
        if section is not None and section not in hero.visited_sections:
            hero.visited_sections.append(section)

    def own_exploration(self, ctx: Table, hero: Hero, frame: Any) -> bool:
        """The Mars side explores with a surface exploration token."""
        if ctx.s.options.board != "mars":
            return False
        from rules.lockdown import surface

        surface.explore(ctx, hero, frame)  # type: ignore[arg-type]
        return True

    def explored(self, ctx: Table, hero: Hero, slot: str) -> None:
        """Finding the nest is worth 1 knowledge (once)."""
        s = ctx.s
        tile = s.rooms[slot].tile
        if tile is not None and index().rooms[tile].action == "nest" and not s.nest_found:
            s.nest_found = True
            hero.knowledge += 1
            ctx.say(f"{seat_ref(hero.seat)} found the nest (+1 knowledge).", kind="knowledge")


    def place_character(self, s: Any, seat: str, character: str) -> None:
        from rules.lockdown.setup import place_character

        place_character(s, seat, character)

    def objective_name(self, objective: str) -> str:
        return index().objectives[objective].name


PROFILE = Profile(
    characters=index().characters, cards=index().cards, items=index().items,
    wounds=index().wounds, contamination=index().contamination, attacks=index().attacks,
    events=index().events, tiles=index().rooms, models=content().intruders.models,
    noise_die=content().dice.noise, combat_die=content().dice.combat,
    advantage_die=content().dice.advantage, bag=BAG, fire_supply=FIRE_SUPPLY,
    malfunction_supply=MALFUNCTION_SUPPLY, hooks=LockdownHooks(),
    unsupported=frozenset({"engine"}))  # the facility has no engines
# LD-XOVER-1, the original intruders: their tokens in the bag and their miniatures (the
# tables already hold their attack cards; the hooks are the same)
NEMESIS_INTRUDERS = replace(PROFILE, bag=NEMESIS_BAG, models=species().models)


def profile_for(nemesis_intruders: bool) -> Profile:
    return NEMESIS_INTRUDERS if nemesis_intruders else PROFILE
