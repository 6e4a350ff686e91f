"""The Shadow Corporation expansion (option `expansion`) from crafted states: setup,
corporation dice, amputation, clearance and take-off votes, refueling, the evacuation
track and its forced votes, the evacuation failure card and the end of evacuation
(DMX-1..5)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from darkmoon_helpers import (
    RS,
    C,
    die,
    drive,
    edit,
    give_character,
    keys,
    make_commander,
    new,
    only_infected,
    play,
    prefer,
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
from rules.darkmoon import evacuation
from rules.darkmoon.effects import start_final
from rules.darkmoon.state import (
    CorporationFrame,
    EvacuationCallFrame,
    EventPickFrame,
    GameState,
    RetrieveFrame,
    ShieldTestFrame,
    TargetFrame,
    TaskFrame,
    TurnFrame,
    VoteFrame,
    VoteOrderFrame,
)
from rules.darkmoon.table import die_limit, seats_from

X = C.expansion
DAVID = "david_brandt"
CORP_FACES = list(X.board.corporation_die)
BOARD = {3: 1, 4: 2, 5: 2, 6: 3, 7: 3}


def xready(n: int = 5, seed: int = 1, **options: object) -> GameState:
    """An expansion game at the start player's action, no outpost token, the commander
    left of the active player and the last seat the only infected."""
    s = ready(n, seed, expansion=True, **options)
    s.outpost_pile.extend(s.outposts)
    s.outposts = []
    order = seats_from(s, s.active)
    make_commander(s, order[1])
    only_infected(s, order[-1])
    for seat in s.seats:
        if s.players[seat].character == DAVID and seat != s.active:
            give_character(s, seat, next(c.id for c in C.characters if c.id not in
                                         {p.character for p in s.players.values()}))
    return s


def corp(face: int) -> tuple[int, int]:
    """One draw that rolls `face` on a corporation die."""
    return (6, CORP_FACES.index(face))


def evacuate_card(s: GameState) -> str:
    """A fixed-system EVACUATE malfunction of the state's deck (outpost damage)."""
    deck = X.silver if s.task_deck_name == "silver" else X.black
    idx = C.silver_tasks + X.silver.extra if s.task_deck_name == "silver" else \
        C.black_tasks + X.black.extra
    return next(t.id for t in idx if t.id in deck.evacuate and t.kind == "malfunction"
                and t.system == "outpost" and not t.suspicious)


def others(s: GameState, seat: str) -> list[str]:
    return [x for x in s.seats if x != seat]


def seen_by(events: list[Event], seat: str) -> str:
    return "\n".join(e.text + str(e.data) for e in events if e.visible_to(seat))


# ------------------------------------------------------------------ DMX-1 setup
@pytest.mark.rule("DMX-1")
@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_expansion_setup_adds_its_cards_tokens_and_boards(n: int) -> None:
    extra_ids = {t.id for t in X.silver.extra + X.black.extra}
    for seed in range(8):
        s = new(n, seed, expansion=True)
        x = s.expansion
        assert x is not None and x.evacuation and not x.ready and x.cube == 0
        assert x.start_player == s.active and not x.cleared and not x.amputated
        deck = X.silver if s.task_deck_name == "silver" else X.black
        assert x.failure_card == deck.failure.id and x.failure_card not in s.task_deck
        assert {t.id for t in deck.extra} <= set(s.task_deck)
        assert not (extra_ids - {t.id for t in deck.extra}) & set(s.task_deck)
        assert len(s.outposts) + len(s.outpost_pile) == 7
        in_play = [p.character for p in s.players.values()]
        with_token = [c for c in in_play if c != DAVID]
        assert DAVID not in s.fatigue_pile and set(with_token) <= set(s.fatigue_pile)
        assert len(s.fatigue_pile) == max(6, len(with_token))
        assert s.players[s.commander or ""].character in s.fatigue_pile
        statuses = {x.id for x in C.statuses + X.statuses}
        assert {p.status for p in s.players.values()} <= statuses


@pytest.mark.rule("DMX-1")
def test_expansion_cards_come_up_and_the_core_game_has_none_of_them() -> None:
    seen: set[str] = set()
    for seed in range(40):
        s = new(5, seed, expansion=True)
        seen |= {p.character for p in s.players.values()}
        seen |= {p.status for p in s.players.values()}
        seen |= {s.final_event, *s.event_deck, *s.outposts, *s.outpost_pile}
        core = new(5, seed)
        assert core.expansion is None and len(core.fatigue_pile) == 8
        assert len(core.outposts) + len(core.outpost_pile) == 6
        assert "launch_control" not in core.outposts + core.outpost_pile
    new_ids = {c.id for c in X.characters} | {st.id for st in X.statuses} | \
        {e.id for e in X.events} | {o.id for o in X.outposts}
    assert new_ids <= seen
    assert seen & {e.id for e in X.final_events}


@pytest.mark.rule("DMX-1")
def test_seven_players_keep_seven_fatigue_tokens_unless_the_new_character_plays() -> None:
    sizes: dict[bool, set[int]] = {True: set(), False: set()}
    for seed in range(30):
        s = new(7, seed, expansion=True)
        david = any(p.character == DAVID for p in s.players.values())
        sizes[david].add(len(s.fatigue_pile))
    assert sizes == {True: {6}, False: {7}}


def test_expansion_content_counts() -> None:
    assert [(c.id, c.fatigue_token) for c in X.characters] == [(DAVID, False)]
    assert all(c.fatigue_token for c in C.characters)
    assert len(X.statuses) == 2 and all(st.infected and st.power for st in X.statuses)
    assert [(o.id, o.blocks) for o in X.outposts] == [("launch_control", "evacuation_vote")]
    assert len(X.events) == 1 and len(X.final_events) == 2
    for deck, core in ((X.silver, C.silver_tasks), (X.black, C.black_tasks)):
        assert len(deck.extra) == 3 and len(deck.evacuate) == 10
        assert set(deck.evacuate) <= {t.id for t in core + deck.extra}
        by_id = {t.id: t for t in core + deck.extra}
        assert all(by_id[i].kind == "malfunction" for i in deck.evacuate)
        systems = [by_id[i].system for i in deck.evacuate]  # type: ignore[union-attr]
        assert {s: systems.count(s) for s in set(systems)} == {
            "outpost": 3, "life_support": 2, "shield": 3, "unknown": 2}
    assert X.board.clearance_board == BOARD
    assert X.board.corporation_roll == 2 and X.board.corporation_dice == 3
    assert sorted({f < 0 for f in CORP_FACES}) == [False, True] and 0 in CORP_FACES


# ------------------------------------------------------------------ DMX-2 corporation
def _to_corporation(s: GameState, *faces: int, card: str | None = None
                    ) -> tuple[GameState, list[Event]]:
    """The active player plays a malfunction (or `card`), the corporation dice rolling
    `faces`."""
    card = card or next(t.id for t in (C.silver_tasks if s.task_deck_name == "silver"
                                        else C.black_tasks)
                        if t.kind == "malfunction" and t.system == "outpost")
    s = turn(s, s.active, "end")
    rig(s, *(corp(face) for face in faces))
    return start_task(s, card)


@pytest.mark.rule("DMX-2")
def test_corporation_dice_are_rolled_in_secret_and_one_is_submitted_publicly() -> None:
    s, events = _to_corporation(xready(), -2, 1)
    seat = s.active
    assert isinstance(top(s), CorporationFrame) and waiting(s) == [seat]
    assert RS.pending(s)[0].secret
    assert "+1" not in RS.pending(s)[0].text and "-2" not in RS.pending(s)[0].text
    assert keys(s, seat) == ["corp_submit:1", "corp_submit:-2"]
    assert any(e.kind == "corp_roll" and e.public for e in events)
    for other in others(s, seat):
        assert "+1" not in seen_by(events, other) and "-2" not in seen_by(events, other)
        me = RS.view(s, other).me
        assert me is not None and me.corporation_rolled == []
    assert "-2" in seen_by(events, seat) and "+1" in seen_by(events, seat)
    mine = RS.view(s, seat).me
    assert mine is not None and mine.corporation_rolled == [-2, 1]
    public = RS.view(s, None)
    assert public.me is None and "corporation_rolled" not in public.model_dump_json()
    s, events = play(s, seat, "corp_submit:-2")
    assert s.success_track == -2
    assert all("+1" not in seen_by(events, x) for x in s.seats)
    assert not any(isinstance(f, CorporationFrame) for f in s.stack)
    assert "+1" not in s.model_dump_json().split('"expansion"')[1]
    view = RS.view(s, None).expansion
    assert view is not None and view.corporation_die == -2
    assert isinstance(top(s), TaskFrame) and top(s).stage == "participation"


@pytest.mark.rule("DMX-2")
@pytest.mark.parametrize(("face", "track"), [(1, 0), (0, 0), (-1, -1), (-2, -2)])
def test_only_a_negative_corporation_die_moves_the_success_cube_back(face: int,
                                                                      track: int) -> None:
    s, _ = _to_corporation(xready(), face, face)
    assert keys(s, s.active) == [f"corp_submit:{face}"]
    s, events = play(s, s.active, f"corp_submit:{face}")
    assert s.success_track == track
    assert any(e.kind == "corp_submit" and e.public and e.data["face"] == face
               for e in events)


@pytest.mark.rule("DMX-2")
def test_the_new_character_rolls_three_corporation_dice_and_complications_none() -> None:
    s = xready()
    give_character(s, s.active, DAVID)
    s, _ = _to_corporation(s, -1, 0, 1)
    assert top(s).count == 3 and keys(s, s.active) == [
        "corp_submit:1", "corp_submit:0", "corp_submit:-1"]
    s, _ = _to_corporation(xready(), card="acceptable_loss")
    assert not any(isinstance(f, CorporationFrame) for f in s.stack)
    core, _ = _to_corporation(ready(5, 1))
    assert not any(isinstance(f, CorporationFrame) for f in core.stack)
    assert isinstance(top(core), TaskFrame)


# ------------------------------------------------------------------ DMX-3 amputation
@pytest.mark.rule("DMX-3")
def test_an_amputation_vote_lowers_the_die_limit_by_one_for_good() -> None:
    s = xready()
    seat, target = s.active, s.seats[(s.seats.index(s.active) + 2) % 5]
    assert die_limit(s, target) == 4
    s, events = play(s, seat, f"amputate:{target}")
    assert isinstance(top(s), VoteFrame) and top(s).topic == "amputation"
    assert "amputate" in RS.pending(s)[0].text
    board = RS.view(s, None).expansion
    assert board is not None and board.vote_topic == "amputation"
    s, events = vote_all(s, default="weak")
    assert s.expansion is not None and s.expansion.amputated == [target]
    assert die_limit(s, target) == 3
    # four dice behind the screen: one goes back
    assert waiting(s) == [target] and keys(s, target)[0].startswith("discard:")
    assert RS.view(s, None).expansion.amputated == [target]  # type: ignore[union-attr]
    s, _ = play(s, target, keys(s, target)[0])
    # never twice on the same player, never on oneself
    s = turn(s, target)
    assert f"amputate:{target}" not in keys(s, target)
    assert not any(k == f"amputate:{target}" for k in keys(turn(s, seat), seat))


@pytest.mark.rule("DMX-3")
def test_amputation_targets_quarantined_but_not_revealed_players() -> None:
    s = xready()
    seat = s.active
    quarantined, revealed = others(s, seat)[:2]
    s.players[quarantined].quarantined = True
    s.players[revealed].revealed = s.players[revealed].infected = True
    offered = keys(s, seat)
    assert f"amputate:{quarantined}" in offered and f"amputate:{revealed}" not in offered
    assert f"amputate:{seat}" not in offered


@pytest.mark.rule("DMX-3")
def test_a_strong_majority_keeps_the_arm_and_the_commander_breaks_ties() -> None:
    s = xready()
    seat = s.active
    target = others(s, seat)[1]
    kept, _ = vote_all(play(s, seat, f"amputate:{target}")[0], default="strong")
    assert kept.expansion is not None and kept.expansion.amputated == []
    s, _ = play(s, seat, f"amputate:{target}")
    voters = list(waiting(s))
    choices = {v: "weak" if i % 2 == 0 else "strong" for i, v in enumerate(voters[:4])}
    choices[voters[4]] = "abstain"
    s, _ = vote_all(s, choices)
    assert waiting(s) == [s.commander]
    assert {RS.describe(s, s.commander or "", a).label
            for a in RS.legal_actions(s, s.commander or "")} == {
        "Break the tie: amputate", "Break the tie: keep the arm"}
    s, _ = play(s, s.commander or "", "tie_break:1")
    assert s.expansion is not None and s.expansion.amputated == [target]


@pytest.mark.rule("DMX-3")
def test_an_amputated_player_keeps_the_token_after_revealing() -> None:
    s = xready()
    infected = seats_from(s, s.active)[-1]
    assert s.expansion is not None
    s.expansion.amputated.append(infected)
    assert die_limit(s, infected) == 3
    s.players[infected].quarantined = True
    assert die_limit(s, infected) == 1
    s.players[infected].quarantined = False
    s, _ = drive(turn(s, infected), lambda x: x.players[infected].revealed
                 and not any(f.kind == "reveal" for f in x.stack), prefer("reveal", "answer:0"))
    assert die_limit(s, infected) == 1 and s.expansion is not None
    assert infected in s.expansion.amputated


# ------------------------------------------------------------------ DMX-4 clearance
@pytest.mark.rule("DMX-4")
@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_the_clearance_board_size_follows_the_player_count(n: int) -> None:
    s = xready(n, 2)
    seat = s.active
    assert evacuation.board_size(s) == BOARD[n]
    order = seats_from(s, seat)
    assert s.expansion is not None
    s.expansion.cleared = order[:BOARD[n] - 1]
    offered = {k for k in keys(s, seat) if k.startswith("clearance:")}
    assert offered == {f"clearance:{x}" for x in s.seats}  # one more fits
    s.expansion.cleared = order[:BOARD[n]]
    offered = {k for k in keys(s, seat) if k.startswith("clearance:")}
    assert offered == {f"clearance:{x}" for x in order[:BOARD[n]]}  # full: cleared only


@pytest.mark.rule("DMX-4")
def test_a_clearance_vote_clears_and_a_weak_majority_revokes() -> None:
    s = xready()
    seat = s.active
    target = others(s, seat)[0]
    s, _ = vote_all(play(s, seat, f"clearance:{target}")[0], default="strong")
    assert s.expansion is not None and s.expansion.cleared == [target]
    assert RS.view(s, None).expansion.cleared == [target]  # type: ignore[union-attr]
    s = turn(s, seat)
    s, events = vote_all(play(s, seat, f"clearance:{target}")[0], default="weak")
    assert s.expansion is not None and s.expansion.cleared == []
    assert any(e.kind == "clearance" and e.data.get("cleared") is False for e in events)


@pytest.mark.rule("DMX-4")
def test_quarantine_blocks_and_revokes_clearance_and_so_does_a_reveal() -> None:
    s = xready()
    seat = s.active
    target, infected = others(s, seat)[0], seats_from(s, seat)[-1]
    assert s.expansion is not None
    s.expansion.cleared = [target, infected]
    s, events = vote_all(play(s, seat, f"call_vote:{target}")[0], default="weak")
    assert s.players[target].quarantined and s.expansion is not None
    assert s.expansion.cleared == [infected]
    assert f"clearance:{target}" not in keys(turn(s, seat), seat)
    s, _ = play(turn(s, infected), infected, "reveal")
    assert s.expansion is not None and s.expansion.cleared == []


@pytest.mark.rule("DMX-4")
@pytest.mark.parametrize(("turns_done", "ready_after"), [(3, False), (4, True)])
def test_the_ship_refuels_during_the_first_full_round(turns_done: int,
                                                      ready_after: bool) -> None:
    s = xready()
    assert s.expansion is not None
    s.expansion.cleared = s.seats[:2]
    s.turns = turns_done
    seat = s.active
    assert "takeoff" not in keys(s, seat)
    s, events = push(turn(s, seat, "end"))
    assert s.expansion is not None and s.expansion.ready is ready_after
    assert any(e.kind == "refueled" for e in events) is ready_after
    board = RS.view(s, None).expansion
    assert board is not None and board.board == ("ready" if ready_after else "refueling")
    assert ("takeoff" in keys(turn(s, s.active), s.active)) is ready_after


@pytest.mark.rule("DMX-4")
def test_take_off_needs_a_full_board() -> None:
    s = xready()
    assert s.expansion is not None
    s.expansion.ready = True
    s.expansion.cleared = s.seats[:1]
    assert "takeoff" not in keys(s, s.active)
    s.expansion.cleared = s.seats[:2]
    assert "takeoff" in keys(s, s.active)


@pytest.mark.rule("DMX-4")
def test_launch_control_and_grounded_shuttle_block_evacuation_votes_only() -> None:
    s = xready()
    assert s.expansion is not None
    s.expansion.ready = True
    s.expansion.cleared = s.seats[:2]
    s.outposts = ["launch_control"]
    s.outpost_pile.remove("launch_control")
    offered = keys(s, s.active)
    assert not any(k.startswith(("clearance:", "takeoff")) for k in offered)
    assert any(k.startswith("amputate:") for k in offered)
    s.outposts, s.outpost_pile = [], [*s.outpost_pile, "launch_control"]
    s.current_event = "grounded_shuttle"
    assert not any(k.startswith(("clearance:", "takeoff")) for k in keys(s, s.active))
    s.outposts = ["research_lab"]
    s.current_event = "security_audit"
    assert not any(k.startswith(("clearance:", "takeoff", "amputate:", "call_vote:"))
                   for k in keys(s, s.active))


def _evacuate_task(s: GameState, choose: Callable[..., str] | None = None
                   ) -> tuple[GameState, list[Event]]:
    """Play an EVACUATE outpost malfunction for the active player, everyone OUT, until
    the task is over or a forced vote waits."""
    s, _ = start_task(turn(s, s.active, "end"), evacuate_card(s))

    def over(x: GameState) -> bool:
        return isinstance(top(x), EvacuationCallFrame | VoteOrderFrame | TargetFrame) \
            or not any(isinstance(f, TaskFrame) for f in x.stack)
    return drive(s, over, choose or prefer("corp_", "out:", "damage:"))


@pytest.mark.rule("DMX-4")
@pytest.mark.parametrize(("cube", "forced"), [(1, False), (2, True)])
def test_an_evacuate_task_moves_the_cube_and_its_last_space_forces_a_vote(
        cube: int, forced: bool) -> None:
    s = xready()
    assert s.expansion is not None
    s.expansion.cube = cube
    s.outposts = ["research_lab"]  # forced votes ignore it
    s.outpost_pile.remove("research_lab")
    seat = s.active
    s, events = _evacuate_task(s)
    assert any(e.kind == "evacuation" for e in events)
    assert s.expansion is not None
    if not forced:
        assert s.expansion.cube == cube + 1 and not isinstance(top(s), EvacuationCallFrame)
        return
    assert s.expansion.cube == 0 and isinstance(top(s), EvacuationCallFrame)
    assert waiting(s) == [seat]
    assert set(keys(s, seat)) == {f"clearance:{x}" for x in s.seats}
    assert "clearance" in RS.pending(s)[0].text
    s, _ = play(s, seat, f"clearance:{seat}")
    assert isinstance(top(s), VoteFrame) and top(s).forced and top(s).topic == "clearance"


@pytest.mark.rule("DMX-4")
def test_a_forced_evacuation_vote_with_nobody_to_vote_on_is_skipped() -> None:
    s = xready()
    assert s.expansion is not None
    for seat in s.seats:
        s.players[seat].quarantined = True
    s, events = push(s, EvacuationCallFrame(seat=s.active))
    assert not any(isinstance(f, EvacuationCallFrame) for f in s.stack)
    assert any("skipped" in e.text for e in events)


@pytest.mark.rule("DMX-4")
@pytest.mark.parametrize("first", ["quarantine", "evacuation"])
def test_the_active_player_orders_a_forced_quarantine_and_evacuation_vote(first: str) -> None:
    s = xready()
    assert s.expansion is not None
    s.expansion.cube = 2
    s.suspicion = C.board.suspicion_spaces - 2
    seat = s.active
    s.current_event = "night_shift"  # every task is suspicious
    s, _ = _evacuate_task(s)
    assert isinstance(top(s), VoteOrderFrame) and waiting(s) == [seat]
    assert keys(s, seat) == ["vote_order:quarantine", "vote_order:evacuation"]
    s, _ = play(s, seat, f"vote_order:{first}")
    if first == "quarantine":
        assert isinstance(top(s), TargetFrame) and top(s).purpose == "forced_vote"
        assert isinstance(s.stack[-2], EvacuationCallFrame)
    else:
        assert isinstance(top(s), EvacuationCallFrame)
        assert isinstance(s.stack[-2], TargetFrame)


@pytest.mark.rule("DMX-4")
def test_a_suspicion_vote_alone_needs_no_ordering() -> None:
    s = xready()
    s.suspicion = C.board.suspicion_spaces - 2
    seat = s.active
    s, _ = start_task(turn(s, seat, "end"), plain_card(s, suspicious=True))
    s, _ = drive(s, lambda x: isinstance(top(x), TargetFrame | VoteOrderFrame),
                 prefer("corp_", "out:", "damage:"))
    assert isinstance(top(s), TargetFrame) and waiting(s) == [seat]
    assert not any(isinstance(f, VoteOrderFrame) for f in s.stack)


def plain_card(s: GameState, *, suspicious: bool = False) -> str:
    """An outpost malfunction of the state's deck without EVACUATE."""
    deck = X.silver if s.task_deck_name == "silver" else X.black
    tasks = C.silver_tasks if s.task_deck_name == "silver" else C.black_tasks
    return next(t.id for t in tasks if t.kind == "malfunction" and t.system == "outpost"
                and t.suspicious == suspicious and t.id not in deck.evacuate)


STOWAWAY = "infected_stowaway"


def _stowaway(s: GameState, seat: str, *others: str) -> None:
    """`seat` and `others` are the infected players, `seat` with the Stowaway card (its
    power moves the suspicion cube), and the cube is one space short of the end."""
    only_infected(s, seat, *others)
    s.players[seat].status = STOWAWAY
    s.suspicion = C.board.suspicion_spaces - 2


def _stowaway_obeys(s: GameState) -> tuple[GameState, list[str], list[Event]]:
    """The active player orders the Stowaway, who reveals as the first ordered action
    (no second use), discards down to 2 dice and sabotages; the active player's task
    draw is next."""
    order = seats_from(s, s.active)
    active, stowaway = order[0], order[2]
    _stowaway(s, stowaway, order[-1])  # a second infected keeps the track in play
    events: list[Event] = []
    for seat, key in ((active, f"order:{stowaway}"), (stowaway, "order_answer:actions")):
        s, evs = play(s, seat, key)
        events += evs
    rig(s, die("strong", -1))  # no second use of the power
    for key in ("reveal", "discard:S+W", "sabotage:shield"):
        s, evs = play(s, stowaway, key)
        events += evs
    return s, order, events


@pytest.mark.rule("DM-SUSP-1")
@pytest.mark.rule("DM-REVEAL-1")
def test_a_reveal_on_an_order_leaves_the_forced_vote_to_the_active_player() -> None:
    s, order, events = _stowaway_obeys(xready())
    active, stowaway = order[0], order[2]
    last = C.board.suspicion_spaces - 1
    said = [e.text for e in events if e.public]
    assert f"The suspicion cube moves to {last}/{last}." in said
    assert ("Suspicion peaks: before the turn ends, <@" + active + "> names a player for a "
            "quarantine vote.") in said
    # nobody was asked to name anyone during the order; the cube waits on its last space
    assert not any(e.kind == "vote_called" for e in events)
    assert s.suspicion == last and not any(isinstance(f, TargetFrame) for f in s.stack)
    task = top(s)
    assert isinstance(task, TaskFrame) and task.seat == active and waiting(s) == [active]
    # the active player's task (no EVACUATE, not suspicious), then step 9's vote
    s = edit(s)
    s.stack.pop()
    s, _ = start_task(s, plain_card(s))
    s, evs = drive(s, lambda x: isinstance(top(x), TargetFrame | VoteOrderFrame),
                   prefer("corp_", "out:", "damage:"))
    frame = top(s)
    assert isinstance(frame, TargetFrame) and frame.purpose == "forced_vote"
    assert frame.seat == active and waiting(s) == [active] and s.suspicion == 0
    prompt = RS.pending(s)[0]
    assert prompt.seat == active and "quarantine vote" in prompt.text
    assert f"name:{stowaway}" not in keys(s, active)  # revealed: no vote on them
    assert not any(e.kind == "suspicion" for e in evs)  # a plain task moves nothing
    s, evs = play(s, active, f"name:{order[3]}")
    assert [e.text for e in evs if e.kind == "vote_called"] == [
        f"<@{active}> calls a vote to quarantine <@{order[3]}>. Everyone votes in secret: "
        "strong die = uninfected, weak die = infected, or abstain."]
    vote = top(s)
    assert isinstance(vote, VoteFrame) and vote.forced and vote.caller == active
    assert vote.target == order[3]


@pytest.mark.rule("DMX-4")
@pytest.mark.parametrize("first", ["quarantine", "evacuation"])
def test_a_vote_forced_during_an_order_still_lets_the_active_player_order_the_votes(
        first: str) -> None:
    s = xready()
    assert s.expansion is not None
    s.expansion.cube = 2
    s, order, _ = _stowaway_obeys(s)
    active = order[0]
    s = edit(s)
    s.stack.pop()  # the task drawn: play an EVACUATE card instead
    s, _ = start_task(s, evacuate_card(s))
    s, _ = drive(s, lambda x: isinstance(top(x), TargetFrame | VoteOrderFrame),
                 prefer("corp_", "out:", "damage:"))
    assert isinstance(top(s), VoteOrderFrame) and waiting(s) == [active]
    assert keys(s, active) == ["vote_order:quarantine", "vote_order:evacuation"]
    s, _ = play(s, active, f"vote_order:{first}")
    if first == "evacuation":
        assert isinstance(top(s), EvacuationCallFrame) and waiting(s) == [active]
        s, _ = play(s, active, f"clearance:{active}")
        s, _ = vote_all(s, default="strong")
    frame = top(s)
    assert isinstance(frame, TargetFrame) and frame.purpose == "forced_vote"
    assert frame.seat == active and waiting(s) == [active]


@pytest.mark.rule("DM-SUSP-1")
@pytest.mark.rule("DM-REVEAL-1")
def test_a_reveal_that_ends_the_turn_still_holds_the_forced_vote_before_it_passes() -> None:
    s = xready()
    order = seats_from(s, s.active)
    stowaway = order[0]
    _stowaway(s, stowaway, order[2])  # a second infected keeps the track in play
    rig(s, die("strong", -1))
    s, _ = play(s, stowaway, "reveal")
    s, _ = play(s, stowaway, "discard:S+W")
    frame = top(s)
    assert isinstance(frame, TargetFrame) and frame.purpose == "forced_vote"
    assert frame.seat == stowaway and waiting(s) == [stowaway] and s.active == stowaway
    assert not any(isinstance(f, TaskFrame) for f in s.stack)  # a reveal draws no task
    s, _ = play(s, stowaway, f"name:{order[1]}")
    s, _ = vote_all(s, default="strong")
    assert s.active == order[1] and s.suspicion == 0


@pytest.mark.rule("DM-SUSP-1")
def test_the_last_infected_revealing_removes_the_track_and_its_pending_vote() -> None:
    s = xready()
    order = seats_from(s, s.active)
    _stowaway(s, order[0])
    rig(s, die("strong", -1))
    s, _ = play(s, order[0], "reveal")
    s, _ = play(s, order[0], "discard:S+W")
    assert s.suspicion_removed and s.active == order[1]
    assert not any(isinstance(f, TargetFrame) for f in s.stack)


# ------------------------------------------------------------------ failure card
def _final(s: GameState) -> GameState:
    s, _ = run_with(s, start_final)
    return s


@pytest.mark.rule("DMX-4")
def test_the_final_event_adds_the_failure_card_of_the_deck_in_use() -> None:
    for n in (4, 5):
        s = _final(xready(n))
        assert s.expansion is not None
        deck = X.silver if s.task_deck_name == "silver" else X.black
        assert s.task_deck.count(deck.failure.id) == 1
        assert RS.view(s, None).task_deck == len(s.task_deck)
    core = _final(ready(5, 1))
    assert not {X.silver.failure.id, X.black.failure.id} & set(core.task_deck)
    gone = xready()
    assert gone.expansion is not None
    gone.expansion.evacuation = False
    assert X.silver.failure.id not in _final(gone).task_deck


@pytest.mark.rule("DMX-4")
def test_drawing_the_failure_card_ends_evacuation_at_once() -> None:
    s = _final(xready())
    x = s.expansion
    assert x is not None
    x.cleared = s.seats[:2]
    x.cube = 2
    s.task_deck.remove(x.failure_card)
    s.task_deck.insert(1, x.failure_card)
    seat = s.active
    s, events = push(turn(s, seat, "end"), TaskFrame(seat=seat))
    assert s.expansion is not None and not s.expansion.evacuation
    assert s.expansion.cleared == [] and s.expansion.cube == 0
    assert s.expansion.failure_drawn_by == seat
    shown = [e for e in events if e.kind == "evacuation_failure"]
    assert shown and shown[0].public
    task = top(s)
    assert isinstance(task, TaskFrame) and len(task.drawn) == 2
    assert x.failure_card not in task.drawn + s.task_deck
    board = RS.view(s, None).expansion
    assert board is not None and board.board == "gone"
    s.expansion.ready = True
    offered = keys(turn(s, seat), seat)
    assert not any(k.startswith(("clearance:", "takeoff")) for k in offered)
    assert not evacuation.evacuate_card(s, evacuate_card(s))
    lines = RS.recap(_ended(s))
    assert any("called off" in line for line in lines)


@pytest.mark.rule("DMX-4")
def test_interference_can_draw_the_failure_card_too() -> None:
    s = _final(xready())
    x = s.expansion
    assert x is not None
    infected = seats_from(s, s.active)[-1]
    s.players[infected].revealed = True
    s.task_deck.remove(x.failure_card)
    s.task_deck.insert(0, x.failure_card)
    s, _ = play(turn(s, infected), infected, "interference")
    assert s.expansion is not None and s.expansion.failure_drawn_by == infected
    assert len(top(s).cards) == 3


# ------------------------------------------------------------------ DMX-5 take-off
def _ended(s: GameState) -> GameState:
    s = edit(s)
    s.result = s.result or "infected"
    s.result_reason = s.result_reason or "test"
    return s


def _take_off(aboard_infected: bool) -> tuple[GameState, list[Event]]:
    s = xready()
    x = s.expansion
    assert x is not None
    x.ready = True
    infected = seats_from(s, s.active)[-1]
    x.cleared = [s.seats[0] if s.seats[0] != infected else s.seats[1]]
    x.cleared.append(infected if aboard_infected else
                     next(t for t in s.seats if t not in x.cleared and t != infected))
    s, _ = play(s, s.active, "takeoff")
    assert isinstance(top(s), VoteFrame) and top(s).topic == "takeoff"
    return vote_all(s, default="strong")


@pytest.mark.rule("DMX-5")
def test_take_off_with_only_uninfected_aboard_wins_for_the_crew() -> None:
    s, events = _take_off(aboard_infected=False)
    outcome = RS.outcome(s)
    assert outcome is not None and outcome.team == "uninfected"
    assert s.expansion is not None and s.expansion.aboard == s.expansion.cleared
    assert any(e.kind == "takeoff" for e in events) and RS.pending(s) == []
    assert any("took off" in line and "nobody infected" in line for line in RS.recap(s))


@pytest.mark.rule("DMX-5")
def test_take_off_with_a_single_infected_aboard_wins_for_the_infected() -> None:
    s, _ = _take_off(aboard_infected=True)
    outcome = RS.outcome(s)
    assert outcome is not None and outcome.team == "infected"
    assert "infected" in outcome.reason and any("infected aboard" in line
                                                for line in RS.recap(s))


@pytest.mark.rule("DMX-5")
def test_a_failed_take_off_vote_keeps_the_ship_on_the_pad() -> None:
    s = xready()
    x = s.expansion
    assert x is not None
    x.ready = True
    x.cleared = s.seats[:2]
    s, _ = vote_all(play(s, s.active, "takeoff")[0], default="weak")
    assert s.result is None and s.expansion is not None and s.expansion.aboard == []
    assert any("never left" in line for line in RS.recap(_ended(s)))


# ------------------------------------------------------------------ words
def test_every_expansion_choice_and_prompt_reads_well() -> None:
    s = xready()
    x = s.expansion
    assert x is not None
    x.ready = True
    x.cleared = s.seats[:2]
    seat = s.active
    target = others(s, seat)[2]
    cases: list[tuple[GameState, str]] = [(s, seat)]
    cases.append((play(s, seat, f"amputate:{target}")[0], target))
    cases.append((play(s, seat, "takeoff")[0], target))
    cases.append((_to_corporation(xready())[0], xready().active))
    cases.append((push(s, VoteOrderFrame(seat=seat))[0], seat))
    cases.append((push(s, EvacuationCallFrame(seat=seat))[0], seat))
    for state, who in cases:
        prompt = RS.pending(state)[0]
        assert prompt.text and prompt.text != "Your decision.", prompt
        for action in RS.legal_actions(state, who):
            choice = RS.describe(state, who, action)
            assert choice.label and len(choice.label) <= 72 and "_" not in choice.label
            assert choice.detail, action.key


# ------------------------------------------------------------------ core rulings
@pytest.mark.rule("DM-ACT-4")
def test_a_revealed_infected_player_cannot_be_ordered() -> None:
    s = ready(4, 2)
    seat = s.active
    target = others(s, seat)[1]
    s.players[target].revealed = s.players[target].infected = True
    offered = keys(s, seat)
    assert f"order:{target}" not in offered
    assert all(f"order:{x}" in offered for x in others(s, seat) if x != target)


@pytest.mark.rule("DM-SHIELD-1")
def test_with_no_die_in_hand_or_pool_the_next_player_rolls_for_the_shield() -> None:
    s = ready(4, 2)
    seat = s.active
    lender = seats_from(s, seat)[2]
    for x in s.seats:
        set_dice(s, x, 0, 0)
    make_commander(s, seats_from(s, seat)[1], holding=False)
    s.available.strong = s.available.weak = s.available.commander = 0
    s.players[lender].held.strong, s.players[lender].held.weak = 1, 1
    s.spent.strong = 2 * 4 - 1
    s.spent.weak = 2 * 4 - 1
    s.spent.commander = 1
    rig(s, (6, 0))
    s, events = push(s, ShieldTestFrame(seat=seat))
    assert any(e.kind == "shield_lender" and e.data["seat"] == lender for e in events)
    assert any(e.kind == "shield_test" for e in events)
    assert s.players[lender].held.strong == 1 and s.players[lender].held.weak == 1
    nobody = ready(4, 2)
    for x in nobody.seats:
        set_dice(nobody, x, 0, 0)
    nobody.players[nobody.commander or ""].held.commander = 0
    nobody.commander_die = "spent"
    nobody.spent.strong, nobody.spent.weak = nobody.available.strong, nobody.available.weak
    nobody.spent.commander = 1
    nobody.available.strong = nobody.available.weak = 0
    nobody, events = push(nobody, ShieldTestFrame(seat=nobody.active))
    assert any("it passes" in e.text for e in events)


@pytest.mark.rule("DM-TURN-1")
def test_the_commander_die_is_only_retrieved_at_the_start_of_a_turn() -> None:
    s = ready(4, 2)
    seat = s.active
    make_commander(s, seat, holding=False)
    set_dice(s, seat, 1, 0)
    s, _ = start_task(turn(s, seat, "end"), next(
        t.id for t in C.black_tasks if t.kind == "malfunction" and t.system == "outpost"))
    assert waiting(s) == [seat]
    assert all(not k.startswith("retrieve") and "C" not in k for k in keys(s, seat))
    retrieving = turn(s, seat, "retrieve")
    retrieving, _ = push(retrieving)
    assert any(k.endswith(",1,0") for k in keys(retrieving, seat))  # the commander die
    ordered, _ = push(turn(s, seats_from(s, seat)[1]),
                      RetrieveFrame(seat=seat, count=2, purpose="order"))
    assert keys(ordered, seat) and all(k.endswith(",0,0") for k in keys(ordered, seat))


@pytest.mark.rule("DM-INF-1")
def test_only_strong_and_weak_dice_clear_a_sabotage() -> None:
    s = ready(4, 2)
    seat = s.active
    make_commander(s, seat)
    set_dice(s, seat, 1, 2, commander=True)
    s.shield = 3
    s.sabotage = "shield"
    rig(s, (6, 0), (6, 0))
    s, _ = play(s, seat, "repair:shield")
    s, _ = play(s, seat, keys(s, seat)[0])  # roll
    s, _ = play(s, seat, keys(s, seat)[0])  # submit
    discard = [k for k in keys(s, seat) if k.startswith("discard:")]
    assert discard and all("C" not in k for k in discard)


@pytest.mark.rule("DM-EVENT-2")
def test_the_unkept_event_goes_to_the_bottom_of_the_event_deck() -> None:
    s = ready(4, 2)
    pick = s.event_deck[:2]
    s.event_deck = s.event_deck[2:]
    s, _ = push(s, EventPickFrame(chooser=s.commander or "", drawn=pick))
    s, _ = play(s, s.commander or "", f"keep_event:{pick[0]}")
    assert s.current_event == pick[0] and s.event_deck[-1] == pick[1]


def test_turns_still_pass_normally_with_the_expansion() -> None:
    s = xready()
    first = s.active
    s, _ = push(turn(s, first, "end"))
    assert isinstance(s.stack[0], TurnFrame) and s.active != first
