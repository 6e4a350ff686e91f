"""Content models shared by the Nemesis family: items, characters and their action
cards, intruder tokens, intruder event and attack cards, serious wounds,
contamination and weakness cards, room tiles, exploration tokens and objective cards.
Effects are lists of `rules.nemesis.effects`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.nemesis.effects import Effect, IntruderKind

Component = Literal["chemical", "electronic", "mechanical", "medical"]
Combat = Literal["any", "in", "out"]
ItemColor = Literal["red", "yellow", "green", "crafted", "character", "quest"]


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Weapon(_M):
    kind: Literal["classic", "energy", "melee"]
    ammo: int = Field(0, ge=0, le=8)       # loaded when it comes into play
    capacity: int = Field(0, ge=0, le=8)   # maximum ammo
    damage_bonus: int = Field(0, ge=0, le=2)  # extra injuries on a hit


class Use(_M):
    """Using an item: pay `cost` action cards, then the effects (or one option)."""

    cost: int = Field(1, ge=0, le=3)
    combat: Combat = "any"
    effects: tuple[Effect, ...] = ()
    options: tuple[tuple[Effect, ...], ...] = ()
    # an in-combat item that may also be thrown where uncarried eggs lie, as if an
    # intruder were there (004: grenades)
    at_eggs: bool = False


Passive = Literal[
    "enviro_suit",      # may reach the bunker on foot (bunker escape with a noise roll)
    "duct_tape",        # two heavy items share one hand slot
    "main_gate_key",    # an action: open the main gate
    "analyze_toolset",  # analyse a carried object anywhere (+3 knowledge, weakness)
    "armor",            # the first light wound of each round is ignored
    "motion_tracker",   # peek at the top intruder event card once per round
    "scanner",          # scan your own contamination cards as an action
]


class Item(_M):
    id: str
    name: str
    color: ItemColor
    text: str
    heavy: bool = False
    one_use: bool = False
    weapon: Weapon | None = None
    use: Use | None = None
    passive: Passive | None = None
    provides: tuple[Component, ...] = ()   # blue component symbols (craft inputs)
    requires: tuple[Component, ...] = ()   # grey symbols of a crafted item
    copies: int = Field(1, ge=1, le=4)

    @model_validator(mode="after")
    def _crafted_rules(self) -> Item:
        if self.color == "crafted" and len(self.requires) != 2:
            raise ValueError(f"{self.id}: a crafted item needs exactly 2 grey components")
        if self.color != "crafted" and self.requires:
            raise ValueError(f"{self.id}: only crafted items require components")
        return self


class ActionCard(_M):
    id: str
    name: str
    cost: int = Field(ge=0, le=3)
    combat: Combat = "any"
    text: str
    effects: tuple[Effect, ...] = ()
    options: tuple[tuple[Effect, ...], ...] = ()  # the [OR] sections
    interrupt: bool = False  # played in response to an intruder attack on you

    @model_validator(mode="after")
    def _has_effect(self) -> ActionCard:
        if not self.effects and not self.options:
            raise ValueError(f"{self.id}: an action card needs effects or options")
        return self


QuestNeed = Literal[
    "knowledge_5", "weakness_found", "nest_found", "signal_sent", "carcass_in_lab",
    "kill_intruder", "visit_all_sections", "power_restored",
]
Ability = Literal[
    "steady_aim",      # shooting in darkness uses the advantage die
    "field_medic",     # heal actions also remove 1 light wound from another character
    "scavenger",       # searching draws 2 cards, keep 1 (other to the bottom)
    "quiet_steps",     # careful movement costs 1 like a normal move
    "lab_mind",        # +1 knowledge whenever you gain knowledge from a room
    "tough",           # hand limit 6 while you have a serious wound
    "sterile",         # a melee attack on an intruder gives no contamination card
]


class Quest(_M):
    item: str          # id of the quest item card
    needs: QuestNeed
    text: str


class Character(_M):
    id: str
    name: str
    group: Literal["survivor", "worker"]  # Nemesis survivors vs facility workers
    ability: Ability
    text: str
    starting_item: str | None = None
    quest: Quest
    deck: tuple[ActionCard, ...] = Field(min_length=10, max_length=10)


class IntruderToken(_M):
    kind: IntruderKind | Literal["blank"]
    blue: int = Field(ge=0, le=6)   # surprise number when not in darkness
    red: int = Field(ge=0, le=6)    # surprise number in darkness
    count: int = Field(ge=1, le=12)  # tokens of this kind in the game


class Models(_M):
    """How many miniatures of each kind exist."""

    larva: int
    creeper: int
    adult: int
    breeder: int
    queen: int


class AttackCard(_M):
    id: str
    name: str
    hits: tuple[IntruderKind, ...] = Field(min_length=1)  # kinds whose attack lands
    blood: int = Field(ge=1, le=6)
    retreat: bool = False
    text: str
    effects: tuple[Effect, ...] = Field(min_length=1)
    dark_effects: tuple[Effect, ...] = ()  # extra, only for a target in darkness


class EventCard(_M):
    id: str
    name: str
    movers: tuple[IntruderKind, ...] = Field(min_length=1)
    corridors: tuple[int, ...] = Field(min_length=1, max_length=2)
    text: str
    effects: tuple[Effect, ...] = ()
    dark_effects: tuple[Effect, ...] = ()  # only in sections without power

    @model_validator(mode="after")
    def _corridor_numbers(self) -> EventCard:
        if any(n not in (1, 2, 3, 4) for n in self.corridors):
            raise ValueError(f"{self.id}: corridor numbers are 1-4")
        return self


WoundPenalty = Literal[
    "leg",       # movement costs 1 more action card
    "arm",       # only 1 hand slot
    "head",      # draw up to 4 cards instead of 5
    "bleeding",  # a light wound at the end of each round
    "back",      # cannot pick up heavy objects
    "eye",       # shooting always uses the combat die
    "hand",      # melee needs 1 more action card
]


class SeriousWound(_M):
    id: str
    name: str
    penalty: WoundPenalty
    text: str
    copies: int = Field(1, ge=1, le=4)


class Contamination(_M):
    id: str
    infected: bool
    copies: int = Field(1, ge=1, le=12)


WeaknessEffect = Literal[
    "fire_hurts_more",      # fire damage step: 2 injuries instead of 1
    "light_sensitive",      # shooting in a powered section: +1 injury on a hit
    "slow_breeding",        # bag development: larva and creeper tokens do nothing
    "fragile_eggs",         # every attack on eggs destroys 2
    "sound_hunters",        # noise removal also clears technical corridors
    "chemical_reaction",    # a contamination card scanned as infected gives +1 knowledge
    "short_lived",          # adults with 2+ injuries die at the end of the round
    "phosphates",           # putting a fire out injures every intruder in that room
    "soft_tissue",          # a melee hit deals 1 extra injury
    "thin_blood",           # the death check counts 1 less blood
]


class Weakness(_M):
    id: str
    name: str
    knowledge: int = Field(ge=1, le=9)  # needed to apply it
    effect: WeaknessEffect
    text: str


# miss; creeper = 1 injury to a larva or creeper; adult = 1 injury to a larva, creeper or
# adult; hit = 1 injury; hit2 = 2 injuries (1 in melee); pay_hit = discard an action card
# for 1 injury; hit_pay2 = 1 injury, or 2 by discarding an action card.
CombatFace = Literal["miss", "creeper", "adult", "hit", "hit2", "pay_hit", "hit_pay2"]


class CombatDice(_M):
    """Faces of the combat die and the advantage die (used with power)."""

    combat: tuple[CombatFace, ...] = Field(min_length=6, max_length=6)
    advantage: tuple[CombatFace, ...] = Field(min_length=6, max_length=6)
    noise: tuple[int | Literal["silence", "danger"], ...] = Field(min_length=10,
                                                                 max_length=10)


# ------------------------------------------------------------------ the board's pieces
RoomColor = Literal["red", "yellow", "green", "white", "none"]


class RoomTile(_M):
    """A room tile. Each game narrows `action` to the room actions it has."""

    id: str
    name: str
    level: Literal["I", "II", "special"]
    color: RoomColor
    computer: bool = False
    action: str
    action_cost: int = Field(2, ge=0, le=3)
    text: str
    copies: int = Field(1, ge=1, le=3)


class ExplorationToken(_M):
    effect: Literal["silence", "danger", "slime", "fire", "malfunction", "doors"]
    items: int = Field(ge=0, le=4)
    count: int = Field(1, ge=1, le=6)


class Objective(_M):
    """A corporate or personal objective card. Each game narrows `kind` to the kinds its
    victory check judges."""

    id: str
    deck: Literal["corporate", "personal"]
    name: str
    kind: str
    value: int = 0               # e.g. a number of intruders, or the player number
    min_players: int = Field(1, ge=1, le=5)
    text: str


class FamilyContent(_M):
    """The cards and tokens every Nemesis game's content holds, from its own files or
    the family's (rules.nemesis.library); a game's `Content` adds its board, its
    objectives and its intruder setup."""

    characters: tuple[Character, ...]
    items: tuple[Item, ...]
    events: tuple[EventCard, ...]
    attacks: tuple[AttackCard, ...]
    weaknesses: tuple[Weakness, ...]
    serious_wounds: tuple[SeriousWound, ...]
    contamination: tuple[Contamination, ...]
    exploration: tuple[ExplorationToken, ...]
    dice: CombatDice
