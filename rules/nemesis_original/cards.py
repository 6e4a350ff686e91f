"""The original Nemesis: card content (characters, items, events, intruder attacks,
objectives, weaknesses, serious wounds, contamination, exploration and intruder tokens,
dice), validated by pydantic, and the loader.

What Lockdown shares or borrows comes from the family's content files
(rules.nemesis.library): the serious wound and contamination decks and the dice (the
same cards in both games), the ship's crew (Lockdown drafts them with its crossover
option) and the original intruders (tokens, models, attack deck, weaknesses; Lockdown's
crossover plays them too). The rest is this game's own (rules/nemesis_original/content).
The ship's board and room tiles are the engine's (board.toml, rooms.toml)."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.nemesis import library
from rules.nemesis.cards import (
    AttackCard,
    Character,
    EventCard,
    FamilyContent,
    IntruderToken,
    Models,
    Weakness,
)
from rules.nemesis.cards import Objective as FamilyObjective
from rules.nemesis.effects import Effect, IntruderKind

CONTENT_DIR = Path(__file__).parent / "content"
# this game's own files, and the section each holds
FILES: dict[str, str] = {
    "items": "items.toml", "events": "events.toml", "objectives": "objectives.toml",
    "exploration": "tokens.toml", "intruders": "tokens.toml",
}


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class IntruderSetup(_M):
    """The intruder tokens and miniatures (the original intruders', family content),
    how the bag starts (NX-BAG-2) and the nest's eggs."""

    tokens: tuple[IntruderToken, ...] = Field(min_length=1)
    models: Models
    eggs: int = Field(ge=1, le=8)
    bag_start: dict[IntruderKind | Literal["blank"], int]
    adults_per_player: int = Field(ge=0, le=2)

    def composition(self, players: int) -> dict[str, int]:
        """Tokens of each kind in the bag at setup for this many players."""
        out: dict[str, int] = {kind: n for kind, n in self.bag_start.items()}
        out["adult"] = out.get("adult", 0) + self.adults_per_player * players
        return out


ObjectiveKind = Literal[
    "send_signal", "discover_weakness", "destroy_nest", "ship_to_earth", "engines_working",
    "self_destruct", "quarantine", "carry_egg_out", "kill_intruders",
    "player_cannot_survive", "only_survivor", "escape_by_pod", "hibernate",
]


class Objective(FamilyObjective):
    """An objective card (the kinds are explained in content/objectives.toml)."""

    kind: ObjectiveKind
    value: int = Field(0, ge=0, le=8)

    @property
    def spares_hibernation(self) -> bool:
        """The quarantine exception of the victory check's coordinates step (NE-WIN-1):
        the holder's hibernating character survives a destination other than Earth."""
        return self.kind == "quarantine"

    @model_validator(mode="after")
    def _values(self) -> Objective:
        needs_value = ("discover_weakness", "kill_intruders", "player_cannot_survive")
        if self.kind in needs_value and self.value < 1:
            raise ValueError(f"{self.id}: a {self.kind} objective needs a value")
        if self.kind == "player_cannot_survive" and self.min_players < self.value:
            raise ValueError(f"{self.id}: names player {self.value} with fewer players")
        return self


class Content(FamilyContent):
    characters: tuple[Character, ...] = Field(min_length=6)
    events: tuple[EventCard, ...] = Field(min_length=1)
    attacks: tuple[AttackCard, ...] = Field(min_length=1)
    weaknesses: tuple[Weakness, ...] = Field(min_length=3)
    objectives: tuple[Objective, ...]
    intruders: IntruderSetup


def read_own(directory: Path = CONTENT_DIR) -> dict[str, object]:
    """This game's own sections, each from its file."""
    data: dict[str, object] = {}
    parsed: dict[str, dict[str, object]] = {}
    for key, filename in FILES.items():
        if filename not in parsed:
            with (directory / filename).open("rb") as fh:
                parsed[filename] = tomllib.load(fh)
        if key not in parsed[filename]:
            raise ValueError(f"{filename} must define '{key}'")
        data[key] = parsed[filename][key]
    return data


def read_content(directory: Path = CONTENT_DIR) -> Content:
    crew, species, injuries = library.crew(), library.species(), library.injuries()
    own = read_own(directory)
    setup = own.pop("intruders")
    if not isinstance(setup, dict):
        raise ValueError(f"{FILES['intruders']}: 'intruders' must be a table")
    return Content.model_validate({
        **own,
        "intruders": {**setup, "tokens": species.tokens, "models": species.models},
        "characters": crew.characters, "attacks": species.attacks,
        "weaknesses": species.weaknesses, "serious_wounds": injuries.serious_wounds,
        "contamination": injuries.contamination, "dice": library.dice(),
    })


@lru_cache(maxsize=1)
def content() -> Content:
    return read_content()


def effects_of(c: Content) -> list[tuple[str, Effect]]:
    """Every effect in the content, with where it comes from."""
    out: list[tuple[str, Effect]] = []

    def add(where: str, effects: tuple[Effect, ...],
            options: tuple[tuple[Effect, ...], ...] = ()) -> None:
        out.extend((where, e) for e in effects)
        out.extend((where, e) for option in options for e in option)

    for ch in c.characters:
        for card in ch.deck:
            add(f"card {card.id}", card.effects, card.options)
    for item in c.items:
        if item.use is not None:
            add(f"item {item.id}", item.use.effects, item.use.options)
    for ev in c.events:
        add(f"event {ev.id}", ev.effects + ev.dark_effects)
    for at in c.attacks:
        add(f"attack {at.id}", at.effects + at.dark_effects)
    return out


# primitives only Lockdown gives a meaning (its own_effect hook): no card of the
# original may use them
LOCKDOWN_ONLY = frozenset({"power", "time", "signal", "knowledge"})
# passives the family layer applies by itself (the others need a game's hook)
FAMILY_PASSIVES = frozenset({"armor", "duct_tape"})


def check_references(c: Content) -> list[str]:
    """Cross-file consistency problems (empty when the content hangs together)."""
    problems: list[str] = []
    items = {i.id: i for i in c.items}
    crafted = {i.id for i in c.items if i.color == "crafted"}
    for ch in c.characters:
        if ch.starting_item is not None and (
                ch.starting_item not in items or items[ch.starting_item].color != "character"):
            problems.append(f"character {ch.id}: starting item {ch.starting_item} is not a "
                            "character item")
        if ch.quest.item not in items or items[ch.quest.item].color != "quest":
            problems.append(f"character {ch.id}: quest item {ch.quest.item} is not a quest item")
    for item in c.items:
        if item.color in ("red", "yellow", "green") and not item.provides:
            problems.append(f"item {item.id}: search items carry blue components")
        if item.passive is not None and item.passive not in FAMILY_PASSIVES:
            problems.append(f"item {item.id}: passive {item.passive} has no meaning here")
    makeable = {tuple(sorted(i.requires)) for i in c.items if i.color == "crafted"}
    provided = {comp for i in c.items for comp in i.provides}
    for pair in makeable:
        if not set(pair) <= provided:
            problems.append(f"crafted {pair}: a component no search item provides")
    for where, e in effects_of(c):
        if e.do in LOCKDOWN_ONLY:
            problems.append(f"{where}: '{e.do}' means nothing on the ship")
        if e.do == "gain_item" and e.crafted is not None and e.crafted not in crafted:
            problems.append(f"{where}: unknown crafted item {e.crafted}")
    tokens = c.intruders.tokens
    kinds = {t.kind for t in tokens}
    for kind, n in c.intruders.bag_start.items():
        have = sum(t.count for t in tokens if t.kind == kind)
        extra = c.intruders.adults_per_player * 5 if kind == "adult" else 0
        if kind not in kinds or have < n + extra:
            problems.append(f"bag: {n + extra} {kind} tokens needed, {have} exist")
    for label, ids in (
            ("characters", [ch.id for ch in c.characters]),
            ("action cards", [card.id for ch in c.characters for card in ch.deck]),
            ("items", [i.id for i in c.items]), ("events", [e.id for e in c.events]),
            ("attacks", [a.id for a in c.attacks]),
            ("objectives", [o.id for o in c.objectives]),
            ("weaknesses", [w.id for w in c.weaknesses]),
            ("weakness effects", [w.effect for w in c.weaknesses]),
            ("serious wounds", [w.id for w in c.serious_wounds]),
            ("contamination", [x.id for x in c.contamination])):
        if len(set(ids)) != len(ids):
            problems.append(f"duplicate ids in {label}")
    return problems


class Index:
    """Content looked up by id (built once; content never changes). The same tables
    the family's Profile takes (rules.nemesis.profile.Profile)."""

    def __init__(self, c: Content) -> None:
        self.characters = {ch.id: ch for ch in c.characters}
        self.cards = {card.id: card for ch in c.characters for card in ch.deck}
        self.items = {i.id: i for i in c.items}
        self.events = {e.id: e for e in c.events}
        self.attacks = {a.id: a for a in c.attacks}
        self.objectives = {o.id: o for o in c.objectives}
        self.weaknesses = {w.id: w for w in c.weaknesses}
        self.wounds = {w.id: w for w in c.serious_wounds}
        self.contamination = {x.id: x for x in c.contamination}


@lru_cache(maxsize=1)
def index() -> Index:
    return Index(content())
