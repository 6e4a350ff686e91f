"""The original Nemesis behind the engine contract (the glue both Nemesis games share
is rules.nemesis.ruleset)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from rules.nemesis.ruleset import FamilyRuleset
from rules.nemesis_original import describe, gear, prompts
from rules.nemesis_original import recap as ending
from rules.nemesis_original.flow import MACHINE
from rules.nemesis_original.setup import new_game
from rules.nemesis_original.state import GameState, Options
from rules.nemesis_original.table import Ctx
from rules.nemesis_original.view import NemesisView, build_view


class Nemesis(FamilyRuleset[GameState, NemesisView, Ctx]):
    name: ClassVar[str] = "nemesis"
    title: ClassVar[str] = "Nemesis"
    Options: ClassVar[type[BaseModel]] = Options
    State = GameState
    machine = MACHINE
    ctx_type = Ctx
    default_keys = ("pass", "pick:0")
    take_first = frozenset({"interrupt", "pod"})  # take the attack, wait in a pod
    words = describe

    def setup(self, seats: list[str], seed: int, options: BaseModel) -> GameState:
        return new_game(seats, seed, Options.model_validate(options))

    def build_view(self, state: GameState, seat: str | None,
                   waiting: list[str]) -> NemesisView:
        return build_view(state, seat, waiting)

    def check_quests(self, ctx: Ctx) -> bool:
        return gear.check_quests(ctx)

    def outcome_reason(self, state: GameState) -> str:
        return ending.outcome_reason(state)

    def prompt_text(self, state: GameState, seat: str, kind: str) -> str:
        return prompts.prompt_text(state, seat)

    def recap(self, state: GameState) -> list[str]:
        return ending.recap(state)

    def reveal(self, state: GameState) -> list[str]:
        return ending.reveal(state)
