"""What a seat is asked right now, in words (kept cheap: called for every prompt)."""

from __future__ import annotations

from rules.nemesis.discards import discard_words
from rules.nemesis.frames import DiscardFrame, DraftFrame, InterruptFrame, PayFrame, PickFrame
from rules.nemesis.prompts import STEP_PROMPTS as FAMILY_STEPS
from rules.nemesis.prompts import family_prompt, interrupt_question
from rules.nemesis_original.describe import pay_words, source_name
from rules.nemesis_original.state import GameState, PodFrame

STEP_PROMPTS = {
    **FAMILY_STEPS,
    "course": "Choose the space to set the course for",
    "engine": "You know the engine's status now: leave it, or switch it",
    "pod": "Choose the escape pod to sit in",
    "recharge": "Choose the energy weapon to recharge",
    "flood": "Choose the room to flood",
    "research": "Choose the object to research",
    "airlock": "Choose the room whose airlock to prime",
    "doors": "Choose a room and whether to open or close its doors",
    "hatch": "Choose the escape pod to lock or unlock",
    "monitor": "Choose the unexplored room to watch",
}


def _pick(f: PickFrame) -> str:
    if f.purpose == "room":
        return "Choose a room"
    if f.purpose == "intruder":
        return "Choose the intruder"
    if f.purpose == "color":
        return "Choose the item deck to draw from"
    if f.purpose == "move":
        return "Choose where to move"
    if f.purpose == "noise_corridor":
        return "Moving carefully: choose the corridor for your noise marker"
    return STEP_PROMPTS.get(f.tag.split(":")[0], "Make a choice")


def prompt_text(s: GameState, seat: str) -> str:
    if not s.stack:
        return ""
    f = s.stack[-1]
    if isinstance(f, PayFrame):
        return pay_words(f)
    if isinstance(f, DiscardFrame):
        return discard_words(f, source_name(f.source))[0]
    if isinstance(f, PickFrame):
        return _pick(f)
    if isinstance(f, PodFrame):
        return f"You sit in escape pod {s.heroes[seat].pod}: wait, launch, or climb out"
    if isinstance(f, InterruptFrame):
        attacker = next((i for i in s.intruders if i.id == f.attacker), None)
        what = f"The {attacker.named}" if attacker else "An intruder"
        return f"{what} attacks you: {interrupt_question(s, seat)}"
    if isinstance(f, DraftFrame):
        names = s.rules.characters
        return "Choose your character: " + " or ".join(names[c].name for c in f.offered)
    return family_prompt(s, seat, f)
