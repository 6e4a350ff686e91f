"""The words of the multi-select menus both Nemesis games show alike: the title of a
craft's components or a trade's things, and each part's choice (a component, a thing to
give, an action card of a payment or a discard). A game titles its payments and discards
itself (it names what is paid for, where a discard comes from)."""

from __future__ import annotations

from collections.abc import Callable

from rules.core.contract import Action, Choice
from rules.core.words import clip
from rules.nemesis import actions as a
from rules.nemesis.action_words import cost_sentence, cost_tag
from rules.nemesis.crafting import component_choice, craft_words
from rules.nemesis.frames import TradeFrame
from rules.nemesis.profile import NemesisState
from rules.nemesis.trade import part_words, subset_words
from rules.nemesis.turn_actions import cost_of

LABEL_MAX = 80   # a Discord button label; ~70 is the aim
TITLE_MAX = 100  # a menu's title


def shared_subset_title(s: NemesisState, seat: str, action: Action) -> tuple[str, str] | None:
    """The title and hint of a craft's or a trade's multi-select; None for a game's own
    (a payment, a discard)."""
    if isinstance(action, a.Craft):
        title, hint = craft_words(s, action, cost_sentence(cost_of(s, s.heroes[seat], action)))
        return clip(title, TITLE_MAX), hint
    top = s.stack[-1] if s.stack else None
    if isinstance(top, TradeFrame):
        title, hint = subset_words(s, top, seat)
        return clip(title, TITLE_MAX), hint
    return None


def part_choice(s: NemesisState, seat: str, action: Action, part: str, *,
                contamination: str, text: Callable[[str], str]) -> Choice:
    """One part of a multi-select: a craft's component, a thing to give in a trade, a
    card of a payment (a card id) or of a discard (a hand position). A contamination card
    is explained by the game's `contamination` words; `text` puts content text (a card's,
    a thing's) the way the game shows it."""
    top = s.stack[-1] if s.stack else None
    if isinstance(action, a.Craft):
        return component_choice(s, part)
    if isinstance(action, a.TradeGive) and isinstance(top, TradeFrame):
        label, detail = part_words(s, top, seat, part)
        return Choice(label=clip(label, LABEL_MAX), detail=text(detail))
    card = part
    if isinstance(action, a.Discard):
        hand = s.heroes[seat].hand
        card = hand[int(part)] if part.isdigit() and int(part) < len(hand) else ""
    if card.startswith("c:"):
        return Choice(label="Contamination", detail=contamination)
    found = s.rules.cards.get(card)
    if found is None:
        return Choice(label=part)
    return Choice(label=clip(f"{found.name} ({cost_tag(found.cost, card=True)})", LABEL_MAX),
                  detail=text(found.text))
