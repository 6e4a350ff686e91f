"""Events, the final event, suspicion and winning (DM-EVENT-1..4, DM-SUSP-1, DM-WIN-1)."""

from __future__ import annotations

import pytest
from darkmoon_helpers import (
    RS,
    C,
    advance,
    deck_of,
    die,
    edit,
    give_character,
    give_status,
    keys,
    make_commander,
    malfunction,
    only_infected,
    play,
    push,
    ready,
    rig,
    run_with,
    set_dice,
    start_task,
    task_card_of,
    top,
    turn,
    vote_all,
    waiting,
)

from rules.core.contract import Event
from rules.darkmoon.effects import add_cube, start_final
from rules.darkmoon.state import (
    EventPickFrame,
    GameState,
    NextEventFrame,
    TargetFrame,
    TaskFrame,
    VoteFrame,
)
from rules.darkmoon.table import seats_from


def _table(n: int = 3, seed: int = 4, event: str | None = "security_audit",
           **options: str) -> tuple[GameState, str]:
    s = ready(n, seed, event=event, **options)
    seat = s.active
    for i, x in enumerate(seats_from(s, seat)):
        give_character(s, x, ["kenji_watanabe", "amara_okafor", "henrik_lund",
                              "priya_raman", "jon_reed", "luba_zheleznyak",
                              "sofia_marquez"][i])
    make_commander(s, seats_from(s, seat)[1])
    s.outpost_pile.extend(s.outposts)
    s.outposts = []
    only_infected(s, seats_from(s, seat)[-1])
    return s, seat


def _everyone_out(s: GameState, events: list[Event] | None = None) -> GameState:
    while isinstance(top(s), TaskFrame) and top(s).stage == "participation":
        s, evs = play(s, waiting(s)[0], "out:0,0")
        if events is not None:
            events.extend(evs)
    return s


def _succeed(s: GameState, seat: str) -> tuple[GameState, list[Event]]:
    """Play the easiest outpost malfunction and make it succeed (active player in)."""
    card = min((t for t in deck_of(s) if t.kind == "malfunction" and t.system == "outpost"
                and not t.suspicious), key=lambda t: t.difficulty)
    s = edit(s)
    set_dice(s, seat, 2, 2)
    s, events = start_task(s, card.id)
    s, evs = play(s, seat, "in")
    events += evs
    rig(s, die("strong", 3), die("strong", 3), die("weak", 2), die("weak", 2))
    s = _everyone_out(s, events)
    s, evs = play(s, seat, "submit:S3+S3+W2+W2")
    events += evs
    if waiting(s) == [seat] and "stop" in keys(s, seat):
        s, evs = play(s, seat, "stop")
        events += evs
    return s, events


def _event(event_id: str):
    return next(e for e in (*C.events, *C.final_events) if e.id == event_id)


# ------------------------------------------------------------------ DM-EVENT-1
@pytest.mark.rule("DM-EVENT-1")
def test_successful_task_adds_a_cube_to_the_current_event_only() -> None:
    s, seat = _table()
    s, events = _succeed(s, seat)
    assert s.event_cubes == 1 and s.final_cubes == 0
    assert any(e.kind == "cube" for e in events)


@pytest.mark.rule("DM-EVENT-1")
@pytest.mark.parametrize("done", [0, 1, 2])
def test_no_cube_on_the_final_event_before_three_events(done: int) -> None:
    s, _ = _table()
    s.events_done = [e.id for e in C.events[5:5 + done]]
    s.current_event = None  # even with no current event, nothing goes on the final
    s2, _ = run_with(s, add_cube)
    assert s2.final_cubes == 0 and not s2.final_started
    s.current_event = "security_audit"
    s2, _ = run_with(s, add_cube)
    assert s2.event_cubes == 1 and s2.final_cubes == 0


@pytest.mark.rule("DM-EVENT-1")
def test_event_text_timing_at_start_during_and_upon_completion() -> None:
    # at start: Hull Breach places its shield token as soon as it is played
    s, seat = _table()
    shield = s.shield
    rig(s, die("strong", 2))
    s, _ = push(s, EventPickFrame(chooser=s.commander or "", drawn=["hull_breach"]))
    assert s.current_event == "hull_breach" and s.shield == shield + 1
    # during: Dust Storm makes tasks harder only while it is the current event
    s, seat = _table(event="dust_storm")
    card = malfunction(s, "outpost")
    printed = task_card_of(s, card).difficulty
    s2, _ = start_task(s, card)
    assert top(s2).difficulty == printed + 1
    s.current_event = "security_audit"
    s2, _ = start_task(s, card)
    assert top(s2).difficulty == printed
    # upon completion: Security Audit moves suspicion back only when completed
    s, seat = _table()
    s.suspicion = 2
    s.event_cubes = _event("security_audit").cubes - 2
    s, _ = _succeed(s, seat)
    assert s.suspicion == 2 and s.event_cubes == _event("security_audit").cubes - 1
    s = turn(s, seat, "task")
    s, _ = _succeed(s, seat)
    assert s.suspicion == 0 and "security_audit" in s.events_done


# ------------------------------------------------------------------ DM-EVENT-2
@pytest.mark.rule("DM-EVENT-2")
def test_completed_event_commander_draws_two_and_keeps_one() -> None:
    s, seat = _table()
    s.event_cubes = _event("security_audit").cubes - 1
    top_two = s.event_deck[:2]
    s, _ = _succeed(s, seat)
    pick = top(s)
    assert isinstance(pick, EventPickFrame) and pick.drawn == top_two
    assert waiting(s) == [s.commander]
    assert RS.pending(s)[0].secret
    s, _ = play(s, s.commander or "", f"keep_event:{top_two[1]}")
    assert s.current_event == top_two[1] and s.event_deck[-1] == top_two[0]
    assert s.events_done == ["security_audit"] and s.event_cubes == 0


@pytest.mark.rule("DM-EVENT-2")
def test_after_the_third_event_the_final_event_begins() -> None:
    s, seat = _table(final_event="evacuation_countdown")
    s.events_done = ["dust_storm", "rumour_mill"]
    s.event_cubes = _event("security_audit").cubes - 1
    deck = list(s.event_deck)
    s, _ = _succeed(s, seat)
    assert s.final_started and len(s.events_done) == 3
    assert not any(isinstance(f, EventPickFrame) for f in s.stack)
    assert s.event_deck == deck  # the commander draws no event card
    assert s.current_event is None


# ------------------------------------------------------------------ DM-EVENT-3
@pytest.mark.rule("DM-EVENT-3")
def test_event_damage_stops_just_before_an_infected_win() -> None:
    s, _ = _table()
    s.shield = 5
    s, events = push(s, EventPickFrame(chooser=s.commander or "", drawn=["hull_breach"]))
    assert s.shield == 5 and s.result is None
    assert any("not placed" in e.text for e in events)
    # completion damage too: System Reboot never ends the game
    s, seat = _table(event="system_reboot")
    s.event_cubes = _event("system_reboot").cubes - 1
    s, _ = _succeed(s, seat)
    while s.result is None and any(f.kind == "damage" for f in s.stack):
        s, _ = play(s, waiting(s)[0], keys(s, waiting(s)[0])[0])
    assert s.result is None


@pytest.mark.rule("DM-EVENT-3")
def test_final_event_damage_can_end_the_game() -> None:
    s, seat = _table(final_event="reactor_purge")
    s.events_done = ["dust_storm", "rumour_mill", "security_audit"]
    s.current_event = None
    s.outposts = ["command", "research_lab", "hangar_bay", "communications", "life_support"]
    s.outpost_pile = ["shield_control"]
    s, _ = run_with(s, start_final)
    assert waiting(s) == [seat] and "damage:outpost" in keys(s, seat)
    s, _ = play(s, seat, "damage:outpost")
    assert s.result == "infected" and len(s.outposts) == 6


# ------------------------------------------------------------------ DM-EVENT-4
@pytest.mark.rule("DM-EVENT-4")
@pytest.mark.parametrize("deck", ["silver", "black"])
def test_final_event_uses_a_malfunction_only_deck(deck: str) -> None:
    s, _ = _table(5, 3, task_deck=deck)
    cards = C.silver_tasks if deck == "silver" else C.black_tasks
    s.task_discard = s.task_deck[:9]
    s.task_deck = s.task_deck[9:15]
    s.events_done = ["dust_storm", "rumour_mill", "security_audit"]
    s.current_event = None
    expected = sorted(c for c in s.task_discard + s.task_deck
                      if task_card_of(s, c).kind == "malfunction")
    s2, events = run_with(s, start_final)
    assert s2.final_started
    assert sorted(s2.task_deck) == expected and s2.task_discard == []
    assert all(t.kind == "malfunction" for t in cards if t.id in s2.task_deck)
    for e in events:
        if e.to is None:
            assert not any(c in e.text for c in expected)


@pytest.mark.rule("DM-EVENT-4")
def test_complications_are_not_discarded_during_the_final_event() -> None:
    s, seat = _table(final_event="last_stand")
    s.final_started = True
    s.events_done = ["dust_storm", "rumour_mill", "security_audit"]
    s.current_event = None
    s, _ = start_task(s, "acceptable_loss")
    while s.current_task is not None:
        s, _ = play(s, waiting(s)[0], keys(s, waiting(s)[0])[0])
    assert "acceptable_loss" not in s.task_discard
    s, _ = start_task(turn(s, seat, "task"), malfunction(s, "outpost"))
    s = _everyone_out(s)
    assert malfunction(s, "outpost") in s.task_discard


# ------------------------------------------------------------------ DM-SUSP-1
@pytest.mark.rule("DM-SUSP-1")
@pytest.mark.parametrize("success", [True, False])
def test_suspicious_task_moves_the_cube_win_or_lose(success: bool) -> None:
    s, seat = _table()
    card = malfunction(s, "outpost", suspicious=True)
    s, _ = start_task(s, card)
    s, _ = play(s, seat, "in")
    faces = (3, 3, 2, 2) if success else (-1, -1, -2, -2)
    rig(s, die("strong", faces[0]), die("strong", faces[1]), die("weak", faces[2]),
        die("weak", faces[3]))
    s = _everyone_out(s)
    total = "+".join(sorted(f"{k}{f}" for k, f in zip("SSWW", faces, strict=True)))
    s, _ = play(s, seat, f"submit:{total}")
    assert s.suspicion == 1
    assert RS.view(s, None).suspicion == 1
    # a plain task does not move it
    s = turn(s, seat, "task")
    s, _ = start_task(s, malfunction(s, "life_support"))
    s = _everyone_out(s)
    assert s.suspicion == 1


@pytest.mark.rule("DM-SUSP-1")
def test_end_of_the_track_forces_a_vote_even_with_the_research_lab_down() -> None:
    s, seat = _table(5, 2)
    s.outposts = ["research_lab"]
    s.outpost_pile.remove("research_lab")
    assert not any(k.startswith("call_vote") for k in keys(s, seat))
    s.suspicion = C.board.suspicion_spaces - 2
    quarantined = seats_from(s, seat)[3]
    s.players[quarantined].quarantined = True
    s, _ = start_task(s, malfunction(s, "outpost", suspicious=True))
    s = _everyone_out(s)
    frame = top(s)
    assert isinstance(frame, TargetFrame) and frame.purpose == "forced_vote"
    assert waiting(s) == [seat] and s.suspicion == 0
    options = keys(s, seat)
    assert f"name:{seat}" in options and f"name:{quarantined}" in options
    s, _ = play(s, seat, f"name:{quarantined}")
    assert isinstance(top(s), VoteFrame) and top(s).release
    s, _ = vote_all(s, default="strong")
    assert not s.players[quarantined].quarantined and s.suspicion == 0


@pytest.mark.rule("DM-SUSP-1")
def test_rumour_mill_reaching_the_end_mid_task_holds_the_vote_after_the_task() -> None:
    s, seat = _table(5, 2, event="dust_storm")
    last = C.board.suspicion_spaces - 1
    s.suspicion = last - 1
    s.event_cubes = _event("dust_storm").cubes - 1
    s.event_deck.remove("rumour_mill")
    s.event_deck.insert(0, "rumour_mill")
    s, events = _succeed(s, seat)
    assert isinstance(top(s), EventPickFrame) and s.commander != seat
    s, evs = play(s, s.commander or "", "keep_event:rumour_mill")
    events += evs
    said = [e.text for e in events if e.public]
    assert said[-2:] == [f"The suspicion cube moves to {last}/{last}.",
                         f"Suspicion peaks: before the turn ends, <@{seat}> names a player "
                         "for a quarantine vote."]
    frame = top(s)
    assert isinstance(frame, TargetFrame) and frame.purpose == "forced_vote"
    assert frame.seat == seat and waiting(s) == [seat] and s.suspicion == 0
    assert not any(isinstance(f, TaskFrame) and f.stage != "done" for f in s.stack)


@pytest.mark.rule("DM-SUSP-1")
@pytest.mark.parametrize("suspicious", [True, False])
def test_a_cube_waiting_on_the_last_space_forces_one_vote_at_step_nine(
        suspicious: bool) -> None:
    s, seat = _table(5, 2)
    last = C.board.suspicion_spaces - 1
    s.suspicion = last  # put there earlier in the turn
    s, events = start_task(turn(s, seat, "end"), malfunction(s, "outpost", suspicious=suspicious))
    s = _everyone_out(s, events)
    said = [e.text for e in events if e.kind == "suspicion"]
    assert said == ([f"The suspicion cube stays at {last}/{last}."] if suspicious else [])
    frame = top(s)
    assert isinstance(frame, TargetFrame) and frame.seat == seat and s.suspicion == 0
    target = seats_from(s, seat)[2]
    s, _ = play(s, seat, f"name:{target}")
    s, _ = vote_all(s, default="strong")
    # one vote only: the turn passes, the cube at the start
    assert s.active == seats_from(s, seat)[1] and s.suspicion == 0
    assert not any(isinstance(f, TargetFrame | VoteFrame) for f in s.stack)


@pytest.mark.rule("DM-SUSP-1")
def test_suspicion_is_removed_once_every_infected_has_revealed() -> None:
    s, seat = _table(4, 1)
    infected = seats_from(s, seat)[-1]
    give_status(s, infected, "infected_sleeper")
    s.suspicion = 2
    s = turn(s, infected)
    rig(s, die("strong", -1))
    s, _ = play(s, infected, "reveal")
    while s.stack[-1].kind != "turn" or s.stack[-1].seat == infected:
        s, _ = play(s, waiting(s)[0], keys(s, waiting(s)[0])[0])
    assert s.suspicion_removed and RS.view(s, None).suspicion is None
    nxt = s.active
    s = turn(s, nxt, "task")
    s, _ = start_task(s, malfunction(s, "outpost", suspicious=True))
    s = _everyone_out(s)
    assert s.suspicion == 2 and not any(isinstance(f, TargetFrame) for f in s.stack)


# ------------------------------------------------------------------ DM-WIN-1
@pytest.mark.rule("DM-WIN-1")
@pytest.mark.parametrize("kind", ["shield", "outpost", "fatigue"])
def test_sixth_token_is_an_immediate_infected_win(kind: str) -> None:
    s, seat = _table(5, 1)
    only_infected(s, seats_from(s, seat)[2], seats_from(s, seat)[4])
    if kind == "shield":
        s.shield = 5
    elif kind == "outpost":
        s.outposts, s.outpost_pile = s.outpost_pile[:5], s.outpost_pile[5:]
    else:
        s.fatigue, s.fatigue_pile = s.fatigue_pile[:5], s.fatigue_pile[5:]
    card = next(t.id for t in C.silver_tasks if t.kind == "malfunction"
                and t.system == {"fatigue": "life_support"}.get(kind, kind)
                and t.consequence >= 2)
    s, _ = start_task(s, card)
    s = _everyone_out(s)
    assert s.result == "infected"
    outcome = RS.outcome(s)
    assert outcome is not None and outcome.team == "infected"
    assert sorted(outcome.winners) == sorted(seats_from(s, seat)[i] for i in (2, 4))
    count = {"shield": s.shield, "outpost": len(s.outposts), "fatigue": len(s.fatigue)}
    assert count[kind] == 6  # the second consequence token is never placed
    assert RS.pending(s) == [] and RS.legal_actions(s, seat) == []


@pytest.mark.rule("DM-WIN-1")
def test_three_events_and_the_final_event_win_for_the_uninfected() -> None:
    s, seat = _table(4, 2, final_event="last_stand")
    s.events_done = ["dust_storm", "rumour_mill", "security_audit"]
    s.current_event = None
    s.final_started = True
    s.final_cubes = _event("last_stand").cubes - 1
    s, events = _succeed(s, seat)
    assert s.result == "uninfected"
    outcome = RS.outcome(s)
    assert outcome is not None and outcome.team == "uninfected"
    assert sorted(outcome.winners) == sorted(x for x, p in s.players.items() if not p.infected)
    assert any(e.kind == "game_over" for e in events)
    # and one cube short is not a win
    s, seat = _table(4, 2, final_event="last_stand")
    s.events_done = ["dust_storm", "rumour_mill", "security_audit"]
    s.current_event = None
    s.final_started = True
    s.final_cubes = _event("last_stand").cubes - 2
    s, _ = _succeed(s, seat)
    assert s.result is None


@pytest.mark.rule("DM-WIN-1")
def test_the_final_event_does_not_count_before_three_events() -> None:
    s, _ = _table(final_event="last_stand")
    s.events_done = ["dust_storm", "rumour_mill"]
    s.final_cubes = _event("last_stand").cubes
    s, _ = push(s, NextEventFrame())
    assert s.result is None and not s.final_started
    assert advance(s)[0].result is None
