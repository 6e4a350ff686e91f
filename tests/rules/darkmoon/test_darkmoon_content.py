"""Shape and count checks for the authored Dark Moon content files."""

from __future__ import annotations

from collections import Counter
from typing import get_args

import pytest

from rules.darkmoon.cards import (
    AbilityKind,
    Complication,
    Content,
    During,
    Effect,
    Event,
    Malfunction,
    read_content,
)


@pytest.fixture(scope="module")
def c() -> Content:
    return read_content()


def _effect_kinds() -> set[str]:
    union = get_args(Effect)[0]
    return {get_args(model.model_fields["do"].annotation)[0] for model in get_args(union)}


def _event_effects(event: Event):
    return (*event.at_start, *event.on_complete)


def _task_effects(task):
    if isinstance(task, Malfunction):
        return ()
    option_effects = tuple(e for option in task.options for e in option.effects)
    return (*option_effects, *task.target_effects, *task.active_effects, *task.on_failure)


def _all_effects(c: Content):
    for status in c.statuses:
        yield from status.power
    for event in (*c.events, *c.final_events):
        yield from _event_effects(event)
    for task in (*c.silver_tasks, *c.black_tasks):
        yield from _task_effects(task)


def _by_name(cards, name):
    found = [card for card in cards if card.name == name]
    assert len(found) == 1, f"expected exactly one card named {name!r}, got {len(found)}"
    return found[0]


def _complications(deck) -> list[Complication]:
    return [t for t in deck if isinstance(t, Complication)]


def _malfunctions(deck) -> list[Malfunction]:
    return [t for t in deck if isinstance(t, Malfunction)]


# ---------------------------------------------------------------- loading and board
def test_content_loads(c):
    assert isinstance(c, Content)


def test_board_dice_and_tracks(c):
    assert c.board.dice.strong == (1, 1, 2, 2, 3, -1)
    assert c.board.dice.weak == (1, 1, 2, -1, -1, -2)
    assert c.board.dice.commander == (1, 2, 2, 3, -1, -2)
    for faces in (c.board.dice.strong, c.board.dice.weak, c.board.dice.commander):
        assert 0 not in faces
    assert sum(c.board.dice.strong) > 0
    assert c.board.shield_symbols == (
        "minus1",
        "minus1",
        "minus1",
        "any_plus",
        "minus2",
        "any_minus",
    )
    assert c.board.suspicion_spaces == 4


# ---------------------------------------------------------------- characters
def test_eight_characters_each_ability_once(c):
    assert len(c.characters) == 8
    counts = Counter(ch.ability for ch in c.characters)
    assert set(counts) == set(get_args(AbilityKind))
    assert all(n == 1 for n in counts.values())
    assert len({ch.name for ch in c.characters}) == 8


def test_named_characters(c):
    jon = _by_name(c.characters, "Jon Reed")
    assert (jon.id, jon.ability) == ("jon_reed", "extra_out_die")
    luba = _by_name(c.characters, "Luba Zheleznyak")
    assert (luba.id, luba.ability) == ("luba_zheleznyak", "reroll_once")


def test_character_ids_are_snake_case(c):
    for ch in c.characters:
        assert ch.id == ch.id.lower()
        assert " " not in ch.id


# ---------------------------------------------------------------- statuses
def test_status_counts_and_powers(c):
    uninfected = [s for s in c.statuses if not s.infected]
    infected = [s for s in c.statuses if s.infected]
    assert len(uninfected) == 4
    assert len(infected) == 5
    assert all(not s.power for s in uninfected)
    assert all(s.power for s in infected)
    # every infected card has its own power
    assert len({s.power for s in infected}) == len(infected)


def test_infection_powers_are_not_game_ending(c):
    for status in c.statuses:
        damage = sum(e.count for e in status.power if e.do == "damage")
        assert damage <= 2, status.id
        assert all(e.do != "commander_trial" for e in status.power)


# ---------------------------------------------------------------- outposts
def test_outposts(c):
    blocks = {o.id: o.blocks for o in c.outposts}
    assert blocks == {
        "shield_control": "repair_shield",
        "life_support": "repair_life_support",
        "research_lab": "call_vote",
        "communications": "issue_order",
        "hangar_bay": "lone_wolf",
        "command": None,
    }
    names = {o.name for o in c.outposts}
    assert names == {
        "Shield Control",
        "Life Support",
        "Research Lab",
        "Communications",
        "Hangar Bay",
        "Command",
    }


# ---------------------------------------------------------------- events
def test_event_counts_and_cubes(c):
    assert len(c.events) >= 14
    assert all(2 <= e.cubes <= 4 for e in c.events)
    cube_counts = Counter(e.cubes for e in c.events)
    assert cube_counts.most_common(1)[0][0] == 3
    for event in c.events:
        assert event.at_start or event.on_complete or event.during != During(), event.id


def test_final_events(c):
    assert len(c.final_events) == 4
    assert all(3 <= e.cubes <= 5 for e in c.final_events)
    for event in c.final_events:
        assert event.at_start or event.on_complete or event.during != During(), event.id


def test_commander_trial_only_on_final_events(c):
    in_finals = [e for ev in c.final_events for e in _event_effects(ev)]
    assert any(e.do == "commander_trial" for e in in_finals)
    elsewhere = [e for e in _all_effects(c) if e not in in_finals]
    assert all(e.do != "commander_trial" for e in elsewhere)
    for ev in c.events:
        assert all(e.do != "commander_trial" for e in _event_effects(ev))


def test_blood_testing(c):
    ev = _by_name(c.events, "Blood Testing")
    assert [e.do for e in ev.on_complete] == ["commander_decree"]


def test_food_rationing(c):
    ev = _by_name(c.events, "Food Rationing")
    assert ev.during.strong_reserve_per_player == 1


def test_repair_tools(c):
    ev = _by_name(c.events, "Repair Tools")
    assert ev.during.repair_weak_only is True


def test_restore_comm(c):
    ev = _by_name(c.events, "Restore Comm")
    assert [e.do for e in ev.on_complete] == ["retrieve_all"]


def test_resupply(c):
    ev = _by_name(c.events, "Resupply")
    assert len(ev.on_complete) == 1
    effect = ev.on_complete[0]
    assert effect.do == "clear_one_kind"
    assert effect.chooser == "commander"


def test_salvage_parts(c):
    ev = _by_name(c.events, "Salvage Parts")
    assert [e.do for e in ev.on_complete] == ["reshuffle_damage"]


def test_system_crash(c):
    ev = _by_name(c.events, "System Crash")
    damages = [e for e in ev.at_start if e.do == "damage"]
    assert sorted(e.kind for e in damages) == ["fatigue", "outpost", "shield"]
    assert all(e.count == 1 and e.lethal is False for e in damages)
    # no automatic test after the shield token: one explicit test after all three
    assert all(not e.shield_test for e in damages if e.kind == "shield")
    assert ev.at_start[-1].do == "test_shield"


def test_system_reboot(c):
    ev = _by_name(c.events, "System Reboot")
    first, second = ev.on_complete
    assert first.do == "clear_damage"
    assert first.kinds == ("shield", "outpost")  # fatigue stays (Deadly Events, README)
    assert second.do == "damage"
    assert (second.kind, second.count, second.chooser, second.lethal) == (
        "choice",
        5,
        "commander",
        False,
    )


def test_tactical_prep(c):
    ev = _by_name(c.events, "Tactical Prep")
    assert len(ev.on_complete) == 1
    effect = ev.on_complete[0]
    assert effect.do == "event_cube"
    assert effect.final_allowed is True


def test_last_stand(c):
    ev = _by_name(c.final_events, "Last Stand")
    assert len(ev.at_start) == 1
    effect = ev.at_start[0]
    assert (effect.do, effect.who, effect.delta) == ("die_token", "all_hidden", -1)


def test_protect_self_destruct_codes(c):
    ev = _by_name(c.final_events, "Protect Self-Destruct Codes")
    assert [e.do for e in ev.on_complete] == ["commander_trial"]


def test_events_not_lethal_unless_final(c):
    for ev in c.events:
        for effect in _event_effects(ev):
            if effect.do == "damage":
                assert effect.lethal is not True, ev.id


# ---------------------------------------------------------------- tasks
@pytest.mark.parametrize(
    ("deck_name", "low", "high"),
    [("silver_tasks", 3, 9), ("black_tasks", 4, 11)],
)
def test_deck_composition(c, deck_name, low, high):
    deck = getattr(c, deck_name)
    assert 30 <= len(deck) <= 32
    malfunctions = _malfunctions(deck)
    complications = _complications(deck)
    assert 24 <= len(malfunctions) <= 26
    assert 6 <= len(complications) <= 8
    systems = Counter(m.system for m in malfunctions)
    assert set(systems) == {"outpost", "life_support", "shield", "unknown"}
    assert all(n >= 4 for n in systems.values())
    for m in malfunctions:
        assert low <= m.difficulty <= high, m.id
        assert 1 <= m.consequence <= 3, m.id
        if m.system == "unknown":
            assert m.consequence <= 2, m.id
    suspicious = sum(t.suspicious for t in deck)
    assert len(deck) / 5 <= suspicious <= len(deck) / 2
    assert len({t.id for t in deck}) == len(deck)


@pytest.mark.parametrize("deck_name", ["silver_tasks", "black_tasks"])
def test_required_complications(c, deck_name):
    deck = getattr(c, deck_name)
    comps = _complications(deck)

    acceptable = _by_name(comps, "Acceptable Loss")
    assert acceptable.mode == "choose"
    assert len(acceptable.options) == 1
    assert all(o.success for o in acceptable.options)
    (dmg,) = acceptable.options[0].effects
    assert (dmg.do, dmg.kind, dmg.count) == ("damage", "choice", 1)

    compromise = _by_name(comps, "Strategic Compromise")
    assert compromise.mode == "choose"
    assert len(compromise.options) == 1
    assert all(o.success for o in compromise.options)
    (dmg,) = compromise.options[0].effects
    assert (dmg.do, dmg.kind, dmg.count) == ("damage", "choice", 2)

    trust = _by_name(comps, "Act of Trust")
    assert trust.mode == "trust"
    assert [(e.do, e.who, e.delta) for e in trust.target_effects] == [
        ("die_token", "active", -1),
    ]
    assert [(e.do, e.who, e.delta) for e in trust.active_effects] == [
        ("die_token", "active", 1),
    ]
    assert trust.on_failure

    lead = _by_name(comps, "Failure to Lead")
    assert lead.mode == "appoint"
    assert lead.on_failure

    quarantine = _by_name(comps, "Mandatory Quarantine")
    assert quarantine.mode == "vote"
    assert quarantine.on_failure

    blood = _by_name(comps, "Voluntary Blood Testing")
    assert blood.mode == "volunteer"
    assert blood.min_players == 5
    assert blood.on_failure


def test_shared_complications_identical_across_decks(c):
    silver = {t.id: t for t in c.silver_tasks}
    black = {t.id: t for t in c.black_tasks}
    for task_id in silver.keys() & black.keys():
        assert silver[task_id] == black[task_id], task_id


@pytest.mark.parametrize("deck_name", ["silver_tasks", "black_tasks"])
def test_invented_choose_complications_have_two_options(c, deck_name):
    required = {
        "Acceptable Loss",
        "Strategic Compromise",
        "Act of Trust",
        "Failure to Lead",
        "Mandatory Quarantine",
        "Voluntary Blood Testing",
    }
    extra = [t for t in _complications(getattr(c, deck_name)) if t.name not in required]
    assert extra
    for comp in extra:
        assert comp.mode == "choose"
        assert len(comp.options) == 2
        assert {o.success for o in comp.options} == {True, False}


# ---------------------------------------------------------------- coverage and texts
def test_every_effect_primitive_used(c):
    used = {e.do for e in _all_effects(c)}
    assert used == _effect_kinds()


def test_every_during_modifier_used(c):
    default = During()
    used = set()
    for ev in (*c.events, *c.final_events):
        for field in During.model_fields:
            if getattr(ev.during, field) != getattr(default, field):
                used.add(field)
    assert used == set(During.model_fields)


def test_help_topics(c):
    ids = {h.id for h in c.help}
    assert ids >= {
        "turn",
        "dice",
        "repair",
        "vote",
        "lone_wolf",
        "order",
        "reveal",
        "infected_actions",
        "tasks",
        "malfunctions",
        "complications",
        "events",
        "quarantine",
        "fatigue",
        "shield",
        "commander",
        "suspicion",
        "winning",
    }
    infected = next(h for h in c.help if h.id == "infected_actions")
    for action in ("Interference", "Energy Spike", "Sabotage", "Test Commander", "Demoralize"):
        assert action in infected.text


def _texts(c: Content):
    for group in (c.characters, c.statuses, c.outposts, c.events, c.final_events):
        for card in group:
            yield card.id, card.name
            yield card.id, card.text
    for task in (*c.silver_tasks, *c.black_tasks):
        yield task.id, task.name
        if isinstance(task, Complication):
            yield task.id, task.text
            for option in task.options:
                yield task.id, option.label
    for topic in c.help:
        yield topic.id, topic.title
        yield topic.id, topic.text


def test_texts_non_empty_and_short(c):
    for card_id, text in _texts(c):
        assert text.strip(), card_id
        assert len(text) < 1000, card_id
