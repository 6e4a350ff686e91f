"""Dice: faces, private rolls, die limits, pools and retrieving (DM-DICE-1..2, DM-TURN-1)."""

from __future__ import annotations

import pytest
from darkmoon_helpers import (
    RS,
    C,
    advance,
    dice_in_game,
    die,
    give_character,
    keys,
    make_commander,
    malfunction,
    play,
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

from rules.darkmoon.state import (
    DiscardFrame,
    GameState,
    RetrieveFrame,
    RollFrame,
    TurnFrame,
)
from rules.darkmoon.table import die_limit, enforce_limit


def _repair_roll(kind: str, index: int) -> tuple[str, str]:
    """Roll one die of `kind` for a repair with the RNG forced to face `index`;
    returns (the roller, the die code they see)."""
    s = ready(4, 3)
    seat = s.active
    make_commander(s, seat)
    set_dice(s, seat, 1 if kind == "strong" else 0, 1 if kind == "weak" else 0)
    if kind != "commander":
        s.players[seat].held.commander = 0
        s.available.commander = 1
        s.commander_die = "available"
    rig(s, (6, index))
    # a single die behind the screen: the roll happens at once, no choice to make
    s, events = play(s, seat, "repair:outpost")
    assert isinstance(top(s), RollFrame) and len(top(s).rolled) == 1
    rolls = [e for e in events if e.kind == "private_roll"]
    assert len(rolls) == 1
    return seat, rolls[0].data["dice"][0]


@pytest.mark.rule("DM-DICE-1")
@pytest.mark.parametrize("kind", ["strong", "weak", "commander"])
def test_die_faces_come_from_the_content(kind: str) -> None:
    faces = getattr(C.board.dice, kind)
    assert len(faces) == 6
    for index, face in enumerate(faces):
        _, code = _repair_roll(kind, index)
        assert code == f"{kind[0].upper()}{face}"


@pytest.mark.rule("DM-DICE-1")
def test_rolls_are_private_and_submitted_dice_public() -> None:
    s = ready(4, 5)
    seat = s.active
    other = next(x for x in s.seats if x != seat)
    s, _ = play(s, seat, "repair:outpost")
    rig(s, die("strong", 3), die("weak", -2))
    s, events = play(s, seat, "roll:S+W")
    private = [e for e in events if e.kind == "private_roll"]
    assert [e.to for e in private] == [(seat,)]
    assert sorted(private[0].data["dice"]) == ["S3", "W-2"]
    for e in events:
        if e.to is None:
            blob = e.text + str(e.data)
            assert "S3" not in blob and "W-2" not in blob and "+3" not in blob
            assert "2 dice" not in e.text and "count" not in e.data
    # the roller sees the roll in their view, nobody else does
    assert sorted(RS.view(s, seat).me.rolled) == ["S3", "W-2"]  # type: ignore[union-attr]
    assert RS.view(s, other).me.rolled == []  # type: ignore[union-attr]
    assert "S3" not in RS.view(s, None).model_dump_json()
    s, events = play(s, seat, "submit:S3")
    public = [e for e in events if e.to is None and e.kind == "submit"]
    assert public and public[0].data["dice"] == ["S3"]
    assert "W-2" not in str([e.data for e in events if e.to is None])


@pytest.mark.rule("DM-DICE-1")
def test_held_dice_are_private() -> None:
    s = ready(5, 7)
    seat = s.active
    set_dice(s, seat, 3, 1)
    public = RS.view(s, None)
    assert public.me is None
    assert "held" not in public.model_dump()
    assert "held" not in str(public.seats[0].model_dump())
    mine = RS.view(s, seat).me
    assert mine is not None and (mine.held.strong, mine.held.weak) == (3, 1)
    for other in s.seats:
        if other != seat:
            theirs = RS.view(s, other).me
            assert theirs is not None and theirs.held == s.players[other].held


@pytest.mark.rule("DM-DICE-2")
def test_default_die_limit_and_never_below_one() -> None:
    s = ready(4, 1)
    seat = s.active
    assert die_limit(s, seat) == 4
    s.players[seat].die_tokens = 1
    assert die_limit(s, seat) == 5
    s.players[seat].die_tokens = -3
    assert die_limit(s, seat) == 1
    s.players[seat].die_tokens = -1
    s.players[seat].quarantined = True
    assert die_limit(s, seat) == 1
    s.players[seat].die_tokens = -5
    assert die_limit(s, seat) == 1
    assert next(v for v in RS.view(s, None).seats if v.seat == seat).die_limit == 1


@pytest.mark.rule("DM-DICE-2")
def test_reduced_limit_forces_a_discard_of_the_players_choice() -> None:
    s = ready(4, 1)
    target = s.seats[2]
    s, _ = play(s, s.active, f"call_vote:{target}")
    s, _ = vote_all(s, default="weak")
    assert s.players[target].quarantined
    frame = top(s)
    assert isinstance(frame, DiscardFrame) and frame.seat == target and frame.count == 2
    assert waiting(s) == [target]
    assert sorted(keys(s, target)) == ["discard:S+S", "discard:S+W", "discard:W+W"]
    before = s.available.copy()
    s, _ = play(s, target, "discard:S+W")
    held = s.players[target].held
    assert (held.strong, held.weak) == (1, 1)
    assert (s.available.strong, s.available.weak) == (before.strong + 1, before.weak + 1)


@pytest.mark.rule("DM-DICE-2")
def test_one_kind_of_dice_is_returned_without_asking() -> None:
    s = ready(4, 1)
    seat = s.seats[1]
    set_dice(s, seat, 0, 4)
    s.players[seat].quarantined = True
    s2, events = run_with(s, lambda ctx: enforce_limit(ctx, seat))
    assert s2.players[seat].held.weak == 2
    assert s2.available.weak == s.available.weak + 2
    assert not any(isinstance(f, DiscardFrame) for f in s2.stack)
    assert any(e.to == (seat,) for e in events)


@pytest.mark.rule("DM-DICE-2")
def test_raised_limit_does_not_retrieve_dice() -> None:
    s = ready(4, 1)
    seat = s.seats[2]
    s.players[seat].quarantined = True
    set_dice(s, seat, 1, 1)
    s = turn(s, s.seats[0])
    s, _ = play(s, s.seats[0], f"call_vote:{seat}")
    s, _ = vote_all(s, default="strong")
    assert not s.players[seat].quarantined
    assert die_limit(s, seat) == 4
    held = s.players[seat].held
    assert (held.strong, held.weak) == (1, 1)  # no automatic retrieve


@pytest.mark.rule("DM-DICE-2")
def test_submitted_dice_are_spent_until_the_action_resolves() -> None:
    s = ready(4, 2)
    seat = s.active
    s, _ = start_task(s, malfunction(s, "outpost"))
    # everyone but the active player goes out taking nothing
    assert waiting(s) == [seat]
    s, _ = play(s, seat, "in")
    while not isinstance(top(s), RollFrame):
        s, _ = play(s, waiting(s)[0], "out:0,0")
    assert isinstance(top(s), RollFrame)
    s, _ = play(s, seat, next(k for k in keys(s, seat) if k.startswith("submit:")
                              and "+" not in k))
    assert s.spent.total() == 1 and s.available.total() == 0
    s, _ = play(s, seat, "stop")
    assert s.spent.total() == 0 and s.available.total() == 1


def _short_of_dice(character: str = "jon_reed") -> tuple[GameState, str]:
    """p1's turn starts with 1 strong die behind the screen; the pool has 3S + 4W."""
    s = ready(4, 1)
    seat = s.seats[1]
    give_character(s, seat, character)
    make_commander(s, s.seats[3])
    set_dice(s, seat, 1, 0)
    set_dice(s, s.seats[2], 0, 0)
    return turn(s, seat, "retrieve"), seat


@pytest.mark.rule("DM-TURN-1")
def test_retrieve_up_to_the_limit_in_any_mix() -> None:
    s, seat = _short_of_dice()
    assert (s.available.strong, s.available.weak) == (3, 4)
    s, _ = advance(s)
    assert isinstance(top(s), RetrieveFrame) and waiting(s) == [seat]
    assert sorted(keys(s, seat)) == [
        "retrieve:0,3,0,0", "retrieve:1,2,0,0", "retrieve:2,1,0,0", "retrieve:3,0,0,0"]
    s, events = play(s, seat, "retrieve:2,1,0,0")
    held = s.players[seat].held
    assert (held.strong, held.weak, held.commander) == (3, 1, 0)
    assert (s.available.strong, s.available.weak) == (1, 3)
    # the public log says how many dice were taken, only the player learns the kinds
    public = [e for e in events if e.to is None and e.kind == "retrieve"]
    assert public and "strong" not in public[0].text and "weak" not in public[0].text
    assert isinstance(top(s), TurnFrame) and top(s).stage == "action"


@pytest.mark.rule("DM-TURN-1")
def test_only_the_commander_takes_the_commander_die_outside_the_limit() -> None:
    s, seat = _short_of_dice()
    make_commander(s, s.seats[3], holding=False)
    s, _ = advance(s)
    assert not any(k.split(",")[2] == "1" for k in keys(s, seat))
    # the commander at a full screen may still take the commander die
    s, _ = _short_of_dice()
    commander = s.seats[3]
    make_commander(s, commander, holding=False)
    s = turn(s, commander, "retrieve")
    s, _ = advance(s)
    assert sorted(keys(s, commander)) == ["retrieve:0,0,0,0", "retrieve:0,0,1,0"]
    s, _ = play(s, commander, "retrieve:0,0,1,0")
    p = s.players[commander]
    assert p.held.commander == 1 and s.commander_die == "held"
    assert (p.held.strong + p.held.weak, die_limit(s, commander)) == (4, 4)
    assert not any(isinstance(f, DiscardFrame) for f in s.stack)
    assert dice_in_game(s) == (8, 8, 1)


@pytest.mark.rule("DM-TURN-1")
def test_retrieve_is_skipped_with_a_full_screen() -> None:
    s = ready(4, 1)
    seat = s.seats[1]
    give_character(s, seat, "jon_reed")
    make_commander(s, s.seats[0])
    s = turn(s, seat, "retrieve")
    s, _ = advance(s)
    assert isinstance(top(s), TurnFrame) and top(s).stage == "action"
