"""High Card's rules: two players, a hidden card each (1-9, never the same), and a
stake that starts at 1. On your turn you raise the stake by 1 (up to 3), call (both
cards are shown: the higher wins) or fold (the other player wins). Pure and
deterministic: the deal comes from the game's random generator, seeded from the game's
seed. `determinize` deals again the card a seat has not seen."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.contract import Action, Event, IllegalAction, Outcome, Prompt, Ruleset, Step
from rules.core.rng import Rng

MAX_STAKE = 3
CARDS = tuple(range(1, 10))
SHOWDOWN = "the higher card"
Move = Literal["raise", "call", "fold"]
MOVES: dict[str, Move] = {"raise": "raise", "call": "call", "fold": "fold"}


class HighCardOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    turn_timeout_minutes: int = Field(0, ge=0, le=1440,
                                      description="Turn timer in minutes (0: none)")


class HighCardState(BaseModel):
    seats: list[str]
    cards: dict[str, int]
    rng: Rng = Field(default_factory=Rng)  # dealt the cards (a copy gets a new one)
    stake: int = 1
    turn: int = 0                     # index of the seat to move
    winner: str | None = None
    reason: str = ""
    version: int = 0


class Me(BaseModel):
    seat: str
    card: int


class View(BaseModel):
    ruleset: Literal["toy"] = "toy"
    seats: list[str]
    stake: int
    active: str | None
    winner: str | None
    reason: str
    shown: dict[str, int]            # the cards shown (at the end of the game)
    me: Me | None = None


class Bid(Action):
    model_config = ConfigDict(frozen=True)
    move: Move

    @property
    def key(self) -> str:
        return self.move

    @property
    def label(self) -> str:
        return {"raise": "Raise the stake", "call": "Call: show the cards",
                "fold": "Fold"}[self.move]


# one object per move: the table matches the menu's actions with the legal list by
# identity, as the frame games' interned actions do
BIDS: dict[Move, Bid] = {m: Bid(move=m) for m in MOVES.values()}


class HighCard(Ruleset[HighCardState, Bid, View]):
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "High Card"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[BaseModel]] = HighCardOptions
    State = HighCardState

    def new_game(self, seats: list[str], seed: int,
                 options: BaseModel | None = None) -> HighCardState:
        if len(seats) != 2:
            raise IllegalAction("High Card takes exactly 2 players.")
        rng = Rng.from_seed(seed)
        first, second = rng.shuffled(CARDS)[:2]
        return HighCardState(seats=list(seats), cards={seats[0]: first, seats[1]: second},
                             rng=rng)

    def pending(self, state: HighCardState) -> list[Prompt]:
        if state.winner is not None:
            return []
        return [Prompt(state.seats[state.turn], "bid",
                       f"Stake {state.stake}: raise, call or fold")]

    def legal_actions(self, state: HighCardState, seat: str) -> list[Bid]:
        if state.winner is not None or seat != state.seats[state.turn]:
            return []
        moves: list[Move] = ["raise", "call", "fold"] if state.stake < MAX_STAKE else [
            "call", "fold"]
        return [BIDS[m] for m in moves]

    def apply(self, state: HighCardState, seat: str, action: Bid) -> Step[HighCardState]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("It is not your turn." if state.winner is None and
                                seat != state.seats[state.turn] else "You cannot do that now.")
        assert isinstance(action, Bid)
        new = state.model_copy(deep=True)
        new.version += 1
        other = new.seats[1 - new.turn]
        if action.move == "raise":
            new.stake += 1
            new.turn = 1 - new.turn
            text = f"<@{seat}> raises the stake to {new.stake}."
        elif action.move == "fold":
            new.winner, new.reason = other, f"<@{seat}> folded"
            text = f"<@{seat}> folds: <@{other}> wins {new.stake}."
        else:
            new.winner = max(new.seats, key=lambda s: new.cards[s])
            new.reason = SHOWDOWN
            text = (f"<@{seat}> calls: " + ", ".join(f"<@{s}> shows {new.cards[s]}"
                                                      for s in new.seats)
                    + f"; <@{new.winner}> wins {new.stake}.")
        return Step(new, [Event(action.move, text)])

    def determinize(self, state: HighCardState, seat: str, seed: int) -> HighCardState:
        """A copy of `state` with the cards `seat` has not seen dealt again from `seed`
        (from the cards 1-9 but its own: the two are never the same), and a new random
        generator. Both cards are seen once shown at the call; a fold shows none."""
        rng = Rng.from_seed(seed)
        new = state.model_copy(deep=True)
        shown = state.winner is not None and state.reason == SHOWDOWN
        if not shown:
            unseen = [x for x in state.seats if x != seat]
            deck = rng.shuffled([c for c in CARDS if c != state.cards.get(seat)])
            new.cards.update(zip(unseen, deck, strict=False))
        new.rng = Rng.from_seed(rng.next64())
        return new

    def view(self, state: HighCardState, seat: str | None) -> View:
        over = state.winner is not None
        return View(seats=list(state.seats), stake=state.stake,
                    active=None if over else state.seats[state.turn], winner=state.winner,
                    reason=state.reason,
                    shown=dict(state.cards) if over and state.reason == SHOWDOWN else {},
                    me=Me(seat=seat, card=state.cards[seat]) if seat in state.cards else None)

    def outcome(self, state: HighCardState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(winners=(state.winner,),
                       losers=tuple(s for s in state.seats if s != state.winner),
                       reason=state.reason)

    def parse_action(self, state: HighCardState, seat: str, text: str) -> Bid:
        move = MOVES.get(text)
        if move is None:
            raise IllegalAction(f"'{text}' is not a move of High Card (raise, call, fold).")
        return BIDS[move]

    def recap(self, state: HighCardState) -> list[str]:
        lines = super().recap(state)
        if lines:
            lines += [f"<@{s}> held {state.cards[s]}." for s in state.seats]
        return lines

    def reveal(self, state: HighCardState) -> list[str]:
        return [f"<@{s}> held {state.cards[s]}." for s in state.seats]
