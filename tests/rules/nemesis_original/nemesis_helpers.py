"""Scenario and simulation helpers for the rules tests of the original Nemesis: start a
game, craft a situation on a copy of the state, play keys through the public contract,
script the RNG, and the checks every simulated move passes (conservation, leaks, JSON
round trip). Nothing here changes the engine."""

from __future__ import annotations

import re

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
from scenario import Scenario, kinds, rig, texts, top  # noqa: F401  (re-exported)

from rules import get_ruleset
from rules.core.clone import clone
from rules.core.contract import Event
from rules.nemesis.frames import TurnFrame
from rules.nemesis.state import change_room
from rules.nemesis_original.cards import content, index
from rules.nemesis_original.endgame import earth_space
from rules.nemesis_original.profile import BAG
from rules.nemesis_original.ruleset import Nemesis
from rules.nemesis_original.ship import ship, ship_graph, slot_of_tile
from rules.nemesis_original.state import GameState, RoundFrame

RS = Nemesis()
assert get_ruleset("nemesis").name == RS.name
C = content()
IDX = index()
SHIP = ship()
G = ship_graph()

SC = Scenario(RS, edit=clone)
edit, advance, push, run_with = SC.edit, SC.advance, SC.push, SC.run_with
play, keys, labels, illegal, waiting = SC.play, SC.keys, SC.labels, SC.illegal, SC.waiting
brace = brace_maker(play)


def seats(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def new(n: int = 2, seed: int = 1) -> GameState:
    return RS.new_game(seats(n), seed)


def started(n: int = 2, seed: int = 1) -> GameState:
    """After the draft (first offered character each): round 1, the first turn."""
    s = new(n, seed)
    while s.stack and s.stack[-1].kind == "draft":
        seat = waiting(s)[0]
        s, _ = play(s, seat, keys(s, seat)[0])
    assert isinstance(s.stack[-1], TurnFrame)
    return s


turn = turn_maker(edit, RoundFrame)


def aboard(n: int = 2, seed: int = 1) -> GameState:
    """A started game (an editable copy) whose characters hold nothing in their hands."""
    s = edit(started(n, seed))
    for hero in s.heroes.values():
        hero.hands = []
    return s


def other_space(s: GameState) -> str:
    """A destination space that is not Earth's in `s`."""
    return next(x for x in SHIP.destination.spaces if x != earth_space(s))


def noise(face: int | str) -> tuple[int, int]:
    """The draw that rolls `face` on the noise die."""
    return noise_draw(C, face)


key_for = SC.key_for


def pay(s: GameState, seat: str) -> tuple[GameState, list[Event]]:
    """Pay a pending cost with the first cards offered (if asked)."""
    if s.stack and s.stack[-1].kind == "pay" and waiting(s) == [seat]:
        return play(s, seat, keys(s, seat)[0])
    return s, []


def do(s: GameState, seat: str, key: str, *draws: tuple[int, int]
       ) -> tuple[GameState, list[Event]]:
    """Play `key`, pay with the first cards offered, with the RNG draws scripted (they
    follow the payment)."""
    s, events = play(s, seat, key)
    if draws:
        s = edit(s)
        rig(s, *draws)
    s, more = pay(s, seat)
    return s, events + more


def room(tile: str) -> str:
    """The slot of a special room."""
    return slot_of_tile(tile)


def put_room(s: GameState, slot: str, tile: str, *, explored: bool = True,
             items: int = 2, token: str = "silence") -> None:
    """Give `slot` the room `tile` (in place; the tiles of the two slots are swapped)."""
    other = next((r for r in s.rooms.values() if r.tile == tile and r.slot != slot), None)
    if other is not None:
        change_room(s.rooms, other.slot, tile=s.rooms[slot].tile)
    change_room(s.rooms, slot, tile=tile, explored=explored, items=items if explored else 0,
                token=None if explored else token, token_items=items)


def a_slot(kind: str = "I", n: int = 0) -> str:
    return [sl.id for sl in SHIP.ship.slots if sl.kind == kind][n]


# ------------------------------------------------------------------ invariants
CARDS = CardCounts(C, IDX)
PRIVATE_KINDS = {"item_private", "scan", "peek_event", "objective", "private", "draw",
                 "coordinates", "engine", "monitor"}


def check_state(s: GameState, where: str) -> None:
    """Conservation and bounds that hold after every applied action."""
    CARDS.check(s, where)
    for hero in s.heroes.values():
        assert 0 <= hero.light <= 2 and len(hero.serious) <= 3, where
        assert (hero.place == "pod") == (hero.pod is not None and any(
            hero.seat in p.seats and not p.launched for p in s.pods.values())) \
            or hero.place == "escaped", f"{where}: {hero.seat} in a pod"
    seats_of = {p.id: p.seats for p in SHIP.pods}
    for pod in s.pods.values():
        assert len(pod.seats) <= seats_of[pod.id], f"{where}: pod {pod.id} overfull"
    assert len(set(s.noise)) == len(s.noise) and not set(s.noise) & G.technical, where
    assert not set(s.doors) & G.technical, f"{where}: a door in a technical corridor"
    assert s.fires == sum(r.fire for r in s.rooms.values()) <= SHIP.supplies.fire, where
    assert s.malfunctions == sum(r.malfunction for r in s.rooms.values()) \
        <= SHIP.supplies.malfunction, where
    assert SHIP.time_track.start <= s.time <= SHIP.time_track.length, where
    assert s.self_destruct is None or 1 <= s.self_destruct <= SHIP.self_destruct.length
    for kind in ("larva", "creeper", "adult", "breeder", "queen"):
        assert sum(i.kind == kind for i in s.intruders) <= getattr(C.intruders.models, kind), where
    assert s.eggs >= 0, where


def secrets(s: GameState) -> dict[str, set[str]]:
    """What the public must not see now: card ids and names in hands, inventories,
    objectives (until the end), the bag, unexplored tiles, the coordinates card."""
    over = s.winners is not None
    out = family_secrets(s, IDX, objectives=not over)
    if not over:
        out["ids"].add(s.coordinates)
    return out


ENGINE_WORDS = re.compile(r"\b(working|damaged)\b")


def check_public(s: GameState, events: list[Event], where: str) -> None:
    view = RS.view(s, None)
    dumped = view.model_dump_json()
    assert view.me is None, where
    shown = {k for k, v in view.model_dump().items() if v is not None}
    assert not {"decks", "discards", "bag", "aside", "rng", "stack", "known"} & shown, where
    if s.winners is None:  # the engines and the coordinates are revealed at the end
        assert not {"engines", "coordinates_earth"} & shown, where
    hidden = secrets(s)
    check_view_hides(dumped, hidden, where)
    for r in view.rooms:
        if not r.explored:
            assert r.tile is None and r.items is None and r.name.startswith("unexplored")

    def no_engine_news(e: Event, blob: str) -> None:
        if s.winners is None:
            assert e.kind == "engines" or not ENGINE_WORDS.search(e.text), \
                f"{where}: public event tells an engine's status: {e.text}"

    check_events_hide(events, s.seats, hidden, PRIVATE_KINDS, where, no_engine_news)


def checked_step(s: GameState, seat: str, key: str, where: str
                 ) -> tuple[GameState, list[Event]]:
    """Play `key` in a simulation, checking the state's invariants and that the events
    and the public view leak nothing (family_sim.checked_move)."""
    def check(before: GameState, new: GameState, events: list[Event], where: str) -> None:
        check_state(new, where)
        check_public(new, events, where)

    return checked_move(RS, s, seat, key, where, check)


TOKENS = BAG.tokens
