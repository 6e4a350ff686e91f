"""What the table reads when a malfunction starts, a fatigue token is drawn and the
ship is refueled with the Threats module: plain words, no card codes ("???",
"consequence 3"), the right article and the events in the order they happen."""

from __future__ import annotations

import pytest
from darkmoon_helpers import (
    RS,
    C,
    deck_of,
    keys,
    malfunction,
    play,
    push,
    run_with,
    set_dice,
    start_task,
    table,
    turn,
)

from rules.darkmoon import damage, threats
from rules.darkmoon.effects import add_cube, remove_cubes
from rules.darkmoon.state import ChoiceFrame, GameState, RetrieveFrame, ThreatsState
from rules.darkmoon.table import enforce_limit
from rules.darkmoon.words import task_text


@pytest.mark.parametrize(("system", "words"), [
    ("shield", "shield token"), ("outpost", "outpost token"),
    ("life_support", "fatigue token")])
def test_a_malfunction_says_what_failure_places(system: str, words: str) -> None:
    s, _ = table(4)
    card = malfunction(s, system)
    s, events = start_task(s, card)
    said = [e.text for e in events if e.kind == "task_start"]
    assert len(said) == 1 and "consequence" not in said[0]
    assert said[0].startswith("Malfunction: difficulty ") and words in said[0]
    assert ("then a shield test" in said[0]) == (system == "shield")


@pytest.mark.parametrize("first_is_last", [False, True])
def test_a_malfunction_says_who_decides_first(first_is_last: bool) -> None:
    s, order = table(4, expansion=True, first_is_last=first_is_last)
    s, events = start_task(s, malfunction(s, "shield"))
    said = next(e.text for e in events if e.kind == "task_start")
    first = order[1] if first_is_last else order[0]
    assert f"In turn order from <@{first}>, each player is IN or OUT" in said
    assert ("the active player goes last" in said) == first_is_last


def test_a_task_for_any_system_reads_in_words() -> None:
    card = next(t for t in C.silver_tasks if t.kind == "malfunction" and t.system == "unknown")
    text = task_text(card)
    assert "???" not in text and text.startswith("Malfunction (any system, you pick)")


@pytest.mark.parametrize("in_play", [True, False])
def test_a_fatigue_token_names_the_player_or_says_nobody_plays_it(in_play: bool) -> None:
    s, order = table(4)
    s.fatigue_pile = ["kenji_watanabe"] if in_play else ["sofia_marquez"]
    assert s.players[order[0]].character == "kenji_watanabe"
    s, events = run_with(s, lambda ctx: damage.place_one(ctx, "fatigue", False))
    text = next(e.text for e in events if e.kind == "damage")
    if in_play:
        assert text == f"Fatigue token Kenji Watanabe: <@{order[0]}> is fatigued " \
                       f"(life support {len(s.fatigue)}/6)."
    else:
        assert text == (f"Fatigue token Sofia Marquez, a character nobody plays "
                        f"(life support {len(s.fatigue)}/6).")


def _threats(s: GameState) -> ThreatsState:
    assert s.expansion is not None and s.expansion.threats is not None
    return s.expansion.threats


@pytest.mark.rule("DMX-6")
def test_refueling_comes_first_then_the_threat_cards() -> None:
    s, order = table(4, expansion=True, threats=True)
    s.turns = 3
    s, events = push(turn(s, order[0], "end"))
    public = [e.text for e in events if e.to is None]
    refueled = next(i for i, t in enumerate(public) if t.startswith("Refueling is complete"))
    dealt = next(i for i, t in enumerate(public) if "secret threat card" in t)
    assert refueled < dealt
    assert sum("Refueling" in t for t in public) == 1


@pytest.mark.rule("DMX-6")
def test_a_threat_token_takes_the_right_article() -> None:
    s, order = table(4, expansion=True, threats=True)
    t = _threats(s)
    t.dealt = True
    t.cards = {x: "exposure" for x in s.seats}
    s, _ = run_with(s, lambda ctx: threats.fulfilled(ctx, order[0], "exposure"))
    claim = next(a for a in RS.legal_actions(s, order[0]) if a.key == "threat_claim:1")
    assert "You take an Exposure token (" in RS.describe(s, order[0], claim).detail
    s, events = play(s, order[0], "threat_claim:1")
    said = next(e.text for e in events if e.kind == "threat_claimed")
    assert said.endswith("take an Exposure token.")


def test_the_system_picked_for_a_malfunction_reads_as_a_sentence() -> None:
    s, order = table(4)
    s, _ = start_task(s, malfunction(s, "unknown"))
    s, events = play(s, order[0], "system:outpost")
    said = next(e.text for e in events if e.kind == "task_system")
    assert said == f"<@{order[0]}> decides: the malfunction hits the outposts."


def test_a_complication_option_is_quoted_as_the_chooser_saw_it() -> None:
    s, order = table(4)
    card = next(t for t in deck_of(s) if t.kind == "complication" and len(t.options) == 2)
    s, _ = start_task(s, card.id)
    s, events = play(s, order[0], f"option:{card.id},1")
    said = next(e.text for e in events if e.kind == "complication")
    assert said == f'<@{order[0]}> chooses "{card.options[1].label}".'


@pytest.mark.parametrize("both_kinds", [True, False])
def test_dice_over_the_limit_go_back_in_the_third_person(both_kinds: bool) -> None:
    s, order = table(4)
    seat = order[2]
    set_dice(s, seat, 3, 2) if both_kinds else set_dice(s, seat, 5, 0)
    s, events = run_with(s, lambda ctx: enforce_limit(ctx, seat))
    if both_kinds:  # the player picks the dice to return
        s, events = play(s, seat, keys(s, seat)[0])
    public = [e.text for e in events if e.to is None and "available pool" in e.text]
    assert len(public) == 1 and "your" not in public[0]
    assert public[0].startswith(f"<@{seat}> returns 1 die to the available pool (to stay "
                                "within the die limit)")


def test_the_recap_names_a_status_card_only_where_it_adds_something() -> None:
    from rules.darkmoon.recap import _player_line

    s, order = table(4, expansion=True, company_man=True)
    infected = order[-1]
    card = s.players[infected].status
    assert card.startswith("infected_")
    kind = C.statuses[[x.id for x in C.statuses].index(card)].name.removeprefix("Infected: ")
    assert _player_line(s, infected).startswith(f"<@{infected}>: INFECTED ({kind}), played ")
    crew = next(x for x in order if not s.players[x].infected
                and s.players[x].status.startswith("uninfected"))
    line = _player_line(s, crew)
    assert line.startswith(f"<@{crew}>: uninfected, played ") and "status card" not in line


def test_a_reveal_names_the_infected_card_once_and_its_power_in_the_third_person() -> None:
    s, order = table(4)
    seat = order[-1]
    s = turn(s, seat)
    s, events = play(s, seat, "reveal")
    public = [e.text for e in events if e.to is None and e.kind == "reveal"]
    name = C.statuses[[x.id for x in C.statuses].index(s.players[seat].status)].name
    kind = name.removeprefix("Infected: ")
    assert public[0] == f"<@{seat}> reveals: INFECTED ({kind})."
    assert public[1].startswith(f"<@{seat}>'s infection power ({kind}): ")
    assert not any("You are infected" in t for t in public)


def test_dice_lost_to_an_infection_power_say_whose_power() -> None:
    from darkmoon_helpers import give_status, waiting

    s, order = table(4)
    seat = order[-1]
    give_status(s, seat, "infected_despair")
    s = turn(s, seat)
    s, _ = play(s, seat, "reveal")
    victim = waiting(s)[0]
    prompt = next(p for p in RS.pending(s) if p.seat == victim)
    assert "(Despair's infection power)" in prompt.text and "Infected:" not in prompt.text
    s, events = play(s, victim, keys(s, victim)[0])
    said = [e.text for e in events if e.to is None and "available pool" in e.text]
    assert said and said[0].endswith("(Despair's infection power).")


@pytest.mark.parametrize(("choice", "told"), [
    ("weak", "Your vote is cast: weak die (infected)."),
    ("strong", "Your vote is cast: strong die (uninfected)."),
    ("abstain", "Your vote is cast: you abstain.")])
def test_a_quarantine_vote_is_confirmed_like_the_other_votes(choice: str, told: str) -> None:
    s, order = table(4)
    s, _ = play(s, order[0], f"call_vote:{order[2]}")
    s, events = play(s, order[1], f"vote:{choice}")
    private = [e.text for e in events if e.kind == "vote_cast"]
    assert private == [told]


@pytest.mark.parametrize("costly", [False, True])
def test_an_infected_action_says_its_cost_with_costly_actions(costly: bool) -> None:
    from darkmoon_helpers import reveal_now

    s, order = table(4, expansion=True, costly_actions=costly)
    seat = order[-1]
    reveal_now(s, seat)
    s = turn(s, seat)
    infected = [RS.describe(s, seat, x) for x in RS.legal_actions(s, seat)]
    assert infected and all(c.detail for c in infected)
    assert all(c.detail.startswith("Costly Actions: first return 1 die to the pool.")
               == costly for c in infected)


def test_the_evacuation_cube_says_when_a_vote_will_be_forced() -> None:
    from rules.darkmoon import evacuation

    s, order = table(4, expansion=True)
    s, events = run_with(s, lambda ctx: evacuation.move_cube(ctx, order[0]))
    said = [e.text for e in events if e.kind == "evacuation"]
    assert said == ["EVACUATE task: the evacuation cube moves to 1/3 (at 3, a clearance or "
                    "take-off vote must be called)."]
    for _ in range(2):
        s, events = run_with(s, lambda ctx: evacuation.move_cube(ctx, order[0]))
    said = [e.text for e in events if e.kind == "evacuation"]
    assert said[0] == "EVACUATE task: the evacuation cube moves to 3/3."
    assert said[1].startswith("The evacuation cube is on its last space: ")


# ------------------------------------------------------------------ issue 18, section 4
@pytest.mark.rule("DM-CARD-1")
def test_clearing_every_token_of_a_kind_names_who_cleared_them() -> None:
    s, order = table(4, event="resupply")
    commander = order[1]
    s.outposts, s.outpost_pile = s.outpost_pile[:3], s.outpost_pile[3:]
    s, _ = push(s, ChoiceFrame(seat=commander, purpose="clear_kind"))
    s, events = play(s, commander, "clear_kind:outpost")
    assert [e.text for e in events if e.kind == "repair"] == [
        f"<@{commander}> removes every outpost token from the board (3 tokens)."]
    # System Reboot clears on its own: the card is named; an empty kind says nothing
    s, order = table(4, event="system_reboot")
    s.shield = 1
    s.event_cubes = next(e for e in C.events if e.id == "system_reboot").cubes - 1
    s, events = run_with(s, add_cube)
    assert [e.text for e in events if e.kind == "repair"] == [
        "System Reboot removes every shield token from the board (1 token)."]


@pytest.mark.rule("DMX-4")
@pytest.mark.parametrize(("n", "holds"), [(3, "1 clearance token;"),
                                          (4, "2 clearance tokens;")])
def test_the_clearance_board_size_reads_as_a_plural(n: int, holds: str) -> None:
    s, order = table(n, expansion=True)
    action = next(a for a in RS.legal_actions(s, order[0])
                  if a.key.startswith("clearance:"))
    assert f"The board holds {holds}" in RS.describe(s, order[0], action).detail


@pytest.mark.parametrize(("count", "words"), [(1, "1 token of"), (2, "2 tokens of")])
def test_a_task_for_any_system_counts_its_tokens(count: int, words: str) -> None:
    card = next(t for t in C.silver_tasks if t.kind == "malfunction" and t.system == "unknown")
    text = task_text(card.model_copy(update={"consequence": count}))
    assert f"failure: {words} the system you pick" in text and "(s)" not in text


@pytest.mark.parametrize(("count", "words"), [(1, "1 event cube removed."),
                                              (2, "2 event cubes removed.")])
def test_removed_event_cubes_read_as_a_plural(count: int, words: str) -> None:
    s, _ = table(4)
    s.event_cubes = 2
    s, events = run_with(s, lambda ctx: remove_cubes(ctx, count))
    assert [e.text for e in events if e.kind == "cube"] == [words]


@pytest.mark.parametrize("back", [1, 2])
def test_interference_counts_the_tasks_put_back(back: int) -> None:
    s, order = table(4)
    cards = s.task_deck[:3]
    s, _ = push(s, ChoiceFrame(seat=order[0], purpose="interference", cards=cards))
    key = next(k for k in keys(s, order[0]) if k.count("+") == back - 1)
    s, events = play(s, order[0], key)
    said = [e.text for e in events if e.kind == "infected"]
    tasks = "1 task" if back == 1 else f"{back} tasks"
    assert said == [f"<@{order[0]}> puts {tasks} back on top of the deck and discards "
                    f"{3 - back} face down."]


@pytest.mark.parametrize(("purpose", "text"), [
    ("turn", "Your turn (round 1): retrieve dice from the available pool (die limit 4)."),
    ("order", "Following an order: retrieve up to 2 dice from the available pool (die "
              "limit 4)."),
    ("restore", "The event lets you retrieve dice from the available pool (die limit 4)."),
])
def test_the_retrieve_prompt_says_why_the_player_retrieves(purpose: str, text: str) -> None:
    s, order = table(4)
    seat = order[0]
    s = turn(s, seat, "action")
    set_dice(s, seat, 0, 0)  # 2 strong and 2 weak in the pool: a choice to make
    s, _ = push(s, RetrieveFrame(seat=seat, count=2, purpose=purpose))  # type: ignore[arg-type]
    prompt = RS.pending(s)[0]
    assert prompt.seat == seat and prompt.text == text
