"""Dark Moon behind the engine contract."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from rules.core.contract import Action, Outcome
from rules.core.engine import FrameRuleset
from rules.darkmoon.actions import CODEC
from rules.darkmoon.flow import MACHINE
from rules.darkmoon.setup import new_game
from rules.darkmoon.state import GameState, Options
from rules.darkmoon.table import Ctx
from rules.darkmoon.view import DarkMoonView, build_view

PROMPT_TEXT = {
    "turn": "Your turn: choose an action.",
    "order": "You were given an order.",
    "infected_action": "Take an infected action.",
    "roll": "Roll and submit dice.",
    "vote": "Vote in secret.",
    "task": "Task decision.",
    "damage": "Choose the damage token.",
    "shield_test": "Shield test.",
    "repair_pick": "Choose the token to remove.",
    "discard": "Choose dice to return.",
    "retrieve": "Retrieve dice.",
    "event_pick": "Choose the next event.",
    "target": "Choose a player.",
    "answer": "Answer yes or no.",
    "choice": "Make a choice.",
}


class DarkMoon(FrameRuleset):
    name: ClassVar[str] = "darkmoon"
    title: ClassVar[str] = "Dark Moon"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 7
    Options: ClassVar[type[BaseModel]] = Options
    State: ClassVar[type[BaseModel]] = GameState
    machine = MACHINE
    codec = CODEC
    ctx_type = Ctx
    prompts = PROMPT_TEXT
    secret_kinds = frozenset({"vote", "roll", "discard", "retrieve", "event_pick"})
    # Documented defaults for an absent player, most careful first (README: turn timers);
    # failing those, OUT with the most dice allowed, else the first legal choice.
    default_keys = ("vote:abstain", "order_answer:decline", "end_order", "stop", "answer:0",
                    "decline", "tie_break:0")

    def setup(self, seats: list[str], seed: int, options: Options) -> GameState:
        return new_game(seats, seed, options)

    def build_view(self, state: GameState, seat: str | None,
                   waiting: list[str]) -> DarkMoonView:
        return build_view(state, seat, waiting)

    def seated(self, state: GameState, seat: str) -> bool:
        return seat in state.players

    def outcome(self, state: GameState) -> Outcome | None:
        if state.result is None:
            return None
        infected = state.result == "infected"
        winners = tuple(s for s, p in state.players.items() if p.infected == infected)
        losers = tuple(s for s in state.seats if s not in winners)
        return Outcome(winners=winners, losers=losers, reason=state.result_reason,
                       team=state.result)

    def default_fallback(self, legal: list[Action]) -> Action | None:
        outs = [a for a in legal if a.key.startswith("out:")]
        return outs[0] if outs else super().default_fallback(legal)
