"""Dark Moon behind the engine contract."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from rules.core.clone import clone
from rules.core.contract import Action, IllegalAction, Outcome, Prompt, Ruleset, Step
from rules.darkmoon import flow
from rules.darkmoon.actions import CODEC
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
SECRET_KINDS = {"vote", "roll", "discard", "retrieve", "event_pick"}
# Documented defaults for an absent player, most careful first (see README: turn timers).
DEFAULT_PREFERENCE = ("vote:abstain", "order_answer:decline", "end_order", "stop",
                      "answer:0", "decline", "tie_break:0")


class DarkMoon(Ruleset[GameState]):
    name: ClassVar[str] = "darkmoon"
    title: ClassVar[str] = "Dark Moon"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 7
    Options: ClassVar[type[BaseModel]] = Options
    State: ClassVar[type[BaseModel]] = GameState

    def new_game(self, seats: list[str], seed: int,
                 options: BaseModel | None = None) -> GameState:
        opts = options if isinstance(options, Options) else Options.model_validate(
            options.model_dump() if options is not None else {})
        return new_game(seats, seed, opts)

    def pending(self, state: GameState) -> list[Prompt]:
        seats = flow.waiting(state)
        if not seats:
            return []
        kind = state.stack[-1].kind
        text = PROMPT_TEXT.get(kind, "Your decision.")
        secret = kind in SECRET_KINDS or len(seats) > 1
        return [Prompt(seat=s, kind=kind, text=text, secret=secret) for s in seats]

    def legal_actions(self, state: GameState, seat: str) -> list[Action]:
        return flow.legal(state, seat)

    def apply(self, state: GameState, seat: str, action: Action) -> Step[GameState]:
        if state.result is not None:
            raise IllegalAction("The game is over.")
        if seat not in state.players:
            raise IllegalAction("You are not playing in this game.")
        if seat not in flow.waiting(state):
            raise IllegalAction("It is not your decision right now; wait for your prompt.")
        if action not in flow.legal(state, seat):
            raise IllegalAction("That move is not allowed now; pick one from the list.")
        new = clone(state)
        ctx = Ctx(new)
        flow.act(ctx, seat, action)
        new.version += 1
        return Step(state=new, events=ctx.events)

    def view(self, state: GameState, seat: str | None) -> DarkMoonView:
        return build_view(state, seat, flow.waiting(state))

    def outcome(self, state: GameState) -> Outcome | None:
        if state.result is None:
            return None
        infected = state.result == "infected"
        winners = tuple(s for s, p in state.players.items() if p.infected == infected)
        losers = tuple(s for s in state.seats if s not in winners)
        return Outcome(winners=winners, losers=losers, reason=state.result_reason,
                       team=state.result)

    def parse_action(self, state: GameState, seat: str, text: str) -> Action:
        action = CODEC.parse(text)
        if state.result is None and seat not in flow.waiting(state):
            raise IllegalAction("It is not your decision right now; wait for your prompt.")
        for legal in flow.legal(state, seat):
            if legal.key == action.key:
                return legal
        raise IllegalAction("That move is not available to you right now.")

    def default_action(self, state: GameState, seat: str) -> Action | None:
        """What the bot plays for an absent player: abstain, decline, stop, out with the
        most dice it may take, otherwise the first legal choice."""
        legal = flow.legal(state, seat)
        if not legal:
            return None
        by_key = {a.key: a for a in legal}
        for key in DEFAULT_PREFERENCE:
            if key in by_key:
                return by_key[key]
        outs = [a for a in legal if a.key.startswith("out:")]
        if outs:
            return outs[0]
        return legal[0]
