"""Dark Moon behind the engine contract."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from rules.core.contract import Choice, Outcome
from rules.core.engine import FrameRuleset
from rules.darkmoon import company_man, prompts, variants
from rules.darkmoon import describe as choices
from rules.darkmoon import recap as ending
from rules.darkmoon.actions import CODEC, DarkMoonAction
from rules.darkmoon.agent import PROFILE
from rules.darkmoon.determinize import determinize
from rules.darkmoon.flow import MACHINE
from rules.darkmoon.setup import new_game
from rules.darkmoon.state import GameState
from rules.darkmoon.state import Options as DarkMoonOptions
from rules.darkmoon.table import Ctx
from rules.darkmoon.view import DarkMoonView, build_view


class DarkMoon(FrameRuleset[GameState, DarkMoonAction, DarkMoonView, Ctx]):
    name: ClassVar[str] = "darkmoon"
    title: ClassVar[str] = "Dark Moon"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 7
    Options: ClassVar[type[BaseModel]] = DarkMoonOptions
    State = GameState
    machine = MACHINE
    codec = CODEC
    ctx_type = Ctx
    agent_profile = PROFILE  # the computer player's evaluation and playouts (agent.py)
    secret_kinds = frozenset({"vote", "roll", "discard", "retrieve", "event_pick",
                              "corporation", "threat_claim"})
    shared_prompt_kinds = frozenset({"vote"})  # a vote's prompt names no voter
    # Documented defaults for an absent player, most careful first (README: turn timers);
    # failing those, OUT with the most dice allowed, else the first legal choice.
    default_keys = ("vote:abstain", "order_answer:decline", "end_order", "stop", "answer:0",
                    "decline", "tie_break:0", "no_action")

    def player_range(self, options: BaseModel) -> tuple[int, int]:
        """Telepathic Infected is a 5-7 player variant."""
        if isinstance(options, DarkMoonOptions) and options.telepathic_infected:
            return variants.TELEPATHY_MIN_PLAYERS, self.max_players
        return self.min_players, self.max_players

    def setup(self, seats: list[str], seed: int, options: BaseModel) -> GameState:
        return new_game(seats, seed, DarkMoonOptions.model_validate(options))

    def build_view(self, state: GameState, seat: str | None,
                   waiting: list[str]) -> DarkMoonView:
        return build_view(state, seat, waiting)

    def determinize(self, state: GameState, seat: str, seed: int) -> GameState:
        """A copy of the game with what `seat` cannot know dealt again from `seed`."""
        return determinize(state, seat, seed)

    def seated(self, state: GameState, seat: str) -> bool:
        return seat in state.players

    def outcome(self, state: GameState) -> Outcome | None:
        if state.result is None:
            return None
        winners = tuple(company_man.team_winners(state))
        losers = tuple(s for s in state.seats if s not in winners)
        return Outcome(winners=winners, losers=losers, reason=state.result_reason,
                       team=state.result)

    # ------------------------------------------------------------ presentation
    def prompt_text(self, state: GameState, seat: str, kind: str) -> str:
        return prompts.prompt_text(state, seat, kind)

    def describe(self, state: GameState, seat: str, action: DarkMoonAction) -> Choice:
        return choices.describe(state, seat, action)

    def describe_part(self, state: GameState, seat: str, action: DarkMoonAction,
                      part: str) -> Choice:
        return choices.describe_part(state, seat, action, part)

    def subset_title(self, state: GameState, seat: str,
                     action: DarkMoonAction) -> tuple[str, str]:
        return choices.subset_title(state, seat, action)

    def recap(self, state: GameState) -> list[str]:
        return ending.recap(state)

    def reveal(self, state: GameState) -> list[str]:
        return ending.reveal(state)

    def default_fallback(self, legal: list[DarkMoonAction]) -> DarkMoonAction | None:
        outs = [a for a in legal if a.key.startswith("out:")]
        return outs[0] if outs else super().default_fallback(legal)
