"""The engine-contract glue both Nemesis games share: who is seated, the quests checked
after every move, a turn's narrowed legal list, the outcome, an absent player's default,
the answers a player may leave to Warden, and the presentation calls. A game's ruleset
sets the class attributes (among them its words and its ending module) and answers the
hooks (`check_quests`, its prompts)."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Protocol, TypeVar, cast

from rules.core.contract import Action, Choice, Outcome
from rules.core.engine import FrameRuleset
from rules.core.menus import Describer
from rules.core.table import TableCtx
from rules.nemesis.actions import CODEC, Discard, FamilyAction
from rules.nemesis.frames import DiscardFrame, InterruptFrame, TurnFrame
from rules.nemesis.profile import NemesisState
from rules.nemesis.state import FamilyState
from rules.nemesis.turn_actions import turn_legal
from rules.nemesis.view import GameView

S = TypeVar("S", bound=FamilyState)  # the game's state
V = TypeVar("V", bound=GameView)  # its view
C = TypeVar("C", bound=TableCtx[Any])  # the context its actions are applied in
S_contra = TypeVar("S_contra", contravariant=True)


class Ending(Protocol[S_contra]):
    """How a game tells its end (its recap module)."""

    def outcome_reason(self, state: S_contra) -> str: ...

    def recap(self, state: S_contra) -> list[str]: ...

    def reveal(self, state: S_contra) -> list[str]: ...


class FamilyRuleset(FrameRuleset[S, FamilyAction, V, C]):
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 5
    codec = CODEC
    secret_kinds = frozenset({"pay", "discard", "objectives", "draft", "pick", "shot",
                              "interrupt", "trade"})
    # frames whose first choice ("pick:0") an absent player takes
    take_first: ClassVar[frozenset[str]] = frozenset({"interrupt"})
    words: Describer[S, FamilyAction]  # the game's describe module
    ending: Ending[S]  # the game's recap module

    # -------------------------------------------------------------- the game's hooks
    @abstractmethod
    def check_quests(self, ctx: C) -> bool:
        """Mark the quests met after a move; True when that pushed frames to run."""

    # -------------------------------------------------------------- shared glue
    def seated(self, state: S, seat: str) -> bool:
        return seat in state.heroes

    def after_action(self, ctx: C) -> None:
        if self.check_quests(ctx):  # (the move itself already ran the frames to a decision)
            self.machine.advance(ctx)

    def candidates(self, state: S, seat: str, action: FamilyAction,
                   waiting: list[str]) -> list[Action]:
        """A turn lists only the actions of the chosen kind (the full list is costly)."""
        top = state.stack[-1]
        if isinstance(top, TurnFrame):
            return turn_legal(_family(state), top, seat, getattr(action, "kind", None))
        return self.machine.legal(state, seat, waiting)

    def outcome(self, state: S) -> Outcome | None:
        winners = _family(state).winners
        if winners is None:
            return None
        losers = tuple(x for x in state.seats if x not in winners)
        return Outcome(winners=tuple(winners), losers=losers,
                       reason=self.outcome_reason(state), team=None)

    def default_action(self, state: S, seat: str) -> FamilyAction | None:
        """For an absent player: the first choice where `take_first` says so (take the
        attack, wait in a pod), keep the hand, pass, else the first choice of a pick (or
        the first legal action)."""
        top = state.stack[-1] if state.stack else None
        if top is not None and top.kind in self.take_first:
            by_key = {a.key: a for a in self.listed(state, seat)}
            return by_key.get("pick:0")
        if isinstance(top, DiscardFrame) and top.n is None:
            return _keep_hand(self.listed(state, seat))
        return super().default_action(state, seat)

    auto_answers = ("take an intruder attack for you when you hold no interrupt card you "
                    "can pay for, and keep your hand when you pass")
    auto_answer_tells = ("An instant answer can tell the table that you hold no interrupt "
                         "card you can pay for.")

    def auto_answer(self, state: S, seat: str) -> FamilyAction | None:
        """An attack with "Take the attack" as the only answer (the target holds cards,
        none of them an interrupt they can pay for: they are asked all the same, so that
        the pause tells the table nothing), and the discard after passing (kept hand)."""
        top = state.stack[-1] if state.stack else None
        if getattr(top, "seat", None) != seat or seat not in self.machine.waiting(state):
            return None
        if isinstance(top, InterruptFrame):
            legal = self.listed(state, seat)
            return legal[0] if len(legal) == 1 else None
        if isinstance(top, DiscardFrame) and top.n is None:
            return _keep_hand(self.listed(state, seat))
        return None

    # -------------------------------------------------------------- presentation
    def describe(self, state: S, seat: str, action: FamilyAction) -> Choice:
        return self.words.describe(state, seat, action)

    def describe_part(self, state: S, seat: str, action: FamilyAction, part: str) -> Choice:
        return self.words.describe_part(state, seat, action, part)

    def subset_title(self, state: S, seat: str, action: FamilyAction) -> tuple[str, str]:
        return self.words.subset_title(state, seat, action)

    def outcome_reason(self, state: S) -> str:
        """How the game ended, in words."""
        return self.ending.outcome_reason(state)

    def recap(self, state: S) -> list[str]:
        return self.ending.recap(state)

    def reveal(self, state: S) -> list[str]:
        return self.ending.reveal(state)


def _keep_hand(legal: list[FamilyAction]) -> FamilyAction | None:
    """The discard of no card (after passing: the hand is kept)."""
    return next((a for a in legal if isinstance(a, Discard) and not a.cards), None)


def _family(state: FamilyState) -> NemesisState:
    """`state` as the family's shared mechanics read it. Each game's state class declares
    the family's fields after its own (its JSON keeps that order), so FamilyState holds
    only the first few, and the bound of a type variable cannot say "a FamilyState that is
    also a NemesisState"."""
    return cast(NemesisState, state)
