"""What a seat is asked right now, in words (kept cheap: called for every prompt)."""

from __future__ import annotations

from rules.core.words import plural
from rules.nemesis.discards import discard_words
from rules.nemesis.places import intruders_in
from rules.nemesis_original.describe import source_name
from rules.nemesis_original.state import (
    DiscardFrame,
    DraftFrame,
    GameState,
    InterruptFrame,
    ObjectiveFrame,
    PayFrame,
    PickFrame,
    PodFrame,
    ShotFrame,
    TradeFrame,
    TurnFrame,
)

STEP_PROMPTS = {
    "overfull": "Your hands are full (arm wound): choose what to drop",
    "heavy": "Your hands are full: drop something, tape it, or leave the new thing",
    "keep_item": "Keep one of the two items (the other goes under its deck)",
    "course": "Choose the space to set the course for",
    "engine": "You know the engine's status now: leave it, or switch it",
    "pod": "Choose the escape pod to sit in",
    "recharge": "Choose the energy weapon to recharge",
    "flood": "Choose the room to flood",
    "research": "Choose the object to research",
    "storage": "Choose the item deck to rummage through (draw 2, keep 1)",
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
    if isinstance(f, TurnFrame):
        hero = s.heroes[seat]
        text = f"Your turn (round {s.round}): action {min(2, hero.actions_taken + 1)} of 2 " \
            "— take an action or pass"
        present = intruders_in(s, hero.room)
        if present:
            text += f" (in combat: {plural(len(present), 'intruder')} in your room)"
        return text
    if isinstance(f, PayFrame):
        return f"Pay: discard {plural(f.cost, 'action card')}"
    if isinstance(f, DiscardFrame):
        return discard_words(f, source_name(f.source))[0]
    if isinstance(f, PickFrame):
        return _pick(f)
    if isinstance(f, PodFrame):
        return f"You sit in escape pod {s.heroes[seat].pod}: wait, launch, or climb out"
    if isinstance(f, InterruptFrame):
        return "An intruder attacks you: play an interrupt card or take the attack"
    if isinstance(f, ShotFrame):
        return f"You rolled {f.face.replace('_', ' ')}: discard an action card for a " \
            "stronger hit?"
    if isinstance(f, TradeFrame):
        from rules.nemesis.trade import trade_prompt

        return trade_prompt(s, f, seat)
    if isinstance(f, DraftFrame):
        names = s.rules.characters
        return "Choose your character: " + " or ".join(names[c].name for c in f.offered)
    if isinstance(f, ObjectiveFrame):
        return "First encounter: keep one of your two objectives (the other is discarded " \
            "in secret)"
    return "Your decision"
