"""The player phase: drawing, the first player token, turns, passing, paying costs, and
what combat allows (NX-TURN-1, NX-COST-1, NX-COMBAT-STATE-1)."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    IDX,
    add_intruder,
    advance,
    card_of,
    discard_key,
    do,
    edit,
    give,
    illegal,
    keys,
    noise,
    pass_turn,
    plain_cards,
    play,
    push,
    put_room,
    ready,
    rig,
    set_hand,
    started,
    top,
    waiting,
)

from rules.lockdown.state import EventPhaseFrame, RoundFrame
from rules.nemesis.frames import DiscardFrame, PayFrame, TurnFrame
from rules.nemesis.state import add_object

REPO = "repository"
ALERT = "alert"


@pytest.mark.rule("NX-TURN-1")
def test_draw_up_to_five_and_the_first_player_token_moves_left() -> None:
    s = ready(["sentry", "cleaner", "psychologist"])
    assert started(3, 1).first_player == "p0"  # round 1: player 1 keeps the token
    s = edit(s)
    s.round = 2
    hero = s.heroes["p0"]
    hero.discard, hero.deck, hero.hand = hero.hand + hero.deck[:3], hero.deck[3:], []
    assert len(hero.deck) == 2 and len(hero.discard) == 8
    p1 = s.heroes["p1"]
    p1.deck, p1.hand = p1.deck + p1.hand[2:], p1.hand[:2]
    s.stack = [RoundFrame(stage="draw")]
    s, events = advance(s)
    assert s.first_player == "p1"
    assert waiting(s) == ["p1"]
    assert len(s.heroes["p0"].hand) == 5 and len(s.heroes["p1"].hand) == 5
    assert len(s.heroes["p0"].hand) + len(s.heroes["p0"].deck) + len(
        s.heroes["p0"].discard) == 10
    assert "round" in [e.kind for e in events]


@pytest.mark.rule("NX-TURN-1")
@pytest.mark.rule("NX-END-1")
@pytest.mark.parametrize("place", ["dead", "escaped", "isolated"])
def test_the_first_player_token_skips_a_character_no_longer_playing(place: str) -> None:
    s = edit(ready(["sentry", "cleaner", "psychologist"]))
    s.round = 2
    s.heroes["p1"].place = place
    s.stack = [RoundFrame(stage="draw")]
    s, events = advance(s)
    assert s.first_player == "p2" and waiting(s) == ["p2"]
    assert "<@p2> has the first player token" in next(e.text for e in events
                                                        if e.kind == "round")


@pytest.mark.rule("NX-TURN-1")
def test_the_first_player_token_after_the_last_seat_goes_round_to_the_first() -> None:
    s = edit(ready(["sentry", "cleaner", "psychologist"]))
    s.round, s.first_player = 2, "p2"
    s.heroes["p0"].place = "dead"
    s.stack = [RoundFrame(stage="draw")]
    s, _ = advance(s)
    assert s.first_player == "p1"


@pytest.mark.rule("NX-TURN-1")
def test_turns_of_two_actions_in_order_until_everyone_passes() -> None:
    s = ready(["sentry", "cleaner"])
    s.heroes["p1"].room = REPO
    s, _ = do(s, "p0", f"move:{ALERT}", noise("silence"))
    assert waiting(s) == ["p0"] and s.heroes["p0"].actions_taken == 1
    s, _ = do(s, "p0", f"move:{REPO}")  # not empty: no noise roll
    assert waiting(s) == ["p1"]
    s, _ = do(s, "p1", f"move:{ALERT}", noise("silence"))
    s, _ = pass_turn(s, "p1")  # 1 action, then the pass
    assert waiting(s) == ["p0"]
    s, events = pass_turn(s, "p0")
    kinds_ = [e.kind for e in events]
    assert kinds_.index("pass") < kinds_.index("time") < kinds_.index("round")
    assert s.round == 2 and s.first_player == "p1" and waiting(s) == ["p1"]


@pytest.mark.rule("NX-TURN-1")
def test_a_passed_player_gets_no_more_turns_and_the_round_goes_on() -> None:
    s = ready(["sentry", "cleaner"])
    s, _ = pass_turn(s, "p0")
    assert waiting(s) == ["p1"]
    s, _ = do(s, "p1", f"move:{ALERT}", noise("silence"))
    s, _ = do(s, "p1", f"move:{REPO}")  # p0 is there: no noise roll
    assert waiting(s) == ["p1"] and s.heroes["p1"].actions_taken == 0  # p1's next turn
    assert [f.seat for f in s.stack if isinstance(f, TurnFrame)] == ["p1"]
    assert "pass" in keys(s, "p1") and keys(s, "p0") == []


@pytest.mark.rule("NX-TURN-1")
def test_passing_may_discard_any_cards_including_contamination() -> None:
    s = ready(["sentry", "cleaner"])
    hand = s.heroes["p0"].hand
    set_hand(s, "p0", [*hand[:3], "c:" + s.decks["contamination"][0]])
    hand = list(s.heroes["p0"].hand)
    s, _ = play(s, "p0", "pass")
    frame = top(s)
    assert isinstance(frame, DiscardFrame) and frame.n is None and not frame.one_by_one
    assert len(keys(s, "p0")) == 2 ** len(hand) and "discard:~" in keys(s, "p0")
    keep = hand[0]
    drop = hand[1:]
    s2, events = play(s, "p0", discard_key(s, "p0", drop))
    assert s2.heroes["p0"].hand == [keep]
    assert set(drop) <= set(s2.heroes["p0"].discard)
    assert "discard" in [e.kind for e in events]
    s3, _ = play(s, "p0", "discard:~")
    assert s3.heroes["p0"].hand == hand
    illegal(s, "p0", f"discard:{len(hand)}")


@pytest.mark.rule("NX-TURN-1")
def test_a_big_hand_discards_one_card_at_a_time() -> None:
    s = ready(["sentry", "cleaner"])
    hero = s.heroes["p0"]
    set_hand(s, "p0", hero.hand + hero.deck[:3])
    s, _ = play(s, "p0", "pass")
    frame = top(s)
    assert isinstance(frame, DiscardFrame) and frame.one_by_one
    assert len(keys(s, "p0")) == 9
    illegal(s, "p0", "discard:0+1")
    s, _ = play(s, "p0", "discard:1")
    assert len(s.heroes["p0"].hand) == 7 and top(s).one_by_one
    s, _ = play(s, "p0", "discard:1")
    assert not top(s).one_by_one and len(keys(s, "p0")) == 64


@pytest.mark.rule("NX-COST-1")
def test_costs_are_paid_with_exactly_that_many_action_cards() -> None:
    s = ready(["sentry", "cleaner"])
    put_room(s, "s2_2", "emergency", items=2)
    s.heroes["p0"].room = "s2_2"
    s, _ = push(s)
    assert "search:green" in keys(s, "p0")
    s2, _ = play(s, "p0", "search:green")
    frame = top(s2)
    assert isinstance(frame, PayFrame) and frame.cost == 2
    hand = s2.heroes["p0"].hand
    pays = keys(s2, "p0")
    assert pays[-1] == "back"  # or go back (see below)
    assert all(len(k.split(":")[1].split("+")) == 2 for k in pays[:-1])
    illegal(s2, "p0", f"pay:{hand[0]}")  # one card is not enough
    s3, _ = play(s2, "p0", pays[0])
    assert len(s3.heroes["p0"].hand) == 3 and s3.rooms["s2_2"].items == 1


@pytest.mark.rule("NX-COST-1")
def test_contamination_cards_cannot_pay() -> None:
    s = ready(["sentry", "cleaner"])
    put_room(s, "s2_2", "emergency", items=2)
    s.heroes["p0"].room = "s2_2"
    first, second = s.decks["contamination"][:2]
    set_hand(s, "p0", [s.heroes["p0"].hand[0], f"c:{first}", f"c:{second}"])
    assert "search:green" not in keys(s, "p0")  # 1 action card for a cost of 2
    s2, _ = play(s, "p0", "move:s2_1")
    # a single payable card: paid without asking, the contamination stays in hand
    assert s2.heroes["p0"].hand == [f"c:{first}", f"c:{second}"]


@pytest.mark.rule("NX-COST-1")
def test_a_card_action_costs_the_card_plus_its_cost() -> None:
    s = ready(["sentry", "cleaner"])
    ch = IDX.characters["sentry"]
    card = next(c for c in ch.deck if c.cost == 1 and c.combat != "in" and not c.interrupt
                and not c.options)
    other = [c.id for c in ch.deck if c.id != card.id][:1]
    set_hand(s, "p0", [card.id, *other])
    s2, _ = play(s, "p0", f"card:{card.id},0")
    assert s2.heroes["p0"].hand == [] and {card.id, *other} <= set(s2.heroes["p0"].discard)
    set_hand(s, "p0", [card.id])
    illegal(s, "p0", f"card:{card.id},0")  # the card alone cannot pay its cost


@pytest.mark.rule("NX-COST-1")
def test_original_costs_basic_one_careful_two_room_two() -> None:
    s = ready(["sentry", "cleaner"])
    hero = s.heroes["p0"]
    set_hand(s, "p0", hero.hand[:1])
    assert f"move:{ALERT}" in keys(s, "p0")
    assert f"careful:{ALERT}" not in keys(s, "p0")
    put_room(s, "s2_2", "emergency", items=2)
    s2 = edit(s)
    s2.heroes["p0"].room = "s2_2"
    assert not any(k.startswith("room:") for k in keys(s2, "p0"))
    set_hand(s2, "p0", s.heroes["p0"].hand + hero.deck[:1])
    assert any(k.startswith("room:") for k in keys(s2, "p0"))


@pytest.mark.rule("NX-COMBAT-STATE-1")
def test_in_combat_only_and_out_of_combat_only_actions() -> None:
    s = ready(["sentry", "cleaner"])
    put_room(s, "s2_2", "emergency", items=2)
    s.heroes["p0"].room = "s2_2"
    s.heroes["p1"].room = "s2_2"
    give(s, "p0", "flashbang")
    calm = keys(s, "p0")
    assert any(k.startswith("careful:") for k in calm) and "search:green" in calm
    assert "trade" in calm
    assert not any(k.startswith(("shoot:", "melee:")) for k in calm)
    assert "use:flashbang,0" not in calm  # in combat only
    add_intruder(s, "adult", "s2_2")
    fight = keys(s, "p0")
    assert not any(k.startswith(("careful:", "search:", "trade", "room:", "craft:"))
                   for k in fight)
    assert any(k.startswith("shoot:") for k in fight) and any(
        k.startswith("melee:") for k in fight)
    assert "use:flashbang,0" in fight
    assert any(k.startswith("move:") for k in fight)  # an escape
    for key in calm:
        if key.startswith(("careful:", "search:", "trade")):
            illegal(s, "p0", key)
    out_card = card_of("sentry", combat="out", interrupt=False)
    set_hand(s, "p0", [out_card, *[c for c in s.heroes["p0"].deck][:3]])
    assert not any(k.startswith(f"card:{out_card}") for k in keys(s, "p0"))


@pytest.mark.rule("NX-COMBAT-STATE-1")
def test_eggs_are_not_intruders() -> None:
    s = ready(["sentry", "cleaner"])
    put_room(s, "s2_2", "emergency", items=2)
    s.heroes["p0"].room = "s2_2"
    add_object(s.rooms, "s2_2", "egg")
    options = keys(s, "p0")
    assert "search:green" in options and "melee:0" in options  # out of combat


def test_turn_frame_ends_after_two_actions() -> None:
    s = ready(["sentry", "cleaner"])
    rig(s)
    s, _ = do(s, "p0", f"move:{ALERT}", noise("silence"))
    s, _ = do(s, "p0", f"move:{REPO}", noise("silence"))
    assert waiting(s) == ["p1"] and s.heroes["p0"].actions_taken == 0


def test_event_phase_follows_when_all_have_passed() -> None:
    s = ready(["sentry", "cleaner"])
    s, _ = pass_turn(s, "p0")
    s2 = edit(s)
    s2.stack = [RoundFrame(stage="turns", last="p1")]
    s2.heroes["p1"].passed = True
    s2.stack.append(EventPhaseFrame(stage="done"))
    s2, _ = advance(s2)
    assert s2.round == 2


def test_default_action_passes_keeps_the_hand_and_takes_the_attack() -> None:
    from lockdown_helpers import RS, add_intruder, card_of

    from rules.nemesis.frames import AttackFrame

    s = ready(["sentry", "cleaner"])
    assert RS.default_action(s, "p0").key == "pass"  # type: ignore[union-attr]
    s2, _ = play(s, "p0", "pass")
    assert RS.default_action(s2, "p0").key == "discard:~"  # type: ignore[union-attr]  # keep
    assert len(keys(s2, "p0")) == 2 ** len(s2.heroes["p0"].hand)
    t = edit(s)
    set_hand(t, "p0", [card_of("sentry", interrupt=True), *plain_cards(t, "p0", 2)])
    i = add_intruder(t, "adult", "repository")
    t2, _ = push(t, AttackFrame(queue=[(i, "p0")]))
    assert RS.default_action(t2, "p0").key == "pick:0"  # type: ignore[union-attr]


@pytest.mark.rule("NX-COST-1")
def test_a_pay_step_can_go_back_to_choose_another_action() -> None:
    """Until the cost is paid the player may go back: nothing is spent (the action
    counts again, a card played returns to the hand) and the turn's choices come
    again; only the player hears of it. Once paid, there is no way back."""
    s = ready(["sentry", "cleaner"])
    before = s.heroes["p0"]
    hand, taken = list(before.hand), before.actions_taken
    turn_keys = keys(s, "p0")
    s2, _ = play(s, "p0", "careful:s2_2")
    assert isinstance(top(s2), PayFrame) and keys(s2, "p0")[-1] == "back"
    s3, events = play(s2, "p0", "back")
    hero = s3.heroes["p0"]
    assert not isinstance(top(s3), PayFrame) and keys(s3, "p0") == turn_keys
    assert hero.hand == hand and hero.actions_taken == taken and hero.room == before.room
    assert [(e.to, e.text) for e in events] == [
        (("p0",), "You went back before paying: choose another action.")]
    # a card played: back in the hand (at its end), off the discard pile
    s4, _ = play(s3, "p0", "card:sentry_weapon_locker,0")
    frame = top(s4)
    assert isinstance(frame, PayFrame) and frame.card == "sentry_weapon_locker"
    assert "sentry_weapon_locker" in s4.heroes["p0"].discard
    s5, events = play(s4, "p0", "back")
    hero = s5.heroes["p0"]
    assert sorted(hero.hand) == sorted(hand) and hero.hand[-1] == "sentry_weapon_locker"
    assert "sentry_weapon_locker" not in hero.discard and hero.actions_taken == taken
    assert "Weapon Locker is back in your hand" in events[0].text
    # paid: the step is over, "back" is gone
    paid, _ = play(s2, "p0", keys(s2, "p0")[0])
    assert "back" not in keys(paid, "p0")
    illegal(paid, "p0", "back")
