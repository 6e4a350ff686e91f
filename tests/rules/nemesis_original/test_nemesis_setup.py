"""Setting up the original Nemesis (NE-SETUP-1) and its characters (NE-CHAR-1)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from nemesis_helpers import (
    IDX,
    RS,
    SHIP,
    C,
    a_slot,
    do,
    edit,
    key_for,
    kinds,
    new,
    play,
    put_room,
    room,
    run_with,
    seats,
    started,
    turn,
)

from rules.core.contract import IllegalAction
from rules.nemesis_original.gear import check_quests
from rules.nemesis_original.state import GameState


@pytest.mark.rule("NE-SETUP-1")
@pytest.mark.parametrize("n", [1, 3, 5])
def test_new_ship(n: int) -> None:
    s = new(n, seed=7)
    specials = {sl.id for sl in SHIP.ship.slots if sl.kind == "special"}
    for slot, r in s.rooms.items():
        assert r.explored == (slot in specials)
        assert (r.token is None) == (slot in specials)
    dealt = [r.tile for slot, r in s.rooms.items() if slot not in specials]
    basic = {t.id for t in SHIP.rooms if t.level == "I"}
    assert basic <= set(dealt) and len(dealt) == len(set(dealt)) == 14
    assert all(p.locked and not p.seats for p in s.pods.values()) and len(s.pods) == 4
    assert set(s.engines) == {"1", "2", "3"}
    assert s.coordinates in {c.id for c in SHIP.coordinates}
    assert (s.time, s.self_destruct, s.destination) == (1, None, "A")
    assert len(s.bag) == sum(C.intruders.composition(n).values())
    assert len(s.weaknesses) == 3 and s.eggs == C.intruders.eggs
    for hero in s.heroes.values():
        decks = sorted(IDX.objectives[o].deck for o in hero.objectives)
        assert decks == ["corporate", "personal"]


@pytest.mark.rule("NE-SETUP-1")
def test_engines_and_coordinates_are_dealt_at_random() -> None:
    games = [new(2, seed) for seed in range(40)]
    assert len({g.coordinates for g in games}) == 4
    assert {tuple(g.engines.values()) for g in games} >= {(True, True, True),
                                                          (False, False, False)}


@pytest.mark.rule("NE-SETUP-1")
def test_player_counts() -> None:
    with pytest.raises(IllegalAction, match=r"^Nemesis takes 1 to 5 players\.$"):
        RS.new_game(seats(6), 1)
    with pytest.raises(IllegalAction, match=r"^Nemesis takes 1 to 5 players\.$"):
        RS.new_game([], 1)
    with pytest.raises(IllegalAction, match=r"^Each player may only sit once\.$"):
        RS.new_game(["a", "a"], 1)
    assert len(RS.new_game(seats(1), 1).seats) == 1
    assert len(RS.new_game(seats(5), 1).seats) == 5


@pytest.mark.rule("NE-CHAR-1")
def test_characters_wake_in_the_hibernatorium_with_their_deck_and_item() -> None:
    s = started(3, seed=2)
    for hero in s.heroes.values():
        ch = IDX.characters[hero.character]
        assert hero.room == room("hibernatorium")
        assert sorted(hero.hand + hero.deck) == sorted(c.id for c in ch.deck)
        assert len(hero.hand) == 5
        owned = hero.inventory + [h.item for h in hero.hands]
        assert ch.starting_item in owned


@pytest.mark.rule("NE-CHAR-1")
def test_a_quest_item_becomes_usable_once_its_quest_is_met() -> None:
    s = edit(started(2, seed=3))
    captain = next(c for c in IDX.characters.values() if c.quest.needs == "signal_sent")
    hero = s.heroes["p0"]
    hero.character = captain.id
    hero.deck = [c.id for c in captain.deck][5:]
    hero.hand = [c.id for c in captain.deck][:5]
    hero.discard = []
    hero.inventory, hero.hands = [], []
    s.decks["character"] = []
    slot = a_slot("I")
    put_room(s, slot, "comms_room")
    hero.room = slot
    s = turn(s, "p0")
    s, events = do(s, "p0", key_for(s, "p0", "Send a signal"))
    hero = s.heroes["p0"]
    assert hero.signal and hero.quest_active
    assert captain.quest.item in hero.inventory + [h.item for h in hero.hands]
    assert "quest" in [e.kind for e in events]


@pytest.mark.rule("NE-CHAR-1")
def test_the_mechanic_and_the_plans_go_through_the_technical_corridors() -> None:
    s = edit(started(2, seed=3))
    mechanic = IDX.characters["mechanic"]
    hero = s.heroes["p0"]
    hero.character = mechanic.id
    cards = [c.id for c in mechanic.deck]
    hero.hand = ["mechanic_technical_corridors", *[c for c in cards
                                                   if c != "mechanic_technical_corridors"][:4]]
    hero.deck = [c for c in cards if c not in hero.hand]
    hero.discard = []
    target = room("engine_1")  # explored, with technical entrances
    assert target in s.graph.tech_rooms()
    s = turn(s, "p0")
    s, _ = do(s, "p0", "card:mechanic_technical_corridors,0")
    while s.stack[-1].kind == "pick":
        s, _ = play(s, "p0", f"pick:{s.stack[-1].options.index(target)}")
    assert s.heroes["p0"].room == target
    plans = IDX.items["technical_corridor_plans"]
    assert plans.use is not None and plans.use.effects[0].through_tech


@pytest.mark.rule("NE-CHAR-1")
def test_the_soldier_aims_steady_and_the_mechanic_is_tough() -> None:
    from rules.nemesis.state import WoundCard
    from rules.nemesis_original.table import hand_limit

    s = edit(started(2, seed=3))
    hero = s.heroes["p0"]
    hero.character = "soldier"
    assert s.rules.hooks.advantage(s, hero)
    hero.character = "mechanic"
    assert not s.rules.hooks.advantage(s, hero)
    assert hand_limit(s, hero) == 5
    hero.serious = [WoundCard(card=next(w for w in s.decks["wounds"]
                                        if IDX.wounds[w].penalty != "head"))]
    assert hand_limit(s, hero) == 6


QUEST_MET: dict[str, Callable[[GameState], None]] = {
    "signal_sent": lambda s: setattr(s.heroes["p0"], "signal", True),
    "nest_found": lambda s: setattr(s, "nest_found", True),
    "kill_intruder": lambda s: setattr(s, "kills", 1),
    "weakness_found": lambda s: s.weaknesses_found.append(0),
    "carcass_in_lab": lambda s: s.weaknesses_found.append(1),
}
QUEST_NOT_YET: dict[str, Callable[[GameState], None]] = {
    "signal_sent": lambda s: setattr(s.heroes["p1"], "signal", True),  # someone else's
    "nest_found": lambda s: None,
    "kill_intruder": lambda s: setattr(s, "kills", 0),
    "weakness_found": lambda s: None,
    "carcass_in_lab": lambda s: s.weaknesses_found.extend([0, 2]),  # not the carcass's
}


@pytest.mark.rule("NE-CHAR-1")
@pytest.mark.parametrize("character", sorted(IDX.characters))
def test_each_characters_quest_is_met_only_by_its_own_condition(character: str) -> None:
    ch = IDX.characters[character]
    s = edit(started(2, seed=3))
    s.heroes["p0"].character = character
    s.heroes["p1"].character = next(c for c in IDX.characters if c != character
                                    and IDX.characters[c].quest.needs != ch.quest.needs)
    QUEST_NOT_YET[ch.quest.needs](s)
    waiting_, events = run_with(s, check_quests)
    assert not waiting_.heroes["p0"].quest_active and "quest" not in kinds(events)
    QUEST_MET[ch.quest.needs](s)
    done, events = run_with(s, check_quests)
    hero = done.heroes["p0"]
    assert hero.quest_active
    assert ch.quest.item in hero.inventory + [h.item for h in hero.hands]
    assert [(e.kind, e.to, e.text) for e in events if e.kind == "quest"] == [
        ("quest", None, f"<@p0>'s quest is fulfilled: {IDX.items[ch.quest.item].name} is "
         "ready.")]
    again, events = run_with(done, check_quests)
    assert "quest" not in kinds(events)  # once only
