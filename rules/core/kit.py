"""A game's kit: everything a table needs of one game, in one object.

Each game package declares `KIT = GameKit(...)` beside its presentation modules
(kits/<game>/__init__.py) and names it in the `warden.games` entry-point group of its
package's pyproject.toml; `rules.registry.get_kit(name)` finds it. The bot and the
shared renderers ask the kit and never a game's modules: its rules (`ruleset`), its
board picture, text summary and private sheet, its `/rules` topics, the words for its
options and lobby. A game's computer player is not here: it is its ruleset's
`agent_profile` (pure rules code, `rules/<game>/agent.py`, searched by `rules.agents`);
the kit reaches it through `ruleset`.

This module is pure: the drawing and the words live in the game's kit package, this
type only holds them (callables and data), so it imports no Pillow and no Discord.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from rules.core.contract import Ruleset

V = TypeVar("V", bound=BaseModel)  # the game's view type (what `Ruleset.view` returns)

Names = Mapping[str, str] | None  # seat id -> display name, for pictures and summaries

# Title prefixes that make a help entry a named thing ("Room: Laboratory") rather than a
# rules topic ("Rounds and turns"); the topic list groups and ranks entries by them.
GROUPS = ("Intruder", "Board", "Character", "Status", "Outpost", "Event", "Final event",
          "Task", "Room", "Item", "Action card", "Computer card", "Intruder event",
          "Intruder attack", "Serious wound", "Weakness", "Objective", "Contingency",
          "Mars surface card", "Module", "Variant", "Threat", "Card")


@dataclass(frozen=True, slots=True)
class HelpEntry:
    """One `/rules` entry of a game."""

    key: str     # unique within its game (a content id, or id_kind when ids collide)
    title: str   # "Group: Name" for named things, a plain title for a rules topic
    text: str

    @property
    def group(self) -> str:
        """"" for a rules topic; else what the entry is ("Room", "Board", "Intruder"...)."""
        head, sep, _ = self.title.partition(": ")
        return head if sep and head in GROUPS else ""

    @property
    def name(self) -> str:
        return self.title.partition(": ")[2] if self.group else self.title


def facts(*parts: str) -> str:
    """An italic line of content facts ("red deck · 2 copies") put before an entry's
    text; empty parts are left out."""
    return "*" + " · ".join(p for p in parts if p) + "*\n"


class HelpTopic(BaseModel):
    """A rules topic as a game's help file writes it (`[[help]]` id, title, text)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    title: str
    text: str


class HelpFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    help: tuple[HelpTopic, ...]


def help_topics(text: str) -> tuple[HelpTopic, ...]:
    """The topics of a help file's TOML text (the game's package reads the file)."""
    return HelpFile.model_validate(tomllib.loads(text)).help


@dataclass(frozen=True)
class LobbyMenu:
    """A menu of the lobby where the host ticks options on ("Variants"). An entry is an
    option key (a bool option, on when ticked) or "key:level" (a Literal option set to
    that level when ticked, "off" otherwise)."""

    id: str                      # the custom id's part ("modules"); unique within the game
    placeholder: str             # the menu's grey text
    entries: tuple[str, ...]
    host_only: str               # what only the host may do ("choose the variants")


def _no_menu_problem(ticked: Sequence[str]) -> str | None:
    return None


def _no_start_problem(options: Mapping[str, object], players: int) -> str | None:
    return None


@dataclass(frozen=True)
class OptionWords:
    """A game's options in words, for the lobby, `/game new` and the command line.
    Keys missing here read from the Options model (its field descriptions)."""

    labels: Mapping[str, str] = field(default_factory=dict)  # key -> "Task deck"
    values: Mapping[str, Callable[[object], str]] = field(default_factory=dict)  # value -> words
    choice_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # /game new
    notes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # key, value -> line
    # (name, value) pairs offered while a player types a free-text option (`/game new`
    # autocomplete: Dark Moon's final event), by option key
    suggestions: Mapping[str, Callable[[], Sequence[tuple[str, str]]]] = field(
        default_factory=dict)
    # the options `/game new` takes as parameters, key -> the parameter's description
    # (the command declares one parameter per key any game names here; the rest are set
    # in the lobby's menus)
    new_game: Mapping[str, str] = field(default_factory=dict)
    menus: tuple[LobbyMenu, ...] = ()
    menu_lines: Mapping[str, str] = field(default_factory=dict)  # entry -> line under it
    lobby_note: str = ""         # a paragraph under the lobby's options
    # what is wrong with a menu's ticked entries, in words (None when fine)
    menu_problem: Callable[[Sequence[str]], str | None] = _no_menu_problem
    # what the seated players cannot start with these options, in words (None when fine)
    start_problem: Callable[[Mapping[str, object], int], str | None] = _no_start_problem

    def menu(self, menu_id: str) -> LobbyMenu | None:
        return next((m for m in self.menus if m.id == menu_id), None)

    @property
    def toggles(self) -> frozenset[str]:
        """The option keys the lobby's menus set."""
        return frozenset(e.partition(":")[0] for m in self.menus for e in m.entries)


@dataclass(frozen=True)
class GameKit(Generic[V]):
    """Everything a table needs of one game (see the module's docstring)."""

    ruleset: Ruleset
    short_title: str                        # "Dark Moon": in lists naming several games
    board: Callable[[V, Names], bytes]      # the public board as PNG bytes
    image: Callable[[V, Names], object]     # the same as a Pillow image (tests, tools)
    summary: Callable[[V, Names], str]      # the board in a few lines of text
    sheet: Callable[[V, object], str]       # a seat's private sheet: (view, view.me)
    help: Callable[[], Sequence[HelpEntry]]  # the `/rules` entries, topics first
    options: OptionWords = field(default_factory=OptionWords)
    outcome_heading: str = "winners per game:"  # the simulate report's tally heading

    @property
    def name(self) -> str:
        return self.ruleset.name

    @property
    def title(self) -> str:
        return self.ruleset.title


__all__ = ["GROUPS", "GameKit", "HelpEntry", "HelpTopic", "LobbyMenu", "Names",
           "OptionWords", "facts", "help_topics"]
