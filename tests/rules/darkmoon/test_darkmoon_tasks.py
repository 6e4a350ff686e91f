"""Task cards: drawing, malfunctions, consequences, complications, spent dice
(DM-TASK-1..5)."""

from __future__ import annotations

import pytest
from darkmoon_helpers import (
    RS,
    C,
    advance,
    die,
    edit,
    give_character,
    keys,
    make_commander,
    malfunction,
    only_infected,
    play,
    ready,
    rig,
    set_dice,
    start_task,
    task_card_of,
    top,
    turn,
    waiting,
)

from rules.core.contract import Event
from rules.darkmoon.state import (
    EventPickFrame,
    GameState,
    RollFrame,
    ShieldTestFrame,
    TaskFrame,
)
from rules.darkmoon.table import seats_from


def _table(n: int = 3, seed: int = 4) -> tuple[GameState, str]:
    """Silver deck (3 players), the active player has no ability, holds 2S+2W and is
    not the commander; no outpost token, nobody infected but the last seat."""
    s = ready(n, seed)
    seat = s.active
    for i, x in enumerate(seats_from(s, seat)):
        give_character(s, x, ["mateus_silva", "kenji_watanabe", "amara_okafor",
                              "henrik_lund", "priya_raman", "jon_reed", "luba_zheleznyak"][i])
    make_commander(s, seats_from(s, seat)[1])
    s.outpost_pile.extend(s.outposts)
    s.outposts = []
    only_infected(s, seats_from(s, seat)[-1])
    return s, seat


def _others_out(s: GameState, events: list[Event] | None = None) -> GameState:
    """Everyone still to decide goes out taking nothing (events collected)."""
    while isinstance(top(s), TaskFrame) and top(s).stage == "participation" and waiting(s):
        s, evs = play(s, waiting(s)[0], "out:0,0")
        if events is not None:
            events.extend(evs)
    return s


def _difficulty(s: GameState, card: str) -> int:
    return int(task_card_of(s, card).difficulty)


# ------------------------------------------------------------------ DM-TASK-1
@pytest.mark.rule("DM-TASK-1")
def test_draw_two_keep_one_face_up_discard_the_other_face_down() -> None:
    s, seat = _table()
    first, second = s.task_deck[:2]
    s = turn(s, seat, "task")
    s, events = advance(s)
    assert waiting(s) == [seat] and top(s).drawn == [first, second]
    assert sorted(keys(s, seat)) == sorted([f"keep_task:{first}", f"keep_task:{second}"])
    drawn = [e for e in events if e.kind == "task_drawn"]
    assert [e.to for e in drawn] == [(seat,)]
    assert RS.view(s, seat).me.choosing == [first, second]  # type: ignore[union-attr]
    assert first not in RS.view(s, None).model_dump_json()
    s, events = play(s, seat, f"keep_task:{second}")
    assert s.current_task == second and s.task_discard == [first]
    assert RS.view(s, None).task is not None and RS.view(s, None).task.id == second
    name = task_card_of(s, first).name
    for e in events:
        if e.to is None:
            assert first not in e.text + str(e.data) and name not in e.text
    assert any(e.to == (seat,) and name in e.text for e in events)
    assert RS.view(s, None).task_discard == 1


@pytest.mark.rule("DM-TASK-1")
def test_empty_deck_reshuffles_the_discards_without_showing_them() -> None:
    s, seat = _table()
    pile = s.task_deck[:3]
    s.task_deck = []
    s.task_discard = list(pile)
    s = turn(s, seat, "task")
    s, events = advance(s)
    frame = top(s)
    assert isinstance(frame, TaskFrame) and len(frame.drawn) == 2
    assert set(frame.drawn) | set(s.task_deck) == set(pile) and len(s.task_deck) == 1
    assert s.task_discard == []
    names = [task_card_of(s, c).name for c in pile]
    for e in events:
        if e.to is None:
            assert not any(c in e.text + str(e.data) for c in pile)
            assert not any(n in e.text for n in names)


# ------------------------------------------------------------------ DM-TASK-2
@pytest.mark.rule("DM-TASK-2")
def test_participation_in_turn_order_then_rolls_in_turn_order() -> None:
    s, seat = _table(5, 2)
    card = malfunction(s, "outpost")
    s, events = start_task(s, card)
    assert s.success_track == 0
    frame = top(s)
    assert isinstance(frame, TaskFrame) and frame.difficulty == _difficulty(s, card)
    order = seats_from(s, seat)
    seen = []
    for i, x in enumerate(order):
        assert waiting(s) == [x]
        seen.append(x)
        # nobody has rolled yet
        assert not any(isinstance(f, RollFrame) for f in s.stack)
        assert not any(e.kind == "private_roll" for e in events)
        s, events = play(s, x, "in" if i in (0, 2) else "out:0,0")
    assert seen == order
    roll = top(s)
    assert isinstance(roll, RollFrame) and roll.seat == order[0]
    assert len(roll.rolled) == 4  # all the dice behind the screen
    s, _ = play(s, order[0], keys(s, order[0])[0])
    while top(s).kind == "roll" and top(s).seat == order[0]:
        s, _ = play(s, order[0], "stop" if "stop" in keys(s, order[0]) else
                    keys(s, order[0])[0])
    roll = top(s)
    assert isinstance(roll, RollFrame) and roll.seat == order[2]


@pytest.mark.rule("DM-TASK-2")
def test_out_takes_up_to_two_dice_within_the_limit() -> None:
    s, seat = _table(3, 4)
    nxt, last = seats_from(s, seat)[1:]
    set_dice(s, nxt, 0, 1)  # 3 free spaces: may take 0..2
    set_dice(s, last, 2, 1)  # 1 free space: may take 0..1
    s, _ = start_task(s, malfunction(s, "outpost"))
    s, _ = play(s, seat, "in")
    assert sorted(keys(s, nxt)) == ["in", "out:0,0", "out:0,1", "out:0,2", "out:1,0",
                                    "out:1,1", "out:2,0"]
    s, _ = play(s, nxt, "out:1,1")
    assert (s.players[nxt].held.strong, s.players[nxt].held.weak) == (1, 2)
    assert sorted(keys(s, last)) == ["in", "out:0,0", "out:0,1", "out:1,0"]
    s2 = edit(s)
    set_dice(s2, last, 0, 0)
    assert "in" not in keys(s2, last)  # nothing to roll with: out only


@pytest.mark.rule("DM-TASK-2")
def test_each_roll_submits_at_least_one_die_then_reroll_or_stop() -> None:
    s, seat = _table()
    s, _ = start_task(s, malfunction(s, "outpost"))
    s, _ = play(s, seat, "in")
    rig(s, die("strong", 1), die("strong", 2), die("weak", -1), die("weak", 2),
        die("strong", 3), die("weak", 1))
    s = _others_out(s)
    assert waiting(s) == [seat]
    options = keys(s, seat)
    assert "stop" not in options and all(k.startswith("submit:") for k in options)
    assert "submit:S1+S2+W-1+W2" in options and "submit:S1" in options
    s, _ = play(s, seat, "submit:W2")
    assert s.success_track == 2
    options = keys(s, seat)
    assert sorted(options) == ["roll:S+S+W", "stop"]  # roll every die left, or stop
    s, _ = play(s, seat, "roll:S+S+W")
    assert "stop" not in keys(s, seat)
    s, _ = play(s, seat, "submit:S3")
    assert s.success_track == 5
    assert s.players[seat].held.strong == 1 and s.players[seat].held.weak == 1


@pytest.mark.rule("DM-TASK-2")
@pytest.mark.parametrize("short", [0, 1])
def test_success_when_the_total_reaches_the_difficulty(short: int) -> None:
    s, seat = _table()
    card = next(t.id for t in C.silver_tasks if t.kind == "malfunction"
                and t.system == "outpost" and t.difficulty == 5)
    s, _ = start_task(s, card)
    s, _ = play(s, seat, "in")
    rig(s, die("strong", 3), die("strong", 2 - short), die("weak", -1), die("weak", -2))
    s = _others_out(s)
    s, _ = play(s, seat, f"submit:S{2 - short}+S3")
    outposts, cubes = len(s.outposts), s.event_cubes
    s, events = play(s, seat, "stop")
    ok = short == 0
    assert any(e.kind == "task_result" and e.data["ok"] is ok for e in events)
    # the recap's numbers: the task led (and whether it succeeded), going IN, the dice
    tally = s.players[seat].tally
    assert (tally.tasks, tally.tasks_ok, tally.went_in) == (1, int(ok), 1)
    assert (tally.dice, tally.points) == (2, 5 - short)
    assert all(p.tally.went_in == 0 and p.tally.dice == 0 and p.tally.tasks == 0
               for x, p in s.players.items() if x != seat)  # everyone else stayed OUT
    assert s.event_cubes == cubes + (1 if ok else 0)
    assert len(s.outposts) == outposts + (0 if ok else task_card_of(s, card).consequence)


# ------------------------------------------------------------------ DM-TASK-3
def _fail_task(s: GameState, card: str) -> tuple[GameState, list[Event]]:
    """Play `card` with everyone out: the task fails with nothing submitted."""
    s, events = start_task(s, card)
    s = _others_out(s, events)
    return s, events


@pytest.mark.rule("DM-TASK-3")
@pytest.mark.parametrize(("system", "attr"), [("outpost", "outposts"),
                                              ("life_support", "fatigue")])
def test_failed_malfunction_draws_consequence_tokens(system: str, attr: str) -> None:
    s, _ = _table()
    card = malfunction(s, system)
    before = len(getattr(s, attr))
    s, events = _fail_task(s, card)
    consequence = task_card_of(s, card).consequence
    assert len(getattr(s, attr)) == before + consequence
    assert sum(e.kind == "damage" for e in events) == consequence


@pytest.mark.rule("DM-TASK-3")
def test_failed_shield_malfunction_places_tokens_then_tests_the_shield() -> None:
    s, seat = _table()
    card = next(t for t in C.silver_tasks if t.kind == "malfunction"
                and t.system == "shield" and t.consequence == 2)
    s.shield = 1
    set_dice(s, seat, 0, 0)
    for x in s.seats:
        set_dice(s, x, 2, 2)
    set_dice(s, seat, 2, 1)
    rig(s, die("weak", 1))  # the shield test rolls the only die of the pool
    s, events = _fail_task(s, card.id)
    assert s.shield == 3
    order = [e.kind for e in events if e.kind in ("damage", "shield_test")]
    assert order == ["damage", "damage", "shield_test"]


@pytest.mark.rule("DM-TASK-3")
def test_unknown_malfunction_system_is_chosen_before_participation() -> None:
    s, seat = _table()
    card = malfunction(s, "unknown")
    s, _ = start_task(s, card)
    assert waiting(s) == [seat]
    assert sorted(keys(s, seat)) == ["system:life_support", "system:outpost",
                                     "system:shield"]
    assert all(p.participation is None for p in s.players.values())
    s, events = play(s, seat, "system:life_support")
    assert any(e.kind == "task_system" and e.to is None for e in events)
    assert keys(s, seat)[0] == "in"  # participation only now
    fatigue = len(s.fatigue)
    s = _others_out(s)
    assert len(s.fatigue) == fatigue + task_card_of(s, card).consequence


# ------------------------------------------------------------------ DM-TASK-4
@pytest.mark.rule("DM-TASK-4")
@pytest.mark.parametrize("accept", [True, False])
def test_complication_choice_succeeds_or_costs_its_consequence(accept: bool) -> None:
    s, seat = _table()
    s, events = start_task(s, "failure_to_lead")
    assert any(e.kind == "complication" for e in events)
    assert waiting(s) == [seat] and "decline" in keys(s, seat)
    shield, cubes = s.shield, s.event_cubes
    rig(s, die("strong", 2))
    target = seats_from(s, seat)[2]
    s, events = play(s, seat, f"name:{target}" if accept else "decline")
    if accept:
        assert s.commander == target and s.event_cubes == cubes + 1 and s.shield == shield
    else:
        assert s.commander != target and s.event_cubes == cubes
        assert s.shield == shield + 1  # the card's consequence
    assert any(e.kind == "task_result" and e.data["ok"] is accept for e in events)


@pytest.mark.rule("DM-TASK-4")
@pytest.mark.parametrize("option", [0, 1])
def test_two_option_complication_pays_its_chosen_cost_once(option: int) -> None:
    s, seat = _table()  # silver deck: Double Shift
    s, _ = start_task(s, "double_shift")
    assert waiting(s) == [seat]
    assert sorted(keys(s, seat)) == ["option:double_shift,0", "option:double_shift,1"]
    fatigue, cubes = len(s.fatigue), s.event_cubes
    s, events = play(s, seat, f"option:double_shift,{option}")
    if option == 0:  # discard 2 dice, the task succeeds
        assert waiting(s) == [seat] and top(s).kind == "discard"
        s, evs = play(s, seat, "discard:S+W")
        events += evs
        held = s.players[seat].held
        assert held.strong + held.weak == 2 and len(s.fatigue) == fatigue
        assert s.event_cubes == cubes + 1
    else:  # 1 fatigue token and the task fails; the cost is not paid a second time
        assert len(s.fatigue) == fatigue + 1 and s.event_cubes == cubes
    assert any(e.kind == "task_result" and e.data["ok"] is (option == 0) for e in events)
    assert s.current_task is None


# ------------------------------------------------------------------ DM-TASK-5
@pytest.mark.rule("DM-TASK-5")
def test_spent_dice_are_available_before_the_event_cube_completes_an_event() -> None:
    s, seat = _table()
    event = next(e for e in C.events if e.id == s.current_event)
    s.event_cubes = event.cubes - 1
    card = next(t.id for t in C.silver_tasks if t.kind == "malfunction" and t.difficulty == 3)
    s, _ = start_task(s, card)
    s, _ = play(s, seat, "in")
    rig(s, die("strong", 3), die("strong", 1), die("weak", 1), die("weak", 1))
    s = _others_out(s)
    s, _ = play(s, seat, "submit:S3")
    assert s.spent.strong == 1
    s, _ = play(s, seat, "stop")
    assert isinstance(top(s), EventPickFrame)  # the completed event asks for the next
    assert s.spent.total() == 0 and s.available.strong == 1


@pytest.mark.rule("DM-TASK-5")
def test_spent_dice_are_available_before_the_consequence() -> None:
    s, seat = _table()
    card = next(t.id for t in C.silver_tasks if t.kind == "malfunction"
                and t.system == "shield" and t.difficulty >= 5)
    s, _ = start_task(s, card)
    s, _ = play(s, seat, "in")
    rig(s, die("strong", 1), die("strong", 1), die("weak", -1), die("weak", 1))
    s = _others_out(s)
    s, _ = play(s, seat, "submit:S1+W-1")
    assert (s.spent.strong, s.spent.weak) == (1, 1)
    s, _ = play(s, seat, "stop")
    # the shield test after the consequence may use any die of the pool
    assert isinstance(top(s), ShieldTestFrame) and waiting(s) == [seat]
    assert sorted(keys(s, seat)) == ["test_die:strong", "test_die:weak"]
    assert s.spent.total() == 0 and (s.available.strong, s.available.weak) == (1, 1)
