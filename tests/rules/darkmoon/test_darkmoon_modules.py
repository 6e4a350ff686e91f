"""The Shadow Corporation's optional modules: Threats (DMX-6) and the Company Man
(DMX-7), from crafted states: dealing after refueling, each requirement as the active
player and not through an order, tokens and wild tokens, the penalty only at a
final-event ending, the Company Man's two wins and his losses, and what stays secret."""

from __future__ import annotations

import json

import pytest
from darkmoon_helpers import (
    RS,
    C,
    advance,
    die,
    keys,
    malfunction,
    play,
    push,
    rig,
    run_with,
    set_dice,
    start_task,
    table,
    top,
    turn,
    vote_all,
    waiting,
)
from pydantic import ValidationError

from rules.core.contract import Event
from rules.darkmoon import evacuation, threats
from rules.darkmoon.effects import add_cube
from rules.darkmoon.state import (
    DamageFrame,
    GameState,
    Options,
    RollFrame,
    TaskFrame,
    ThreatClaimFrame,
    ThreatsState,
)
from rules.darkmoon.table import who

CM = C.modules.company_man
LAST_STAND = next(e for e in C.final_events if e.id == "last_stand")


def _threats(s: GameState) -> ThreatsState:
    assert s.expansion is not None and s.expansion.threats is not None
    return s.expansion.threats


def _dealt(s: GameState, cards: dict[str, str]) -> ThreatsState:
    """Threat cards are out (in place): `cards` by seat, the others' cards Exposure."""
    t = _threats(s)
    t.dealt = True
    t.cards = {x: cards.get(x, "exposure") for x in s.seats}
    return t


def _claims(s: GameState) -> list[ThreatClaimFrame]:
    return [f for f in s.stack if isinstance(f, ThreatClaimFrame)]


def _tx(n: int = 4, **options: object) -> tuple[GameState, list[str]]:
    opts = {"expansion": True, "threats": True, **options}
    return table(n, **opts)  # type: ignore[arg-type]


# ------------------------------------------------------------------ options
@pytest.mark.rule("DMX-6")
@pytest.mark.rule("DMX-7")
@pytest.mark.parametrize("module", ["threats", "company_man"])
def test_modules_need_the_expansion(module: str) -> None:
    with pytest.raises(ValidationError, match="the Shadow Corporation expansion"):
        Options(**{module: True})
    opts = Options(expansion=True, **{module: True})
    s = RS.new_game([f"p{i}" for i in range(4)], 1, opts)
    assert module in RS.view(s, None).rules_on
    assert (s.expansion is not None and s.expansion.threats is not None) == (module == "threats")


# ------------------------------------------------------------------ dealing
@pytest.mark.rule("DMX-6")
@pytest.mark.parametrize(("turns_done", "dealt"), [(2, False), (3, True)])
def test_threat_cards_are_dealt_when_refueling_is_over(turns_done: int, dealt: bool) -> None:
    s, order = _tx(4)
    s.turns = turns_done
    for x in s.seats:
        me = RS.view(s, x).me
        assert me is not None and me.threat is None
    s, events = push(turn(s, order[0], "end"))
    t = _threats(s)
    assert t.dealt is dealt and len(t.cards) == (4 if dealt else 0)
    told = [e for e in events if e.kind == "threat_dealt"]
    assert len(told) == (4 if dealt else 0)
    for e in told:
        assert e.to is not None and len(e.to) == 1
        assert e.data["card"] == t.cards[e.to[0]]
        me = RS.view(s, e.to[0]).me
        assert me is not None and me.threat is not None and me.threat.id == e.data["card"]
        assert not me.threat.fulfilled
    for e in events:
        if e.to is None:
            assert "card" not in e.data
    if dealt:  # the deck holds 2 + 1 + 3 + 1 cards
        assert set(t.cards.values()) <= {x.id for x in C.modules.threats}


def test_seven_players_get_the_whole_threat_deck() -> None:
    s, order = _tx(7)
    s.turns = 6
    s, _ = push(turn(s, order[0], "end"))
    got = sorted(_threats(s).cards.values())
    assert got == sorted(x.id for x in C.modules.threats for _ in range(x.copies))


# ------------------------------------------------------------------ Isolate Specimen
def _vote_weak(s: GameState, caller: str, target: str, key: str,
               caller_vote: str = "weak") -> tuple[GameState, list[Event]]:
    s, _ = play(s, caller, f"{key}:{target}")
    return vote_all(s, {caller: caller_vote}, default="strong")


@pytest.mark.rule("DMX-6")
@pytest.mark.parametrize(("key", "requirement"), [("call_vote", "isolate_specimen"),
                                                  ("amputate", "retrieve_sample")])
@pytest.mark.parametrize("vote", ["weak", "strong"])
def test_a_vote_called_by_the_active_player_fulfils_with_a_weak_die(
        key: str, requirement: str, vote: str) -> None:
    s, order = _tx(4)
    _dealt(s, {order[0]: requirement})
    for x in order:
        set_dice(s, x, 2, 2)
    s, events = _vote_weak(s, order[0], order[2], key, vote)
    claims = _claims(s)
    if vote == "strong":
        assert not claims
        return
    assert [c.requirement for c in claims] == [requirement]
    while not (waiting(s) == [order[0]] and isinstance(top(s), ThreatClaimFrame)):
        s, _ = play(s, waiting(s)[0], keys(s, waiting(s)[0])[0])
    assert keys(s, order[0]) == ["threat_claim:1", "threat_claim:0"]  # own card first
    s, events = play(s, order[0], "threat_claim:1")
    t = _threats(s)
    assert t.claimed == {order[0]: requirement} and t.tokens == {order[0]: requirement}
    public = RS.view(s, None).threats
    assert public is not None and public.claimed == {order[0]: requirement}
    me = RS.view(s, order[0]).me
    assert me is not None and me.threat is not None and me.threat.fulfilled
    assert any(e.kind == "threat_claimed" and e.to is None for e in events)


@pytest.mark.rule("DMX-6")
def test_before_the_cards_are_dealt_nothing_is_fulfilled() -> None:
    s, order = _tx(4)
    for x in order:
        set_dice(s, x, 2, 2)
    s, _ = _vote_weak(s, order[0], order[2], "call_vote")
    assert not _claims(s)


@pytest.mark.rule("DMX-6")
def test_a_release_vote_or_a_vote_on_oneself_fulfils_nothing() -> None:
    s, order = _tx(4)
    _dealt(s, {order[0]: "isolate_specimen"})
    for x in order:
        set_dice(s, x, 2, 2)
    s.players[order[2]].quarantined = True
    set_dice(s, order[2], 1, 1)
    s, _ = _vote_weak(s, order[0], order[2], "call_vote")
    assert not _claims(s)
    s, order = _tx(4)
    _dealt(s, {order[0]: "isolate_specimen"})
    s, _ = _vote_weak(s, order[0], order[0], "call_vote")
    assert not _claims(s)


@pytest.mark.rule("DMX-6")
def test_a_requirement_met_on_an_order_does_not_count() -> None:
    s, order = _tx(4)
    _dealt(s, {order[2]: "isolate_specimen"})
    for x in order:
        set_dice(s, x, 2, 2)
    s, _ = play(s, order[0], f"order:{order[2]}")
    s, _ = play(s, order[2], "order_answer:actions")
    s, _ = _vote_weak(s, order[2], order[3], "call_vote")
    assert not _claims(s)


# ------------------------------------------------------------------ Act Recklessly
def _malfunction_roll(s: GameState, seat: str, submit: str) -> GameState:
    """An outpost malfunction: `seat` goes IN (rolling a strong 1 and a weak 1) and
    submits `submit`, everyone else goes OUT; then `seat` stops."""
    s, _ = start_task(s, malfunction(s, "outpost"))
    for _ in range(20):
        if isinstance(top(s), RollFrame) and top(s).seat == seat:
            break
        x = waiting(s)[0]
        options = keys(s, x)
        frame = top(s)
        if isinstance(frame, TaskFrame) and frame.cursor == len(frame.order) - 1:
            rig(s, die("strong", 1), die("weak", 1))  # the rolls follow this answer
        s, _ = play(s, x, "in" if x == seat and "in" in options else
                    "out:0,0" if "out:0,0" in options else options[0])
    s, _ = play(s, seat, submit)
    if waiting(s) == [seat] and "stop" in keys(s, seat):
        s, _ = play(s, seat, "stop")
    return s


@pytest.mark.rule("DMX-6")
@pytest.mark.parametrize(("submit", "met"), [("submit:S1+W1", True), ("submit:S1", False)])
def test_act_recklessly_needs_every_die_submitted_by_the_active_player(
        submit: str, met: bool) -> None:
    s, order = _tx(4)
    _dealt(s, {order[0]: "act_recklessly"})
    set_dice(s, order[0], 1, 1)
    s = _malfunction_roll(s, order[0], submit)
    assert [c.requirement for c in _claims(s)] == (["act_recklessly"] if met else [])


@pytest.mark.rule("DMX-6")
def test_act_recklessly_by_another_participant_does_not_count() -> None:
    s, order = _tx(4)
    _dealt(s, {order[2]: "act_recklessly"})
    set_dice(s, order[2], 1, 1)
    s = _malfunction_roll(s, order[2], "submit:S1+W1")
    assert not _claims(s)


# ------------------------------------------------------------------ Exposure
@pytest.mark.rule("DMX-6")
def test_exposure_shows_the_status_card_to_one_player_only() -> None:
    s, order = _tx(4)
    seat, target = order[0], order[2]
    _dealt(s, {seat: "exposure"})
    assert f"show_status:{target}" in keys(s, seat)
    s, events = play(s, seat, f"show_status:{target}")
    status = s.players[seat].status
    private = [e for e in events if e.kind == "status_seen"]
    assert [e.to for e in private] == [(target,)] and private[0].data["status"] == status
    for e in events:
        if e.to is None:
            assert status not in e.text + json.dumps(e.data)
    seen = RS.view(s, target).me
    assert seen is not None and seen.statuses_seen == {seat: "Uninfected"}
    for x in (order[1], order[3]):
        other = RS.view(s, x).me
        assert other is not None and other.statuses_seen == {}
    assert [c.requirement for c in _claims(s)] == ["exposure"]
    s, _ = play(s, seat, "threat_claim:1")
    # not the turn's action: the action is still to choose, and showing is done
    assert waiting(s) == [seat] and not any(k.startswith("show_status") for k in keys(s, seat))


@pytest.mark.rule("DMX-6")
def test_with_no_action_available_exposure_is_offered_but_never_forced() -> None:
    """Research Lab and Communications hold tokens (no vote, no order), the player is in
    quarantine (no repair, no lone wolf): their only move used to be showing their card."""
    s, order = _tx(4)
    seat = order[0]
    _dealt(s, {seat: "exposure"})
    s.outposts = [*s.outposts, "research_lab", "communications"]
    s.players[seat].quarantined = True
    assert keys(s, seat)[0] == "no_action"
    assert set(keys(s, seat)[1:]) == {f"show_status:{x}" for x in order[1:]}
    assert RS.default_action(s, seat) is not None
    assert RS.default_action(s, seat).key == "no_action"  # the timer shows nothing
    shown, _ = play(s, seat, f"show_status:{order[1]}")
    assert [c.requirement for c in _claims(shown)] == ["exposure"]
    s, events = play(s, seat, "no_action")
    assert next(e.text for e in events if e.to is None) == f"{who(seat)} has no action available."
    assert not any(e.kind.startswith("status_") for e in events)
    assert not _claims(s) and seat not in _threats(s).shown
    assert not any(k.startswith("show_status") or k == "no_action" for k in keys(s, seat))
    # with an action to take, nothing extra is offered
    s2, order2 = _tx(4)
    _dealt(s2, {})
    assert "no_action" not in keys(s2, order2[0])


@pytest.mark.rule("DMX-6")
def test_exposure_is_only_offered_on_ones_own_turn_after_dealing() -> None:
    s, order = _tx(4)
    assert not any(k.startswith("show_status") for k in keys(s, order[0]))
    _dealt(s, {})
    s, _ = play(s, order[0], f"order:{order[2]}")
    s, _ = play(s, order[2], "order_answer:actions")
    assert not any(k.startswith("show_status") for k in keys(s, order[2]))


# ------------------------------------------------------------------ tokens
@pytest.mark.rule("DMX-6")
def test_a_second_claim_of_a_single_token_takes_a_wild_token() -> None:
    s, order = _tx(4)
    t = _dealt(s, {order[0]: "exposure", order[1]: "exposure"})
    s, _ = run_with(s, lambda ctx: threats.fulfilled(ctx, order[0], "exposure"))
    s, _ = play(s, order[0], "threat_claim:1")
    s = turn(s, order[1])
    s, _ = run_with(s, lambda ctx: threats.fulfilled(ctx, order[1], "exposure"))
    s, events = play(s, order[1], "threat_claim:1")
    t = _threats(s)
    assert t.tokens == {order[0]: "exposure", order[1]: "wild"}
    assert t.wild == C.modules.wild_tokens - 1 and t.stock["exposure"] == 0
    assert any("wild" in e.text for e in events if e.to is None)
    # once a token is taken, nothing more is asked of that player
    s2, _ = run_with(turn(s, order[1]), lambda ctx: threats.fulfilled(ctx, order[1],
                                                                      "exposure"))
    assert not _claims(s2)


@pytest.mark.rule("DMX-6")
def test_with_no_wild_token_left_the_claim_counts_without_a_token() -> None:
    s, order = _tx(4)
    t = _dealt(s, {order[0]: "exposure"})
    t.stock["exposure"] = 0
    t.wild = 0
    s, _ = run_with(s, lambda ctx: threats.fulfilled(ctx, order[0], "exposure"))
    s, _ = play(s, order[0], "threat_claim:1")
    assert _threats(s).tokens == {order[0]: ""} and _threats(s).claimed == {order[0]:
                                                                             "exposure"}


@pytest.mark.rule("DMX-6")
def test_declining_a_claim_leaves_the_card_open() -> None:
    s, order = _tx(4)
    _dealt(s, {order[0]: "isolate_specimen"})
    s, _ = run_with(s, lambda ctx: threats.fulfilled(ctx, order[0], "exposure"))
    assert keys(s, order[0]) == ["threat_claim:0", "threat_claim:1"]  # not my card: no first
    s, events = play(s, order[0], "threat_claim:0")
    assert _threats(s).claimed == {} and any(e.kind == "threat_skipped" for e in events)


# ------------------------------------------------------------------ the ending
def _final(s: GameState) -> GameState:
    s.events_done = ["dust_storm", "rumour_mill", "security_audit"]
    s.current_event = None
    s.final_started = True
    s.final_event = LAST_STAND.id
    s.final_cubes = LAST_STAND.cubes - 1
    s, _ = run_with(s, add_cube)
    return s


@pytest.mark.rule("DMX-6")
@pytest.mark.parametrize(("claimed", "team"), [("isolate_specimen", "uninfected"),
                                               ("exposure", "infected"), (None, "infected")])
def test_the_penalty_falls_at_a_final_event_ending(claimed: str | None, team: str) -> None:
    s, order = _tx(4)
    t = _dealt(s, {x: "isolate_specimen" for x in s.seats})
    for x in order[:-1]:
        t.claimed[x] = "isolate_specimen"
    if claimed is not None:
        t.claimed[order[1]] = claimed
    else:
        del t.claimed[order[1]]
    s = _final(s)
    assert s.result == team
    if team == "infected":
        assert who(order[1]) in s.result_reason and "company" in s.result_reason
        assert any("penalty" in line for line in RS.recap(s))


@pytest.mark.rule("DMX-6")
def test_infected_players_are_never_penalised() -> None:
    s, order = _tx(4)
    t = _dealt(s, {x: "isolate_specimen" for x in s.seats})
    for x in order[:-1]:
        t.claimed[x] = "isolate_specimen"
    # order[-1] is infected and fulfilled nothing
    assert _final(s).result == "uninfected"


@pytest.mark.rule("DMX-6")
def test_no_penalty_when_the_ship_takes_off() -> None:
    s, order = _tx(4)
    _dealt(s, {})  # nobody fulfilled anything
    x = s.expansion
    assert x is not None
    x.cleared = [order[0], order[1]]
    s, _ = run_with(s, evacuation.take_off)
    assert s.result == "uninfected"


@pytest.mark.rule("DMX-6")
def test_no_penalty_before_the_cards_are_dealt() -> None:
    s, order = _tx(4)
    assert _final(s).result == "uninfected"


@pytest.mark.rule("DMX-6")
def test_no_penalty_on_a_six_token_ending() -> None:
    s, order = _tx(4)
    _dealt(s, {})
    s.shield = 5
    s, _ = push(s, DamageFrame(chooser=order[0], remaining=1, damage="shield", lethal=True))
    assert s.result == "infected" and "shield" in s.result_reason


# ------------------------------------------------------------------ Company Man
def _cm(n: int = 4, *, threats_on: bool = False) -> tuple[GameState, list[str]]:
    s, order = table(n, expansion=True, company_man=True, threats=threats_on)
    s.players[order[2]].status = CM
    return s, order


@pytest.mark.rule("DMX-7")
def test_the_status_deck_holds_eight_uninfected_cards_with_the_company_man() -> None:
    clean = {x.id for x in C.statuses if not x.infected} | {
        x.id for x in C.modules.company_man_statuses}
    assert len(clean) == 8 and CM in clean
    seen: set[str] = set()
    dealt = 0
    for seed in range(40):
        s = RS.new_game([f"p{i}" for i in range(7)], seed,
                        Options(expansion=True, company_man=True))
        mine = {p.status for p in s.players.values() if not p.infected}
        assert mine <= clean and len(mine) == 4
        seen |= mine
        dealt += CM in mine
        for x, p in s.players.items():
            me = RS.view(s, x).me
            assert me is not None and me.company_man == (p.status == CM)
            assert not (p.status == CM and p.infected)
    assert seen == clean and 0 < dealt < 40
    core = RS.new_game([f"p{i}" for i in range(7)], 1, Options(expansion=True))
    assert all(p.status in {x.id for x in C.statuses + C.expansion.statuses}
               for p in core.players.values())


@pytest.mark.rule("DMX-7")
@pytest.mark.parametrize("maimed", [True, False])
def test_company_man_wins_a_final_event_ending_with_an_amputated_infected(
        maimed: bool) -> None:
    s, order = _cm()
    assert s.expansion is not None
    s.expansion.amputated = [order[-1] if maimed else order[1]]
    s = _final(s)
    outcome = RS.outcome(s)
    assert outcome is not None
    if maimed:
        assert s.result == "company_man" and outcome.winners == (order[2],)
        assert outcome.team == "company_man"
        assert any("Company Man" in line and "won alone" in line for line in RS.recap(s))
    else:
        assert s.result == "uninfected" and order[2] in outcome.losers
        assert sorted(outcome.winners) == sorted(order[:2])


@pytest.mark.rule("DMX-7")
@pytest.mark.parametrize("infected_aboard", [True, False])
def test_company_man_wins_when_the_ship_leaves_with_an_infected(infected_aboard: bool) -> None:
    s, order = _cm()
    x = s.expansion
    assert x is not None
    x.cleared = [order[2], order[-1] if infected_aboard else order[0]]
    s, events = run_with(s, evacuation.take_off)
    outcome = RS.outcome(s)
    assert outcome is not None
    if infected_aboard:
        assert outcome.winners == (order[2],) and s.result == "company_man"
    else:  # aboard himself with no infected: he loses with the infected
        assert s.result == "uninfected" and order[2] in outcome.losers
        assert order[-1] in outcome.losers


@pytest.mark.rule("DMX-7")
def test_company_man_loses_a_six_token_infected_win() -> None:
    s, order = _cm()
    s.shield = 5
    s, _ = push(s, DamageFrame(chooser=order[0], remaining=1, damage="shield", lethal=True))
    outcome = RS.outcome(s)
    assert outcome is not None and outcome.team == "infected"
    assert order[2] in outcome.losers and order[-1] in outcome.winners


@pytest.mark.rule("DMX-7")
def test_the_company_man_check_comes_before_the_commander_trial() -> None:
    s, order = _cm()
    assert s.expansion is not None
    s.expansion.amputated = [order[-1]]
    protect = next(e for e in C.final_events if e.id == "protect_self_destruct_codes")
    s.events_done = ["dust_storm", "rumour_mill", "security_audit"]
    s.current_event, s.final_started = None, True
    s.final_event, s.final_cubes = protect.id, protect.cubes - 1
    s.players[order[1]].infected = True  # the commander: the trial would give the infected
    s, _ = run_with(s, add_cube)
    assert s.result == "company_man"


@pytest.mark.rule("DMX-7")
@pytest.mark.parametrize("claimed", [None, "exposure"])
def test_the_company_man_is_never_penalised_for_his_threat(claimed: str | None) -> None:
    s, order = _cm(threats_on=True)
    t = _dealt(s, {x: "isolate_specimen" for x in s.seats})
    for x in (order[0], order[1]):
        t.claimed[x] = "isolate_specimen"
    if claimed:
        t.claimed[order[2]] = claimed
    s = _final(s)
    assert s.result == "uninfected"
    # a free agent is offered any claim; an uninfected one is warned off a wrong one
    s, order = _cm(threats_on=True)
    _dealt(s, {order[2]: "isolate_specimen"})
    s = turn(s, order[2])
    s, _ = run_with(s, lambda ctx: threats.fulfilled(ctx, order[2], "exposure"))
    claim = next(a for a in RS.legal_actions(s, order[2]) if a.key == "threat_claim:1")
    assert "NOT your card" not in RS.describe(s, order[2], claim).detail


# ------------------------------------------------------------------ secrets
@pytest.mark.rule("DMX-6")
@pytest.mark.rule("DMX-7")
def test_threat_cards_and_the_company_man_stay_out_of_other_views() -> None:
    s, order = _cm(threats_on=True)
    t = _dealt(s, {order[0]: "act_recklessly", order[1]: "retrieve_sample",
                   order[2]: "isolate_specimen", order[3]: "exposure"})
    public = RS.view(s, None)
    dumped = public.model_dump_json()
    assert public.me is None and '"cards"' not in dumped
    assert public.threats is not None and public.threats.claimed == {}
    for viewer in s.seats:
        me = RS.view(s, viewer).me
        assert me is not None and me.threat is not None
        assert me.threat.id == t.cards[viewer]
        assert me.company_man == (viewer == order[2])
        seats = RS.view(s, viewer).seats
        assert all(v.status is None for v in seats)
    # the recap tells everything at the end
    s = _final(s)
    lines = RS.recap(s)
    assert any(f"Company Man: {who(order[2])}" in line for line in lines)
    assert sum(line.startswith("Threat of") for line in lines) == 4


def test_claim_and_show_choices_and_prompts_read_well() -> None:
    s, order = _tx(4)
    _dealt(s, {order[0]: "exposure"})
    show = next(a for a in RS.legal_actions(s, order[0]) if a.key.startswith("show_status"))
    assert "Only" in RS.describe(s, order[0], show).detail
    s, _ = play(s, order[0], show.key)
    prompt = RS.pending(s)[0]
    assert prompt.secret and "Exposure" in prompt.text and "card" not in prompt.text.lower()
    for action in RS.legal_actions(s, order[0]):
        choice = RS.describe(s, order[0], action)
        assert choice.label and choice.detail and len(choice.label) <= 70
    s, _ = advance(s)


@pytest.mark.rule("DMX-6")
@pytest.mark.parametrize(("held", "met"), [((1, 1), True), ((2, 2), False)])
def test_act_recklessly_needs_nothing_left_behind_the_screen(held: tuple[int, int],
                                                             met: bool) -> None:
    """Rolling every die held (a strong 1 and a weak 1 first) and submitting those two:
    with a strong and a weak die more, something is left behind the screen."""
    s, order = _tx(4)
    _dealt(s, {order[0]: "act_recklessly"})
    set_dice(s, order[0], *held)
    s = _malfunction_roll(s, order[0], "submit:S1+W1")
    assert [c.requirement for c in _claims(s)] == (["act_recklessly"] if met else [])
