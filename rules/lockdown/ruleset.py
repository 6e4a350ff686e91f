"""Nemesis: Lockdown behind the engine contract (the glue both Nemesis games share is
rules.nemesis.ruleset). The top of the game: it builds Lockdown's profiles with the
game's hooks and plugs them in for the modules beneath (rules.lockdown.profile)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from rules.lockdown import describe, gear, prompts, recap
from rules.lockdown.agent import PROFILE as AGENT_PROFILE
from rules.lockdown.determinize import determinize
from rules.lockdown.flow import MACHINE
from rules.lockdown.hooks import LockdownHooks
from rules.lockdown.modes import PLAYERS, check_players
from rules.lockdown.profile import PROFILES, profiles
from rules.lockdown.setup import new_game
from rules.lockdown.state import GameState
from rules.lockdown.state import Options as LockdownOptions
from rules.lockdown.table import Ctx
from rules.lockdown.view import LockdownView, build_view
from rules.nemesis.ruleset import FamilyRuleset

PROFILES.plug(profiles(LockdownHooks()))


class Lockdown(FamilyRuleset[GameState, LockdownView, Ctx]):
    name: ClassVar[str] = "lockdown"
    title: ClassVar[str] = "Nemesis: Lockdown"
    Options: ClassVar[type[BaseModel]] = LockdownOptions
    State = GameState
    machine = MACHINE
    agent_profile = AGENT_PROFILE
    ctx_type = Ctx
    default_keys = ("pass", "pick:1")
    words = describe
    ending = recap

    def setup(self, seats: list[str], seed: int, options: BaseModel) -> GameState:
        return new_game(seats, seed, LockdownOptions.model_validate(options))

    def player_range(self, options: BaseModel) -> tuple[int, int]:
        """Solo seats exactly 1 player (LD-MODE-1), the other modes 1-5."""
        return PLAYERS[LockdownOptions.model_validate(options).mode]

    def check_players(self, options: BaseModel, n: int) -> str | None:
        """Why `n` players cannot start a game with these options (the mode: solo is for
        exactly 1 player), or None; for the lobby's Start (LD-MODE-1/2)."""
        if not self.min_players <= n <= self.max_players:
            return f"{self.title} takes {self.min_players} to {self.max_players} players; " \
                f"{n} joined."
        return check_players(LockdownOptions.model_validate(options).mode, n)

    def build_view(self, state: GameState, seat: str | None,
                   waiting: list[str]) -> LockdownView:
        return build_view(state, seat, waiting)

    def check_quests(self, ctx: Ctx) -> bool:
        return gear.check_quests(ctx)

    def prompt_text(self, state: GameState, seat: str, kind: str) -> str:
        return prompts.prompt_text(state, seat)

    def determinize(self, state: GameState, seat: str, seed: int) -> GameState:
        """A copy of the game with what `seat` cannot know dealt again from `seed`
        (rules.lockdown.determinize; README.md, "What a computer player knows")."""
        return determinize(state, seat, seed)
