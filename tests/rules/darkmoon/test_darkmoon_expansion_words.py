"""What the Shadow Corporation expansion and its modules announce and ask, from crafted
states (DMX-2..7): each event's kind, addressee, text and data as the table (or the one
seat) reads them, every vote topic's words on both sides, the take-off and the Company
Man's win told step by step, threat tokens taken, skipped, wild or none."""

from __future__ import annotations

import pytest
from darkmoon_helpers import RS, edit, keys, play, run_with, vote_all, waiting
from test_darkmoon_expansion import _to_corporation, others, xready
from test_darkmoon_modules import LAST_STAND, _cm, _dealt, _final, _tx

from rules.core.contract import Choice, Event
from rules.darkmoon import evacuation, threats
from rules.darkmoon.actions import card_name
from rules.darkmoon.cards import index
from rules.darkmoon.effects import add_cube
from rules.darkmoon.state import EvacuationCallFrame, GameState, TaskFrame, VoteOrderFrame
from rules.darkmoon.table import die_limit
from rules.darkmoon.tasks import task_card

NOISE = frozenset({"vote_cast", "vote_progress", "task_drawn"})


def told(events: list[Event], *kinds: str) -> list[tuple[str, tuple[str, ...] | None, str,
                                                        dict[str, object]]]:
    """The events of those kinds (all but the vote chatter if none named), in order."""
    return [(e.kind, e.to, e.text, e.data) for e in events
            if (e.kind in kinds if kinds else e.kind not in NOISE)]


def choices(s: GameState, seat: str, prefix: str = "") -> dict[str, Choice]:
    return {a.key: RS.describe(s, seat, a) for a in RS.legal_actions(s, seat)
            if a.key.startswith(prefix)}


# ------------------------------------------------------------------ DMX-2 corporation dice
@pytest.mark.rule("DMX-2")
def test_the_corporation_roll_is_told_to_the_roller_and_the_submit_to_all() -> None:
    s, events = _to_corporation(xready(), -2, 1)
    seat = s.active
    assert told(events, "corp_roll", "private_corp") == [
        ("corp_roll", None, f"<@{seat}> rolls 2 corporation dice behind their screen.",
         {"seat": seat}),
        ("private_corp", (seat,), "Your corporation dice: -2, +1. Submit 1; the others are "
         "never shown.", {"dice": [-2, 1]})]
    frame = s.stack[-2]
    assert isinstance(frame, TaskFrame) and frame.card
    name = task_card(s, frame.card).name
    assert RS.pending(s)[0].text == f"Task {name}: submit 1 of your 2 corporation dice; " \
        "the others stay hidden for good."
    difficulty = frame.difficulty
    assert choices(s, seat) == {
        "corp_submit:1": Choice("Submit the corporation die showing +1",
                                f"The success cube stays at 0 of {difficulty}. Everyone "
                                "sees this die; the others are never shown."),
        "corp_submit:-2": Choice("Submit the corporation die showing -2",
                                 f"The success cube moves back to -2 of {difficulty}. "
                                 "Everyone sees this die; the others are never shown.")}
    back, events = play(s, seat, "corp_submit:-2")
    assert back.success_track == -2 and back.expansion.discarded == {seat: [1]}
    assert told(events, "corp_submit") == [
        ("corp_submit", None, f"<@{seat}> submits a corporation die showing -2: the success "
         "cube moves back to -2.", {"face": -2, "track": -2})]
    stays, events = play(s, seat, "corp_submit:1")
    assert stays.success_track == 0 and stays.expansion.discarded == {seat: [-2]}
    assert told(events, "corp_submit") == [
        ("corp_submit", None, f"<@{seat}> submits a corporation die showing +1: the success "
         "cube stays at 0.", {"face": 1, "track": 0})]


@pytest.mark.rule("DMX-2")
def test_a_negative_die_moves_the_cube_back_from_where_it_stands() -> None:
    s, _ = _to_corporation(xready(), -1, 0)
    s = edit(s)
    s.success_track = 3
    seat = s.active
    assert choices(s, seat)["corp_submit:-1"].detail.startswith(
        "The success cube moves back to 2 of ")
    assert choices(s, seat)["corp_submit:0"].detail.startswith("The success cube stays at 3 of ")
    s, events = play(s, seat, "corp_submit:-1")
    assert s.success_track == 2
    assert told(events, "corp_submit")[0][3] == {"face": -1, "track": 2}


# ------------------------------------------------------------------ DMX-3..5 votes
@pytest.mark.rule("DMX-3")
def test_an_amputation_vote_in_words_both_ways() -> None:
    s = xready()
    seat, target = s.active, others(s, s.active)[2]
    limit = die_limit(s, target)
    assert choices(s, seat, f"amputate:{target}")[f"amputate:{target}"] == Choice(
        f"Call an amputation vote on <@{target}>",
        "Secret vote: weak die = amputate, strong die = keep the arm; the commander breaks a "
        f"tie. Amputated, their die limit drops by 1 for good ({limit} now), even after a "
        "reveal. Once per player.")
    s, events = play(s, seat, f"amputate:{target}")
    assert told(events, "vote_called") == [
        ("vote_called", None, f"<@{seat}> calls an amputation vote on <@{target}>. Everyone "
         "votes in secret: strong die = keep the arm, weak die = amputate, or abstain.",
         {"target": target, "topic": "amputation"})]
    voter = waiting(s)[0]
    assert RS.pending(s)[0].text == f"Amputation vote on <@{target}>: secret. Strong die = " \
        "keep the arm, weak die = amputate, or abstain."
    assert choices(s, voter) == {
        "vote:strong": Choice("Vote KEEP THE ARM (strong die)", f"Your strong die votes to "
                              f"keep <@{target}>'s arm. The die goes back behind your screen."),
        "vote:weak": Choice("Vote AMPUTATE (weak die)", f"Your weak die votes to amputate "
                            f"<@{target}>'s arm. The die goes back behind your screen."),
        "vote:abstain": Choice("Abstain", "Show an empty hand: your vote counts for neither "
                               "side.")}
    cut, events = vote_all(s, default="weak")
    shown = ", ".join(f"<@{x}>: weak" for x in s.seats)
    assert told(events, "vote_result", "amputation") == [
        ("vote_result", None, f"Votes revealed: 0 keep the arm, 5 amputate ({shown}).",
         {"votes": {x: "weak" for x in s.seats}, "strong": 0, "weak": 5}),
        ("amputation", None, f"<@{target}> loses an arm: an amputation token lowers their "
         f"die limit by 1 for good (now {limit - 1}).", {"seat": target})]
    kept, events = vote_all(s, default="strong")
    assert kept.expansion.amputated == []
    assert told(events, "vote_outcome") == [
        ("vote_outcome", None, f"<@{target}> keeps their arm.", {})]


@pytest.mark.rule("DMX-4")
def test_a_clearance_vote_in_words_granted_denied_kept_and_revoked() -> None:
    s = xready()
    seat, target = s.active, others(s, s.active)[2]
    offered = choices(s, seat, "clearance:")
    grant = ("Secret vote to grant their evacuation clearance: strong die = clear, weak die = "
             "deny. The board holds 2 clearance tokens; quarantine revokes a clearance.")
    assert offered[f"clearance:{target}"] == Choice(f"Call a clearance vote on <@{target}>",
                                                    grant)
    assert offered[f"clearance:{seat}"] == Choice(f"Call a clearance vote on <@{seat}> (you)",
                                                  grant)
    s, events = play(s, seat, f"clearance:{target}")
    assert told(events, "vote_called")[0][2:] == (
        f"<@{seat}> calls a clearance vote on <@{target}>. Everyone votes in secret: strong "
        "die = clear for evacuation, weak die = deny clearance, or abstain.",
        {"target": target, "topic": "clearance"})
    assert RS.pending(s)[0].text == f"Clearance vote on <@{target}>: secret. Strong die = " \
        "clear for evacuation, weak die = deny clearance, or abstain."
    voter = waiting(s)[0]
    assert [c.label for c in choices(s, voter).values()] == [
        "Vote CLEAR FOR EVACUATION (strong die)", "Vote DENY CLEARANCE (weak die)", "Abstain"]
    assert choices(s, voter)["vote:strong"].detail.startswith(
        f"Your strong die votes to clear <@{target}> for evacuation.")
    assert choices(s, voter)["vote:weak"].detail.startswith(
        f"Your weak die votes to deny <@{target}> clearance.")
    denied, events = vote_all(s, default="weak")
    assert told(events, "clearance") == [
        ("clearance", None, f"<@{target}> is denied clearance.", {"seat": target})]
    cleared, events = vote_all(s, default="strong")
    assert cleared.expansion.cleared == [target]
    assert told(events, "clearance") == [
        ("clearance", None, f"<@{target}> is cleared for evacuation (1/2 on the clearance "
         "board).", {"seat": target, "cleared": True})]
    # once cleared, the vote is to keep or revoke
    s = xready()
    s.expansion.cleared = [target]
    again = choices(s, seat, "clearance:")[f"clearance:{target}"]
    assert again.detail.startswith("Secret vote to keep or revoke their evacuation clearance")
    s, _ = play(s, seat, f"clearance:{target}")
    revoked, events = vote_all(s, default="weak")
    assert revoked.expansion.cleared == []
    assert told(events, "clearance") == [
        ("clearance", None, f"<@{target}> loses their clearance (the vote went against "
         "them).", {"seat": target, "cleared": False})]
    kept, events = vote_all(s, default="strong")
    assert kept.expansion.cleared == [target]
    assert told(events, "clearance") == [
        ("clearance", None, f"<@{target}> keeps their clearance.", {"seat": target})]


@pytest.mark.rule("DMX-4")
@pytest.mark.parametrize(("ready", "words"), [
    (False, "the ship is still refueling"), (True, "a take-off vote may be called")])
def test_the_last_clearance_token_fills_the_board(ready: bool, words: str) -> None:
    s = xready()
    seat, target = s.active, others(s, s.active)[2]
    s.expansion.cleared = [seat]
    s.expansion.ready = ready
    s, _ = play(s, seat, f"clearance:{target}")
    s, events = vote_all(s, default="strong")
    assert told(events, "clearance") == [
        ("clearance", None, f"<@{target}> is cleared for evacuation (2/2 on the clearance "
         "board).", {"seat": target, "cleared": True}),
        ("clearance", None, f"The clearance board is full: {words}.", {})]


def vote_a_tie(s: GameState, seat: str, key: str) -> tuple[GameState, list[Event]]:
    """`seat` calls the vote `key`; of its 5 voters, 2 vote each way and 1 abstains."""
    s, _ = play(s, seat, key)
    voters = list(waiting(s))
    votes = {v: "weak" if i % 2 == 0 else "strong" for i, v in enumerate(voters[:4])}
    votes[voters[4]] = "abstain"
    return vote_all(s, votes)


@pytest.mark.rule("DMX-4")
def test_a_tied_clearance_vote_goes_to_the_commander_in_words() -> None:
    s = xready()
    seat, target = s.active, others(s, s.active)[2]
    s, _ = vote_a_tie(s, seat, f"clearance:{target}")
    boss = s.commander or ""
    assert RS.pending(s)[0].text == f"The clearance vote on <@{target}> is tied: as " \
        "commander, you decide."
    assert sorted(c.label for c in choices(s, boss).values()) == [
        "Break the tie: clear for evacuation", "Break the tie: deny clearance"]
    assert {c.detail for c in choices(s, boss).values()} == {
        "The vote is tied: as commander you decide."}


def take_off_ready(infected_aboard: bool) -> tuple[GameState, list[str]]:
    """The board full and the ship refueled: the cleared seats (an infected among them,
    if asked)."""
    s = xready()
    x = s.expansion
    assert x is not None
    x.ready = True
    infected = next(p for p in s.seats if s.players[p].infected)
    clean = [p for p in s.seats if not s.players[p].infected]
    x.cleared = [clean[0], infected if infected_aboard else clean[1]]
    return s, list(x.cleared)


@pytest.mark.rule("DMX-5")
@pytest.mark.parametrize("infected_aboard", [False, True])
def test_the_take_off_is_told_step_by_step(infected_aboard: bool) -> None:
    s, aboard = take_off_ready(infected_aboard)
    seat = s.active
    names = ", ".join(f"<@{p}>" for p in aboard)
    assert choices(s, seat, "takeoff")["takeoff"] == Choice(
        "Call a take-off vote", "Secret vote: strong die = take off, weak die = stay. If it "
        f"passes, the game ends with {names} aboard: the crew wins if none of them is "
        "infected, the infected win if one is.")
    s, events = play(s, seat, "takeoff")
    assert told(events, "vote_called")[0][2:] == (
        f"<@{seat}> calls a take-off vote for the evacuation ship. Everyone votes in secret: "
        "strong die = take off, weak die = stay, or abstain.", {"target": "", "topic": "takeoff"})
    assert RS.pending(s)[0].text == "Take-off vote: secret. Strong die = take off, weak die " \
        "= stay, or abstain."
    voter = waiting(s)[0]
    assert [(c.label, c.detail.split(".")[0]) for c in choices(s, voter).values()] == [
        ("Vote TAKE OFF (strong die)", "Your strong die votes to take off now"),
        ("Vote STAY (weak die)", "Your weak die votes to keep the ship on the pad"),
        ("Abstain", "Show an empty hand: your vote counts for neither side")]
    stayed, events = vote_all(s, default="weak")
    assert stayed.result is None
    assert told(events, "vote_outcome") == [
        ("vote_outcome", None, "The evacuation ship stays on the pad.", {})]
    gone, events = vote_all(s, default="strong")
    statuses = [(p, gone.players[p].status) for p in aboard]
    infected = aboard[1]
    end = (f"The infected win: the evacuation ship took off with <@{infected}>, who was "
           "infected, aboard." if infected_aboard else
           "The uninfected win: the evacuation ship took off with only uninfected players "
           "aboard.")
    assert told(events, "takeoff", "status_shown", "game_over") == [
        ("takeoff", None, f"The evacuation ship takes off carrying {names}.",
         {"aboard": aboard}),
        *[("status_shown", None, f"<@{p}> shows their status card: "
           f"{card_name(st)}.",
           {"seat": p, "status": st}) for p, st in statuses],
        ("game_over", None, end, {"team": "infected" if infected_aboard else "uninfected"})]


@pytest.mark.rule("DMX-7")
def test_the_company_man_wins_the_take_off_in_words() -> None:
    s, order = _cm()
    x = s.expansion
    assert x is not None
    x.cleared = [order[2], order[-1]]
    s, events = run_with(s, evacuation.take_off)
    reason = f"the evacuation ship took off with <@{order[-1]}>, who was infected, aboard"
    assert s.result_reason == reason
    assert told(events, "game_over") == [
        ("game_over", None, f"<@{order[2]}> was the Company Man and wins alone: {reason}.",
         {"team": "company_man", "seat": order[2]})]


@pytest.mark.rule("DMX-7")
def test_the_company_man_wins_the_final_event_in_words() -> None:
    s, order = _cm()
    s.expansion.amputated = [order[-1]]
    s.events_done = ["dust_storm", "rumour_mill", "security_audit"]
    s.current_event, s.final_started = None, True
    s.final_event = LAST_STAND.id
    s.final_cubes = LAST_STAND.cubes - 1
    s, events = run_with(s, add_cube)
    reason = (f"the final event was completed while <@{order[-1]}>, an infected player, had "
              "lost an arm")
    assert s.result_reason == reason
    assert told(events, "game_over") == [
        ("game_over", None, f"<@{order[2]}> was the Company Man and wins alone: {reason}.",
         {"team": "company_man", "seat": order[2]})]


@pytest.mark.rule("DMX-5")
def test_the_evacuation_failure_card_is_shown_in_words() -> None:
    s = xready()
    s.expansion.cleared = s.seats[:2]
    s.expansion.cube = 2
    seat = s.active
    s, events = run_with(s, lambda ctx: evacuation.failure_drawn(ctx, seat))
    x = s.expansion
    assert not x.evacuation and x.cleared == [] and x.cube == 0 and x.failure_drawn_by == seat
    assert told(events) == [
        ("evacuation_failure", None, f"<@{seat}> draws Evacuation Failure and shows it: "
         "evacuation is over. The clearance and vote boards leave the game; EVACUATE marks "
         "are ignored.", {"seat": seat, "card": x.failure_card})]


def test_the_forced_vote_prompts_and_the_order_of_votes_in_words() -> None:
    s = xready()
    seat = s.active
    s, _ = run_with(s, lambda ctx: ctx.s.stack.append(VoteOrderFrame(seat=seat)))
    assert RS.pending(s)[0].text == \
        "A quarantine vote and an evacuation vote are both due: which comes first?"
    details = sorted(c.detail for c in choices(s, seat).values())
    assert details == [
        "The suspicion track's quarantine vote is held first, then you call the clearance "
        "or take-off vote.",
        "You call the clearance or take-off vote first, then the suspicion track's "
        "quarantine vote is held."]
    s = xready()
    s, _ = run_with(s, lambda ctx: ctx.s.stack.append(EvacuationCallFrame(seat=seat)))
    assert RS.pending(s)[0].text == "The evacuation cube is on its last space: call a " \
        "clearance vote or, with the ship ready, a take-off vote."


# ------------------------------------------------------------------ DMX-6 threats
@pytest.mark.rule("DMX-6")
def test_dealing_tells_each_their_card_and_the_table_that_cards_went_out() -> None:
    s, order = _tx(4)
    s, events = run_with(s, threats.deal)
    t = threats.of(s)
    assert t is not None
    dealt = told(events, "threat_dealt")
    assert dealt == [("threat_dealt", (x,), f"Your threat card: {threats.name(t.cards[x])}. "
                      f"{index().threats[t.cards[x]].text}", {"card": t.cards[x]})
                     for x in s.seats]
    assert told(events, "threats_dealt") == [
        ("threats_dealt", None, "The company hands every player a secret threat card.", {})]


def claiming(requirement: str, card: str, *, stock: int | None = None, wild: int | None = None
             ) -> tuple[GameState, str]:
    """order[0], holding `card`, has just done what `requirement` asks."""
    s, order = _tx(4)
    t = _dealt(s, {order[0]: card})
    if stock is not None:
        t.stock[requirement] = stock
    if wild is not None:
        t.wild = wild
    s, _ = run_with(s, lambda ctx: threats.fulfilled(ctx, order[0], requirement))
    return s, order[0]


@pytest.mark.rule("DMX-6")
def test_taking_ones_own_threat_token_in_words() -> None:
    s, seat = claiming("exposure", "exposure")
    left = threats.of(s).stock["exposure"]
    assert RS.pending(s)[0].text == "You did what Exposure asks: take its threat token, or not?"
    assert choices(s, seat) == {
        "threat_claim:1": Choice("Take the threat token (Exposure)", "This is your card's "
                                 "requirement: Exposure is fulfilled. You take an Exposure "
                                 f"token ({left} left); a player only ever takes 1 threat "
                                 "token."),
        "threat_claim:0": Choice("Take no threat token", "Keep quiet about Exposure. Your "
                                 "card asks for this: at a final-event ending, a card not "
                                 "fulfilled lets the infected win.")}
    s, events = play(s, seat, "threat_claim:1")
    assert threats.of(s).stock["exposure"] == left - 1
    assert told(events, "threat_claimed") == [
        ("threat_claimed", None, f"<@{seat}>: \"I have done what the company asked.\" They "
         "fulfil Exposure and take an Exposure token.",
         {"seat": seat, "requirement": "exposure", "token": "exposure"})]


@pytest.mark.rule("DMX-6")
def test_a_wrong_threat_is_warned_of_and_skipping_is_announced() -> None:
    s, seat = claiming("exposure", "isolate_specimen", stock=0)
    offered = choices(s, seat)
    assert offered["threat_claim:1"].detail == (
        "Exposure is NOT your card: taking it uses your one token on the wrong threat, and "
        "at a final-event ending the company's penalty lets the infected win. You take a "
        "wild token; a player only ever takes 1 threat token.")
    assert offered["threat_claim:0"].detail == "Keep quiet about Exposure. Nothing changes."
    skipped, events = play(s, seat, "threat_claim:0")
    assert threats.of(skipped).claimed == {}
    assert told(events, "threat_skipped") == [
        ("threat_skipped", None, f"<@{seat}> takes no threat token for Exposure.",
         {"seat": seat, "requirement": "exposure"})]
    wild = threats.of(s).wild
    taken, events = play(s, seat, "threat_claim:1")
    assert threats.of(taken).wild == wild - 1 and threats.of(taken).tokens == {seat: "wild"}
    assert told(events, "threat_claimed")[0][2:] == (
        f"<@{seat}>: \"I have done what the company asked.\" They fulfil Exposure and take a "
        "wild token (Exposure tokens are gone: someone is lying).",
        {"seat": seat, "requirement": "exposure", "token": "wild"})


@pytest.mark.rule("DMX-6")
def test_with_no_token_left_the_claim_says_so() -> None:
    s, seat = claiming("exposure", "exposure", stock=0, wild=0)
    s, events = play(s, seat, "threat_claim:1")
    assert told(events, "threat_claimed")[0][2:] == (
        f"<@{seat}>: \"I have done what the company asked.\" They fulfil Exposure and take no "
        "token (no Exposure or wild token is left).",
        {"seat": seat, "requirement": "exposure", "token": ""})


@pytest.mark.rule("DMX-6")
def test_an_infected_player_may_act_on_any_threat() -> None:
    s, order = _tx(4)
    infected = next(x for x in order if s.players[x].infected)
    s = edit(s)
    s.active = infected
    _dealt(s, {infected: "isolate_specimen"})
    s, _ = run_with(s, lambda ctx: threats.fulfilled(ctx, infected, "exposure"))
    assert keys(s, infected) == ["threat_claim:0", "threat_claim:1"]
    offered = choices(s, infected)
    assert offered["threat_claim:1"].detail.startswith(
        "Exposure is not your card, but you may act on any threat: the table sees the "
        "token, not your card.")
    assert offered["threat_claim:0"].detail == "Keep quiet about Exposure. Nothing changes."


@pytest.mark.rule("DMX-6")
def test_showing_the_status_card_is_public_and_the_card_private() -> None:
    s, order = _tx(4)
    seat, target = order[0], order[2]
    _dealt(s, {seat: "exposure"})
    assert choices(s, seat, "show_status:")[f"show_status:{target}"].detail == (
        f"Only <@{target}> sees your status card (Exposure); everyone sees that you showed "
        "it. Once per game; it is not your turn's action.")
    s, events = play(s, seat, f"show_status:{target}")
    status = s.players[seat].status
    name = card_name(status)
    assert told(events, "status_shown_to", "status_seen") == [
        ("status_shown_to", None, f"<@{seat}> shows their status card to <@{target}>.",
         {"seat": seat, "target": target}),
        ("status_seen", (target,), f"<@{seat}> shows you their status card: {name}.",
         {"shown_by": seat, "status": status})]


@pytest.mark.rule("DMX-6")
def test_the_penalty_reason_names_the_card_acted_on_instead() -> None:
    s, order = _tx(4)
    t = _dealt(s, {x: "isolate_specimen" for x in s.seats})
    t.claimed = {order[0]: "isolate_specimen", order[1]: "exposure",
                 order[2]: "isolate_specimen"}
    s = _final(s)
    assert s.result_reason == (
        f"the final event was completed, but <@{order[1]}> acted on Exposure instead of "
        "Isolate Specimen: the company made good on its threat and the self-destruct "
        "sequence ran")


@pytest.mark.rule("DMX-4")
@pytest.mark.parametrize("cleared", [False, True])
def test_a_tie_with_no_commander_leaves_the_clearance_as_it_was(cleared: bool) -> None:
    s = xready()
    seat, target = s.active, others(s, s.active)[2]
    s.commander = None
    if cleared:
        s.expansion.cleared = [target]
    s, events = vote_a_tie(s, seat, f"clearance:{target}")
    assert (target in s.expansion.cleared) is cleared
    assert told(events, "clearance") == [
        ("clearance", None, f"<@{target}> keeps their clearance.", {"seat": target})
        if cleared else ("clearance", None, f"<@{target}> is denied clearance.",
                         {"seat": target})]


@pytest.mark.rule("DMX-4")
def test_refueling_is_announced_once() -> None:
    s = xready()
    s.expansion.ready = True
    s.turns = 5
    s, events = run_with(s, evacuation.pass_turn)
    assert "refueled" not in [e.kind for e in events]
    s = xready()
    s.turns = 5
    s, events = run_with(s, evacuation.pass_turn)
    assert told(events, "refueled") == [
        ("refueled", None, "Refueling is complete: the evacuation ship is ready for take-off.",
         {})]


@pytest.mark.rule("DMX-4")
def test_a_tied_quarantine_vote_keeps_its_own_words_with_the_expansion() -> None:
    s = xready()
    seat, target = s.active, others(s, s.active)[2]
    s, _ = vote_a_tie(s, seat, f"call_vote:{target}")
    boss = s.commander or ""
    assert RS.pending(s)[0].text == f"The vote on quarantining <@{target}> is tied: as " \
        "commander, you decide."
    assert [c.label for c in choices(s, boss).values()] == [f"Quarantine <@{target}>",
                                                            f"Leave <@{target}> free"]


@pytest.mark.rule("DMX-3")
def test_an_amputation_tie_with_no_commander_keeps_the_arm() -> None:
    s = xready()
    seat, target = s.active, others(s, s.active)[2]
    s.commander = None
    s, events = vote_a_tie(s, seat, f"amputate:{target}")
    assert s.expansion.amputated == []
    assert told(events, "vote_outcome") == [
        ("vote_outcome", None, f"<@{target}> keeps their arm.", {})]


@pytest.mark.rule("DMX-3")
def test_a_quarantine_vote_reads_the_same_with_the_expansion() -> None:
    s = xready()
    seat, target = s.active, others(s, s.active)[2]
    s, _ = play(s, seat, f"call_vote:{target}")
    voter = waiting(s)[0]
    labels = [c.label for c in choices(s, voter).values()]
    assert len(labels) == 3 and all(label for label in labels)
    assert not any("AMPUTATE" in label or "CLEAR" in label for label in labels)


@pytest.mark.rule("DMX-6")
def test_the_show_status_choice_keeps_its_label() -> None:
    s, order = _tx(4)
    _dealt(s, {order[0]: "exposure"})
    action = next(a for a in RS.legal_actions(s, order[0]) if a.key.startswith("show_status"))
    assert RS.describe(s, order[0], action).label == action.label
