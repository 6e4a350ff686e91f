"""Every card does what it says (DM-CARD-1): the card notes of the source one by one,
then every event, final event, task, infection power and character ability of the
content fired in a crafted state, with an observable effect."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from darkmoon_helpers import (
    C,
    advance,
    board,
    die,
    drive,
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
    top,
    turn,
    vote_all,
    waiting,
)

from rules.core.contract import Event
from rules.darkmoon.effects import add_cube, start_final
from rules.darkmoon.state import (
    AnswerFrame,
    EventPickFrame,
    GameState,
    RetrieveFrame,
    RollFrame,
    TargetFrame,
    TaskFrame,
    TurnFrame,
)
from rules.darkmoon.table import die_limit, seats_from, strong_retrievable
from rules.darkmoon.tasks import out_allowance
from rules.darkmoon.turn import start_reveal

CHARACTERS = ["mateus_silva", "kenji_watanabe", "amara_okafor", "henrik_lund",
              "priya_raman", "jon_reed", "luba_zheleznyak", "sofia_marquez"]
THREE_DONE = ["dust_storm", "rumour_mill", "security_audit"]


def _event(event_id: str) -> Any:
    return next(e for e in (*C.events, *C.final_events) if e.id == event_id)


def _table(n: int = 5, seed: int = 3, event: str | None = "security_audit",
           **options: Any) -> tuple[GameState, list[str]]:
    """order = seats from the active player (Mateus, no ability in play here); order[1]
    commands; the last seat is the only infected, still hidden; no outpost token."""
    s = ready(n, seed, event=event, **options)
    order = seats_from(s, s.active)
    for i, x in enumerate(order):
        give_character(s, x, CHARACTERS[i])
    make_commander(s, order[1])
    s.outpost_pile.extend(s.outposts)
    s.outposts = []
    only_infected(s, order[-1])
    return s, order


def _everyone_out(s: GameState, events: list[Event] | None = None) -> GameState:
    while isinstance(top(s), TaskFrame) and top(s).stage == "participation":
        s, evs = play(s, waiting(s)[0], "out:0,0")
        if events is not None:
            events.extend(evs)
    return s


def _complete(s: GameState) -> tuple[GameState, list[Event]]:
    """The current event (or the started final event) gets its last cube."""
    if s.final_started:
        s.final_cubes = _event(s.final_event).cubes - 1
    else:
        s.event_cubes = _event(s.current_event or "").cubes - 1
    return run_with(s, add_cube)


# ================================================================== card notes
@pytest.mark.rule("DM-CARD-1")
def test_blood_testing_commander_decrees_without_a_vote() -> None:
    s, order = _table(event="blood_testing")
    commander = order[1]
    s, events = _complete(s)
    assert isinstance(top(s), TargetFrame) and waiting(s) == [commander]
    assert not any(e.kind == "vote_called" for e in events)
    options = keys(s, commander)
    # nobody in quarantine: the commander must quarantine someone (self included)
    assert options and all(k.startswith("decree:") and k.endswith(",1") for k in options)
    assert f"decree:{commander},1" in options
    s, _ = play(s, commander, f"decree:{order[3]},1")
    assert s.players[order[3]].quarantined
    # with someone in quarantine the commander may release them instead
    s2, order = _table(event="blood_testing")
    s2.players[order[2]].quarantined = True
    s2, _ = _complete(s2)
    assert f"decree:{order[2]},0" in keys(s2, order[1])
    s2, _ = play(s2, order[1], f"decree:{order[2]},0")
    assert not s2.players[order[2]].quarantined


@pytest.mark.rule("DM-CARD-1")
def test_blood_testing_after_every_infected_revealed_still_quarantines() -> None:
    s, order = _table(event="blood_testing")
    infected = order[-1]
    p = s.players[infected]
    p.revealed = True
    s.revealed_order = [infected]
    set_dice(s, infected, 1, 1)
    s, _ = _complete(s)
    options = keys(s, order[1])
    assert options and all(k.endswith(",1") for k in options)
    assert not any(infected in k for k in options)


@pytest.mark.rule("DM-CARD-1")
def test_food_rationing_keeps_one_strong_die_per_player_in_the_pool() -> None:
    s, order = _table(event="food_rationing")  # 5 players
    seat = order[0]
    set_dice(s, seat, 0, 0)
    set_dice(s, order[1], 0, 0)
    set_dice(s, order[2], 0, 2)
    assert s.available.strong == 6
    assert strong_retrievable(s, seat) == 1
    s2, _ = advance(turn(s, seat, "retrieve"))
    assert max(int(k.split(":")[1].split(",")[0]) for k in keys(s2, seat)) == 1
    # five or fewer strong dice in the pool: none can be taken
    set_dice(s, order[3], 3, 2)
    assert s.available.strong == 5
    s2, _ = advance(turn(s, seat, "retrieve"))  # only weak dice: taken at once
    assert (s2.players[seat].held.strong, s2.players[seat].held.weak) == (0, 4)
    # revealed infected ignore the reserve
    infected = order[-1]
    s.players[infected].revealed = True
    set_dice(s, infected, 0, 0)
    assert strong_retrievable(s, infected) == s.available.strong


@pytest.mark.rule("DM-CARD-1")
def test_repair_tools_repairs_roll_only_weak_dice() -> None:
    s, order = _table(event="repair_tools")
    seat = order[0]
    s.shield = 3
    s2, _ = play(s, seat, "repair:shield")
    offered = keys(s2, seat)
    assert offered and all(set(k.split(":")[1].split("+")) == {"W"} for k in offered)
    set_dice(s, seat, 2, 0)
    assert not any(k.startswith("repair:") for k in keys(s, seat))  # pointless


@pytest.mark.rule("DM-CARD-1")
def test_restore_comm_fills_every_uninfected_screen_even_with_command_down() -> None:
    s, order = _table(event="restore_comm")
    s.outposts = ["command"]
    s.outpost_pile.remove("command")
    infected = order[-1]
    s.players[infected].revealed = True
    set_dice(s, infected, 0, 0)
    set_dice(s, order[0], 0, 1)
    set_dice(s, order[2], 1, 0)
    s.players[order[3]].quarantined = True
    set_dice(s, order[3], 0, 0)
    s, _ = _complete(s)
    s, _ = drive(s, lambda st: isinstance(top(st), EventPickFrame))
    for seat in order[:-1]:
        p = s.players[seat]
        assert p.held.strong + p.held.weak == die_limit(s, seat), seat
    assert s.players[infected].held.strong + s.players[infected].held.weak == 0


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize("choice", ["none", "shield", "outpost", "fatigue"])
def test_resupply_commander_may_clear_one_kind_or_nothing(choice: str) -> None:
    s, order = _table(event="resupply")
    s.shield = 3
    s.outposts, s.outpost_pile = s.outpost_pile[:2], s.outpost_pile[2:]
    s.fatigue, s.fatigue_pile = s.fatigue_pile[:2], s.fatigue_pile[2:]
    s, _ = _complete(s)
    assert waiting(s) == [order[1]]
    assert sorted(keys(s, order[1])) == ["clear_kind:fatigue", "clear_kind:none",
                                         "clear_kind:outpost", "clear_kind:shield"]
    s, _ = play(s, order[1], f"clear_kind:{choice}")
    counts = {"shield": s.shield, "outpost": len(s.outposts), "fatigue": len(s.fatigue)}
    assert counts == {k: (0 if k == choice else {"shield": 3}.get(k, 2)) for k in counts}


@pytest.mark.rule("DM-CARD-1")
def test_salvage_parts_redraws_the_same_number_of_tokens() -> None:
    changed = 0
    for seed in range(8):
        s, _ = _table(seed=seed, event="salvage_parts")
        s.outposts, s.outpost_pile = s.outpost_pile[:2], s.outpost_pile[2:]
        s.fatigue, s.fatigue_pile = s.fatigue_pile[:3], s.fatigue_pile[3:]
        before = (sorted(s.outposts), sorted(s.fatigue))
        s2, _ = _complete(s)
        assert len(s2.outposts) == 2 and len(s2.fatigue) == 3
        assert sorted(s2.outposts + s2.outpost_pile) == sorted(o.id for o in C.outposts)
        assert sorted(s2.fatigue + s2.fatigue_pile) == sorted(ch.id for ch in C.characters)
        changed += (sorted(s2.outposts), sorted(s2.fatigue)) != before
    assert changed >= 6  # drawn again at random


@pytest.mark.rule("DM-CARD-1")
def test_system_crash_places_its_tokens_before_the_test() -> None:
    s, order = _table()
    s.shield = 2
    rig(s, (len(s.outpost_pile), 0), (len(s.fatigue_pile), 0), die("strong", 3))
    s.available.strong, s.players[order[2]].held.strong = 1, 1  # one die in the pool
    s, events = push(s, EventPickFrame(chooser=order[1], drawn=["system_crash"]))
    damage = [e.data["damage"] for e in events if e.kind == "damage"]
    assert sorted(damage) == ["fatigue", "outpost", "shield"]
    kinds_in_order = [e.kind for e in events if e.kind in ("damage", "shield_test")]
    assert kinds_in_order[-1] == "shield_test"
    assert s.shield == 3 and len(s.outposts) == 1 and len(s.fatigue) == 1


@pytest.mark.rule("DM-CARD-1")
def test_system_crash_skips_game_ending_tokens_but_its_test_can_end_the_game() -> None:
    s, order = _table()
    s.shield = 5
    s.outposts, s.outpost_pile = s.outpost_pile[:5], s.outpost_pile[5:]
    s.fatigue, s.fatigue_pile = s.fatigue_pile[:5], s.fatigue_pile[5:]
    set_dice(s, order[2], 1, 2)  # the pool: one strong die
    rig(s, die("strong", -1))  # 'any -' at 5 tokens: the shield fails
    s, events = push(s, EventPickFrame(chooser=order[1], drawn=["system_crash"]))
    assert (s.shield, len(s.outposts), len(s.fatigue)) == (5, 5, 5)
    assert s.result is None and waiting(s) == [order[0]]
    assert sorted(keys(s, order[0])) == ["damage:fatigue", "damage:outpost"]
    s, _ = play(s, order[0], "damage:fatigue")
    assert s.result == "infected" and len(s.fatigue) == 6


@pytest.mark.rule("DM-CARD-1")
def test_system_reboot_clears_then_commander_places_five_never_ending_the_game() -> None:
    s, order = _table(event="system_reboot")
    s.shield = 4
    s.outposts, s.outpost_pile = s.outpost_pile[:3], s.outpost_pile[3:]
    s.fatigue, s.fatigue_pile = s.fatigue_pile[:4], s.fatigue_pile[4:]
    s, _ = _complete(s)
    assert (s.shield, s.outposts, len(s.fatigue)) == (0, [], 4)  # fatigue stays
    commander = order[1]
    assert waiting(s) == [commander]
    placed = 0
    while waiting(s) == [commander] and top(s).kind == "damage":
        s, _ = play(s, commander, "damage:outpost")
        placed += 1
    assert placed == 5 and len(s.outposts) == 5 and s.result is None
    # the commander cannot place the sixth fatigue token: 1 goes down, the rest elsewhere
    s, order = _table(event="system_reboot")
    s.fatigue, s.fatigue_pile = s.fatigue_pile[:4], s.fatigue_pile[4:]
    s, _ = _complete(s)
    while s.result is None and top(s).kind == "damage" and waiting(s):
        s, _ = play(s, order[1], "damage:fatigue" if "damage:fatigue" in keys(s, order[1])
                    else "damage:outpost")
    assert len(s.fatigue) == 5 and len(s.outposts) == 4 and s.result is None


@pytest.mark.rule("DM-CARD-1")
def test_last_stand_lowers_every_unrevealed_limit_by_one() -> None:
    s, order = _table(final_event="last_stand", event=None)
    s.events_done = list(THREE_DONE)
    infected = order[-1]
    s.players[infected].revealed = True
    set_dice(s, infected, 1, 1)
    s.players[order[2]].quarantined = True
    set_dice(s, order[2], 1, 1)
    s, events = run_with(s, start_final)
    for seat in order[:-1]:
        assert s.players[seat].die_tokens == -1
    assert s.players[infected].die_tokens == 0 and die_limit(s, infected) == 2
    assert die_limit(s, order[0]) == 3 and die_limit(s, order[2]) == 1
    # screens over the new limit discard the excess
    assert waiting(s) and top(s).kind == "discard"
    s, _ = drive(s, lambda st: not any(f.kind == "discard" for f in st.stack))
    for seat in order[:-1]:
        p = s.players[seat]
        assert p.held.strong + p.held.weak <= die_limit(s, seat)


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize(("commander_is", "result"), [
    ("uninfected", "uninfected"), ("infected", "infected"), ("fatigued", "infected")])
def test_protect_self_destruct_codes_checks_the_commander(
        commander_is: str, result: str) -> None:
    s, order = _table(final_event="protect_self_destruct_codes", event=None)
    s.events_done = list(THREE_DONE)
    s.final_started = True
    commander = order[1]
    if commander_is == "infected":
        only_infected(s, commander)
    elif commander_is == "fatigued":
        character = s.players[commander].character
        s.fatigue = [character]
        s.fatigue_pile.remove(character)
    s, events = _complete(s)
    assert s.result == result
    shown = [e for e in events if e.kind == "status_shown"]
    assert len(shown) == 1 and shown[0].to is None
    assert shown[0].data["status"] == s.players[commander].status


@pytest.mark.rule("DM-CARD-1")
def test_homesickness_demoralizes_every_uninfected_screen_including_the_active() -> None:
    s, order = _table()
    for seat in order:
        set_dice(s, seat, 0, 1)
    set_dice(s, order[0], 2, 1)  # strong dice: the active player and order[2] only
    set_dice(s, order[2], 1, 1)
    assert s.available.weak >= 3
    s, events = push(s, EventPickFrame(chooser=order[1], drawn=["homesickness"]))
    # from the active player's left: order[2] first, the active player last, 3 at most
    assert s.players[order[2]].held.strong == 0
    assert s.players[order[0]].held.strong == 0 and s.players[order[0]].held.weak == 3
    assert any(e.data.get("swapped") == 3 for e in events)
    s2, order = _table()
    for seat in order:
        set_dice(s2, seat, 2, 1)
    s2, _ = push(s2, EventPickFrame(chooser=order[1], drawn=["homesickness"]))
    held = [s2.players[x].held.strong for x in order]
    assert held == [2, 0, 1, 2, 2]  # stops after 3 dice, starting left of the active


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize("card", ["acceptable_loss", "strategic_compromise"])
def test_damage_complications_are_never_optional_and_always_succeed(card: str) -> None:
    s, order = _table()
    count = 1 if card == "acceptable_loss" else 2
    s, events = start_task(s, card)
    assert waiting(s) == [order[0]]
    # a single option: no way to refuse, only the kind of each token is chosen
    assert sorted(keys(s, order[0])) == ["damage:fatigue", "damage:outpost", "damage:shield"]
    picks = ["outpost", "fatigue"][:count]
    for kind in picks:
        s, evs = play(s, order[0], f"damage:{kind}")
        events += evs
    s, evs = drive(s, lambda st: st.current_task is None)
    events += evs
    assert len(s.outposts) == 1 and len(s.fatigue) == count - 1  # different kinds
    assert any(e.kind == "task_result" and e.data["ok"] for e in events)
    assert s.event_cubes == 1


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize("agree", [True, False])
def test_act_of_trust(agree: bool) -> None:
    s, order = _table()
    active, named = order[0], order[2]
    s, _ = start_task(s, "act_of_trust")
    options = keys(s, active)
    assert f"name:{active}" not in options and f"name:{named}" in options
    s, _ = play(s, active, f"name:{named}")
    assert isinstance(top(s), AnswerFrame) and waiting(s) == [named]
    s, _ = play(s, named, f"answer:{int(agree)}")
    if agree:
        assert waiting(s) == [named] and top(s).kind == "discard"  # over the new limit
        s, _ = play(s, named, "discard:S")
        assert s.players[named].die_tokens == -1 and die_limit(s, named) == 3
        assert s.players[active].die_tokens == 1 and die_limit(s, active) == 5
        s, evs = drive(s, lambda st: st.current_task is None)
        assert s.event_cubes == 1
    else:
        assert s.players[named].die_tokens == 0 and s.players[active].die_tokens == 0
        assert waiting(s) == [active] and keys(s, active)[0].startswith("damage:")
        s, _ = play(s, active, "damage:shield")
        s, _ = drive(s, lambda st: st.current_task is None)
        assert s.shield == 3 and s.event_cubes == 0


@pytest.mark.rule("DM-CARD-1")
def test_failure_to_lead_self_or_handing_the_commander_card_on() -> None:
    s, order = _table()
    s, _ = start_task(s, "failure_to_lead")
    assert f"name:{order[0]}" in keys(s, order[0])  # the active player may take it
    s2, _ = play(s, order[0], f"name:{order[0]}")
    assert s2.commander == order[0] and s2.event_cubes == 1
    assert s2.commander_die == "available"
    # the commander plays it and gives the card to another player
    s, order = _table()
    make_commander(s, order[0])
    s, _ = start_task(s, "failure_to_lead")
    assert f"name:{order[0]}" not in keys(s, order[0])
    s, _ = play(s, order[0], f"name:{order[3]}")
    assert s.commander == order[3] and s.players[order[0]].held.commander == 0


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize("quarantined", [True, False])
def test_mandatory_quarantine_self_vote_allowed(quarantined: bool) -> None:
    s, order = _table()
    active = order[0]
    s, _ = start_task(s, "mandatory_quarantine")
    assert f"name:{active}" in keys(s, active)
    s, _ = play(s, active, f"name:{active}")
    s, events = vote_all(s, default="weak" if quarantined else "strong")
    s, evs = drive(s, lambda st: st.current_task is None)
    assert s.players[active].quarantined is quarantined
    assert s.event_cubes == (1 if quarantined else 0)
    assert len(s.outposts) == (0 if quarantined else 1)


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize("command", [False, True])
def test_jon_reed_takes_one_more_die_when_out_on_any_turn(command: bool) -> None:
    s, order = _table()
    jon = order[2]
    give_character(s, jon, "jon_reed")
    set_dice(s, jon, 0, 0)
    if command:
        s.outposts = ["command"]
        s.outpost_pile.remove("command")
    s, _ = start_task(s, malfunction(s, "outpost"))
    s, _ = play(s, order[0], "out:0,0")
    s, _ = play(s, order[1], "out:0,0")
    assert waiting(s) == [jon]
    best = max(sum(map(int, k.split(":")[1].split(","))) for k in keys(s, jon)
               if k.startswith("out:"))
    assert best == (2 if command else 3)
    # within his die limit
    s2, _ = _table()
    give_character(s2, order[2], "jon_reed")
    set_dice(s2, order[2], 1, 1)
    s2.players[order[2]].quarantined = True
    assert out_allowance(s2, order[2]) == 0


@pytest.mark.rule("DM-CARD-1")
def test_jon_reed_gets_no_extra_die_from_an_order() -> None:
    s, order = _table()
    jon = order[2]
    give_character(s, jon, "jon_reed")
    set_dice(s, jon, 0, 0)
    s, _ = play(s, order[0], f"order:{jon}")
    s, _ = play(s, jon, "order_answer:retrieve")
    assert all(sum(map(int, k.split(":")[1].split(",")[:2])) == 2 for k in keys(s, jon))


@pytest.mark.rule("DM-CARD-1")
def test_luba_rerolls_once_instead_of_submitting_then_must_submit() -> None:
    s, order = _table()
    luba = order[0]
    give_character(s, luba, "luba_zheleznyak")
    s.shield = 3
    s, _ = play(s, luba, "repair:shield")
    rig(s, die("strong", -1), die("strong", 3))
    s, _ = play(s, luba, "roll:S")
    assert sorted(keys(s, luba)) == ["reroll", "submit:S-1"]
    s, _ = play(s, luba, "reroll")
    assert keys(s, luba) == ["submit:S3"]  # once only, and no way to stop
    s, _ = play(s, luba, "submit:S3")
    assert s.shield == 2
    # in a malfunction she must still submit after a reroll
    s, order = _table()
    give_character(s, order[0], "luba_zheleznyak")
    s, _ = start_task(s, malfunction(s, "outpost"))
    s, _ = play(s, order[0], "in")
    s = _everyone_out(s)
    assert "reroll" in keys(s, order[0]) and "stop" not in keys(s, order[0])
    s, _ = play(s, order[0], "reroll")
    assert "reroll" not in keys(s, order[0]) and "stop" not in keys(s, order[0])
    assert all(k.startswith("submit:") for k in keys(s, order[0]))


@pytest.mark.rule("DM-CARD-1")
def test_luba_has_no_reroll_when_not_the_active_player() -> None:
    s, order = _table()
    luba = order[2]
    give_character(s, luba, "luba_zheleznyak")
    s, _ = start_task(s, malfunction(s, "outpost"))
    s, _ = play(s, order[0], "out:0,0")
    s, _ = play(s, order[1], "out:0,0")
    s, _ = play(s, luba, "in")
    s = _everyone_out(s)
    assert isinstance(top(s), RollFrame) and top(s).seat == luba
    assert "reroll" not in keys(s, luba)


# ================================================================== every card fires
BORING = (":none", "decline", "abstain", "answer:0", "tie_break:0", "order_answer:decline",
          "stop")


def _eager(s: GameState, seat: str, options: list[str]) -> str:
    """The choice that makes the most happen (for 'the card did something')."""
    def score(key: str) -> int:
        if key.startswith("name:"):
            return int(s.players[key.split(":")[1]].quarantined)
        if key.startswith("vote:"):
            return ["vote:weak", "vote:strong", "vote:abstain"].index(key)
        return int(any(b in key for b in BORING))
    return min(options, key=score)


SENTINEL = AnswerFrame(seat="p0", purpose="volunteer", asker="sentinel")


def _rich(n: int = 5, **options: Any) -> tuple[GameState, list[str]]:
    """A table where every effect has something to act on: damage of each kind,
    suspicion, a quarantined player, room behind screens, dice in the pool."""
    s, order = _table(n, 3, event=None, **options)
    s.shield = 2
    s.outposts, s.outpost_pile = ["shield_control", "communications"], [
        o.id for o in C.outposts if o.id not in ("shield_control", "communications")]
    fatigued = [s.players[order[2]].character, "sofia_marquez"]
    s.fatigue = fatigued
    s.fatigue_pile = [c for c in s.fatigue_pile if c not in fatigued]
    s.suspicion = 1
    s.players[order[3]].quarantined = True
    set_dice(s, order[3], 1, 1)
    set_dice(s, order[2], 1, 1)
    s.stack = [dataclasses.replace(SENTINEL, seat=order[0])]
    return s, order


def _at_rest(s: GameState) -> bool:
    """Only the sentinel is left, or the commander is picking the next event."""
    sentinel = len(s.stack) == 1 and isinstance(s.stack[0], AnswerFrame) \
        and s.stack[0].asker == "sentinel"
    return sentinel or isinstance(s.stack[-1], EventPickFrame)


def _fire(s: GameState, start: Callable[[GameState], tuple[GameState, list[Event]]]
          ) -> tuple[dict[str, Any], dict[str, Any], list[Event]]:
    before = board(s)
    s, events = start(s)
    s, more = drive(s, _at_rest, _eager)
    return before, board(s), events + more


def _changed(before: dict[str, Any], after: dict[str, Any], events: list[Event],
             ignore: tuple[str, ...] = ()) -> bool:
    diff = {k for k in before if before[k] != after[k]} - set(ignore)
    return bool(diff) or any(e.kind in ("shield_test", "status_shown") for e in events)


TRIVIAL_EVENT_FIELDS = ("current_event", "event_cubes", "events_done", "task_deck")


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize("event", [e.id for e in C.events if e.at_start])
def test_every_event_at_start_effect_fires(event: str) -> None:
    s, order = _rich()
    before, after, events = _fire(s, lambda st: push(
        st, EventPickFrame(chooser=order[1], drawn=[event])))
    assert after["current_event"] == event
    assert _changed(before, after, events, TRIVIAL_EVENT_FIELDS)


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize("event", [e.id for e in C.events if e.on_complete])
def test_every_event_upon_completion_effect_fires(event: str) -> None:
    s, _ = _rich()
    s.current_event = event
    # the baseline: the same completion by a card with no completion effect
    base, _ = _rich()
    base.current_event = "dust_storm"
    _, b_after, _ = _fire(base, _complete)
    before, after, events = _fire(s, _complete)
    assert event in after["events_done"]
    assert _changed(before, after, events, TRIVIAL_EVENT_FIELDS)
    assert {k: v for k, v in after.items() if k not in TRIVIAL_EVENT_FIELDS} != {
        k: v for k, v in b_after.items() if k not in TRIVIAL_EVENT_FIELDS}


def _probe(s: GameState, field: str, order: list[str]) -> Any:
    """How one 'during' rule shows at the table."""
    seat = order[0]
    s = edit(s)
    s.outposts, s.outpost_pile = [], [o.id for o in C.outposts]
    s.stack = [TurnFrame(seat=seat, stage="action")]
    s.active = seat
    if field == "blocked_actions":
        return sorted(k.split(":")[0] for k in keys(s, seat))
    if field == "repair_weak_only":
        s, _ = play(s, seat, "repair:shield")
        return sorted(keys(s, seat))
    if field == "strong_reserve_per_player":
        set_dice(s, seat, 0, 0)
        return strong_retrievable(s, seat)
    if field == "difficulty_delta":
        s, _ = start_task(s, malfunction(s, "outpost"))
        return top(s).difficulty
    if field == "out_dice_delta":
        set_dice(s, order[2], 0, 0)
        return out_allowance(s, order[2])
    if field == "votes_cost_dice":
        s, _ = play(s, seat, f"call_vote:{order[2]}")
        s, _ = vote_all(s, default="strong")
        return dataclasses.asdict(s.players[seat].held)
    if field == "all_tasks_suspicious":
        s, _ = start_task(s, malfunction(s, "outpost"))
        s = _everyone_out(s)
        return s.suspicion
    assert field == "lone_wolf_single_die"
    s, _ = play(s, seat, "lone_wolf")
    s, _ = play(s, seat, "roll:S+S")
    return sorted(len(k.split("+")) for k in keys(s, seat))


DURING_EVENTS = [(e.id, field) for e in (*C.events, *C.final_events)
                 for field in e.during.model_fields_set]


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize(("event", "field"), DURING_EVENTS)
def test_every_during_rule_changes_play_while_in_play(event: str, field: str) -> None:
    s, order = _table(event="security_audit")
    s.shield = 2
    final = event in {f.id for f in C.final_events}
    plain = _probe(s, field, order)
    if final:
        s.final_event = event
        s.final_started = True
        s.events_done = list(THREE_DONE)
        s.current_event = None
    else:
        s.current_event = event
    assert _probe(s, field, order) != plain


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize("final", [f.id for f in C.final_events])
def test_every_final_event_fires(final: str) -> None:
    card = _event(final)
    s, order = _rich()
    s.final_event = final
    s.events_done = list(THREE_DONE)
    if card.at_start:
        before, after, events = _fire(s, lambda st: run_with(st, start_final))
        assert _changed(before, after, events, ("task_deck",))
    if card.on_complete:
        s.final_started = True
        only_infected(s, order[1])  # the commander: their status decides
        s, _ = _complete(s)
        assert s.result == "infected"
    assert card.at_start or card.on_complete


def _task_ids() -> list[tuple[str, str]]:
    return [(deck, t.id) for deck, cards in (("silver", C.silver_tasks),
                                             ("black", C.black_tasks)) for t in cards]


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize(("deck", "card"), _task_ids())
def test_every_task_card_has_an_effect(deck: str, card: str) -> None:
    s, order = _rich(5, task_deck=deck)
    s.current_event = "security_audit"
    s.active = order[0]
    for seat in s.seats:
        s.players[seat].participation = None
    before, after, events = _fire(s, lambda st: push(
        st, TaskFrame(seat=order[0], drawn=[card])))
    assert any(e.kind == "task_result" for e in events)
    assert _changed(before, after, events, ("task_deck",))


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize("status", [x.id for x in C.statuses if x.infected])
def test_every_infection_power_has_an_effect(status: str) -> None:
    s, order = _rich()
    s.current_event = "security_audit"
    s.event_cubes = 1
    infected = order[-1]
    give_status(s, infected, status)
    s.active = infected
    token = {"infected_saboteur": [(len(s.outpost_pile), 0)],
             "infected_contagion": [(len(s.fatigue_pile), 0)]}.get(status, [])
    rig(s, *token, die("strong", -1))  # no second use
    before, after, events = _fire(s, lambda st: run_with(
        st, lambda ctx: start_reveal(ctx, infected, False)))
    assert any(e.kind == "reveal" for e in events)
    # ignore what any reveal does (the revealer's own screen, the commander card)
    before["players"].pop(infected)
    after["players"].pop(infected)
    assert _changed(before, after, events, ("task_deck", "available", "commander"))


# ------------------------------------------------------------------ character abilities
def _ability_probe(ability: str, s: GameState, order: list[str], me: str) -> Any:
    """A number that a working ability changes; `me` holds the character."""
    s = edit(s)
    if ability == "extra_out_die":
        set_dice(s, me, 0, 0)
        return out_allowance(s, me)
    if ability in ("reroll_once", "repair_extra_die"):
        s = turn(s, me)
        s.shield = 3
        s, _ = play(s, me, "repair:shield")
        if ability == "repair_extra_die":
            return max(len(k.split(":")[1].split("+")) for k in keys(s, me))
        s, _ = play(s, me, "roll:S")
        return "reroll" in keys(s, me)
    if ability == "lone_wolf_extra_die":
        s = turn(s, me)
        s, _ = play(s, me, "lone_wolf")
        return max(len(k.split(":")[1].split("+")) for k in keys(s, me))
    if ability == "task_draw_extra":
        s, _ = advance(turn(s, me, "task"))
        return len(top(s).drawn)
    if ability == "order_bonus":
        s = turn(s, me)
        set_dice(s, order[2], 0, 0)
        s, _ = play(s, me, f"order:{order[2]}")
        s, _ = play(s, order[2], "order_answer:retrieve")
        return top(s).count if isinstance(top(s), RetrieveFrame) else None
    if ability == "free_swap":
        set_dice(s, me, 0, 2)
        set_dice(s, order[2], 0, 0)
        s, _ = advance(turn(s, me, "retrieve"))
        return any(k.endswith(",1") for k in keys(s, me))
    assert ability == "suspicion_relief"
    s = turn(s, me, "task")
    card = malfunction(s, "outpost", suspicious=True)
    s, _ = start_task(s, card)
    # two players in, so the task succeeds even when Mateus may submit one die only
    s, _ = play(s, me, "in")
    s, _ = play(s, order[1], "out:0,0")
    s, _ = play(s, order[2], "in")
    rig(s, *[die("strong", 3), die("strong", 3), die("weak", 2), die("weak", 2)] * 2)
    s, _ = play(s, order[3], "out:0,0")
    s, _ = play(s, me, max(keys(s, me), key=len))
    if top(s).kind == "roll" and top(s).seat == me:
        s, _ = play(s, me, "stop")
    s, events = play(s, order[2], "submit:S3+S3+W2+W2")
    assert any(e.kind == "task_result" and e.data["ok"] for e in events)
    return s.suspicion


@pytest.mark.rule("DM-CARD-1")
@pytest.mark.parametrize("character", [ch.id for ch in C.characters])
def test_every_character_ability_works_and_fatigue_switches_it_off(character: str) -> None:
    s, order = _table(4, 5, task_deck="silver")
    me = order[0] if character != "jon_reed" else order[2]
    give_character(s, me, character)
    ability = next(ch.ability for ch in C.characters if ch.id == character)
    with_ability = _ability_probe(ability, s, order, me)
    s.fatigue = [character]
    s.fatigue_pile.remove(character)
    assert with_ability != _ability_probe(ability, s, order, me)


@pytest.mark.rule("DM-CARD-1")
def test_the_card_tests_above_cover_every_card_of_the_content() -> None:
    events = {e.id for e in (*C.events, *C.final_events)}
    fired = ({e.id for e in C.events if e.at_start or e.on_complete}
             | {event for event, _ in DURING_EVENTS} | {f.id for f in C.final_events})
    assert fired == events  # every event has an effect the tests above fire
    assert {card for _, card in _task_ids()} == {t.id for t in (*C.silver_tasks,
                                                                *C.black_tasks)}
    assert all(x.power for x in C.statuses if x.infected)
    probed = {"extra_out_die", "reroll_once", "repair_extra_die", "lone_wolf_extra_die",
              "task_draw_extra", "order_bonus", "free_swap", "suspicion_relief"}
    assert {ch.ability for ch in C.characters} <= probed
