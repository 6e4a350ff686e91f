"""State pieces shared by the Nemesis family: characters, intruders, rooms, corridors.

Everything here is secret-bearing; only the ruleset's view decides what a seat sees.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from rules.core.model import EngineState
from rules.core.rng import Rng
from rules.core.words import plural

# escaped / hibernated: the original Nemesis (a launched escape pod, a hibernation chamber)
Place = Literal["board", "pod", "css", "bunker", "isolated", "dead", "escaped", "hibernated"]


@dataclass(slots=True, kw_only=True)
class WoundCard:
    card: str
    dressed: bool = False


@dataclass(slots=True, kw_only=True)
class Held:
    """Something in a hand slot: a heavy item card or an object token."""

    item: str | None = None      # item id
    obj: str | None = None       # "egg", "carcass", "corpse_<seat>"
    ammo: int = 0
    taped_to: str | None = None  # Duct Tape: the item this one shares a hand slot with


@dataclass(slots=True, kw_only=True)
class Tally:
    """What a character did, counted for the recap (never a rule's input)."""

    rounds: int = 0     # rounds ended with the character still aboard (board or pod)
    kills: int = 0      # intruders they killed (their attack, their card or item)
    eggs: int = 0       # eggs they destroyed
    light: int = 0      # light wounds taken (armour stops none of these)
    serious: int = 0    # serious wound cards drawn
    explored: int = 0   # rooms they explored
    crafted: int = 0    # items they crafted


@dataclass(slots=True, kw_only=True)
class Hero:
    """One player's character."""

    seat: str
    character: str
    room: str
    place: Place = "board"
    pod: str | None = None          # the pod waited in (place "pod") or left in: "A".."C", "A1"..
    # action card ids and contamination ids ("c:<id>")
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    # normal item ids (secret; colours public)
    inventory: list[str] = field(default_factory=list)
    hands: list[Held] = field(default_factory=list)          # at most 2 slots
    light: int = 0                  # light wounds 0..2
    serious: list[WoundCard] = field(default_factory=list)
    larva: bool = False
    slime: bool = False
    signal: bool = False
    knowledge: int = 1
    archive_used: bool = False
    passed: bool = False
    actions_taken: int = 0
    fire_hurt: bool = False          # took fire damage after passing this round
    armor_used: bool = False         # Body Armor already ignored a light wound this round
    tracker_used: bool = False       # Motion Tracker already peeked this round
    objectives: list[str] = field(default_factory=list)
    contingencies: list[str] = field(default_factory=list)
    quest_active: bool = False
    visited_sections: list[int] = field(default_factory=list)
    killed_intruder: bool = False
    tally: Tally = field(default_factory=Tally)


@dataclass(slots=True, kw_only=True)
class Intruder:
    id: int
    kind: Literal["larva", "creeper", "adult", "breeder", "queen"]
    room: str
    injuries: int = 0
    token: str | None = None  # the intruder token drawn for it (set aside), if any

    @property
    def named(self) -> str:
        """Its kind and injuries in words: "adult", "adult with 1 injury"."""
        if self.injuries == 0:
            return self.kind
        return f"{self.kind} with {plural(self.injuries, 'injury', 'injuries')}"


@dataclass(slots=True, kw_only=True, frozen=True)
class RoomState:
    """One room space. Frozen: the copy of the state a move works on shares every room
    with the state before it, and a change replaces the room (`change_room`)."""

    slot: str
    tile: str | None = None          # room tile id (hidden while unexplored)
    explored: bool = False
    token: str | None = None         # exploration token effect (hidden until explored)
    token_items: int = 0
    items: int = 0                   # searches left
    fire: bool = False
    malfunction: bool = False
    objects: tuple[str, ...] = ()    # "egg", "carcass", "corpse_<seat>"
    venting: bool = False


@dataclass(slots=True, kw_only=True)
class Pin:
    """A card of a shared deck whose place a seat knows: on top (`Memory.top`: nothing
    is ever put on a shared deck, so a card seen there stays on top until drawn), or
    `depth` cards above the bottom (`Memory.bottom`)."""

    deck: str
    card: str
    depth: int = 0


def _pins(value: Any) -> Any:
    """Saves from before `Pin` wrote "<deck>:<card>" (depth unknown: taken as 0)."""
    if not isinstance(value, list):
        return value
    return [Pin(deck=v.partition(":")[0], card=v.partition(":")[2])
            if isinstance(v, str) else v for v in value]


Pins = Annotated[list[Pin], BeforeValidator(_pins)]


@dataclass(slots=True, kw_only=True)
class Memory:
    """What one seat looked at in secret that its view does not show, kept for the
    copies a computer player decides from (rules.nemesis.determinize); written by
    rules.nemesis.memory."""

    # its own contamination cards ("c:<id>") it scanned and found INFECTED
    infected: list[str] = field(default_factory=list)
    # a shared deck's card it saw on top (a peek), or saw go under the deck
    top: Pins = field(default_factory=list)
    bottom: Pins = field(default_factory=list)
    # the game's own (Lockdown: a CSS token, another player's objectives, a contingency)
    facts: dict[str, str] = field(default_factory=dict)


def change_room(rooms: dict[str, RoomState], slot: str, **changes: Any) -> RoomState:
    """Replace room `slot` by a copy with these fields changed; the new room."""
    room = rooms[slot] = replace(rooms[slot], **changes)
    return room


def add_object(rooms: dict[str, RoomState], slot: str, obj: str) -> None:
    """Leave an object (egg, carcass, corpse) in a room."""
    change_room(rooms, slot, objects=(*rooms[slot].objects, obj))


def take_object(rooms: dict[str, RoomState], slot: str, obj: str) -> bool:
    """Take one `obj` out of a room; False when the room has none."""
    objects = list(rooms[slot].objects)
    if obj not in objects:
        return False
    objects.remove(obj)
    change_room(rooms, slot, objects=tuple(objects))
    return True




class FamilyState(EngineState):
    """The fields a Nemesis game's state begins with, in this order (a game's JSON keeps
    it: its state class narrows `ruleset` and `options` in place and adds its own fields
    after these)."""

    ruleset: str
    version: int = 0
    seed: int
    rng: Rng
    options: BaseModel
    seats: list[str]
    heroes: dict[str, Hero] = {}
    rooms: dict[str, RoomState]
    doors: dict[str, Literal["closed", "destroyed"]] = {}  # corridors without open doors
    noise: list[str] = []                                   # corridors with a noise marker
    tech_noise: bool = False                                # the technical corridors' space
    # seat -> what it looked at in secret (written in JSON only once someone has)
    memory: dict[str, Memory] = {}
    if TYPE_CHECKING:  # a game's state declares it last (its JSON keeps that order)
        winners: list[str] | None  # after the victory check

    @property
    def over(self) -> bool:
        return self.winners is not None

    @model_serializer(mode="wrap")
    def _without_empty_memory(self, handler: SerializerFunctionWrapHandler,
                              info: SerializationInfo) -> dict[str, Any]:
        """In JSON an empty `memory` is not written: a game in which nobody looked at a
        secret dumps exactly the JSON it did before the field existed (recorded games
        replay identically). A Python dump keeps every field."""
        out: dict[str, Any] = handler(self)
        if info.mode_is_json() and not out.get("memory", True):
            del out["memory"]
        return out
