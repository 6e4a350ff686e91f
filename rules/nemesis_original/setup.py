"""Setting up the original Nemesis (NE-SETUP-1): the ship's rooms dealt face down with
their exploration tokens, the tracks, the coordinates card, the engines, the locked
escape pods, the bag, the decks, two objectives each, and the character draft."""

from __future__ import annotations

from functools import lru_cache

from rules.core.contract import IllegalAction
from rules.core.rng import Rng
from rules.nemesis.decks import expand, starting_decks
from rules.nemesis.frames import DraftFrame
from rules.nemesis.state import Held, Hero, RoomState
from rules.nemesis_original.cards import content, index
from rules.nemesis_original.profile import BAG
from rules.nemesis_original.ship import ship, slot_of_tile
from rules.nemesis_original.state import GameState, Options, PodState, RoundFrame

MIN_PLAYERS, MAX_PLAYERS = 1, 5
START_ROOM = "hibernatorium"   # every character wakes up there


def new_game(seats: list[str], seed: int, options: Options) -> GameState:
    n = len(seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction("Nemesis takes 1 to 5 players.")
    if len(set(seats)) != n:
        raise IllegalAction("Each player may only sit once.")
    c = content()
    sh = ship()
    rng = Rng.from_seed(seed)
    rooms = deal_rooms(rng)
    decks = starting_decks(rng, c.items, c.events, c.attacks, c.contamination,
                           c.serious_wounds)
    state = GameState(
        seed=seed, rng=rng, options=options, seats=list(seats), rooms=rooms,
        bag=BAG.starting_bag(rng, n), decks=decks, eggs=c.intruders.eggs,
        time=sh.time_track.start, destination=sh.destination.start,
        coordinates=rng.choice([card.id for card in sh.coordinates]),
        engines={e.id: rng.below(2) == 0 for e in sh.engines},
        pods={p.id: PodState(id=p.id, section=p.section) for p in sh.pods},
        weaknesses=rng.shuffled([w.id for w in c.weaknesses])[:3],
        crafted=expand([(i.id, i.copies) for i in c.items if i.color == "crafted"]),
        first_player=seats[0],
    )
    deal_objectives(state, rng)
    state.decks["draft"] = rng.shuffled([ch.id for ch in c.characters])
    state.stack = [RoundFrame(), *[DraftFrame(seat=seat, offered=[]) for seat in
                                   reversed(seats)]]
    return state


def deal_rooms(rng: Rng) -> dict[str, RoomState]:
    """Special rooms face up on their slots; the I tiles and 5 of the II tiles face
    down on the I and II slots, each with an exploration token (NE-SETUP-1)."""
    sh = ship()
    by_level = {lvl: rng.shuffled(expand([(r.id, r.copies) for r in sh.rooms
                                          if r.level == lvl]))
                for lvl in ("I", "II")}
    exploration = rng.shuffled(expand([(f"{t.effect}:{t.items}", t.count)
                                       for t in content().exploration]))
    rooms: dict[str, RoomState] = {}
    for slot in sh.ship.slots:
        if slot.kind == "special":
            rooms[slot.id] = RoomState(slot=slot.id, tile=slot.room, explored=True)
            continue
        effect, _, items = exploration.pop().partition(":")
        rooms[slot.id] = RoomState(slot=slot.id, tile=by_level[slot.kind].pop(),
                                   token=effect, token_items=int(items))
    return rooms


def deal_objectives(s: GameState, rng: Rng) -> None:
    """One corporate and one personal objective each (kept face down; the first
    encounter makes everyone keep one). Objectives naming a player are never dealt to
    that player, nor used at a table without them."""
    piles = [rng.shuffled(cards) for cards in objective_decks(len(s.seats))]
    for number, seat in enumerate(s.seats, start=1):
        hero = Hero(seat=seat, character="", room="")
        hero.objectives = draw_objectives(piles, number)
        s.heroes[seat] = hero


@lru_cache(maxsize=8)
def objective_decks(n: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The objective cards dealt from at a table of `n`, corporate then personal (in
    content order): "player N cannot survive" only when player N is seated."""
    corporate, personal = (
        tuple(o.id for o in content().objectives if o.deck == d and o.min_players <= n
              and not (o.kind == "player_cannot_survive" and o.value > n))
        for d in ("corporate", "personal"))
    return corporate, personal


def draw_objectives(piles: list[list[str]], number: int) -> list[str]:
    """Player `number`'s objectives: the top card of each pile (its end) that does not
    name them (taken out of the pile)."""
    dealt = []
    for pile in piles:
        pick = next((i for i in range(len(pile) - 1, -1, -1)
                     if not _against(pile[i], number)), len(pile) - 1)
        if pile:
            dealt.append(pile.pop(pick))
    return dealt


def _against(objective_id: str, number: int) -> bool:
    card = index().objectives[objective_id]
    return card.kind == "player_cannot_survive" and card.value == number


def place_character(s: GameState, seat: str, character: str) -> None:
    """After the draft: the character wakes in the Hibernatorium with its shuffled
    deck and starting item."""
    ch = index().characters[character]
    hero = s.heroes[seat]
    hero.character = character
    hero.room = slot_of_tile(START_ROOM)
    hero.knowledge = 0
    hero.deck = s.rng.shuffled([card.id for card in ch.deck])
    if ch.starting_item is not None:
        item = index().items[ch.starting_item]
        if item.heavy:
            hero.hands.append(Held(item=item.id, ammo=item.weapon.ammo if item.weapon else 0))
        else:
            hero.inventory.append(item.id)
