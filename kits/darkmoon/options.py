"""Dark Moon's options in words: labels, notes, the lobby's two menus (the Shadow
Corporation expansion and its modules; the variant rules) and what they refuse."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core.kit import LobbyMenu, OptionWords
from rules.darkmoon.cards import content


def _final_event(value: object) -> str:
    if not value:
        return "random"

    names = {e.id: e.name for e in content().final_events}
    return names.get(str(value), str(value))



def _final_events() -> list[tuple[str, str]]:
    return [(e.name, e.id) for e in content().final_events]


# The lobby's two menus (the host ticks what is on): option keys in menu order.
MODULE_OPTIONS = ("expansion", "threats", "company_man")
VARIANT_OPTIONS = ("expensive_voting", "first_is_last", "flimsy_quarantine",
                   "telepathic_infected", "deadly_events", "no_more_complications",
                   "nerfed_reveal:normal", "nerfed_reveal:extreme", "safe_orders",
                   "fatigued_infected", "costly_actions")
MODULE_NAMES = {"threats": "Threats", "company_man": "Company Man"}


def menu_problem(values: Sequence[str]) -> str | None:
    """What is wrong with a menu's ticked entries, in words (None when fine)."""
    modules = [v for v in values if v in MODULE_NAMES]
    if modules and "expansion" not in values:
        names = " and ".join(MODULE_NAMES[m] for m in modules)
        need = "need" if len(modules) > 1 else "needs"
        return (f"The {names} module{'s' if len(modules) > 1 else ''} {need} the Shadow "
                "Corporation expansion: tick **Shadow Corporation expansion** in the same "
                "menu too.")
    if "nerfed_reveal:normal" in values and "nerfed_reveal:extreme" in values:
        return ("Nerfed Reveal has one level at a time: tick either **normal** or "
                "**extreme**, not both.")
    return None


def start_problem(options: Mapping[str, object], players: int) -> str | None:
    """A variant the seated players cannot start, in words (None when fine)."""
    if not options.get("telepathic_infected") or players >= 5:
        return None
    return (f"Telepathic Infected needs 5 to 7 players and {players} "
            f"{'is' if players == 1 else 'are'} seated: wait for more players to join, or "
            "untick Telepathic Infected in the Variants menu.")


WORDS = OptionWords(
    labels={
        "final_event": "Final event",
        "task_deck": "Task deck",
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
    },
    values={"final_event": _final_event,
            "task_deck": lambda v: "by player count" if v == "auto" else str(v)},
    suggestions={"final_event": _final_events},
    new_game={"final_event": "final event id (random if empty)",
              "task_deck": "task deck override"},
    choice_names={
        "nerfed_reveal": {"off": "Off (infection powers as usual)",
                          "normal": "Normal (no second use of the infection power)",
                          "extreme": "Extreme (no infection power at all)"},
    },
    notes={
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
    },
    menus=(LobbyMenu("modules", "Expansion and modules: none on (the host ticks them here)",
                     MODULE_OPTIONS, "choose the expansion, modules and variants"),
           LobbyMenu("variants", "Variants: none on (the host ticks them here)",
                     VARIANT_OPTIONS, "choose the expansion, modules and variants")),
    menu_lines={
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
    },
    lobby_note=("The host turns on the Shadow Corporation expansion, its modules and "
                "the variant rules with the two menus below (`/rules expansion`, "
                "`/rules <variant name>`)."),
    menu_problem=menu_problem,
    start_problem=start_problem,
)
