"""Intruder attacks (NX-IATK-1): who is attacked, the interrupt cards the target may
play first, the attack card drawn (hit or miss, extra effects in darkness), and a
larva's attack, which infests."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.nemesis.bag import retire
from rules.nemesis.contamination import contaminate
from rules.nemesis.decks import draw_to_discard
from rules.nemesis.frames import AttackFrame, InterruptFrame
from rules.nemesis.places import heroes_in, turn_order
from rules.nemesis.profile import NemesisState, Profile, Table
from rules.nemesis.state import Hero, Intruder


def event_attack_targets(s: NemesisState) -> list[tuple[int, str]]:
    """Every intruder in a room with characters attacks, in board order. The target is
    left open ("") and chosen when its attack comes (`attack_target`), so an earlier
    attack that killed or removed a character, or changed a hand, counts."""
    return [(i.id, "") for i in s.intruders if heroes_in(s, i.room)]


def attack_target(s: NemesisState, intruder: Intruder) -> Hero | None:
    """The character with the fewest cards in hand in the intruder's room, ties to the
    first in turn order (NX-IATK-1)."""
    order = turn_order(s)
    heroes = heroes_in(s, intruder.room)
    if not heroes:
        return None
    return min(heroes, key=lambda h: (len(h.hand), order.index(h.seat)))


def attack_run(ctx: Table, frame: AttackFrame) -> None:
    """The next attack in the queue: a larva infests; others draw an attack card, after
    the target had the chance to play an interrupt card (NX-IATK-1)."""
    s = ctx.s
    if not frame.queue:
        s.stack.pop()
        return
    intruder_id, seat = frame.queue[0]
    intruder = next((i for i in s.intruders if i.id == intruder_id), None)
    if not seat:  # an event-phase attack picks its target now
        target = attack_target(s, intruder) if intruder is not None else None
        if target is None:
            frame.queue.pop(0)
            frame.asked = False
            return
        seat = target.seat
        frame.queue[0] = (intruder_id, seat)
    hero = s.heroes[seat]
    if intruder is None or hero.place != "board" or hero.room != intruder.room:
        frame.queue.pop(0)
        frame.asked = False
        return  # the attacker died, fled or the target is gone
    if intruder.kind != "larva" and not frame.asked and hero.hand:
        # asked whenever they hold cards (a public fact), whether or not one of them is
        # an interrupt they can pay for: the pause tells the table nothing about a hand
        frame.asked = True
        s.stack.append(InterruptFrame(seat=seat, attacker=intruder_id))
        return
    frame.queue.pop(0)
    frame.asked = False
    if intruder.kind == "larva":
        infest(ctx, intruder, hero)
        return
    card_id = draw_to_discard(s, "attacks")
    if card_id is None:
        return
    card = ctx.rules.attacks[card_id]
    if intruder.kind not in card.hits:
        ctx.say(f"The {intruder.kind} attacks {who(seat)}: {card.name} — it misses.",
                kind="attack", card=card_id, hit=False)
        return
    ctx.say(f"The {intruder.kind} attacks {who(seat)}: {card.name}. {card.text}",
            kind="attack", card=card_id, hit=True)
    effects = list(card.effects)
    if ctx.rules.hooks.dark(s, hero.room):
        effects += list(card.dark_effects)
    ctx.rules.hooks.push_effects(ctx, effects, seat, card_id)


def infest(ctx: Table, larva: Intruder, hero: Hero) -> None:
    """A larva's attack: it moves onto the character board (if none is there yet) and
    the character takes a contamination card."""
    s = ctx.s
    s.intruders.remove(larva)
    retire(s, larva.token)
    if not hero.larva:
        hero.larva = True
        ctx.say(f"A larva burrows into {who(hero.seat)}!", kind="infest", seat=hero.seat)
    else:
        ctx.say(f"A larva attacks {who(hero.seat)}, who already carries one.", kind="infest",
                seat=hero.seat)
    contaminate(ctx, hero)


def interrupt_cards(rules: Profile, hero: Hero) -> list[str]:
    """Interrupt cards in hand the hero can pay for (the card plus its cost)."""
    cards = rules.cards
    payable = sum(1 for c in hero.hand if not c.startswith("c:"))
    return [c for c in dict.fromkeys(hero.hand) if not c.startswith("c:")
            and cards[c].interrupt and cards[c].cost < payable]
