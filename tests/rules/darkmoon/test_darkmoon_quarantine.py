"""Quarantine, the commander card, fatigue and the shield test (DM-QUAR-1..2,
DM-FATIGUE-1, DM-SHIELD-1)."""

from __future__ import annotations

import json

import pytest
from darkmoon_helpers import (
    RS,
    advance,
    deck_of,
    die,
    give_character,
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

from rules.darkmoon.damage import place_one
from rules.darkmoon.state import (
    GameState,
    RollFrame,
    ShieldTestFrame,
    Tally,
    TaskFrame,
    TurnFrame,
)
from rules.darkmoon.table import die_limit, seats_from

CHARACTERS = ["kenji_watanabe", "amara_okafor", "henrik_lund", "priya_raman", "jon_reed",
              "luba_zheleznyak", "sofia_marquez"]


def _table(n: int = 4, seed: int = 2) -> tuple[GameState, list[str]]:
    """`order` = seats from the active player; order[1] is the commander; the last seat
    is the only infected; no outpost token."""
    s = ready(n, seed)
    order = seats_from(s, s.active)
    for i, x in enumerate(order):
        give_character(s, x, CHARACTERS[i])
    make_commander(s, order[1])
    s.outpost_pile.extend(s.outposts)
    s.outposts = []
    only_infected(s, order[-1])
    return s, order


def _quarantine_by_vote(s: GameState, caller: str, target: str) -> GameState:
    s = turn(s, caller)
    s, _ = play(s, caller, f"call_vote:{target}")
    s, _ = vote_all(s, default="weak")
    while waiting(s) and top(s).kind == "discard":
        s, _ = play(s, waiting(s)[0], keys(s, waiting(s)[0])[0])
    return s


# ------------------------------------------------------------------ DM-QUAR-1
@pytest.mark.rule("DM-QUAR-1")
def test_quarantine_lowers_the_die_limit_by_two_but_not_below_one() -> None:
    s, order = _table()
    target = order[2]
    s = _quarantine_by_vote(s, order[0], target)
    assert s.players[target].quarantined and die_limit(s, target) == 2
    assert next(v for v in RS.view(s, None).seats if v.seat == target).quarantined
    s.players[target].die_tokens = -2
    assert die_limit(s, target) == 1


@pytest.mark.rule("DM-QUAR-1")
def test_quarantined_turn_offers_only_vote_order_reveal_and_draws_no_task() -> None:
    s, order = _table()
    s.shield = 3
    s.fatigue = ["kenji_watanabe"]
    s.fatigue_pile.remove("kenji_watanabe")
    infected = order[-1]
    for seat in (order[2], infected):
        s.players[seat].quarantined = True
        set_dice(s, seat, 1, 1)
        offered = keys(turn(s, seat), seat)
        assert offered and all(k.startswith(("call_vote:", "order:", "reveal"))
                               for k in offered)
        assert ("reveal" in offered) is (seat == infected)
    seat = order[2]
    s = turn(s, seat)
    s, _ = play(s, seat, f"call_vote:{order[0]}")
    s, _ = vote_all(s, default="strong")
    # no task card: the turn passes straight on
    assert not any(isinstance(f, TaskFrame) for f in s.stack)
    assert s.active == order[3] and isinstance(s.stack[0], TurnFrame)


@pytest.mark.rule("DM-QUAR-1")
def test_quarantined_player_without_actions_passes() -> None:
    s, order = _table()
    seat = order[2]
    s.players[seat].quarantined = True
    set_dice(s, seat, 1, 1)
    s.outposts = ["research_lab", "communications"]
    s.outpost_pile = [o for o in s.outpost_pile if o not in s.outposts]
    s, _ = advance(turn(s, seat))
    assert s.active == order[3]


@pytest.mark.rule("DM-QUAR-1")
def test_quarantined_players_retrieve_vote_and_join_tasks() -> None:
    s, order = _table()
    seat = order[2]
    s.players[seat].quarantined = True
    set_dice(s, seat, 0, 0)
    s, _ = advance(turn(s, seat, "retrieve"))
    assert all(sum(map(int, k.split(":")[1].split(",")[:2])) == 2 for k in keys(s, seat))
    s, _ = play(s, seat, keys(s, seat)[0])
    held = s.players[seat].held
    assert held.strong + held.weak == 2
    s = turn(s, order[0])
    s, _ = play(s, order[0], f"call_vote:{order[0]}")
    assert seat in waiting(s)
    s, _ = vote_all(s, default="strong")
    s = turn(s, order[0], "task")
    s, _ = start_task(s, malfunction(s, "outpost"))
    s, _ = play(s, order[0], "out:0,0")
    s, _ = play(s, order[1], "out:0,0")
    assert waiting(s) == [seat] and "in" in keys(s, seat)


@pytest.mark.rule("DM-QUAR-1")
def test_release_restores_the_limit() -> None:
    s, order = _table()
    target = order[2]
    s = _quarantine_by_vote(s, order[0], target)
    held = s.players[target].held.copy()
    s = turn(s, order[3])
    s, _ = play(s, order[3], f"call_vote:{target}")
    s, _ = vote_all(s, default="strong")
    assert not s.players[target].quarantined and die_limit(s, target) == 4
    assert s.players[target].held == held
    # the recap's numbers: quarantined once, each caller called once, both votes
    # unanimous (everyone who voted was on the winning side)
    assert [s.players[x].tally.quarantined for x in order] == [0, 0, 1, 0]
    assert [s.players[x].tally.called for x in order] == [1, 0, 0, 1]
    assert all(p.tally.won == p.tally.voted for p in s.players.values())
    assert sum(p.tally.voted for p in s.players.values()) > 0


@pytest.mark.rule("DM-QUAR-1")
def test_a_split_vote_counts_who_was_on_the_winning_side() -> None:
    s, order = _table()
    s = turn(s, order[0])
    s, _ = play(s, order[0], f"call_vote:{order[2]}")
    s, _ = vote_all(s, {order[0]: "weak", order[1]: "weak", order[2]: "strong",
                        order[3]: "abstain"})
    assert s.players[order[2]].quarantined
    tallies = [s.players[x].tally for x in order]
    assert [(t.voted, t.won) for t in tallies] == [(1, 1), (1, 1), (1, 0), (0, 0)]
    assert [t.quarantined for t in tallies] == [0, 0, 1, 0]
    lines = RS.recap(s.model_copy(update={"result": "infected", "result_reason": "test"}))
    numbers = {line.split(":")[0]: line for line in lines[lines.index("In numbers:") + 1:]}
    assert list(numbers) == [f"<@{x}>" for x in s.seats]
    assert numbers[f"<@{order[2]}>"] == (
        f"<@{order[2]}>: led no task; never went IN; submitted no die; voted once, 0 on "
        "the winning side; quarantined once.")
    assert numbers[f"<@{order[0]}>"].endswith(
        "called 1 vote; voted once, 1 on the winning side.")


# ------------------------------------------------------------------ DM-QUAR-2
@pytest.mark.rule("DM-QUAR-2")
def test_quarantined_commander_hands_the_card_to_the_caller() -> None:
    s, order = _table()
    commander = order[1]
    s = _quarantine_by_vote(s, order[3], commander)
    assert s.players[commander].quarantined and s.commander == order[3]
    assert s.players[commander].held.commander == 0
    assert s.commander_die == "available" and s.available.commander == 1


@pytest.mark.rule("DM-QUAR-2")
def test_quarantined_caller_or_self_vote_passes_the_card_left() -> None:
    s, order = _table(5, 2)
    commander = order[1]
    caller = order[0]
    s.players[caller].quarantined = True
    s.players[order[2]].quarantined = True
    s = _quarantine_by_vote(s, caller, commander)
    assert s.commander == order[3]  # first free player left of the commander
    s, order = _table(5, 2)
    commander = order[1]
    s = _quarantine_by_vote(s, commander, commander)
    assert s.commander == order[2]


@pytest.mark.rule("DM-QUAR-2")
def test_everyone_quarantined_then_the_first_released_commands() -> None:
    s, order = _table(3, 4)
    commander = order[1]
    for seat in (order[0], order[2]):
        s.players[seat].quarantined = True
    s = _quarantine_by_vote(s, order[0], commander)
    assert all(p.quarantined for p in s.players.values())
    assert s.commander == commander  # the last one quarantined keeps the card
    s = turn(s, order[2])
    s, _ = play(s, order[2], f"call_vote:{order[0]}")
    s, _ = vote_all(s, default="strong")
    assert not s.players[order[0]].quarantined and s.commander == order[0]


# ------------------------------------------------------------------ DM-FATIGUE-1
@pytest.mark.rule("DM-FATIGUE-1")
def test_fatigue_token_flips_the_character_and_repair_restores_it() -> None:
    s, order = _table()
    seat = order[0]  # Kenji: lone wolf with up to 4 dice on his own turn
    give_character(s, seat, "amara_okafor")
    s.shield = 3

    def repair_sizes(state: GameState) -> int:
        st, _ = play(state, seat, "repair:shield")
        return max(len(k.split(":")[1].split("+")) for k in keys(st, seat))

    assert repair_sizes(s) == 4
    rig(s, (len(s.fatigue_pile), s.fatigue_pile.index("amara_okafor")))
    s, events = run_with(s, lambda ctx: place_one(ctx, "fatigue", True))
    assert s.fatigue == ["amara_okafor"]
    assert next(v for v in RS.view(s, None).seats if v.seat == seat).fatigued
    assert any(e.kind == "damage" and "fatigued" in e.text for e in events)
    assert repair_sizes(s) == 3  # no ability
    s, _ = play(s, seat, "repair:life_support")
    rig(s, die("strong", 2))
    s, _ = play(s, seat, "roll:S")
    s, _ = play(s, seat, "submit:S2")
    assert s.fatigue == [] and "amara_okafor" in s.fatigue_pile
    assert not next(v for v in RS.view(s, None).seats if v.seat == seat).fatigued
    s = turn(s, seat)
    set_dice(s, seat, 2, 2)
    assert repair_sizes(s) == 4


@pytest.mark.rule("DM-FATIGUE-1")
def test_fatigued_player_submits_a_single_die_in_a_malfunction() -> None:
    s, order = _table()
    seat = order[0]
    s.fatigue = [s.players[seat].character]
    s.fatigue_pile.remove(s.players[seat].character)
    s, _ = start_task(s, malfunction(s, "outpost"))
    s, _ = play(s, seat, "in")
    rig(s, die("strong", 3), die("strong", 2), die("weak", 1), die("weak", 1))
    while not isinstance(top(s), RollFrame):
        s, _ = play(s, waiting(s)[0], "out:0,0")
    options = keys(s, seat)
    assert all("+" not in k for k in options) and "submit:S3" in options
    s, events = play(s, seat, "submit:S3")
    assert [e.data["track"] for e in events if e.kind == "submit"] == [3]
    # no second roll: the task resolves at once with the 3 submitted
    assert sum(e.kind == "private_roll" for e in events) == 0
    assert any(e.kind == "task_result" for e in events)
    assert s.players[seat].held.strong == 1 and s.players[seat].held.weak == 2


@pytest.mark.rule("DM-FATIGUE-1")
def test_tokens_of_absent_characters_still_count() -> None:
    s, order = _table()
    in_play = {p.character for p in s.players.values()}
    absent = [c for c in s.fatigue_pile if c not in in_play]
    s.fatigue = absent[:4]
    s.fatigue_pile = [c for c in s.fatigue_pile if c not in s.fatigue]
    assert not any(v.fatigued for v in RS.view(s, None).seats)
    assert "repair:life_support" in keys(s, order[0])
    s, _ = start_task(s, next(t for t in deck_of(s)
                              if t.kind == "malfunction" and t.system == "life_support"
                              and t.consequence >= 2).id)
    while s.result is None and waiting(s):
        s, _ = play(s, waiting(s)[0], "out:0,0")
    assert s.result == "infected" and len(s.fatigue) == 6


# ------------------------------------------------------------------ DM-SHIELD-1
@pytest.mark.rule("DM-SHIELD-1")
@pytest.mark.parametrize(("shield", "fail_face", "hold_face"), [
    (1, -1, -2), (2, -1, 1), (3, 1, -1), (4, -2, -1), (5, -1, 1)])
def test_failure_condition_is_the_first_symbol_after_the_last_token(
        shield: int, fail_face: int, hold_face: int) -> None:
    s, order = _table()
    seat = order[0]
    s.shield = shield
    for x in s.seats:
        set_dice(s, x, 2, 2)
    set_dice(s, order[2], 2, 1)  # the pool holds one weak die: the test rolls it
    for face, failed in ((fail_face, True), (hold_face, False)):
        st = turn(s, seat)
        rig(st, die("weak", face))
        st, events = push(st, ShieldTestFrame(seat=seat))
        test = next(e for e in events if e.kind == "shield_test")
        assert test.data["failed"] is failed and test.to is None
        if failed:
            assert waiting(st) == [seat]
            assert sorted(keys(st, seat)) == ["damage:fatigue", "damage:outpost"]
            for other in order[1:]:
                assert keys(st, other) == []
            st2, _ = play(st, seat, "damage:outpost")
            assert len(st2.outposts) == 1 and st2.shield == shield
        else:
            assert isinstance(top(st), TurnFrame)


@pytest.mark.rule("DM-SHIELD-1")
def test_the_test_follows_every_shield_placement_at_the_new_count() -> None:
    s, order = _table()
    seat = order[0]
    s.shield = 1
    for x in s.seats:
        set_dice(s, x, 2, 2)
    set_dice(s, order[2], 2, 1)
    card = next(t.id for t in deck_of(s)
                if t.kind == "malfunction" and t.system == "shield" and t.consequence == 2)
    rig(s, die("weak", 1))  # +1: fails against 'any +' at 3 tokens, holds at 1 token
    s, _ = start_task(s, card)
    while waiting(s) and top(s).kind == "task":
        s, _ = play(s, waiting(s)[0], "out:0,0")
    assert s.shield == 3
    assert isinstance(top(s), ShieldTestFrame) and top(s).stage == "penalty"
    assert waiting(s) == [seat]


@pytest.mark.rule("DM-SHIELD-1")
def test_with_no_die_in_the_pool_the_tester_rolls_their_own() -> None:
    s, order = _table()
    seat = order[0]
    s.shield = 2
    assert s.available.total() == 0
    set_dice(s, seat, 1, 1)
    s.available.strong = s.available.weak = 0
    s.players[order[1]].held.strong += 1
    s.players[order[1]].held.weak += 1
    st, _ = push(turn(s, seat), ShieldTestFrame(seat=seat))
    assert sorted(keys(st, seat)) == ["test_die:strong", "test_die:weak"]
    rig(st, die("weak", -1))
    st, events = play(st, seat, "test_die:weak")
    assert any(e.kind == "shield_test" and e.data["failed"] for e in events)
    assert st.players[seat].held.weak == 1  # rolled, not submitted


def test_a_state_stored_before_the_recap_counters_loads_and_round_trips() -> None:
    s = _quarantine_by_vote(_table()[0], _table()[1][0], _table()[1][2])
    data = json.loads(s.model_dump_json())
    for p in data["players"].values():
        del p["tally"]
    old = GameState.model_validate(data)
    assert all(p.tally == Tally() for p in old.players.values())
    assert GameState.model_validate_json(s.model_dump_json()).model_dump_json() == \
        s.model_dump_json()
