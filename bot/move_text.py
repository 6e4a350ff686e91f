"""`/move` text: what autocomplete offers and how a typed text becomes a move.

An autocomplete value is ``#<version>.<fingerprint>.<index>``: the index of the move in
the legal list at that version, and a digest of that list, so the move is applied only
while the same choices are on offer (a command re-sent after a lost reply is refused
as out of date instead of being applied twice). A typed text is an action key, or a
label: case-insensitive, exact or a unique prefix."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from pydantic import BaseModel

from bot.choices import fingerprint
from bot.games import UserError
from bot.texts import clip, plain
from rules import Action, IllegalAction, Ruleset
from rules.core.engine import FrameRuleset

WHY = "?"  # the value of the autocomplete entry that only explains why there is no choice
_OFFER = re.compile(r"#(\d{1,9})\.([0-9a-f]{8})\.(\d{1,4})")


def has_kinds(rs: Ruleset, kinds: Sequence[str]) -> bool:
    """Whether the ruleset has any move of these kinds at all (`/vote` in Lockdown: no).
    The kinds are those of a FrameRuleset's action codec; another ruleset has none."""
    return isinstance(rs, FrameRuleset) and any(kind in rs.codec.kinds for kind in kinds)


def labelled(rs: Ruleset, state: BaseModel, seat: str, legal: Sequence[Action],
             names: dict[str, str]) -> list[tuple[Action, str]]:
    """Each legal move with the label players see (seat names filled in)."""
    return [(a, plain(rs.describe(state, seat, a).label, names)) for a in legal]


def offer_value(version: int, legal: Sequence[Action]) -> Callable[[int], str]:
    fp = fingerprint(legal)
    return lambda i: f"#{version}.{fp}.{i}"


def resolve_text(rs: Ruleset, state: BaseModel, seat: str, text: str, legal: Sequence[Action],
                 names: dict[str, str]) -> tuple[str, int | None, str | None]:
    """(action key, version offered at or None, fingerprint or None) for a `/move` text;
    raises UserError saying what to do when nothing or several moves match."""
    text = text.strip()
    offer = _OFFER.fullmatch(text)
    if offer is not None:
        version, fp, index = int(offer[1]), offer[2], int(offer[3])
        if index >= len(legal):
            raise UserError("That choice is out of date; pick again from the list.")
        return legal[index].key, version, fp
    try:
        return rs.parse_action(state, seat, text).key, None, None
    except IllegalAction:
        pass
    wanted = text.casefold()
    pairs = labelled(rs, state, seat, legal, names)
    exact = [a for a, label in pairs if label.casefold() == wanted]
    if len(exact) == 1:
        return exact[0].key, None, None
    start = [(a, label) for a, label in pairs if label.casefold().startswith(wanted)]
    if wanted and len(start) == 1:
        return start[0][0].key, None, None
    if len(start) > 1:
        shown = "; ".join(clip(label, 60) for _, label in start[:5])
        raise UserError(f"Several moves start with '{clip(text, 40)}': {shown}. Type more "
                        "of the name, or pick from the list.")
    raise UserError(f"No move of yours matches '{clip(text, 40)}'. Pick one from the list "
                    "that `/move` shows as you type, or press **My choices**.")
