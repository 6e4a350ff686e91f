"""The original Nemesis behind the engine contract (the glue both Nemesis games share
is rules.nemesis.ruleset). The top of the game: it builds the original's profile with the
game's hooks and plugs it in for the modules beneath (rules.nemesis_original.profile)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from rules.nemesis.ruleset import FamilyRuleset
from rules.nemesis_original import describe, gear, prompts, recap
from rules.nemesis_original.agent import PROFILE as AGENT_PROFILE
from rules.nemesis_original.determinize import determinize
from rules.nemesis_original.flow import MACHINE
from rules.nemesis_original.hooks import OriginalHooks
from rules.nemesis_original.profile import PROFILES, profile
from rules.nemesis_original.setup import new_game
from rules.nemesis_original.state import GameState
from rules.nemesis_original.state import Options as NemesisOptions
from rules.nemesis_original.table import Ctx
from rules.nemesis_original.view import NemesisView, build_view

PROFILES.plug({"ship": profile(OriginalHooks())})


class Nemesis(FamilyRuleset[GameState, NemesisView, Ctx]):
    name: ClassVar[str] = "nemesis"
    title: ClassVar[str] = "Nemesis"
    Options: ClassVar[type[BaseModel]] = NemesisOptions
    State = GameState
    machine = MACHINE
    agent_profile = AGENT_PROFILE
    ctx_type = Ctx
    default_keys = ("pass", "pick:0")
    take_first = frozenset({"interrupt", "pod"})  # take the attack, wait in a pod
    words = describe
    ending = recap

    def setup(self, seats: list[str], seed: int, options: BaseModel) -> GameState:
        return new_game(seats, seed, NemesisOptions.model_validate(options))

    def build_view(self, state: GameState, seat: str | None,
                   waiting: list[str]) -> NemesisView:
        return build_view(state, seat, waiting)

    def check_quests(self, ctx: Ctx) -> bool:
        return gear.check_quests(ctx)

    def prompt_text(self, state: GameState, seat: str, kind: str) -> str:
        return prompts.prompt_text(state, seat)

    def determinize(self, state: GameState, seat: str, seed: int) -> GameState:
        """A copy of the game with what `seat` cannot know dealt again (determinize.py)."""
        return determinize(state, seat, seed)
