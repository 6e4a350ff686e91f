"""The end of a game of the original Nemesis in words: why it ended, who won, then
every secret: each character's fate and objective, their contamination, the engines,
the coordinates and the course."""

from __future__ import annotations

from rules.core.words import plural
from rules.nemesis.contamination import infected
from rules.nemesis.state import Hero
from rules.nemesis.tally import tally_lines
from rules.nemesis_original.cards import index
from rules.nemesis_original.endgame import SAFE_WORDS, earth_space, objective_met
from rules.nemesis_original.state import GameState
from rules.nemesis_original.table import who


def ending_words(s: GameState) -> str:
    reason = s.ended or ""
    kind, _, why = reason.partition(":")
    if kind == "explosion":
        return f"the ship exploded ({why})"
    if kind == "hyperjump":
        return "the ship jumped into hyperspace" + (
            ", then its failing engines blew it up" if s.exploded else "")
    return f"the game ended ({reason})"


def outcome_reason(s: GameState) -> str:
    return f"{ending_words(s)}; {len(s.survivors)} of {len(s.seats)} characters survived"


def fate(s: GameState, hero: Hero) -> str:
    if hero.place in SAFE_WORDS:
        return "escaped in pod " + (hero.pod or "?") if hero.place == "escaped" \
            else "woke up from hibernation"
    return s.deaths.get(hero.seat, "died")


def recap(s: GameState) -> list[str]:
    if s.winners is None:
        return []
    idx = index()
    lines = [f"Game over: {ending_words(s)}."]
    if s.winners:
        lines.append("Winners: " + ", ".join(who(x) for x in s.winners)
                     + " (survived and met their objective).")
    else:
        lines.append("Nobody wins: " + ("no survivor met their objective."
                                        if s.survivors else "nobody survived."))
    survivors = [h for h in s.heroes.values() if h.seat in s.survivors]
    for seat in s.seats:
        hero = s.heroes[seat]
        name = idx.characters[hero.character].name if hero.character else "nobody"
        objective = "; ".join(
            f"{idx.objectives[o].name}{_target(s, o)} "
            f"({'met' if objective_met(s, hero, o, survivors) else 'not met'})"
            for o in hero.objectives) or "none"
        verdict = "wins" if seat in s.winners else "loses"
        lines.append(f"{who(seat)}, the {name}, {fate(s, hero)} and {verdict}. "
                     f"Objective: {objective}.")
        lines.append(_carried(s, hero))
    return lines + _ship_lines(s) + tally_lines([s.heroes[seat] for seat in s.seats])


def reveal(s: GameState) -> list[str]:
    """Every secret of a game ended before its end: each character's objectives and
    contamination, the engines, the coordinates and the course."""
    idx = index()
    lines = []
    for seat in s.seats:
        hero = s.heroes[seat]
        name = idx.characters[hero.character].name if hero.character else "nobody"
        objective = "; ".join(idx.objectives[o].name for o in hero.objectives) or "none"
        lines.append(f"{who(seat)}, the {name}. Objective: {objective}.")
        lines.append(_carried(s, hero))
    return lines + _ship_lines(s)


def _carried(s: GameState, hero: Hero) -> str:
    cards = [c for c in hero.hand + hero.deck + hero.discard if c.startswith("c:")]
    sick = sum(1 for c in cards if infected(s.rules, c))
    return (f"{who(hero.seat)} carried {plural(len(cards), 'contamination card')}, {sick} "
            "INFECTED" + (", and a larva" if hero.larva else "") + ".")


def _ship_lines(s: GameState) -> list[str]:
    return ["Engines: " + ", ".join(f"{e} {'working' if w else 'damaged'}"
                                    for e, w in s.engines.items()) + ".",
            f"The coordinates card sent Earth to space {earth_space(s)}; the ship "
            f"was headed for space {s.destination}."]


def _target(s: GameState, objective: str) -> str:
    """Who "Player N" of an objective is: ", against <@seat>"."""
    card = index().objectives[objective]
    if card.kind != "player_cannot_survive" or not 0 < card.value <= len(s.seats):
        return ""
    return f", against {who(s.seats[card.value - 1])}"
