"""The original Nemesis behind the engine contract."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from rules.core.contract import Action, Choice, Outcome
from rules.core.engine import FrameRuleset
from rules.nemesis.actions import CODEC, Discard
from rules.nemesis.turn_actions import turn_legal
from rules.nemesis_original import describe as words
from rules.nemesis_original.flow import MACHINE
from rules.nemesis_original.gear import check_quests
from rules.nemesis_original.prompts import prompt_text
from rules.nemesis_original.recap import outcome_reason, recap
from rules.nemesis_original.setup import new_game
from rules.nemesis_original.state import DiscardFrame, GameState, Options, TurnFrame
from rules.nemesis_original.table import Ctx
from rules.nemesis_original.view import NemesisView, build_view


class Nemesis(FrameRuleset):
    name: ClassVar[str] = "nemesis"
    title: ClassVar[str] = "Nemesis"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseModel]] = Options
    State: ClassVar[type[BaseModel]] = GameState
    machine = MACHINE
    codec = CODEC
    ctx_type = Ctx
    secret_kinds = frozenset({"pay", "discard", "objectives", "draft", "pick", "shot",
                              "interrupt", "trade"})
    default_keys = ("pass", "pick:0")

    def setup(self, seats: list[str], seed: int, options: Options) -> GameState:
        return new_game(seats, seed, options)

    def build_view(self, state: GameState, seat: str | None,
                   waiting: list[str]) -> NemesisView:
        return build_view(state, seat, waiting)

    def seated(self, state: GameState, seat: str) -> bool:
        return seat in state.heroes

    def after_action(self, ctx: Ctx) -> None:
        if check_quests(ctx):  # (the move itself already ran the frames to a decision)
            MACHINE.advance(ctx)

    def candidates(self, state: GameState, seat: str, action: Action) -> list[Action]:
        """A turn lists only the actions of the chosen kind (the full list is costly)."""
        top = state.stack[-1]
        if isinstance(top, TurnFrame):
            return turn_legal(state, top, seat, getattr(action, "kind", None))
        return MACHINE.legal(state, seat)

    def outcome(self, state: GameState) -> Outcome | None:
        if state.winners is None:
            return None
        losers = tuple(x for x in state.seats if x not in state.winners)
        return Outcome(winners=tuple(state.winners), losers=losers,
                       reason=outcome_reason(state), team=None)

    def default_action(self, state: GameState, seat: str) -> Action | None:
        """For an absent player: take the attack, keep the hand, wait in a pod, pass,
        else the first choice (or the first legal action)."""
        top = state.stack[-1] if state.stack else None
        if top is not None and top.kind in ("interrupt", "pod"):
            by_key = {a.key: a for a in MACHINE.legal(state, seat)}
            return by_key.get("pick:0")
        if isinstance(top, DiscardFrame) and top.n is None:
            return next((a for a in MACHINE.legal(state, seat)
                         if isinstance(a, Discard) and not a.cards), None)
        return super().default_action(state, seat)

    # -------------------------------------------------------------- presentation
    def describe(self, state: GameState, seat: str, action: Action) -> Choice:
        return words.describe(state, seat, action)

    def describe_part(self, state: GameState, seat: str, action: Action, part: str) -> Choice:
        return words.describe_part(state, seat, action, part)

    def subset_title(self, state: GameState, seat: str, action: Action) -> tuple[str, str]:
        return words.subset_title(state, seat, action)

    def prompt_text(self, state: GameState, seat: str, kind: str) -> str:
        return prompt_text(state, seat)

    def recap(self, state: GameState) -> list[str]:
        return recap(state)
