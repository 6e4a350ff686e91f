"""The engine contract, checked on every registered game (after OpenSpiel's
random_sim_test): seeded games of random legal moves, from a few option sets at the
fewest and the most players, where at every state

- the state survives a JSON round trip exactly (`dump_state` / `load_state`);
- `apply` never changes the state it is given, whether it succeeds or raises;
- an illegal move is refused with `IllegalAction` and changes nothing: a seat outside
  the game, a move legal only for another seat, a move legal in an earlier state but not
  in this one, a garbage key, a move by a seat nobody waits for;
- every legal move's key is unique among the seat's moves, fits a Discord custom_id,
  and parses back to an equal action;
- nothing secret leaves the engine in public: no view and no event holds the RNG's
  state, addressed events go to seats of the game, and the game's own leak check (a hook
  per game, below: which of a state's fields are secret is the game's knowledge) passes
  on the public view and the public events;
- the game ends within a bound, and then nobody is asked anything and nothing is legal;

and replaying a game's moves from its seed gives the same final state, bit for bit.

The games are found with `rules.list_rulesets()`, so a game registered later is checked
too (with the generic checks, and its own leak check once it adds one to PUBLIC_CHECKS).
The option sets are built from each ruleset's Options model: the defaults, and variants
that switch every flag on or off and step through each choice's values.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from darkmoon_helpers import check_public as darkmoon_public
from lockdown_helpers import check_public as lockdown_public
from nemesis_helpers import check_public as nemesis_public
from seeded_games import Game, games

from rules import Action, Event, IllegalAction, Ruleset, list_rulesets

SEEDS = (1, 2)
MOVE_CAP = 6000  # every game so far ends in well under this many moves
MAX_KEY = 100  # DESIGN: a key fits a Discord custom_id / autocomplete value
GARBAGE_KEYS = ("no_such_move:1", "", "::", "pass:pass:pass", "\x00")
ILLEGAL_EVERY = 3  # the illegal moves are tried at every third state (they cost the most)
NOT_A_SEAT = "not-a-player"

PublicCheck = Callable[[Any, list[Event], str], None]


# Each game's own leak check of a state's public view and a move's public events: what is
# secret in a state (hidden roles, hands, the bag, unexplored rooms...) is the game's
# knowledge. The checks live with each game's helpers (tests/rules/<game>/).
PUBLIC_CHECKS: dict[str, PublicCheck] = {
    "darkmoon": darkmoon_public, "lockdown": lockdown_public, "nemesis": nemesis_public}


GAMES = list(games(SEEDS))


# ------------------------------------------------------------------ the checks
def rng_states(dumped: str) -> set[str]:
    """The states of the RNGs a game state holds (every field named `rng`), as text."""
    out: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            rng = node.get("rng")
            if isinstance(rng, dict) and isinstance(rng.get("state"), int):
                out.add(str(rng["state"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads(dumped))
    return out


def check_round_trip(rs: Ruleset[Any], s: Any, dumped: str, where: str) -> None:
    loaded = rs.load_state(dumped)
    assert loaded == s, f"{where}: the state changed through JSON"
    assert rs.dump_state(loaded) == dumped, f"{where}: JSON round trip not exact"


def check_keys(rs: Ruleset[Any], s: Any, seat: str, legal: list[Action], where: str) -> None:
    keys = [a.key for a in legal]
    assert len(set(keys)) == len(keys), f"{where}: duplicate keys {keys}"
    long = [k for k in keys if len(k) > MAX_KEY]
    assert not long, f"{where}: keys too long for a custom_id: {long}"
    for action in legal:
        parsed = rs.parse_action(s, seat, action.key)
        assert parsed == action, f"{where}: {action.key!r} parses to {parsed!r}"


def _refused(rs: Ruleset[Any], s: Any, dumped: str, seat: str, action: Action,
             where: str) -> None:
    try:
        rs.apply(s, seat, action)
    except IllegalAction:
        pass
    else:
        pytest.fail(f"{where}: {seat}:{action.key} was accepted")
    assert rs.dump_state(s) == dumped, f"{where}: a refused {seat}:{action.key} changed it"


def check_illegal(rs: Ruleset[Any], s: Any, dumped: str, legal: dict[str, list[Action]],
                  earlier: list[tuple[str, Action]], where: str) -> None:
    """Moves nobody may make now are refused, and leave the state as it was."""
    waiting = list(legal)
    any_move = legal[waiting[0]][0]
    _refused(rs, s, dumped, NOT_A_SEAT, any_move, where)
    idle = [x for x in s.seats if x not in waiting]
    if idle:
        _refused(rs, s, dumped, idle[0], any_move, where)
    for seat in waiting:
        mine = {a.key for a in legal[seat]}
        others = [a for x in waiting if x != seat for a in legal[x] if a.key not in mine]
        if others:
            _refused(rs, s, dumped, seat, others[0], where + " (another seat's move)")
        stale = [a for x, a in earlier if x == seat and a.key not in mine]
        if stale:
            _refused(rs, s, dumped, seat, stale[-1], where + " (an earlier state's move)")
        for key in GARBAGE_KEYS:
            if key not in mine:
                try:
                    parsed = rs.parse_action(s, seat, key)
                except IllegalAction:
                    continue
                pytest.fail(f"{where}: {seat}'s {key!r} parsed to {parsed.key!r}")
    assert rs.dump_state(s) == dumped, f"{where}: an illegal move changed the state"


def check_events(s: Any, events: list[Event], secret: set[str], where: str) -> None:
    for e in events:
        if e.to is not None:
            assert e.to and set(e.to) <= set(s.seats), f"{where}: addressed to {e.to}"
        blob = f"{e.text} {e.data!r}"
        assert not any(n in blob for n in secret), f"{where}: {e.kind} shows the RNG"


def check_views(rs: Ruleset[Any], s: Any, secret: set[str], where: str) -> None:
    for seat in (None, *s.seats):
        view = rs.view(s, seat).model_dump_json()
        assert not any(n in view for n in secret), f"{where}: {seat}'s view shows the RNG"


# ------------------------------------------------------------------ one game
@dataclass
class Played:
    moves: list[tuple[str, str]]
    final: str
    digest: str


@cache
def play(game: Game) -> Played:
    """A seeded game of random legal moves, every check at every state."""
    rs, s = game.start()
    public = PUBLIC_CHECKS.get(game.ruleset)
    rng = random.Random(game.id)
    digest = hashlib.sha256()
    moves: list[tuple[str, str]] = []
    earlier: list[tuple[str, Action]] = []
    dumped = rs.dump_state(s)
    if public is not None:
        public(s, [], f"{game.id} setup")
    for number in range(MOVE_CAP):
        where = f"{game.id} move {number}"
        check_round_trip(rs, s, dumped, where)
        secrets = rng_states(dumped)
        check_views(rs, s, secrets, where)
        if rs.outcome(s) is not None:
            break
        prompts = rs.pending(s)
        assert prompts, f"{where}: nobody to move in a running game"
        legal = {p.seat: rs.legal_actions(s, p.seat) for p in prompts}
        for seat, actions in legal.items():
            assert actions, f"{where}: {seat} is waited for but has no legal move"
            check_keys(rs, s, seat, actions, where)
        if number % ILLEGAL_EVERY == 0:
            check_illegal(rs, s, dumped, legal, earlier, where)
        seat = rng.choice(sorted(legal))
        action = rng.choice(legal[seat])
        step = rs.apply(s, seat, action)
        assert rs.dump_state(s) == dumped, f"{where}: apply changed its input state"
        where += f" {seat}:{action.key}"
        s, dumped = step.state, rs.dump_state(step.state)
        check_events(s, step.events, secrets | rng_states(dumped), where)
        if public is not None:
            public(s, step.events, where)
        earlier = [(x, a) for x, actions in legal.items() for a in actions[:3]]
        moves.append((seat, action.key))
        digest.update(dumped.encode())
    else:
        pytest.fail(f"{game.id}: no result after {MOVE_CAP} moves")
    assert rs.pending(s) == [], f"{game.id}: someone is asked after the end"
    assert all(rs.legal_actions(s, x) == [] for x in s.seats), game.id
    return Played(moves, dumped, digest.hexdigest())


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_random_game_keeps_the_contract(game: Game) -> None:
    played = play(game)
    assert played.moves, f"{game.id}: a game without a move"


@pytest.mark.parametrize("game", GAMES[::2], ids=[g.id for g in GAMES[::2]])
def test_replaying_the_moves_gives_the_same_game(game: Game) -> None:
    played = play(game)
    rs, s = game.start()
    digest = hashlib.sha256()
    for seat, key in played.moves:
        s = rs.apply(s, seat, rs.parse_action(s, seat, key)).state
        digest.update(rs.dump_state(s).encode())
    assert digest.hexdigest() == played.digest
    assert rs.dump_state(s) == played.final


def test_every_registered_game_is_checked() -> None:
    assert {g.ruleset for g in GAMES} == set(list_rulesets())
    assert {"darkmoon", "lockdown", "nemesis"} <= set(list_rulesets())
