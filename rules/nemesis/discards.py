"""Choosing cards of the hand to discard, as one multi-select (a `Discard` of hand
positions): after passing any set of cards, action or contamination (NX-TURN-1); for an
effect ("discard 2 action cards of your choice") exactly that many action cards."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from rules.core.actions import seat_ref as who
from rules.core.contract import Action
from rules.core.words import clip, plural
from rules.nemesis.actions import Discard
from rules.nemesis.frames import DiscardFrame
from rules.nemesis.profile import NemesisState, Profile, Table
from rules.nemesis.state import Hero

DISCARD_SUBSETS_UP_TO = 6  # a bigger hand discards one card at a time after passing


def card_word(rules: Profile, card: str) -> str:
    """A card of a hand in a sentence (contamination cards all look alike)."""
    if card.startswith("c:"):
        return "Contamination"
    return str(rules.cards[card].name)


def offer_pass_discard(ctx: Table, hero: Hero) -> None:
    """After passing: any cards may go (the empty set keeps the hand)."""
    if hero.place != "board" or not hero.hand:
        return
    ctx.s.stack.append(DiscardFrame(seat=hero.seat,
                                    one_by_one=len(hero.hand) > DISCARD_SUBSETS_UP_TO))


def offer_effect_discard(ctx: Table, hero: Hero, n: int, source: str = "") -> None:
    """An effect: `n` action cards of the hero's choice; with no more than `n` of them
    there is nothing to choose and they all go."""
    payable = _payable(hero.hand)
    if not payable:
        return
    if len(payable) <= n:
        discard_positions(ctx, hero, payable)
        return
    ctx.s.stack.append(DiscardFrame(seat=hero.seat, n=n, source=source))


def _payable(hand: Sequence[str]) -> list[str]:
    """The positions of the action cards of a hand."""
    return [str(i) for i, card in enumerate(hand) if not card.startswith("c:")]


def discard_sets(hand: Sequence[str], n: int | None, one_by_one: bool
                 ) -> list[tuple[str, ...]]:
    """The position sets a hero with this hand may discard now (the frame's `n` and
    `one_by_one`)."""
    if n is not None:
        payable = _payable(hand)
        return list(combinations(payable, min(n, len(payable))))
    if one_by_one:
        return [(), *((str(i),) for i in range(len(hand)))]
    return list(_subsets(len(hand)))


@lru_cache(maxsize=16)
def _subsets(n: int) -> tuple[tuple[str, ...], ...]:
    """Every set of positions of an n-card hand, as position strings, by bit mask (the
    same for every hand of that size: worked out once)."""
    positions = [str(i) for i in range(n)]
    return tuple(tuple(p for i, p in enumerate(positions) if mask >> i & 1)
                 for mask in range(1 << n))


def discard_positions(ctx: Table, hero: Hero, positions: tuple[str, ...] | list[str]) -> int:
    """Move the cards at these hand positions to the discard pile; how many went."""
    chosen = sorted({int(p) for p in positions})
    cards = [hero.hand[i] for i in chosen]
    for i in reversed(chosen):
        del hero.hand[i]
    hero.discard.extend(cards)
    if cards:
        ctx.say(f"{who(hero.seat)} discards {plural(len(cards), 'card')}.", kind="discard",
                seat=hero.seat)
    return len(cards)


# ------------------------------------------------------------------ the frame
def discard_waiting(s: NemesisState, f: DiscardFrame) -> list[str]:
    hero = s.heroes[f.seat]
    return [f.seat] if hero.place == "board" and hero.hand else []


def discard_legal(s: NemesisState, f: DiscardFrame, seat: str) -> list[Action]:
    return list(_discards(s.rules, tuple(s.heroes[seat].hand), f.n, f.one_by_one))


@lru_cache(maxsize=4096)
def _discards(rules: Profile, hand: tuple[str, ...], n: int | None,
              one_by_one: bool) -> tuple[Action, ...]:
    """The discards of this hand (what `discard_sets` allows, with the cards' words):
    the same for every hand holding the same cards in the same order (actions are
    frozen values: cached)."""
    words = {str(i): card_word(rules, card) for i, card in enumerate(hand)}
    return tuple(Discard(cards=sub, text=", ".join([words[p] for p in sub]))
                 for sub in discard_sets(hand, n, one_by_one))


def discard_act(ctx: Table, f: DiscardFrame, seat: str, action: Action) -> None:
    assert isinstance(action, Discard)
    ctx.s.stack.pop()
    hero = ctx.s.heroes[seat]
    gone = discard_positions(ctx, hero, action.cards)
    if f.n is None and f.one_by_one and gone:
        offer_pass_discard(ctx, hero)  # asked again, with full subsets once it is small


def discard_run(ctx: Table, f: DiscardFrame) -> None:
    ctx.s.stack.pop()


def discard_words(f: DiscardFrame, source: str = "") -> tuple[str, str]:
    """The title of a discard choice and the hint shown when a set is refused; `source`
    names the card that asks for it."""
    if f.n is not None:
        need = plural(f.n, "action card")
        return clip(f"Discard {need}" + (f" ({source})" if source else ""), 100), \
            f"Choose exactly {need}."
    if f.one_by_one:
        return "You passed: discard a card (you are asked again), or keep the rest", \
            "Choose at most 1 card at a time."
    return "You passed: discard any cards, or none to keep your hand", ""
