"""Leak checks shared by the Nemesis-family simulations (Lockdown and the original):
the public view shows none of the secrets a game lists (card ids, hand card names,
inventory items, unexplored tiles), private events go to one seat as short notices,
and public events name no secret. Each game lists its own secrets and private kinds
and may add a check of every public event."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.core.contract import Event

NOTICE_MAX = 400  # an addressed event is a short notice, never the whole private sheet


def family_secrets(s: Any, idx: Any, objectives: bool) -> dict[str, set[str]]:
    """What the public must not see in either game: "ids" (the hand cards, the
    characters' objectives while `objectives`, the bag's tokens), the "names" of hand
    cards, "items" in inventories (heavy items in hand and the crafted list are
    public), the "tiles" of unexplored rooms. Each game adds its own."""
    out: dict[str, set[str]] = {"ids": set(), "names": set(), "items": set(),
                                "tiles": set()}
    for hero in s.heroes.values():
        for card in hero.hand:
            if not card.startswith("c:"):
                out["ids"].add(card)
                out["names"].add(idx.cards[card].name)
        if objectives:
            out["ids"].update(hero.objectives)
        out["items"].update(hero.inventory)
    out["ids"].update(s.bag)
    out["tiles"] = {r.tile for r in s.rooms.values() if not r.explored and r.tile}
    out["items"] -= {h.item for hero in s.heroes.values() for h in hero.hands if h.item}
    out["items"] -= set(s.crafted)
    return out


def check_view_hides(dumped: str, hidden: Mapping[str, set[str]], where: str) -> None:
    """The public view (as JSON) quotes no secret id, item, tile or hand card name."""
    for secret in hidden["ids"] | hidden["items"] | hidden["tiles"]:
        assert f'"{secret}"' not in dumped, f"{where}: public view shows {secret}"
    for name in hidden["names"]:
        assert f'"{name}"' not in dumped, f"{where}: public view shows the card {name}"


def check_events_hide(events: list[Event], seats: Iterable[str],
                      hidden: Mapping[str, set[str]], private_kinds: set[str], where: str,
                      public: Callable[[Event, str], None] | None = None) -> None:
    """Private kinds addressed to one seat; addressed events short and to seats of the
    game; public events (each also given to `public` with its text and data) naming no
    secret id (but the cards played in public now) nor an unexplored tile."""
    played = {e.data.get("card") for e in events if e.kind == "card" and e.to is None}
    ids = hidden["ids"] - played  # played in public this step (and drawn back since)
    for e in events:
        if e.kind in private_kinds:
            assert e.to is not None and len(e.to) == 1, f"{where}: {e.kind} not addressed"
        if e.to is not None:
            assert e.to and set(e.to) <= set(seats), f"{where}: {e}"
            assert len(e.text) <= NOTICE_MAX, f"{where}: a long notice {e.text}"
            continue
        blob = e.text + " " + repr(e.data)
        if public is not None:
            public(e, blob)
        for secret in ids:
            assert not re.search(rf"\b{re.escape(secret)}\b", blob), \
                f"{where}: public event {e.kind} shows {secret}: {e.text}"
        for tile in hidden["tiles"]:
            assert tile not in {str(v) for v in e.data.values()}, \
                f"{where}: public event {e.kind} names an unexplored tile"
