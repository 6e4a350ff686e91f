"""Scenario helpers for the Dark Moon rules tests.

Build a game, craft a situation on a deep copy of the state (frames on the stack,
players, pools), play action keys through the public contract, and force dice
results by picking an RNG state that produces them. Nothing here changes the engine.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from scenario import Scenario, ScriptedRng, kinds, rig, texts, top  # noqa: F401  (re-exported)

from rules import get_ruleset
from rules.core.contract import Event
from rules.darkmoon.cards import content
from rules.darkmoon.ruleset import DarkMoon
from rules.darkmoon.state import (
    EventPickFrame,
    GameState,
    Options,
    RollFrame,
    TaskFrame,
    TurnFrame,
)

RS = get_ruleset("darkmoon")
assert isinstance(RS, DarkMoon)
C = content()
STATUS_IDS = frozenset(x.id for x in C.statuses)
INFECTED_IDS = tuple(x.id for x in C.statuses if x.infected)
UNINFECTED_IDS = tuple(x.id for x in C.statuses if not x.infected)
NEUTRAL_EVENT = "security_audit"  # nothing at start, nothing during


SC = Scenario(RS)
edit, advance, push, run_with = SC.edit, SC.advance, SC.push, SC.run_with
play, keys, waiting = SC.play, SC.keys, SC.waiting

def seats(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def new(n: int = 4, seed: int = 1, **options: Any) -> GameState:
    """A fresh game straight out of setup (the commander's event pick is pending)."""
    return RS.new_game(seats(n), seed, Options(**options))


def ready(n: int = 4, seed: int = 1, *, event: str | None = NEUTRAL_EVENT,
          **options: Any) -> GameState:
    """A game after setup with `event` as the current event and the start player's
    action pending (no retrieve step: everyone starts with a full screen)."""
    s = new(n, seed, **options)
    pick = s.stack[-1]
    assert isinstance(pick, EventPickFrame)
    s = s.model_copy(deep=True)
    s.event_deck.extend(pick.drawn)
    if event is not None:
        s.event_deck.remove(event)
    s.current_event = event
    s.event_cubes = 0
    s.stack = [TurnFrame(seat=s.active, stage="action")]
    return s




def turn(s: GameState, seat: str, stage: str = "action") -> GameState:
    """A copy where it is `seat`'s turn, at `stage`, with nothing else pending."""
    s = edit(s)
    s.active = seat
    s.stack = [TurnFrame(seat=seat, stage=stage)]  # type: ignore[arg-type]
    return s




















# ------------------------------------------------------------------ crafting
def set_dice(s: GameState, seat: str, strong: int, weak: int,
             commander: bool | None = None) -> None:
    """Set what `seat` holds (in place), moving the difference to/from the pool (and
    from other screens when the pool runs short)."""
    p = s.players[seat]
    s.available.strong += p.held.strong - strong
    s.available.weak += p.held.weak - weak
    p.held.strong, p.held.weak = strong, weak
    for kind in ("strong", "weak"):
        for other in s.players.values():  # short of dice: take them from other screens
            while s.available.get(kind) < 0 and other is not p and other.held.get(kind):  # type: ignore[arg-type]
                other.held.add(kind, -1)  # type: ignore[arg-type]
                s.available.add(kind)  # type: ignore[arg-type]
    assert s.available.strong >= 0 and s.available.weak >= 0, "not enough dice in the game"
    if commander is not None:
        assert s.commander == seat
        if commander and not p.held.commander:
            s.available.commander = s.spent.commander = 0
            p.held.commander = 1
            s.commander_die = "held"
        elif not commander and p.held.commander:
            p.held.commander = 0
            s.available.commander = 1
            s.commander_die = "available"


def give_character(s: GameState, seat: str, character: str) -> None:
    """Give `seat` a character (in place), swapping with whoever had it."""
    for other in s.players.values():
        if other.character == character:
            other.character = s.players[seat].character
    s.players[seat].character = character


def give_status(s: GameState, seat: str, status: str) -> None:
    """Give `seat` a status card (in place), swapping with whoever had it."""
    me = s.players[seat]
    for other in s.players.values():
        if other.status == status and other is not me:
            other.status, other.infected = me.status, me.infected
    me.status = status
    me.infected = status in INFECTED_IDS


def only_infected(s: GameState, *infected: str) -> None:
    """Make exactly these seats infected (distinct infected cards), all others not."""
    inf = iter(INFECTED_IDS)
    unf = iter(UNINFECTED_IDS * 2)
    for seat, p in s.players.items():
        p.status = next(inf) if seat in infected else next(unf)
        p.infected = seat in infected


def make_commander(s: GameState, seat: str, *, holding: bool = True) -> None:
    """Hand the commander card (in place); the die is held or available."""
    old = s.commander
    if old is not None:
        s.players[old].held.commander = 0
    s.available.commander = s.spent.commander = 0
    s.commander = seat
    if holding:
        s.players[seat].held.commander = 1
        s.commander_die = "held"
    else:
        s.available.commander = 1
        s.commander_die = "available"


def character_of(s: GameState, character: str) -> str:
    return next(seat for seat, p in s.players.items() if p.character == character)


def face_index(kind: str, face: int) -> int:
    return list(getattr(C.board.dice, kind)).index(face)


def die(kind: str, face: int) -> tuple[int, int]:
    """One `rng.below(6)` draw that rolls `face` on a die of `kind`."""
    return (6, face_index(kind, face))


def dice_in_game(s: GameState) -> tuple[int, int, int]:
    """(strong, weak, commander) over screens, pools and dice being rolled."""
    totals = {"strong": 0, "weak": 0, "commander": 0}
    for pool in [s.available, s.spent, *(p.held for p in s.players.values())]:
        for kind in totals:
            totals[kind] += pool.get(kind)  # type: ignore[arg-type]
    for frame in s.stack:
        if isinstance(frame, RollFrame):
            for d in frame.rolled:
                totals[d.kind] += 1
    return totals["strong"], totals["weak"], totals["commander"]


def drive(s: GameState, until: Callable[[GameState], bool],
          choose: Callable[[GameState, str, list[str]], str] | None = None,
          limit: int = 200) -> tuple[GameState, list[Event]]:
    """Answer every decision (first legal key unless `choose` says otherwise) until
    `until(state)` holds or the game ends."""
    events: list[Event] = []
    for _ in range(limit):
        if until(s) or s.result is not None:
            return s, events
        seat = waiting(s)[0]
        options = keys(s, seat)
        key = choose(s, seat, options) if choose else options[0]
        s, evs = play(s, seat, key)
        events.extend(evs)
    raise AssertionError("drive() did not reach its goal")


def prefer(*wanted: str) -> Callable[[GameState, str, list[str]], str]:
    """A chooser taking the first key that starts with one of `wanted`, else the first."""
    def choose(s: GameState, seat: str, options: list[str]) -> str:
        for w in wanted:
            for key in options:
                if key.startswith(w):
                    return key
        return options[0]
    return choose


def back_to_turn(seat: str) -> Callable[[GameState], bool]:
    """Until the stack is just `seat`'s turn again (after its action)."""
    def done(s: GameState) -> bool:
        return len(s.stack) == 1 and isinstance(s.stack[0], TurnFrame) and \
            s.stack[0].seat == seat
    return done


def board(s: GameState) -> dict[str, Any]:
    """Everything on the table an effect could change (for 'something happened')."""
    return {
        "shield": s.shield, "outposts": sorted(s.outposts), "fatigue": sorted(s.fatigue),
        "suspicion": s.suspicion, "sabotage": s.sabotage, "commander": s.commander,
        "event_cubes": s.event_cubes, "final_cubes": s.final_cubes,
        "events_done": list(s.events_done), "current_event": s.current_event,
        "available": dataclasses.asdict(s.available), "task_deck": list(s.task_deck),
        "result": s.result,
        "players": {seat: (dataclasses.asdict(p.held), p.die_tokens, p.quarantined)
                    for seat, p in s.players.items()},
    }


def deck_of(s: GameState) -> tuple[Any, ...]:
    return C.silver_tasks if s.task_deck_name == "silver" else C.black_tasks


def malfunction(s: GameState, system: str, *, suspicious: bool = False) -> str:
    """The id of a malfunction of `system` in the state's task deck."""
    return next(t.id for t in deck_of(s) if t.kind == "malfunction" and t.system == system
                and t.suspicious == suspicious)


def task_card_of(s: GameState, card_id: str) -> Any:
    return next(t for t in deck_of(s) if t.id == card_id)


def start_task(s: GameState, card_id: str) -> tuple[GameState, list[Event]]:
    """It is the active player's task step and they drew only `card_id`."""
    s = edit(s)
    if card_id in s.task_deck:
        s.task_deck.remove(card_id)
    return push(s, TaskFrame(seat=s.active, drawn=[card_id]))


def vote_all(s: GameState, choices: dict[str, str] | None = None,
             default: str = "abstain") -> tuple[GameState, list[Event]]:
    """Every waiting voter casts `choices[seat]` (else `default`, or abstains when they
    hold no die of the default kind)."""
    choices = choices or {}
    events: list[Event] = []
    for voter in list(waiting(s)):
        key = f"vote:{choices.get(voter, default)}"
        if voter not in choices and key not in keys(s, voter):
            key = "vote:abstain"  # the default die is not behind this screen
        s, evs = play(s, voter, key)
        events.extend(evs)
    return s, events


def action_done(s: GameState) -> bool:
    """The active player's action is over: their task draw is pending, or the turn
    passed on (the next player's turn frame is alone on the stack)."""
    if not s.stack or not isinstance(s.stack[0], TurnFrame):
        return True
    first = s.stack[0]
    if len(s.stack) == 1:
        return first.seat != s.active or first.stage != "action" or bool(waiting(s))
    frame = s.stack[-1]
    return len(s.stack) == 2 and isinstance(frame, TaskFrame) and frame.stage == "draw" \
        and first.stage != "action"


def settle(s: GameState) -> tuple[GameState, list[Event]]:
    """Answer decisions with the first legal key until the current action is over."""
    return drive(s, action_done)


# ------------------------------------------------------------------ modules and variants
CREW = ("kenji_watanabe", "amara_okafor", "henrik_lund", "priya_raman", "jon_reed",
        "luba_zheleznyak", "sofia_marquez")


def table(n: int = 4, seed: int = 2, *, infected: tuple[int, ...] = (-1,),
          **options: Any) -> tuple[GameState, list[str]]:
    """A ready game with `options`: order[0] is active, order[1] commands, the seats at
    the `infected` positions of the turn order are the infected ones (distinct cards),
    characters without a turn ability in the way, no outpost token on the board."""
    from rules.darkmoon.table import seats_from

    s = ready(n, seed, **options)
    order = seats_from(s, s.active)
    for i, x in enumerate(order):
        give_character(s, x, CREW[i])
    make_commander(s, order[1])
    s.outpost_pile.extend(s.outposts)
    s.outposts = []
    only_infected(s, *(order[i] for i in infected))
    return s, order


def reveal_now(s: GameState, seat: str, strong: int = 1, weak: int = 1) -> None:
    """Make `seat` a revealed infected player holding these dice (in place)."""
    p = s.players[seat]
    p.infected = p.revealed = True
    p.quarantined = False
    set_dice(s, seat, strong, weak)
    s.revealed_order.append(seat)


# ------------------------------------------------------------------ leak check
def status_ids(s: GameState) -> frozenset[str]:
    """Every status card a player of this game may hold (the expansion's and Company
    Man's included when the game uses them)."""
    ids = STATUS_IDS | {x.id for x in C.expansion.statuses} if s.expansion else STATUS_IDS
    if s.options.company_man:
        ids |= {x.id for x in C.modules.company_man_statuses}
    return ids


def check_public(s: GameState, events: list[Event], where: str) -> None:
    """Nothing secret in the public view of `s` or in the public `events` of the move that
    led to it: no hidden status (until the end tells them all), no held or privately
    rolled dice; private rolls addressed to one seat, every address a player."""
    hidden = {p.status for p in s.players.values() if not p.revealed}
    assert hidden <= status_ids(s)
    view = RS.view(s, None)
    dumped = view.model_dump_json()
    assert view.me is None and json.loads(dumped).get("me") is None, where
    assert '"held":{' not in dumped and '"rolled"' not in dumped, where
    if s.result is None:
        for status in hidden:
            assert status not in dumped, f"{where}: public view shows {status}"
    for e in events:
        if e.kind == "private_roll":
            assert e.to is not None and len(e.to) == 1, where
        if e.to is not None:
            assert set(e.to) <= set(s.players), where
            continue
        blob = e.text + json.dumps(e.data)
        for status in hidden if s.result is None else ():  # the end tells every secret
            assert status not in blob, f"{where}: public event {e.kind} shows {status}"
        assert "held" not in e.data, where
        if e.kind in ("roll", "reveal_roll", "shield_test"):
            assert "dice" not in e.data and "count" not in e.data, f"{where}: {e}"


def random_states(n: int, seed: int, options: Options, every: int = 3, *,
                  final: bool = True) -> Iterator[GameState]:
    """Every `every`-th state of a random game (random legal moves from `seed`), and its
    last state when `final`."""
    pick = random.Random(seed)
    s = RS.new_game([f"p{i}" for i in range(n)], seed, options)
    moves = 0
    while not s.over and moves < 2000:
        if moves % every == 0:
            yield s
        prompt = pick.choice(RS.pending(s))
        s = RS.apply(s, prompt.seat, pick.choice(RS.legal_actions(s, prompt.seat))).state
        moves += 1
    if final:
        yield s
