"""Interrupt action cards (ActionCard.interrupt): played by the target of an intruder
attack before the attack card is drawn. A fled or killed attacker no longer attacks."""

from __future__ import annotations

from rules.core.actions import seat_ref as who
from rules.core.contract import Action
from rules.nemesis.actions import Pick, PlayCard
from rules.nemesis.attacks import interrupt_cards
from rules.nemesis.effect_words import option_label
from rules.nemesis.frames import InterruptFrame, PayFrame
from rules.nemesis.profile import NemesisState, Table

TAKE_IT = 0


def interrupt_waiting(s: NemesisState, f: InterruptFrame) -> list[str]:
    return [f.seat]


def interrupt_legal(s: NemesisState, f: InterruptFrame, seat: str) -> list[Action]:
    out: list[Action] = [Pick(index=TAKE_IT, text="Take the attack")]
    for card_id in interrupt_cards(s.rules, s.heroes[seat]):
        card = s.rules.cards[card_id]
        if card.options:
            out += [PlayCard(card=card_id, option=i,
                             text=option_label(card.name, option))
                    for i, option in enumerate(card.options)]
        else:
            out.append(PlayCard(card=card_id, text=card.name))
    return out


def interrupt_act(ctx: Table, f: InterruptFrame, seat: str, action: Action) -> None:
    s = ctx.s
    s.stack.pop()
    if not isinstance(action, PlayCard):
        ctx.say(f"{who(seat)} braces for the attack.", kind="interrupt_none")
        return
    hero = s.heroes[seat]
    card = ctx.rules.cards[action.card]
    hero.hand.remove(action.card)
    hero.discard.append(action.card)
    if card.cost > 0:
        s.stack.append(PayFrame(seat=seat, cost=card.cost, action=action.key,
                                card=action.card, attacker=f.attacker))
        return
    play_interrupt(ctx, seat, action, f.attacker)


def play_interrupt(ctx: Table, seat: str, action: PlayCard, attacker: int) -> None:
    card = ctx.rules.cards[action.card]
    ctx.say(f"{who(seat)} plays {card.name} against the attack!", kind="card",
            card=card.id)
    effects = card.options[action.option] if card.options else card.effects
    ctx.rules.hooks.push_effects(ctx, effects, seat, card.id, attacker=attacker)


def interrupt_run(ctx: Table, f: InterruptFrame) -> None:
    ctx.s.stack.pop()
