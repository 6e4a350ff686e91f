"""Nemesis: Lockdown game state: the facility, the time track, decks and characters.

Pending procedures are frames on `stack` (top = last), run by rules.core.frames.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from rules.lockdown.board import BoardIndex, board_index
from rules.lockdown.profile import PROFILES
from rules.nemesis.frames import FamilyFrame
from rules.nemesis.profile import Profile
from rules.nemesis.state import FamilyState, Intruder


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)

    mode: Literal["semi_coop", "coop", "solo"] = Field(
        "semi_coop",
        description="game mode; semi_coop: 1-5 players, each with secret objectives and "
        "contingency tokens; coop: 1-5 players, fully cooperative, public team objectives, "
        "a revealed contingency, revival in the emergency room; solo: exactly 1 player, "
        "solo objectives (keep 1 of 2), 2 contingency tokens, half the items in each room")
    board: Literal["basic", "mars"] = Field(
        "basic",
        description="board side; basic: the research facility's three sections; mars: "
        "buildings on the Mars surface joined by crossroads and paths, a rover, the Mars "
        "surface die and deck, and a walk to the bunker in an Enviro-Suit")
    nemesis_characters: bool = Field(
        False,
        description="original Nemesis characters (LD-XOVER-1): each draft card may also be "
        "played as the original character of its colour (Captain, Pilot, Mechanic, "
        "Scientist, Soldier, Scout), a Nemesis survivor with 3 knowledge in the isolation "
        "room, the original action deck (the Pilot keeps the Lockdown one), no starting "
        "item and the draft card's Lockdown quest")
    nemesis_intruders: bool = Field(
        False,
        description="original Nemesis intruders (LD-XOVER-1): the intruders' tokens in the "
        "bag and their attack deck instead of the night stalkers', their laboratory side "
        "(5 eggs, 3 of their weakness cards face down, the fire and phosphate ones removed; "
        "a discovered weakness helps everyone whatever their knowledge)")
    turn_timeout_minutes: int = Field(0, ge=0, le=1440)

    @model_serializer(mode="wrap")
    def _without_unused_crossover(self, handler: SerializerFunctionWrapHandler,
                                  info: SerializationInfo) -> dict[str, Any]:
        """In JSON the crossover options are written only when on: a game without them
        dumps exactly the JSON it did before they existed (recorded games replay
        identically). A Python dump keeps every field."""
        out: dict[str, Any] = handler(self)
        if not info.mode_is_json():
            return out
        for key in CROSSOVER_OPTIONS:
            if not out.get(key, True):
                del out[key]
        return out


CROSSOVER_OPTIONS = ("nemesis_characters", "nemesis_intruders")


@dataclass(slots=True, kw_only=True)
class Power:
    token: int         # 1..4
    active: bool


# ------------------------------------------------------------------ frames
@dataclass(slots=True, kw_only=True)
class RoundFrame:
    kind: Literal["round"] = "round"
    stage: Literal["draw", "turns", "vent", "events", "next"] = "draw"
    last: str | None = None  # the seat whose turn came last


@dataclass(slots=True, kw_only=True)
class AgreeFrame:
    """Other characters asked to agree to ride the elevator along (a trade has its own
    TradeFrame)."""

    kind: Literal["agree"] = "agree"
    asker: str
    purpose: Literal["elevator"]
    queue: list[str]
    accepted: list[str] = field(default_factory=list)
    target: str = ""


@dataclass(slots=True, kw_only=True)
class EventPhaseFrame:
    kind: Literal["event_phase"] = "event_phase"
    stage: Literal["css", "time", "noise", "attacks", "fire", "event", "bag", "round_end",
                   "done"] = "css"


Frame = Annotated[RoundFrame | AgreeFrame | EventPhaseFrame | FamilyFrame,
                  Field(discriminator="kind")]


class GameState(FamilyState):
    ruleset: Literal["lockdown"] = "lockdown"
    options: Options
    area_noise: list[int] = []      # Mars side: surface areas (1-4) with a noise marker
    rover: str = ""                 # Mars side: the exit room the rover stands in
    intruders: list[Intruder] = []
    next_intruder: int = 1
    bag: list[str] = []             # intruder token ids, e.g. "adult3" (secret)
    aside: list[str] = []           # token ids drawn in encounters, set aside
    spent: list[str] = []           # set-aside tokens whose intruder left the board for good
    eggs: int = 5                   # eggs on the laboratory board (the nest)
    nest_found: bool = False
    nest_destroyed: bool = False
    lab_slots: list[str] = []       # objects researched, in slot order
    weaknesses: list[str] = []      # the 3 weakness cards, left to right
    weaknesses_revealed: int = 1   # the leftmost card is face up from the start
    power: dict[str, Power]         # "1".."3" sections, "elevator"
    time: int = 15
    time_active: bool = False       # the time token's blue (power restored) side
    css: dict[int, str] = {}        # time slot -> CSS token id (hidden)
    css_revealed: list[str] = []
    autodestruct: int | None = None
    autodestruct_red: bool = False
    autodestruct_gate: int | None = None  # the yellow slot: leaving it opens the gate
    alert: int | None = None
    isolation_open: bool = False
    gate_open: bool = False
    rover_at_base: bool = True
    elevator_at: int = 1
    fires: int = 0
    malfunctions: int = 0
    decks: dict[str, list[str]] = {}     # red, yellow, green, events, attacks, ...
    discards: dict[str, list[str]] = {}
    crafted: list[str] = []              # crafted item cards still available
    removed_items: list[str] = []        # item cards out of the game (a dead hero's)
    kills: int = 0                       # intruders killed so far
    power_switched_on: bool = False      # an inactive power token was turned back on
    computer: list[str] = []             # computer deck, top card first (face up)
    active_contingency: str = ""
    neutral_pool: list[str] = []
    revealed_contingencies: list[str] = []  # coop: neutral tokens shown to all (public)
    first_player: str = ""
    round: int = 1
    turn_order: list[str] = []
    first_encounter: bool = False
    first_death: bool = False
    stack: list[Frame] = []
    ended: str | None = None            # why the game ended
    ended_early: bool = False           # no character was left inside: time ran out at once
    deaths: dict[str, str] = {}         # seat -> how that character died, in words
    winners: list[str] | None = None    # after the victory check
    survivors: list[str] = []

    @property
    def rules(self) -> Profile:
        """Lockdown's tables and hooks for the family layer (not stored; plugged in by
        rules.lockdown.ruleset): the original intruders' bag with the crossover option."""
        return PROFILES[self.options.nemesis_intruders]

    @property
    def graph(self) -> BoardIndex:
        """The graph of this game's board side (not stored: built once per side)."""
        return board_index(self.options.board)
