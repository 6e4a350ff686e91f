"""Every move a Dark Moon player can make, with its key and its label."""

from __future__ import annotations

from functools import cache
from typing import ClassVar, Literal

from rules.core.actions import ActionCodec, KeyedAction, seat_ref
from rules.darkmoon.cards import content
from rules.darkmoon.state import Area

AREA_NAMES = {"shield": "the shield", "outpost": "an outpost", "life_support": "life support"}
DICE_NAMES = {"S": "strong", "W": "weak", "C": "commander"}


def dice_text(strong: int, weak: int, commander: int | bool = 0) -> str:
    parts = []
    if strong:
        parts.append(f"{strong} strong")
    if weak:
        parts.append(f"{weak} weak")
    if commander:
        parts.append("the commander die")
    return " + ".join(parts) if parts else "no dice"


def face_text(face: int) -> str:
    """A die face as players read it: "+2", "0", "-1"."""
    return f"{face:+d}" if face else "0"


@cache
def die_code_text(code: str) -> str:
    face = int(code[1:])
    return f"{DICE_NAMES[code[0]]} {face:+d}"


def card_name(card_id: str) -> str:
    return content_names().get(card_id, card_id)


_NAMES: dict[str, str] = {}


def content_names() -> dict[str, str]:
    if not _NAMES:
        c = content()
        x = c.expansion
        for group in (c.characters, c.statuses, c.outposts, c.events, c.final_events,
                      c.silver_tasks, c.black_tasks, x.characters, x.statuses, x.outposts,
                      x.events, x.final_events, x.silver.extra, x.black.extra,
                      (x.silver.failure, x.black.failure), c.modules.company_man_statuses,
                      c.modules.threats):
            for item in group:
                _NAMES[item.id] = item.name
    return _NAMES


class DarkMoonAction(KeyedAction):
    """A Dark Moon move (every action class of the game derives from it)."""


class Retrieve(DarkMoonAction):
    kind = "retrieve"
    strong: int
    weak: int
    commander: bool = False
    swap: bool = False

    @property
    def label(self) -> str:
        text = f"Retrieve {dice_text(self.strong, self.weak, self.commander)}"
        return text + (" and swap a weak die for a strong one" if self.swap else "")


class Repair(DarkMoonAction):
    kind = "repair"
    area: Area

    @property
    def label(self) -> str:
        return f"Repair {AREA_NAMES[self.area]}"


class CallVote(DarkMoonAction):
    kind = "call_vote"
    target: str

    @property
    def label(self) -> str:
        return f"Call a vote on {seat_ref(self.target)}"


class LoneWolf(DarkMoonAction):
    kind = "lone_wolf"

    @property
    def label(self) -> str:
        return "Lone wolf: try to add an event cube alone"


class IssueOrder(DarkMoonAction):
    kind = "order"
    target: str

    @property
    def label(self) -> str:
        return f"Issue an order to {seat_ref(self.target)}"


class Reveal(DarkMoonAction):
    kind = "reveal"

    @property
    def label(self) -> str:
        return "Reveal yourself as infected"


class Interference(DarkMoonAction):
    kind = "interference"

    @property
    def label(self) -> str:
        return "Interference: look at the top 3 tasks"


class EnergySpike(DarkMoonAction):
    kind = "energy_spike"

    @property
    def label(self) -> str:
        return "Energy spike: stress the shield"


class Sabotage(DarkMoonAction):
    kind = "sabotage"
    area: Area

    @property
    def label(self) -> str:
        return f"Sabotage {AREA_NAMES[self.area]}"


class TestCommander(DarkMoonAction):
    kind = "test_commander"

    @property
    def label(self) -> str:
        return "Test the commander"


class Demoralize(DarkMoonAction):
    kind = "demoralize"

    @property
    def label(self) -> str:
        return "Demoralize: swap the crew's strong dice for weak ones"


class EndOrder(DarkMoonAction):
    kind = "end_order"

    @property
    def label(self) -> str:
        return "Stop following the order"


class OrderAnswer(DarkMoonAction):
    kind = "order_answer"
    choice: Literal["retrieve", "actions", "decline"]

    @property
    def label(self) -> str:
        return {"retrieve": "Follow the order: retrieve dice",
                "actions": "Follow the order: take up to 2 actions",
                "decline": "Ignore the order"}[self.choice]


class _HeldDice(DarkMoonAction):
    """A choice of dice from behind one's own screen, one letter per die (S strong,
    W weak, C the commander die; strong first): shown as a multi-select of dice."""

    dice: tuple[Literal["S", "W", "C"], ...]
    tuple_fields: ClassVar[frozenset[str]] = frozenset({"dice"})
    subset_field: ClassVar[str | None] = "dice"

    @property
    def strong(self) -> int:
        return self.dice.count("S")

    @property
    def weak(self) -> int:
        return self.dice.count("W")

    @property
    def commander(self) -> bool:
        return "C" in self.dice


def held_dice(strong: int, weak: int, commander: int | bool = 0) -> tuple[str, ...]:
    return ("S",) * strong + ("W",) * weak + ("C",) * int(commander)


class Roll(_HeldDice):
    kind = "roll"

    @property
    def label(self) -> str:
        return f"Roll {dice_text(self.strong, self.weak, self.commander)}"


class Submit(DarkMoonAction):
    kind = "submit"
    dice: tuple[str, ...]
    tuple_fields: ClassVar[frozenset[str]] = frozenset({"dice"})
    subset_field: ClassVar[str | None] = "dice"

    @property
    def label(self) -> str:
        return "Submit " + ", ".join(die_code_text(c) for c in self.dice)


class Reroll(DarkMoonAction):
    kind = "reroll"

    @property
    def label(self) -> str:
        return "Reroll all these dice (once)"


class StopRolling(DarkMoonAction):
    kind = "stop"

    @property
    def label(self) -> str:
        return "Stop rolling"


class Vote(DarkMoonAction):
    kind = "vote"
    choice: Literal["strong", "weak", "abstain"]

    @property
    def label(self) -> str:
        return _VOTE_LABELS[self.choice]


# (read on every vote cast)
_VOTE_LABELS = {"strong": "Vote UNINFECTED (strong die)", "weak": "Vote INFECTED (weak die)",
                "abstain": "Abstain"}


class TieBreak(DarkMoonAction):
    kind = "tie_break"
    quarantine: bool

    @property
    def label(self) -> str:
        return "Break the tie: quarantine" if self.quarantine else "Break the tie: free"


class KeepTask(DarkMoonAction):
    kind = "keep_task"
    card: str

    @property
    def label(self) -> str:
        return f"Play task: {card_name(self.card)}"


class PickSystem(DarkMoonAction):
    kind = "system"
    system: Literal["outpost", "life_support", "shield"]

    @property
    def label(self) -> str:
        names = {"outpost": "the outposts", "life_support": "life support",
                 "shield": "the shield"}
        return f"The malfunction hits {names[self.system]}"


class GoIn(DarkMoonAction):
    kind = "in"

    @property
    def label(self) -> str:
        return "IN: roll dice for this task"


class GoOut(DarkMoonAction):
    kind = "out"
    strong: int
    weak: int

    @property
    def label(self) -> str:
        return f"OUT: pass and take {dice_text(self.strong, self.weak)}"


class PickOption(DarkMoonAction):
    kind = "option"
    card: str
    index: int

    @property
    def label(self) -> str:
        for deck in (content().silver_tasks, content().black_tasks):
            for task in deck:
                if task.id == self.card and task.kind == "complication":
                    return task.options[self.index].label
        return f"Option {self.index + 1}"


class NameTarget(DarkMoonAction):
    kind = "name"
    target: str

    @property
    def label(self) -> str:
        return f"Choose {seat_ref(self.target)}"


class Answer(DarkMoonAction):
    kind = "answer"
    yes: bool

    @property
    def label(self) -> str:
        return "Yes" if self.yes else "No"


class PlaceDamage(DarkMoonAction):
    kind = "damage"
    damage: Literal["shield", "outpost", "fatigue"]

    @property
    def label(self) -> str:
        return {"shield": "Place a shield token", "outpost": "Draw an outpost token",
                "fatigue": "Draw a fatigue token"}[self.damage]


class RemoveToken(DarkMoonAction):
    kind = "remove"
    token: str

    @property
    def label(self) -> str:
        if self.token == "none":
            return "Remove nothing"
        if self.token == "shield":
            return "Remove a shield token"
        return f"Remove the {card_name(self.token)} token"


class KeepEvent(DarkMoonAction):
    kind = "keep_event"
    event: str

    @property
    def label(self) -> str:
        return f"Keep event: {card_name(self.event)}"


class Discard(_HeldDice):
    kind = "discard"

    @property
    def label(self) -> str:
        return f"Return {dice_text(self.strong, self.weak)} to the pool"


class TestDie(DarkMoonAction):
    kind = "test_die"
    die: Literal["strong", "weak", "commander"]

    @property
    def label(self) -> str:
        return f"Test the shield with a {self.die} die"


class Decree(DarkMoonAction):
    kind = "decree"
    target: str
    quarantine: bool

    @property
    def label(self) -> str:
        verb = "Quarantine" if self.quarantine else "Release"
        return f"{verb} {seat_ref(self.target)}"


class ClearKind(DarkMoonAction):
    kind = "clear_kind"
    damage: Literal["shield", "outpost", "fatigue", "none"]

    @property
    def label(self) -> str:
        if self.damage == "none":
            return "Remove nothing"
        return f"Remove every {self.damage} token"


@cache
def task_codes() -> tuple[str, ...]:
    """Every task id (both decks) in a fixed order: short numbers for action keys. The
    expansion's cards come after the core ones, so core codes never change."""
    c = content()
    core = sorted({t.id for t in c.silver_tasks + c.black_tasks})
    extra = sorted({t.id for t in c.expansion.silver.extra + c.expansion.black.extra})
    return tuple(core + [x for x in extra if x not in core])


def task_code(card_id: str) -> int:
    return task_codes().index(card_id)


class ReturnTasks(DarkMoonAction):
    """Interference: the tasks (by task code) to put back on top, top card first."""

    kind = "return_tasks"
    cards: tuple[int, ...]
    tuple_fields: ClassVar[frozenset[str]] = frozenset({"cards"})

    @property
    def card_ids(self) -> list[str]:
        return [task_codes()[code] for code in self.cards]

    @property
    def label(self) -> str:
        if not self.cards:
            return "Discard all three"
        return "Put back on top: " + " then ".join(card_name(c) for c in self.card_ids)


ALL_ACTIONS: list[type[DarkMoonAction]] = [
    Retrieve, Repair, CallVote, LoneWolf, IssueOrder, Reveal, Interference, EnergySpike,
    Sabotage, TestCommander, Demoralize, EndOrder, OrderAnswer, Roll, Submit, Reroll,
    StopRolling, Vote, TieBreak, KeepTask, PickSystem, GoIn, GoOut, PickOption, NameTarget,
    Answer, PlaceDamage, RemoveToken, KeepEvent, Discard, TestDie, Decree, ClearKind,
    ReturnTasks,
]


class Decline(DarkMoonAction):
    kind = "decline"

    @property
    def label(self) -> str:
        return "Refuse (the task fails)"


# ------------------------------------------------------------------ the expansion
class CallAmputation(DarkMoonAction):
    kind = "amputate"
    target: str

    @property
    def label(self) -> str:
        return f"Call an amputation vote on {seat_ref(self.target)}"


class CallClearance(DarkMoonAction):
    kind = "clearance"
    target: str

    @property
    def label(self) -> str:
        return f"Call a clearance vote on {seat_ref(self.target)}"


class CallTakeoff(DarkMoonAction):
    kind = "takeoff"

    @property
    def label(self) -> str:
        return "Call a take-off vote"


class CorpSubmit(DarkMoonAction):
    kind = "corp_submit"
    face: int

    @property
    def label(self) -> str:
        return f"Submit the corporation die showing {face_text(self.face)}"


class VoteOrder(DarkMoonAction):
    kind = "vote_order"
    first: Literal["quarantine", "evacuation"]

    @property
    def label(self) -> str:
        return ("Quarantine vote first" if self.first == "quarantine"
                else "Evacuation vote first")


ALL_ACTIONS.append(Decline)
# the core game's actions are ALL_ACTIONS; these only come up with the expansion option
EXPANSION_ACTIONS: list[type[DarkMoonAction]] = [
    CallAmputation, CallClearance, CallTakeoff, CorpSubmit, VoteOrder]


# ------------------------------------------------------------------ modules
class ClaimThreat(DarkMoonAction):
    """Threats module: take the token of the requirement just fulfilled, or not."""

    kind = "threat_claim"
    claim: bool

    @property
    def label(self) -> str:
        return "Take the threat token" if self.claim else "Take no threat token"


class ShowStatus(DarkMoonAction):
    """Threats module (Exposure): show your status card to one other player."""

    kind = "show_status"
    target: str

    @property
    def label(self) -> str:
        return f"Show your status card to {seat_ref(self.target)}"


class NoAction(DarkMoonAction):
    """Threats module: a turn with no action available but Exposure's offer (showing
    the status card is never forced)."""

    kind = "no_action"

    @property
    def label(self) -> str:
        return "Take no action this turn"


# only come up with the Threats module
MODULE_ACTIONS: list[type[DarkMoonAction]] = [ClaimThreat, ShowStatus, NoAction]
CODEC = ActionCodec(ALL_ACTIONS + EXPANSION_ACTIONS + MODULE_ACTIONS)


@cache
def per_target(kind: type[CallVote | IssueOrder | CallAmputation | CallClearance],
               targets: tuple[str, ...]) -> tuple[DarkMoonAction, ...]:
    """One action of `kind` per target, in order (the same few lists come up on every
    turn, so each is built once)."""
    return tuple(kind(target=t) for t in targets)
