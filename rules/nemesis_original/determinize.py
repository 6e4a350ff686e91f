"""What a game of the original Nemesis might be, seen from one seat:
`determinize(state, seat, seed)`.

The family layer (rules.nemesis.determinize) deals what both Nemesis games share:
action cards, contamination, items, deck orders, the draft, the intruder bag. This
module plugs in the ship's own secrets (`ShipSecrets`): the coordinates card, the
engines' status, the room tiles and exploration tokens of the unexplored rooms, the
weakness cards not yet discovered, the other players' objectives and what they looked
at in secret. Each is dealt again from what the seat cannot rule out, keeping what it
saw in secret (`known`: the coordinates it read, an engine it looked at since nobody
else worked on it, a room it watched on the monitors). What is unknown is gathered in
a fixed (sorted) order before it is dealt, so two states that look the same to the
seat give the same copy for the same seed. README.md ("What a computer player knows")
lists what is dealt and what is kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache

from rules.core.rng import Rng
from rules.nemesis import determinize as family
from rules.nemesis.decks import expand
from rules.nemesis.frames import PickFrame
from rules.nemesis.profile import NemesisState
from rules.nemesis.state import change_room
from rules.nemesis_original.cards import content
from rules.nemesis_original.flow import MACHINE
from rules.nemesis_original.rooms import service_labels, status_word
from rules.nemesis_original.setup import draw_objectives, objective_decks
from rules.nemesis_original.ship import ship
from rules.nemesis_original.state import GameState

COORDINATES = "coordinates"  # the `known` key of the coordinates read at the cockpit
ENGINE = "engine_"           # `known` key prefix of an engine's status
ROOM = "room_"               # `known` key prefix of a room watched on the monitors


def determinize(state: GameState, seat: str, seed: int) -> GameState:
    """A copy of `state` with what `seat` cannot know dealt again from `seed` (a deal
    that changes whom the game waits for is dealt again: the family's loop)."""
    return family.determinize(state, seat, seed, waiting=MACHINE.waiting,
                              secrets=ShipSecrets(state, seat))


def _own(s: NemesisState) -> GameState:
    if not isinstance(s, GameState):
        raise TypeError(f"the ship's secrets were handed a {type(s).__name__}")
    return s


class ShipSecrets(family.GameSecrets):
    """The original's hidden parts for the family's deal. Made for one `determinize`
    call: it keeps the rooms the seat watched on the monitors as the real state has
    them (the family deals every unexplored room; the ship deals them again after it,
    those the seat watched as it saw them)."""

    def __init__(self, state: GameState, seat: str) -> None:
        self.watched = {slot: state.rooms[slot] for slot in watched_rooms(state, seat)}

    def deal(self, s: NemesisState, seat: str, rng: Rng) -> None:
        g = _own(s)
        g.rooms.update(self.watched)
        deal_ship(g, seat, rng)


def watched_rooms(s: GameState, seat: str) -> list[str]:
    """The unexplored rooms `seat` watched on the monitors."""
    slots = (key.removeprefix(ROOM) for key in s.known.get(seat, {}) if key.startswith(ROOM))
    return sorted(slot for slot in slots if not s.rooms[slot].explored)


def deal_ship(s: GameState, seat: str, rng: Rng) -> None:
    """Deal again, on the copy `s`, what only the original's ship hides from `seat`.
    The coordinates, the engines and the objectives are shown at the victory check:
    from then on they stay as they are."""
    if s.winners is None:
        _deal_coordinates(s, seat, rng)
        _deal_engines(s, seat, rng)
        deal_objectives(s, seat, rng)
    _deal_rooms(s, seat, rng)
    _deal_weaknesses(s, rng)
    _others_known(s, seat, rng)


# ------------------------------------------------------------------ the ship's systems
def _deal_coordinates(s: GameState, seat: str, rng: Rng) -> None:
    """The coordinates card: kept when the seat read it, else any of the cards."""
    if COORDINATES not in s.known.get(seat, {}):
        s.coordinates = rng.choice(sorted(c.id for c in ship().coordinates))


def engine_known(s: GameState, seat: str, engine: str) -> bool:
    """Whether `seat` knows `engine`'s status now: it looked at it, and nobody else has
    worked on it since."""
    return (f"{ENGINE}{engine}" in s.known.get(seat, {})
            and engine not in s.engines_outdated.get(seat, ()))


def _deal_engines(s: GameState, seat: str, rng: Rng) -> None:
    """Each engine the seat does not know now is working or damaged with even odds
    (its two tokens were stacked at random, and nobody sees what another player does
    to it). A pick in progress on another player's engine is told again by the copy's
    status (its labels name it: "Repair it" / "Wreck it")."""
    for engine in sorted(s.engines):
        if not engine_known(s, seat, engine):
            s.engines[engine] = rng.below(2) == 0
    for i, f in enumerate(s.stack):
        if isinstance(f, PickFrame) and f.tag.startswith("engine:") and f.seat != seat:
            working = s.engines[f.tag.partition(":")[2]]
            s.stack[i] = replace(f, labels=service_labels(working))


# ------------------------------------------------------------------ unexplored rooms
def _deal_rooms(s: GameState, seat: str, rng: Rng) -> None:
    """The tiles and exploration tokens of the unexplored rooms the seat has not
    watched on the monitors. Every room tile I lies on a room I slot, so those slots
    share the I tiles not seen yet; the II slots get II tiles from those not seen yet
    (the rest of the box); the tokens come from the box minus those seen."""
    watched = set(watched_rooms(s, seat))
    hidden = sorted(slot for slot, room in s.rooms.items()
                    if not room.explored and slot not in watched)
    if not hidden:
        return
    seen = [room for slot, room in sorted(s.rooms.items()) if slot not in hidden]
    levels = _levels()
    tiles: dict[str, str] = {}
    for level in ("I", "II"):
        slots = [slot for slot in hidden if levels[slot] == level]
        pool = rng.shuffled(_without(_tile_box(level),
                                     (r.tile for r in seen if r.tile is not None)))
        tiles.update(zip(slots, pool, strict=False))
    used = [f"{r.token}:{r.token_items}" for r in seen if r.token is not None]
    tokens = rng.shuffled(_without(_token_box(), used + s.explored_tokens))
    for slot, token in zip(hidden, tokens, strict=False):
        effect, _, items = token.partition(":")
        change_room(s.rooms, slot, tile=tiles.get(slot, s.rooms[slot].tile), token=effect,
                    token_items=int(items))


@lru_cache(maxsize=1)
def _levels() -> dict[str, str]:
    """Each room slot's kind ("special", "I", "II")."""
    return {sl.id: sl.kind for sl in ship().ship.slots}


@lru_cache(maxsize=2)
def _tile_box(level: str) -> tuple[str, ...]:
    """Every room tile of a level, each as many times as its copies."""
    return tuple(expand((r.id, r.copies) for r in ship().rooms if r.level == level))


@lru_cache(maxsize=1)
def _token_box() -> tuple[str, ...]:
    """Every exploration token, "effect:items"."""
    return tuple(expand((f"{t.effect}:{t.items}", t.count) for t in content().exploration))


def _without(box: Iterable[str], seen: Iterable[str]) -> list[str]:
    """`box` (sorted) minus one copy of each id in `seen` that it holds."""
    left = Counter(box)
    left.subtract(Counter(seen))
    return sorted(left.elements())


# ------------------------------------------------------------------ objectives
def deal_objectives(s: GameState, seat: str, rng: Rng) -> None:
    """Each other player's objectives, dealt as setup deals them from the cards the
    seat does not hold; one who has kept 1 of its 2 already keeps either at random.
    (A family candidate: Lockdown deals its semi-cooperative objectives the same way.)"""
    mine = set(s.heroes[seat].objectives) if seat in s.heroes else set()
    piles = [rng.shuffled([o for o in cards if o not in mine])
             for cards in objective_decks(len(s.seats)).values()]
    for number, x in enumerate(s.seats, start=1):
        hero = s.heroes.get(x)
        if x == seat or hero is None or not hero.objectives:
            continue
        dealt = draw_objectives(piles, number)
        hero.objectives = dealt if len(hero.objectives) > 1 else [rng.choice(dealt)]


# ------------------------------------------------------------------ weaknesses
def _deal_weaknesses(s: GameState, rng: Rng) -> None:
    """The weakness cards not discovered yet: from the box minus the discovered ones."""
    hidden = [i for i in range(len(s.weaknesses)) if i not in s.weaknesses_found]
    if not hidden:
        return
    found = [s.weaknesses[i] for i in s.weaknesses_found]
    pool = rng.shuffled(_without((w.id for w in content().weaknesses), found))
    weaknesses = list(s.weaknesses)
    for i, card in zip(hidden, pool, strict=False):
        weaknesses[i] = card
    s.weaknesses = weaknesses


# ------------------------------------------------------------------ what others saw
def _others_known(s: GameState, seat: str, rng: Rng) -> None:
    """What the other players looked at in secret, as the copy has it. The table saw
    who read the coordinates and who looked at which engine: those entries stay, told
    by the copy (an engine they may not know any more: a status drawn at random). Which
    room another player watched on the monitors is secret: those entries go."""
    for other in sorted(s.known):
        if other == seat:
            continue
        seen = s.known[other]
        mine: dict[str, str] = {}
        if COORDINATES in seen:
            mine[COORDINATES] = next(c.earth for c in ship().coordinates
                                     if c.id == s.coordinates)
        for engine in sorted(s.engines):
            if f"{ENGINE}{engine}" in seen:
                working = (s.engines[engine] if engine_known(s, other, engine)
                           else rng.below(2) == 0)
                mine[f"{ENGINE}{engine}"] = status_word(working)
        s.known[other] = mine
