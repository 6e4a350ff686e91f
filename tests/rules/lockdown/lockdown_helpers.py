"""Scenario helpers for the Nemesis: Lockdown rules tests.

Start a game, craft a situation on a copy of the state (characters, rooms, hands, frames
on the stack), play action keys through the public contract, and force random results
by scripting the RNG. Nothing here changes the engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from family_cards import CardCounts
from family_leaks import check_events_hide, check_view_hides, family_secrets
from family_scenario import (  # noqa: F401  (re-exported)
    add_intruder,
    bag_draw,
    brace_maker,
    noise_draw,
    turn_maker,
)
from family_sim import checked_move
from scenario import Scenario, ScriptedRng, kinds, rig, texts, top  # noqa: F401  (re-exported)

from rules import get_ruleset
from rules.core.clone import clone
from rules.core.contract import Event
from rules.lockdown.board import board
from rules.lockdown.cards import content, index
from rules.lockdown.ruleset import Lockdown
from rules.lockdown.setup import place_character
from rules.lockdown.state import GameState, Options, RoundFrame
from rules.lockdown.table import hand_limit
from rules.nemesis.character import slot_limit, slots_used
from rules.nemesis.frames import DiscardFrame, PickFrame, TurnFrame
from rules.nemesis.state import Held, Hero, WoundCard, change_room

RS = Lockdown()
assert get_ruleset("lockdown").name == RS.name
C = content()
IDX = index()
B = board()
CHARACTERS = tuple(ch.id for ch in C.characters)


SC = Scenario(RS, edit=clone)
edit, advance, push, run_with = SC.edit, SC.advance, SC.push, SC.run_with
play, keys, labels, illegal, waiting = SC.play, SC.keys, SC.labels, SC.illegal, SC.waiting


brace = brace_maker(play)


def checked_step(s: GameState, seat: str, key: str, where: str
                 ) -> tuple[GameState, list[Event]]:
    """Play `key` in a simulation and check what every simulation checks after a move:
    the state's invariants, draws, that events and the public view leak nothing
    (family_sim.checked_move). Returns the new state and its events."""
    def check(before: GameState, new: GameState, events: list[Event], where: str) -> None:
        check_state(new, where)
        check_draw(before, new, where)
        check_public(new, events, where)

    return checked_move(RS, s, seat, key, where, check)


def checked_mars_step(s: GameState, seat: str, key: str, where: str
                      ) -> tuple[GameState, list[Event]]:
    """`checked_step` on the Mars side: the surface checked too."""
    new, events = checked_step(s, seat, key, where)
    check_surface(new, f"{where} {seat}:{key}")
    return new, events


def seats(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def new(n: int = 2, seed: int = 1, options: Options | None = None) -> GameState:
    """A fresh game: the draft of player 1 is pending."""
    return RS.new_game(seats(n), seed, options)


def started(n: int = 2, seed: int = 1, options: Options | None = None) -> GameState:
    """A game after the draft (first offered character each): round 1, the first
    player's turn."""
    s = new(n, seed, options)
    while s.stack and s.stack[-1].kind == "draft":
        seat = waiting(s)[0]
        s, _ = play(s, seat, keys(s, seat)[0])
    assert isinstance(s.stack[-1], TurnFrame)
    return s


def ready(chars: Iterable[str] = ("sentry", "survivor"), seed: int = 1,
          room: str | None = None, options: Options | None = None) -> GameState:
    """A started game whose seats p0, p1, ... play `chars` (fresh boards: starting item,
    shuffled deck, a hand of 5), all in `room` (default: their start room), with p0's
    turn pending and nothing else on the stack."""
    chars = list(chars)
    s = edit(started(len(chars), seed, options))
    s.decks["contamination"] += [c.removeprefix("c:") for h in s.heroes.values()
                                 for c in h.hand + h.deck + h.discard if c.startswith("c:")]
    for seat, character in zip(s.seats, chars, strict=True):
        hero = s.heroes[seat]
        for held in hero.hands:
            if held.item is not None:
                s.decks.setdefault(IDX.items[held.item].color, []).append(held.item)
        for item in hero.inventory:
            s.decks.setdefault(IDX.items[item].color, []).append(item)
        fresh = Hero(seat=seat, character="", room="", objectives=hero.objectives,
                     contingencies=hero.contingencies)
        s.heroes[seat] = fresh
        place_character(s, seat, character)
        fresh.hand, fresh.deck = fresh.deck[:5], fresh.deck[5:]
        if room is not None:
            fresh.room = room
    for color in ("character",):
        s.decks[color] = []
    s.first_player = s.seats[0]
    return turn(s, s.seats[0])


turn = turn_maker(edit, RoundFrame)


def noise(face: int | str) -> tuple[int, int]:
    """The draw that rolls `face` on the noise die."""
    return noise_draw(C, face)


key_for = SC.key_for


# ------------------------------------------------------------------ crafting a state
def put_room(s: GameState, slot: str, tile: str, *, explored: bool = True, items: int = 2,
             token: str = "silence") -> None:
    """Give `slot` the room `tile` (in place; the tiles of the two slots are swapped)."""
    other = next((r for r in s.rooms.values() if r.tile == tile and r.slot != slot), None)
    if other is not None:
        change_room(s.rooms, other.slot, tile=s.rooms[slot].tile)
    change_room(s.rooms, slot, tile=tile, explored=explored, items=items if explored else 0,
                token=None if explored else token, token_items=items)


def slot_of(s: GameState, tile: str) -> str:
    return next(slot for slot, r in s.rooms.items() if r.tile == tile)


def tech_room(s: GameState) -> str:
    """An I/II slot with a technical corridor entrance."""
    return next(r for r in B.tech_rooms() if B.kind[r] != "special")


def plain_room(s: GameState, exclude: Iterable[str] = ()) -> str:
    """An I/II slot without a technical corridor entrance."""
    tech = set(B.tech_rooms())
    return next(r for r in s.rooms if B.kind[r] != "special" and r not in tech
                and r not in exclude)


def set_hand(s: GameState, seat: str, cards: Iterable[str]) -> None:
    """Make `cards` the hand of `seat` (in place), taking them from the deck/discard;
    contamination cards are written "c:<id>" and come from the contamination deck."""
    hero = s.heroes[seat]
    cards = list(cards)
    for c in hero.hand:
        if c.startswith("c:"):
            s.decks["contamination"].append(c[2:])
        else:
            hero.deck.append(c)
    hero.hand = []
    for c in cards:
        if c.startswith("c:"):
            s.decks["contamination"].remove(c[2:])
        elif c in hero.deck:
            hero.deck.remove(c)
        else:
            hero.discard.remove(c)
        hero.hand.append(c)


def card_of(character: str, *, interrupt: bool | None = None, cost: int | None = None,
            combat: str | None = None) -> str:
    ch = IDX.characters[character]
    return next(c.id for c in ch.deck
                if (interrupt is None or c.interrupt == interrupt)
                and (cost is None or c.cost == cost) and (combat is None or c.combat == combat))


def plain_cards(s: GameState, seat: str, n: int) -> list[str]:
    """n non-interrupt action cards of the seat's character."""
    ch = IDX.characters[s.heroes[seat].character]
    return [c.id for c in ch.deck if not c.interrupt][:n]


def give(s: GameState, seat: str, item: str, *, ammo: int | None = None) -> None:
    """Put an item card into the seat's inventory or hands (in place), out of its deck."""
    card = IDX.items[item]
    for pile in (s.decks.get(card.color, []), s.crafted):
        if item in pile:
            pile.remove(item)
            break
    hero = s.heroes[seat]
    if card.heavy:
        full = card.weapon.ammo if card.weapon else 0
        hero.hands.append(Held(item=item, ammo=full if ammo is None else ammo))
    else:
        hero.inventory.append(item)


def take_all_items(s: GameState, seat: str) -> None:
    """Empty the seat's inventory and hands (items back under their decks)."""
    hero = s.heroes[seat]
    for item in hero.inventory + [h.item for h in hero.hands if h.item]:
        s.decks.setdefault(IDX.items[item].color, []).append(item)
    hero.inventory, hero.hands = [], []


def wound(s: GameState, seat: str, penalty: str, dressed: bool = False) -> None:
    card = next(w.id for w in C.serious_wounds if w.penalty == penalty)
    s.decks["wounds"].remove(card)
    s.heroes[seat].serious.append(WoundCard(card=card, dressed=dressed))


def on_top(s: GameState, deck: str, *cards: str) -> None:
    """Put shared-deck cards on top of `deck` (in the given order, first on top)."""
    pile = s.decks.setdefault(deck, [])
    for card in cards:
        if card in pile:
            pile.remove(card)
        else:
            s.discards.get(deck, []).remove(card)
    pile[:0] = list(cards)


def attack(*, hits: Iterable[str] = ("adult",), light: int | None = None,
           serious: bool | None = None, retreat: bool | None = None,
           blood: int | None = None) -> str:
    """An attack card id with these properties."""
    hits = set(hits)
    for card in C.attacks:
        if not hits <= set(card.hits):
            continue
        if retreat is not None and card.retreat != retreat:
            continue
        if blood is not None and card.blood != blood:
            continue
        lights = sum(e.n for e in card.effects if e.do == "wound" and e.kind == "light"
                     and e.who == "self")
        seriouses = any(e.do == "wound" and e.kind == "serious" for e in card.effects)
        if light is not None and (lights != light or seriouses or card.dark_effects
                                  or len(card.effects) != 1):
            continue
        if serious is not None and seriouses != serious:
            continue
        return card.id
    raise AssertionError("no such attack card")


def miss_card(kind: str) -> str:
    """An attack card that misses this intruder kind."""
    return next(c.id for c in C.attacks if kind not in c.hits)


# ------------------------------------------------------------------ the RNG
def die(face: str, advantage: bool = False) -> tuple[int, int]:
    faces = list(C.dice.advantage if advantage else C.dice.combat)
    return (len(faces), faces.index(face))  # type: ignore[arg-type]


def exit_to(room: str, number: int) -> str:
    return B.exit_by_number(room, number).to


def corridor(a: str, b: str) -> str:
    c = B.corridor_between(a, b)
    assert c is not None
    return c


def neighbour(room: str, exclude: Iterable[str] = ()) -> str:
    return next(r for r in B.neighbours(room) if r not in exclude)


# ------------------------------------------------------------------ invariants
ITEMS = {i.id: i for i in C.items}
CARDS = CardCounts(C, IDX)
CONTAM_ID = re.compile(r"\bct\d\d\b")
PRIVATE_KINDS = {"item_private", "scan", "peek_event", "contingency_peek", "css_peek",
                 "objective", "private", "draw"}


def check_state(s: GameState, where: str) -> None:
    """Conservation and bounds that hold after every applied action."""
    CARDS.check(s, where)
    for hero in s.heroes.values():
        if not hero.character:
            continue
        assert 0 <= hero.light <= 2, f"{where}: light wounds {hero.light}"
        assert len(hero.serious) <= 3, f"{where}: serious wounds {hero.serious}"
        asked = [f for f in s.stack if isinstance(f, PickFrame) and f.seat == hero.seat
                 and f.tag == "overfull"]
        for f in asked:  # a question about what to drop asks about the hands as they are
            assert f.options == [str(i) for i in range(len(hero.hands))], \
                f"{where}: a stale question about what to drop: {f.labels}, {hero.hands}"
        if hero.place == "board":
            assert asked or slots_used(hero) <= slot_limit(s.rules, hero), \
                f"{where}: hands {hero.hands}"
        assert slots_used(hero) <= 2, f"{where}: more than 2 hand slots used"
    assert len(set(s.noise)) == len(s.noise), f"{where}: two noise markers in a corridor"
    assert not set(s.noise) & B.technical, where
    assert not set(s.doors) & B.technical, f"{where}: a door in a technical corridor"
    assert len(s.doors) <= 10, f"{where}: more door tokens than the supply"
    assert s.fires == sum(r.fire for r in s.rooms.values()) <= 12, where
    assert s.malfunctions == sum(r.malfunction for r in s.rooms.values()) <= 10, where
    tokens = s.bag + s.aside
    assert len(set(tokens)) == len(tokens) and set(tokens) <= set(s.rules.bag.tokens), \
        f"{where}: intruder tokens {tokens}"
    models = s.rules.models
    for kind in ("larva", "creeper", "adult", "breeder", "queen"):
        assert sum(i.kind == kind for i in s.intruders) <= getattr(models, kind), where
    assert s.eggs >= 0, where


def check_draw(before: GameState, after: GameState, where: str) -> None:
    """Drawing up at the start of a round never goes above the hand limit."""
    if after.round == before.round or after.winners is not None:
        return
    for seat, hero in after.heroes.items():
        if hero.place == "board":
            old = len(before.heroes[seat].hand)
            assert len(hero.hand) <= max(hand_limit(after, hero), old), \
                f"{where}: {seat} drew {len(hero.hand)} cards"


def secrets(s: GameState) -> dict[str, set[str]]:
    """What the public must not see right now: "ids" (in the view and in public
    events), "names" of hand cards and "items" in inventories (in the view), "tiles"
    of unexplored rooms (in the view and in public event data)."""
    over = s.winners is not None
    hidden = not over and s.options.mode != "coop"  # coop objectives are public
    out = family_secrets(s, IDX, objectives=hidden)
    if hidden:
        for hero in s.heroes.values():
            out["ids"].update(hero.contingencies)
    if not over:
        out["ids"].add(s.active_contingency)
        out["ids"].update(s.neutral_pool)
    out["ids"].update(s.css.values())
    # coop: revealed neutral tokens are public (another token may share the id)
    out["ids"] -= set(s.revealed_contingencies)
    return out


def check_public(s: GameState, events: list[Event], where: str) -> None:
    view = RS.view(s, None)
    dumped = view.model_dump_json()
    assert view.me is None, where
    assert not {"decks", "discards", "bag", "aside", "rng", "stack"} & set(
        view.model_dump()), where
    hidden = secrets(s)
    check_view_hides(dumped, hidden, where)
    assert not CONTAM_ID.search(dumped), f"{where}: a contamination id in the view"
    for room in view.rooms:
        if not room.explored:
            assert room.tile is None and room.name is None and room.items is None, where

    def no_contamination_id(e: Event, blob: str) -> None:
        assert not CONTAM_ID.search(blob), f"{where}: public event {e.kind}: {e.text}"

    check_events_hide(events, s.seats, hidden, PRIVATE_KINDS, where, no_contamination_id)


def do(s: GameState, seat: str, key: str, *rng: tuple[int, int]) -> tuple[GameState, list[Event]]:
    """Play `key`, script the RNG draws that follow, and pay its cost with the first
    cards offered (if a payment is asked for)."""
    if rng:
        s = edit(s)
        rig(s, *rng)
    s, events = play(s, seat, key)
    if s.stack and s.stack[-1].kind == "pay" and waiting(s) == [seat]:
        s, more = play(s, seat, keys(s, seat)[0])
        events += more
    return s, events


def discard_key(s: GameState, seat: str, cards: Iterable[str]) -> str:
    """The key that discards these cards (ids, "c:<id>") from the seat's hand."""
    hand = list(s.heroes[seat].hand)
    positions = []
    for card in cards:
        i = next(i for i, c in enumerate(hand) if c == card and i not in positions)
        positions.append(i)
    return "discard:" + ("+".join(str(i) for i in sorted(positions)) or "~")


def pass_turn(s: GameState, seat: str, discard: Iterable[str] = ()
              ) -> tuple[GameState, list[Event]]:
    """Pass, then answer the discard offer with the cards to discard."""
    s, events = play(s, seat, "pass")
    frame = s.stack[-1] if s.stack else None
    if isinstance(frame, DiscardFrame) and frame.seat == seat:
        s, more = play(s, seat, discard_key(s, seat, discard))
        events += more
    return s, events


def check_surface(s: GameState, where: str) -> None:
    """Mars side: no noise or door on a path, no fire or malfunction on a crossroads,
    the rover in an exit room (or gone), no basic technical-corridor noise."""
    b = board(s)
    assert not set(s.noise) & b.paths, f"{where}: noise on a path"
    assert not set(s.doors) & b.paths, f"{where}: a door on a path"
    assert not set(s.noise) & set(b.area), f"{where}: an area marker in the corridor list"
    assert sorted(set(s.area_noise)) == s.area_noise and set(s.area_noise) <= {1, 2, 3, 4}
    for x in b.crossroads:
        assert not s.rooms[x].fire and not s.rooms[x].malfunction, where
    assert s.rover == "" or s.rover in b.exit_rooms, where
    assert not s.tech_noise, f"{where}: the basic technical corridors are not on Mars"
