"""Nemesis: Lockdown behind the engine contract."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from rules.core.clone import clone
from rules.core.contract import Action, IllegalAction, Outcome, Prompt, Ruleset, Step
from rules.lockdown.actions import CODEC
from rules.lockdown.flow import MACHINE
from rules.lockdown.gear import check_quests
from rules.lockdown.setup import new_game
from rules.lockdown.state import GameState, Options
from rules.lockdown.table import Ctx
from rules.lockdown.view import LockdownView, build_view

PROMPTS = {
    "turn": "Your turn: take an action (2 per turn) or pass.",
    "pay": "Choose the action cards to discard as the cost.",
    "draft": "Choose your character.",
    "objectives": "First encounter: keep one of your two objectives.",
    "pick": "Make a choice.",
    "shot": "Discard a card for a stronger hit?",
    "agree": "Do you agree?",
}
SECRET = {"pay", "objectives", "draft", "pick", "shot"}
DEFAULTS = ("pass", "pick:1")


class Lockdown(Ruleset[GameState]):
    name: ClassVar[str] = "lockdown"
    title: ClassVar[str] = "Nemesis: Lockdown"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseModel]] = Options
    State: ClassVar[type[BaseModel]] = GameState

    def new_game(self, seats: list[str], seed: int,
                 options: BaseModel | None = None) -> GameState:
        opts = options if isinstance(options, Options) else Options.model_validate(
            options.model_dump() if options is not None else {})
        state = new_game(seats, seed, opts)
        MACHINE.advance(Ctx(state))
        return state

    def pending(self, state: GameState) -> list[Prompt]:
        seats = MACHINE.waiting(state)
        if not seats:
            return []
        kind = state.stack[-1].kind
        secret = kind in SECRET or len(seats) > 1
        return [Prompt(seat=x, kind=kind, text=PROMPTS.get(kind, "Your decision."),
                       secret=secret) for x in seats]

    def legal_actions(self, state: GameState, seat: str) -> list[Action]:
        return MACHINE.legal(state, seat)

    def apply(self, state: GameState, seat: str, action: Action) -> Step[GameState]:
        if state.over:
            raise IllegalAction("The game is over.")
        if seat not in state.heroes:
            raise IllegalAction("You are not playing in this game.")
        if seat not in MACHINE.waiting(state):
            raise IllegalAction("It is not your decision right now; wait for your prompt.")
        if action.key not in {a.key for a in MACHINE.legal(state, seat)}:
            raise IllegalAction("That move is not allowed now; pick one from the list.")
        new = clone(state)
        ctx = Ctx(new)
        MACHINE.act(ctx, seat, action)
        check_quests(ctx)
        MACHINE.advance(ctx)
        new.version += 1
        return Step(state=new, events=ctx.events)

    def view(self, state: GameState, seat: str | None) -> LockdownView:
        return build_view(state, seat, MACHINE.waiting(state))

    def outcome(self, state: GameState) -> Outcome | None:
        if state.winners is None:
            return None
        losers = tuple(x for x in state.seats if x not in state.winners)
        return Outcome(winners=tuple(state.winners), losers=losers,
                       reason=f"the game ended ({state.ended})", team=None)

    def parse_action(self, state: GameState, seat: str, text: str) -> Action:
        action = CODEC.parse(text)
        if not state.over and seat not in MACHINE.waiting(state):
            raise IllegalAction("It is not your decision right now; wait for your prompt.")
        for legal in MACHINE.legal(state, seat):
            if legal.key == action.key:
                return legal
        raise IllegalAction("That move is not available to you right now.")

    def default_action(self, state: GameState, seat: str) -> Action | None:
        legal = MACHINE.legal(state, seat)
        by_key = {a.key: a for a in legal}
        for key in DEFAULTS:
            if key in by_key:
                return by_key[key]
        return legal[0] if legal else None
