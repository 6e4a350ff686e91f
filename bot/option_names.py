"""Game options in words ("Task deck: black", "Turn timer: 5 min") for the lobby and
anywhere else the bot shows them. Labels come from a table, else from the field's
description in the ruleset's Options model."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError


def _final_event(value: Any) -> str:
    if not value:
        return "random"
    from rules.darkmoon.cards import content

    names = {e.id: e.name for e in content().final_events}
    return names.get(str(value), str(value))


def _minutes(value: Any) -> str:
    return f"{value} min" if value else "off"


LABELS: dict[str, str] = {
    "final_event": "Final event",
    "task_deck": "Task deck",
    "turn_timeout_minutes": "Turn timer",
    "mode": "Mode",
    "board": "Board",
    "expansion": "Shadow Corporation expansion",
    "threats": "Threats module",
    "company_man": "Company Man module",
    "expensive_voting": "Expensive Voting",
    "first_is_last": "First Is Last",
    "flimsy_quarantine": "Flimsy Quarantine",
    "telepathic_infected": "Telepathic Infected",
    "deadly_events": "Deadly Events",
    "no_more_complications": "No More Complications",
    "nerfed_reveal": "Nerfed Reveal",
    "safe_orders": "Safe Orders",
    "fatigued_infected": "Fatigued Infected",
    "costly_actions": "Costly Actions",
    "nemesis_characters": "Original Nemesis characters",
    "nemesis_intruders": "Original Nemesis intruders",
}
VALUES: dict[str, Callable[[Any], str]] = {
    "final_event": _final_event,
    "task_deck": lambda v: "by player count" if v == "auto" else str(v),
    "turn_timeout_minutes": _minutes,
    "mode": lambda v: {"semi_coop": "semi-cooperative", "coop": "fully cooperative",
                       "solo": "solo"}.get(str(v), str(v).replace("_", " ")),
    "board": lambda v: {"basic": "basic side", "mars": "Mars surface side"}.get(
        str(v), str(v).replace("_", " ")),
}
# `/game new` choices of a Literal option (names up to 100 characters), by key and value;
# a value without one shows as in the lobby.
CHOICE_NAMES: dict[str, dict[str, str]] = {
    "mode": {"semi_coop": "Semi-cooperative (each for themselves, secret objectives)",
             "coop": "Fully cooperative (shared public objectives)",
             "solo": "Solo (exactly 1 player)"},
    "board": {"basic": "Basic side (the underground facility)",
              "mars": "Mars surface side (buildings, crossroads, rover)"},
    "nerfed_reveal": {"off": "Off (infection powers as usual)",
                      "normal": "Normal (no second use of the infection power)",
                      "extreme": "Extreme (no infection power at all)"},
}
# One line under the lobby's options saying what a chosen value means for the game.
NOTES: dict[str, dict[str, str]] = {
    "expansion": {
        "True": "Shadow Corporation: corporation dice on every malfunction, amputation "
                "votes, and an evacuation ship that ends the game if it takes off.",
    },
    # Dark Moon's modules (they need the expansion) and variant rules
    "threats": {"True": "Threats: after refueling everyone gets a secret company threat to "
                        "fulfil once on their own turn; an unfulfilled one at a final-event "
                        "ending hands the infected the win."},
    "company_man": {"True": "Company Man: one of 8 uninfected cards is the Company Man, who "
                            "wins alone if an infected player loses an arm or leaves on the "
                            "ship."},
    "expensive_voting": {"True": "Expensive Voting: every die used in a vote goes to the "
                                 "pool."},
    "first_is_last": {"True": "First Is Last: in a malfunction the active player chooses "
                              "and rolls last."},
    "flimsy_quarantine": {"True": "Flimsy Quarantine: quarantined players still draw and "
                                  "play tasks."},
    "telepathic_infected": {"True": "Telepathic Infected (5-7 players): the infected know "
                                    "each other from the start."},
    "deadly_events": {"True": "Deadly Events: tokens from a completed event can end the "
                              "game."},
    "no_more_complications": {"True": "No More Complications: once every infected player is "
                                      "revealed, only malfunctions are drawn."},
    "nerfed_reveal": {"normal": "Nerfed Reveal (normal): no roll for a second use of the "
                                "infection power.",
                      "extreme": "Nerfed Reveal (extreme): revealing triggers no infection "
                                 "power."},
    "safe_orders": {"True": "Safe Orders: a player following an order may not reveal."},
    "fatigued_infected": {"True": "Fatigued Infected: revealed infected players submit a "
                                  "single die in malfunctions."},
    "costly_actions": {"True": "Costly Actions: every infected action costs a die first."},
    "mode": {
        "semi_coop": "Semi-cooperative: 1-5 players, everyone works for their own secret "
                     "objective and only some may win.",
        "coop": "Fully cooperative: 1-5 players, one public objective per player; the team "
                "wins if every objective is met and someone survives.",
        "solo": "Solo: exactly 1 player, who keeps 1 of 2 solo objectives at the first "
                "encounter; rooms hold half the items.",
    },
    "nemesis_characters": {
        "True": "Original Nemesis characters: each draft card may instead be played as the "
                "original character of its colour (Captain, Pilot, Mechanic, Scientist, "
                "Soldier, Scout): a Nemesis survivor starting in isolation with 3 knowledge, "
                "its original action deck (the Pilot keeps the Survivor's), no starting item "
                "and the draft card's quest."},
    "nemesis_intruders": {
        "True": "Original Nemesis intruders: their tokens in the bag and their attack deck "
                "instead of the night stalkers'; 5 eggs and 3 of their weakness cards face "
                "down (no fire or phosphate card), and a discovered weakness helps everyone "
                "whatever their knowledge."},
    "board": {
        "basic": "Basic side: the facility's three underground sections.",
        "mars": "Mars surface side: buildings joined by crossroads and paths, a rover, "
                "the surface die and deck, and a walk to the bunker in an Enviro-Suit.",
    },
}


# The lobby's two Dark Moon menus (the host ticks what is on): option keys in menu order,
# and one line (at most 100 characters, Discord's limit) under each entry.
MODULE_OPTIONS = ("expansion", "threats", "company_man")
VARIANT_OPTIONS = ("expensive_voting", "first_is_last", "flimsy_quarantine",
                   "telepathic_infected", "deadly_events", "no_more_complications",
                   "nerfed_reveal:normal", "nerfed_reveal:extreme", "safe_orders",
                   "fatigued_infected", "costly_actions")
# The Nemesis: Lockdown lobby's menu: the original Nemesis characters and intruders
# (LD-XOVER-1)
CROSSOVER_OPTIONS = ("nemesis_characters", "nemesis_intruders")
# lobby menu (the custom id's part) -> its entries
MENU_ENTRIES: dict[str, tuple[str, ...]] = {
    "modules": MODULE_OPTIONS, "variants": VARIANT_OPTIONS, "crossover": CROSSOVER_OPTIONS}
# a ruleset's lobby menus
LOBBY_MENUS: dict[str, tuple[str, ...]] = {"darkmoon": ("modules", "variants"),
                                           "lockdown": ("crossover",)}
MENU_LINES: dict[str, str] = {
    "expansion": "Corporation dice, amputation votes and an evacuation ship that can end "
                 "the game.",
    "threats": "Secret company threats to fulfil once on your turn (needs the expansion).",
    "company_man": "One uninfected card is the Company Man, who wins alone (needs the "
                   "expansion).",
    "expensive_voting": "Every die used in a vote goes to the pool.",
    "first_is_last": "In a malfunction the active player chooses and rolls last.",
    "flimsy_quarantine": "Quarantined players still draw and play tasks.",
    "telepathic_infected": "5-7 players: the infected know each other from the start.",
    "deadly_events": "Tokens from a completed event can end the game.",
    "no_more_complications": "Once every infected player is revealed, only malfunctions "
                             "are drawn.",
    "nerfed_reveal:normal": "No roll for a second use of the infection power.",
    "nerfed_reveal:extreme": "Revealing triggers no infection power at all.",
    "safe_orders": "A player following an order may not reveal.",
    "fatigued_infected": "Revealed infected players submit a single die in malfunctions.",
    "costly_actions": "Every infected action costs a die first.",
    "nemesis_characters": "Each draft card may be played as the original character of its "
                          "colour.",
    "nemesis_intruders": "The original intruders' tokens, attacks and weaknesses replace "
                         "the night stalkers'.",
}


def menu_label(entry: str) -> str:
    """"threats" -> "Threats module"; "nerfed_reveal:extreme" -> "Nerfed Reveal
    (extreme)"."""
    key, _, level = entry.partition(":")
    return LABELS[key] + (f" ({level})" if level else "")


def menu_chosen(options: dict[str, Any], entries: tuple[str, ...]) -> list[str]:
    """The entries of a menu that the options turn on."""
    out = []
    for entry in entries:
        key, _, level = entry.partition(":")
        value = options.get(key, False)
        if (level and value == level) or (not level and value is True):
            out.append(entry)
    return out


def menu_options(chosen: list[str], entries: tuple[str, ...]) -> dict[str, Any]:
    """The option values a menu's ticked entries mean (every entry of the menu set)."""
    out: dict[str, Any] = {}
    for entry in entries:
        key, _, level = entry.partition(":")
        if level:
            out.setdefault(key, "off")
            if entry in chosen:
                out[key] = level
        else:
            out[key] = entry in chosen
    return out


def _label(key: str, description: str | None) -> str:
    if key in LABELS:
        return LABELS[key]
    if description:
        first = description.split(";")[0].split(",")[0].strip()
        return first[:1].upper() + first[1:]
    return key.replace("_", " ").capitalize()


def _value(key: str, value: Any) -> str:
    if key in VALUES:
        return VALUES[key](value)
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None or value == "":
        return "none"
    return str(value).replace("_", " ")


def describe_options(ruleset: str, options: dict[str, Any], *,
                     chosen_only: bool = False) -> list[str]:
    """One "Label: value" line per option of the ruleset's Options model, defaults
    included, in the model's order; keys the model does not know are left out. With
    `chosen_only`, the menus' modules and variants appear only when on."""
    from rules import get_ruleset

    model: type[BaseModel] = get_ruleset(ruleset).Options
    fields = model.model_fields
    try:
        values = model.model_validate(
            {k: v for k, v in options.items() if k in fields}).model_dump()
    except ValidationError:
        values = {k: options.get(k, f.default) for k, f in fields.items()}
    toggles = {e.partition(":")[0]
               for e in MODULE_OPTIONS + VARIANT_OPTIONS + CROSSOVER_OPTIONS}
    return [f"{_label(key, field.description)}: {_value(key, values.get(key))}"
            for key, field in fields.items()
            if not (chosen_only and key in toggles and values.get(key) in (False, "off"))]


def choice_name(key: str, value: Any) -> str:
    """The name of one value of a Literal option in `/game new` ("Solo (exactly 1
    player)"), else the value as the lobby shows it, capitalised."""
    named = CHOICE_NAMES.get(key, {}).get(str(value))
    if named:
        return named
    text = _value(key, value)
    return text[:1].upper() + text[1:]


def option_notes(ruleset: str, options: dict[str, Any]) -> list[str]:
    """One line per chosen value that has a note (the mode, the board side), defaults
    included, in the model's order: what the choice means for the game."""
    from rules import get_ruleset

    fields = get_ruleset(ruleset).Options.model_fields
    out = []
    for key, field in fields.items():
        note = NOTES.get(key, {}).get(str(options.get(key, field.default)))
        if note:
            out.append(note)
    return out
