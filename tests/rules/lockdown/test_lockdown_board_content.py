"""Shape and count checks for the Lockdown board content: map, time track, rooms, tokens,
dice, computer deck, objectives, weaknesses and help topics. Each section is loaded on
its own (read_section), so these tests do not depend on the other content files."""

from __future__ import annotations

import math
from collections import Counter, deque
from itertools import combinations
from typing import get_args

import pytest

from rules.lockdown.cards import (
    BoardMap,
    ContingencyEffect,
    ObjectiveKind,
    RoomAction,
    TimeTrack,
    read_section,
)
from rules.nemesis.cards import WeaknessEffect
from rules.nemesis.library import species

SPECIAL_ACTIONS = {"isolation", "repository", "backup_power", "alert", "elevator", "staircase"}
SOURCE_OBJECTIVES = {"player_cannot_survive", "only_survivor", "no_nemesis_survivor",
                     "send_signal", "discover_weakness", "destroy_nest"}
HELP_IDS = {"turn", "actions", "costs", "movement", "noise", "encounters", "combat", "wounds",
            "contamination", "items", "crafting", "power", "time", "css", "bunker",
            "isolation", "knowledge", "winning", "rooms", "intruders", "event_phase",
            "autodestruction"}


@pytest.fixture(scope="module")
def board() -> BoardMap:
    return read_section("board")  # type: ignore[return-value]


@pytest.fixture(scope="module")
def track() -> TimeTrack:
    return read_section("time_track")  # type: ignore[return-value]


@pytest.fixture(scope="module")
def rooms():
    return read_section("rooms")


@pytest.fixture(scope="module")
def slots(board):
    return {s.id: s for s in board.slots}


@pytest.fixture(scope="module")
def room_by_id(rooms):
    return {r.id: r for r in rooms}


def _adjacency(board: BoardMap) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {s.id: set() for s in board.slots}
    for cor in board.corridors:
        if not cor.technical:
            adj[cor.a].add(cor.b)
            adj[cor.b].add(cor.a)
    return adj


# ------------------------------------------------------------------ the map
def test_every_room_sees_corridors_1_to_4_once(board, slots):
    numbers: dict[str, list[int]] = {sid: [] for sid in slots}
    for cor in board.corridors:
        assert cor.a in slots, cor.id
        numbers[cor.a].append(cor.a_number)
        if not cor.technical:
            assert cor.b in slots, cor.id
            assert cor.b != cor.a, cor.id
            numbers[cor.b].append(cor.b_number)
    for sid, nums in numbers.items():
        assert sorted(nums) == [1, 2, 3, 4], (sid, nums)


def test_corridor_ids_unique(board):
    ids = [c.id for c in board.corridors]
    assert len(ids) == len(set(ids))
    assert len({s.id for s in board.slots}) == len(board.slots)


def test_map_is_connected(board):
    adj = _adjacency(board)
    start = board.slots[0].id
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in adj[queue.popleft()] - seen:
            seen.add(nxt)
            queue.append(nxt)
    assert seen == set(adj)


def test_each_section_is_connected_on_its_own(board, slots):
    adj = _adjacency(board)
    for section in (1, 2, 3):
        members = {sid for sid, s in slots.items() if s.section == section}
        start = next(iter(members))
        seen = {start}
        queue = deque([start])
        while queue:
            for nxt in (adj[queue.popleft()] & members) - seen:
                seen.add(nxt)
                queue.append(nxt)
        assert seen == members, section


def test_technical_entrances(board):
    tech = Counter(c.a for c in board.corridors if c.technical)
    assert 8 <= len(tech) <= 10
    assert max(tech.values()) == 1
    assert all(c.b_number is None for c in board.corridors if c.technical)


def test_special_rooms_present(board, slots, room_by_id):
    specials = [s for s in board.slots if s.kind == "special"]
    actions = Counter(room_by_id[s.room].action for s in specials)
    assert actions == Counter({"isolation": 1, "repository": 1, "backup_power": 1, "alert": 1,
                               "elevator": 3, "staircase": 2})
    for s in specials:
        assert room_by_id[s.room].level == "special"
    for s in board.slots:
        if s.kind != "special":
            assert s.room is None
            assert s.section in (1, 2, 3)
    assert room_by_id[slots[board.isolation_slot].room].action == "isolation"
    assert room_by_id[slots[board.repository_slot].room].action == "repository"


def test_staircases_join_two_sections(board, slots, room_by_id):
    adj = _adjacency(board)
    stairs = [s for s in board.slots
              if s.room is not None and room_by_id[s.room].action == "staircase"]
    joined = set()
    for s in stairs:
        assert s.section is None
        sections = {slots[n].section for n in adj[s.id]}
        assert len(sections) == 2 and None not in sections, s.id
        joined.add(frozenset(sections))
    assert joined == {frozenset({1, 2}), frozenset({2, 3})}
    # only staircases are outside the sections
    assert all(s.section is not None for s in board.slots if s not in stairs)


def test_rooms_mostly_connect_within_their_section(board, slots):
    cross = [c for c in board.corridors if not c.technical
             and None not in (slots[c.a].section, slots[c.b].section)
             and slots[c.a].section != slots[c.b].section]
    internal = [c for c in board.corridors if not c.technical
                and slots[c.a].section is not None
                and slots[c.a].section == slots[c.b].section]
    assert len(cross) <= 2 < len(internal)


def test_elevator_rooms_one_per_section(board, slots, room_by_id):
    assert set(board.elevator_rooms) == {"1", "2", "3"}
    for key, sid in board.elevator_rooms.items():
        slot = slots[sid]
        assert slot.section == int(key)
        assert room_by_id[slot.room].action == "elevator"
    assert len(set(board.elevator_rooms.values())) == 3


def test_main_gate_is_a_room_at_the_edge(board, slots):
    gate = slots[board.main_gate_slot]
    assert gate.section is not None
    xs = [s.x for s in board.slots]
    assert gate.x in (min(xs), max(xs))


def test_layout_fits_the_canvas_without_overlaps(board):
    for s in board.slots:
        assert 60 <= s.x <= board.width - 60 and 60 <= s.y <= board.height - 60, s.id
    for a, b in combinations(board.slots, 2):
        assert math.dist((a.x, a.y), (b.x, b.y)) >= 150, (a.id, b.id)


def test_section_sizes(board):
    sizes = Counter(s.section for s in board.slots)
    assert sizes[None] == 2
    assert all(8 <= sizes[k] <= 9 for k in (1, 2, 3))
    kinds = Counter(s.kind for s in board.slots)
    assert kinds["I"] == 11 and kinds["II"] == 8


# ------------------------------------------------------------------ room tiles
def test_room_tiles_cover_the_slots(board, rooms):
    for level in ("I", "II"):
        tiles = sum(r.copies for r in rooms if r.level == level)
        assert tiles >= sum(1 for s in board.slots if s.kind == level), level
    # every basic tile is placed (the nest and CSS A are always on the board)
    assert sum(r.copies for r in rooms if r.level == "I") == sum(
        1 for s in board.slots if s.kind == "I")
    assert {r.id for r in rooms if r.level == "I"} >= {"nest", "css_a"}


def test_room_tiles_shape(rooms):
    ids = [r.id for r in rooms]
    assert len(ids) == len(set(ids))
    assert {r.action for r in rooms} == set(get_args(RoomAction))
    for r in rooms:
        assert r.text.strip() and r.name.strip()
        if r.level == "special":
            assert r.color == "none" and r.action in SPECIAL_ACTIONS, r.id
        else:
            assert r.action not in SPECIAL_ACTIONS, r.id
    searchable = [r for r in rooms if r.level != "special" and r.action != "nest"]
    assert all(r.color in ("red", "yellow", "green", "white") for r in searchable)
    assert 6 <= sum(1 for r in rooms if r.computer) <= 8
    assert all(r.action_cost == 2 for r in rooms
               if r.action not in ("elevator", "repository", "staircase", "contaminated"))


# ------------------------------------------------------------------ time track
def test_time_track(track):
    numbers = [t.number for t in track.slots]
    assert track.start == 15 and numbers == list(range(15, 0, -1))
    whites = [t.number for t in track.slots if t.white]
    assert max(whites) == 8 and whites == list(range(8, 0, -1))
    assert sum(1 for t in track.slots if t.css) == 3
    thresholds = Counter(t.threshold_after for t in track.slots if t.threshold_after)
    assert thresholds[1] >= 1 and thresholds[2] >= 1


# ------------------------------------------------------------------ tokens and dice
def test_exploration_tokens(board):
    tokens = read_section("exploration")
    total = sum(t.count for t in tokens)
    assert total >= sum(1 for s in board.slots if s.kind in ("I", "II"))
    assert {t.effect for t in tokens} == {"silence", "danger", "slime", "fire",
                                          "malfunction", "doors"}
    assert all(1 <= t.items <= 4 for t in tokens)


def test_intruder_setup():
    setup = read_section("intruders")
    assert setup.bag_start == {"blank": 1, "larva": 4, "creeper": 1, "adult": 3, "queen": 1}
    counts = Counter()
    for t in setup.tokens:
        counts[t.kind] += t.count
        assert t.blue <= t.red
    assert counts["blank"] == 1 and counts["queen"] == 1 and counts["breeder"] == 2
    assert counts["larva"] >= 4 and counts["creeper"] >= 2
    assert counts["adult"] >= 3 + 5  # 3 plus one per player, 5 players
    for kind, n in setup.bag_start.items():
        assert counts[kind] >= n
    m = setup.models
    assert (m.larva, m.creeper, m.adult, m.breeder, m.queen) == (8, 3, 8, 2, 1)
    assert setup.eggs == 5


def test_dice():
    dice = read_section("dice")
    assert Counter(dice.noise) == Counter({1: 2, 2: 2, 3: 2, 4: 2, "silence": 1, "danger": 1})
    assert "miss" in dice.combat and "miss" not in dice.advantage


def test_css_tokens(track):
    tokens = read_section("css_tokens")
    assert len(tokens) == sum(1 for t in track.slots if t.css) + 1
    assert len({t.id for t in tokens}) == len(tokens)
    for t in tokens:
        assert t.launches and len(set(t.launches)) == len(t.launches)


def test_contingencies():
    tokens = read_section("contingencies")
    total = sum(t.count for t in tokens)
    assert total >= 5 * 2 + 1 + 2  # dealt (at most 2 each), active, a neutral pool
    assert {t.effect for t in tokens} == set(get_args(ContingencyEffect))
    assert len({t.id for t in tokens}) == len(tokens)


# ------------------------------------------------------------------ decks
def test_computer_deck():
    cards = read_section("computer")
    assert 10 <= len(cards) <= 12
    assert sum(1 for c in cards if c.lockdown) == 1
    assert len({c.id for c in cards}) == len(cards)
    for c in cards:
        if not c.lockdown:
            assert len(c.actions) == 3
            assert all(a.effects or a.special for a in c.actions), c.id
    knowledge = [a for c in cards for a in c.actions
                 if any(e.do == "knowledge" for e in a.effects)]
    assert knowledge


def test_objective_decks():
    objectives = read_section("objectives")
    assert len({o.id for o in objectives}) == len(objectives)
    kinds = {o.kind for o in objectives}
    assert kinds >= SOURCE_OBJECTIVES
    assert kinds == set(get_args(ObjectiveKind))
    for deck in ("corporate", "personal"):
        cards = [o for o in objectives if o.deck == deck]
        assert 8 <= len(cards) <= 12
        assert sum(1 for o in cards if o.min_players <= 5) >= 5
        for players in (1, 2):
            assert sum(1 for o in cards if o.min_players <= players) >= 3, (deck, players)
    for o in objectives:
        assert o.text.strip()
        if o.kind == "player_cannot_survive":
            assert 1 <= o.value <= 5 and o.min_players >= max(o.value, 2)
        if o.kind == "knowledge_at_least":
            assert o.value >= 4
    targets = sorted(o.value for o in objectives if o.kind == "player_cannot_survive")
    assert targets == [1, 2, 3, 4, 5]


def test_weaknesses():
    cards = read_section("weaknesses")
    assert len(cards) >= 7
    effects = Counter(c.effect for c in cards)
    assert max(effects.values()) == 1  # one card per weakness effect
    # every family weakness effect is played by the night stalkers or the original
    # intruders (rules/nemesis/content/intruders.toml)
    original = {w.effect for w in species().weaknesses}
    assert set(effects) | original == set(get_args(WeaknessEffect))
    assert all(3 <= c.knowledge <= 8 for c in cards)


def test_help_topics():
    topics = read_section("help")
    ids = [t.id for t in topics]
    assert len(ids) == len(set(ids))
    assert set(ids) >= HELP_IDS  # plus an entry per intruder kind and board symbol
    for t in topics:
        assert t.title.strip() and t.text.strip()
        # the bot adds content lists to some topics; the whole answer stays <= 1,900
        assert len(t.title) + len(t.text) <= 1850, (t.id, len(t.text))


def test_rooms_are_named_as_the_board_draws_them() -> None:
    """Unexplored spaces by the code in their empty box, explored rooms by tile name,
    staircases as labelled; every unexplored code is distinct."""
    from lockdown_helpers import started

    from rules.lockdown.board import slot_code
    from rules.lockdown.facility import room_name

    s = started(2)
    hidden = [slot for slot, r in s.rooms.items() if not r.explored]
    names = [room_name(s, slot) for slot in hidden]
    assert "unexplored room 2-3" in names and len(set(names)) == len(names) == 19
    assert room_name(s, "stairs_a") == "Stairs A" and room_name(s, "isolation") == "Isolation Room"
    assert slot_code("s3_7") == "3-7" and slot_code("repository") == "repository"
