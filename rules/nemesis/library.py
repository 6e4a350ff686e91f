"""Content files of the Nemesis family (rules/nemesis/content/): card sets that both
Nemesis games load, so neither keeps a copy and no game imports the other.

- `wounds.toml`: the serious wound deck and the contamination deck (the same cards in
  Lockdown and the original game).
- `dice.toml`: the combat, advantage and noise dice (the same in both games).
- `crew.toml`: the original ship's six characters (played by the original game and
  drafted by Lockdown's crossover option, LD-XOVER-1).
- `intruders.toml`: the original intruders: their tokens and miniatures, their attack
  deck and their weakness cards (the original game's, and Lockdown's crossover option).

Each file is validated by a pydantic model here; the loaders are cached (content never
changes). Reading happens when a game first asks for its content, never at move time.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from rules.nemesis.cards import (
    AttackCard,
    Character,
    CombatDice,
    Contamination,
    IntruderToken,
    Models,
    SeriousWound,
    Weakness,
)

FAMILY_CONTENT_DIR = Path(__file__).parent / "content"


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Injuries(_M):
    """wounds.toml"""

    serious_wounds: tuple[SeriousWound, ...] = Field(min_length=1)
    contamination: tuple[Contamination, ...] = Field(min_length=1)


class Dice(_M):
    """dice.toml"""

    dice: CombatDice


class Crew(_M):
    """crew.toml"""

    characters: tuple[Character, ...] = Field(min_length=1)


class Species(_M):
    """intruders.toml: the original intruders."""

    tokens: tuple[IntruderToken, ...] = Field(min_length=1)
    models: Models
    attacks: tuple[AttackCard, ...] = Field(min_length=1)
    weaknesses: tuple[Weakness, ...] = Field(min_length=1)


def read_toml(name: str, directory: Path = FAMILY_CONTENT_DIR) -> dict[str, object]:
    with (directory / name).open("rb") as fh:
        return tomllib.load(fh)


@lru_cache(maxsize=1)
def injuries() -> Injuries:
    return Injuries.model_validate(read_toml("wounds.toml"))


@lru_cache(maxsize=1)
def dice() -> CombatDice:
    return Dice.model_validate(read_toml("dice.toml")).dice


@lru_cache(maxsize=1)
def crew() -> Crew:
    return Crew.model_validate(read_toml("crew.toml"))


@lru_cache(maxsize=1)
def species() -> Species:
    return Species.model_validate(read_toml("intruders.toml"))
