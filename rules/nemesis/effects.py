"""Effect primitives of the Nemesis family: every card, item, room and action effect in
the content is a list of these. The engine gives each its meaning (one function per
primitive), so content never needs code.

Targets: `who` names characters relative to the effect's subject (the character who
acts, is attacked, or triggered the card); `where` names rooms.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

IntruderKind = Literal["larva", "creeper", "adult", "breeder", "queen"]
Who = Literal[
    "self",            # the subject character
    "room",            # every character in the subject's room (subject included)
    "others_in_room",  # the other characters in the subject's room
    "section",         # every character in the subject's section
    "all",             # every character still in play
    "dark",            # every character in a section without power
]
Where = Literal[
    "here",              # the subject's room
    "chosen",            # a room the subject's player chooses (see `range`)
    "random",            # a random explored room (engine RNG)
    "with_intruder",     # every room holding an intruder
    "with_character",    # every room holding a character
    "with_noise",        # every room next to a corridor with noise
    "section",           # every room of the subject's section
    "nest",              # the nest room (or nothing if not explored)
]
Range = Literal["any", "section", "neighbour", "tech"]


class _E(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Wound(_E):
    do: Literal["wound"]
    kind: Literal["light", "serious"]
    n: int = Field(1, ge=1, le=3)
    who: Who = "self"


class Contaminate(_E):
    do: Literal["contaminate"]
    n: int = Field(1, ge=1, le=3)
    who: Who = "self"


class Slime(_E):
    do: Literal["slime"]
    remove: bool = False
    who: Who = "self"


class Heal(_E):
    """light_all / light_one: remove light wounds; dress_all / dress_one: flip serious
    wound cards to their dressed side; heal_dressed: discard one dressed serious wound."""

    do: Literal["heal"]
    what: Literal["light_all", "light_one", "dress_all", "dress_one", "heal_dressed"]
    who: Who = "self"


class Knowledge(_E):
    do: Literal["knowledge"]
    n: int = Field(ge=-2, le=4)
    who: Who = "self"


class Scan(_E):
    """Scan contamination cards (hand, or hand + deck + discard). The removal rule:
    cards that are not INFECTED are removed; an INFECTED card stays and puts a larva on
    the character board (with a larva already there, the character dies and a creeper
    appears). larva_too makes it a decontamination instead: the INFECTED cards and the
    larva are removed."""

    do: Literal["scan"]
    where: Literal["hand", "everywhere"] = "hand"
    larva_too: bool = False
    who: Who = "self"


class DrawCards(_E):
    do: Literal["draw_cards"]
    n: int = Field(1, ge=1, le=3)
    who: Who = "self"


class DiscardCards(_E):
    """Discard action cards from hand (chosen by the player unless random)."""

    do: Literal["discard_cards"]
    n: int = Field(1, ge=1, le=5)
    random: bool = False
    who: Who = "self"


class NoiseRoll(_E):
    do: Literal["noise_roll"]
    who: Who = "self"


class GainItem(_E):
    """Draw an item: from a colour deck (white = the player picks the deck) or a named
    crafted item (if still available)."""

    do: Literal["gain_item"]
    color: Literal["red", "yellow", "green", "white"] | None = None
    crafted: str | None = None
    who: Who = "self"


class Reload(_E):
    do: Literal["reload"]
    n: int = Field(1, ge=1, le=5)


class DropHeavy(_E):
    do: Literal["drop_heavy"]
    who: Who = "self"


class Move(_E):
    """An extra movement of the subject (e.g. a sprint card), careful = no noise roll,
    a noise marker in a chosen corridor instead; through_tech = via the technical
    corridors to any explored room with an entrance."""

    do: Literal["move"]
    careful: bool = False
    through_tech: bool = False


class EndTurn(_E):
    """The subject passes at once (after paying)."""

    do: Literal["pass"]


class Fire(_E):
    do: Literal["fire"]
    where: Where = "here"
    remove: bool = False
    range: Range = "any"


class Malfunction(_E):
    do: Literal["malfunction"]
    where: Where = "here"
    remove: bool = False
    range: Range = "any"


class Noise(_E):
    """add: a noise marker in every corridor of the room(s) (may cause encounters);
    remove: clear noise around the room(s); tech: the technical corridors space."""

    do: Literal["noise"]
    where: Where | Literal["tech"] = "here"
    remove: bool = False


class Doors(_E):
    do: Literal["doors"]
    op: Literal["close", "open", "destroy", "reseal"]  # reseal: close, even destroyed
    where: Where = "here"
    range: Range = "any"


class Injure(_E):
    """Injure intruders: `target` one chosen (or the attacker for a defence card) or
    every intruder in the room(s)."""

    do: Literal["injure"]
    n: int = Field(1, ge=1, le=4)
    where: Where = "here"
    target: Literal["one", "all"] = "one"


class Retreat(_E):
    """Intruders in the room(s) flee through the corridor of a drawn event card."""

    do: Literal["retreat"]
    where: Where = "here"


class Spawn(_E):
    """Place an intruder of a kind (if a model is free); in a room with characters this
    is an encounter-less arrival (combat starts)."""

    do: Literal["spawn"]
    intruder: IntruderKind
    where: Where = "nest"


class Encounter(_E):
    """The subject resolves an encounter (draw from the bag)."""

    do: Literal["encounter"]


class Bag(_E):
    do: Literal["bag"]
    op: Literal["add", "remove"]
    intruder: IntruderKind | Literal["blank"]


class Eggs(_E):
    """Eggs in the nest gained or culled (`where` "nest"), or up to -n uncarried eggs
    destroyed in the subject's room (`where` "here": a grenade or a Molotov thrown at
    them, 004), followed by the noise roll of an attempt to destroy eggs."""

    do: Literal["eggs"]
    n: int = Field(ge=-2, le=2)
    where: Literal["nest", "here"] = "nest"

    @model_validator(mode="after")
    def _destroys_here(self) -> Eggs:
        if self.where == "here" and self.n >= 0:
            raise ValueError("eggs in the room can only be destroyed (n < 0)")
        return self


class Hunt(_E):
    """Intruders of these kinds not in combat move one room towards the nearest
    character (shortest corridor path, ties by lowest corridor number)."""

    do: Literal["hunt"]
    kinds: tuple[IntruderKind, ...]


class Power(_E):
    """off_highest: the active power token with the highest number goes off;
    on_lowest: the inactive one with the lowest number comes on; flip_here: the
    subject's section flips."""

    do: Literal["power"]
    op: Literal["off_highest", "on_lowest", "flip_here"]


class Time(_E):
    do: Literal["time"]
    delta: int = Field(ge=-2, le=2)


class Signal(_E):
    do: Literal["signal"]


class Engine(_E):
    """Repair or break one of the ship's engines, the subject's player choosing which
    and how (the original Nemesis's own; a game without engines leaves it out)."""

    do: Literal["engine"]


Effect = Annotated[
    Wound | Contaminate | Slime | Heal | Knowledge | Scan | DrawCards | DiscardCards
    | NoiseRoll | GainItem | Reload | DropHeavy | Move | EndTurn | Fire | Malfunction
    | Noise | Doors | Injure | Retreat | Spawn | Encounter | Bag | Eggs | Hunt | Power
    | Time | Signal | Engine,
    Field(discriminator="do"),
]
EFFECT_KINDS = (
    "wound", "contaminate", "slime", "heal", "knowledge", "scan", "draw_cards",
    "discard_cards", "noise_roll", "gain_item", "reload", "drop_heavy", "move", "pass",
    "fire", "malfunction", "noise", "doors", "injure", "retreat", "spawn", "encounter",
    "bag", "eggs", "hunt", "power", "time", "signal", "engine",
)
