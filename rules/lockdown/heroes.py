"""Characters: action cards, wounds, death, contamination and slime (NX-WOUND-1,
NX-CONTAM-1)."""

from __future__ import annotations

from rules.lockdown.cards import index
from rules.lockdown.state import GameState
from rules.lockdown.table import Ctx, room_name, who
from rules.nemesis.state import Hero, WoundCard

MAX_SERIOUS = 3


def draw_from(s: GameState, deck: str) -> str | None:
    """Top card of a shared deck, reshuffling its discard pile when it runs out."""
    cards = s.decks.setdefault(deck, [])
    if not cards:
        pile = s.discards.get(deck, [])
        if not pile:
            return None
        s.decks[deck] = cards = s.rng.shuffled(pile)
        s.discards[deck] = []
    return cards.pop(0)


def draw_cards(ctx: Ctx, hero: Hero, n: int) -> int:
    drawn = 0
    for _ in range(n):
        if not hero.deck:
            if not hero.discard:
                break
            hero.deck = ctx.s.rng.shuffled(hero.discard)
            hero.discard = []
        hero.hand.append(hero.deck.pop(0))
        drawn += 1
    return drawn


def light_wound(ctx: Ctx, hero: Hero, n: int = 1) -> None:
    for _ in range(n):
        if hero.place == "dead":
            return
        if len(hero.serious) >= MAX_SERIOUS:
            kill(ctx, hero, "a wound after three serious wounds")
            return
        if hero.light < 2:
            hero.light += 1
            ctx.say(f"{who(hero.seat)} suffers a light wound ({hero.light}/2).",
                    kind="wound", seat=hero.seat)
        else:
            hero.light = 0
            ctx.say(f"{who(hero.seat)}'s light wounds become a serious wound.", kind="wound")
            serious_wound(ctx, hero)


def serious_wound(ctx: Ctx, hero: Hero, n: int = 1) -> None:
    for _ in range(n):
        if hero.place == "dead":
            return
        if len(hero.serious) >= MAX_SERIOUS:
            kill(ctx, hero, "a wound after three serious wounds")
            return
        card = draw_from(ctx.s, "wounds")
        if card is None:
            card = ctx.c.serious_wounds[0].id
        hero.serious.append(WoundCard(card=card))
        name = index().wounds[card].name
        ctx.say(f"{who(hero.seat)} suffers a serious wound: {name} "
                f"({len(hero.serious)}/3).", kind="wound", seat=hero.seat, card=card)


def kill(ctx: Ctx, hero: Hero, why: str) -> None:
    s = ctx.s
    if hero.place == "dead":
        return
    room = hero.room
    hero.place = "dead"
    hero.pod = None
    s.rooms[room].objects.append(f"corpse_{hero.seat}")
    for held in hero.hands:
        if held.obj is not None:
            s.rooms[room].objects.append(held.obj)
    hero.hands = []
    hero.inventory = []
    ctx.say(f"{who(hero.seat)} dies in {room_name(s, room)} ({why}).", kind="death",
            seat=hero.seat)
    if not s.first_death:
        s.first_death = True
        if not s.gate_open:
            s.gate_open = True
            ctx.say("First death: the facility opens the main gate.", kind="critical")


def contaminate(ctx: Ctx, hero: Hero, n: int = 1) -> None:
    for _ in range(n):
        card = draw_from(ctx.s, "contamination")
        if card is None:
            return
        hero.discard.append(f"c:{card}")
    ctx.say(f"{who(hero.seat)} takes {n} contamination card(s).", kind="contamination",
            seat=hero.seat)


def infected(ctx: Ctx, card: str) -> bool:
    cid = card.removeprefix("c:")
    return index().contamination[cid].infected


def scan_and_remove(ctx: Ctx, hero: Hero, everywhere: bool, larva_too: bool) -> int:
    """Decontamination: remove the INFECTED contamination cards scanned."""
    piles = [hero.hand] + ([hero.deck, hero.discard] if everywhere else [])
    removed = 0
    for pile in piles:
        for card in [c for c in pile if c.startswith("c:") and infected(ctx, c)]:
            pile.remove(card)
            ctx.s.decks.setdefault("contamination", []).append(card.removeprefix("c:"))
            removed += 1
    if larva_too and hero.larva:
        hero.larva = False
        ctx.say(f"The larva inside {who(hero.seat)} is removed.", kind="contamination")
    ctx.tell(hero.seat, f"Scan: {removed} infected card(s) removed.", kind="scan")
    return removed


def set_slime(ctx: Ctx, hero: Hero, on: bool) -> None:
    if hero.slime == on:
        return
    hero.slime = on
    ctx.say(f"{who(hero.seat)} is {'covered in slime' if on else 'clean of slime'}.",
            kind="slime", seat=hero.seat)
