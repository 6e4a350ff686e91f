"""A Dark Moon player's live private sheet: status card and power, team, character,
dice behind the screen, die limit, the current roll, the cards being chosen between
(with their texts) and the secret vote. Edited in place by the bot; under 1,500
characters whatever the cards."""

from __future__ import annotations

from typing import Any

from rules.darkmoon.actions import dice_text, die_code_text
from rules.darkmoon.cards import index
from rules.darkmoon.words import clip, event_text, status_power, task_of, task_text

LIMIT = 1500
_VOTES = {"strong": "UNINFECTED (strong die)", "weak": "INFECTED (weak die)",
          "abstain": "abstain"}


def sheet(view: Any, me: Any) -> str:
    idx = index()
    seat = next((s for s in view.seats if s.seat == view.viewer), None)
    revealed = seat is not None and seat.revealed
    lines = [_status_line(me, revealed)]
    power = status_power(me.status)
    lines.append(f"Power: {power}" if power else clip(idx.statuses[me.status].text, 160))
    if seat is not None and not revealed:
        character = idx.characters[seat.character]
        off = " **Fatigued: ability off.**" if seat.fatigued else ""
        lines.append(f"Character: **{character.name}**: {clip(character.text, 220)}{off}")
    held = me.held
    dice = dice_text(held.strong, held.weak)
    if held.commander:
        dice += " + the commander die"
    limit = ""
    if seat is not None:
        limit = f" Die limit {seat.die_limit}" + (" (quarantined)." if seat.quarantined
                                                  else ".")
    lines.append(f"Behind your screen: {dice}.{limit}")
    if me.rolled:
        lines.append("Your roll: " + ", ".join(die_code_text(c) for c in me.rolled) + ".")
    if me.choosing:
        lines.append("You are choosing between:")
        lines.extend(f"• {_card(view, c)}" for c in me.choosing)
    if me.my_vote:
        lines.append(f"Your secret vote: {_VOTES.get(me.my_vote, me.my_vote)}.")
    return clip("\n".join(lines), LIMIT)


def _status_line(me: Any, revealed: bool) -> str:
    name = index().statuses[me.status].name
    if not me.infected:
        return f"Status card: **{name}**: you are **UNINFECTED**, on the crew's side."
    if revealed:
        return f"Status card: **{name}**: you are **INFECTED**, revealed to all."
    return f"Status card: **{name}**: you are **INFECTED**. Nobody knows yet."


def _card(view: Any, card_id: str) -> str:
    """A card being chosen (an event or a task) with its text."""
    idx = index()
    if card_id in idx.events:
        name, text = event_text(card_id).split(": ", 1)
        return f"**{name}**: {clip(text, 230)}"
    card = task_of(view.task_deck_name, card_id)
    return f"**{card.name}**: {clip(task_text(card, _difficulty_delta(view)), 230)}"


def _difficulty_delta(view: Any) -> int:
    event = view.final_event if view.final_started else view.event
    return index().events[event.id].during.difficulty_delta if event is not None else 0
