"""The actions of a turn: repair, vote, lone wolf, order, reveal, blocked actions
(DM-ACT-1..6)."""

from __future__ import annotations

import pytest
from darkmoon_helpers import (
    RS,
    C,
    advance,
    die,
    give_character,
    give_status,
    keys,
    make_commander,
    malfunction,
    only_infected,
    play,
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
from rules.darkmoon.actions import Repair
from rules.darkmoon.state import (
    EventPickFrame,
    GameState,
    InfectedActionFrame,
    OrderFrame,
    RetrieveFrame,
    RollFrame,
    TaskFrame,
    TurnFrame,
    VoteFrame,
)
from rules.darkmoon.table import die_limit


def _plain(n: int = 3, seed: int = 4) -> tuple[GameState, str]:
    """The active player has no ability that changes actions, holds 2S+2W, the
    commander is someone else and nothing blocks an action."""
    s = ready(n, seed)
    seat = s.active
    give_character(s, seat, "mateus_silva")
    make_commander(s, s.seats[(s.seats.index(seat) + 1) % n])
    s.outpost_pile.extend(s.outposts)
    s.outposts = []
    only_infected(s, s.seats[-1] if s.seats[-1] != seat else s.seats[-2])
    return s, seat


def _roll_sizes(s: GameState, seat: str) -> set[int]:
    sizes = set()
    for key in keys(s, seat):
        sizes.add(len(key.split(":")[1].split("+")))
    return sizes


# ------------------------------------------------------------------ DM-ACT-1 repair
@pytest.mark.rule("DM-ACT-1")
def test_repair_rolls_up_to_three_submits_one_and_succeeds_on_a_positive_die() -> None:
    s, seat = _plain()
    s.shield = 3
    s, _ = play(s, seat, "repair:shield")
    assert isinstance(top(s), RollFrame) and waiting(s) == [seat]
    assert _roll_sizes(s, seat) == {1, 2, 3}
    rig(s, die("strong", 3), die("weak", -2))
    s, _ = play(s, seat, "roll:S+W")
    assert sorted(keys(s, seat)) == ["submit:S3", "submit:W-2"]  # exactly one die
    s, events = play(s, seat, "submit:S3")
    assert s.shield == 2
    assert s.spent.total() == 0 and s.available.strong == 1
    held = s.players[seat].held
    assert (held.strong, held.weak) == (1, 2)  # the unsubmitted die goes back
    assert any(e.kind == "repair_roll" and e.data["ok"] for e in events)


@pytest.mark.rule("DM-ACT-1")
def test_repair_fails_on_a_negative_die() -> None:
    s, seat = _plain()
    s.shield = 3
    s, _ = play(s, seat, "repair:shield")
    rig(s, die("strong", -1), die("weak", 2))
    s, _ = play(s, seat, "roll:S+W")
    s, events = play(s, seat, "submit:S-1")
    assert s.shield == 3
    assert any(e.kind == "repair_roll" and not e.data["ok"] for e in events)


@pytest.mark.rule("DM-ACT-1")
def test_repairs_are_offered_only_when_there_is_something_to_repair() -> None:
    s, seat = _plain()
    s.shield = 0
    offered = keys(s, seat)
    assert "repair:shield" not in offered and "repair:life_support" not in offered
    s.shield = 1
    s.fatigue_pile.remove("jon_reed")
    s.fatigue = ["jon_reed"]
    s.outposts = ["command"]
    s.outpost_pile.remove("command")
    offered = keys(s, seat)
    assert {"repair:shield", "repair:life_support", "repair:outpost"} <= set(offered)
    s.outposts = []
    s.outpost_pile.append("command")
    assert "repair:outpost" not in keys(s, seat)


@pytest.mark.rule("DM-ACT-1")
def test_repair_outpost_is_always_available_and_picks_the_token() -> None:
    s, seat = _plain()
    blockers = ["shield_control", "life_support", "research_lab", "communications",
                "hangar_bay"]
    s.outposts = list(blockers)
    s.outpost_pile = ["command"]
    s.fatigue = ["jon_reed"]
    s.fatigue_pile.remove("jon_reed")
    offered = keys(s, seat)
    assert "repair:outpost" in offered
    assert not any(k.startswith(("repair:shield", "repair:life", "lone_wolf", "call_vote",
                                 "order")) for k in offered)
    s, _ = play(s, seat, "repair:outpost")
    rig(s, die("strong", 2))
    s, _ = play(s, seat, "roll:S")
    s, _ = play(s, seat, "submit:S2")
    assert sorted(keys(s, seat)) == sorted(f"remove:{b}" for b in blockers)
    s, _ = play(s, seat, "remove:research_lab")
    assert "research_lab" not in s.outposts and "research_lab" in s.outpost_pile


@pytest.mark.rule("DM-ACT-1")
def test_an_action_that_is_not_offered_is_refused_and_changes_nothing() -> None:
    s, seat = _plain()
    s.shield = 0
    before = s.model_dump_json()
    for who, key in ((seat, "repair:shield"), (s.seats[1], "lone_wolf"),
                     (seat, "vote:strong"), ("stranger", "lone_wolf")):
        with pytest.raises(IllegalAction):
            play(s, who, key)
    with pytest.raises(IllegalAction):
        RS.apply(s, seat, Repair(area="shield"))
    assert s.model_dump_json() == before


# ------------------------------------------------------------------ DM-ACT-2 votes
@pytest.mark.rule("DM-ACT-2")
def test_vote_is_simultaneous_and_secret_and_majority_infected_quarantines() -> None:
    s, seat = _plain(5, 2)
    target = s.seats[(s.seats.index(seat) + 2) % 5]
    assert f"call_vote:{seat}" in keys(s, seat)  # a vote on yourself is allowed
    s, _ = play(s, seat, f"call_vote:{target}")
    assert isinstance(top(s), VoteFrame)
    prompts = RS.pending(s)
    assert sorted(p.seat for p in prompts) == sorted(s.seats)
    assert all(p.secret for p in prompts)
    commander = s.commander or ""
    assert sorted(keys(s, commander)) == ["vote:abstain", "vote:strong", "vote:weak"]
    set_dice(s, target, 0, 2)
    assert sorted(keys(s, target)) == ["vote:abstain", "vote:weak"]  # no strong die
    held_before = {x: p.held.copy() for x, p in s.players.items()}
    voters = list(waiting(s))
    s, events = play(s, voters[0], "vote:weak")
    # nobody learns a vote before everyone has voted
    for e in events:
        if e.to is None:
            assert "weak" not in e.text and "weak" not in str(e.data)
    assert RS.view(s, None).vote is not None
    assert "weak" not in RS.view(s, None).model_dump_json().replace('"weak":', "")
    choices = dict.fromkeys(voters[1:3], "weak") | {voters[3]: "strong"}
    s, events = vote_all(s, choices)
    result = next(e for e in events if e.kind == "vote_result")
    assert result.to is None and result.data["weak"] == 3 and result.data["strong"] == 1
    assert s.players[target].quarantined
    # the voting dice go back behind the screens
    assert {x: p.held for x, p in s.players.items() if x != target} == {
        x: h for x, h in held_before.items() if x != target}


@pytest.mark.rule("DM-ACT-2")
def test_majority_uninfected_keeps_free_and_releases() -> None:
    s, seat = _plain(5, 2)
    target = s.seats[(s.seats.index(seat) + 2) % 5]
    s, _ = play(s, seat, f"call_vote:{target}")
    s, _ = vote_all(s, default="strong")
    assert not s.players[target].quarantined
    s = turn(s, seat)
    s.players[target].quarantined = True
    s, events = play(s, seat, f"call_vote:{target}")
    assert any(e.kind == "vote_called" and e.data["release"] for e in events)
    s, _ = vote_all(s, {target: "weak"}, default="strong")
    assert not s.players[target].quarantined
    # and a majority infected keeps a quarantined player in
    s = turn(s, seat)
    s.players[target].quarantined = True
    s, _ = play(s, seat, f"call_vote:{target}")
    s, _ = vote_all(s, {seat: "strong"}, default="weak")
    assert s.players[target].quarantined


@pytest.mark.rule("DM-ACT-2")
@pytest.mark.parametrize("quarantine", [True, False])
def test_commander_breaks_a_tie(quarantine: bool) -> None:
    s, seat = _plain(4, 2)
    target = s.seats[(s.seats.index(seat) + 2) % 4]
    commander = s.commander or ""
    voters = [x for x in s.seats if x != commander]
    s, _ = play(s, seat, f"call_vote:{target}")
    s, _ = vote_all(s, {voters[0]: "strong", voters[1]: "weak"})
    assert waiting(s) == [commander]
    assert sorted(keys(s, commander)) == ["tie_break:0", "tie_break:1"]
    with pytest.raises(IllegalAction):
        play(s, voters[0], "tie_break:1")
    s, _ = play(s, commander, f"tie_break:{int(quarantine)}")
    assert s.players[target].quarantined is quarantine


@pytest.mark.rule("DM-ACT-2")
def test_the_commander_die_cannot_vote() -> None:
    s, seat = _plain(4, 2)
    commander = s.commander or ""
    set_dice(s, commander, 0, 0, commander=True)
    s, _ = play(s, seat, f"call_vote:{seat}")
    assert keys(s, commander) == ["vote:abstain"]


# ------------------------------------------------------------------ DM-ACT-3 lone wolf
@pytest.mark.rule("DM-ACT-3")
@pytest.mark.parametrize(("faces", "cube"), [((2, 1), True), ((3, -1), False)])
def test_lone_wolf_needs_two_positive_dice(faces: tuple[int, int], cube: bool) -> None:
    s, seat = _plain()
    s, _ = play(s, seat, "lone_wolf")
    assert _roll_sizes(s, seat) == {2, 3}
    rig(s, die("strong", faces[0]), die("strong", faces[1]), die("weak", -2))
    s, _ = play(s, seat, "roll:S+S+W")
    assert all(len(k.split(":")[1].split("+")) == 2 for k in keys(s, seat))
    s, _events = play(s, seat, f"submit:S{min(faces)}+S{max(faces)}")
    assert s.event_cubes == (1 if cube else 0)
    assert s.spent.total() == 0 and s.available.strong == 2


@pytest.mark.rule("DM-ACT-3")
def test_lone_wolf_needs_two_dice() -> None:
    s, seat = _plain()
    set_dice(s, seat, 1, 0)
    assert "lone_wolf" not in keys(s, seat)


@pytest.mark.rule("DM-ACT-3")
def test_completing_an_event_draws_the_next_before_the_turn_goes_on() -> None:
    s, seat = _plain()
    event = next(e for e in C.events if e.id == s.current_event)
    s.event_cubes = event.cubes - 1
    s, _ = play(s, seat, "lone_wolf")
    rig(s, die("strong", 2), die("strong", 3))
    s, _ = play(s, seat, "roll:S+S")
    s, _ = play(s, seat, "submit:S2+S3")
    assert s.events_done == [event.id] and s.current_event is None
    pick = top(s)
    assert isinstance(pick, EventPickFrame) and pick.chooser == s.commander
    assert waiting(s) == [s.commander]
    turn_frame = s.stack[0]
    assert isinstance(turn_frame, TurnFrame) and turn_frame.seat == seat
    assert not any(isinstance(f, TaskFrame) for f in s.stack)
    s, _ = play(s, s.commander or "", keys(s, s.commander or "")[0])
    assert s.current_event == pick.drawn[0]
    assert any(isinstance(f, TaskFrame) and f.seat == seat for f in s.stack)


# ------------------------------------------------------------------ DM-ACT-4 orders
@pytest.mark.rule("DM-ACT-4")
def test_ordered_player_may_retrieve_two_dice() -> None:
    s, seat = _plain(4, 6)
    ordered = s.seats[(s.seats.index(seat) + 2) % 4]
    give_character(s, ordered, "amara_okafor")
    set_dice(s, ordered, 1, 0)
    assert f"order:{seat}" not in keys(s, seat)
    s, _ = play(s, seat, f"order:{ordered}")
    assert waiting(s) == [ordered] and isinstance(top(s), OrderFrame)
    assert sorted(keys(s, ordered)) == ["order_answer:actions", "order_answer:decline",
                                        "order_answer:retrieve"]
    s, _ = play(s, ordered, "order_answer:retrieve")
    options = keys(s, ordered)
    assert options and all(sum(map(int, k.split(":")[1].split(",")[:2])) == 2
                           for k in options)
    assert not any(k.split(",")[3] == "1" for k in options)
    s, _ = play(s, ordered, options[0])
    assert s.players[ordered].held.strong + s.players[ordered].held.weak == 3


@pytest.mark.rule("DM-ACT-4")
def test_ordered_player_takes_two_actions_without_orders_or_ability() -> None:
    s, seat = _plain(4, 6)
    ordered = s.seats[(s.seats.index(seat) + 2) % 4]
    give_character(s, ordered, "amara_okafor")  # repairs with 4 dice on her own turn
    s.shield = 3
    s, _ = play(s, seat, f"order:{ordered}")
    s, _ = play(s, ordered, "order_answer:actions")
    options = keys(s, ordered)
    assert "end_order" in options and not any(k.startswith("order:") for k in options)
    s, _ = play(s, ordered, "repair:shield")
    assert _roll_sizes(s, ordered) == {1, 2, 3}  # no 4th die: not the active player
    rig(s, die("strong", 1))
    s, _ = play(s, ordered, "roll:S")
    s, _ = play(s, ordered, "submit:S1")
    assert s.shield == 2
    frame = top(s)
    assert isinstance(frame, OrderFrame) and frame.actions_left == 1
    s, _ = play(s, ordered, f"call_vote:{ordered}")
    s, _ = vote_all(s, default="strong")
    # two actions done: back to the active player's task
    assert not any(isinstance(f, OrderFrame) for f in s.stack)
    assert isinstance(top(s), TaskFrame) and top(s).seat == seat


@pytest.mark.rule("DM-ACT-4")
def test_reveal_as_first_ordered_action_gives_an_infected_action() -> None:
    s, seat = _plain(4, 6)
    ordered = s.seats[(s.seats.index(seat) + 2) % 4]
    only_infected(s, ordered)
    give_status(s, ordered, "infected_sleeper")
    rig(s, die("strong", -1))  # no second use of the power
    s, _ = play(s, seat, f"order:{ordered}")
    s, _ = play(s, ordered, "order_answer:actions")
    s, _ = play(s, ordered, "reveal")
    assert s.players[ordered].revealed
    # first down to 2 dice, then the infected action
    assert waiting(s) == [ordered] and keys(s, ordered)[0].startswith("discard:")
    s, _ = play(s, ordered, "discard:S+W")
    assert isinstance(top(s), InfectedActionFrame) and waiting(s) == [ordered]
    assert "energy_spike" in keys(s, ordered) and "demoralize" in keys(s, ordered)
    s, _ = play(s, ordered, "sabotage:shield")
    assert s.sabotage == "shield"
    assert isinstance(top(s), TaskFrame) and top(s).seat == seat  # the turn goes on


@pytest.mark.rule("DM-ACT-4")
def test_reveal_as_second_ordered_action_ends_the_order() -> None:
    s, seat = _plain(4, 6)
    ordered = s.seats[(s.seats.index(seat) + 2) % 4]
    only_infected(s, ordered)
    give_status(s, ordered, "infected_sleeper")
    s, _ = play(s, seat, f"order:{ordered}")
    s, _ = play(s, ordered, "order_answer:actions")
    s, _ = play(s, ordered, f"call_vote:{seat}")
    s, _ = vote_all(s, default="strong")
    rig(s, die("strong", -1))
    s, _ = play(s, ordered, "reveal")
    assert s.players[ordered].revealed
    s, _ = play(s, ordered, "discard:S+W")
    assert not any(isinstance(f, InfectedActionFrame | OrderFrame) for f in s.stack)
    assert isinstance(top(s), TaskFrame) and top(s).seat == seat


# ------------------------------------------------------------------ DM-ACT-5 reveal
@pytest.mark.rule("DM-ACT-5")
def test_only_infected_players_may_reveal() -> None:
    s, seat = _plain(5, 1)
    only_infected(s)
    assert "reveal" not in keys(s, seat)
    only_infected(s, seat)
    give_status(s, seat, "infected_sleeper")
    assert "reveal" in keys(s, seat)
    rig(s, die("strong", -1))
    s, events = play(s, seat, "reveal")
    assert s.players[seat].revealed and s.revealed_order == [seat]
    assert any(e.kind == "reveal" and e.to is None for e in events)
    assert die_limit(s, seat) == 2


# ------------------------------------------------------------------ DM-ACT-6 outposts
BLOCKS = {
    "shield_control": "repair:shield",
    "life_support": "repair:life_support",
    "research_lab": "call_vote:",
    "communications": "order:",
    "hangar_bay": "lone_wolf",
}


@pytest.mark.rule("DM-ACT-6")
@pytest.mark.parametrize("outpost", sorted(BLOCKS))
def test_outpost_tokens_block_their_action(outpost: str) -> None:
    s, seat = _plain()
    s.shield = 3
    s.fatigue = ["jon_reed"]
    s.fatigue_pile.remove("jon_reed")
    assert any(k.startswith(BLOCKS[outpost]) for k in keys(s, seat))
    s.outposts = [outpost]
    s.outpost_pile.remove(outpost)
    assert not any(k.startswith(BLOCKS[outpost]) for k in keys(s, seat))
    others = set(BLOCKS) - {outpost}
    for other in others:
        assert any(k.startswith(BLOCKS[other]) for k in keys(s, seat))


@pytest.mark.rule("DM-ACT-6")
def test_command_token_gives_one_fewer_die_when_sitting_out() -> None:
    def best_out(command: bool) -> int:
        s, seat = _plain(3, 4)
        for x in s.seats:
            give_character(s, x, ["mateus_silva", "kenji_watanabe", "amara_okafor"][
                s.seats.index(x)])
        if command:
            s.outposts = ["command"]
            s.outpost_pile.remove("command")
        nxt = s.seats[(s.seats.index(seat) + 1) % 3]
        set_dice(s, nxt, 1, 0)
        s, _ = start_task(s, malfunction(s, "outpost"))
        s, _ = play(s, seat, "in")
        assert waiting(s) == [nxt]
        return max(sum(map(int, k.split(":")[1].split(","))) for k in keys(s, nxt)
                   if k.startswith("out:"))

    assert best_out(False) == 2
    assert best_out(True) == 1


@pytest.mark.rule("DM-ACT-6")
def test_command_token_does_not_touch_turn_or_order_retrieval() -> None:
    s, seat = _plain(4, 3)
    s.outposts = ["command"]
    s.outpost_pile.remove("command")
    ordered = s.seats[(s.seats.index(seat) + 2) % 4]
    give_character(s, ordered, "kenji_watanabe")
    set_dice(s, ordered, 0, 0)
    s, _ = play(s, seat, f"order:{ordered}")
    s, _ = play(s, ordered, "order_answer:retrieve")
    assert all(sum(map(int, k.split(":")[1].split(",")[:2])) == 2 for k in keys(s, ordered))
    s = turn(s, ordered, "retrieve")
    set_dice(s, ordered, 0, 0)
    set_dice(s, seat, 0, 0)
    s, _ = advance(s)
    assert isinstance(top(s), RetrieveFrame) and len(keys(s, ordered)) == 5
    assert all(sum(map(int, k.split(":")[1].split(",")[:2])) == 4 for k in keys(s, ordered))
