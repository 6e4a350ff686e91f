"""Characters: action cards, wounds, death, contamination and slime (NX-WOUND-1,
NX-CONTAM-1)."""

from __future__ import annotations

from rules.lockdown.cards import index
from rules.lockdown.state import GameState
from rules.lockdown.table import Ctx, owns_passive, room_name, who
from rules.nemesis.state import Hero, WoundCard, add_object

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


def peek(s: GameState, deck: str) -> str | None:
    """The top card of a shared deck without drawing it (the discard pile is shuffled
    in first if the deck is empty, as a draw would)."""
    cards = s.decks.setdefault(deck, [])
    if not cards and s.discards.get(deck):
        s.decks[deck] = cards = s.rng.shuffled(s.discards[deck])
        s.discards[deck] = []
    return cards[0] if cards else None


def draw_cards(ctx: Ctx, hero: Hero, n: int) -> int:
    """Draw up to n action cards (the discard pile is reshuffled when the deck runs
    out); the player is told which (only the new ones)."""
    drawn: list[str] = []
    for _ in range(n):
        if not hero.deck:
            if not hero.discard:
                break
            hero.deck = ctx.s.rng.shuffled(hero.discard)
            hero.discard = []
        drawn.append(hero.deck.pop(0))
    hero.hand.extend(drawn)
    if drawn:
        cards = index().cards
        ctx.tell(hero.seat, "You draw: " + ", ".join(
            "Contamination" if c.startswith("c:") else cards[c].name for c in drawn) + ".",
            kind="draw", n=len(drawn))
    return len(drawn)


def deadly(hero: Hero, grace: list[str]) -> bool:
    """Any wound after 3 serious wounds kills, unless the third came from the same
    effect (001: going past 3 within one effect, the next wound kills)."""
    return len(hero.serious) >= MAX_SERIOUS and hero.seat not in grace


def light_wound(ctx: Ctx, hero: Hero, n: int = 1, grace: list[str] | None = None) -> None:
    """`grace` lists the seats that reached 3 serious wounds earlier in the same effect
    (an EffectsFrame's list); the n wounds of one call are one effect too."""
    grace = [] if grace is None else grace
    for _ in range(n):
        if hero.place == "dead":
            return
        if not hero.armor_used and owns_passive(hero, "armor"):
            hero.armor_used = True
            ctx.say(f"{who(hero.seat)}'s body armor stops a light wound.", kind="armor",
                    seat=hero.seat)
            continue
        if deadly(hero, grace):
            kill(ctx, hero, "a wound after three serious wounds")
            return
        if hero.light < 2:
            hero.light += 1
            ctx.say(f"{who(hero.seat)} suffers a light wound ({hero.light}/2).",
                    kind="wound", seat=hero.seat)
        else:
            hero.light = 0
            ctx.say(f"{who(hero.seat)}'s light wounds become a serious wound.", kind="wound")
            serious_wound(ctx, hero, grace=grace)


def serious_wound(ctx: Ctx, hero: Hero, n: int = 1, grace: list[str] | None = None) -> None:
    grace = [] if grace is None else grace
    for _ in range(n):
        if hero.place == "dead":
            return
        if deadly(hero, grace):
            kill(ctx, hero, "a wound after three serious wounds")
            return
        if len(hero.serious) >= MAX_SERIOUS:
            ctx.say(f"{who(hero.seat)} is hit again by the same blow and clings to "
                    "life.", kind="wound", seat=hero.seat)
            continue
        card = draw_from(ctx.s, "wounds")
        if card is None:
            card = ctx.c.serious_wounds[0].id
        hero.serious.append(WoundCard(card=card))
        if len(hero.serious) >= MAX_SERIOUS and hero.seat not in grace:
            grace.append(hero.seat)
        name = index().wounds[card].name
        ctx.say(f"{who(hero.seat)} suffers a serious wound: {name} "
                f"({len(hero.serious)}/3).", kind="wound", seat=hero.seat, card=card)
        if index().wounds[card].penalty == "arm":
            from rules.lockdown.hands import fix_hands

            fix_hands(ctx, hero)


def kill(ctx: Ctx, hero: Hero, why: str) -> None:
    s = ctx.s
    if hero.place == "dead":
        return
    room = hero.room
    hero.place = "dead"
    hero.pod = None
    s.deaths[hero.seat] = f"died in {room_name(s, room)} ({why})"
    add_object(s.rooms, room, f"corpse_{hero.seat}")
    for held in hero.hands:
        if held.obj is not None:
            add_object(s.rooms, room, held.obj)
        if held.item is not None:
            s.removed_items.append(held.item)
    s.removed_items.extend(hero.inventory)
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


def infected(card: str) -> bool:
    return index().contamination[card.removeprefix("c:")].infected


def contamination_in(hero: Hero, everywhere: bool) -> list[list[str]]:
    return [hero.hand, hero.deck, hero.discard] if everywhere else [hero.hand]


def return_contamination(ctx: Ctx, pile: list[str], card: str) -> None:
    """A removed contamination card goes to the bottom of its deck."""
    pile.remove(card)
    ctx.s.decks.setdefault("contamination", []).append(card.removeprefix("c:"))


def scan(ctx: Ctx, hero: Hero, everywhere: bool = False) -> None:
    """The generic removal rule (NX-CONTAM-1): every scanned card that is not INFECTED
    is removed; an INFECTED one stays and puts a larva on the character board, or,
    with a larva already there, kills the character and places a creeper."""
    from rules.lockdown.endgame import weakness_active

    removed = found = 0
    for pile in contamination_in(hero, everywhere):
        for card in [c for c in pile if c.startswith("c:")]:
            if infected(card):
                found += 1
            else:
                return_contamination(ctx, pile, card)
                removed += 1
    ctx.tell(hero.seat, f"Scan: {removed} clean card(s) removed, {found} INFECTED.",
             kind="scan", removed=removed, infected=found)
    ctx.say(f"{who(hero.seat)} scans their contamination cards.", kind="scan_done",
            seat=hero.seat)
    if not found:
        return
    if weakness_active(ctx.s, "chemical_reaction", hero):
        hero.knowledge += found
        ctx.say(f"{who(hero.seat)} learns from the reaction (+{found} knowledge).",
                kind="knowledge")
    infection(ctx, hero)


def infection(ctx: Ctx, hero: Hero) -> None:
    """An INFECTED card was scanned: a larva appears on the board, or bursts out."""
    if not hero.larva:
        hero.larva = True
        ctx.say(f"A larva grows inside {who(hero.seat)}!", kind="infest", seat=hero.seat)
        return
    room = hero.room
    kill(ctx, hero, "a creeper burst out of them")
    from rules.lockdown.intruders import spawn

    spawn(ctx, "creeper", room)


def decontaminate(ctx: Ctx, hero: Hero, everywhere: bool) -> int:
    """Decon room / surgery: scan and remove the INFECTED cards and the larva."""
    removed = 0
    for pile in contamination_in(hero, everywhere):
        for card in [c for c in pile if c.startswith("c:") and infected(c)]:
            return_contamination(ctx, pile, card)
            removed += 1
    if hero.larva:
        hero.larva = False
        ctx.say(f"The larva inside {who(hero.seat)} is removed.", kind="contamination")
    ctx.tell(hero.seat, f"Scan: {removed} INFECTED card(s) removed.", kind="scan",
             removed=removed)
    return removed


def set_slime(ctx: Ctx, hero: Hero, on: bool) -> None:
    if hero.slime == on:
        return
    hero.slime = on
    ctx.say(f"{who(hero.seat)} is {'covered in slime' if on else 'clean of slime'}.",
            kind="slime", seat=hero.seat)
