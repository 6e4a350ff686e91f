"""LD-XOVER-1 in the draft: with the original characters option, each draft card may
be played as itself or as the original Nemesis character of its colour. The family's
draft (rules.nemesis.choices) does the rest: these two wrap its legal actions and its
act, and change nothing without the option."""

from __future__ import annotations

from rules.core.contract import Action
from rules.lockdown.cards import index
from rules.lockdown.state import GameState
from rules.lockdown.table import Ctx
from rules.nemesis import choices
from rules.nemesis.actions import Draft
from rules.nemesis.frames import DraftFrame


def choosable(s: GameState, f: DraftFrame) -> list[str]:
    """The offered draft cards and, with the option, the original character of each
    card's colour right after it."""
    if not s.options.nemesis_characters:
        return list(f.offered)
    originals = {card: ch for ch, card in index().draft_card.items()}
    return [c for card in f.offered for c in (card, originals.get(card)) if c is not None]


def draft_legal(s: GameState, f: DraftFrame, seat: str) -> list[Action]:
    if not s.options.nemesis_characters:
        return choices.draft_legal(s, f, seat)
    names = s.rules.characters
    return [Draft(character=c, text=names[c].name) for c in choosable(s, f)]


def draft_act(ctx: Ctx, f: DraftFrame, seat: str, action: Action) -> None:
    """An original character takes its draft card's place among the offered cards, so
    the family's draft sends only the other card back to the pool."""
    assert isinstance(action, Draft)
    card = index().draft_card.get(action.character)
    if card is not None and card in f.offered:
        f.offered = [action.character if c == card else c for c in f.offered]
    choices.draft_act(ctx, f, seat, action)
