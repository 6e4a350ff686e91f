"""What the table is told in Lockdown (BOT-TURN-1, BOT-END-1): a public event for each
new turn and for the event phase, short addressed notices for new private information,
and the end of the game in words with every secret revealed."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    IDX,
    RS,
    C,
    advance,
    do,
    edit,
    give,
    key_for,
    new,
    noise,
    pass_turn,
    plain_cards,
    play,
    push,
    ready,
    set_hand,
    waiting,
)

from rules.core.contract import Event
from rules.lockdown.state import GameState, RoundFrame
from rules.nemesis.frames import EndFrame

CLEAN = [x.id for x in C.contamination if not x.infected]
DIRTY = [x.id for x in C.contamination if x.infected]


def turn_events(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "turn"]


# ------------------------------------------------------------------ turns
@pytest.mark.rule("BOT-TURN-1")
def test_each_new_turn_is_announced_in_public() -> None:
    s = new(2)
    events: list[Event] = []
    while s.stack and s.stack[-1].kind == "draft":
        seat = waiting(s)[0]
        step = RS.apply(s, seat, RS.legal_actions(s, seat)[0])
        s, events = step.state, step.events
    first = turn_events(events)
    assert [(e.text, e.to) for e in first] == [("It is <@p0>'s turn (round 1).", None)]
    s = ready()
    s, events = do(s, "p0", "move:alert", noise("silence"))
    assert turn_events(events) == []  # the same turn goes on
    s, events = do(s, "p0", "move:repository")
    assert [e.text for e in turn_events(events)] == ["It is <@p1>'s turn (round 1)."]
    assert turn_events(events)[0].data == {"seat": "p1"}


@pytest.mark.rule("BOT-TURN-1")
def test_the_event_phase_and_the_next_round_are_announced() -> None:
    s = ready()
    s, _ = pass_turn(s, "p0")
    s, events = pass_turn(s, "p1")
    kinds = [e.kind for e in events]
    assert "phase" in kinds and kinds.index("phase") < kinds.index("time")
    phase = next(e for e in events if e.kind == "phase")
    assert phase.public and "event phase of round 1" in phase.text
    assert [e.text for e in turn_events(events)] == ["It is <@p1>'s turn (round 2)."]
    assert kinds.index("round") < kinds.index("turn")


@pytest.mark.rule("BOT-TURN-1")
def test_drawn_cards_are_told_to_their_owner_only_and_briefly() -> None:
    s = ready()
    hero = s.heroes["p0"]
    kept = hero.hand[:3]
    hero.discard += hero.hand[3:]
    hero.hand = kept
    top_two = hero.deck[:2]
    s.stack = [RoundFrame(stage="draw")]
    s.round = 2
    s, events = advance(s)
    draws = [e for e in events if e.kind == "draw"]
    mine = [e for e in draws if e.to == ("p0",)]
    assert len(mine) == 1 and all(e.to is not None for e in draws)
    names = [IDX.cards[c].name for c in top_two]
    assert mine[0].text == f"You draw: {', '.join(names)}."
    assert not any(IDX.cards[c].name in mine[0].text for c in kept)


@pytest.mark.rule("BOT-TURN-1")
def test_an_item_given_in_a_trade_is_told_to_the_receiver() -> None:
    s = ready()
    s.heroes["p1"].room = s.heroes["p0"].room
    give(s, "p0", "body_armor")
    s, _ = do(s, "p0", "trade")
    s, _ = play(s, "p0", key_for(s, "p0", "Give Body Armor to"))
    s, _ = play(s, "p1", "trade_give:p0,~")
    s, _ = play(s, "p0", "pick:0")
    assert waiting(s) == ["p1"]
    step = RS.apply(s, "p1", RS.parse_action(s, "p1", "pick:0"))  # agree
    told = [e for e in step.events if e.kind == "item_private"]
    assert [e.to for e in told] == [("p1",)]
    assert told[0].text.startswith("<@p0> gives you Body Armor: ")


# ------------------------------------------------------------------ the end
def objective(kind: str) -> str:
    return next(o.id for o in C.objectives if o.kind == kind)


def contingency(effect: str) -> str:
    return next(t.id for t in C.contingencies if t.effect == effect)


def scene() -> GameState:
    """Three characters with a plain hand each; p0 waits in the isolation room with the
    objective to survive there, p1 is still inside, p2 reached the bunker."""
    s = ready(["sentry", "survivor", "psychologist"])
    for seat in s.seats:
        set_hand(s, seat, plain_cards(s, seat, 4))
        s.heroes[seat].objectives = [objective("isolate")]
    s.heroes["p0"].place = "isolated"
    s.heroes["p2"].place = "bunker"
    s.heroes["p2"].objectives = [objective("send_signal")]
    s.active_contingency = contingency("nothing")
    s.first_encounter = True
    return s


def end(s: GameState, reason: str) -> GameState:
    s2, _ = push(s, EndFrame(reason=reason))
    assert s2.winners is not None
    return s2


@pytest.mark.rule("BOT-END-1")
@pytest.mark.parametrize(("reason", "first"), [
    ("purge", "Game over: time ran out and the corporation purged the facility."),
    ("alert", "Game over: the alert procedure ran out and the corporation purged the "
              "facility."),
    ("autodestruct", "Game over: the autodestruction sequence blew up the facility."),
    ("explosion:a fire broke out with no fire marker left",
     "Game over: the facility exploded (a fire broke out with no fire marker left)."),
])
def test_the_recap_says_why_the_game_ended_and_who_won(reason: str, first: str) -> None:
    s = end(scene(), reason)
    lines = RS.recap(s)
    outcome = RS.outcome(s)
    assert outcome is not None and lines[0] == first
    assert outcome.reason == f"{first.removeprefix('Game over: ')[:-1]}; " \
        f"{len(s.survivors)} of 3 characters survived"
    exploded = reason != "purge" and reason != "alert"
    if exploded:
        assert lines[1] == "Nobody wins: no survivor met their objective."  # p2
        assert "<@p0>, the Sentry, died locked in the isolation room when the facility " \
            "exploded and loses." in lines[2]
    else:
        assert lines[1] == "Winners: <@p0> (survived and met their objective)."
        assert lines[2].startswith("<@p0>, the Sentry, survived locked in the isolation "
                                   "room and wins. Objective: ")
        assert "(met)" in lines[2]
    assert any(line.startswith("<@p1>, the Survivor, was still inside and died") for line in
               lines)
    assert any(line.startswith("<@p2>, the Psychologist, reached the bunker and ")
               for line in lines)
    token = IDX.contingencies[s.active_contingency]
    assert f"The active contingency: {token.name}. {token.text}" in lines


@pytest.mark.rule("BOT-END-1")
def test_the_recap_when_nobody_was_left_inside() -> None:
    s = scene()
    s.heroes["p1"].place = "bunker"
    s = end(s, "nobody_left")
    assert s.ended_early
    lines = RS.recap(s)
    assert lines[0].startswith("Game over: no character was left inside, so the end came "
                               "at once: time ran out")
    assert "characters survived" in RS.outcome(s).reason  # type: ignore[union-attr]


@pytest.mark.rule("BOT-END-1")
def test_the_recap_tells_deaths_by_contingency_and_by_infection() -> None:
    s = scene()
    s.active_contingency = contingency("kill_bunker")
    s.heroes["p0"].larva = True
    set_hand(s, "p0", [f"c:{DIRTY[0]}", f"c:{DIRTY[1]}", f"c:{CLEAN[0]}", f"c:{DIRTY[2]}"])
    s.heroes["p0"].deck, s.heroes["p0"].discard = [], []
    s = end(s, "purge")
    lines = RS.recap(s)
    assert lines[1] == "Nobody wins: nobody survived."
    p0 = next(line for line in lines if line.startswith("<@p0>, "))
    p2 = next(line for line in lines if line.startswith("<@p2>, "))
    assert "got out (locked in the isolation room) but died of the infection" in p0
    token = IDX.contingencies[s.active_contingency].name
    assert f"got out (in the bunker) but died to the contingency plan {token}" in p2


@pytest.mark.rule("BOT-END-1")
def test_the_recap_reveals_every_secret() -> None:
    s = scene()
    hero = s.heroes["p1"]
    set_hand(s, "p1", [*hero.hand[:2], f"c:{DIRTY[0]}"])
    hero.discard.append(f"c:{CLEAN[0]}")
    s.decks["contamination"].remove(CLEAN[0])
    tokens = [IDX.contingencies[t].name for t in s.heroes["p0"].contingencies]
    s = end(s, "purge")
    lines = RS.recap(s)
    token_words = f"token{'s' if len(tokens) > 1 else ''} {' and '.join(tokens)}"
    assert len(tokens) <= 2
    assert f"<@p0> held the contingency {token_words}, and no contamination card." \
        in lines
    p1 = next(line for line in lines if line.startswith("<@p1> held the contingency"))
    assert p1.endswith(", and 2 contamination cards (1 in hand, 1 INFECTED).")
    objectives = "; ".join(f"{IDX.objectives[o].name} (not met)"
                           for o in s.heroes["p2"].objectives)
    assert any(line.endswith(f"Objective: {objectives}.") for line in lines)
    if s.neutral_pool:
        assert any(line.startswith("Neutral contingency pool: ") for line in lines)
    if s.css:
        assert any(line.startswith("CSS tokens never launched: ") for line in lines)


@pytest.mark.rule("BOT-END-1")
def test_a_five_player_recap_fits_one_message() -> None:
    s = ready(["sentry", "survivor", "psychologist", "lab_rat", "cleaner"])
    s = end(edit(s), "purge")
    text = "\n".join(RS.recap(s))
    assert len(text) < 2000 and text.count("\n") >= 12
    assert RS.recap(ready()) == []  # not over yet


@pytest.mark.rule("BOT-END-1")
def test_the_recap_leaves_out_contingency_tokens_nobody_holds() -> None:
    from rules.lockdown.recap import secrets_line

    s = scene()
    hero = s.heroes["p1"]
    hero.contingencies = []
    hero.larva = True
    set_hand(s, "p1", [*hero.hand[:2], f"c:{DIRTY[0]}"])
    assert secrets_line(s, hero) == \
        "<@p1> held 1 contamination card (1 in hand, 1 INFECTED), with a larva inside."
