"""Lockdown's options in words: the mode, the board side, and the lobby's menu that
brings in the original Nemesis characters and intruders (LD-XOVER-1)."""

from __future__ import annotations

from rules.core.kit import LobbyMenu, OptionWords

CROSSOVER_OPTIONS = ("nemesis_characters", "nemesis_intruders")

WORDS = OptionWords(
    labels={
        "mode": "Mode",
        "board": "Board",
        "nemesis_characters": "Original Nemesis characters",
        "nemesis_intruders": "Original Nemesis intruders",
    },
    values={
        "mode": lambda v: {"semi_coop": "semi-cooperative", "coop": "fully cooperative",
                           "solo": "solo"}.get(str(v), str(v).replace("_", " ")),
        "board": lambda v: {"basic": "basic side", "mars": "Mars surface side"}.get(
            str(v), str(v).replace("_", " ")),
    },
    new_game={"mode": "game mode", "board": "board side"},
    choice_names={
        "mode": {"semi_coop": "Semi-cooperative (each for themselves, secret objectives)",
                 "coop": "Fully cooperative (shared public objectives)",
                 "solo": "Solo (exactly 1 player)"},
        "board": {"basic": "Basic side (the underground facility)",
                  "mars": "Mars surface side (buildings, crossroads, rover)"},
    },
    notes={
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
    },
    menus=(LobbyMenu("crossover", "Original Nemesis characters and intruders: none on (the "
                     "host ticks them here)", CROSSOVER_OPTIONS,
                     "bring in the original Nemesis characters and intruders"),),
    menu_lines={
    "nemesis_characters": "Each draft card may be played as the original character of its "
                          "colour.",
    "nemesis_intruders": "The original intruders' tokens, attacks and weaknesses replace "
                         "the night stalkers'.",
    },
    lobby_note=("The host may bring in the original Nemesis characters or intruders "
                "with the menu below."),
)
