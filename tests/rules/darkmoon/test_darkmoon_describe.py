"""Dark Moon choices, prompts, the end-of-game recap and the private sheet in words
(BOT-CHOICE-1, BOT-TURN-1, BOT-END-1, BOT-PRIV-1)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from darkmoon_helpers import (
    RS,
    edit,
    give_character,
    keys,
    make_commander,
    only_infected,
    play,
    ready,
    run_with,
    set_dice,
    start_task,
    task_card_of,
    top,
    turn,
    waiting,
)

from bot.sheets import describe_private
from bot.texts import split_message
from rules.core.contract import Action, Choice, Event
from rules.darkmoon import actions as a
from rules.darkmoon.cards import content
from rules.darkmoon.damage import place_one
from rules.darkmoon.effects import add_cube, commander_trial, start_final
from rules.darkmoon.state import (
    ChoiceFrame,
    Die,
    DiscardFrame,
    EventPickFrame,
    GameState,
    RollFrame,
    TargetFrame,
    TaskFrame,
    VoteFrame,
)
from rules.darkmoon.table import seats_from

MAX_LABEL = 72  # "about 70 characters" with seats written as <@p0>


# ------------------------------------------------------------------ every kind
@cache
def _described() -> dict[type, list[tuple[GameState, str, Action, Choice]]]:
    """Random games at every table size, each choice described where it was offered."""
    seen: dict[type, list[tuple[GameState, str, Action, Choice]]] = {}
    for n, seed in [(n, seed) for n in range(3, 8) for seed in range(14)]:
        s = RS.new_game([f"p{i}" for i in range(n)], seed)
        agent = random.Random(seed)
        while RS.outcome(s) is None:
            prompt = agent.choice(RS.pending(s))
            menu = RS.menu(s, prompt.seat)
            labels = [choice.label for _, choice in menu.singles]
            assert len(labels) == len(set(labels)), labels
            for action, choice in menu.singles:
                seen.setdefault(type(action), []).append((s, prompt.seat, action, choice))
            for sub in menu.subsets:
                for action in sub.by_parts.values():
                    choice = RS.describe(s, prompt.seat, action)
                    seen.setdefault(type(action), []).append((s, prompt.seat, action, choice))
            action = agent.choice(RS.legal_actions(s, prompt.seat))
            s = RS.apply(s, prompt.seat, action).state
    return seen


@pytest.mark.rule("BOT-CHOICE-1")
def test_every_action_kind_gets_a_short_label_and_a_detail() -> None:
    seen = dict(_described())
    s = _table()  # a Blood Testing decree is rare in random games: add one
    s.stack.append(TargetFrame(seat=s.seats[0], purpose="decree"))
    seen[a.Decree] = [(s, s.seats[0], x, RS.describe(s, s.seats[0], x))
                      for x in RS.legal_actions(s, s.seats[0])]
    assert set(seen) == set(a.ALL_ACTIONS)
    assert seen[a.Decree][0][3].label.startswith("Quarantine <@")
    for kind, rows in seen.items():
        for *_, choice in rows:
            assert choice.label and len(choice.label) <= MAX_LABEL, (kind, choice.label)
            assert "_" not in choice.label, choice.label  # names, never ids
        # a detail on every kind but the few whose label says it all
        if kind not in (a.Decline,):
            assert any(choice.detail for *_, choice in rows), kind


@pytest.mark.rule("BOT-CHOICE-1")
def test_task_choice_gives_difficulty_system_consequence_and_suspicion() -> None:
    s = ready(5, 3)
    card = next(t for t in content().silver_tasks
                if t.kind == "malfunction" and t.suspicious and t.system == "outpost")
    other = next(t for t in content().silver_tasks if t.id == "double_shift")
    s = edit(s)
    s.stack.append(TaskFrame(seat=s.active, drawn=[card.id, other.id]))
    choices = {x.card: RS.describe(s, s.active, x) for x in RS.legal_actions(s, s.active)}
    mal = choices[card.id]
    assert mal.label == f"Play task: {card.name} (suspicious)"
    assert f"difficulty {card.difficulty}" in mal.detail
    assert f"{card.consequence} outpost token" in mal.detail and "SUSPICIOUS" in mal.detail
    assert other.text in choices[other.id].detail
    assert mal.detail.endswith(" The other card is discarded face down.")
    third = next(t for t in content().silver_tasks if t.id not in (card.id, other.id))
    s.stack[-1].drawn.append(third.id)
    assert RS.describe(s, s.active, a.KeepTask(card=card.id)).detail.endswith(
        " The other 2 cards are discarded face down.")
    # Dust Storm's +1 shows on the card
    s.current_event = "dust_storm"
    detail = RS.describe(s, s.active, a.KeepTask(card=card.id)).detail
    assert f"difficulty {card.difficulty + 1}" in detail


@pytest.mark.rule("BOT-CHOICE-1")
def test_complication_options_say_what_they_do() -> None:
    s = ready(5, 3)
    s, _ = start_task(s, "double_shift")
    assert isinstance(top(s), ChoiceFrame)
    choices = [RS.describe(s, s.active, x) for x in RS.legal_actions(s, s.active)]
    assert [c.label for c in choices] == [o.label for o in task_card_of(s, "double_shift").options]
    assert "discard 2 dice" in choices[0].label and "succeeds" in choices[0].detail
    assert "fatigue token" in choices[1].label and "fails" in choices[1].detail


@pytest.mark.rule("BOT-CHOICE-1")
def test_votes_say_what_strong_weak_and_abstain_mean() -> None:
    s = ready(4, 2)
    voter, target = s.seats[0], s.seats[1]
    s = edit(s)
    s.stack.append(VoteFrame(caller=voter, target=target, release=False,
                             voters=list(s.seats)))
    details = {x.choice: RS.describe(s, voter, x).detail  # type: ignore[attr-defined]
               for x in RS.legal_actions(s, voter)}
    assert "uninfected" in details["strong"] and f"<@{target}>" in details["strong"]
    assert "infected, quarantine them" in details["weak"]
    assert "neither side" in details["abstain"]
    s.current_event = "paranoia"
    assert "spent" in RS.describe(s, voter, a.Vote(choice="weak")).detail


@pytest.mark.rule("BOT-CHOICE-1")
def test_main_actions_name_seats_and_costs() -> None:
    s = ready(4, 2)
    me, other = s.active, seats_from(s, s.active)[1]
    s = edit(s)
    s.shield = 3
    s.sabotage = "shield"
    give_character(s, me, "amara_okafor")
    labels = {x.key: RS.describe(s, me, x) for x in RS.legal_actions(s, me)}
    assert labels[f"order:{other}"].label == f"Issue an order to <@{other}>"
    assert labels[f"call_vote:{other}"].label == f"Call a vote to quarantine <@{other}>"
    repair = labels["repair:shield"].detail
    assert "up to 4 dice" in repair and "track 3/6" in repair and "Sabotaged" in repair


# ------------------------------------------------------------------ subset choices
def _rolled(s: GameState, seat: str, codes: list[str], purpose: str = "task",
            submit_count: int = 1) -> GameState:
    s = edit(s)
    dice = [Die(kind={"S": "strong", "W": "weak", "C": "commander"}[c[0]],  # type: ignore[arg-type]
                face=int(c[1:])) for c in codes]
    s.stack.append(RollFrame(seat=seat, purpose=purpose, rolled=dice,  # type: ignore[arg-type]
                             submit_count=submit_count, target="shield"))
    return s


@pytest.mark.rule("BOT-CHOICE-1")
def test_submit_is_one_multi_select_with_repeated_faces() -> None:
    s = ready(4, 2)
    seat = s.active
    s = _rolled(s, seat, ["S3", "S3", "W-1"])
    assert len(keys(s, seat)) == 5  # S3 / W-1 / S3+S3 / S3+W-1 / S3+S3+W-1
    menu = RS.menu(s, seat)
    assert menu.singles == () and len(menu.subsets) == 1
    sub = menu.subsets[0]
    assert (sub.min_size, sub.max_size) == (1, 3)
    assert [p.label for p in sub.parts] == ["strong die showing +3", "strong die showing +3",
                                            "weak die showing -1"]
    assert sub.title == "Dice to submit" and sub.hint == "submit 1 to 3 dice"
    both = sub.resolve([1, 0])
    assert both is not None and both.key == "submit:S3+S3"
    assert sub.resolve([0, 2]) is not None and sub.resolve([2]) is not None
    assert sub.resolve([]) is None and sub.resolve([0, 0]) is None and sub.resolve([7]) is None
    s2, _ = play(s, seat, both.key)
    assert s2.success_track == s.success_track + 6


@pytest.mark.rule("BOT-CHOICE-1")
def test_fatigued_or_repair_submits_exactly_one_and_refuses_more() -> None:
    s = ready(4, 2)
    seat = s.active
    s = _rolled(s, seat, ["S3", "W2", "W-1"], purpose="repair")
    sub = RS.menu(s, seat).subsets[0]
    assert (sub.min_size, sub.max_size) == (1, 1) and sub.hint == "submit exactly 1 die"
    assert sub.resolve([0, 1]) is None
    one = sub.resolve([sub.values.index("W-1")])
    assert one is not None and one.key == "submit:W-1"
    assert RS.describe_part(s, seat, one, "W-1").detail.startswith("Not positive")


@pytest.mark.rule("BOT-CHOICE-1")
def test_dice_to_roll_and_dice_to_return_are_multi_selects() -> None:
    s = ready(4, 2)
    seat = s.active
    s = turn(s, seat)
    give_character(s, seat, "jon_reed")
    set_dice(s, seat, 2, 2)
    s.shield = 3
    s, _ = play(s, seat, "repair:shield")
    sub = RS.menu(s, seat).subsets[0]
    assert sub.title == "Dice to roll to repair the shield" and sub.hint == "roll 1 to 3 dice"
    assert sorted(p.label for p in sub.parts) == ["strong die"] * 2 + ["weak die"] * 2
    strong = [i for i, v in enumerate(sub.values) if v == "S"]
    weak = [i for i, v in enumerate(sub.values) if v == "W"]
    assert "1, 1, 2, 2, 3, -1" in sub.parts[strong[0]].detail
    roll = sub.resolve([strong[1], *weak])
    assert roll is not None and roll.key == "roll:S+W+W"
    assert sub.resolve([0, 1, 2, 3]) is None
    s = edit(ready(4, 2))
    set_dice(s, seat, 2, 2)
    s.stack.append(DiscardFrame(seat=seat, count=2, reason="to clear sabotage"))
    sub = RS.menu(s, seat).subsets[0]
    assert sub.title == "Return 2 dice to the pool" and (sub.min_size, sub.max_size) == (2, 2)
    back = sub.resolve([sub.values.index("S"), sub.values.index("W")])
    assert back is not None and back.key == "discard:S+W"
    assert "to clear sabotage" in RS.describe(s, seat, back).detail


# ------------------------------------------------------------------ prompts
@pytest.mark.rule("BOT-TURN-1")
def test_prompts_say_where_things_stand_without_secrets() -> None:
    s = ready(4, 2)
    seat = s.active
    assert RS.pending(s)[0].text == "Your turn (round 1): choose an action."
    card = task_card_of(s, next(t.id for t in content().black_tasks
                                if t.kind == "malfunction" and t.system == "shield"))
    s2, _ = start_task(s, card.id)
    assert RS.pending(s2)[0].text == f"Task {card.name} (difficulty {card.difficulty}): IN or OUT?"
    rolled = _rolled(s, seat, ["S3", "W-1"])
    rolled.stack[-1].reroll_allowed = True
    text = RS.pending(rolled)[0].text
    assert "1 reroll left" in text and "+3" not in text and "-1" not in text
    other = seats_from(s, seat)[1]
    s3 = edit(s)
    s3.stack.append(VoteFrame(caller=seat, target=other, release=False, voters=list(s.seats)))
    assert all(p.text.startswith(f"Vote on quarantining <@{other}>: secret")
               for p in RS.pending(s3))
    picked = edit(s)
    picked.stack.append(EventPickFrame(chooser=seat, drawn=["paranoia", "dust_storm"]))
    assert "Paranoia" not in RS.pending(picked)[0].text  # the drawn events stay secret


@pytest.mark.rule("BOT-TURN-1")
def test_a_completed_event_tells_the_commander_what_was_drawn() -> None:
    s = ready(4, 2, event="rumour_mill")
    cmd = s.commander
    assert cmd is not None
    s = edit(s)
    s.event_cubes = 1
    s, events = run_with(s, add_cube)
    told = [e for e in events if e.to == (cmd,) and e.kind == "event_drawn"]
    assert len(told) == 1 and all(RS.describe(s, cmd, x).label.split(": ")[1].split(" (")[0]
                                  in told[0].text for x in RS.legal_actions(s, cmd))


# ------------------------------------------------------------------ the recap
def _end(s: GameState, fn: object) -> tuple[GameState, list[Event]]:
    return run_with(s, fn)  # type: ignore[arg-type]


def _table() -> GameState:
    s = edit(ready(5, 7))
    only_infected(s, s.seats[1], s.seats[3])
    make_commander(s, s.seats[0])
    return s


def _check_secrets(s: GameState, lines: list[str]) -> None:
    for seat, p in s.players.items():
        line = next(x for x in lines if x.startswith(f"<@{seat}>: "))
        card = content().statuses[[x.id for x in content().statuses].index(p.status)].name
        # the infected card by its kind ("INFECTED (Sleeper)"), the plain uninfected card
        # not repeated
        assert line.startswith(f"<@{seat}>: INFECTED ({card.removeprefix('Infected: ')}), "
                               if p.infected else f"<@{seat}>: uninfected, ")


@pytest.mark.rule("BOT-END-1")
@pytest.mark.parametrize(("kind", "words"), [
    ("shield", "the dome's shield is destroyed"),
    ("outpost", "the outpost is wrecked"),
    ("fatigue", "life support has failed"),
])
def test_recap_of_a_sixth_damage_token(kind: str, words: str) -> None:
    s = _table()
    s.shield = 5
    stations = s.outposts + s.outpost_pile
    s.outposts, s.outpost_pile = stations[:5], stations[5:]
    s.fatigue, s.fatigue_pile = s.fatigue_pile[:5], s.fatigue_pile[5:]
    s, _ = _end(s, lambda ctx: place_one(ctx, kind, True))
    outcome = RS.outcome(s)
    assert outcome is not None and outcome.reason.startswith(words)
    lines = RS.recap(s)
    assert lines[0] == f"The infected win: {outcome.reason}."
    assert lines[1] == f"Winners: <@{s.seats[1]}>, <@{s.seats[3]}>."
    _check_secrets(s, lines)


@pytest.mark.rule("BOT-END-1")
def test_recap_of_the_final_event_won_and_of_the_commander_trial() -> None:
    s = _table()
    s.events_done = ["dust_storm", "rumour_mill", "security_audit"]
    s.current_event = None
    s.final_event = "protect_self_destruct_codes"
    s, _ = run_with(s, start_final)
    s = edit(s)
    s.stack = []
    s.final_cubes = content().final_events[1].cubes - 1
    won, _ = run_with(s, add_cube)
    assert won.result == "uninfected"
    lines = RS.recap(won)
    assert lines[0] == ("The uninfected crew win: the crew completed 3 events and the final "
                        "event Protect Self-Destruct Codes.")
    _check_secrets(won, lines)
    s.stack = []
    make_commander(s, s.seats[1])  # an infected commander fails the trial
    lost, _ = run_with(s, commander_trial)
    assert RS.recap(lost)[0] == (f"The infected win: the final event was completed, but the "
                                 f"commander <@{s.seats[1]}> was secretly infected.")
    make_commander(s, s.seats[0])
    s.fatigue = [s.players[s.seats[0]].character]
    tired, _ = run_with(s, commander_trial)
    assert "was fatigued" in RS.recap(tired)[0]


@pytest.mark.rule("BOT-END-1")
def test_recap_reveals_the_events_passed_over() -> None:
    s = RS.new_game([f"p{i}" for i in range(4)], 5)
    pick = top(s)
    assert isinstance(pick, EventPickFrame)
    cmd = waiting(s)[0]
    kept, passed = pick.drawn
    s, _ = play(s, cmd, f"keep_event:{kept}")
    s = edit(s)
    s.shield = 5
    s, _ = run_with(s, lambda ctx: place_one(ctx, "shield", True))
    name = next(e.name for e in content().events if e.id == passed)
    lines = RS.recap(s)
    assert lines[lines.index("In numbers:") - 1] == \
        f"Events the commander sent to the bottom of the deck in secret: {name}."
    assert RS.recap(ready(4, 2)) == []


# ------------------------------------------------------------------ the private sheet
@pytest.mark.rule("BOT-PRIV-1")
def test_sheet_shows_status_power_dice_roll_and_choices() -> None:
    s = _table()
    infected = s.seats[1]
    s.players[infected].status = "infected_saboteur"
    give_character(s, infected, "jon_reed")
    set_dice(s, infected, 1, 2)
    s.fatigue = ["jon_reed"]
    text = describe_private(RS.view(s, infected))
    assert "**INFECTED**. Nobody knows yet" in text
    assert "Power: wreck a station by drawing 1 outpost token." in text
    assert "**Jon Reed**" in text and "Fatigued: ability off" in text
    assert "Behind your screen: 1 strong + 2 weak. Die limit 4." in text
    rolled = _rolled(s, infected, ["S3", "W-2"])
    assert "Your roll: strong +3, weak -2." in describe_private(RS.view(rolled, infected))
    clean = describe_private(RS.view(s, s.seats[0]))
    assert "**UNINFECTED**" in clean and "commander die" in clean
    # choosing tasks: each with its text
    drawn = edit(s)
    cards = ["double_shift", "acceptable_loss"]
    drawn.stack.append(TaskFrame(seat=infected, drawn=cards))
    text = describe_private(RS.view(drawn, infected))
    assert "• **Double Shift**: Complication: The night crew" in text
    assert "• **Acceptable Loss**" in text


@pytest.mark.rule("BOT-PRIV-1")
def test_sheet_keeps_the_longest_texts_whole_in_messages_that_fit() -> None:
    c = content()
    s = _table()
    seat = s.seats[1]
    status = max((x for x in c.statuses if x.infected), key=lambda x: len(x.text))
    character = max(c.characters, key=lambda x: len(x.text))
    s.players[seat].status = status.id
    give_character(s, seat, character.id)
    tasks = sorted(c.silver_tasks, key=lambda t: -len(getattr(t, "text", "")))[:3]
    s.stack.append(TaskFrame(seat=seat, drawn=[t.id for t in tasks]))
    s.stack.append(VoteFrame(caller=seat, target=seat, release=False, voters=[seat],
                             votes={seat: "strong"}))
    text = describe_private(RS.view(s, seat))
    assert character.text in text and "…" not in text
    assert all(len(part) <= 2000 for part in split_message(text))
    longest = sorted(c.events, key=lambda e: -len(e.text))[:2]
    s.stack[-2:] = [EventPickFrame(chooser=seat, drawn=[e.id for e in longest])]
    text = describe_private(RS.view(s, seat))
    assert "…" not in text and all(len(part) <= 2000 for part in split_message(text))
