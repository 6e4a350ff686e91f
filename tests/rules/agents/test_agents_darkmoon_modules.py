"""Dark Moon's computer player with the Shadow Corporation expansion and its modules
(rules/darkmoon/agent.py, agent_expansion.py), from crafted states: a crew player
claims the threat its card asks for and no other, works toward it as the active
player, and its evaluation counts the penalty an unmet threat brings near the final
event; the expansion's votes go the way each side wants; the Company Man prefers the
endings he wins."""

from __future__ import annotations

import random

import pytest
from darkmoon_helpers import RS, C, make_commander, set_dice, table, turn

from rules.agents import choose
from rules.darkmoon import agent
from rules.darkmoon import agent_expansion as xp
from rules.darkmoon.actions import (
    CallAmputation,
    CallVote,
    ClaimThreat,
    CorpSubmit,
    Discard,
    ShowStatus,
    TieBreak,
    Vote,
)
from rules.darkmoon.state import (
    CorporationFrame,
    DiscardFrame,
    GameState,
    ThreatClaimFrame,
    ThreatsState,
    VoteFrame,
    VoteTopic,
)

PROFILE = RS.agent_profile
CM = C.modules.company_man
LAST_STAND = next(e for e in C.final_events if e.id == "last_stand")


def _modules(n: int = 5, *, company_man: bool = False) -> tuple[GameState, list[str]]:
    """A ready 5-player game with the expansion and threats on: order[0] is active,
    order[-1] the one infected player; every card dealt is Exposure unless set."""
    s, order = table(n, expansion=True, threats=True, company_man=company_man)
    t = _threats(s)
    t.dealt = True
    t.cards = dict.fromkeys(s.seats, "exposure")
    return s, order


def _threats(s: GameState) -> ThreatsState:
    assert s.expansion is not None and s.expansion.threats is not None
    return s.expansion.threats


def _near_final(s: GameState) -> GameState:
    """A copy in the final event, one cube from its end."""
    s = s.model_copy(deep=True)
    s.events_done = ["dust_storm", "rumour_mill", "security_audit"]
    s.current_event, s.final_started = None, True
    s.final_event, s.final_cubes = LAST_STAND.id, LAST_STAND.cubes - 1
    return s


def _claim_choice(s: GameState, seat: str, card: str, requirement: str) -> ClaimThreat:
    s = s.model_copy(deep=True)
    _threats(s).cards[seat] = card
    s.active = seat
    s.stack.append(ThreatClaimFrame(seat=seat, requirement=requirement))
    legal = RS.legal_actions(s, seat)
    move = PROFILE.playout_action(s, seat, legal, random.Random(0))
    assert isinstance(move, ClaimThreat)
    # the search considers only that claim for a crew player
    searched = PROFILE.candidates(s, seat, legal)
    if not s.players[seat].infected:
        assert [a.key for a in searched] == [move.key]
    return move


@pytest.mark.rule("DMX-6")
def test_the_crew_claims_its_own_threat_and_no_other() -> None:
    s, order = _modules()
    crew, infected = order[0], order[-1]
    assert _claim_choice(s, crew, "isolate_specimen", "isolate_specimen").claim
    # another requirement would spend its one claim on the wrong threat: the penalty
    assert not _claim_choice(s, crew, "isolate_specimen", "act_recklessly").claim
    # the infected are never penalised: they claim what they meet, as the crew seems to
    assert _claim_choice(s, infected, "isolate_specimen", "act_recklessly").claim


@pytest.mark.rule("DMX-6")
def test_an_unmet_threat_lowers_the_crew_chance_more_near_the_final_event() -> None:
    s, order = _modules()
    crew, infected = order[0], order[-1]
    t = _threats(s)
    for x in s.seats:  # everyone but `crew` has met its card
        if x != crew:
            t.claimed[x] = t.cards[x]

    def chances(state: GameState) -> tuple[float, float, float]:
        met = state.model_copy(deep=True)
        _threats(met).claimed[crew] = "exposure"
        wrong = state.model_copy(deep=True)
        _threats(wrong).claimed[crew] = "retrieve_sample"
        return tuple(agent.crew_chance(x) for x in (met, state, wrong))  # type: ignore[return-value]

    early = chances(s)
    late = chances(_near_final(s))
    for met, unmet, wrong in (early, late):
        assert met > unmet > wrong
    # the same unmet card costs more with fewer turns left to meet it
    assert late[0] - late[1] > early[0] - early[1]
    # the infected value the other side of it
    late_s = _near_final(s)
    claimed = late_s.model_copy(deep=True)
    _threats(claimed).claimed[crew] = "exposure"
    assert PROFILE.evaluate(late_s, infected) > PROFILE.evaluate(claimed, infected)
    assert PROFILE.evaluate(late_s, crew) < PROFILE.evaluate(claimed, crew)


@pytest.mark.rule("DMX-6")
def test_the_infected_and_the_company_man_owe_nothing() -> None:
    s, order = _modules(company_man=True)
    s.players[order[2]].status = CM
    assert xp.owed(s, order[0]) == "exposure"
    assert xp.owed(s, order[2]) is None and xp.owed(s, order[-1]) is None
    assert xp.threat_outlook(s) == (3, False)


@pytest.mark.rule("DMX-6")
@pytest.mark.parametrize("card", ["isolate_specimen", "retrieve_sample"])
def test_a_crew_player_owing_a_vote_threat_calls_it_on_the_most_suspect(card: str) -> None:
    s, order = _modules()
    crew, suspect = order[0], order[3]
    _threats(s).cards[crew] = card
    for x in s.seats:  # the record: order[3]'s dice sank tasks, the others' helped
        s.players[x].tally.dice, s.players[x].tally.points = 4, -3 if x == suspect else 5
    s = turn(s, crew)
    set_dice(s, crew, 2, 1)
    legal = RS.legal_actions(s, crew)
    move = PROFILE.playout_action(s, crew, legal, random.Random(0))
    kind = CallVote if card == "isolate_specimen" else CallAmputation
    assert isinstance(move, kind) and move.target == suspect
    # in the vote it called, it votes with its weak die (what the card asks)
    topic: VoteTopic = "quarantine" if card == "isolate_specimen" else "amputation"
    s.stack.append(VoteFrame(caller=crew, target=suspect, release=False, topic=topic,
                             voters=list(s.seats)))
    vote = PROFILE.playout_action(s, crew, RS.legal_actions(s, crew), random.Random(0))
    assert isinstance(vote, Vote) and vote.choice == "weak"
    # without a weak die to vote with, it does something else
    set_dice(s, crew, 3, 0)
    s.stack.pop()
    other = PROFILE.playout_action(s, crew, RS.legal_actions(s, crew), random.Random(0))
    assert not isinstance(other, kind)


@pytest.mark.rule("DMX-6")
def test_exposure_is_shown_by_the_crew_that_owes_it_and_never_searched_by_the_infected(
        ) -> None:
    s, order = _modules()
    crew, infected = order[0], order[-1]
    s = turn(s, crew)
    legal = RS.legal_actions(s, crew)
    assert any(isinstance(a, ShowStatus) for a in legal)
    assert isinstance(PROFILE.playout_action(s, crew, legal, random.Random(0)), ShowStatus)
    s = turn(s, infected)
    legal = RS.legal_actions(s, infected)
    assert any(isinstance(a, ShowStatus) for a in legal)
    searched = PROFILE.candidates(s, infected, legal)
    assert searched and not any(isinstance(a, ShowStatus) for a in searched)
    for seed in range(20):
        move = PROFILE.playout_action(s, infected, legal, random.Random(seed))
        assert not isinstance(move, ShowStatus)


def test_the_crew_searches_its_best_corporation_die_only() -> None:
    s, order = _modules()
    crew, infected = order[0], order[-1]
    for seat in (crew, infected):
        state = s.model_copy(deep=True)
        state.stack.append(CorporationFrame(seat=seat, count=2, rolled=[-2, 0]))
        legal = RS.legal_actions(state, seat)
        assert len(legal) == 2
        searched = [a for a in PROFILE.candidates(state, seat, legal)
                    if isinstance(a, CorpSubmit)]
        assert [a.face for a in searched] == ([0] if seat == crew else [0, -2])


def _takeoff_tie(voter_is_company_man: bool) -> tuple[GameState, list[str]]:
    """A full clearance board and a ready ship, an infected player aboard who showed
    its status card to order[2] (Exposure); the take-off vote is tied and order[2], the
    commander, breaks the tie."""
    s, order = _modules(company_man=voter_is_company_man)
    if voter_is_company_man:
        s.players[order[2]].status = CM
    make_commander(s, order[2])
    x = s.expansion
    assert x is not None
    x.ready, x.cleared = True, [order[-1], order[0]]
    _threats(s).shown[order[-1]] = order[2]
    s.stack.append(VoteFrame(caller=order[0], target="", release=False, topic="takeoff",
                             voters=list(s.seats), tie=True,
                             votes={order[0]: "strong", order[-1]: "strong",
                                    order[1]: "weak", order[3]: "weak",
                                    order[2]: "abstain"}))
    return s, order


@pytest.mark.rule("DMX-7")
@pytest.mark.parametrize("company_man", [True, False])
def test_the_company_man_sends_the_ship_off_with_an_infected_aboard(company_man: bool
                                                                     ) -> None:
    s, order = _takeoff_tie(company_man)
    voter = order[2]
    assert RS.deciding(s) == [voter]
    assert agent.side(s, voter) == ("company man" if company_man else "uninfected")
    for seed in range(3):
        move = choose(RS, s, voter, seed=seed, budget=16)
        # he wins alone as the ship leaves; a crew player keeps it on the pad
        assert isinstance(move, TieBreak) and move.quarantine != company_man
    # so does his playout move, which reads the public record only: the ship leaves
    # when a suspect is aboard
    for x in s.seats:
        s.players[x].tally.dice, s.players[x].tally.points = 4, -3 if x == order[-1] else 5
    legal = RS.legal_actions(s, voter)
    move = PROFILE.playout_action(s, voter, legal, random.Random(0))
    assert isinstance(move, TieBreak) and move.quarantine != company_man


@pytest.mark.rule("DMX-7")
def test_the_company_man_values_an_amputated_infected_player() -> None:
    s, order = _modules(company_man=True)
    s.players[order[2]].status = CM
    s = _near_final(s)
    t = _threats(s)
    t.claimed = dict(t.cards)
    cm, crew, infected = order[2], order[0], order[-1]
    maimed = s.model_copy(deep=True)
    assert maimed.expansion is not None
    maimed.expansion.amputated = [infected]
    crew_maimed = s.model_copy(deep=True)
    assert crew_maimed.expansion is not None
    crew_maimed.expansion.amputated = [crew]
    assert PROFILE.evaluate(maimed, cm) > PROFILE.evaluate(s, cm)
    assert PROFILE.evaluate(crew_maimed, cm) == PROFILE.evaluate(s, cm)
    # the final event would be his: the crew's chance of it goes
    assert PROFILE.evaluate(maimed, crew) < PROFILE.evaluate(s, crew)
    # his amputation votes maim anyone but himself; the crew keeps arms
    vote = VoteFrame(caller=crew, target=infected, release=False, topic="amputation")
    assert xp.vote_wish(s, cm, "company man", vote) == "weak"
    assert xp.vote_wish(s, order[1], "crew", vote) == "strong"
    assert xp.vote_wish(s, infected, "infected", vote) == "strong"


@pytest.mark.parametrize("card", ["exposure", "retrieve_sample"])
def test_the_crew_gives_weak_dice_back_first_but_keeps_one_for_its_vote_threat(card: str
                                                                               ) -> None:
    s, order = _modules()
    crew, infected = order[0], order[-1]
    _threats(s).cards[crew] = card
    for seat in (crew, infected):
        set_dice(s, seat, 2, 2)
    kept: dict[str, tuple[int, int]] = {}
    for seat in (crew, infected):
        state = s.model_copy(deep=True)
        state.stack.append(DiscardFrame(seat=seat, count=2))
        legal = RS.legal_actions(state, seat)
        move = PROFILE.playout_action(state, seat, legal, random.Random(0))
        assert isinstance(move, Discard)
        kept[seat] = (2 - move.strong, 2 - move.weak)
    # the infected keep their weak dice (to spoil tasks and votes)
    assert kept[infected] == (0, 2)
    # the crew keeps its strong dice, and one weak die when it owes a vote threat
    assert kept[crew] == ((1, 1) if card == "retrieve_sample" else (2, 0))
