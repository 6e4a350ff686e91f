"""Frames (rules.core.frames) the shared mechanics of the Nemesis family push; each game
lists them in its state's frame union, beside its own frames."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.nemesis.effects import Effect


@dataclass(slots=True, kw_only=True)
class PickFrame:
    """A choice an effect needs: a room, a card, a colour, a destination, a target."""

    kind: Literal["pick"] = "pick"
    seat: str
    purpose: Literal["room", "color", "move", "intruder", "noise_corridor", "step"]
    options: list[str]
    labels: list[str] = field(default_factory=list)
    tag: str = ""          # for purpose "step": which multi-step room action continues
    effect: Effect | None = None
    subject: str | None = None
    left: int = 1


@dataclass(slots=True, kw_only=True)
class EncounterFrame:
    kind: Literal["encounter"] = "encounter"
    seat: str
    room: str


@dataclass(slots=True, kw_only=True)
class AttemptFrame:
    """An attempt guarded by a noise roll (going to sleep, boarding a pod, locking oneself
    in, walking to the bunker), under whatever the roll set off (an encounter, danger, a
    card): once those are resolved, the attempt fails only if an intruder showed up in
    `room`. `since`: the id the next intruder placed was to get when the roll was made;
    `tag` names the attempt for the game (its `attempt_done` hook)."""

    kind: Literal["attempt"] = "attempt"
    seat: str
    room: str
    tag: str
    since: int


@dataclass(slots=True, kw_only=True)
class AttackFrame:
    """Intruder attacks to resolve in order: (intruder id, target seat). `asked`: the
    target of the first attack in the queue was offered its interrupt cards."""

    kind: Literal["attack"] = "attack"
    queue: list[tuple[int, str]]
    asked: bool = False


@dataclass(slots=True, kw_only=True)
class InterruptFrame:
    """An intruder is about to attack `seat`, who holds an interrupt card they can pay
    for: play one, or take the attack."""

    kind: Literal["interrupt"] = "interrupt"
    seat: str
    attacker: int


@dataclass(slots=True, kw_only=True)
class MoveFrame:
    """A character moving into a room: escape attacks, arrival, exploration, noise."""

    kind: Literal["move"] = "move"
    seat: str
    origin: str
    to: str
    careful_corridor: str | None = None
    stage: Literal["escape", "arrive", "noise", "done"] = "escape"
    no_noise: bool = False


@dataclass(slots=True, kw_only=True)
class ShotFrame:
    """A shot or melee blow being resolved (after the roll when a choice is open)."""

    kind: Literal["shot"] = "shot"
    seat: str
    target: int           # intruder id, or 0 for an egg
    melee: bool
    face: str = ""
    slot: int = -1


@dataclass(slots=True, kw_only=True)
class PayFrame:
    """Paying an action's cost: the player picks which action cards to discard."""

    kind: Literal["pay"] = "pay"
    seat: str
    cost: int
    action: str            # the action key to resolve once paid
    card: str | None = None  # an action card being played (discarded with the cost)
    attacker: int | None = None  # an interrupt card played against this intruder


@dataclass(slots=True, kw_only=True)
class DiscardFrame:
    """A seat chooses cards of its hand to discard (one multi-select): after passing any
    set of cards, action or contamination (`n` None; a hand bigger than
    DISCARD_SUBSETS_UP_TO goes one card at a time, `one_by_one`); for an effect exactly
    `n` action cards (`source` names the card that asks for it)."""

    kind: Literal["discard"] = "discard"
    seat: str
    n: int | None = None
    one_by_one: bool = False
    source: str = ""


@dataclass(slots=True, kw_only=True)
class TradeFrame:
    """One trade action (NX-TRADE-1) among `seats` (the starter first, then turn order).
    Stage "give": each giver, for each other participant in turn (`step` indexes those
    pairs), chooses what they give (one multi-select); stage "agree": everyone who gives
    or receives something agrees in turn (`step` indexes them), or refuses and nothing
    changes hands. `gifts`: (giver, receiver, item id or object) pledged so far."""

    kind: Literal["trade"] = "trade"
    starter: str
    seats: list[str]
    stage: Literal["give", "agree"] = "give"
    step: int = 0
    gifts: list[tuple[str, str, str]] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class TurnFrame:
    """One turn of up to 2 actions (or a pass)."""

    kind: Literal["turn"] = "turn"
    seat: str
    done: bool = False


@dataclass(slots=True, kw_only=True)
class EffectsFrame:
    """Effects waiting to be applied in order for a subject character (or none)."""

    kind: Literal["effects"] = "effects"
    effects: list[Effect]
    subject: str | None = None
    source: str = ""
    attacker: int | None = None  # an interrupt card: "one intruder" means the attacker
    healed: bool = False         # a heal effect ran (the Field Medic ability follows)
    # seats that reached 3 serious wounds during these effects: no death from them
    grace: list[str] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class DraftFrame:
    """Character draft: the seat sees 2 random characters and keeps 1."""

    kind: Literal["draft"] = "draft"
    seat: str
    offered: list[str]


@dataclass(slots=True, kw_only=True)
class ObjectiveFrame:
    """First encounter: every player with 2 objectives keeps 1 (simultaneous, secret)."""

    kind: Literal["objectives"] = "objectives"
    pending: list[str]


@dataclass(slots=True, kw_only=True)
class EndFrame:
    """The game ends (each game's end handler reads `reason`)."""

    kind: Literal["end"] = "end"
    reason: str


# every family frame, for a game's `Frame` union (beside the game's own frames)
FamilyFrame = (TurnFrame | PayFrame | DraftFrame | ObjectiveFrame | EncounterFrame
               | AttemptFrame | AttackFrame | MoveFrame | EndFrame | EffectsFrame | PickFrame
               | ShotFrame | InterruptFrame | DiscardFrame | TradeFrame)
