"""Dark Moon game state: everything on the table and behind the screens.

The whole state is secret-bearing; only `view.py` decides what a seat may see.
Pending procedures are frames on `stack` (top = last); see `flow.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.clone import COPY_ON_WRITE
from rules.core.model import EngineState
from rules.core.rng import Rng
from rules.darkmoon.cards import DamageKind, Effect

DieKind = Literal["strong", "weak", "commander"]
Area = Literal["shield", "outpost", "life_support"]
DeckName = Literal["silver", "black"]  # the task deck a game plays with
VotePurpose = Literal["plain", "task"]
VoteTopic = Literal["quarantine", "amputation", "clearance", "takeoff"]


class Options(BaseModel):
    """Game options a group picks in the lobby."""

    model_config = ConfigDict(frozen=True)

    final_event: str | None = Field(
        None, description="id of the final event, or None for a random one")
    task_deck: Literal["auto", "silver", "black"] = Field(
        "auto", description="task deck override; auto = by player count")
    turn_timeout_minutes: int = Field(
        0, ge=0, le=1440, description="minutes before an absent player's default move")
    expansion: bool = Field(
        False, description="Shadow Corporation expansion: corporation dice, amputation, "
        "clearance and take-off votes, evacuation")
    # the expansion's optional modules (they need `expansion`)
    threats: bool = Field(
        False, description="Threats module: after refueling each player gets a secret "
        "company threat to fulfil once as the active player")
    company_man: bool = Field(
        False, description="Company Man module: one of 8 uninfected status cards is the "
        "Company Man, who plays for his own win")
    # variant rules (core game or expansion)
    expensive_voting: bool = Field(
        False, description="Expensive Voting: every die used in a vote goes to the pool")
    first_is_last: bool = Field(
        False, description="First Is Last: in a malfunction the active player chooses and "
        "rolls last")
    flimsy_quarantine: bool = Field(
        False, description="Flimsy Quarantine: quarantined players still draw and play tasks")
    telepathic_infected: bool = Field(
        False, description="Telepathic Infected: at 5-7 players the infected know each "
        "other from the start")
    deadly_events: bool = Field(
        False, description="Deadly Events: tokens from a completed event can end the game")
    no_more_complications: bool = Field(
        False, description="No More Complications: once every infected player is revealed, "
        "the task deck loses its complications")
    nerfed_reveal: Literal["off", "normal", "extreme"] = Field(
        "off", description="Nerfed Reveal: normal = no second use of the infection power, "
        "extreme = no infection power at all")
    safe_orders: bool = Field(
        False, description="Safe Orders: a player following an order may not reveal")
    fatigued_infected: bool = Field(
        False, description="Fatigued Infected: revealed infected players submit a single "
        "die in malfunctions")
    costly_actions: bool = Field(
        False, description="Costly Actions: each infected action costs the infected player "
        "a die")

    @model_validator(mode="after")
    def _modules_need_the_expansion(self) -> Options:
        names = [name for name, on in (("Threats", self.threats),
                                       ("Company Man", self.company_man)) if on]
        if names and not self.expansion:
            what = " and ".join(names) + (" modules need" if len(names) > 1 else " module needs")
            raise ValueError(f"the {what} the Shadow Corporation expansion: turn on expansion "
                             "too")
        return self


@dataclass(slots=True, kw_only=True)
class Pool:
    strong: int = 0
    weak: int = 0
    commander: int = 0

    def total(self) -> int:
        return self.strong + self.weak + self.commander

    def get(self, kind: DieKind) -> int:
        return getattr(self, kind)

    def add(self, kind: DieKind, n: int = 1) -> None:
        setattr(self, kind, getattr(self, kind) + n)

    def copy(self) -> Pool:
        return Pool(strong=self.strong, weak=self.weak, commander=self.commander)


@dataclass(slots=True, kw_only=True, frozen=True)
class Die:
    """A rolled die. A value: a state copy shares it (rolling again makes new dice)."""

    kind: DieKind
    face: int

    @property
    def code(self) -> str:
        code = _DIE_CODES.get((self.kind, self.face))
        return code if code is not None else f"{self.kind[0].upper()}{self.face}"


# every die code a face can show, built once (codes are read on every roll and submit)
_DIE_CODES = {(kind, face): f"{kind[0].upper()}{face}"
              for kind in ("strong", "weak", "commander") for face in range(-3, 4)}


@dataclass(slots=True, kw_only=True)
class Tally:
    """What a player did, counted for the recap (never a rule's input)."""

    tasks: int = 0        # tasks resolved as the active player
    tasks_ok: int = 0     # ... of which succeeded
    went_in: int = 0      # malfunctions they joined (IN)
    dice: int = 0         # dice submitted (tasks, repairs, tests)
    points: int = 0       # what their dice added to the success track
    called: int = 0       # votes they called
    voted: int = 0        # votes they cast (not abstaining)
    won: int = 0          # ... on the side that carried the vote
    quarantined: int = 0  # times placed in quarantine


@dataclass(slots=True, kw_only=True)
class Player:
    seat: str
    character: str
    status: str
    infected: bool
    revealed: bool = False
    quarantined: bool = False
    held: Pool = field(default_factory=Pool)
    die_tokens: int = 0
    participation: Literal["in", "out"] | None = None
    tally: Tally = field(default_factory=Tally)


@dataclass(slots=True, kw_only=True)
class ExpansionState:
    """The Shadow Corporation expansion's part of the table (None without the option).

    `evacuation` is False once the evacuation failure card was drawn (boards and
    clearance tokens gone). `cleared` lists the seats whose clearance token is on the
    clearance board, in the order they were cleared; `aboard` the seats that left on
    the ship. `amputated` seats hold an amputation token for good."""

    evacuation: bool = True
    cube: int = 0
    ready: bool = False
    start_player: str = ""
    cleared: list[str] = field(default_factory=list)
    amputated: list[str] = field(default_factory=list)
    aboard: list[str] = field(default_factory=list)
    failure_card: str = ""
    failure_drawn_by: str = ""
    submitted: int | None = None  # the corporation die submitted for the current task
    # seat -> the faces of the corporation dice it did not submit, in roll order (secret:
    # no view holds them; only the recap reveals them at the end)
    discarded: dict[str, list[int]] = field(default_factory=dict)
    threats: ThreatsState | None = None  # the Threats module (None when it is off)


@dataclass(slots=True, kw_only=True)
class ThreatsState:
    """The Threats module: `cards` seat -> threat card id (empty until refueling is
    over; secret), `claimed` seat -> the requirement the seat claimed (public once
    claimed), `tokens` seat -> the token taken for it (a requirement id, "wild", or ""
    when none was left), `stock` requirement id -> tokens left, `wild` wild tokens left,
    `shown` seat -> the player each seat showed its status card to (Exposure)."""

    dealt: bool = False
    cards: dict[str, str] = field(default_factory=dict)
    claimed: dict[str, str] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    stock: dict[str, int] = field(default_factory=dict)
    wild: int = 0
    shown: dict[str, str] = field(default_factory=dict)


# ------------------------------------------------------------------- frames
@dataclass(slots=True, kw_only=True)
class TurnFrame:
    """The active player's turn: retrieve, action, task, then the conditional steps."""

    kind: Literal["turn"] = "turn"
    seat: str
    stage: Literal["retrieve", "action", "task", "end"] = "retrieve"


@dataclass(slots=True, kw_only=True)
class OrderFrame:
    """An ordered player answers, then retrieves or takes up to 2 actions."""

    kind: Literal["order"] = "order"
    giver: str
    seat: str
    stage: Literal["answer", "retrieve", "actions"] = "answer"
    actions_left: int = 2
    first: bool = True
    bonus: int = 0


@dataclass(slots=True, kw_only=True)
class InfectedActionFrame:
    """A just-revealed ordered player's immediate infected action."""

    kind: Literal["infected_action"] = "infected_action"
    seat: str


@dataclass(slots=True, kw_only=True)
class RollFrame:
    """Rolling for a repair, lone wolf, test commander or a task participation."""

    kind: Literal["roll"] = "roll"
    seat: str
    purpose: Literal["repair", "lone_wolf", "task", "test_commander"]
    target: str = ""  # repair area / infected seat for test commander
    max_dice: int = 3
    submit_count: int = 1  # exact number to submit for repair/lone wolf/test commander
    rolled: list[Die] = field(default_factory=list)
    submitted: list[Die] = field(default_factory=list)
    rerolled: bool = False
    reroll_allowed: bool = False
    weak_only: bool = False
    must_roll_all: bool = False


@dataclass(slots=True, kw_only=True)
class VoteFrame:
    kind: Literal["vote"] = "vote"
    caller: str
    target: str
    release: bool
    forced: bool = False
    votes: dict[str, Literal["strong", "weak", "abstain"]] = field(default_factory=dict)
    voters: list[str] = field(default_factory=list)
    tie: bool = False
    purpose: VotePurpose = "plain"
    topic: VoteTopic = "quarantine"


@dataclass(slots=True, kw_only=True)
class TaskFrame:
    """The task in play from the draw to the end of its resolution."""

    kind: Literal["task"] = "task"
    seat: str
    stage: Literal[
        "draw", "system", "start", "participation", "rolling", "complication", "resolve",
        "complication_done", "after", "done",
    ] = "draw"
    drawn: list[str] = field(default_factory=list)
    card: str = ""
    system: Literal["outpost", "life_support", "shield", ""] = ""
    difficulty: int = 0
    order: list[str] = field(default_factory=list)
    cursor: int = 0
    success: bool | None = None
    target: str = ""


@dataclass(slots=True, kw_only=True)
class EffectsFrame:
    """Effects waiting to be applied, in order; `source` names the card for the log."""

    kind: Literal["effects"] = "effects"
    effects: list[Effect]
    active: str
    source: str
    lethal: bool
    subject: str = ""  # the player an effect with who='active' applies to
    deadly: bool = False  # Deadly Events: every token placed may end the game


@dataclass(slots=True, kw_only=True)
class DamageFrame:
    """Placing damage tokens; kind None = the chooser picks per token."""

    kind: Literal["damage"] = "damage"
    chooser: str
    remaining: int
    damage: DamageKind | None
    lethal: bool
    test_after: bool = True
    placed_shield: bool = False


@dataclass(slots=True, kw_only=True)
class ShieldTestFrame:
    kind: Literal["shield_test"] = "shield_test"
    seat: str
    stage: Literal["die", "penalty"] = "die"
    lethal: bool = True


@dataclass(slots=True, kw_only=True)
class RepairPickFrame:
    """The chooser picks the tokens to remove, one at a time."""

    kind: Literal["repair_pick"] = "repair_pick"
    chooser: str
    remaining: int
    damage: DamageKind | Literal["choice"]
    optional: bool = False


@dataclass(slots=True, kw_only=True)
class DiscardFrame:
    """A player must return dice from behind the screen to the available pool."""

    kind: Literal["discard"] = "discard"
    seat: str
    count: int
    dice_kind: Literal["strong", "weak", "any"] = "any"
    to_limit: bool = False
    reason: str = ""


@dataclass(slots=True, kw_only=True)
class EventPickFrame:
    """The commander looks at 2 events, keeps 1 and puts the other at the bottom."""

    kind: Literal["event_pick"] = "event_pick"
    chooser: str
    drawn: list[str]


@dataclass(slots=True, kw_only=True)
class TargetFrame:
    """A player names another for a forced vote, a decree, a trust, a new commander."""

    kind: Literal["target"] = "target"
    seat: str
    purpose: Literal["forced_vote", "decree", "trust", "appoint", "task_vote"]
    release_choice: bool = False


@dataclass(slots=True, kw_only=True)
class AnswerFrame:
    """A yes/no answer: trust accepted, volunteering, a second infection power."""

    kind: Literal["answer"] = "answer"
    seat: str
    purpose: Literal["trust", "volunteer", "power_again"]
    asker: str = ""
    queue: list[str] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class ChoiceFrame:
    """Picking one option of a complication, a resupply kind, a sabotage area..."""

    kind: Literal["choice"] = "choice"
    seat: str
    purpose: Literal["complication", "clear_kind", "interference"]
    cards: list[str] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class RetrieveFrame:
    """A player takes dice from the available pool up to `count` (exactly, if exact)."""

    kind: Literal["retrieve"] = "retrieve"
    seat: str
    count: int
    exact: bool = True
    purpose: Literal["turn", "order", "restore"] = "turn"


@dataclass(slots=True, kw_only=True)
class NextEventFrame:
    """After an event is completed: the next event, or the final event after 3."""

    kind: Literal["next_event"] = "next_event"


@dataclass(slots=True, kw_only=True)
class VictoryFrame:
    """Reached once the final event's completion effects are done."""

    kind: Literal["victory"] = "victory"


@dataclass(slots=True, kw_only=True)
class RevealFrame:
    kind: Literal["reveal"] = "reveal"
    seat: str
    stage: Literal["power", "roll", "finish"] = "power"
    ordered_first: bool = False
    had_quarantine: bool = False


@dataclass(slots=True, kw_only=True)
class CorporationFrame:
    """The active player secretly rolls the corporation dice and submits 1 publicly."""

    kind: Literal["corporation"] = "corporation"
    seat: str
    count: int = 2
    rolled: list[int] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class EvacuationCallFrame:
    """The evacuation cube reached its last space: the active player must call a
    clearance vote or, with the ship ready, a take-off vote."""

    kind: Literal["evacuation_call"] = "evacuation_call"
    seat: str


@dataclass(slots=True, kw_only=True)
class ThreatClaimFrame:
    """The active player just did what a threat asks: claim its token (or not)."""

    kind: Literal["threat_claim"] = "threat_claim"
    seat: str
    requirement: str


@dataclass(slots=True, kw_only=True)
class CostlyActionFrame:
    """Costly Actions: the infected action `action` (its key) is carried out once the
    die paying for it (a discard frame above this one) is in the pool."""

    kind: Literal["costly_action"] = "costly_action"
    seat: str
    action: str


@dataclass(slots=True, kw_only=True)
class VoteOrderFrame:
    """A forced quarantine vote and a forced evacuation vote fall on the same turn: the
    active player picks which comes first."""

    kind: Literal["vote_order"] = "vote_order"
    seat: str


Frame = Annotated[
    TurnFrame | OrderFrame | InfectedActionFrame | RollFrame | VoteFrame | TaskFrame
    | EffectsFrame | DamageFrame | ShieldTestFrame | RepairPickFrame | DiscardFrame
    | EventPickFrame | TargetFrame | AnswerFrame | ChoiceFrame | RevealFrame | RetrieveFrame
    | NextEventFrame | VictoryFrame | CorporationFrame | EvacuationCallFrame | VoteOrderFrame
    | ThreatClaimFrame | CostlyActionFrame,
    Field(discriminator="kind"),
]


# A list of card or token ids on the table. Copy-on-write (rules/core/clone.py): most
# moves change none of them, so a copied state shares them until one changes; change one
# through table.own_list, or give the field a new list.
Cards = Annotated[list[str], COPY_ON_WRITE]


class GameState(EngineState):
    ruleset: Literal["darkmoon"] = "darkmoon"
    version: int = 0
    seed: int
    rng: Rng
    options: Options
    seats: Annotated[list[str], COPY_ON_WRITE]  # never changes after setup
    # copy-on-write (rules/core/clone.py): change a player through table.own_player
    players: Annotated[dict[str, Player], COPY_ON_WRITE]
    commander: str | None
    commander_die: Literal["held", "available", "spent"] = "held"
    available: Pool
    spent: Pool = Pool()
    shield: int = 2
    outposts: Cards = []
    outpost_pile: Cards = []
    fatigue: Cards = []
    fatigue_pile: Cards = []
    # every fatigue token the table has seen on the board (so known to be in the mix;
    # for determinize)
    fatigue_seen: Cards = []
    sabotage: Area | None = None
    suspicion: int = 0
    suspicion_removed: bool = False
    task_deck: Cards = []
    task_discard: Cards = []
    # who saw each card of task_discard (same order): "" face up (the table saw it), else
    # the seat that discarded it face down (for determinize; empty in older saves)
    task_discard_by: Cards = []
    # the top `task_top` cards of the task deck were put back there in secret, in an
    # order only `task_top_by` knows (Interference; for determinize)
    task_top_by: str = ""
    task_top: int = 0
    task_deck_name: DeckName = "silver"
    current_task: str | None = None
    success_track: int = 0
    event_deck: Cards = []
    events_done: Cards = []
    events_passed: Cards = []  # sent to the bottom by the commander, unseen by the table (secret)
    events_passed_by: Cards = []  # the commander who sent each of events_passed (secret)
    current_event: str | None = None
    event_cubes: int = 0
    final_event: str = ""
    final_cubes: int = 0
    final_started: bool = False
    final_early_cubes: int = 0
    active: str = ""
    round: int = 1
    turns: int = 0
    stack: list[Frame] = []
    result: Literal["uninfected", "infected", "company_man"] | None = None
    result_reason: str = ""
    revealed_order: Cards = []
    # copy-on-write (rules/core/clone.py): change it through table.own_expansion
    expansion: Annotated[ExpansionState | None, COPY_ON_WRITE] = None

    @property
    def over(self) -> bool:
        return self.result is not None
