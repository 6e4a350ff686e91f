"""Every move a player of a Nemesis-family game can make, with its key and label; the
codec turns keys (what move logs store) back into actions."""

from __future__ import annotations

from typing import ClassVar

from rules.core.actions import ActionCodec, KeyedAction
from rules.nemesis.hands import object_phrase


class FamilyAction(KeyedAction):
    """A move of a Nemesis-family game (every action class of both games derives from it)."""


class Draft(FamilyAction):
    kind = "draft"
    character: str
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return f"Play the {self.text or self.character}"


class KeepObjective(FamilyAction):
    kind = "keep"
    objective: str
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return keep_words(self.text or self.objective)


def keep_words(name: str) -> str:
    """Keeping an objective, in both games' words: "Keep objective: Old Grudge"."""
    return f"Keep objective: {name}"


class Move(FamilyAction):
    kind = "move"
    to: str
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return f"Move to {self.text or self.to}"


class CarefulMove(FamilyAction):
    """Careful movement; the corridor for the noise marker is chosen next."""

    kind = "careful"
    to: str
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return f"Move carefully to {self.text or self.to} (no noise roll)"


class Shoot(FamilyAction):
    kind = "shoot"
    slot: int
    target: int
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return f"Shoot {self.text or self.target}"


class Melee(FamilyAction):
    kind = "melee"
    target: int
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return f"Melee attack {self.text or self.target}"


class Search(FamilyAction):
    kind = "search"
    color: str

    @property
    def label(self) -> str:
        return f"Search the room ({self.color} items)"


class PickUp(FamilyAction):
    kind = "pick_up"
    obj: str

    @property
    def label(self) -> str:
        return f"Pick up {object_phrase(self.obj)}"


class Drop(FamilyAction):
    kind = "drop"
    slot: int
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return f"Drop {self.text or 'what you carry'} (free)"


class RoomAct(FamilyAction):
    kind = "room"
    variant: int
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return f"Room action: {self.text}" if self.text else "Room action"


class PlayCard(FamilyAction):
    kind = "card"
    card: str
    option: int = 0
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return f"Play {self.text or self.card}"


class UseItem(FamilyAction):
    kind = "use"
    item: str
    option: int = 0
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return f"Use {self.text or self.item}"


class Craft(FamilyAction):
    """Crafting `item` from the item cards `cards`; the ways to craft one item are one
    multi-select of the components (a menu of every combination was long)."""

    kind = "craft"
    item: str
    cards: tuple[str, ...]
    text: str = ""
    tuple_fields: ClassVar[frozenset[str]] = frozenset({"cards"})
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})
    subset_field: ClassVar[str | None] = "cards"

    @property
    def label(self) -> str:
        return f"Craft {self.text or self.item}"


class Trade(FamilyAction):
    """Start a trade with everyone in the room (NX-TRADE-1)."""

    kind = "trade"
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return f"Trade with {self.text}" if self.text else "Trade"


class TradeGive(FamilyAction):
    """What a trader gives to one other participant: positions in the list of things
    they can still give (`rules.lockdown.trade.giveable`); one multi-select, the empty
    set gives nothing."""

    kind = "trade_give"
    to: str
    things: tuple[str, ...]
    text: str = ""
    tuple_fields: ClassVar[frozenset[str]] = frozenset({"things"})
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})
    subset_field: ClassVar[str | None] = "things"

    @property
    def label(self) -> str:
        return f"Give {self.text or 'nothing'} to <@{self.to}>"


class Pass(FamilyAction):
    kind = "pass"

    @property
    def label(self) -> str:
        return "Pass for this round"


class Pay(FamilyAction):
    """Paying a cost: which action cards (ids) to discard; one multi-select."""

    kind = "pay"
    cards: tuple[str, ...]
    text: str = ""
    tuple_fields: ClassVar[frozenset[str]] = frozenset({"cards"})
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})
    subset_field: ClassVar[str | None] = "cards"

    @property
    def label(self) -> str:
        return f"Discard {self.text}" if self.text else "Pay nothing"


class Back(FamilyAction):
    """Leaving a pay step before paying (NX-COST-1): the action chosen is taken back
    (a card played returns to the hand) and the turn's choices come again."""

    kind = "back"

    @property
    def label(self) -> str:
        return "Back: choose another action"


class Discard(FamilyAction):
    """Discarding chosen cards of the hand (after passing, or for an effect): `cards`
    are hand positions, so the key names no card (contamination cards look alike) and
    stays short; one multi-select, the empty set keeps the hand."""

    kind = "discard"
    cards: tuple[str, ...]
    text: str = ""
    tuple_fields: ClassVar[frozenset[str]] = frozenset({"cards"})
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})
    subset_field: ClassVar[str | None] = "cards"

    @property
    def label(self) -> str:
        return f"Discard {self.text}" if self.cards else "Keep your hand"


class Pick(FamilyAction):
    kind = "pick"
    index: int
    text: str = ""
    label_fields: ClassVar[frozenset[str]] = frozenset({"text"})

    @property
    def label(self) -> str:
        return self.text or f"Choice {self.index + 1}"


ALL_ACTIONS: list[type[FamilyAction]] = [
    Draft, KeepObjective, Move, CarefulMove, Shoot, Melee, Search, PickUp, Drop, RoomAct,
    PlayCard, UseItem, Craft, Trade, TradeGive, Pass, Pay, Back, Discard, Pick,
]
CODEC = ActionCodec(ALL_ACTIONS)
