"""The prompt texts both Nemesis games word alike: a turn, a stronger-hit offer, a trade,
the first encounter's objective choice, and the step choices both games have. A game's
`prompt_text` words its own frames first and hands the rest here."""

from __future__ import annotations

from typing import Any

from rules.core.words import plural
from rules.nemesis.attacks import interrupt_cards
from rules.nemesis.frames import ObjectiveFrame, ShotFrame, TradeFrame, TurnFrame
from rules.nemesis.places import intruders_in
from rules.nemesis.profile import NemesisState
from rules.nemesis.trade import trade_prompt

# pick tags (the part before ":") of the choices both games offer
STEP_PROMPTS = {
    "overfull": "Your hands are full (arm wound): choose what to drop",
    "heavy": "Your hands are full: drop something, tape it, or leave the new thing",
    "keep_item": "Keep one of the two items (the other goes under its deck)",
    "storage": "Choose the item deck to rummage through (draw 2, keep 1)",
}


def turn_prompt(s: NemesisState, seat: str) -> str:
    hero = s.heroes[seat]
    text = f"Your turn (round {s.round}): action {min(2, hero.actions_taken + 1)} of 2 — " \
        "take an action or pass"
    present = intruders_in(s, hero.room)
    if present:
        text += f" (in combat: {plural(len(present), 'intruder')} in your room)"
    return text


def interrupt_question(s: NemesisState, seat: str) -> str:
    """What an attacked character is asked (after "The adult attacks you: "): the
    question comes whenever they hold cards, so it says when none can be played."""
    if interrupt_cards(s.rules, s.heroes[seat]):
        return "play an interrupt card or take the attack"
    return "you have no interrupt card you can pay for, take the attack"


def family_prompt(s: NemesisState, seat: str, f: Any) -> str:
    """The prompt of a family frame worded alike in both games ("Your decision" for any
    other)."""
    if isinstance(f, TurnFrame):
        return turn_prompt(s, seat)
    if isinstance(f, ShotFrame):
        return f"You rolled {f.face.replace('_', ' ')}: discard an action card for a " \
            "stronger hit?"
    if isinstance(f, TradeFrame):
        return trade_prompt(s, f, seat)
    if isinstance(f, ObjectiveFrame):
        return "First encounter: keep one of your two objectives (the other is discarded " \
            "in secret)"
    return "Your decision"
