"""Nemesis: Lockdown behind the engine contract."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from rules.core.contract import Action, Outcome
from rules.core.engine import FrameRuleset
from rules.lockdown.actions import CODEC
from rules.lockdown.flow import MACHINE
from rules.lockdown.gear import check_quests
from rules.lockdown.setup import new_game
from rules.lockdown.state import GameState, Options, TurnFrame
from rules.lockdown.table import Ctx
from rules.lockdown.turns import turn_legal
from rules.lockdown.view import LockdownView, build_view

PROMPTS = {
    "turn": "Your turn: take an action (2 per turn) or pass.",
    "pay": "Choose the action cards to discard as the cost.",
    "draft": "Choose your character.",
    "objectives": "First encounter: keep one of your two objectives.",
    "pick": "Make a choice.",
    "shot": "Discard a card for a stronger hit?",
    "agree": "Do you agree?",
    "interrupt": "An intruder attacks you: play an interrupt card or take the attack.",
}


class Lockdown(FrameRuleset):
    name: ClassVar[str] = "lockdown"
    title: ClassVar[str] = "Nemesis: Lockdown"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseModel]] = Options
    State: ClassVar[type[BaseModel]] = GameState
    machine = MACHINE
    codec = CODEC
    ctx_type = Ctx
    prompts = PROMPTS
    secret_kinds = frozenset({"pay", "objectives", "draft", "pick", "shot", "interrupt"})
    default_keys = ("pass", "pick:1")

    def setup(self, seats: list[str], seed: int, options: Options) -> GameState:
        return new_game(seats, seed, options)

    def build_view(self, state: GameState, seat: str | None,
                   waiting: list[str]) -> LockdownView:
        return build_view(state, seat, waiting)

    def seated(self, state: GameState, seat: str) -> bool:
        return seat in state.heroes

    def after_action(self, ctx: Ctx) -> None:
        check_quests(ctx)
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
                       reason=f"the game ended ({state.ended})", team=None)

    def default_action(self, state: GameState, seat: str) -> Action | None:
        """For an absent player: take the attack, keep the hand, pass, else the first
        choice of a pick (or the first legal action)."""
        top = state.stack[-1] if state.stack else None
        if top is not None and (top.kind == "interrupt" or (
                top.kind == "pick" and top.tag.startswith("pass_discard"))):
            by_key = {a.key: a for a in MACHINE.legal(state, seat)}
            return by_key.get("pick:0")
        return super().default_action(state, seat)
