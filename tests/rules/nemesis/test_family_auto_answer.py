"""The answers a player may leave to Warden (their sheet's setting, see the README's
"Playing"): in the Nemesis family, taking an attack they cannot interrupt and keeping the
hand after passing; every real decision stays theirs (NX-IATK-1, NX-TURN-1)."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    RS,
    add_intruder,
    attack,
    card_of,
    keys,
    on_top,
    plain_cards,
    play,
    push,
    ready,
    set_hand,
    top,
    waiting,
)

from rules import get_ruleset
from rules.lockdown.state import GameState
from rules.nemesis.frames import AttackFrame, DiscardFrame, InterruptFrame

REPO = "repository"


def attacked(hand: list[str]) -> tuple[GameState, int]:
    """An adult about to attack p0, who holds `hand`."""
    s = ready(("sentry", "cleaner"))
    set_hand(s, "p0", hand)
    set_hand(s, "p1", plain_cards(s, "p1", 3))
    s.first_encounter = True
    i = add_intruder(s, "adult", REPO)
    on_top(s, "attacks", attack(hits=("adult",), light=1))
    s2, _ = push(s, AttackFrame(queue=[(i, "p0")]))
    assert isinstance(top(s2), InterruptFrame) and waiting(s2) == ["p0"]
    return s2, i


@pytest.mark.rule("NX-IATK-1")
def test_an_attack_without_a_payable_interrupt_is_taken_for_the_player() -> None:
    """Asked anyway (the pause tells the table nothing): "Take the attack" is the only
    answer, so Warden may give it; the attack then hits as if the player had clicked."""
    fire = card_of("sentry", interrupt=True)
    s, _ = attacked([fire])  # Return Fire costs one more card than the hand holds
    assert keys(s, "p0") == ["pick:0"]
    answer = RS.auto_answer(s, "p0")
    assert answer is not None and answer.key == "pick:0"
    assert RS.describe(s, "p0", answer).label == "Take the attack"
    assert RS.auto_answer(s, "p1") is None  # not p1's decision
    taken, _ = play(s, "p0", answer.key)
    assert taken.heroes["p0"].light == 1


@pytest.mark.rule("NX-IATK-1")
def test_an_attack_the_player_can_interrupt_is_always_asked() -> None:
    fire = card_of("sentry", interrupt=True)
    s, _ = attacked([fire, *plain_cards(ready(("sentry", "cleaner")), "p0", 1)])
    assert sorted(keys(s, "p0")) == sorted(["pick:0", f"card:{fire},0"])
    assert RS.auto_answer(s, "p0") is None


@pytest.mark.rule("NX-TURN-1")
@pytest.mark.parametrize("ruleset", ["lockdown", "nemesis"])
def test_passing_keeps_the_hand_for_the_player_and_an_effect_discard_is_asked(
        ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    s = rs.new_game(["p0", "p1"], 1)
    while (p := rs.pending(s)[0]).kind != "turn":
        s = rs.apply(s, p.seat, rs.legal_actions(s, p.seat)[0]).state
    assert rs.auto_answer(s, p.seat) is None  # a turn is a real decision
    passed = rs.apply(s, p.seat, rs.parse_action(s, p.seat, "pass")).state
    frame = passed.stack[-1]
    assert isinstance(frame, DiscardFrame) and frame.n is None
    answer = rs.auto_answer(passed, p.seat)
    assert answer is not None and answer.key == "discard:~"
    assert rs.describe(passed, p.seat, answer).label == "Keep your hand"
    hand = list(passed.heroes[p.seat].hand)
    kept = rs.apply(passed, p.seat, answer).state
    assert kept.heroes[p.seat].hand == hand
    # "discard 2 action cards of your choice" is a real choice
    forced = rs.load_state(rs.dump_state(passed))
    forced.stack[-1] = DiscardFrame(seat=p.seat, n=1)
    assert rs.auto_answer(forced, p.seat) is None


def test_a_game_without_such_decisions_answers_nothing_for_anyone() -> None:
    dm = get_ruleset("darkmoon")
    assert dm.auto_answers == ""
    s = dm.new_game([f"{100 + i}" for i in range(4)], 3)
    assert all(dm.auto_answer(s, p.seat) is None for p in dm.pending(s))
    assert RS.auto_answers and "no interrupt card" in RS.auto_answer_tells
