"""How far each team card is met in Lockdown's solo and cooperative modes, as the computer
player counts it (rules/lockdown/team_goals.py), on crafted positions: the way out an
escape card needs (the main gate, on Mars the rover), how near the nearest character is
(two moves a round), "Nobody Left Behind" (the others live too; a dead character in coop
keeps a little for a revival), kills and knowledge against the card's value, a card's
base before a room that meets it is known, nothing once nobody is inside, and the
cooperative signal cards (each one asks one more character)."""

from __future__ import annotations

from typing import Literal

import pytest
from lockdown_helpers import RS, edit, give, put_room, ready

from rules.lockdown.cards import content
from rules.lockdown.state import GameState, Options
from rules.lockdown.team_goals import (
    NEAR,
    PROGRESS,
    card_progress,
    closeness,
    escape_rooms,
    rooms_by_action,
    team_score,
    work_rooms,
)
from rules.nemesis.agent import distances
from rules.nemesis.state import change_room

PROFILE = RS.agent_profile
SAFE_PLAN = "standard_evacuation"
GATE = content().board.main_gate_slot


def _coop(*cards: str, board: Literal["basic", "mars"] = "basic") -> GameState:
    s = edit(ready(options=Options(mode="coop", board=board)))
    s.active_contingency = SAFE_PLAN
    for seat, card in zip(s.seats, cards, strict=False):
        s.heroes[seat].objectives = [card]
    for seat in s.seats[len(cards):]:
        s.heroes[seat].objectives = []
    for hero in s.heroes.values():
        hero.hands = []
    return s


def _progress(s: GameState, oid: str, lives: dict[str, float] | None = None) -> float:
    living = [h for h in s.heroes.values() if h.place != "dead" and h.character]
    if lives is None:
        lives = {seat: 1.0 for seat in s.heroes}
    return card_progress(s, oid, living, PROFILE.exits(s, s.heroes["p0"]),
                         rooms_by_action(s), lives)


def _hide(s: GameState, tile: str) -> None:
    """No room of `tile` found yet."""
    for slot in [r.slot for r in s.rooms.values() if r.tile == tile]:
        put_room(s, slot, tile, explored=False)


def test_the_bunker_card_needs_the_main_gate_and_on_mars_the_rover() -> None:
    s = _coop("coop_bunker")
    exits = ["isolation", GATE]
    assert escape_rooms(s, "escape_to_bunker", exits, rooms_by_action(s)) == [GATE]
    assert escape_rooms(s, "isolate", exits, rooms_by_action(s)) == ["isolation"]
    mars = _coop("coop_bunker", board="mars")
    assert mars.rover
    exits = ["isolation", mars.rover]
    assert escape_rooms(mars, "escape_to_bunker", exits, rooms_by_action(mars)) == [mars.rover]
    assert escape_rooms(mars, "escape_to_bunker", ["isolation"], rooms_by_action(mars)) == []


def test_a_character_at_the_gate_brings_the_bunker_card_near() -> None:
    s = _coop("coop_bunker")
    s.gate_open = True
    assert GATE in PROFILE.exits(s, s.heroes["p0"])
    far = _progress(s, "coop_bunker")
    s.heroes["p1"].room = GATE
    assert _progress(s, "coop_bunker") == pytest.approx(NEAR)
    assert far < NEAR


def test_closeness_is_one_in_the_room_and_halves_a_round_away() -> None:
    s = _coop()
    p0, p1 = s.heroes["p0"], s.heroes["p1"]
    p1.place = "dead"
    way = distances(s, "isolation")
    p0.room = "isolation"
    assert closeness(s, ["isolation"]) == 1.0
    p0.room = next(r for r in sorted(way) if way[r] == 2)
    assert closeness(s, ["isolation"]) == pytest.approx(1 / 2)  # 2 moves: a round away
    p0.room = next(r for r in sorted(way) if way[r] == 4)
    assert closeness(s, ["isolation"]) == pytest.approx(1 / 3)
    assert closeness(s, []) == 0.0
    p0.place = "isolated"  # out: counts no more, but the next one inside does
    p1.place, p1.room = "board", "isolation"
    assert closeness(s, ["isolation"]) == 1.0


@pytest.mark.rule("LD-MODE-2")
def test_nobody_left_behind_is_the_chance_the_others_live_too() -> None:
    s = _coop("coop_nobody_left")
    oid = "coop_nobody_left"
    assert _progress(s, oid, {"p0": 1.0, "p1": 1.0}) == 1.0
    assert _progress(s, oid, {"p0": 0.5, "p1": 0.5}) == pytest.approx(0.5)
    assert _progress(s, oid, {"p0": 1.0, "p1": 0.25}) == pytest.approx(0.25)
    assert _progress(s, oid, {"p0": 0.0, "p1": 0.0}) == 0.0
    dead = _progress(s, oid, {"p0": 1.0, "p1": 0.0})
    assert 0 < dead < 0.1  # a revival may bring them back
    assert _progress(s, oid, {"p0": 1.0}) == dead  # not in the game yet: as lost


@pytest.mark.rule("LD-MODE-2")
def test_nobody_left_behind_stays_a_chance_when_everyone_is_nearly_lost() -> None:
    """Every character below the revival floor: the chance is still at most 1 (it was
    the floor squared over the best chance, 25 for two characters at 1 in 10,000)."""
    s = _coop("coop_nobody_left")
    for lives in ({"p0": 1e-4, "p1": 1e-4}, {"p0": 0.01, "p1": 0.0}, {"p0": 0.04, "p1": 0.04}):
        assert 0 < _progress(s, "coop_nobody_left", lives) <= 1, lives


def test_kills_count_in_equal_steps_below_met() -> None:
    s = _coop("coop_cull")  # 3 kills
    found = []
    for kills in range(4):
        s.kills = kills
        found.append(_progress(s, "coop_cull"))
    assert 0 < found[0] < found[1] < found[2] < 0.9 and found[3] == 1.0
    assert found[2] - found[1] == pytest.approx(found[1] - found[0])


def test_with_everyone_dead_knowledge_counts_nothing() -> None:
    s = _coop("coop_knowledge")
    for hero in s.heroes.values():
        hero.knowledge = 3
    assert _progress(s, "coop_knowledge") > 0
    for hero in s.heroes.values():
        hero.place = "dead"
    assert _progress(s, "coop_knowledge") == 0.0


def test_a_card_is_worth_its_kinds_base_before_its_room_is_found_and_nothing_once_all_out() -> None:
    s = _coop("coop_signal_relay", "coop_keep_power")
    _hide(s, "transmitter")
    _hide(s, "backup_power")
    assert _progress(s, "coop_signal_relay") == PROGRESS["send_signal"]
    assert _progress(s, "coop_keep_power") == PROGRESS["keep_power"]
    for hero in s.heroes.values():
        hero.place = "isolated"
    assert _progress(s, "coop_signal_relay") == 0.0


def test_a_character_standing_at_the_transmitter_brings_the_signal_near() -> None:
    s = _coop("coop_signal_relay", "coop_keep_power")
    slot = next(r.slot for r in s.rooms.values() if r.tile == "transmitter")
    put_room(s, slot, "transmitter")
    s.heroes["p1"].room = slot
    assert _progress(s, "coop_signal_relay") == pytest.approx(NEAR)


@pytest.mark.rule("LD-MODE-2")
def test_in_coop_each_signal_sent_brings_the_signal_cards_nearer() -> None:
    s = _coop("coop_signal_relay", "coop_signal_backup")
    _hide(s, "transmitter")
    base = PROGRESS["send_signal"]
    assert _progress(s, "coop_signal_relay") == base
    s.heroes["p0"].signal = True  # one of the two signals the cards ask for
    half = base + (1 - base) * 1 / 2 * 0.5
    assert _progress(s, "coop_signal_relay") == pytest.approx(half)
    assert _progress(s, "coop_signal_backup") == pytest.approx(half)
    other = _coop("coop_keep_power", "coop_signal_relay")
    _hide(other, "backup_power")
    _hide(other, "transmitter")
    before = _progress(other, "coop_keep_power")
    other.heroes["p1"].signal = True  # met: the power card is not helped by it
    assert _progress(other, "coop_keep_power") == before


def test_the_power_and_egg_cards_send_a_character_to_their_rooms() -> None:
    s = _coop("coop_keep_power", "coop_sample")
    hero = s.heroes["p0"]
    power = next(r.slot for r in s.rooms.values() if r.tile == "backup_power")
    nest = next(r.slot for r in s.rooms.values() if r.tile == "nest")
    put_room(s, power, "backup_power")
    put_room(s, nest, "nest")
    by_action = rooms_by_action(s)
    assert work_rooms(s, hero, "keep_power", by_action) == [power]
    assert s.eggs > 0
    assert work_rooms(s, hero, "carry_egg_out", by_action) == [nest]
    give(s, "p0", "assault_rifle")
    assert work_rooms(s, hero, "carry_egg_out", by_action) == [nest]  # a hand holds a gun
    hero.hands[0].obj, hero.hands[0].item = "egg", None
    assert work_rooms(s, hero, "carry_egg_out", by_action) == []  # got one already
    hero.hands = []
    s.eggs = 0
    assert work_rooms(s, hero, "carry_egg_out", by_action) == []  # none left


def test_a_team_with_no_cards_has_nothing_met_and_nobody_left_behind_reads_the_lives() -> None:
    s = _coop()
    exits = PROFILE.exits(s, s.heroes["p0"])
    assert team_score(s, exits, {"p0": 1.0, "p1": 1.0}) == 0.0
    s = _coop("coop_nobody_left")
    assert team_score(s, exits, {"p0": 1.0, "p1": 0.5}) == pytest.approx(0.5)


def _work(s: GameState, card_kind: str) -> list[str]:
    return sorted(work_rooms(s, s.heroes["p0"], card_kind, rooms_by_action(s)))


def _found(s: GameState, tile: str) -> str:
    slot = next(r.slot for r in s.rooms.values() if r.tile == tile)
    put_room(s, slot, tile)
    return slot


def test_the_rooms_that_work_toward_signal_egg_and_a_revival() -> None:
    s = _coop("coop_signal_relay", "coop_sample")
    hero = s.heroes["p0"]
    _hide(s, "nest")
    _hide(s, "emergency")
    assert _work(s, "carry_egg_out") == []  # the nest not found yet
    nest, transmitter = _found(s, "nest"), _found(s, "transmitter")
    s.eggs = 1
    assert _work(s, "carry_egg_out") == [nest]
    assert _work(s, "send_signal") == [transmitter]
    hero.signal = True
    assert _work(s, "send_signal") == []  # sent already
    s.heroes["p1"].place = "dead"
    change_room(s.rooms, nest, objects=("corpse_p1",))
    assert _work(s, "no_deaths") == [nest]  # where the corpse lies
    give(s, "p0", "assault_rifle")
    hero.hands[0].obj, hero.hands[0].item = "corpse_p1", None
    assert _work(s, "no_deaths") == []  # carried: the emergency room not found yet
    emergency = _found(s, "emergency")
    assert _work(s, "no_deaths") == [emergency]


def test_the_rooms_that_work_toward_knowledge_and_weaknesses() -> None:
    s = _coop("coop_knowledge", "coop_weakness")
    hero = s.heroes["p0"]
    _hide(s, "laboratory")
    archive = _found(s, "archive")
    carcass = next(r for r in sorted(s.rooms) if r not in (archive, hero.room)
                   and r.startswith("s"))
    change_room(s.rooms, carcass, objects=("carcass",))
    assert _work(s, "knowledge_at_least") == sorted([archive, carcass])
    assert _work(s, "discover_weakness") == [carcass]  # the archive gives no weakness
    hero.archive_used = True
    assert _work(s, "knowledge_at_least") == [carcass]
    give(s, "p0", "assault_rifle")
    hero.hands[0].obj, hero.hands[0].item = "carcass", None
    assert _work(s, "discover_weakness") == []  # an object to analyse: no lab found yet
    lab = _found(s, "laboratory")
    assert _work(s, "discover_weakness") == [lab]
    assert _work(s, "knowledge_at_least") == [lab]
    hero.archive_used = False  # both: the archive, and the laboratory for the object
    assert _work(s, "knowledge_at_least") == sorted([archive, lab])


def test_work_rooms_leaves_the_table_it_reads_as_it_was() -> None:
    s = _coop("coop_knowledge", "coop_weakness")
    archive, lab = _found(s, "archive"), _found(s, "laboratory")
    holder, other = s.heroes["p0"], s.heroes["p1"]
    give(s, "p0", "assault_rifle")
    holder.hands[0].obj, holder.hands[0].item = "carcass", None
    by_action = rooms_by_action(s)
    assert sorted(work_rooms(s, holder, "knowledge_at_least", by_action)) == sorted([archive, lab])
    assert by_action == rooms_by_action(s)
    assert work_rooms(s, other, "knowledge_at_least", by_action) == [archive]
