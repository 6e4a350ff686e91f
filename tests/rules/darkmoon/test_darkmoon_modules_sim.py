"""Seeded full Dark Moon games with the expansion and each module, both modules, and
every variant rule, at 3-7 players: they end, keep dice and tokens conserved (the core
simulation's checks), never show a threat card, the Company Man or what telepathy tells
to a seat that should not see it (replays are tests/rules/test_conformance.py's)."""

from __future__ import annotations

import random

import pytest
from darkmoon_helpers import RS, C
from test_darkmoon_expansion_sim import _check_expansion, _evacuating_crew
from test_darkmoon_sim import _crew_choice, _record

from rules.core.contract import Event
from rules.darkmoon import company_man
from rules.darkmoon.state import GameState, Options, RollFrame, TurnFrame, VoteFrame

CM = C.modules.company_man
THREATS = {t.id: t for t in C.modules.threats}


def _threat_crew(s: GameState, seat: str, options: list[str], rng: random.Random) -> str:
    """A crew that works on its threat card: it takes the token of its own card, shows
    its status for Exposure, calls and votes weak for Isolate Specimen and Retrieve
    Sample, and submits every die for Act Recklessly; otherwise it evacuates or plays
    as the core simulation's crew."""
    if options[0].startswith("threat_claim"):
        return options[0]  # own card first; for a free agent, either way
    t = s.expansion.threats if s.expansion is not None else None
    card = t.cards.get(seat) if t is not None and seat not in t.claimed else None
    top = s.stack[-1]
    if card == "exposure":
        shows = [k for k in options if k.startswith("show_status:")]
        if shows:
            return rng.choice(shows)
    if card in ("isolate_specimen", "retrieve_sample") and seat == s.active:
        if isinstance(top, TurnFrame):
            prefix = "call_vote:" if card == "isolate_specimen" else "amputate:"
            calls = [k for k in options if k.startswith(prefix) and k != prefix + seat]
            if calls and rng.random() < 0.5:
                return rng.choice(calls)
        if isinstance(top, VoteFrame) and top.caller == seat and "vote:weak" in options:
            return "vote:weak"
    if card == "act_recklessly" and isinstance(top, RollFrame) and seat == s.active:
        submits = [k for k in options if k.startswith("submit:")]
        if submits:
            return max(submits, key=len)
    return _evacuating_crew(s, seat, options, rng)


def _check_modules(s: GameState, events: list[Event], where: str) -> None:
    """The expansion's checks, then what the modules and variants keep secret."""
    _check_expansion(s, events, where)
    cm = company_man.seat_of(s)
    t = s.expansion.threats if s.expansion is not None else None
    infected = {x for x in s.seats if s.players[x].infected}
    public = RS.view(s, None)
    assert public.me is None
    for viewer in s.seats:
        view = RS.view(s, viewer)
        me = view.me
        assert me is not None
        assert me.company_man == (viewer == cm), where
        mates = sorted(infected - {viewer}) if viewer in infected and \
            s.options.telepathic_infected and len(s.seats) >= 5 else []
        assert sorted(me.infected_teammates) == mates, where
        if t is not None:
            own = t.cards.get(viewer)
            assert (me.threat.id if me.threat else None) == own, where
            shown = {x for x, to in t.shown.items() if to == viewer}
            assert set(me.statuses_seen) == shown, where
        if s.result is None and cm is not None and cm != viewer:
            assert next(v for v in view.seats if v.seat == cm).status is None, where
    if t is not None:
        assert public.threats is not None and "cards" not in public.threats.model_dump()
        # tokens are conserved: the box's count = left + taken
        for req, info in THREATS.items():
            taken = sum(1 for tok in t.tokens.values() if tok == req)
            assert t.stock[req] + taken == info.tokens, where
        wild = sum(1 for tok in t.tokens.values() if tok == "wild")
        assert t.wild + wild == C.modules.wild_tokens, where
        assert set(t.tokens) == set(t.claimed) and len(t.cards) in (0, len(s.seats)), where
    for e in events:
        if e.kind in ("threat_dealt", "telepathy", "status_seen"):
            assert e.to is not None and len(e.to) == 1, f"{where}: {e.kind} to {e.to}"
        if e.kind == "telepathy":
            assert e.to is not None and e.to[0] in infected, where
        if e.to is None and s.result is None:
            assert e.data.get("card") not in THREATS and "teammates" not in e.data, where
            if cm is not None and e.kind != "status_shown":
                assert CM not in e.text and CM not in str(e.data), where
    outcome = RS.outcome(s)
    if outcome is not None:
        if s.result == "company_man":
            assert outcome.winners == (cm,), where
        else:
            assert cm not in outcome.winners, where


MODULES = {"threats": Options(expansion=True, threats=True),
           "company_man": Options(expansion=True, company_man=True),
           "both": Options(expansion=True, threats=True, company_man=True)}
MODULE_GAMES = [(name, n) for name in MODULES for n in (3, 4, 5, 6, 7)]
VARIANTS = {
    "expensive_voting": True, "first_is_last": True, "flimsy_quarantine": True,
    "telepathic_infected": True, "deadly_events": True, "no_more_complications": True,
    "nerfed_reveal": "extreme", "safe_orders": True, "fatigued_infected": True,
    "costly_actions": True,
}
# each variant at two player counts (Telepathic Infected at 5 and 7), with the expansion
VARIANT_GAMES = [(name, n) for i, name in enumerate(VARIANTS)
                 for n in sorted({5, 7} if name == "telepathic_infected"
                                 else {3 + i % 5, 7 - i % 3})]


def _module_game(name: str, n: int) -> tuple[Options, int]:
    return MODULES[name], 2 * n + 1  # odd seeds: the crew plays (games reach refueling)


@pytest.mark.rule("DMX-6")
@pytest.mark.rule("DMX-7")
@pytest.mark.parametrize(("name", "n"), MODULE_GAMES)
def test_module_games_end_and_keep_secrets(name: str, n: int) -> None:
    options, seed = _module_game(name, n)
    rec = _record(n, seed, options, _check_modules, _threat_crew)
    assert rec.moves


def test_module_games_deal_claim_and_show_threats() -> None:
    keys = {key.split(":")[0] for name, n in MODULE_GAMES if name != "company_man"
            for _, key in _record(n, _module_game(name, n)[1], MODULES[name],
                                  _check_modules, _threat_crew).moves}
    assert {"threat_claim", "show_status"} <= keys
    finals = [GameState.model_validate_json(_record(
        n, _module_game(name, n)[1], MODULES[name], _check_modules, _threat_crew).final_json)
        for name, n in MODULE_GAMES]
    assert any(f.expansion is not None and f.expansion.threats is not None
               and f.expansion.threats.claimed for f in finals)
    assert any(company_man.seat_of(f) is not None for f in finals)


@pytest.mark.rule("DMX-8")
@pytest.mark.parametrize(("name", "n"), VARIANT_GAMES)
def test_variant_games_end_and_keep_secrets(name: str, n: int) -> None:
    options = Options(expansion=True, **{name: VARIANTS[name]})
    seed = 2 * n + (1 if n % 2 else 0)  # crew games and random games both
    rec = _record(n, seed, options, _check_modules, _crew_choice)
    assert rec.moves
