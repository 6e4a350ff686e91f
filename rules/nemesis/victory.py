"""The shared steps of the victory check (NX-END-1): every survivor who is infected (a
scanned INFECTED card, or a larva) shuffles all their cards and draws 4, and dies if a
contamination card is among them; each survivor's objective decides whether they win;
then the winners are announced. Who counts as a survivor, and what else kills them, is
the game's."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.core.actions import seat_ref as who
from rules.core.words import joined
from rules.nemesis.contamination import infected
from rules.nemesis.profile import Profile, Table
from rules.nemesis.state import Hero
from rules.nemesis.view import card_name


def infection_kills(ctx: Table, hero: Hero) -> bool:
    """Scan (skipped with a larva); if infected, shuffle everything and draw 4: any
    contamination card among them kills."""
    cards = hero.hand + hero.deck + hero.discard
    if not hero.larva and not any(c.startswith("c:") and infected(ctx.rules, c)
                                  for c in cards):
        return False
    pile = ctx.s.rng.shuffled(cards)
    hero.deck, hero.hand, hero.discard = pile, [], []
    drawn = pile[:4]
    ctx.say(f"{who(hero.seat)} is infected and draws 4 cards...", kind="infection_check")
    deadly = any(c.startswith("c:") for c in drawn)
    ctx.tell(hero.seat, f"You draw {drawn_words(ctx.rules, drawn)}: "
             + ("a contamination card, the infection kills you." if deadly else
                "no contamination card, you live."),
             kind="infection_draw", cards=drawn)
    return deadly


def drawn_words(rules: Profile, cards: list[str]) -> str:
    """The cards of the infection check by name ("Contamination (INFECTED)")."""
    if not cards:
        return "no card"
    return joined([("Contamination (INFECTED)" if infected(rules, c) else "Contamination")
                   if c.startswith("c:") else card_name(rules.cards, c) for c in cards])


def infection_check(ctx: Table, safe: Mapping[str, str]) -> None:
    """Every character in a safe place (place -> how it is said: "in the bunker") is
    checked for infection; the infected who draw contamination die."""
    s = ctx.s
    for hero in [h for h in s.heroes.values() if h.place in safe]:
        if infection_kills(ctx, hero):
            s.deaths[hero.seat] = f"got out ({safe[hero.place]}) but died of the infection"
            hero.place = "dead"
            ctx.say(f"{who(hero.seat)} dies of the infection.", kind="death")


def objective_winners(ctx: Table, survivors: list[Hero], met: Callable[[Hero, str], bool],
                      name: Callable[[str], str]) -> list[str]:
    """Each survivor wins with an objective met (each is told which, met or not)."""
    winners: list[str] = []
    for hero in survivors:
        done = [o for o in hero.objectives if met(hero, o)]
        names = ", ".join(name(o) for o in hero.objectives)
        ctx.say(f"{who(hero.seat)} survived; objective: {names} — "
                f"{'met' if done else 'not met'}.", kind="objective_check", seat=hero.seat)
        if done:
            winners.append(hero.seat)
    return winners


def declare_winners(ctx: Table, winners: list[str]) -> None:
    ctx.s.winners = winners
    text = ", ".join(who(x) for x in winners) if winners else "nobody"
    ctx.say(f"Winners: {text}.", kind="game_over", winners=winners)
