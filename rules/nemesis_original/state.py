"""The original Nemesis game state: the ship, its tracks, engines, coordinates and
escape pods, decks and characters.

Pending procedures are frames on `stack` (top = last), run by rules.core.frames.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.nemesis.board import BoardGraph
from rules.nemesis.frames import FamilyFrame
from rules.nemesis.profile import Profile
from rules.nemesis.state import FamilyState, Intruder
from rules.nemesis_original.profile import PROFILES
from rules.nemesis_original.ship import ship_graph


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)

    turn_timeout_minutes: int = Field(0, ge=0, le=1440)


@dataclass(slots=True, kw_only=True)
class PodState:
    """One escape pod: its section, whether it is locked, who sits in it, and whether
    it has left the ship."""

    id: str
    section: str
    locked: bool = True
    seats: list[str] = field(default_factory=list)
    launched: bool = False


# ------------------------------------------------------------------ frames
@dataclass(slots=True, kw_only=True)
class RoundFrame:
    kind: Literal["round"] = "round"
    stage: Literal["draw", "turns", "airlock", "events", "next"] = "draw"
    last: str | None = None  # the seat whose turn came last


@dataclass(slots=True, kw_only=True)
class PodFrame:
    """A character sitting in an escape pod on their turn: wait, launch or climb out."""

    kind: Literal["pod"] = "pod"
    seat: str


@dataclass(slots=True, kw_only=True)
class EventPhaseFrame:
    kind: Literal["event_phase"] = "event_phase"
    stage: Literal["time", "attacks", "fire", "event", "bag", "round_end", "done"] = "time"


Frame = Annotated[RoundFrame | PodFrame | EventPhaseFrame | FamilyFrame,
                  Field(discriminator="kind")]


class GameState(FamilyState):
    ruleset: Literal["nemesis"] = "nemesis"
    options: Options
    intruders: list[Intruder] = []
    next_intruder: int = 1
    bag: list[str] = []             # intruder token ids (secret)
    aside: list[str] = []           # tokens drawn in encounters, set aside
    spent: list[str] = []           # set-aside tokens whose intruder left for good
    eggs: int = 5                   # eggs in the nest (on the intruder board)
    nest_found: bool = False
    nest_destroyed: bool = False
    weaknesses: list[str] = []      # 3 weakness cards: under the corpse, carcass, egg
    weaknesses_found: list[int] = []  # which of the 3 are face up
    time: int = 1                   # the time marker's space
    self_destruct: int | None = None  # the self-destruct marker's space (None: off)
    destination: str = "A"          # the destination marker's space
    coordinates: str = ""           # the coordinates card (secret)
    engines: dict[str, bool] = {}   # engine -> the top token is "working" (secret)
    pods: dict[str, PodState] = {}
    known: dict[str, dict[str, str]] = {}  # seat -> what it looked at in secret
    # seat -> the engines it looked at that another player has worked on since (public:
    # the table sees who works on which engine; what the seat saw may be out of date).
    # Games saved before it load with none.
    engines_outdated: dict[str, list[str]] = {}
    # the exploration tokens ("effect:items") turned over so far, told to the table as
    # each room was explored (exploring takes the token off the room); games saved
    # before it load with none
    explored_tokens: list[str] = []
    fires: int = 0
    malfunctions: int = 0
    decks: dict[str, list[str]] = {}     # red, yellow, green, events, attacks, ...
    discards: dict[str, list[str]] = {}
    crafted: list[str] = []              # crafted item cards still available
    removed_items: list[str] = []        # item cards out of the game
    kills: int = 0                       # intruders killed so far
    first_player: str = ""
    round: int = 1
    first_encounter: bool = False
    first_death: bool = False
    stack: list[Frame] = []
    ended: str | None = None            # why the game ended
    exploded: bool = False              # the ship was destroyed (at the end or after it)
    deaths: dict[str, str] = {}         # seat -> how that character died, in words
    winners: list[str] | None = None    # after the victory check
    survivors: list[str] = []

    @property
    def rules(self) -> Profile:
        """The original's tables and hooks for the family layer (not stored; plugged in
        by rules.nemesis_original.ruleset)."""
        return PROFILES["ship"]

    @property
    def graph(self) -> BoardGraph:
        """The ship's graph (not stored: built once)."""
        return ship_graph()
