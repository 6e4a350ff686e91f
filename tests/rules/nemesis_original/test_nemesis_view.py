"""Hidden information of the original Nemesis in `view` (NE-SETUP-1, NE-ROOM-1,
NE-WIN-1): hands and inventories, objectives, the coordinates (known only to whoever
read them), engine statuses (only to whoever checked), monitoring peeks, contamination
cards (never which are INFECTED), the bag, unexplored rooms and their tokens; the
engines and the coordinates are revealed at the end."""

from __future__ import annotations

import pytest
from nemesis_helpers import (
    IDX,
    RS,
    SHIP,
    a_slot,
    do,
    edit,
    key_for,
    put_room,
    room,
    run_with,
    started,
    turn,
)

from rules.nemesis.state import change_room
from rules.nemesis_original.event_phase import move_time
from rules.nemesis_original.state import GameState


def dumps(s: GameState) -> dict[str | None, str]:
    return {seat: RS.view(s, seat).model_dump_json() for seat in (None, *s.seats)}


@pytest.mark.rule("NE-ROOM-1")
def test_coordinates_and_engines_are_known_only_to_who_looked() -> None:
    s = edit(started(2, seed=11))
    s.heroes["p0"].room = room("cockpit")
    s = turn(s, "p0")
    s, _ = do(s, "p0", key_for(s, "p0", "Read the coordinates"))
    mine, theirs, public = RS.view(s, "p0"), RS.view(s, "p1"), RS.view(s, None)
    assert "coordinates" in mine.me.known
    assert theirs.me.known == {} and public.me is None
    assert public.coordinates_earth is None and public.engines is None
    for seat, dumped in dumps(s).items():
        assert f'"{s.coordinates}"' not in dumped, seat


@pytest.mark.rule("NE-SETUP-1")
def test_hands_objectives_bag_and_unexplored_rooms_stay_hidden() -> None:
    s = edit(started(2, seed=11))
    infected = next(x.id for x in IDX.contamination.values() if x.infected)
    s.decks["contamination"].remove(infected)
    s.heroes["p0"].hand.append(f"c:{infected}")
    views = dumps(s)
    p0 = RS.view(s, "p0")
    assert "Contamination" in p0.me.hand and "contamination" in p0.me.hand_ids
    for seat, dumped in views.items():
        assert f'"{infected}"' not in dumped and "INFECTED" not in dumped
        for token in s.bag:
            assert f'"{token}"' not in dumped
        for slot, r in s.rooms.items():
            if not r.explored:
                assert f'"{r.tile}"' not in dumped, (seat, slot)
        for other in s.seats:
            if other == seat:
                continue
            for card in s.heroes[other].hand:
                assert f'"{card}"' not in dumped
            for objective in s.heroes[other].objectives:
                assert f'"{objective}"' not in dumped
    assert set(p0.me.objectives) == set(s.heroes["p0"].objectives)


def test_the_end_reveals_engines_coordinates_and_objectives() -> None:
    s = edit(started(2, seed=11))
    s.time = SHIP.time_track.length - 1
    s, _ = run_with(s, move_time)
    view = RS.view(s, None)
    assert view.winners is not None and view.engines == s.engines
    assert view.coordinates_earth in SHIP.destination.spaces
    assert all(h.objectives is not None for h in view.heroes)


@pytest.mark.rule("NE-SETUP-1")
def test_a_room_shows_its_tile_items_and_computer_only_once_explored() -> None:
    s = edit(started(2, seed=11))
    hidden = next(slot for slot, r in s.rooms.items() if not r.explored)
    change_room(s.rooms, hidden, token_items=3)
    shown = {r.slot: r for r in RS.view(s, None).rooms}
    unexplored = shown[hidden]
    assert (unexplored.explored, unexplored.tile, unexplored.items, unexplored.computer) == \
        (False, None, None, False)
    assert unexplored.name == "unexplored room " + hidden.lstrip("s0")
    computer = next(t for t in SHIP.rooms if t.computer and t.level != "special")
    slot = a_slot(computer.level)
    put_room(s, slot, computer.id, items=1)
    seen = next(r for r in RS.view(s, None).rooms if r.slot == slot)
    assert (seen.explored, seen.tile, seen.name, seen.items, seen.computer) == \
        (True, computer.id, computer.name, 1, True)
    change_room(s.rooms, slot, malfunction=True)
    assert not next(r for r in RS.view(s, None).rooms if r.slot == slot).computer
