"""Contamination, scans and larvae (NX-CONTAM-1), and slime: contamination cards go
into a character's action deck; a scan removes the clean ones, and an INFECTED one
plants a larva, or, with a larva already there, kills as a creeper bursts out."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.core.words import plural
from rules.nemesis.decks import draw_from
from rules.nemesis.memory import put_under, remember_scan
from rules.nemesis.profile import Profile, Table
from rules.nemesis.state import Hero
from rules.nemesis.wounds import kill


def contaminate(ctx: Table, hero: Hero, n: int = 1) -> None:
    for _ in range(n):
        card = draw_from(ctx.s, "contamination")
        if card is None:
            return
        hero.discard.append(f"c:{card}")
    ctx.say(f"{who(hero.seat)} takes {plural(n, 'contamination card')}.", kind="contamination",
            seat=hero.seat)


def infected(rules: Profile, card: str) -> bool:
    return rules.contamination[card.removeprefix("c:")].infected


def contamination_in(hero: Hero, everywhere: bool) -> list[list[str]]:
    return [hero.hand, hero.deck, hero.discard] if everywhere else [hero.hand]


def return_contamination(ctx: Table, pile: list[str], card: str) -> None:
    """A removed contamination card goes to the bottom of its deck."""
    pile.remove(card)
    put_under(ctx.s, "contamination", card.removeprefix("c:"))


def scan(ctx: Table, hero: Hero, everywhere: bool = False) -> None:
    """The generic removal rule (NX-CONTAM-1): every scanned card that is not INFECTED
    is removed; an INFECTED one stays and puts a larva on the character board, or,
    with a larva already there, kills the character and places a creeper."""
    removed = found = 0
    piles = contamination_in(hero, everywhere)
    for pile in piles:
        for card in [c for c in pile if c.startswith("c:")]:
            if infected(ctx.rules, card):
                found += 1
            else:
                return_contamination(ctx, pile, card)
                removed += 1
    remember_scan(ctx.s, hero, piles)  # what is left is INFECTED, and the hero knows it
    ctx.tell(hero.seat, f"Scan: {plural(removed, 'clean card')} removed, {found} INFECTED.",
             kind="scan", removed=removed, infected=found)
    ctx.say(f"{who(hero.seat)} scans their contamination cards.", kind="scan_done",
            seat=hero.seat)
    if not found:
        return
    if ctx.rules.hooks.weakness_active(ctx.s, "chemical_reaction", hero):
        hero.knowledge += found
        ctx.say(f"{who(hero.seat)} learns from the reaction (+{found} knowledge).",
                kind="knowledge")
    infection(ctx, hero)


def infection(ctx: Table, hero: Hero) -> None:
    """An INFECTED card was scanned: a larva appears on the board, or bursts out."""
    if not hero.larva:
        hero.larva = True
        ctx.say(f"A larva grows inside {who(hero.seat)}!", kind="infest", seat=hero.seat)
        return
    room = hero.room
    kill(ctx, hero, "a creeper burst out of them")
    ctx.rules.hooks.spawn(ctx, "creeper", room)


def decontaminate(ctx: Table, hero: Hero, everywhere: bool) -> int:
    """Decon room / surgery: scan and remove the INFECTED cards and the larva."""
    removed = 0
    for pile in contamination_in(hero, everywhere):
        for card in [c for c in pile if c.startswith("c:") and infected(ctx.rules, c)]:
            return_contamination(ctx, pile, card)
            removed += 1
    remember_scan(ctx.s, hero, [])  # (the INFECTED cards it knew of may be gone)
    if hero.larva:
        hero.larva = False
        ctx.say(f"The larva inside {who(hero.seat)} is removed.", kind="contamination")
    ctx.tell(hero.seat, f"Scan: {plural(removed, 'INFECTED card')} removed.", kind="scan",
             removed=removed)
    return removed


def set_slime(ctx: Table, hero: Hero, on: bool) -> None:
    if hero.slime == on:
        return
    hero.slime = on
    ctx.say(f"{who(hero.seat)} is {'covered in slime' if on else 'clean of slime'}.",
            kind="slime", seat=hero.seat)
