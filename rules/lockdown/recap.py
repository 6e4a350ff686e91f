"""The end of a game in words (BOT-END-1): why it ended, who won and why, then every
secret: each character's fate and objective, contingency tokens, contamination cards,
the active contingency and the tokens nobody saw."""

from __future__ import annotations

from rules.lockdown.cards import index
from rules.lockdown.endgame import SAFE, objective_met
from rules.lockdown.modes import card_met, team_objectives
from rules.lockdown.state import GameState
from rules.lockdown.table import who
from rules.nemesis.contamination import infected
from rules.nemesis.state import Hero
from rules.nemesis.tally import tally_lines

ENDINGS = {
    "purge": "time ran out and the corporation purged the facility",
    "alert": "the alert procedure ran out and the corporation purged the facility",
    "autodestruct": "the autodestruction sequence blew up the facility",
}
FATES = {"css": "escaped in CSS pod {pod}", "bunker": "reached the bunker",
         "isolated": "survived locked in the isolation room"}


def ending_words(s: GameState) -> str:
    """Why the game ended, as a clause: "time ran out and the corporation purged ..."."""
    reason = s.ended or ""
    kind, _, why = reason.partition(":")
    text = f"the facility exploded ({why})" if kind == "explosion" \
        else ENDINGS.get(kind, f"the game ended ({reason})")
    if s.ended_early:
        text = f"no character was left inside, so the end came at once: {text}"
    return text


def outcome_reason(s: GameState) -> str:
    survivors = len(s.survivors)
    return f"{ending_words(s)}; {survivors} of {len(s.seats)} characters survived"


def fate(s: GameState, hero: Hero) -> str:
    if hero.place in SAFE:
        return FATES[hero.place].format(pod=hero.pod or "?")
    return s.deaths.get(hero.seat, "died")


def character(hero: Hero) -> str:
    return index().characters[hero.character].name if hero.character else "nobody"


def objective_line(s: GameState, hero: Hero) -> str:
    idx = index()
    survivors = [x for x in s.heroes.values() if x.seat in s.survivors]
    words = []
    for oid in hero.objectives:
        met = card_met(s, oid, survivors) if s.options.mode != "semi_coop" \
            else objective_met(s, hero, oid, survivors)
        words.append(f"{idx.objectives[oid].name} ({'met' if met else 'not met'})")
    return "; ".join(words) or "none"


def team_line(s: GameState) -> str:
    """Fully cooperative mode: the team's result and every public objective."""
    survivors = [x for x in s.heroes.values() if x.seat in s.survivors]
    cards = ", ".join(
        f"{index().objectives[o].name} ({'met' if card_met(s, o, survivors) else 'not met'})"
        for o in team_objectives(s))
    got_out = f"{len(survivors)} of {len(s.seats)} characters survived"
    if s.winners:
        return f"The team wins: every objective met and {got_out}. Objectives: {cards}."
    why = "nobody survived" if not survivors else "not every objective was met"
    return f"The team loses: {why} ({got_out}). Objectives: {cards}."


def secrets_line(s: GameState, hero: Hero) -> str:
    """What a character kept hidden: their contingency tokens (nobody holds any in
    coop: not named then), contamination cards and a larva."""
    names = [index().contingencies[t].name for t in hero.contingencies]
    cards = [c for c in hero.hand + hero.deck + hero.discard if c.startswith("c:")]
    sick = sum(1 for c in cards if infected(s.rules, c))
    held = sum(1 for c in hero.hand if c.startswith("c:"))
    contamination = "no contamination card" if not cards else (
        f"{len(cards)} contamination card{'s' if len(cards) != 1 else ''} "
        f"({held} in hand, {sick} INFECTED)")
    tokens = f"the contingency token{'s' if len(names) > 1 else ''} " \
        f"{' and '.join(', '.join(names).rsplit(', ', 1))}, and " if names else ""
    larva = ", with a larva inside" if hero.larva else ""
    return f"{who(hero.seat)} held {tokens}{contamination}{larva}."


def recap(s: GameState) -> list[str]:
    if s.winners is None:
        return []
    lines = [f"Game over: {ending_words(s)}."]
    if s.options.mode == "coop":
        lines.append(team_line(s))
    elif s.winners:
        lines.append("Winners: " + ", ".join(who(x) for x in s.winners)
                     + " (survived and met their objective).")
    elif s.survivors:
        lines.append("Nobody wins: no survivor met their objective.")
    else:
        lines.append("Nobody wins: nobody survived.")
    for seat in s.seats:
        hero = s.heroes[seat]
        verdict = "wins" if seat in s.winners else "loses"
        lines.append(f"{who(seat)}, the {character(hero)}, {fate(s, hero)} and {verdict}. "
                     f"Objective: {objective_line(s, hero)}.")
        lines.append(secrets_line(s, hero))
    return lines + hidden_lines(s)


def reveal(s: GameState) -> list[str]:
    """Every secret of a game ended before its end: each character's objective and
    hidden cards, then the tokens nobody saw."""
    idx = index()
    lines = []
    for seat in s.seats:
        hero = s.heroes[seat]
        names = "; ".join(idx.objectives[o].name for o in hero.objectives) or "none"
        lines.append(f"{who(seat)}, the {character(hero)}. Objective: {names}.")
        lines.append(secrets_line(s, hero))
    return lines + hidden_lines(s)


def hidden_lines(s: GameState) -> list[str]:
    """The contingency tokens (active, revealed, the neutral pool) and the CSS tokens."""
    idx = index()
    lines = []
    token = idx.contingencies.get(s.active_contingency)
    if token is not None:
        lines.append(f"The active contingency: {token.name}. {token.text}")
    if s.revealed_contingencies:
        lines.append("Contingency tokens revealed during the game: " + ", ".join(
            idx.contingencies[t].name for t in s.revealed_contingencies) + ".")
    if s.neutral_pool:
        lines.append("Neutral contingency pool: "
                     + ", ".join(idx.contingencies[t].name for t in s.neutral_pool) + ".")
    if s.css:
        lines.append("CSS tokens never launched: " + "; ".join(
            f"slot {slot}: pods {', '.join(idx.css[t].launches)}"
            for slot, t in sorted(s.css.items())) + ".")
    return lines + tally_lines([s.heroes[seat] for seat in s.seats])
