"""Seeded full Dark Moon games with the Shadow Corporation expansion at 3-7 players:
they end, keep dice and tokens conserved, never show a corporation die that was not
submitted to another seat (the core simulation's recorder and checks, with the
expansion's checks added after every move; replays are tests/rules/test_conformance.py's)."""

from __future__ import annotations

import json
import random

import pytest
from darkmoon_helpers import RS, C
from test_darkmoon_sim import _crew_choice, _record

from rules.core.contract import Event
from rules.darkmoon.evacuation import board_size
from rules.darkmoon.state import CorporationFrame, GameState, Options, VoteFrame

EXPANSION = Options(expansion=True)
GAMES = [(n, seed) for n in (3, 4, 5, 6, 7) for seed in range(4)]
EVACUATING = [(n, seed) for n in (3, 4, 5, 6, 7) for seed in (1, 3, 5)]


def _evacuating_crew(s: GameState, seat: str, options: list[str],
                     rng: random.Random) -> str:
    """A crew that wants off the moon: it calls clearance and take-off votes, votes
    for them and otherwise plays as the core simulation's crew."""
    p = s.players[seat]
    vote = next((f for f in reversed(s.stack) if isinstance(f, VoteFrame)), None)
    if not p.infected and vote is not None and vote.topic in ("clearance", "takeoff") \
            and "vote:strong" in options:
        return "vote:strong"
    if not p.infected:
        for wanted in ("takeoff", "clearance:"):
            hits = [k for k in options if k.startswith(wanted)]
            if hits:
                return rng.choice(hits)
    return _crew_choice(s, seat, options, rng)


def _check_expansion(s: GameState, events: list[Event], where: str) -> None:
    x = s.expansion
    assert x is not None, where
    # clearance tokens: one per player at most, on the board only for free, hidden players
    assert len(set(x.cleared)) == len(x.cleared) <= board_size(s), where
    for seat in x.cleared:
        p = s.players[seat]
        assert not p.quarantined and not p.revealed, f"{where}: {seat} cleared"
    if not x.evacuation:
        assert not x.cleared and x.cube == 0, where
    assert 0 <= x.cube < C.expansion.board.evacuation_spaces - 1 or x.cube == 0, where
    # amputation tokens: one per player at most, never more than the players
    assert len(set(x.amputated)) == len(x.amputated) <= len(s.seats), where
    assert x.ready == (s.turns >= len(s.seats)), where
    # corporation dice: at most the box's 3, rolled only inside their frame
    rolled: list[int] = []
    for frame in s.stack:
        if isinstance(frame, CorporationFrame):
            assert frame.count <= C.expansion.board.corporation_dice, where
            assert len(frame.rolled) == frame.count, where
            rolled = frame.rolled
    for seat in s.seats:
        me = RS.view(s, seat).me
        assert me is not None
        top = s.stack[-1] if s.stack else None
        mine = isinstance(top, CorporationFrame) and top.seat == seat
        assert me.corporation_rolled == (rolled if mine else []), where
    assert "corporation_rolled" not in json.dumps(RS.view(s, None).model_dump()
                                                  .get("me") or {}), where
    for e in events:
        if e.kind == "private_corp":
            assert e.to is not None and len(e.to) == 1, where
        elif e.kind == "corp_roll":
            assert e.to is None and "dice" not in e.data and "face" not in e.data, where


@pytest.mark.rule("DMX-1")
@pytest.mark.rule("DMX-2")
@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_expansion_game_ends_and_keeps_every_invariant(n: int, seed: int) -> None:
    rec = _record(n, seed, EXPANSION, _check_expansion)
    assert rec.moves and rec.final_json
    corp = [key for _, key in rec.moves if key.startswith("corp_submit:")]
    assert corp, "a whole game without a single corporation roll"


def test_expansion_games_use_the_new_votes() -> None:
    keys = {key.split(":")[0] for n, seed in GAMES
            for _, key in _record(n, seed, EXPANSION, _check_expansion).moves}
    assert {"amputate", "clearance", "corp_submit"} <= keys


@pytest.mark.rule("DMX-4")
@pytest.mark.rule("DMX-5")
@pytest.mark.parametrize(("n", "seed"), EVACUATING)
def test_a_crew_that_evacuates_plays_whole_games(n: int, seed: int) -> None:
    rec = _record(n, seed, EXPANSION, _check_expansion, _evacuating_crew)
    assert rec.moves


def test_some_evacuating_games_end_with_the_ship_taking_off() -> None:
    ends = set()
    for n, seed in EVACUATING:
        final = GameState.model_validate_json(
            _record(n, seed, EXPANSION, _check_expansion, _evacuating_crew).final_json)
        assert final.expansion is not None
        if final.expansion.aboard:
            ends.add(final.result)
    assert ends == {"infected", "uninfected"}
