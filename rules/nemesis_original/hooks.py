"""The original Nemesis's hooks: what only the original game knows, asked by the
family's shared mechanics (rules.nemesis.profile.Hooks): its room names, weaknesses
discovered in the laboratory, the first death unlocking the pods, the slime room, its
rooms and items. They call every part of the game, so only the ruleset module, the top
of the game, imports this one: it hands the hooks to the profile it builds
(rules.nemesis_original.profile)."""

from __future__ import annotations

from rules.core.contract import Action
from rules.nemesis.character import ability
from rules.nemesis.contamination import set_slime
from rules.nemesis.effects import Effect
from rules.nemesis.frames import MoveFrame, PickFrame
from rules.nemesis.hooks import FamilyHooks
from rules.nemesis.profile import Table
from rules.nemesis.state import Hero
from rules.nemesis_original import endgame, gear, own_effects, pods, rooms, setup
from rules.nemesis_original.cards import index
from rules.nemesis_original.choices import first_encounter
from rules.nemesis_original.profile import nest_room, revealed_effects, room_name
from rules.nemesis_original.ship import tile_of
from rules.nemesis_original.state import GameState
from rules.nemesis_original.table import Ctx


def original_ctx(ctx: Table) -> Ctx:
    """The Ctx the family hands the original's hooks: the original's own (only it
    carries the original's profile, through which the family found these hooks)."""
    if not isinstance(ctx, Ctx):
        raise TypeError(f"the original Nemesis's hooks were handed a {type(ctx).__name__}")
    return ctx


class OriginalHooks(FamilyHooks):
    """The original's answers to the family layer's questions
    (rules.nemesis.profile.Hooks)."""

    def room_name(self, s: GameState, slot: str) -> str:
        return room_name(s, slot)

    def weakness_active(self, s: GameState, effect: str, hero: Hero | None) -> bool:
        return effect in revealed_effects(s)

    def after_death(self, ctx: Table, hero: Hero) -> None:
        """The first death unlocks every escape pod (NE-CRIT-1)."""
        pods.first_death(original_ctx(ctx))

    def dark(self, s: GameState, room: str) -> bool:
        return False  # the ship has no darkness: surprise numbers are always the blue ones

    def own_noise_roll(self, ctx: Table, hero: Hero) -> bool:
        return False

    def tech_noisy(self, s: GameState, corridor: str) -> bool:
        return bool(s.tech_noise)

    def set_tech_noise(self, s: GameState, corridor: str, on: bool) -> None:
        s.tech_noise = on

    def first_encounter(self, ctx: Table) -> None:
        first_encounter(original_ctx(ctx))

    def nest_room(self, s: GameState) -> str | None:
        return nest_room(s)

    def advantage(self, s: GameState, hero: Hero) -> bool:
        """The ship has no power: only a steady aim (the Soldier) rolls the better die."""
        return ability(s.rules, hero) == "steady_aim"

    def craft_cards_needed(self, s: GameState, hero: Hero) -> int:
        return 2

    def room_actions(self, s: GameState, hero: Hero) -> list[Action]:
        return rooms.room_actions(s, hero)

    def exit_actions(self, s: GameState, hero: Hero) -> list[Action]:
        return []  # the pods are boarded by the evacuation sections' room action

    def room_act_cost(self, s: GameState, hero: Hero, variant: int) -> int:
        return rooms.room_act_cost(s, hero, variant)

    def room_act(self, ctx: Table, hero: Hero, variant: int) -> None:
        rooms.room_act(original_ctx(ctx), hero, variant)

    def passive_usable(self, s: GameState, hero: Hero, passive: str | None, fighting: bool
                       ) -> bool:
        return gear.passive_usable(s, hero, passive, fighting)

    def use_passive(self, ctx: Table, hero: Hero, passive: str) -> None:
        gear.use_passive(original_ctx(ctx), hero, passive)

    def section(self, s: GameState, room: str) -> int | None:
        return None  # the ship has no sections

    def own_effect(self, ctx: Table, effect: Effect, subject: str | None) -> None:
        own_effects.own_effect(original_ctx(ctx), effect, subject)

    def tech_noise_effect(self, s: GameState, on: bool) -> None:
        s.tech_noise = on

    def continue_step(self, ctx: Table, frame: PickFrame, option: str) -> None:
        rooms.continue_step(original_ctx(ctx), frame, option)

    def attempt_done(self, ctx: Table, hero: Hero, tag: str, made: bool) -> None:
        """Going to sleep, boarding a pod."""
        rooms.attempt_done(original_ctx(ctx), hero, tag, made)

    def explode(self, ctx: Table, why: str) -> None:
        endgame.explode(original_ctx(ctx), why)

    def entered(self, ctx: Table, hero: Hero, room: str) -> None:
        """The slime-coated room slimes whoever comes in (once explored)."""
        state = original_ctx(ctx).s.rooms[room]
        if state.explored and state.tile and tile_of(state.tile).action == "slime_room":
            set_slime(ctx, hero, True)

    def own_exploration(self, ctx: Table, hero: Hero, frame: MoveFrame) -> bool:
        """The family explores the ship's rooms; the token it turns over is noted first
        (`explored_tokens`: a computer player's deal leaves it out of the box)."""
        s = original_ctx(ctx).s
        room = s.rooms[frame.to]
        s.explored_tokens.append(f"{room.token or 'silence'}:{room.token_items}")
        return False

    def explored(self, ctx: Table, hero: Hero, slot: str) -> None:
        """The nest found; the slime room slimes the explorer."""
        s = original_ctx(ctx).s
        tile = s.rooms[slot].tile
        action = tile_of(tile).action if tile else ""
        if action == "nest":
            s.nest_found = True
        elif action == "slime_room":
            set_slime(ctx, hero, True)

    def place_character(self, s: GameState, seat: str, character: str) -> None:
        setup.place_character(s, seat, character)

    def objective_name(self, objective: str) -> str:
        return index().objectives[objective].name
