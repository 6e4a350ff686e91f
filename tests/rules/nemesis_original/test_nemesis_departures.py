"""Rules of the original Nemesis where the engine used to depart from the sources (issue
18, section 3): attempts guarded by a noise roll (hibernating, boarding a pod), Airlock
Control's yellow rooms. Every scenario starts from a crafted state and checks both
sides, the events announced and the state left."""

from __future__ import annotations

import pytest
from nemesis_helpers import (
    IDX,
    RS,
    SHIP,
    a_slot,
    add_intruder,
    bag_draw,
    do,
    edit,
    key_for,
    keys,
    labels,
    noise,
    play,
    put_room,
    room,
    run_with,
    started,
    texts,
    turn,
    waiting,
)

from bot.sheets import describe_private
from rules.nemesis.bag import kind_of
from rules.nemesis.doors import walls
from rules.nemesis.state import Held, change_room
from rules.nemesis_original.event_phase import move_time
from rules.nemesis_original.ship import tile_of
from rules.nemesis_original.state import GameState

HIBERNATORIUM = room("hibernatorium")
EVAC_A = room("evac_a")


def at(slot: str, seed: int = 8) -> GameState:
    """p0 alone in `slot` on its turn (p1 in the cockpit), the first encounter over; p0
    holds 9 cards (no surprise attack after paying for an action)."""
    s = edit(started(2, seed=seed))
    hero = s.heroes["p0"]
    hero.hand, hero.deck = hero.hand + hero.deck[:4], hero.deck[4:]
    hero.room = slot
    s.heroes["p1"].room = room("cockpit")
    s.first_encounter = True
    return turn(s, "p0")


def marked(s: GameState, slot: str) -> GameState:
    """A noise marker already in the room's corridor 1: rolling 1 is an encounter."""
    s = edit(s)
    s.noise = [s.graph.exit_by_number(slot, 1).corridor]
    return s


# ------------------------------------------------------------------ noise-roll attempts
def sleep_scene() -> GameState:
    s = edit(at(HIBERNATORIUM))
    s.time = SHIP.time_track.first_blue
    return marked(s, HIBERNATORIUM)


@pytest.mark.rule("NE-ROOM-1")
@pytest.mark.rule("NX-ENC-1")
def test_a_blank_token_does_not_stop_hibernation() -> None:
    s = sleep_scene()
    bag = sorted(s.bag)
    s2, events = do(s, "p0", key_for(s, "p0", "Go to sleep"), noise(1), bag_draw(s, "blank"))
    said = texts(events)
    assert "only echoes" in said and "goes to sleep in a hibernation chamber" in said
    assert "cannot get into" not in said
    assert s2.heroes["p0"].place == "hibernated" and s2.heroes["p0"].passed
    assert not s2.intruders and sorted(s2.bag) == bag       # the blank went back
    assert not any(f.kind == "attempt" for f in s2.stack)


@pytest.mark.rule("NE-ROOM-1")
@pytest.mark.rule("NX-ENC-1")
def test_an_intruder_appearing_stops_hibernation() -> None:
    s = sleep_scene()
    s2, events = do(s, "p0", key_for(s, "p0", "Go to sleep"), noise(1), bag_draw(s, "adult"))
    said = texts(events)
    assert "Surprise" not in said and waiting(s2) == ["p0"]       # no attack: all done
    assert "An adult appears" in said and "cannot get into a hibernation chamber" in said
    assert s2.heroes["p0"].place == "board"
    assert [(i.kind, i.room) for i in s2.intruders] == [("adult", HIBERNATORIUM)]


def pod_scene() -> GameState:
    s = edit(at(EVAC_A))
    for pod in s.pods.values():
        pod.locked = False
    return marked(s, EVAC_A)


@pytest.mark.rule("NE-POD-1")
def test_a_blank_token_does_not_keep_you_out_of_a_pod() -> None:
    s = pod_scene()
    s2, events = do(s, "p0", key_for(s, "p0", "Board an escape pod"), noise(1),
                    bag_draw(s, "blank"))
    if waiting(s2) == ["p0"] and s2.stack[-1].kind == "pick":   # two pods free: pick one
        s2, more = play(s2, "p0", "pick:0")
        events += more
    said = texts(events)
    assert "only echoes" in said and "climbs into escape pod" in said
    assert s2.heroes["p0"].place == "pod" and "blank" in {kind_of(t) for t in s2.bag}
    assert s2.pods[s2.heroes["p0"].pod or ""].seats == ["p0"]


@pytest.mark.rule("NE-POD-1")
def test_an_intruder_appearing_keeps_you_out_of_the_pod() -> None:
    s = pod_scene()
    s2, events = do(s, "p0", key_for(s, "p0", "Board an escape pod"), noise(1),
                    bag_draw(s, "adult"))
    assert "does not make it into a pod" in texts(events) and waiting(s2) == ["p0"]
    assert s2.heroes["p0"].place == "board"
    assert all(not p.seats for p in s2.pods.values())


# ------------------------------------------------------------------ Airlock Control
YELLOW = sorted(t.id for t in SHIP.rooms if t.color == "yellow" and t.id != "airlock_control")


@pytest.mark.rule("NE-ROOM-1")
def test_airlock_control_offers_only_other_explored_yellow_rooms() -> None:
    s = edit(at(a_slot("II", 0)))
    put_room(s, a_slot("II", 0), "airlock_control")
    yellow, white, hidden, broken = a_slot("I", 0), a_slot("I", 1), a_slot("I", 2), \
        a_slot("I", 3)
    put_room(s, yellow, "generator")
    put_room(s, white, "storage")
    put_room(s, hidden, "comms_room", explored=False)
    put_room(s, broken, "fire_control")
    s.doors[walls(s, broken)[0]] = "destroyed"
    others = [slot for slot, r in s.rooms.items()
              if r.explored and r.tile in YELLOW and slot not in (yellow, broken)]
    s2, events = do(s, "p0", key_for(s, "p0", "Blow the airlock"))
    pick = s2.stack[-1]
    assert pick.kind == "pick" and waiting(s2) == ["p0"]
    assert sorted(pick.options) == sorted([yellow, *others])
    assert all(tile_of(s2.rooms[x].tile or "").color == "yellow" for x in pick.options)
    for excluded in (white, hidden, broken, room("cockpit"), HIBERNATORIUM, EVAC_A,
                     s.heroes["p0"].room):
        assert excluded not in pick.options
    assert "Seal Generator" in pick.labels
    s3, events = play(s2, "p0", f"pick:{pick.options.index(yellow)}")
    assert s3.rooms[yellow].venting
    assert "The airlock of Generator is primed" in texts(events)


@pytest.mark.rule("NE-ROOM-1")
def test_airlock_control_is_not_offered_without_a_yellow_room() -> None:
    s = edit(at(a_slot("II", 0)))
    put_room(s, a_slot("II", 0), "airlock_control")
    for slot, r in s.rooms.items():
        if r.tile in YELLOW:
            change_room(s.rooms, slot, explored=False, token="silence")
    assert not any("airlock" in label for label in labels(s, "p0").values())


# ------------------------------------------------------------------ grenades and eggs
def armed(item: str, slot: str, *, eggs_lying: int = 0, nest: bool = False
          ) -> GameState:
    """p0 alone in `slot` (explored; the nest with 5 eggs if `nest`, else with
    `eggs_lying` eggs on the floor) carrying `item`, on its turn."""
    s = edit(at(slot))
    if nest:
        put_room(s, slot, "nest")
        s.nest_found, s.eggs = True, 5
    else:
        put_room(s, slot, "storage")
        change_room(s.rooms, slot, objects=("egg",) * eggs_lying)
    for pile in (s.decks["red"], s.crafted):
        if item in pile:
            pile.remove(item)
            break
    s.heroes["p0"].inventory.append(item)
    return s


def thrown(events: list) -> list[str]:
    return [e.text for e in events if e.kind == "egg"]


@pytest.mark.rule("NX-ATK-3")
def test_a_grenade_thrown_at_the_nest_destroys_two_eggs() -> None:
    s = armed("grenade", a_slot("I", 0), nest=True)
    light = s.heroes["p0"].light
    s2, events = do(s, "p0", key_for(s, "p0", "Grenade"), noise("silence"))
    assert s2.eggs == 3 and len(thrown(events)) == 2
    assert s2.heroes["p0"].light == light + 1              # the blast hurts the thrower
    assert "grenade" not in s2.heroes["p0"].inventory       # one use
    said = texts(events)
    assert said.index("destroys an egg") < said.index("noise roll: silence")
    assert not s2.nest_destroyed


@pytest.mark.rule("NX-ATK-3")
def test_a_grenade_destroys_two_of_the_eggs_lying_in_a_room() -> None:
    s = armed("grenade", a_slot("I", 1), eggs_lying=3)
    s2, events = do(s, "p0", key_for(s, "p0", "Grenade"), noise("silence"))
    assert s2.rooms[a_slot("I", 1)].objects.count("egg") == 1
    assert len(thrown(events)) == 2 and s2.eggs == s.eggs   # the nest keeps its eggs


@pytest.mark.rule("NX-ATK-3")
@pytest.mark.rule("NX-COMBAT-STATE-1")
def test_no_grenade_out_of_combat_without_eggs() -> None:
    s = armed("grenade", a_slot("I", 1))
    assert not any("Grenade" in label for label in labels(s, "p0").values())
    carried = edit(s)
    carried.heroes["p0"].hands.append(Held(obj="egg"))     # a carried egg is no target
    assert not any("Grenade" in label for label in labels(carried, "p0").values())


@pytest.mark.rule("NX-ATK-3")
def test_a_molotov_destroys_one_egg_and_lights_a_fire() -> None:
    s = armed("molotov", a_slot("I", 0), nest=True)
    s2, events = do(s, "p0", key_for(s, "p0", "Molotov"), noise("silence"))
    here = a_slot("I", 0)
    assert s2.eggs == 4 and len(thrown(events)) == 1
    assert s2.rooms[here].fire and s2.fires == s.fires + 1
    s = armed("molotov", a_slot("I", 1))
    s3, events = do(s, "p0", key_for(s, "p0", "Molotov"))
    assert s3.rooms[a_slot("I", 1)].fire and not thrown(events)
    assert "noise" not in [e.kind for e in events]        # no egg: no attempt, no roll


# ------------------------------------------------------------------ the Captain's Basic Repairs
REPAIRS = "captain_basic_repairs"


def captain(slot: str) -> GameState:
    """p0 plays the Captain, alone in `slot` with Basic Repairs in hand, on its turn."""
    s = edit(at(slot))
    hero = s.heroes["p0"]
    hero.character = "captain"
    hero.hand = [REPAIRS, *[c.id for c in IDX.characters["captain"].deck if c.id != REPAIRS]
                 ][:6]
    hero.deck, hero.discard = [], []
    return s


@pytest.mark.rule("NE-CHAR-1")
def test_basic_repairs_removes_a_malfunction_or_works_an_engine_never_both() -> None:
    here = a_slot("I", 0)
    s = edit(captain(here))
    put_room(s, here, "storage")
    change_room(s.rooms, here, malfunction=True)
    s.malfunctions, s.engines = 1, {"1": True, "2": True, "3": False}
    plays = {k: v for k, v in labels(s, "p0").items() if k.startswith(f"card:{REPAIRS}")}
    assert sorted(plays.values()) == [
        "Play Basic Repairs: repair or break one of the engines",
        "Play Basic Repairs: repair the malfunction in a neighbouring room",
        "Play Basic Repairs: repair the malfunction in your room"]
    # the malfunction side: the marker goes, the engines stay
    fixed, events = do(s, "p0", key_for(s, "p0", "repair the malfunction in your room"))
    assert not fixed.rooms[here].malfunction and fixed.malfunctions == 0
    assert fixed.engines == s.engines
    # the engine side: the chosen engine is set, the malfunction stays
    worked, events = do(s, "p0", key_for(s, "p0", "one of the engines"))
    pick = worked.stack[-1]
    assert waiting(worked) == ["p0"] and pick.labels == [
        "Repair engine 1", "Break engine 1", "Repair engine 2", "Break engine 2",
        "Repair engine 3", "Break engine 3"]
    worked, events = play(worked, "p0", f"pick:{pick.labels.index('Break engine 2')}")
    assert worked.engines == {"1": True, "2": False, "3": False}
    assert worked.rooms[here].malfunction and worked.malfunctions == 1
    assert worked.known["p0"]["engine_2"] == "damaged"
    assert [e.text for e in events if e.to == ("p0",)] == ["Engine 2 is now damaged."]
    public = [e.text for e in events if e.to is None]
    assert "<@p0> works on engine 2." in public and not any("damaged" in t for t in public)
    mended, _ = play(do(s, "p0", key_for(s, "p0", "one of the engines"))[0], "p0",
                     f"pick:{pick.labels.index('Repair engine 3')}")
    assert mended.engines["3"] and mended.known["p0"]["engine_3"] == "working"


# ------------------------------------------------------------------ self-destruct
@pytest.mark.rule("NE-CRIT-1")
@pytest.mark.rule("NE-SELF-1")
@pytest.mark.parametrize("space", range(SHIP.self_destruct.first_yellow,
                                        SHIP.self_destruct.length))
def test_every_yellow_self_destruct_space_unlocks_the_pods(space: int) -> None:
    """004: the pods unlock when the marker reaches any yellow space (and can be locked
    again): a pod locked again since the last yellow space opens once more."""
    s = edit(started(2, seed=4))
    s.self_destruct = space - 1
    for pod in s.pods.values():
        pod.locked = pod.id != "A1"
    s2, events = run_with(s, move_time)
    assert s2.self_destruct == space and s2.ended is None
    assert all(not p.locked for p in s2.pods.values())
    said = [e.text for e in events if e.kind == "critical"]
    assert "The self-destruct marker reaches yellow: every escape pod unlocks." in said
    assert ("The self-destruct sequence can no longer be stopped." in said) is \
        (space == SHIP.self_destruct.first_yellow)


@pytest.mark.rule("NE-SELF-1")
def test_a_green_self_destruct_space_leaves_the_pods_locked() -> None:
    s = edit(started(2, seed=4))
    s.self_destruct = SHIP.self_destruct.first_yellow - 2
    s2, events = run_with(s, move_time)
    assert s2.self_destruct == SHIP.self_destruct.first_yellow - 1
    assert all(p.locked for p in s2.pods.values())
    assert "critical" not in [e.kind for e in events]
    s = edit(s)
    s.self_destruct = SHIP.self_destruct.first_yellow   # yellow, every pod already open
    for pod in s.pods.values():
        pod.locked = False
    s3, events = run_with(s, move_time)
    assert not any("unlocks" in e.text for e in events)    # nothing to unlock: no word


# ------------------------------------------------- abilities that replace a base rule
def playing(character: str, slot: str | None = None) -> GameState:
    """p0 plays `character` (its own deck in hand), alone in `slot` on its turn."""
    s = edit(at(slot or a_slot("I", 0)))
    hero = s.heroes["p0"]
    hero.character = character
    hero.hand = [c.id for c in IDX.characters[character].deck if not c.interrupt][:6]
    hero.deck, hero.discard, hero.hands, hero.inventory = [], [], [], []
    put_room(s, hero.room, "storage")
    return s


def choice(s: GameState, key: str) -> tuple[str, str]:
    found = RS.describe(s, "p0", RS.parse_action(s, "p0", key))
    return found.label, found.detail


@pytest.mark.rule("NE-CHAR-1")
@pytest.mark.rule("NX-MOVE-2")
def test_the_pilots_careful_movement_says_it_costs_her_one_card() -> None:
    pilot = playing("pilot")
    key = next(k for k in keys(pilot, "p0") if k.startswith("careful:"))
    label, detail = choice(pilot, key)
    assert label.endswith("(cost 1)")
    assert "Careful movement: 1 card for the Pilot (Quiet Steps); 2 cards for anyone " \
        "else." in detail
    captain = playing("captain")
    label, detail = choice(captain, key)
    assert label.endswith("(cost 2)") and "Quiet Steps" not in detail


@pytest.mark.rule("NE-CHAR-1")
@pytest.mark.rule("NX-ATK-1")
def test_the_soldiers_shot_says_the_advantage_die_is_his() -> None:
    for character, said in (
            ("soldier", "Roll the advantage die (Steady Aim: the advantage die for the "
                        "Soldier; anyone else rolls the combat die); ammo 4 → 3."),
            ("captain", "Roll the combat die; ammo 4 → 3.")):
        s = playing(character)
        s.heroes["p0"].hands = [Held(item="combat_rifle", ammo=4)]
        intruder = add_intruder(s, "adult", s.heroes["p0"].room)
        _, detail = choice(s, f"shoot:0,{intruder}")
        assert detail.startswith(said), character


@pytest.mark.rule("NE-CHAR-1")
@pytest.mark.rule("NX-ATK-1")
def test_the_scientists_melee_says_it_draws_no_contamination() -> None:
    for character, said in (
            ("scientist", "Roll the combat die; no contamination card for the Scientist "
                          "(Sterile; anyone else takes one first); a miss gives you a "
                          "serious wound."),
            ("soldier", "Roll the combat die; you first take a contamination card; a miss "
                        "gives you a serious wound.")):
        s = playing(character)
        intruder = add_intruder(s, "adult", s.heroes["p0"].room)
        _, detail = choice(s, f"melee:{intruder}")
        assert detail == said, character


@pytest.mark.rule("NE-CHAR-1")
@pytest.mark.parametrize(("character", "words"), [
    ("pilot", "careful movement costs the Pilot 1 card instead of the usual 2"),
    ("soldier", "the Soldier's shots always roll the advantage die instead of the combat "
                "die anyone else rolls"),
    ("scientist", "the Scientist's melee attacks give no contamination card (anyone else "
                  "takes one before every melee attack)"),
])
def test_the_sheet_says_which_base_rule_the_ability_replaces(character: str, words: str
                                                             ) -> None:
    s = playing(character)
    text = describe_private(RS.view(s, "p0"))
    assert f"**Ability** ({IDX.characters[character].text.split('(')[1].split(')')[0]}): " \
        f"{words}" in text
