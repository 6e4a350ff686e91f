"""The original Nemesis's `determinize`: a copy of the game as one seat might imagine it.

Over seeded games at 1-5 players (random moves, and a curious crew that takes every room
action it can: the cockpit, the engines, the monitors): the seat's view of the copy is
its view of the real state, the copy waits for the same seats and plays to the end,
states that look the same to the seat give the same copy, and the real state is left
alone. Each hidden part of the ship varies with the seed on its own (the coordinates,
the engines, the unexplored rooms, the weaknesses) while what the seat saw in secret
stays as it saw it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from conformance_games import play_to_the_end
from family_determinize import check_family_parts
from nemesis_helpers import (
    IDX,
    RS,
    SHIP,
    a_slot,
    do,
    edit,
    key_for,
    play,
    put_room,
    room,
    started,
)
from nemesis_helpers import turn as turn_of

from rules.core.contract import Action
from rules.core.rng import Rng
from rules.lockdown.ruleset import Lockdown
from rules.nemesis.decks import expand
from rules.nemesis.frames import PickFrame
from rules.nemesis.state import change_room
from rules.nemesis_original.cards import content
from rules.nemesis_original.determinize import SECRETS, determinize, engine_known
from rules.nemesis_original.state import GameState

Chooser = Callable[[list[Action], random.Random], Action]
LEVELS = {sl.id: sl.kind for sl in SHIP.ship.slots}


def anything(actions: list[Action], pick: random.Random) -> Action:
    return pick.choice(actions)


def curious(actions: list[Action], pick: random.Random) -> Action:
    """Mostly a room action when there is one (secret looks, engines), else often a
    move (new rooms), never back out of a payment unless that is all there is."""
    rooms = [a for a in actions if a.key.startswith("room")]
    if rooms and pick.random() < 0.9:
        return pick.choice(rooms)
    moves = [a for a in actions if a.key.startswith("move")]
    if moves and pick.random() < 0.5:
        return pick.choice(moves)
    return pick.choice([a for a in actions if a.key != "back"] or actions)


# (players, seed, chooser)
GAMES: list[tuple[int, int, Chooser]] = [
    (1, 3, curious), (2, 5, anything), (2, 7, curious), (3, 11, curious),
    (3, 13, anything), (4, 17, curious), (4, 19, anything), (5, 23, curious),
    (5, 29, anything), (5, 31, curious),
]


def _states(n: int, seed: int, choose: Chooser, every: int = 3) -> Iterator[GameState]:
    """Every `every`-th state of a seeded game, and its last."""
    pick = random.Random(seed)
    s = RS.new_game([f"p{i}" for i in range(n)], seed)
    moves = 0
    while not s.over and moves < 3000:
        if moves % every == 0:
            yield s
        prompt = pick.choice(RS.pending(s))
        s = RS.apply(s, prompt.seat, choose(RS.legal_actions(s, prompt.seat), pick)).state
        moves += 1
    yield s


def _seen(s: GameState, seat: str) -> str:
    return RS.view(s, seat).model_dump_json()


def _waiting(s: GameState) -> list[str]:
    return [p.seat for p in RS.pending(s)]


def _family_parts(real: GameState, copy: GameState, seat: str) -> None:
    """The family's checks of a copy (each character's cards, contamination, items,
    the bag...), the unexplored rooms aside: the ship deals their tokens from the box
    (`_dealt_right`), not among themselves."""
    rooms = edit(copy)
    rooms.rooms.update({x: r for x, r in real.rooms.items() if not r.explored})
    check_family_parts(real, rooms, seat)


def _dump(s: GameState) -> str:
    return s.model_dump_json()


@pytest.mark.parametrize(("n", "seed", "choose"), GAMES)
def test_the_copy_looks_the_same_to_the_seat(n: int, seed: int, choose: Chooser) -> None:
    for k, s in enumerate(_states(n, seed, choose)):
        before = _dump(s)
        seat = s.seats[k % n]
        for d in (1, 2):
            copy = RS.determinize(s, seat, d)
            assert _seen(copy, seat) == _seen(s, seat)
            assert _waiting(copy) == _waiting(s)
            _family_parts(s, copy, seat)
            _dealt_right(copy)
        assert _dump(s) == before  # the real state is left alone


# Game (5, 23): the family's deck deal pins a card the seat put at the bottom of a deck
# to the copy nearest the bottom (rules.nemesis.determinize.pinned); with 2 bandages in
# the green deck, a copy of the copy pins the other one, so the copies differ. A family
# bug (reported to the lead), kept visible here until the family fixes it.
@pytest.mark.parametrize(("n", "seed", "choose"), GAMES)
def test_states_that_look_the_same_give_the_same_copy(n: int, seed: int,
                                                      choose: Chooser) -> None:
    for k, s in enumerate(_states(n, seed, choose, every=7)):
        seat = s.seats[k % n]
        other = RS.determinize(s, seat, 1000 + k)  # another world the seat cannot tell apart
        assert _seen(other, seat) == _seen(s, seat)
        for d in range(3):
            assert _dump(RS.determinize(s, seat, d)) == _dump(RS.determinize(other, seat, d))


@pytest.mark.parametrize(("n", "seed", "choose"), GAMES)
def test_the_copy_plays_to_the_end(n: int, seed: int, choose: Chooser) -> None:
    for k, s in enumerate(_states(n, seed, choose, every=23)):
        play_to_the_end(RS, RS.determinize(s, s.seats[k % n], k), k, f"state {k}", 3000)


# ------------------------------------------------------------------ crafted states
def in_room(tile: str, seed: int = 8, n: int = 3) -> GameState:
    """p0 in an explored `tile` on its turn, the others in the Hibernatorium."""
    s = edit(started(n, seed=seed))
    level = next(t.level for t in SHIP.rooms if t.id == tile)
    slot = room(tile) if level == "special" else a_slot(level)
    if level != "special":
        put_room(s, slot, tile)
    s.heroes["p0"].room = slot
    return turn_of(s, "p0")


def _earth(s: GameState) -> str:
    return next(c.earth for c in SHIP.coordinates if c.id == s.coordinates)


def test_the_coordinates_are_dealt_again_unless_the_seat_read_them() -> None:
    s = in_room("cockpit")
    assert all(len({determinize(s, x, d).coordinates for d in range(40)}) == 4
               for x in s.seats)
    s, _ = do(s, "p0", key_for(s, "p0", "Read the coordinates"))
    copies = [determinize(s, "p0", d) for d in range(20)]
    assert all(c.coordinates == s.coordinates for c in copies)
    # another seat knows that p0 read them, not what: p0's memory follows the copy
    others = [determinize(s, "p1", d) for d in range(40)]
    assert len({c.coordinates for c in others}) == 4
    assert all(c.known["p0"] == {"coordinates": _earth(c)} for c in others)


def test_the_engines_are_dealt_again_unless_the_seat_checked_them() -> None:
    s = in_room("engine_control")
    assert len({tuple(determinize(s, "p0", d).engines.values()) for d in range(40)}) == 8
    s, _ = do(s, "p0", key_for(s, "p0", "Check all 3 engines"))
    assert all(determinize(s, "p0", d).engines == s.engines for d in range(20))
    others = [determinize(s, "p1", d) for d in range(40)]
    assert len({tuple(c.engines.values()) for c in others}) == 8
    words = {True: "working", False: "damaged"}
    assert all(c.known["p0"] == {f"engine_{e}": words[w] for e, w in c.engines.items()}
               for c in others)


def test_an_engine_another_player_worked_on_is_no_longer_known() -> None:
    s = in_room("engine_control")
    s, _ = do(s, "p0", key_for(s, "p0", "Check all 3 engines"))
    s = edit(s)
    s.heroes["p1"].room = room("engine_2")
    s = turn_of(s, "p1")
    s, _ = do(s, "p1", key_for(s, "p1", "Service engine 2"))
    assert isinstance(s.stack[-1], PickFrame) and s.stack[-1].tag == "engine:2"
    assert not engine_known(s, "p0", "2") and engine_known(s, "p0", "1")
    assert engine_known(s, "p1", "2")
    # p1 is choosing between "Leave it" and "Repair it" / "Wreck it": the copies of p0
    # name the status they dealt
    copies = [determinize(s, "p0", d) for d in range(40)]
    assert {c.engines["2"] for c in copies} == {True, False}
    assert all(c.engines["1"] == s.engines["1"] and c.engines["3"] == s.engines["3"]
               for c in copies)
    for c in copies:
        pick = c.stack[-1]
        assert isinstance(pick, PickFrame)
        assert pick.labels[1] == ("Wreck it" if c.engines["2"] else "Repair it")
        assert c.known["p1"]["engine_2"] == ("working" if c.engines["2"] else "damaged")
    assert all(determinize(s, "p1", d).engines["2"] == s.engines["2"] for d in range(10))
    s, _ = play(s, "p1", key_for(s, "p1", "Leave it"))
    s = edit(s)
    s.heroes["p0"].room = room("engine_2")
    s = turn_of(s, "p0")
    s, _ = do(s, "p0", key_for(s, "p0", "Service engine 2"))
    assert engine_known(s, "p0", "2") and not engine_known(s, "p1", "2")
    assert all(determinize(s, "p0", d).engines == s.engines for d in range(10))


def _dealt_right(c: GameState) -> None:
    """The I tiles lie on the I slots, II tiles on the II slots, no more copies of a
    tile or token than the box holds."""
    for level in ("I", "II"):
        tiles = Counter(r.tile for r in c.rooms.values() if LEVELS[r.slot] == level)
        box = Counter(expand((t.id, t.copies) for t in SHIP.rooms if t.level == level))
        assert not tiles - box
    tokens = Counter([f"{r.token}:{r.token_items}" for r in c.rooms.values()
                      if r.token is not None] + c.explored_tokens)
    box = Counter(expand((f"{t.effect}:{t.items}", t.count) for t in content().exploration))
    assert not tokens - box


def test_unexplored_rooms_are_dealt_again_but_a_watched_one_stays() -> None:
    s = in_room("monitoring")
    hidden = sorted(x for x, r in s.rooms.items() if not r.explored)
    copies = [determinize(s, "p0", d) for d in range(30)]
    for slot in hidden:
        assert len({c.rooms[slot].tile for c in copies}) > 2
        assert len({c.rooms[slot].token for c in copies}) > 2
    for c in copies:
        _dealt_right(c)
        assert all(c.rooms[x] == r for x, r in s.rooms.items() if r.explored)
    s, _ = do(s, "p0", key_for(s, "p0", "Look at an unexplored"))
    slot = s.stack[-1].options[0]
    s, _ = play(s, "p0", "pick:0")
    assert f"room_{slot}" in s.known["p0"]
    copies = [determinize(s, "p0", d) for d in range(30)]
    assert all(c.rooms[slot] == s.rooms[slot] for c in copies)
    assert len({c.rooms[hidden[-1] if hidden[-1] != slot else hidden[0]].tile
                for c in copies}) > 2
    for c in copies:
        _dealt_right(c)
    # to another seat p0's watch is a secret: the room is dealt again, p0's note goes
    theirs = [determinize(s, "p1", d) for d in range(30)]
    assert len({c.rooms[slot].tile for c in theirs}) > 2
    assert all(not any(k.startswith("room_") for k in c.known.get("p0", {}))
               for c in theirs)


def test_the_weaknesses_not_found_are_dealt_again() -> None:
    s = edit(started(2, seed=4))
    box = sorted(w.id for w in content().weaknesses)
    copies = [determinize(s, "p0", d) for d in range(40)]
    assert len({tuple(c.weaknesses) for c in copies}) > 20
    assert all(len(set(c.weaknesses)) == 3 and set(c.weaknesses) <= set(box)
               for c in copies)
    s.weaknesses_found = [1]
    copies = [determinize(s, "p0", d) for d in range(40)]
    assert all(c.weaknesses[1] == s.weaknesses[1] and len(set(c.weaknesses)) == 3
               for c in copies)
    assert len({c.weaknesses[0] for c in copies}) > 3


def test_states_differing_only_in_the_ships_secrets_give_the_same_copy() -> None:
    checked = 0
    for n, seed, choose in GAMES:
        for s in _states(n, seed, choose, every=11):
            seat = s.seats[0]
            other = edit(s)
            if s.winners is None and "coordinates" not in s.known.get(seat, {}):
                other.coordinates = next(c.id for c in SHIP.coordinates
                                         if c.id != s.coordinates)
            if s.winners is None:
                other.engines = {e: not w if not engine_known(s, seat, e) else w
                                 for e, w in s.engines.items()}
            hidden = [x for x, r in s.rooms.items()
                      if not r.explored and f"room_{x}" not in s.known.get(seat, {})]
            if len(hidden) >= 2:  # two hidden rooms swap tiles and tokens
                a, b = other.rooms[hidden[0]], other.rooms[hidden[1]]
                if LEVELS[a.slot] == LEVELS[b.slot]:
                    change_room(other.rooms, a.slot, tile=b.tile, token=b.token,
                                token_items=b.token_items)
                    change_room(other.rooms, b.slot, tile=a.tile, token=a.token,
                                token_items=a.token_items)
            unfound = [i for i in range(3) if i not in s.weaknesses_found]
            if unfound:
                spare = sorted(w.id for w in content().weaknesses
                               if w.id not in s.weaknesses)
                other.weaknesses[unfound[0]] = spare[0]
            other.rng.state ^= 0xABCDEF
            if s.winners is None and n > 2:  # two other players swap objectives
                a, b = other.heroes[s.seats[1]], other.heroes[s.seats[2]]
                if len(a.objectives) == len(b.objectives):
                    a.objectives, b.objectives = b.objectives, a.objectives
            for x, seen in other.known.items():  # which room another player watched
                if x != seat and hidden:
                    other.known[x] = {(f"room_{hidden[-1]}" if k.startswith("room_") else k): v
                                      for k, v in seen.items()}
            assert _seen(other, seat) == _seen(s, seat)
            for d in range(3):
                assert _dump(determinize(s, seat, d)) == _dump(determinize(other, seat, d))
            checked += 1
    assert checked > 20


# many games at every table size (every other state, the seat is one the game waits
# for): the copy keeps a decision pending for the same seats and the seat's choices
@pytest.mark.parametrize("game", range(100, 140))
def test_many_games_look_the_same_and_wait_for_the_same_seats(game: int) -> None:
    n = 1 + game % 5
    choose = curious if game % 2 else anything
    for k, s in enumerate(_states(n, game, choose, every=4)):
        waiting = _waiting(s)
        seat = waiting[0] if waiting and k % 2 else s.seats[k % n]
        copy = RS.determinize(s, seat, k)
        assert _seen(copy, seat) == _seen(s, seat)
        assert _waiting(copy) == waiting
        if not s.over:
            assert RS.pending(copy)
        # what the seat may do does not hang on what it cannot see
        assert [a.key for a in RS.legal_actions(copy, seat)] == \
            [a.key for a in RS.legal_actions(s, seat)]
        # every token turned over is noted, so the copy deals no more than the box holds
        assert len(s.explored_tokens) == sum(r.explored and LEVELS[x] != "special"
                                             for x, r in s.rooms.items())
        _dealt_right(copy)


def _objectives(c: GameState) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(c.heroes[x].objectives) for x in c.seats)


@pytest.mark.parametrize("n", [2, 5])
def test_the_others_objectives_are_dealt_again(n: int) -> None:
    s = started(n, seed=6)
    copies = [determinize(s, "p0", d) for d in range(40)]
    assert len({_objectives(c) for c in copies}) > 15
    for c in copies:
        assert c.heroes["p0"].objectives == s.heroes["p0"].objectives
        cards = [o for x in c.seats for o in c.heroes[x].objectives]
        assert len(cards) == len(set(cards)) == 2 * n
        for number, x in enumerate(c.seats, start=1):
            decks = [IDX.objectives[o].deck for o in c.heroes[x].objectives]
            assert decks == ["corporate", "personal"]
            assert not any(IDX.objectives[o].kind == "player_cannot_survive"
                           and IDX.objectives[o].value in (number, *range(n + 1, 6))
                           for o in c.heroes[x].objectives)
    # after the first encounter: one kept each, either of the two dealt
    s = edit(s)
    for x in s.seats:
        s.heroes[x].objectives = s.heroes[x].objectives[1:]
    copies = [determinize(s, "p0", d) for d in range(40)]
    assert all(len(c.heroes[x].objectives) == 1 for c in copies for x in c.seats)
    assert {IDX.objectives[c.heroes["p1"].objectives[0]].deck for c in copies} \
        == {"corporate", "personal"}
    # at the end they are shown: they stay
    s.winners = []
    assert all(_objectives(determinize(s, "p0", d)) == _objectives(s) for d in range(5))


def test_the_family_parts_vary_with_the_seed() -> None:
    """Others' hands, the bag, the shared decks: the family's deal on the ship's games."""
    s = next(x for k, x in enumerate(_states(4, 41, anything, every=1)) if k == 60)
    assert not s.over and len(s.bag) > 3
    copies = [RS.determinize(s, "p0", d) for d in range(30)]
    for part in (lambda c: c.heroes["p1"].hand, lambda c: c.heroes["p2"].deck,
                 lambda c: c.bag, lambda c: c.decks["events"], lambda c: c.decks["attacks"],
                 lambda c: c.decks["red"]):
        assert len({repr(part(c)) for c in copies}) > 10
    assert all(_seen(c, "p0") == _seen(s, "p0") for c in copies)  # its own hand too
    assert len({c.rng.state for c in copies}) == 30


def test_a_game_saved_before_the_new_fields_loads_and_deals() -> None:
    s = next(x for k, x in enumerate(_states(3, 43, curious, every=1)) if k == 80)
    data = json.loads(RS.dump_state(s))
    del data["engines_outdated"], data["explored_tokens"]
    old = RS.load_state(json.dumps(data))
    assert old.engines_outdated == {} and old.explored_tokens == []
    copy = RS.determinize(old, "p1", 3)
    assert _seen(copy, "p1") == _seen(old, "p1")


def test_basic_repairs_make_what_others_saw_of_that_engine_out_of_date() -> None:
    s = in_room("engine_control")
    s, _ = do(s, "p0", key_for(s, "p0", "Check all 3 engines"))
    s = edit(s)
    s.engines["1"] = False
    s.stack.append(PickFrame(seat="p1", purpose="step", tag="engine_card",
                             options=["1:repair", "1:break"],
                             labels=["Repair engine 1", "Break engine 1"], subject="p1"))
    s, _ = play(s, "p1", "pick:0")
    assert s.engines["1"] and s.known["p1"] == {"engine_1": "working"}
    assert s.engines_outdated == {"p0": ["1"]}
    assert not engine_known(s, "p0", "1") and engine_known(s, "p1", "1")
    assert {determinize(s, "p0", d).engines["1"] for d in range(20)} == {True, False}
    assert all(determinize(s, "p1", d).engines["1"] for d in range(20))


def test_the_tiles_and_tokens_left_in_the_box_may_lie_on_unexplored_rooms() -> None:
    """5 of the 9 tiles II and 14 of the 22 exploration tokens lie on the ship: which
    ones is hidden, so every tile and token of the box turns up in some copy."""
    s = started(3, seed=6)
    hidden = [x for x, r in s.rooms.items() if not r.explored]
    copies = [determinize(s, "p0", d) for d in range(40)]
    tiles = {c.rooms[x].tile for c in copies for x in hidden}
    tokens = {f"{c.rooms[x].token}:{c.rooms[x].token_items}" for c in copies for x in hidden}
    on_board = {r.tile for r in s.rooms.values()}
    box_tiles = {t.id for t in SHIP.rooms if t.level == "II"} - on_board
    assert box_tiles and box_tiles <= tiles
    every = {f"{t.effect}:{t.items}" for t in content().exploration}
    assert every == tokens


def _share_working(values: list[bool]) -> float:
    return sum(values) / len(values)


def test_an_engine_nobody_can_know_is_working_in_about_half_the_copies() -> None:
    """Its two tokens were stacked at random: even odds, for the engines the seat does
    not know and for what another player's out-of-date look is taken to have shown."""
    s = in_room("engine_control")
    s, _ = do(s, "p0", key_for(s, "p0", "Check all 3 engines"))
    s = edit(s)
    s.engines_outdated = {"p0": ["1", "2", "3"]}  # others worked on all three since
    copies = [determinize(s, "p1", d) for d in range(100)]
    engines = [w for c in copies for w in c.engines.values()]
    assert 0.4 <= _share_working(engines) <= 0.6
    notes = [c.known["p0"][f"engine_{e}"] == "working" for c in copies for e in c.engines]
    assert 0.4 <= _share_working(notes) <= 0.6
    # p0's look is out of date: what it saw is drawn apart from the copy's engines
    assert any(c.known["p0"][f"engine_{e}"] != ("working" if w else "damaged")
               for c in copies for e, w in c.engines.items())


def test_a_copy_for_someone_watching_deals_every_players_objectives() -> None:
    s = started(3, seed=6)
    copies = [determinize(s, "watcher", d) for d in range(20)]
    assert all(_seen(c, "watcher") == _seen(s, "watcher") for c in copies)
    for x in s.seats:
        assert len({tuple(c.heroes[x].objectives) for c in copies}) > 5


def test_the_ships_secrets_refuse_another_games_state() -> None:
    with pytest.raises(TypeError, match="the ship's secrets were handed a GameState"):
        SECRETS.deal(Lockdown().new_game(["p0", "p1"], 1), "p0", Rng.from_seed(1))
