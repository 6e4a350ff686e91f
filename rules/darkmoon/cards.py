"""Dark Moon content models: what a card, a die or a track is, validated at load.

Effects are composed from the primitives below; `rules/darkmoon/effects.py` gives each
primitive its meaning. Card texts live in the TOML files of `content/`, in our words.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, model_validator

DamageKind = Literal["shield", "outpost", "fatigue"]
ActionName = Literal[
    "repair_shield", "repair_life_support", "repair_outpost", "call_vote", "lone_wolf",
    "issue_order", "reveal", "evacuation_vote",
]
FailureSymbol = Literal["minus1", "any_plus", "minus2", "any_minus"]
Who = Literal["active", "commander", "all_hidden", "all_uninfected_screens", "everyone"]
Chooser = Literal["active", "commander"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ---------------------------------------------------------------- effect primitives
class Damage(_Model):
    """Place damage tokens. kind 'choice' lets the chooser pick each token's kind.
    lethal None = the context default (events stop before an infected win, tasks and
    final events do not)."""

    do: Literal["damage"]
    kind: DamageKind | Literal["choice"]
    count: int = Field(1, ge=1, le=6)
    chooser: Chooser = "active"
    lethal: bool | None = None
    shield_test: bool = Field(
        True, description="test the shield after placing shield tokens; false when a "
        "test_shield effect follows explicitly")


class Repair(_Model):
    """Remove damage tokens; kind 'choice' lets the chooser pick."""

    do: Literal["repair"]
    kind: DamageKind | Literal["choice"]
    count: int = Field(1, ge=1, le=6)
    chooser: Chooser = "commander"


class ClearDamage(_Model):
    """Every token of the listed damage kinds leaves the board (nobody chooses)."""

    do: Literal["clear_damage"]
    kinds: tuple[DamageKind, ...] = Field(min_length=1)


class ClearOneKind(_Model):
    """The chooser may remove every token of one damage kind (or none)."""

    do: Literal["clear_one_kind"]
    chooser: Chooser = "commander"


class TestShield(_Model):
    do: Literal["test_shield"]


class DieToken(_Model):
    """A +1 / -1 die token changing the die limit of the players named by `who`."""

    do: Literal["die_token"]
    who: Who
    delta: int = Field(ge=-2, le=2)


class RetrieveAll(_Model):
    """Every player with an uninfected screen retrieves dice up to their full limit."""

    do: Literal["retrieve_all"]


class CommanderDecree(_Model):
    """The commander quarantines or releases one player with no vote."""

    do: Literal["commander_decree"]


class ForcedVote(_Model):
    """A quarantine/release vote on a player the chooser names (Research Lab ignored)."""

    do: Literal["forced_vote"]
    chooser: Chooser = "active"


class Suspicion(_Model):
    do: Literal["suspicion"]
    delta: int = Field(ge=-3, le=3)


class ReshuffleDamage(_Model):
    """Outpost and fatigue tokens on the board go back and the same number is redrawn."""

    do: Literal["reshuffle_damage"]


class EventCube(_Model):
    """Add event cubes; final_allowed lets them go on the final event early."""

    do: Literal["event_cube"]
    count: int = Field(1, ge=1, le=3)
    final_allowed: bool = False


class RemoveEventCube(_Model):
    do: Literal["remove_event_cube"]
    count: int = Field(1, ge=1, le=3)


class DiscardDice(_Model):
    """Players named by `who` discard dice from behind their screen (their choice of kind
    when kind is 'any')."""

    do: Literal["discard_dice"]
    who: Who
    count: int = Field(1, ge=1, le=4)
    kind: Literal["strong", "weak", "any"] = "any"


class Demoralize(_Model):
    """Players with uninfected screens swap held strong dice for available weak dice."""

    do: Literal["demoralize"]
    limit: int = Field(99, ge=1)


class CommanderTrial(_Model):
    """Final check: the commander shows their status; infected or fatigued = infected win."""

    do: Literal["commander_trial"]


Effect = Annotated[
    Damage | Repair | ClearDamage | ClearOneKind | TestShield | DieToken | RetrieveAll
    | CommanderDecree | ForcedVote | Suspicion | ReshuffleDamage | EventCube | RemoveEventCube
    | DiscardDice | Demoralize | CommanderTrial,
    Field(discriminator="do"),
]


# ---------------------------------------------------------------- persistent modifiers
class During(_Model):
    """Rules that hold while an event is the current event."""

    blocked_actions: tuple[ActionName, ...] = ()
    repair_weak_only: bool = False
    strong_reserve_per_player: int = Field(0, ge=0, le=2)
    difficulty_delta: int = Field(0, ge=-3, le=3)
    out_dice_delta: int = Field(0, ge=-2, le=1)
    votes_cost_dice: bool = False
    all_tasks_suspicious: bool = False
    lone_wolf_single_die: bool = False


# ---------------------------------------------------------------- cards
class DieFaces(_Model):
    strong: tuple[int, int, int, int, int, int]
    weak: tuple[int, int, int, int, int, int]
    commander: tuple[int, int, int, int, int, int]


class Board(_Model):
    dice: DieFaces
    shield_symbols: tuple[FailureSymbol, ...] = Field(min_length=6, max_length=6)
    suspicion_spaces: int = Field(ge=2, le=8)
    strong_per_player: int = 2
    weak_per_player: int = 2
    events_before_final: int = 3


AbilityKind = Literal[
    "extra_out_die", "reroll_once", "repair_extra_die", "lone_wolf_extra_die",
    "task_draw_extra", "order_bonus", "free_swap", "suspicion_relief",
]
ExpansionAbilityKind = Literal["corporate_insider"]


class Character(_Model):
    id: str
    name: str
    ability: AbilityKind | ExpansionAbilityKind
    text: str
    fatigue_token: bool = Field(
        True, description="the character has a fatigue token (the expansion's new "
        "character has none)")


class Status(_Model):
    id: str
    name: str
    infected: bool
    text: str
    power: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _infected_have_power(self) -> Status:
        if self.infected != bool(self.power):
            raise ValueError(f"{self.id}: infected cards need a power, others none")
        return self


class Outpost(_Model):
    id: str
    name: str
    blocks: ActionName | None = None
    text: str


class Event(_Model):
    id: str
    name: str
    cubes: int = Field(ge=1, le=6)
    text: str
    at_start: tuple[Effect, ...] = ()
    during: During = During()
    on_complete: tuple[Effect, ...] = ()


class Option(_Model):
    label: str
    effects: tuple[Effect, ...] = ()
    success: bool


class Malfunction(_Model):
    kind: Literal["malfunction"]
    id: str
    name: str
    system: Literal["outpost", "life_support", "shield", "unknown"]
    difficulty: int = Field(ge=1, le=20)
    consequence: int = Field(ge=1, le=4)
    suspicious: bool = False


class Complication(_Model):
    """mode: choose = the active player picks an option; trust = a player the active
    player names accepts (target_effects + active_effects, success) or refuses; vote = a
    quarantine/release vote on a named player, success when the vote quarantines;
    appoint = the active player names a new commander (self allowed) or refuses;
    volunteer = in turn order each player with an uninfected screen may volunteer, the
    first volunteer takes target_effects and is quarantined (success)."""

    kind: Literal["complication"]
    id: str
    name: str
    mode: Literal["choose", "trust", "vote", "appoint", "volunteer"]
    text: str
    options: tuple[Option, ...] = ()
    target_effects: tuple[Effect, ...] = ()
    active_effects: tuple[Effect, ...] = ()
    on_failure: tuple[Effect, ...] = ()
    suspicious: bool = False
    min_players: int = 3

    @model_validator(mode="after")
    def _choose_has_options(self) -> Complication:
        if (self.mode == "choose") != bool(self.options):
            raise ValueError(f"{self.id}: options are for mode 'choose' only, and needed there")
        return self


Task = Annotated[Malfunction | Complication, Field(discriminator="kind")]


class HelpTopic(_Model):
    id: str
    title: str
    text: str


class EvacuationFailure(_Model):
    """The card shuffled into the final event's task deck while evacuation is on."""

    id: str
    name: str
    text: str


class ExpansionDeck(_Model):
    """One expansion task deck: the core deck of the same colour, plus `extra` cards,
    with the cards listed in `evacuate` carrying the EVACUATE mark."""

    evacuate: tuple[str, ...]
    extra: tuple[Task, ...] = ()
    failure: EvacuationFailure


class ExpansionBoard(_Model):
    corporation_die: tuple[int, int, int, int, int, int]
    corporation_dice: int = Field(3, ge=2, description="yellow dice in the box")
    corporation_roll: int = Field(2, ge=1, description="dice the active player rolls")
    evacuation_spaces: int = Field(ge=2, le=8)
    fatigue_pool: int = Field(6, ge=6)
    clearance_board: dict[int, int]

    @model_validator(mode="after")
    def _every_count(self) -> ExpansionBoard:
        if set(self.clearance_board) != {3, 4, 5, 6, 7}:
            raise ValueError("clearance_board needs a size for 3 to 7 players")
        if self.corporation_roll >= self.corporation_dice:
            raise ValueError("the new character rolls one corporation die more")
        return self


class Expansion(_Model):
    """The Shadow Corporation expansion (option `expansion`)."""

    board: ExpansionBoard
    characters: tuple[Character, ...]
    statuses: tuple[Status, ...]
    outposts: tuple[Outpost, ...]
    events: tuple[Event, ...]
    final_events: tuple[Event, ...]
    silver: ExpansionDeck
    black: ExpansionDeck


Requirement = Literal["act_recklessly", "isolate_specimen", "retrieve_sample", "exposure"]


class Threat(_Model):
    """A threat card of the Threats module: `copies` cards in the deck, `tokens` threat
    tokens of its kind next to the board."""

    id: Requirement
    name: str
    copies: int = Field(ge=1)
    tokens: int = Field(ge=1)
    text: str


class Modules(_Model):
    """The expansion's optional modules: Threats and Company Man."""

    wild_tokens: int = Field(ge=0)
    threats: tuple[Threat, ...]
    company_man_statuses: tuple[Status, ...]
    company_man: str

    @model_validator(mode="after")
    def _company_man_deck(self) -> Modules:
        ids = [x.id for x in self.company_man_statuses]
        if self.company_man not in ids or any(x.infected for x in self.company_man_statuses):
            raise ValueError("the Company Man module adds uninfected cards, the Company "
                             "Man among them")
        if len({t.id for t in self.threats}) != len(self.threats):
            raise ValueError("one entry per threat")
        return self


class Content(_Model):
    board: Board
    characters: tuple[Character, ...]
    statuses: tuple[Status, ...]
    outposts: tuple[Outpost, ...]
    events: tuple[Event, ...]
    final_events: tuple[Event, ...]
    silver_tasks: tuple[Task, ...]
    black_tasks: tuple[Task, ...]
    help: tuple[HelpTopic, ...]
    expansion: Expansion
    modules: Modules

    @model_validator(mode="after")
    def _evacuate_cards_exist(self) -> Content:
        for deck, core in ((self.expansion.silver, self.silver_tasks),
                           (self.expansion.black, self.black_tasks)):
            ids = {t.id for t in core + deck.extra}
            missing = set(deck.evacuate) - ids
            if missing:
                raise ValueError(f"EVACUATE cards not in their deck: {sorted(missing)}")
        return self


CONTENT_DIR = Path(__file__).parent / "content"
_FILES = {
    "board": "board.toml",
    "characters": "characters.toml",
    "statuses": "statuses.toml",
    "outposts": "outposts.toml",
    "events": "events.toml",
    "final_events": "final_events.toml",
    "silver_tasks": "tasks_silver.toml",
    "black_tasks": "tasks_black.toml",
    "help": "help.toml",
}
# the expansion's files: each holds tables merged into the one `expansion` section
_EXPANSION_FILES = ("expansion_board.toml", "expansion_cards.toml", "expansion_tasks.toml")
_MODULES_FILE = "expansion_modules.toml"  # the Threats and Company Man modules


def read_content(directory: Path = CONTENT_DIR) -> Content:
    """Parse and validate every content file (each holds one table/array named as its key)."""
    data: dict[str, object] = {}
    for key, filename in _FILES.items():
        with (directory / filename).open("rb") as fh:
            parsed = tomllib.load(fh)
        if key not in parsed:
            raise ValueError(f"{filename} must define '{key}'")
        data[key] = parsed[key]
    expansion: dict[str, object] = {}
    for filename in _EXPANSION_FILES:
        with (directory / filename).open("rb") as fh:
            expansion.update(tomllib.load(fh))
    data["expansion"] = expansion
    with (directory / _MODULES_FILE).open("rb") as fh:
        data["modules"] = tomllib.load(fh)
    content = Content.model_validate(data)
    _check_unique_ids(content)
    return content


class _Identified(Protocol):
    """A piece of content with an id (a card, a character, a help topic...)."""

    @property
    def id(self) -> str: ...


def _check_unique_ids(content: Content) -> None:
    x = content.expansion
    groups: dict[str, Sequence[_Identified]] = {
        "characters": content.characters + x.characters,
        "statuses": content.statuses + x.statuses + content.modules.company_man_statuses,
        "outposts": content.outposts + x.outposts,
        "events": content.events + content.final_events + x.events + x.final_events,
        "tasks": content.silver_tasks + content.black_tasks, "help": content.help,
    }
    for name, items in groups.items():
        ids = [item.id for item in items]
        dupes = {i for i in ids if ids.count(i) > 1}
        if dupes and name != "tasks":
            raise ValueError(f"duplicate {name} ids: {sorted(dupes)}")
    for deck in (content.silver_tasks + x.silver.extra, content.black_tasks + x.black.extra):
        ids = [t.id for t in deck]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate task ids inside one deck")


@cache
def content() -> Content:
    """The shipped content, loaded once per process."""
    return read_content()


class Index:
    """Content looked up by id (built once; content is immutable). The expansion's
    cards are looked up with the core ones: their ids never clash."""

    def __init__(self, c: Content) -> None:
        x = c.expansion
        self.events = {e.id: e for e in c.events + c.final_events + x.events + x.final_events}
        self.outposts = {o.id: o for o in c.outposts + x.outposts}
        self.characters = {ch.id: ch for ch in c.characters + x.characters}
        self.statuses = {st.id: st for st in
                         c.statuses + x.statuses + c.modules.company_man_statuses}
        # looked up by the requirement a state holds (a str)
        self.threats: dict[str, Threat] = {t.id: t for t in c.modules.threats}
        self.silver = {t.id: t for t in c.silver_tasks + x.silver.extra}
        self.black = {t.id: t for t in c.black_tasks + x.black.extra}
        self.evacuate = {"silver": frozenset(x.silver.evacuate),
                         "black": frozenset(x.black.evacuate)}
        self.failures = {x.silver.failure.id: x.silver.failure,
                         x.black.failure.id: x.black.failure}


@cache
def index() -> Index:
    return Index(content())
