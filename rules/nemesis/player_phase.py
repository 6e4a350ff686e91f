"""The player phase (NX-TURN-1, NX-COST-1): turns in play order of up to 2 actions or a
pass, each paid with action cards (a PayFrame asks which when there is a choice); passing
offers a discard; ending a turn in a burning room hurts (once a round after passing).
What may be done, its cost and doing it: rules.nemesis.turn_actions."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Protocol

from rules.core.actions import seat_ref as who
from rules.core.contract import Action
from rules.core.words import joined
from rules.nemesis import actions as a
from rules.nemesis.actions import CODEC
from rules.nemesis.character import action_cards
from rules.nemesis.decks import draw_cards
from rules.nemesis.discards import offer_pass_discard
from rules.nemesis.frames import PayFrame, TurnFrame
from rules.nemesis.hands import drop_held
from rules.nemesis.interrupts import play_interrupt
from rules.nemesis.places import turn_order
from rules.nemesis.profile import NemesisState, Profile, Table
from rules.nemesis.state import Hero
from rules.nemesis.turn_actions import cost_of, is_free, perform
from rules.nemesis.wounds import light_wound


class RoundStep(Protocol):
    """What the family's turn loop reads and moves on in a game's round frame."""

    last: str | None  # the seat whose turn came last


def announce_round(ctx: Table) -> None:
    """The round has begun (action cards drawn): who holds the first player token."""
    s = ctx.s
    ctx.say(f"Round {s.round} begins; {who(s.first_player)} has the first player token.",
            kind="round", round=s.round)


def next_player(ctx: Table, f: RoundStep, plays: tuple[str, ...] = ("board",)
                ) -> str | None:
    """The turn passes to the next seat still playing after `f.last` (now that seat); a
    character on the board begins a turn (told, a TurnFrame pushed), one elsewhere (in an
    escape pod) is the game's to handle. None when everyone has passed."""
    s = ctx.s
    seat = next_turn(s, f.last, plays)
    if seat is None:
        return None
    f.last = seat
    if s.heroes[seat].place == "board":
        ctx.say(f"It is {who(seat)}'s turn (round {s.round}).", kind="turn", seat=seat)
        s.stack.append(TurnFrame(seat=seat))
    return seat


def next_turn(s: NemesisState, last: str | None,
              plays: tuple[str, ...] = ("board",)) -> str | None:
    """The next seat in play order after `last` (from the first player when None) whose
    character is in one of the places that take turns (`plays`) and has not passed."""
    order = turn_order(s)
    if last is not None and last in order:
        i = order.index(last)
        order = order[i + 1:] + order[:i + 1]
    for seat in order:
        hero = s.heroes.get(seat)
        if hero is not None and hero.place in plays and not hero.passed:
            return seat
    return None


def pass_first_player(s: NemesisState, plays: tuple[str, ...] = ("board",)) -> str:
    """The first player token passes left to the next player still playing (a dead,
    escaped or isolated character's seat is skipped: NX-TURN-1, NX-END-1)."""
    order = turn_order(s)
    for seat in order[1:]:
        hero = s.heroes.get(seat)
        if hero is not None and hero.place in plays:
            return seat
    return s.first_player


def refresh_for_round(ctx: Table, hero: Hero, hand_limit: int) -> None:
    """A new round for a character still playing: not passed, no action taken, not yet
    hurt by fire, the armour ready again; draw action cards up to `hand_limit`."""
    hero.passed = False
    hero.actions_taken = 0
    hero.fire_hurt = False
    hero.armor_used = False
    need = hand_limit - len(hero.hand)
    if need > 0:
        draw_cards(ctx, hero, need)


def begin_event_phase(ctx: Table, frame: object) -> None:
    """Everyone has passed: push the game's event phase frame (a solo game does not
    speak of everyone)."""
    everyone = "Everyone has passed: the" if len(ctx.s.heroes) > 1 else "The"
    ctx.say(f"{everyone} event phase of round {ctx.s.round} begins.",
            kind="phase", round=ctx.s.round)
    ctx.s.stack.append(frame)


def turn_waiting(s: NemesisState, f: TurnFrame) -> list[str]:
    hero = s.heroes[f.seat]
    if f.done or hero.place != "board" or hero.passed or hero.actions_taken >= 2:
        return []
    return [f.seat]


def turn_act(ctx: Table, f: TurnFrame, seat: str, action: Action) -> None:
    s = ctx.s
    hero = s.heroes[seat]
    if isinstance(action, a.Pass):
        do_pass(ctx, hero)
        return
    if isinstance(action, a.Drop):
        drop_held(ctx, hero, hero.hands[action.slot])
        return
    if is_free(ctx.rules, action):
        perform(ctx, hero, action)
        return
    hero.actions_taken += 1
    cost = cost_of(s, hero, action)
    card = action.card if isinstance(action, a.PlayCard) else None
    if card is not None:
        hero.hand.remove(card)
        hero.discard.append(card)
    if cost > 0:
        s.stack.append(PayFrame(seat=seat, cost=cost, action=action.key, card=card))
        return
    perform(ctx, hero, action)


def turn_run(ctx: Table, f: TurnFrame) -> None:
    s = ctx.s
    s.stack.pop()
    hero = s.heroes[f.seat]
    if hero.place != "board":
        return
    end_of_turn_fire(ctx, hero)  # once per round after passing (a forced pass too)
    hero.actions_taken = 0


def do_pass(ctx: Table, hero: Hero) -> None:
    """Pass for the round: fire hurts, then any number of cards may be discarded."""
    hero.passed = True
    ctx.say(f"{who(hero.seat)} passes.", kind="pass", seat=hero.seat)
    end_of_turn_fire(ctx, hero)
    offer_pass_discard(ctx, hero)


def end_of_turn_fire(ctx: Table, hero: Hero) -> None:
    s = ctx.s
    if hero.place != "board" or not s.rooms[hero.room].fire or hero.fire_hurt:
        return
    if hero.passed:
        hero.fire_hurt = True
    ctx.say(f"{who(hero.seat)} ends the turn in the fire.", kind="fire")
    light_wound(ctx, hero)


# ------------------------------------------------------------------ paying
def pay_options(s: NemesisState, f: PayFrame) -> list[a.Pay]:
    rules = s.rules
    cards = sorted(set(action_cards(s.heroes[f.seat])))
    return [_payment(rules, combo) for combo in combinations(cards, f.cost)]


@lru_cache(maxsize=8192)
def _payment(rules: Profile, combo: tuple[str, ...]) -> a.Pay:
    """Paying with these action cards (content only: cached; actions are frozen)."""
    return a.Pay(cards=combo, text=", ".join(rules.cards[c].name for c in combo))


def pay_waiting(s: NemesisState, f: PayFrame) -> list[str]:
    cards = len(set(action_cards(s.heroes[f.seat])))
    return [f.seat] if comb(cards, f.cost) > 1 else []


def pay_legal(s: NemesisState, f: PayFrame, seat: str) -> list[Action]:
    """The ways to pay; for an action of the turn (not an interrupt answering an
    attack), also going back to choose another action while the cost is unpaid."""
    back: list[Action] = [a.Back()] if f.attacker is None else []
    return [*pay_options(s, f), *back]


def pay_act(ctx: Table, f: PayFrame, seat: str, action: Action) -> None:
    if isinstance(action, a.Back):
        _back(ctx, f)
        return
    assert isinstance(action, a.Pay)
    _pay(ctx, f, list(action.cards))


def _back(ctx: Table, f: PayFrame) -> None:
    """Undo choosing the action (turn_act): nothing was paid or done yet, so the
    action is not spent and a card played goes back to the hand."""
    ctx.s.stack.pop()
    hero = ctx.s.heroes[f.seat]
    hero.actions_taken -= 1
    if f.card is not None:
        at = len(hero.discard) - 1 - hero.discard[::-1].index(f.card)
        hero.hand.append(hero.discard.pop(at))
    taken = f" {ctx.rules.cards[f.card].name} is back in your hand;" if f.card else ""
    ctx.tell(f.seat, f"You went back before paying:{taken} choose another action.",
             kind="private")


def pay_run(ctx: Table, f: PayFrame) -> None:
    """Only one way to pay (or none left): paid without asking, and the player told."""
    options = pay_options(ctx.s, f)
    cards: list[str] = list(options[0].cards) if options else []
    if cards:
        names = joined([ctx.rules.cards[c].name for c in cards])
        ctx.tell(f.seat, f"You pay with {names} (your only way to pay).", kind="private")
    _pay(ctx, f, cards)


def _pay(ctx: Table, f: PayFrame, cards: list[str]) -> None:
    s = ctx.s
    s.stack.pop()
    hero = s.heroes[f.seat]
    for card in cards:
        hero.hand.remove(card)
        hero.discard.append(card)
    action = CODEC.parse(f.action)
    if f.attacker is not None:
        assert isinstance(action, a.PlayCard)
        play_interrupt(ctx, f.seat, action, f.attacker)
        return
    perform(ctx, hero, action)
