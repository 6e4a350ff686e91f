"""The text of a seat's pending Dark Moon prompt: what is asked and where things stand
("Your turn: choose an action", "Task X (difficulty 6): IN or OUT?").

Prompts are public (the table message says who is waiting and for what), so a prompt
text never holds a secret: no rolled faces, no dice behind a screen, no drawn card.
The private sheet and the choices themselves show those to the seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.words import dice_count
from rules.darkmoon import describe_expansion as expansion_words
from rules.darkmoon import describe_modules as module_words
from rules.darkmoon.actions import AREA_NAMES, card_name
from rules.darkmoon.cards import content
from rules.darkmoon.damage import failure_symbol
from rules.darkmoon.in_play import current_task_frame, task_card
from rules.darkmoon.state import (
    AnswerFrame,
    ChoiceFrame,
    DamageFrame,
    DiscardFrame,
    EventPickFrame,
    GameState,
    InfectedActionFrame,
    OrderFrame,
    RepairPickFrame,
    RetrieveFrame,
    RollFrame,
    ShieldTestFrame,
    TargetFrame,
    TaskFrame,
    TurnFrame,
    VoteFrame,
)
from rules.darkmoon.table import die_limit, who
from rules.darkmoon.variants import single_die_note
from rules.darkmoon.words import SYMBOL_TEXT, plural

_TARGET = {
    "forced_vote": "Name the player to put to a quarantine vote (it cannot be blocked).",
    "decree": "Blood Testing: quarantine or release one player, without a vote.",
    "trust": "Act of Trust: name the player you ask to trust you.",
    "appoint": "Failure to Lead: name the new commander, or refuse and the task fails.",
    "task_vote": "Mandatory Quarantine: name the player to put to a quarantine vote.",
}
_CHOICE = {
    "clear_kind": "Resupply: remove every token of one kind, or none.",
    "interference": "Interference: choose the tasks to put back on top, in order; the rest "
                    "are discarded face down.",
}


def _turn(s: GameState, seat: str, f: TurnFrame) -> str:
    p = s.players[seat]
    if p.revealed:
        return f"Your turn (round {s.round}): choose an infected action."
    if p.quarantined:
        return (f"Your turn (round {s.round}), in quarantine: call a vote, issue an order or "
                "reveal.")
    return f"Your turn (round {s.round}): choose an action."


def _order(s: GameState, seat: str, f: OrderFrame) -> str:
    if f.stage == "answer":
        return (f"{who(f.giver)} orders you: retrieve up to {2 + f.bonus} dice, take up to 2 "
                "actions, or ignore the order.")
    done = 2 - f.actions_left + 1
    return f"Following {who(f.giver)}'s order: action {done} of 2, or stop."


def _roll(s: GameState, seat: str, f: RollFrame) -> str:
    if f.purpose == "repair":
        what = f"Repair {AREA_NAMES[f.target]}"
    elif f.purpose == "lone_wolf":
        what = "Lone wolf"
    elif f.purpose == "test_commander":
        what = "Commander test"
    else:
        task = current_task_frame(s)
        goal = f" of {task.difficulty}" if task is not None and task.difficulty else ""
        name = task_card(s, task.card).name if task is not None and task.card else "the task"
        what = f"Task {name} (success cube at {s.success_track}{goal})"
    if not f.rolled:
        if f.purpose == "task":
            return f"{what}: roll every die behind your screen again, or stop."
        return f"{what}: choose the dice to roll (up to {f.max_dice})."
    if f.purpose == "task":
        why = single_die_note(s, seat)
        ask = f"submit 1 die ({why})" if why else "submit 1 or more dice"
    else:
        ask = f"submit {dice_count(f.submit_count)}"
    tail = "; 1 reroll left" if f.reroll_allowed and not f.rerolled else ""
    return f"{what}: {ask} of your roll{tail}."


def _vote(s: GameState, seat: str, f: VoteFrame) -> str:
    if f.topic != "quarantine":
        return expansion_words.vote_prompt(s, seat, f)
    verb = "releasing" if f.release else "quarantining"
    if f.tie:
        return f"The vote on {verb} {who(f.target)} is tied: as commander, you decide."
    return (f"Vote on {verb} {who(f.target)}: secret. Strong die = uninfected, weak die = "
            "infected, or abstain.")


def _task(s: GameState, seat: str, f: TaskFrame) -> str:
    if f.stage == "draw":
        return f"Your task: keep 1 of {len(f.drawn)} cards; the rest are discarded face down."
    card = task_card(s, f.card)
    if f.stage == "system":
        assert card.kind == "malfunction"  # a system is picked for a malfunction only
        return (f"Task {card.name}: choose the system it hits (failure: "
                f"{plural(card.consequence, 'token')}).")
    return f"Task {card.name} (difficulty {f.difficulty}): IN or OUT?"


def _damage(s: GameState, seat: str, f: DamageFrame) -> str:
    return f"Choose the damage token to place ({f.remaining} to place)."


def _shield_test(s: GameState, seat: str, f: ShieldTestFrame) -> str:
    if f.stage == "penalty":
        return "The shield failed: place a fatigue or an outpost token."
    symbol = failure_symbol(s, content().board.shield_symbols)
    return f"Shield test: choose the die to roll (it fails on '{SYMBOL_TEXT[symbol]}')."


def _repair_pick(s: GameState, seat: str, f: RepairPickFrame) -> str:
    kind = "damage" if f.damage == "choice" else f.damage
    return f"Choose the {kind} token to remove ({f.remaining} to remove)."


def _discard(s: GameState, seat: str, f: DiscardFrame) -> str:
    why = f" ({f.reason})" if f.reason else ""
    return f"Return {dice_count(f.count)} to the available pool{why}."


def _retrieve(s: GameState, seat: str, f: RetrieveFrame) -> str:
    pool = f"from the available pool (die limit {die_limit(s, seat)})"
    if f.purpose == "turn":
        return f"Your turn (round {s.round}): retrieve dice {pool}."
    if f.purpose == "order":
        return f"Following an order: retrieve up to {dice_count(f.count)} {pool}."
    return f"The event lets you retrieve dice {pool}."


def _event_pick(s: GameState, seat: str, f: EventPickFrame) -> str:
    return "Commander: keep 1 of 2 events as the next one; the other goes to the bottom."


def _target(s: GameState, seat: str, f: TargetFrame) -> str:
    return _TARGET[f.purpose]


def _answer(s: GameState, seat: str, f: AnswerFrame) -> str:
    if f.purpose == "trust":
        return f"{who(f.asker)} asks you for an act of trust: accept?"
    if f.purpose == "volunteer":
        return "Voluntary Blood Testing: volunteer to go into quarantine?"
    return "Your die came up positive: use your infection power again?"


def _choice(s: GameState, seat: str, f: ChoiceFrame) -> str:
    if f.purpose == "complication":
        return f"{card_name(f.cards[0])}: choose an option."
    return _CHOICE[f.purpose]


def _infected_action(s: GameState, seat: str, f: InfectedActionFrame) -> str:
    return "You revealed on an order: take one infected action now."


# frame kind -> the prompt text of a frame of that kind (each function takes the frame
# class of its kind: the table can only say Any)
PROMPTS: dict[str, Callable[[GameState, str, Any], str]] = {
    "turn": _turn, "order": _order, "infected_action": _infected_action, "roll": _roll,
    "vote": _vote, "task": _task, "damage": _damage, "shield_test": _shield_test,
    "repair_pick": _repair_pick, "discard": _discard, "retrieve": _retrieve,
    "event_pick": _event_pick, "target": _target, "answer": _answer, "choice": _choice,
    **expansion_words.PROMPTS, **module_words.PROMPTS,
}


def prompt_text(s: GameState, seat: str, kind: str) -> str:
    """What `seat` is asked now (the top frame, of `kind`, waits for it)."""
    stack = s.stack
    text = PROMPTS.get(kind)
    if not stack or stack[-1].kind != kind or text is None:
        return "Your decision."
    return text(s, seat, stack[-1])
