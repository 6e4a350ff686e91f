"""What a Nemesis-family game might be, seen from one seat: the shared part of
`determinize(state, seat, seed)` (issue 20: a computer player decides from such copies
only, never from the real state).

`determinize(state, seat, seed, waiting=..., secrets=...)` returns a copy of the game in
which everything `seat` cannot know is dealt again at random, consistent with what it
has seen. What is unknown is gathered in a fixed (sorted) order before it is dealt, so
two states that look the same to the seat give the same copy for the same seed; the
copy's generator is reseeded from the deal (the real one foretells every future draw).

The family deals what both games share (README.md, "What a computer player knows"):
- each other character's action cards: its hand, deck and discard pile are dealt again
  from the cards they hold together (each pile keeps its size; a card being played in a
  pending payment stays where it is); the seat's own deck is shuffled (its hand and
  discard pile it knows);
- the contamination cards' faces: every contamination card the seat cannot tell (the
  deck, other characters' cards, its own unscanned ones) is dealt again from those
  together, each card staying a contamination card where it lies;
- other characters' secret items (red, yellow and green cards in their inventory: the
  colours are public) and the item decks, colour by colour; starting, quest and crafted
  items are public and stay; so do items out of the game that were held in a hand;
- the orders of every other shared deck (events, attacks, wounds, the draft pool...),
  and the 2 items another seat is choosing between (a Scavenger's search, a storage
  room) or the heavy item it must make room for; the characters a seat is drafting from
  were named to the table and stay;
- the intruder bag: how many tokens of each kind it holds is public (the setup mix and
  every change to it are shown at the table), which physical tokens (their surprise
  numbers) are in it rather than in the supply is dealt again;
- unexplored rooms: their tiles (by level, with the game's tiles left in the box) and
  their exploration tokens (each token with its items, among rooms of the same sort:
  rooms with a tile, and rooms without one such as the Mars crossroads).

A game plugs its own hidden parts in by subclassing `GameSecrets` and overriding what
applies (each method has a default, so later additions never break a game):
`spare_tiles(s)` lists the room tiles that never reached the board, `known_items(s,
seat)` the item cards in other characters' inventories that `seat` knows (they stay),
`known_rooms(s, seat)` the unexplored rooms whose tile and token it looked at (they
stay), and `deal(s, seat, rng)` deals the game's own secrets (objectives, contingencies, CSS
tokens, weaknesses, engines...) on the copy after the family's deal. The game's ruleset
calls `determinize(state, seat, seed, waiting=self.machine.waiting, secrets=...)`.

What a seat looked at in secret lives in the state's `memory` (rules.nemesis.memory
writes it where the engine tells a seat a secret): the family keeps the seat's own
contamination cards it scanned INFECTED and the shared-deck cards whose places it knows
(`pinned`: seen on top, seen going under the deck); a game reads its own `facts` in its `deal`.
The copy keeps only the seat's memory (the others' would tell what they saw). Whom the
game waits for is public; a deal that changes it is dealt again (`TRIES` times at most,
then the last deal is kept), as in Dark Moon's rules/darkmoon/determinize.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable
from dataclasses import replace
from typing import TypeVar, cast

from rules.core.clone import clone
from rules.core.rng import Rng
from rules.nemesis.bag import kind_of
from rules.nemesis.frames import PayFrame, PickFrame, TradeFrame
from rules.nemesis.hands import HEAVY, heavy_pick
from rules.nemesis.memory import own_contamination
from rules.nemesis.profile import NemesisState
from rules.nemesis.state import FamilyState, Hero, change_room

S = TypeVar("S", bound=FamilyState)
T = TypeVar("T", str, tuple[str, int])  # what is sorted before it is dealt

COLORS = ("red", "yellow", "green")        # the item decks
CONTAMINATION = "contamination"
# deals tried before giving up on one that keeps the same seats waiting
TRIES = 64


class GameSecrets:
    """What only the game knows about its hidden parts (see the module docstring); a
    game subclasses it and overrides what applies."""

    def spare_tiles(self, s: NemesisState) -> list[str]:
        """Room tiles of the game that never reached the board (left in the box)."""
        del s
        return []

    def known_items(self, s: NemesisState, seat: str) -> Counter[tuple[str, str]]:
        """(holder, item) pairs of other characters' inventories that `seat` knows."""
        del s, seat
        return Counter()

    def known_rooms(self, s: NemesisState, seat: str) -> set[str]:
        """Unexplored rooms whose tile and token `seat` looked at: they keep both."""
        del s, seat
        return set()

    def deal(self, s: NemesisState, seat: str, rng: Rng) -> None:
        """Deal the game's own secrets on the copy `s` (after the family's deal)."""
        del s, seat, rng


def determinize(state: S, seat: str, seed: int, *, waiting: Callable[[S], list[str]],
                secrets: GameSecrets) -> S:
    """A copy of `state` with what `seat` cannot know dealt again from `seed`; a deal
    that changes whom the game waits for (`waiting`) is dealt again."""
    rng = Rng.from_seed(seed)
    want = waiting(state)
    for _ in range(TRIES):
        s = deal(state, seat, rng, secrets)
        if waiting(s) == want:
            break
    return s


def deal(state: S, seat: str, rng: Rng, secrets: GameSecrets) -> S:
    """One deal of everything `seat` cannot know, on a copy of `state`."""
    s = clone(state)
    f = cast(NemesisState, s)
    mine = s.memory.get(seat)  # (what the others saw in secret is theirs)
    s.memory = {seat: mine} if mine is not None else {}
    deal_action_cards(f, seat, rng)
    deal_contamination(f, seat, rng)
    deal_items(f, seat, rng, secrets.known_items(f, seat))
    deal_gifts(f, seat, rng)
    deal_decks(f, seat, rng)
    deal_bag(f, rng)
    deal_rooms(f, rng, secrets.spare_tiles(f), secrets.known_rooms(f, seat))
    secrets.deal(f, seat, rng)
    f.rng = Rng.from_seed(rng.next64())
    f.seed = rng.next64()  # the game's seed would replay its setup: a secret too
    return s


# ------------------------------------------------------------------ helpers
def sorted_shuffle(rng: Rng, cards: Iterable[T]) -> list[T]:
    """The cards in a random order that depends only on which cards they are."""
    return rng.shuffled(sorted(cards))


def others(s: NemesisState, seat: str) -> list[Hero]:
    """The other characters, in seat order."""
    return [s.heroes[x] for x in s.seats if x != seat and x in s.heroes]


def _split(cards: list[str], sizes: Iterable[int]) -> list[list[str]]:
    out: list[list[str]] = []
    for n in sizes:
        out.append(cards[:n])
        cards = cards[n:]
    return out


# ------------------------------------------------------------------ action cards
def deal_action_cards(s: NemesisState, seat: str, rng: Rng) -> None:
    """Others' hands, decks and discard piles from the cards they hold together (a card
    being played in a pending payment stays on top of its discard pile); the seat's own
    deck is shuffled."""
    playing = {f.seat: f.card for f in s.stack if isinstance(f, PayFrame) and f.card}
    for hero in s.heroes.values():
        if hero.seat == seat:
            hero.deck = sorted_shuffle(rng, hero.deck)
            continue
        discard = list(hero.discard)
        kept = playing.get(hero.seat)
        if kept is not None and discard and discard[-1] == kept:
            discard.pop()
        else:
            kept = None
        sizes = (len(hero.hand), len(hero.deck), len(discard))
        cards = sorted_shuffle(rng, hero.hand + hero.deck + discard)
        hero.hand, hero.deck, discard = _split(cards, sizes)
        hero.discard = discard + ([kept] if kept is not None else [])


# ------------------------------------------------------------------ contamination
def known_infected(s: NemesisState, seat: str) -> Counter[str]:
    """Contamination cards ("c:<id>") of the seat's own it scanned INFECTED and still
    holds (rules.nemesis.memory)."""
    m = s.memory.get(seat)
    hero = s.heroes.get(seat)
    if m is None or hero is None:
        return Counter()
    return Counter(m.infected) & own_contamination(hero)


def pinned(s: NemesisState, seat: str, deck: str) -> dict[int, str]:
    """The places in a shared deck the seat knows (rules.nemesis.memory keeps them up
    to date: a card's depth under the top or above the bottom)."""
    m = s.memory.get(seat)
    cards = s.decks.get(deck, [])
    out: dict[int, str] = {}
    if m is None or not cards:
        return out
    for pin in m.top:
        if pin.deck == deck:
            out[0] = pin.card
    for pin in m.bottom:
        if pin.deck == deck:
            out[len(cards) - 1 - pin.depth] = pin.card
    # a save from before depths were kept may name a place wrongly: such a pin is left out
    return {i: card for i, card in out.items() if 0 <= i < len(cards) and cards[i] == card}


def fill(size: int, pins: dict[int, str], dealt: Iterable[str]) -> list[str]:
    """A deck of `size` cards: the pinned ones where they are, the dealt ones around."""
    rest = iter(dealt)
    return [pins[i] if i in pins else next(rest) for i in range(size)]


def unpinned(cards: list[str], pins: dict[int, str]) -> list[str]:
    return [c for i, c in enumerate(cards) if i not in pins]


def deal_contamination(s: NemesisState, seat: str, rng: Rng) -> None:
    """The faces of every contamination card the seat cannot tell, dealt again from those
    together: the deck's, other characters', its own it has not scanned INFECTED."""
    keep = known_infected(s, seat)
    slots: list[tuple[list[str], int]] = []
    for x in sorted(s.heroes):
        hero = s.heroes[x]
        for pile in (hero.hand, hero.deck, hero.discard):
            for i, card in enumerate(pile):
                if not card.startswith("c:"):
                    continue
                if x == seat and keep[card] > 0:
                    keep[card] -= 1
                    continue
                slots.append((pile, i))
    deck = s.decks.get(CONTAMINATION, [])
    faces = [pile[i].removeprefix("c:") for pile, i in slots] + deck
    faces = sorted_shuffle(rng, faces)
    for (pile, i), face in zip(slots, faces, strict=False):
        pile[i] = f"c:{face}"
    if CONTAMINATION in s.decks:
        s.decks[CONTAMINATION] = faces[len(slots):]


# ------------------------------------------------------------------ items
def _starting_item(s: NemesisState, hero: Hero) -> str | None:
    """The character's starting item (public with the character)."""
    ch = s.rules.characters.get(hero.character)
    return ch.starting_item if ch is not None else None


def deal_items(s: NemesisState, seat: str, rng: Rng, known: Counter[tuple[str, str]]
               ) -> None:
    """Other characters' secret items and the item decks, colour by colour (each card
    keeps its colour where it lies); the items a seat is choosing between after drawing
    2, and the heavy item another seat with full hands was given (it chooses what to
    drop), come from the same pool. Items out of the game that were in an inventory are
    dealt too (the table saw only their colours)."""
    items = s.rules.items
    keep = known + trade_items(s, seat)
    slots: dict[str, list[tuple[list[str], int]]] = {c: [] for c in COLORS}
    for hero in others(s, seat):
        starting = _starting_item(s, hero)
        for i, item in enumerate(hero.inventory):
            if item == starting:
                starting = None  # (a second copy is a secret like any other)
                continue
            card = items.get(item)
            if card is None or card.color not in COLORS:
                continue
            if keep[hero.seat, item] > 0:
                keep[hero.seat, item] -= 1
                continue
            slots[items[item].color].append((hero.inventory, i))
    # a dead character's heavy items were in plain sight: those stay
    for i, item in enumerate(s.removed_items):
        card = items.get(item)
        if card is None or card.color not in COLORS:
            continue
        if card.heavy:
            continue
        slots[card.color].append((s.removed_items, i))
    picks: list[tuple[int, PickFrame, str]] = []
    heavy: list[tuple[int, PickFrame, str]] = []
    for i, f in enumerate(s.stack):
        if not isinstance(f, PickFrame) or f.seat == seat:
            continue
        if f.tag == "keep_item":
            picks.append((i, f, items[f.options[0].split("+")[0]].color))
        elif f.tag.startswith(f"{HEAVY}:i:"):
            card = items[f.tag.split(":")[2]]
            if card.color in COLORS:
                heavy.append((i, f, card.color))
    for color in COLORS:
        deck = s.decks.get(color, [])
        pins = pinned(s, seat, color)
        pool = [pile[i] for pile, i in slots[color]] + unpinned(deck, pins)
        pool += [x for _, f, c in picks if c == color for x in f.options[0].split("+")]
        pool += [f.tag.split(":")[2] for _, f, c in heavy if c == color]
        pool = sorted_shuffle(rng, pool)
        light = [x for x in pool if not items[x].heavy]  # (an inventory holds no heavy item)
        for (pile, i), item in zip(slots[color], light, strict=False):
            pile[i] = item
            pool.remove(item)
        for k, f, c in heavy:
            given = next((x for x in pool if items[x].heavy), None) if c == color else None
            if given is None:
                continue
            pool.remove(given)
            weapon = items[given].weapon
            s.stack[k] = heavy_pick(s.rules, s.heroes[f.seat], given, None,
                                    weapon.ammo if weapon else 0)
        for k, f, c in picks:
            if c != color:
                continue
            pair = [pool.pop() for _ in f.options[0].split("+")]
            s.stack[k] = replace(f, options=["+".join(pair), "+".join(reversed(pair))],
                                 labels=[f"Keep {items[x].name}" for x in pair])
        if color in s.decks:
            s.decks[color] = fill(len(deck), pins, pool)


# ------------------------------------------------------------------ decks
HANDLED = frozenset({*COLORS, CONTAMINATION})


def deal_decks(s: NemesisState, seat: str, rng: Rng) -> None:
    """Every other shared deck in a new order (events, attacks, wounds, the draft pool,
    a game's own decks). The characters a seat is drafting from were named to the table:
    they stay."""
    for name in sorted(s.decks):
        if name in HANDLED:
            continue
        deck = s.decks[name]
        pins = pinned(s, seat, name)
        s.decks[name] = fill(len(deck), pins, sorted_shuffle(rng, unpinned(deck, pins)))


# ------------------------------------------------------------------ the bag
def deal_bag(s: NemesisState, rng: Rng) -> None:
    """Each kind keeps its count of tokens in the bag; which physical tokens of that
    kind are in it (rather than in the supply) is dealt again, the bag in a new order."""
    tokens = s.rules.bag.tokens
    aside = set(s.aside)
    counts = Counter(kind_of(t) for t in s.bag)
    bag: list[str] = []
    for kind in sorted(counts):
        pool = sorted(t for t, entry in tokens.items()
                      if entry.kind == kind and t not in aside)
        bag += rng.shuffled(pool)[:counts[kind]]
    s.bag[:] = sorted_shuffle(rng, bag)


# ------------------------------------------------------------------ rooms
def deal_rooms(s: NemesisState, rng: Rng, spare: list[str],
               known: Collection[str] = ()) -> None:
    """Unexplored rooms' tiles, by level, from theirs and the tiles left in the box; and
    their exploration tokens (with the items each brings) among the unexplored rooms of
    the same sort (with a tile or without one). The `known` rooms keep theirs."""
    tiles = s.rules.tiles
    hidden = sorted(slot for slot, r in s.rooms.items()
                    if not r.explored and slot not in known)
    changes: dict[str, dict[str, object]] = {x: {} for x in hidden}
    by_level: dict[str, list[str]] = {}
    for slot in hidden:
        tile = s.rooms[slot].tile
        if tile is not None:
            by_level.setdefault(tiles[tile].level, []).append(slot)
    for level in sorted(by_level):
        slots = by_level[level]
        pool = [s.rooms[x].tile or "" for x in slots]
        pool += [t for t in spare if t in tiles and tiles[t].level == level]
        pool = sorted_shuffle(rng, pool)
        for x in slots:
            changes[x]["tile"] = pool.pop()
    for has_tile in (True, False):
        slots = [x for x in hidden if s.rooms[x].token is not None
                 and (s.rooms[x].tile is not None) == has_tile]
        marks = sorted_shuffle(rng, [(s.rooms[x].token or "", s.rooms[x].token_items)
                                     for x in slots])
        for x, (token, items) in zip(slots, marks, strict=True):
            changes[x].update(token=token, token_items=items)
    for x, change in changes.items():
        if change:
            change_room(s.rooms, x, **change)


# ------------------------------------------------------------------ pinned frames
def trade_items(s: NemesisState, seat: str) -> Counter[tuple[str, str]]:
    """(giver, item) pledged in a pending trade that `seat` gives or is offered: they
    stay with their giver."""
    out: Counter[tuple[str, str]] = Counter()
    for f in s.stack:
        if isinstance(f, TradeFrame):
            out.update((g, thing) for g, r, thing in f.gifts if seat in (g, r))
    return out


def deal_gifts(s: NemesisState, seat: str, rng: Rng) -> None:
    """The secret items pledged between two other players in a pending trade (the seat
    heard only how many things are offered): after their inventories were dealt again,
    each such gift is one of its giver's items, none pledged twice."""
    for k, f in enumerate(s.stack):
        if not isinstance(f, TradeFrame):
            continue
        pledged = Counter((g, t) for g, r, t in f.gifts
                          if seat in (g, r) or not _secret_gift(s, g, t))
        gifts: list[tuple[str, str, str]] = []
        for g, r, thing in f.gifts:
            if seat in (g, r) or not _secret_gift(s, g, thing):
                gifts.append((g, r, thing))
                continue
            left = Counter(s.heroes[g].inventory)
            left.subtract({t: n for (x, t), n in pledged.items() if x == g})
            choices = sorted(left.elements())
            new = rng.choice(choices) if choices else thing
            pledged[g, new] += 1
            gifts.append((g, r, new))
        s.stack[k] = replace(f, gifts=gifts)


def _secret_gift(s: NemesisState, giver: str, thing: str) -> bool:
    """A pledged thing whose name only its giver and receiver know: a card of the
    giver's inventory (not a heavy item or an object in a hand)."""
    in_hand = any(thing in (h.item, h.obj) for h in s.heroes[giver].hands)
    return not in_hand and thing in s.rules.items
