"""What a game of the original Nemesis might be, seen from one seat:
`determinize(state, seat, seed)`.

The family layer (rules.nemesis.determinize) deals what both Nemesis games share:
action cards, contamination, items, deck orders, the draft, the intruder bag, the
unexplored rooms' tiles (with the tiles II the ship left in the box). This module plugs
in the ship's own secrets (`ShipSecrets`): which rooms the seat watched (they keep their
tile and token), the exploration tokens from the box, the coordinates card, the
engines' status, the weakness cards not yet discovered, the other players' objectives
and what they looked at in secret. Each is dealt again from what the seat cannot rule
out, keeping what it saw in secret (`known`: the coordinates it read, an engine it
looked at since nobody else worked on it, a room it watched on the monitors). What is
unknown is gathered in a fixed (sorted) order before it is dealt, so two states that
look the same to the seat give the same copy for the same seed. README.md ("What a
computer player knows") lists what is dealt and what is kept.
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
from rules.nemesis_original.endgame import earth_space
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
                              secrets=SECRETS)


def _own(s: NemesisState) -> GameState:
    if not isinstance(s, GameState):
        raise TypeError(f"the ship's secrets were handed a {type(s).__name__}")
    return s


class ShipSecrets(family.GameSecrets):
    """The original's hidden parts for the family's deal."""

    def spare_tiles(self, s: NemesisState) -> list[str]:
        """The room tiles II left in the box (every tile I lies on the board)."""
        return _without(_tile_box("I") + _tile_box("II"),
                        (r.tile for r in s.rooms.values() if r.tile is not None))

    def known_rooms(self, s: NemesisState, seat: str) -> set[str]:
        """The unexplored rooms the seat watched on the monitors."""
        return set(watched_rooms(_own(s), seat))

    def deal(self, s: NemesisState, seat: str, rng: Rng) -> None:
        deal_ship(_own(s), seat, rng)


SECRETS = ShipSecrets()


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
    _deal_tokens(s, seat, rng)
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
# family candidate: the family's deal_rooms deals the tokens lying on the unexplored
# rooms among them; it could take the tokens left in the box as it takes the tiles
# (`spare_tiles`), and this would go
def _deal_tokens(s: GameState, seat: str, rng: Rng) -> None:
    """The exploration tokens of the unexplored rooms the seat has not watched, from the
    22 minus those turned over (`explored_tokens`) and those it watched: 8 of them stay
    in the box, so which ones lie on the rooms is hidden too (the family deals their
    tiles, and only the tokens lying on them among them)."""
    watched = set(watched_rooms(s, seat))
    hidden = sorted(slot for slot, room in s.rooms.items()
                    if not room.explored and slot not in watched)
    if not hidden:
        return
    seen = [f"{room.token}:{room.token_items}" for slot, room in sorted(s.rooms.items())
            if slot not in hidden and room.token is not None]
    tokens = rng.shuffled(_without(_token_box(), seen + s.explored_tokens))
    for slot, token in zip(hidden, tokens, strict=False):
        effect, _, items = token.partition(":")
        change_room(s.rooms, slot, token=effect, token_items=int(items))


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
             for cards in objective_decks(len(s.seats))]
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
            mine[COORDINATES] = earth_space(s)
        for engine in sorted(s.engines):
            if f"{ENGINE}{engine}" in seen:
                working = (s.engines[engine] if engine_known(s, other, engine)
                           else rng.below(2) == 0)
                mine[f"{ENGINE}{engine}"] = status_word(working)
        s.known[other] = mine
