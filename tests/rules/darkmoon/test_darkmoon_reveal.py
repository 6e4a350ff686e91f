"""Revealing as infected and the infected actions (DM-REVEAL-1..2, DM-INF-1)."""

from __future__ import annotations

from itertools import permutations

import pytest
from darkmoon_helpers import (
    RS,
    die,
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
    set_dice,
    start_task,
    top,
    turn,
    vote_all,
    waiting,
)

from rules.core.contract import IllegalAction
from rules.darkmoon.actions import task_code
from rules.darkmoon.state import (
    AnswerFrame,
    ChoiceFrame,
    DamageFrame,
    DiscardFrame,
    GameState,
    InfectedActionFrame,
    RollFrame,
    ShieldTestFrame,
    TargetFrame,
    TaskFrame,
    TurnFrame,
)
from rules.darkmoon.table import die_limit, seats_from

CHARACTERS = ["kenji_watanabe", "amara_okafor", "henrik_lund", "priya_raman", "jon_reed",
              "luba_zheleznyak", "sofia_marquez"]


def _table(n: int = 4, seed: int = 2, status: str = "infected_saboteur"
           ) -> tuple[GameState, list[str]]:
    """order[0] is active and the only infected (with `status`); order[1] commands."""
    s = ready(n, seed)
    order = seats_from(s, s.active)
    for i, x in enumerate(order):
        give_character(s, x, CHARACTERS[i])
    make_commander(s, order[1])
    s.outpost_pile.extend(s.outposts)
    s.outposts = []
    only_infected(s, order[0])
    give_status(s, order[0], status)
    return s, order


def _revealed(s: GameState, seat: str, strong: int = 1, weak: int = 1) -> None:
    p = s.players[seat]
    p.infected = p.revealed = True
    p.quarantined = False
    set_dice(s, seat, strong, weak)
    s.revealed_order.append(seat)


# ------------------------------------------------------------------ DM-REVEAL-1
@pytest.mark.rule("DM-REVEAL-1")
@pytest.mark.parametrize(("face", "again", "tokens"), [(2, True, 2), (2, False, 1),
                                                      (-1, None, 1)])
def test_reveal_power_and_the_roll_for_a_second_use(
        face: int, again: bool | None, tokens: int) -> None:
    s, order = _table()
    seat = order[0]
    pile = len(s.outpost_pile)
    rig(s, (pile, 0), die("strong", face), (pile - 1, 0))
    s, events = play(s, seat, "reveal")
    assert s.players[seat].revealed
    assert any(e.kind == "reveal_roll" and e.data["face"] == face for e in events)
    if again is None:
        assert not any(isinstance(f, AnswerFrame) for f in s.stack)
    else:
        assert isinstance(top(s), AnswerFrame) and waiting(s) == [seat]
        assert sorted(keys(s, seat)) == ["answer:0", "answer:1"]
        s, _ = play(s, seat, f"answer:{int(again)}")
    assert len(s.outposts) == tokens


@pytest.mark.rule("DM-REVEAL-1")
def test_reveal_discards_screen_tokens_and_dice_down_to_two_and_ends_the_turn() -> None:
    s, order = _table()
    seat = order[0]
    s.players[seat].die_tokens = 1
    rig(s, (len(s.outpost_pile), 0), die("strong", -1))
    s, _ = play(s, seat, "reveal")
    p = s.players[seat]
    assert p.die_tokens == 0 and die_limit(s, seat) == 2
    assert isinstance(top(s), DiscardFrame) and waiting(s) == [seat]
    assert sorted(keys(s, seat)) == ["discard:S+S", "discard:S+W", "discard:W+W"]
    s, _ = play(s, seat, "discard:W+W")
    assert (s.players[seat].held.strong, s.players[seat].held.weak) == (2, 0)
    # the turn is over: no task card, the next player is up
    assert s.active == order[1] and isinstance(s.stack[0], TurnFrame)
    assert not any(isinstance(f, TaskFrame) for f in s.stack)
    view = RS.view(s, None)
    me = next(v for v in view.seats if v.seat == seat)
    assert me.revealed and me.status == "infected_saboteur" and not me.fatigued


@pytest.mark.rule("DM-REVEAL-1")
def test_quarantined_reveal_has_no_power_and_drops_the_quarantine() -> None:
    s, order = _table()
    seat = order[0]
    s.players[seat].quarantined = True
    set_dice(s, seat, 1, 1)
    s, events = play(s, seat, "reveal")
    assert s.outposts == [] and not any(e.kind == "reveal_roll" for e in events)
    assert not s.players[seat].quarantined and s.players[seat].revealed


@pytest.mark.rule("DM-REVEAL-1")
def test_revealed_commander_passes_the_card_left_and_the_die_to_the_pool() -> None:
    s, order = _table()
    seat = order[0]
    make_commander(s, seat)
    rig(s, (len(s.outpost_pile), 0), die("strong", -1))
    s, _ = play(s, seat, "reveal")
    assert s.commander == order[1]
    assert s.players[seat].held.commander == 0 and s.available.commander == 1
    assert s.commander_die == "available"


# ------------------------------------------------------------------ DM-REVEAL-2
@pytest.mark.rule("DM-REVEAL-2")
def test_revealed_infected_sit_out_for_two_dice_whatever_the_command_token() -> None:
    s, order = _table()
    infected = order[2]
    only_infected(s, infected)
    give_character(s, infected, "jon_reed")  # his extra die no longer applies
    _revealed(s, infected, 0, 0)
    s.outposts = ["command"]
    s.outpost_pile.remove("command")
    s.current_event = "morale_crisis"
    s, _ = start_task(s, malfunction(s, "outpost"))
    s, _ = play(s, order[0], "out:0,0")
    s, _ = play(s, order[1], "out:0,0")
    assert waiting(s) == [infected]
    outs = [k for k in keys(s, infected) if k.startswith("out:")]
    assert max(sum(map(int, k.split(":")[1].split(","))) for k in outs) == 2
    s2 = s.model_copy(deep=True)
    set_dice(s2, infected, 1, 0)
    assert "in" in keys(s2, infected)


@pytest.mark.rule("DM-REVEAL-2")
def test_revealed_infected_do_not_vote_and_cannot_be_voted_on() -> None:
    s, order = _table()
    infected = order[2]
    only_infected(s, infected)
    _revealed(s, infected)
    offered = keys(s, order[0])
    assert f"call_vote:{infected}" not in offered and f"call_vote:{order[3]}" in offered
    s, _ = play(s, order[0], f"call_vote:{order[3]}")
    assert infected not in waiting(s)
    with pytest.raises(IllegalAction):
        play(s, infected, "vote:weak")
    st, _ = push(turn(s, order[1]), TargetFrame(seat=order[1], purpose="decree"))
    assert not any(infected in k for k in keys(st, order[1]))


@pytest.mark.rule("DM-REVEAL-2")
def test_revealed_infected_never_command_and_lose_ability_and_fatigue() -> None:
    s, order = _table()
    infected = order[2]
    only_infected(s, infected)
    _revealed(s, infected)
    give_character(s, infected, "henrik_lund")
    s.fatigue = ["henrik_lund"]
    s.fatigue_pile.remove("henrik_lund")
    assert not next(v for v in RS.view(s, None).seats if v.seat == infected).fatigued
    st, _ = push(turn(s, order[0]), TargetFrame(seat=order[0], purpose="appoint"))
    assert f"name:{infected}" not in keys(st, order[0])
    # a commander left of whom sits a revealed infected hands the card past them
    make_commander(s, order[1])
    st = turn(s, order[0])
    st, _ = play(st, order[0], f"call_vote:{order[1]}")
    st.players[order[0]].quarantined = True
    st, _ = vote_all(st, default="weak")
    assert st.commander == order[3]


@pytest.mark.rule("DM-REVEAL-2")
def test_revealed_turn_is_an_infected_action_and_no_task() -> None:
    s, order = _table()
    infected = order[0]
    _revealed(s, infected)
    s.shield = 1
    offered = keys(s, infected)
    assert offered and all(k.split(":")[0] in {
        "interference", "energy_spike", "sabotage", "test_commander", "demoralize"}
        for k in offered)
    s, _ = play(s, infected, "sabotage:outpost")
    assert s.active == order[1] and not any(isinstance(f, TaskFrame) for f in s.stack)


# ------------------------------------------------------------------ DM-INF-1
@pytest.mark.rule("DM-INF-1")
def test_interference_reorders_or_discards_the_top_three_tasks() -> None:
    s, order = _table()
    infected = order[0]
    _revealed(s, infected)
    top3 = s.task_deck[:3]
    rest = s.task_deck[3:]
    s, events = play(s, infected, "interference")
    assert isinstance(top(s), ChoiceFrame) and waiting(s) == [infected]
    assert [e.to for e in events if e.kind == "interference"] == [(infected,)]
    assert RS.view(s, infected).me.choosing == top3  # type: ignore[union-attr]
    assert top3[0] not in RS.view(s, None).model_dump_json()
    code = {c: str(task_code(c)) for c in top3}
    expected = {"return_tasks:" + ("+".join(code[c] for c in p) if p else "~")
                for n in range(4) for p in permutations(top3, n)}
    assert set(keys(s, infected)) == expected
    s, events = play(s, infected, f"return_tasks:{code[top3[2]]}+{code[top3[0]]}")
    assert s.task_deck == [top3[2], top3[0], *rest]
    assert s.task_discard == [top3[1]]
    for e in events:
        if e.to is None:
            assert not any(c in e.text for c in top3)


@pytest.mark.rule("DM-INF-1")
def test_energy_spike_adds_a_token_below_two_then_tests() -> None:
    s, order = _table()
    infected = order[0]
    _revealed(s, infected)
    s.active = order[1]
    s.stack = [TurnFrame(seat=order[1], stage="task")]
    for shield, after in ((1, 2), (2, 2), (0, 1)):
        st = s.model_copy(deep=True)
        st.shield = shield
        st, _ = push(st, InfectedActionFrame(seat=infected))
        rig(st, die("strong", 2))
        st, events = play(st, infected, "energy_spike")
        assert st.shield == after
        # the active player tests the shield at the new count with a die of the pool
        assert isinstance(top(st), ShieldTestFrame) and waiting(st) == [order[1]]
        st, events = play(st, order[1], "test_die:strong")
        assert any(e.kind == "shield_test" for e in events)


@pytest.mark.rule("DM-INF-1")
def test_sabotage_costs_two_dice_on_the_next_repair_there() -> None:
    s, order = _table()
    infected = order[0]
    _revealed(s, infected)
    s, _ = play(s, infected, "sabotage:shield")
    assert s.sabotage == "shield"
    s = turn(s, infected)
    assert "sabotage:shield" not in keys(s, infected)
    s, _ = play(s, infected, "sabotage:life_support")  # moved: one area only
    assert s.sabotage == "life_support"
    repairer = order[1]
    s = turn(s, repairer)
    s.fatigue = ["sofia_marquez"]
    s.fatigue_pile.remove("sofia_marquez")
    set_dice(s, repairer, 2, 2)
    s, _ = play(s, repairer, "repair:life_support")
    rig(s, die("strong", -1))
    s, _ = play(s, repairer, "roll:S")
    s, _ = play(s, repairer, "submit:S-1")  # failed, still pays
    assert isinstance(top(s), DiscardFrame) and top(s).count == 2
    s, _ = play(s, repairer, "discard:S+W")
    assert s.sabotage is None
    held = s.players[repairer].held
    assert held.strong + held.weak == 1


@pytest.mark.rule("DM-INF-1")
@pytest.mark.parametrize("face", [2, -1])
def test_test_commander_rolls_every_die_and_fails_on_a_negative(face: int) -> None:
    s, order = _table()
    infected = order[0]
    _revealed(s, infected)
    commander = order[2]
    make_commander(s, commander)
    set_dice(s, commander, 1, 1, commander=True)
    rig(s, die("strong", face), die("weak", -2), die("commander", -2))
    s, _ = play(s, infected, "test_commander")
    roll = top(s)
    assert isinstance(roll, RollFrame) and roll.seat == commander and len(roll.rolled) == 3
    assert waiting(s) == [commander]
    s, _ = play(s, commander, f"submit:S{face}")
    if face > 0:
        assert s.active == order[1]  # nothing happens, the turn moved on
    else:
        assert isinstance(top(s), DamageFrame) and waiting(s) == [infected]
        assert sorted(keys(s, infected)) == ["damage:fatigue", "damage:outpost",
                                             "damage:shield"]


@pytest.mark.rule("DM-INF-1")
def test_test_commander_without_dice_fails() -> None:
    s, order = _table()
    infected = order[0]
    _revealed(s, infected)
    commander = order[2]
    make_commander(s, commander, holding=False)
    set_dice(s, commander, 0, 0)
    s, events = play(s, infected, "test_commander")
    assert any(e.kind == "test_commander" and not e.data["ok"] for e in events)
    assert waiting(s) == [infected] and keys(s, infected)[0].startswith("damage:")


@pytest.mark.rule("DM-INF-1")
def test_demoralize_swaps_strong_for_weak_from_the_left_until_the_pool_runs_out() -> None:
    s, order = _table()
    infected = order[0]
    _revealed(s, infected, 0, 0)  # the pool now has 2 weak dice... and 2 strong
    s.available.weak = 3
    s.players[order[3]].held.weak -= 1
    s, events = play(s, infected, "demoralize")
    # first to the infected's left swaps both strong dice, the next only one
    assert s.players[order[1]].held.strong == 0 and s.players[order[1]].held.weak == 4
    assert s.players[order[2]].held.strong == 1 and s.players[order[2]].held.weak == 3
    assert s.players[order[3]].held.strong == 2
    assert s.available.weak == 0
    assert any(e.kind == "infected" and e.data.get("swapped") == 3 for e in events)
