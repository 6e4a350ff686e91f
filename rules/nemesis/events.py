"""Intruder event cards (NX-EVENT-1): the intruders of the kinds shown move through the
corridor numbered on the card, then the card's effect is resolved."""

from __future__ import annotations

from rules.nemesis.decks import draw_to_discard
from rules.nemesis.intruders import event_movement
from rules.nemesis.profile import Table


def event_card(ctx: Table) -> None:
    s = ctx.s
    card_id = draw_to_discard(s, "events")
    if card_id is None:
        return
    card = ctx.rules.events[card_id]
    ctx.say(f"Intruder event: {card.name}. {card.text}", kind="event", card=card_id)
    event_movement(ctx, card.movers, card.corridors)
    ctx.rules.hooks.push_effects(ctx, list(card.effects) + list(card.dark_effects), None,
                                 card_id)
