"""What a seat is asked right now, in words (`prompt_text`): where things stand ("Your
turn (round 3): action 1 of 2") and what the choice is about ("Pay for Move to
Storage: discard 1 action card"). Called for every pending prompt, so kept cheap."""

from __future__ import annotations

from rules.lockdown.describe import discard_title, draft_words, pay_prompt, target_words
from rules.lockdown.effect_words import effects_words
from rules.lockdown.facility import room_name
from rules.lockdown.state import AgreeFrame, GameState
from rules.lockdown.table import who
from rules.nemesis.frames import DiscardFrame, DraftFrame, InterruptFrame, PayFrame, PickFrame
from rules.nemesis.prompts import STEP_PROMPTS as FAMILY_STEPS
from rules.nemesis.prompts import family_prompt, interrupt_question

STEP_PROMPTS = {
    **FAMILY_STEPS,
    "cave": "Crawl through the technical corridors: choose where to come out",
    "lab": "Choose the object to analyse",
    "toolset": "Choose the object to analyse with the toolset",
    "monitor": "You saw the next intruder event: leave it on top or send it to the bottom?",
    "check": "Choose whose objective to check",
    "css_pick": "Choose the CSS token to look at",
    "css_peek": "Choose the CSS token to peek at",
    "css_move": "Move the CSS token by one slot, or leave it",
    "defense": "Choose the room to exterminate",
    "rover_send": "Choose the exit room the rover drives to",
    "vent": "Choose the room to vent",
    "power": "Arrange the power tokens over sections 1, 2, 3 and the elevator",
    "peek": "Choose the contingency token to peek at",
    "take": "Choose the neutral contingency token to look at and keep",
    "reveal": "Choose the neutral contingency token to reveal to everyone",
}


def _pick(s: GameState, f: PickFrame) -> str:
    if f.purpose == "room":
        return f"Choose a room: {effects_words([f.effect])}" if f.effect else "Choose a room"
    if f.purpose == "intruder":
        return f"Choose the intruder: {effects_words([f.effect])}" if f.effect \
            else "Choose the intruder"
    if f.purpose == "color":
        return "Choose the item deck to draw from"
    if f.purpose == "move":
        return "Choose where to move"
    if f.purpose == "noise_corridor":
        return f"Moving carefully into {room_name(s, f.tag)}: choose the corridor for your " \
            "noise marker"
    tag = f.tag.split(":")[0]
    return STEP_PROMPTS.get(tag, "Make a choice")


def _by_frame(s: GameState, seat: str) -> str:
    f = s.stack[-1]
    if isinstance(f, PayFrame):
        return pay_prompt(s, f)
    if isinstance(f, DiscardFrame):
        title, _ = discard_title(f)
        return title
    if isinstance(f, PickFrame):
        return _pick(s, f)
    if isinstance(f, InterruptFrame):
        return f"{target_words(s, f.attacker).capitalize()} attacks you: " \
            + interrupt_question(s, seat)
    if isinstance(f, AgreeFrame):
        return f"{who(f.asker)} rides the elevator to {room_name(s, f.target)}: come along?"
    if isinstance(f, DraftFrame):
        return f"Choose your character: {draft_words(s, f)}"
    return family_prompt(s, seat, f)


def prompt_text(s: GameState, seat: str) -> str:
    """The text of `seat`'s pending prompt."""
    if not s.stack:
        return ""
    return _by_frame(s, seat)

