"""The ten variant rules (DMX-8), each an option that also works without the
expansion: every variant on against off, from crafted states."""

from __future__ import annotations

import pytest
from darkmoon_helpers import (
    RS,
    advance,
    die,
    keys,
    malfunction,
    new,
    play,
    push,
    reveal_now,
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
from rules.darkmoon import cards as k
from rules.darkmoon.damage import WIN_TEXT
from rules.darkmoon.effects import add_cube
from rules.darkmoon.state import (
    DamageFrame,
    DiscardFrame,
    EffectsFrame,
    GameState,
    Options,
    RollFrame,
    TaskFrame,
    TurnFrame,
)
from rules.darkmoon.table import left_of, seats_from
from rules.darkmoon.tasks import task_card

ON_OFF = pytest.mark.parametrize("on", [True, False])


def _held(s, seat: str) -> tuple[int, int]:
    p = s.players[seat]
    return p.held.strong, p.held.weak


# ------------------------------------------------------------------ options
@pytest.mark.rule("DMX-8")
def test_every_variant_works_without_the_expansion() -> None:
    opts = Options(expensive_voting=True, first_is_last=True, flimsy_quarantine=True,
                   telepathic_infected=True, deadly_events=True, no_more_complications=True,
                   nerfed_reveal="extreme", safe_orders=True, fatigued_infected=True,
                   costly_actions=True)
    assert not opts.expansion
    s = RS.new_game([f"p{i}" for i in range(5)], 3, opts)
    assert s.expansion is None and RS.view(s, None).rules_on[-1] == "costly_actions"
    with pytest.raises(ValidationError):
        Options(nerfed_reveal="mild")  # type: ignore[arg-type]


# ------------------------------------------------------------------ Expensive Voting
@pytest.mark.rule("DMX-8")
@ON_OFF
def test_expensive_voting_sends_every_vote_die_to_the_pool(on: bool) -> None:
    s, order = table(4, expensive_voting=on)
    for x in order:
        set_dice(s, x, 2, 2)
    s, _ = play(s, order[0], f"call_vote:{order[2]}")
    pool = s.available.strong + s.available.weak
    s, events = vote_all(s, {order[0]: "weak", order[1]: "strong", order[2]: "strong"})
    spent = 3 if on else 0
    assert s.available.strong + s.available.weak == pool + spent
    assert _held(s, order[0]) == ((2, 1) if on else (2, 2))
    assert _held(s, order[3]) == (2, 2)  # abstained: keeps everything
    assert any("Expensive Voting" in e.text for e in events) == on


# ------------------------------------------------------------------ First Is Last
@pytest.mark.rule("DMX-8")
@ON_OFF
def test_first_is_last_puts_the_active_player_last_in_a_malfunction(on: bool) -> None:
    s, order = table(4, first_is_last=on)
    seat = order[0]
    s, _ = start_task(s, malfunction(s, "outpost"))
    seen = []
    while isinstance(top(s), TaskFrame) and top(s).stage == "participation":
        x = waiting(s)[0]
        seen.append(x)
        s, _ = play(s, x, "in")
    expected = seats_from(s, left_of(s, seat)) if on else seats_from(s, seat)
    assert seen == expected
    rollers = []
    while s.result is None and isinstance(top(s), RollFrame | TaskFrame):
        frame = top(s)
        if isinstance(frame, RollFrame) and frame.seat not in rollers:
            rollers.append(frame.seat)
        if not waiting(s):
            break
        x = waiting(s)[0]
        options = keys(s, x)
        s, _ = play(s, x, "stop" if "stop" in options else options[0])
    assert rollers[0] == expected[0] and rollers[-1] == (seat if on else order[-1])


# ------------------------------------------------------------------ Flimsy Quarantine
@pytest.mark.rule("DMX-8")
@ON_OFF
def test_flimsy_quarantine_lets_a_quarantined_player_draw_tasks(on: bool) -> None:
    s, order = table(4, flimsy_quarantine=on)
    seat = order[0]
    s = turn(s, seat, stage="task")
    s.players[seat].quarantined = True
    s, _ = advance(s)
    drawing = isinstance(top(s), TaskFrame) and top(s).seat == seat
    assert drawing == on
    if not on:
        assert isinstance(top(s), TurnFrame) and top(s).seat == order[1]


@pytest.mark.rule("DMX-8")
def test_flimsy_quarantine_never_gives_a_revealed_player_a_task() -> None:
    s, order = table(4, flimsy_quarantine=True)
    seat = order[-1]
    s = turn(s, seat, stage="task")
    reveal_now(s, seat)
    s, _ = advance(s)
    assert isinstance(top(s), TurnFrame) and top(s).seat == order[0]


# ------------------------------------------------------------------ Telepathic Infected
@pytest.mark.rule("DMX-8")
@pytest.mark.parametrize("n", [4, 5, 7])
def test_telepathic_infected_at_five_players_and_more(n: int) -> None:
    opts = Options(telepathic_infected=True)
    assert (RS.check_players(opts, n) is None) == (n >= 5)
    assert RS.player_range(opts) == (5, 7) and RS.player_range(Options()) == (3, 7)
    s = new(n, 5, telepathic_infected=True)
    infected = [x for x in s.seats if s.players[x].infected]
    for x in s.seats:
        me = RS.view(s, x).me
        assert me is not None
        mates = [y for y in infected if y != x] if x in infected and n >= 5 else []
        assert me.infected_teammates == mates
    assert "infected_teammates" not in RS.view(s, None).model_dump_json().replace(
        '"me":null', "")
    # told with the first move (the commander's first event pick), to the infected only
    chooser = waiting(s)[0]
    s2, events = play(s, chooser, keys(s, chooser)[0])
    told = [e for e in events if e.kind == "telepathy"]
    if n < 5:
        assert not told
        return
    assert sorted(e.to[0] for e in told if e.to) == sorted(infected)
    for e in told:
        assert e.to is not None and len(e.to) == 1
        assert e.data["teammates"] == [y for y in infected if y != e.to[0]]
        are = "player is" if len(infected) == 2 else "players are"
        assert e.text.startswith(f"Telepathic Infected: the other infected {are} <@")
    # and never again
    seat = waiting(s2)[0]
    _, later = play(s2, seat, keys(s2, seat)[0])
    assert not [e for e in later if e.kind == "telepathy"]


@pytest.mark.rule("DMX-8")
def test_without_telepathy_nobody_learns_the_other_infected() -> None:
    s = new(7, 5)
    for x in s.seats:
        me = RS.view(s, x).me
        assert me is not None and me.infected_teammates == []
    chooser = waiting(s)[0]
    _, events = play(s, chooser, keys(s, chooser)[0])
    assert not [e for e in events if e.kind == "telepathy"]


# ------------------------------------------------------------------ Deadly Events
def _reboot(on: bool, fatigue: int) -> tuple[GameState, str, list[Event]]:
    """System Reboot completes with 4 shield, 3 outpost and `fatigue` fatigue tokens on
    the board; the commander then piles fatigue tokens (outposts once fatigue is not
    offered) until the 5 tokens are placed or the game ends."""
    s, order = table(4, event="system_reboot", deadly_events=on)
    commander = order[1]
    s.shield = 4
    s.outposts, s.outpost_pile = s.outpost_pile[:3], s.outpost_pile[3:]
    s.fatigue, s.fatigue_pile = s.fatigue_pile[:fatigue], s.fatigue_pile[fatigue:]
    s.event_cubes = next(e for e in k.content().events if e.id == "system_reboot").cubes - 1
    s, events = run_with(s, add_cube)
    # the shield and the outposts are cleared, the fatigue tokens stay
    assert (s.shield, s.outposts, len(s.fatigue)) == (0, [], fatigue)
    frame = next(f for f in reversed(s.stack) if isinstance(f, DamageFrame))
    assert frame.lethal == on and frame.remaining == 5
    while s.result is None and isinstance(top(s), DamageFrame) and waiting(s) == [commander]:
        choice = "damage:fatigue" if "damage:fatigue" in keys(s, commander) else \
            "damage:outpost"
        s, evs = play(s, commander, choice)
        events += evs
    return s, commander, events


@pytest.mark.rule("DMX-8")
@pytest.mark.rule("DM-EVENT-3")
@ON_OFF
def test_deadly_events_lets_system_reboots_tokens_end_the_game(on: bool) -> None:
    s, commander, events = _reboot(on, fatigue=2)
    if on:
        # the 4th token is the sixth fatigue token: the infected win at once
        assert s.result == "infected" and len(s.fatigue) == 6 and s.outposts == []
        assert s.result_reason == WIN_TEXT["fatigue"]
        assert sum(e.kind == "damage" for e in events) == 4
    else:
        # core rule: stop just before an infected win; the last 2 tokens go elsewhere
        assert s.result is None and len(s.fatigue) == 5 and len(s.outposts) == 2
        assert sum(e.kind == "damage" for e in events) == 5


@pytest.mark.rule("DMX-8")
@ON_OFF
def test_deadly_events_offers_the_sixth_token_only_with_the_variant(on: bool) -> None:
    s, order = table(4, event="system_reboot", deadly_events=on)
    s.fatigue, s.fatigue_pile = s.fatigue_pile[:5], s.fatigue_pile[5:]
    s.event_cubes = next(e for e in k.content().events if e.id == "system_reboot").cubes - 1
    s, _ = run_with(s, add_cube)
    commander = order[1]
    assert waiting(s) == [commander]
    assert ("damage:fatigue" in keys(s, commander)) == on
    if on:
        choice = next(c for c in RS.legal_actions(s, commander) if c.key == "damage:fatigue")
        assert "the infected win" in RS.describe(s, commander, choice).detail


@pytest.mark.rule("DMX-8")
@ON_OFF
def test_deadly_events_leave_start_effects_as_they_were(on: bool) -> None:
    s, order = table(4, deadly_events=on)
    s.shield = 5
    effect = k.Damage(do="damage", kind="shield", count=1)
    s, _ = push(s, EffectsFrame(effects=[effect], source="hull_breach", lethal=False,
                                active=order[0]))
    assert s.result is None and s.shield == 5


# ------------------------------------------------------------------ No More Complications
def _reveal(s, seat: str):
    s, _ = play(s, seat, "reveal")
    for _ in range(20):
        if top(s) is None or not waiting(s) or waiting(s)[0] != seat or \
                isinstance(top(s), TurnFrame):
            break
        s, _ = play(s, seat, keys(s, seat)[0])
    return s


@pytest.mark.rule("DMX-8")
@ON_OFF
def test_no_more_complications_once_every_infected_is_revealed(on: bool) -> None:
    s, order = table(4, no_more_complications=on)
    seat = order[-1]
    s = turn(s, seat)
    s.task_discard = [s.task_deck.pop(0) for _ in range(4)]
    before = sorted(s.task_deck + s.task_discard)
    s = _reveal(s, seat)
    after = s.task_deck + s.task_discard
    kinds = {task_card(s, c).kind for c in after}
    if on:
        assert kinds == {"malfunction"} and not s.task_discard
        assert sorted(after) == [c for c in before if task_card(s, c).kind == "malfunction"]
    else:
        assert "complication" in kinds and sorted(after) == before


@pytest.mark.rule("DMX-8")
def test_no_more_complications_waits_for_the_last_infected() -> None:
    s, order = table(5, no_more_complications=True, infected=(-1, -2))
    s = turn(s, order[-1])
    s = _reveal(s, order[-1])
    assert any(task_card(s, c).kind == "complication" for c in s.task_deck + s.task_discard)


# ------------------------------------------------------------------ Nerfed Reveal
@pytest.mark.rule("DMX-8")
@pytest.mark.parametrize("level", ["off", "normal", "extreme"])
def test_nerfed_reveal_takes_away_the_second_use_or_the_whole_power(level: str) -> None:
    s, order = table(4, nerfed_reveal=level)
    seat = order[-1]
    s.players[seat].status = "infected_saboteur"  # power: 1 outpost token
    s = turn(s, seat)
    s.available.strong, s.available.weak = 4, 0
    s, events = play(s, seat, "reveal")
    rolled = [e for e in events if e.kind == "reveal_roll"]
    assert bool(rolled) == (level == "off")
    assert len(s.outposts) == (0 if level == "extreme" else 1)
    nerfed = [e for e in events if e.text.startswith("Nerfed Reveal")]
    assert len(nerfed) == (level != "off")


# ------------------------------------------------------------------ Safe Orders
@pytest.mark.rule("DMX-8")
@ON_OFF
def test_safe_orders_forbid_revealing_on_an_order(on: bool) -> None:
    s, order = table(4, safe_orders=on)
    ordered = order[-1]  # the infected one
    s, _ = play(s, order[0], f"order:{ordered}")
    s, _ = play(s, ordered, "order_answer:actions")
    assert ("reveal" in keys(s, ordered)) != on
    # on their own turn the reveal stays
    s2, _ = table(4, safe_orders=on)
    s2 = turn(s2, ordered)
    assert "reveal" in keys(s2, ordered)


# ------------------------------------------------------------------ Fatigued Infected
@pytest.mark.rule("DMX-8")
@ON_OFF
def test_fatigued_infected_submit_a_single_die_in_malfunctions(on: bool) -> None:
    s, order = table(4, fatigued_infected=on)
    seat = order[-1]
    reveal_now(s, seat, 1, 1)
    rig(s, die("strong", 2), die("weak", 1))
    s, _ = push(s, TaskFrame(seat=order[0], stage="rolling", card=malfunction(s, "outpost")),
                RollFrame(seat=seat, purpose="task", must_roll_all=True, max_dice=99))
    sizes = {len(key.split(":")[1].split("+")) for key in keys(s, seat)
             if key.startswith("submit:")}
    assert sizes == ({1} if on else {1, 2})
    s, _ = play(s, seat, "submit:S2")
    assert (waiting(s) == [seat] and "stop" in keys(s, seat)) != on  # no roll again


# ------------------------------------------------------------------ Costly Actions
@pytest.mark.rule("DMX-8")
@ON_OFF
def test_costly_actions_cost_a_die_before_the_action(on: bool) -> None:
    s, order = table(4, costly_actions=on)
    seat = order[-1]
    s = turn(s, seat)
    reveal_now(s, seat, 1, 1)
    pool = s.available.total()
    s, events = play(s, seat, "sabotage:shield")
    if on:
        assert isinstance(top(s), DiscardFrame) and waiting(s) == [seat]
        assert s.sabotage is None  # the die is paid first
        s, events = play(s, seat, "discard:W")
        assert _held(s, seat) == (1, 0) and s.available.total() == pool + 1
    else:
        assert _held(s, seat) == (1, 1) and s.available.total() == pool
    assert s.sabotage == "shield"


@pytest.mark.rule("DMX-8")
@ON_OFF
def test_costly_actions_with_no_die_leave_no_infected_action(on: bool) -> None:
    s, order = table(4, costly_actions=on)
    seat = order[-1]
    s = turn(s, seat)
    reveal_now(s, seat, 0, 0)
    if on:
        s, _ = advance(s)
        assert waiting(s) != [seat] or not isinstance(top(s), TurnFrame) or \
            top(s).seat != seat
    else:
        assert "energy_spike" in keys(s, seat)


@pytest.mark.rule("DMX-8")
def test_costly_actions_with_one_kind_pay_without_asking() -> None:
    s, order = table(4, costly_actions=True)
    seat = order[-1]
    s = turn(s, seat)
    reveal_now(s, seat, 2, 0)
    s, _ = play(s, seat, "sabotage:outpost")
    assert _held(s, seat) == (1, 0) and s.sabotage == "outpost"
