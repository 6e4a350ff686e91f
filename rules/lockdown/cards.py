"""Nemesis: Lockdown content models (board, rooms, time track, tokens, decks) and the
loader. Shared card kinds come from rules.nemesis.cards."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from rules.nemesis import library
from rules.nemesis.board import Corridor, RoomSlot, corridor_problems
from rules.nemesis.cards import Character, FamilyContent, IntruderToken, Models, Weakness
from rules.nemesis.cards import Objective as FamilyObjective
from rules.nemesis.cards import RoomTile as FamilyTile
from rules.nemesis.effects import Effect
from rules.nemesis.library import FAMILY_CONTENT_DIR

RoomAction = Literal[
    # basic rooms (I)
    "archive", "cave_entrance", "cooling_system", "decon", "emergency", "laboratory",
    "css_a", "nest", "power_generator", "transmitter", "storage",
    # additional rooms (II)
    "css_b", "css_c", "css_control", "defense_control", "guard_room", "contaminated",
    "surgery", "testing_lab", "vent_control", "monitoring",
    # special rooms
    "isolation", "repository", "backup_power", "alert", "elevator", "staircase",
]


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ------------------------------------------------------------------ the board
class BoardMap(_M):
    name: str
    slots: tuple[RoomSlot, ...]
    corridors: tuple[Corridor, ...]
    elevator_rooms: dict[str, str]  # section ("1".."3") -> elevator room slot id
    isolation_slot: str
    repository_slot: str
    main_gate_slot: str  # the room the main gate opens from
    width: int = 1600
    height: int = 1000


class TimeSlot(_M):
    number: int = Field(ge=1, le=20)
    white: bool = False       # the isolation room opens here
    css: bool = False         # a CSS token lies here
    threshold_after: Literal[0, 1, 2] = 0  # power threshold when leaving this slot


class TimeTrack(_M):
    slots: tuple[TimeSlot, ...]   # in play order: the token starts on the first
    start: int                    # the slot number the time token starts on


# ------------------------------------------------------------------ rooms and tokens
class RoomTile(FamilyTile):
    action: RoomAction


class CssToken(_M):
    id: str
    launches: tuple[Literal["A", "B", "C"], ...]


ContingencyEffect = Literal[
    "nothing", "kill_pods", "kill_isolated", "kill_bunker", "kill_contaminated",
    "kill_low_knowledge", "kill_wounded", "kill_no_signal",
]


class ContingencyToken(_M):
    id: str
    name: str
    effect: ContingencyEffect
    text: str
    count: int = Field(1, ge=1, le=6)


class ComputerAction(_M):
    label: str
    effects: tuple[Effect, ...] = ()
    special: Literal["move_rover", "peek_css", "close_section_doors", "open_all_doors",
                     "reset_power", None] = None


class ComputerCard(_M):
    id: str
    name: str
    lockdown: bool = False
    text: str
    actions: tuple[ComputerAction, ...] = ()
    lockdown_effects: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> ComputerCard:
        if self.lockdown and not self.lockdown_effects:
            raise ValueError(f"{self.id}: the Lock-down card needs its immediate effects")
        if not self.lockdown and len(self.actions) != 3:
            raise ValueError(f"{self.id}: a computer card offers 3 actions")
        return self


ObjectiveKind = Literal[
    "player_cannot_survive", "only_survivor", "no_nemesis_survivor", "send_signal",
    "discover_weakness", "destroy_nest", "escape_by_css", "escape_to_bunker",
    "knowledge_at_least", "carry_egg_out", "no_worker_survivor", "isolate",
]


class Objective(FamilyObjective):
    kind: ObjectiveKind          # value: e.g. a knowledge threshold, or the player number


CoopObjectiveKind = Literal[
    "send_signal", "discover_weakness", "destroy_nest", "escape_by_css", "escape_to_bunker",
    "isolate", "knowledge_at_least", "carry_egg_out", "keep_power", "kills_at_least",
    "no_deaths",
]


class CoopObjective(_M):
    """A solo / fully cooperative objective (LD-MODE-1/2): a goal for the whole team,
    judged over all characters (rules/lockdown/modes.py)."""

    id: str
    deck: Literal["coop"] = "coop"
    name: str
    kind: CoopObjectiveKind
    value: int = 0
    min_players: int = Field(1, ge=1, le=5)
    text: str


class CrossoverCharacter(_M):
    """An original Nemesis character (family crew id) and the Lockdown draft card of the
    same colour, whose quest it takes (and whose deck, for the Pilot)."""

    character: str
    draft: str
    lockdown_deck: bool = False


class Crossover(_M):
    """LD-XOVER-1: how Lockdown takes in the original characters and intruders."""

    removed_weaknesses: tuple[str, ...]
    eggs: int = Field(ge=1, le=8)
    weakness_cards: int = Field(ge=1, le=6)
    characters: tuple[CrossoverCharacter, ...] = Field(min_length=1)


class HelpTopic(_M):
    id: str
    title: str
    text: str


class IntruderSetup(_M):
    tokens: tuple[IntruderToken, ...]
    models: Models
    bag_start: dict[str, int]  # kind -> tokens in the bag at setup (adults: + players)
    eggs: int = 5


class Content(FamilyContent):
    board: BoardMap
    time_track: TimeTrack
    rooms: tuple[RoomTile, ...]
    intruders: IntruderSetup
    css_tokens: tuple[CssToken, ...]
    contingencies: tuple[ContingencyToken, ...]
    computer: tuple[ComputerCard, ...]
    objectives: tuple[Objective, ...]
    coop_objectives: tuple[CoopObjective, ...] = ()
    help: tuple[HelpTopic, ...]
    crossover: Crossover

    def every_objective(self) -> tuple[Objective | CoopObjective, ...]:
        """Every objective card: the players' own and the team's (coop)."""
        return (*self.objectives, *self.coop_objectives)


CONTENT_DIR = Path(__file__).parent / "content"
FILES: dict[str, str] = {
    "board": "board.toml", "time_track": "board.toml", "rooms": "rooms.toml",
    "exploration": "tokens.toml", "intruders": "tokens.toml", "dice": "dice.toml",
    "css_tokens": "tokens.toml", "contingencies": "tokens.toml",
    "computer": "computer.toml", "objectives": "objectives.toml",
    "weaknesses": "objectives.toml", "coop_objectives": "objectives.toml",
    "items": "items.toml",
    "characters": "characters.toml", "events": "events.toml", "attacks": "attacks.toml",
    "serious_wounds": "wounds.toml", "contamination": "wounds.toml", "help": "help.toml",
    "crossover": "crossover.toml",
}
# sections read from the family's content (rules/nemesis/content): shared with the
# original Nemesis, whatever `directory` a caller passes
FAMILY_KEYS = frozenset({"serious_wounds", "contamination", "dice"})


def _file(key: str, directory: Path) -> Path:
    return (FAMILY_CONTENT_DIR if key in FAMILY_KEYS else directory) / FILES[key]


def read_content(directory: Path = CONTENT_DIR) -> Content:
    data: dict[str, object] = {}
    parsed: dict[Path, dict[str, object]] = {}
    for key in FILES:
        path = _file(key, directory)
        if path not in parsed:
            with path.open("rb") as fh:
                parsed[path] = tomllib.load(fh)
        if key not in parsed[path]:
            raise ValueError(f"{path.name} must define '{key}'")
        data[key] = parsed[path][key]
    return Content.model_validate(data)


@lru_cache(maxsize=1)
def content() -> Content:
    return read_content()


def check_references(c: Content) -> list[str]:
    """Cross-file consistency problems (empty when the content hangs together)."""
    problems: list[str] = []
    slots = {s.id: s for s in c.board.slots}
    rooms = {r.id: r for r in c.rooms}
    items = {i.id: i for i in c.items}
    for slot in c.board.slots:
        if slot.room is not None and slot.room not in rooms:
            problems.append(f"slot {slot.id}: unknown room {slot.room}")
    problems += corridor_problems(slots, c.board.corridors)
    levels = {"I": sum(1 for s in c.board.slots if s.kind == "I"),
              "II": sum(1 for s in c.board.slots if s.kind == "II")}
    for level in ("I", "II"):
        tiles = sum(r.copies for r in c.rooms if r.level == level)
        if tiles < levels[level]:
            problems.append(f"{tiles} room tiles {level} for {levels[level]} slots")
    tokens = sum(t.count for t in c.exploration)
    if tokens < levels["I"] + levels["II"]:
        problems.append(f"{tokens} exploration tokens for {levels['I'] + levels['II']} rooms")
    css_slots = sum(1 for t in c.time_track.slots if t.css)
    if len(c.css_tokens) != css_slots + 1:
        problems.append(f"{len(c.css_tokens)} CSS tokens for {css_slots} slots (need +1)")
    for ch in c.characters:
        for ref in (ch.starting_item, ch.quest.item):
            if ref is not None and ref not in items:
                problems.append(f"character {ch.id}: unknown item {ref}")
    for item in c.items:
        if item.color == "crafted":
            continue
        if item.color in ("red", "yellow", "green") and not item.provides:
            problems.append(f"item {item.id}: search items carry blue components")
    problems += crossover_problems(c)
    lockdowns = [card for card in c.computer if card.lockdown]
    if len(lockdowns) != 1:
        problems.append("the computer deck needs exactly one Lock-down card")
    for key, ids in (("events", [e.id for e in c.events]), ("attacks", [a.id for a in c.attacks]),
                     ("items", [i.id for i in c.items]), ("rooms", [r.id for r in c.rooms]),
                     ("objectives", [o.id for o in c.every_objective()])):
        if len(set(ids)) != len(ids):
            problems.append(f"duplicate ids in {key}")
    return problems


def crossover_problems(c: Content) -> list[str]:
    """The crossover names family crew, draft cards and weaknesses that exist, each
    draft card once."""
    problems: list[str] = []
    crew = {ch.id for ch in library.crew().characters}
    drafts = [x.draft for x in c.crossover.characters]
    own = {ch.id for ch in c.characters}
    for x in c.crossover.characters:
        if x.character not in crew:
            problems.append(f"crossover: unknown original character {x.character}")
        if x.draft not in own:
            problems.append(f"crossover: unknown draft card {x.draft}")
    if len(set(drafts)) != len(drafts):
        problems.append("crossover: a draft card stands for two characters")
    weaknesses = {w.id for w in library.species().weaknesses}
    for wid in c.crossover.removed_weaknesses:
        if wid not in weaknesses:
            problems.append(f"crossover: unknown weakness {wid}")
    if len(weaknesses) - len(c.crossover.removed_weaknesses) < c.crossover.weakness_cards:
        problems.append("crossover: too few weakness cards left")
    return problems


def crossover_characters(c: Content) -> tuple[Character, ...]:
    """The original characters as Lockdown plays them (LD-XOVER-1): their own ability
    and action deck (the Pilot: his draft card's Lockdown deck), no starting item, and
    the quest of the Lockdown draft card of the same colour."""
    crew = {ch.id: ch for ch in library.crew().characters}
    own = {ch.id: ch for ch in c.characters}
    out = []
    for x in c.crossover.characters:
        original, draft = crew[x.character], own[x.draft]
        out.append(original.model_copy(update={
            "starting_item": None, "quest": draft.quest,
            "deck": draft.deck if x.lockdown_deck else original.deck}))
    return tuple(out)


def crossover_weaknesses(c: Content) -> tuple[Weakness, ...]:
    """The original intruders' weakness cards left in the game by the crossover."""
    return tuple(w for w in library.species().weaknesses
                 if w.id not in c.crossover.removed_weaknesses)


def read_section(key: str, directory: Path = CONTENT_DIR) -> object:
    """Validate one content section on its own (e.g. while authoring one file)."""
    with _file(key, directory).open("rb") as fh:
        parsed = tomllib.load(fh)
    annotation = Content.model_fields[key].annotation
    if annotation is None:  # every section of Content is annotated
        raise KeyError(key)
    return TypeAdapter(annotation).validate_python(parsed[key])


class Index:
    """Content looked up by id (built once; content never changes). The tables hold the
    crossover's cards too (LD-XOVER-1: the original characters as Lockdown plays them,
    their action cards, the original intruders' attack and weakness cards), so every
    lookup works whichever options a game has; what a game deals comes from `Content`
    and the options, never from these tables."""

    def __init__(self, c: Content) -> None:
        originals = crossover_characters(c)
        species = library.species()
        self.items = {i.id: i for i in c.items}
        self.rooms = {r.id: r for r in c.rooms}
        self.characters = {ch.id: ch for ch in (*c.characters, *originals)}
        self.cards = {card.id: card for ch in (*c.characters, *originals)
                      for card in ch.deck}
        self.attacks = {a.id: a for a in (*c.attacks, *species.attacks)}
        self.events = {e.id: e for e in c.events}
        self.contamination = {x.id: x for x in c.contamination}
        self.wounds = {w.id: w for w in c.serious_wounds}
        self.objectives = {o.id: o for o in c.every_objective()}
        self.computer = {card.id: card for card in c.computer}
        self.contingencies = {t.id: t for t in c.contingencies}
        self.css = {t.id: t for t in c.css_tokens}
        self.weaknesses = {w.id: w for w in (*c.weaknesses, *species.weaknesses)}
        self.tokens = {t.kind: t for t in c.intruders.tokens}
        # the draft card each original character is chosen through
        self.draft_card = {x.character: x.draft for x in c.crossover.characters}
        self.crossover_removed = tuple(c.crossover.removed_weaknesses)


@lru_cache(maxsize=1)
def index() -> Index:
    return Index(content())
