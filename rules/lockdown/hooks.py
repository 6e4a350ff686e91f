"""Lockdown's hooks: what only Lockdown knows, asked by the family's shared mechanics
(rules.nemesis.profile.Hooks): room names (sections, the Mars crossroads), weaknesses
revealed in the laboratory, the main gate opening at the first death, power and
darkness, its rooms, items and ways out. They call every part of the game, so only the
ruleset module, the top of the game, imports this one: it hands the hooks to the
profiles it builds (rules.lockdown.profile)."""

from __future__ import annotations

from rules.core.actions import seat_ref
from rules.core.contract import Action
from rules.lockdown import endgame, facility, gear, power, rooms, setup, surface, turns
from rules.lockdown.cards import index
from rules.lockdown.choices import first_encounter
from rules.lockdown.state import GameState
from rules.lockdown.table import Ctx
from rules.nemesis.character import ability
from rules.nemesis.effects import Effect
from rules.nemesis.frames import MoveFrame, PickFrame
from rules.nemesis.hooks import FamilyHooks
from rules.nemesis.profile import Table
from rules.nemesis.state import Hero


def lockdown_ctx(ctx: Table) -> Ctx:
    """The Ctx the family hands Lockdown's hooks: Lockdown's own (only it carries
    Lockdown's profile, through which the family found these hooks)."""
    if not isinstance(ctx, Ctx):
        raise TypeError(f"Lockdown's hooks were handed a {type(ctx).__name__}")
    return ctx


class LockdownHooks(FamilyHooks):
    """Lockdown's answers to the family layer's questions (rules.nemesis.profile.Hooks)."""

    def room_name(self, s: GameState, slot: str) -> str:
        return facility.room_name(s, slot)

    def weakness_active(self, s: GameState, effect: str, hero: Hero | None) -> bool:
        return endgame.weakness_active(s, effect, hero)

    def after_death(self, ctx: Table, hero: Hero) -> None:
        """The first death opens the main gate (if it is not open yet)."""
        s = lockdown_ctx(ctx).s
        if not s.first_death:
            s.first_death = True
            if not s.gate_open:
                s.gate_open = True
                ctx.say("First death: the facility opens the main gate.", kind="critical")

    def dark(self, s: GameState, room: str) -> bool:
        """Rooms of a section without power, and the staircases, are dark."""
        return not facility.powered(s, room)

    def own_noise_roll(self, ctx: Table, hero: Hero) -> bool:
        """The Mars side rolls the Mars surface die instead (LD-MARS-1)."""
        own = lockdown_ctx(ctx)
        if own.s.options.board != "mars":
            return False
        surface.noise_roll(own, hero)
        return True

    def tech_noisy(self, s: GameState, corridor: str) -> bool:
        return facility.tech_noisy(s, corridor)

    def set_tech_noise(self, s: GameState, corridor: str, on: bool) -> None:
        facility.set_tech_noise(s, corridor, on)

    def first_encounter(self, ctx: Table) -> None:
        first_encounter(lockdown_ctx(ctx))

    def nest_room(self, s: GameState) -> str | None:
        return facility.nest_room(s)

    def advantage(self, s: GameState, hero: Hero) -> bool:
        """Shots roll the advantage die in a powered section, or for a steady aim."""
        return facility.powered(s, hero.room) or ability(s.rules, hero) == "steady_aim"

    def craft_cards_needed(self, s: GameState, hero: Hero) -> int:
        """The repository waives one card (and one symbol) of a craft."""
        return 1 if gear.in_repository(s, hero) else 2

    def room_actions(self, s: GameState, hero: Hero) -> list[Action]:
        return rooms.room_actions(s, hero)

    def exit_actions(self, s: GameState, hero: Hero) -> list[Action]:
        """The main gate (the Mars surface's ways out on that side)."""
        return gear.gate_actions(s, hero)

    def room_act_cost(self, s: GameState, hero: Hero, variant: int) -> int:
        return turns.room_act_cost(s, hero, variant)

    def room_act(self, ctx: Table, hero: Hero, variant: int) -> None:
        turns.room_act(lockdown_ctx(ctx), hero, variant)

    def passive_usable(self, s: GameState, hero: Hero, passive: str | None, fighting: bool
                       ) -> bool:
        return turns.passive_usable(s, hero, passive, fighting)

    def use_passive(self, ctx: Table, hero: Hero, passive: str) -> None:
        turns.use_passive(lockdown_ctx(ctx), hero, passive)

    def section(self, s: GameState, room: str) -> int | None:
        return facility.section_of(room)

    def own_effect(self, ctx: Table, effect: Effect, subject: str | None) -> None:
        """Power, time, the signal and knowledge (rules.lockdown.power)."""
        power.own_effect(lockdown_ctx(ctx), effect, subject)

    def tech_noise_effect(self, s: GameState, on: bool) -> None:
        """The Mars areas are not technical corridors: such an effect does nothing there."""
        if s.options.board != "mars":
            s.tech_noise = on

    def continue_step(self, ctx: Table, frame: PickFrame, option: str) -> None:
        """Room actions, computer actions and item choices that take several steps."""
        rooms.continue_step(lockdown_ctx(ctx), frame, option)

    def attempt_done(self, ctx: Table, hero: Hero, tag: str, made: bool) -> None:
        """Locking oneself in, the walks to the bunker (gate, Mars surface)."""
        turns.attempt_done(lockdown_ctx(ctx), hero, tag, made)

    def explode(self, ctx: Table, why: str) -> None:
        endgame.explode(lockdown_ctx(ctx), why)

    def entered(self, ctx: Table, hero: Hero, room: str) -> None:
        """The sections a character has been in count for objectives."""
        section = facility.section_of(room)
        if section is not None and section not in hero.visited_sections:
            hero.visited_sections.append(section)

    def own_exploration(self, ctx: Table, hero: Hero, frame: MoveFrame) -> bool:
        """The Mars side explores with a surface exploration token."""
        own = lockdown_ctx(ctx)
        if own.s.options.board != "mars":
            return False
        surface.explore(own, hero, frame)
        return True

    def explored(self, ctx: Table, hero: Hero, slot: str) -> None:
        """Finding the nest is worth 1 knowledge (once)."""
        s = lockdown_ctx(ctx).s
        tile = s.rooms[slot].tile
        if tile is not None and index().rooms[tile].action == "nest" and not s.nest_found:
            s.nest_found = True
            hero.knowledge += 1
            ctx.say(f"{seat_ref(hero.seat)} found the nest (+1 knowledge).", kind="knowledge")

    def place_character(self, s: GameState, seat: str, character: str) -> None:
        setup.place_character(s, seat, character)

    def objective_name(self, objective: str) -> str:
        return index().objectives[objective].name
