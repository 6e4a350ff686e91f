"""The engine-contract glue both Nemesis games share: who is seated, the quests checked
after every move, a turn's narrowed legal list, the outcome, an absent player's default,
the answers a player may leave to Warden, and the presentation calls. A game's ruleset
sets the class attributes (among them its words and its ending module) and answers the
hooks (`check_quests`, its prompts)."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Protocol

from rules.core.contract import Action, Choice, Outcome
from rules.core.engine import FrameRuleset
from rules.nemesis.actions import CODEC, Discard
from rules.nemesis.frames import DiscardFrame, InterruptFrame, TurnFrame
from rules.nemesis.turn_actions import turn_legal


class Words(Protocol):
    """A game's presentation of its legal actions (its describe module)."""

    def describe(self, state: Any, seat: str, action: Action) -> Choice: ...

    def describe_part(self, state: Any, seat: str, action: Action, part: str) -> Choice: ...

    def subset_title(self, state: Any, seat: str, action: Action) -> tuple[str, str]: ...


class Ending(Protocol):
    """How a game tells its end (its recap module)."""

    def outcome_reason(self, state: Any) -> str: ...

    def recap(self, state: Any) -> list[str]: ...

    def reveal(self, state: Any) -> list[str]: ...


class FamilyRuleset(FrameRuleset):
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 5
    codec = CODEC
    secret_kinds = frozenset({"pay", "discard", "objectives", "draft", "pick", "shot",
                              "interrupt", "trade"})
    # frames whose first choice ("pick:0") an absent player takes
    take_first: ClassVar[frozenset[str]] = frozenset({"interrupt"})
    words: ClassVar[Words]
    ending: ClassVar[Ending]

    # -------------------------------------------------------------- the game's hooks
    @abstractmethod
    def check_quests(self, ctx: Any) -> bool:
        """Mark the quests met after a move; True when that pushed frames to run."""

    # -------------------------------------------------------------- shared glue
    def seated(self, state: Any, seat: str) -> bool:
        return seat in state.heroes

    def after_action(self, ctx: Any) -> None:
        if self.check_quests(ctx):  # (the move itself already ran the frames to a decision)
            self.machine.advance(ctx)

    def candidates(self, state: Any, seat: str, action: Action) -> list[Action]:
        """A turn lists only the actions of the chosen kind (the full list is costly)."""
        top = state.stack[-1]
        if isinstance(top, TurnFrame):
            return turn_legal(state, top, seat, getattr(action, "kind", None))
        return self.machine.legal(state, seat)

    def outcome(self, state: Any) -> Outcome | None:
        if state.winners is None:
            return None
        losers = tuple(x for x in state.seats if x not in state.winners)
        return Outcome(winners=tuple(state.winners), losers=losers,
                       reason=self.outcome_reason(state), team=None)

    def default_action(self, state: Any, seat: str) -> Action | None:
        """For an absent player: the first choice where `take_first` says so (take the
        attack, wait in a pod), keep the hand, pass, else the first choice of a pick (or
        the first legal action)."""
        top = state.stack[-1] if state.stack else None
        if top is not None and top.kind in self.take_first:
            by_key = {a.key: a for a in self.machine.legal(state, seat)}
            return by_key.get("pick:0")
        if isinstance(top, DiscardFrame) and top.n is None:
            return _keep_hand(self.machine.legal(state, seat))
        return super().default_action(state, seat)

    auto_answers = ("take an intruder attack for you when you hold no interrupt card you "
                    "can pay for, and keep your hand when you pass")
    auto_answer_tells = ("An instant answer can tell the table that you hold no interrupt "
                         "card you can pay for.")

    def auto_answer(self, state: Any, seat: str) -> Action | None:
        """An attack with "Take the attack" as the only answer (the target holds cards,
        none of them an interrupt they can pay for: they are asked all the same, so that
        the pause tells the table nothing), and the discard after passing (kept hand)."""
        top = state.stack[-1] if state.stack else None
        if getattr(top, "seat", None) != seat or seat not in self.machine.waiting(state):
            return None
        if isinstance(top, InterruptFrame):
            legal = self.machine.legal(state, seat)
            return legal[0] if len(legal) == 1 else None
        if isinstance(top, DiscardFrame) and top.n is None:
            return _keep_hand(self.machine.legal(state, seat))
        return None

    # -------------------------------------------------------------- presentation
    def describe(self, state: Any, seat: str, action: Action) -> Choice:
        return self.words.describe(state, seat, action)

    def describe_part(self, state: Any, seat: str, action: Action, part: str) -> Choice:
        return self.words.describe_part(state, seat, action, part)

    def subset_title(self, state: Any, seat: str, action: Action) -> tuple[str, str]:
        return self.words.subset_title(state, seat, action)

    def outcome_reason(self, state: Any) -> str:
        """How the game ended, in words."""
        return self.ending.outcome_reason(state)

    def recap(self, state: Any) -> list[str]:
        return self.ending.recap(state)

    def reveal(self, state: Any) -> list[str]:
        return self.ending.reveal(state)


def _keep_hand(legal: list[Action]) -> Action | None:
    """The discard of no card (after passing: the hand is kept)."""
    return next((a for a in legal if isinstance(a, Discard) and not a.cards), None)
