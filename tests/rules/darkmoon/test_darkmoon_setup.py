"""Dark Moon setup: board, dice, commander, statuses, decks, events (DM-SETUP-1..4)."""

from __future__ import annotations

import pytest
from darkmoon_helpers import (
    INFECTED_IDS,
    RS,
    UNINFECTED_IDS,
    C,
    keys,
    new,
    play,
    seats,
    waiting,
)

from rules.core.contract import IllegalAction
from rules.darkmoon.state import EventPickFrame, GameState, Options, TurnFrame
from rules.darkmoon.table import die_limit, left_of

PLAYER_COUNTS = (3, 4, 5, 6, 7)
ALL_OUTPOSTS = {o.id for o in C.outposts}


@pytest.mark.rule("DM-SETUP-1")
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_setup_board_dice_and_characters(n: int) -> None:
    s = new(n, seed=11 * n)
    assert s.shield == 2
    assert len(s.outposts) == 2 and len(set(s.outposts)) == 2
    assert set(s.outposts) | set(s.outpost_pile) == ALL_OUTPOSTS
    assert not set(s.outposts) & set(s.outpost_pile)
    assert s.suspicion == 0 and not s.suspicion_removed
    assert s.fatigue == [] and s.sabotage is None
    assert s.available.total() == 0 and s.spent.total() == 0
    characters = [p.character for p in s.players.values()]
    assert len(set(characters)) == n
    assert set(characters) <= {ch.id for ch in C.characters}
    for seat, p in s.players.items():
        assert (p.held.strong, p.held.weak) == (2, 2)
        assert p.participation is None  # the participation token, not yet flipped
        assert die_limit(s, seat) == 4
        assert not p.quarantined and not p.revealed and p.die_tokens == 0


@pytest.mark.rule("DM-SETUP-1")
def test_setup_outposts_are_random_and_apply_at_once() -> None:
    drawn = {tuple(sorted(new(4, seed).outposts)) for seed in range(30)}
    assert len(drawn) > 5
    # a seed whose starting tokens include the Research Lab: no Call a Vote action
    seed = next(seed for seed in range(200) if "research_lab" in new(4, seed).outposts)
    s = new(4, seed)
    s, _ = play(s, s.commander or "", keys(s, s.commander or "")[0])
    while waiting(s) != [s.active]:
        seat = waiting(s)[0]
        s, _ = play(s, seat, keys(s, seat)[0])
    assert isinstance(s.stack[-1], TurnFrame)
    assert not any(k.startswith("call_vote") for k in keys(s, s.active))


@pytest.mark.rule("DM-SETUP-1")
@pytest.mark.parametrize("n", [1, 2, 8])
def test_setup_refuses_wrong_player_counts(n: int) -> None:
    with pytest.raises(IllegalAction):
        RS.new_game(seats(n), 1)
    with pytest.raises(IllegalAction):
        RS.new_game(["a", "a", "b"], 1)


@pytest.mark.rule("DM-SETUP-2")
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_commander_is_a_character_in_play_with_the_commander_die(n: int) -> None:
    commanders = set()
    for seed in range(25):
        s = new(n, seed)
        assert s.commander in s.players
        commanders.add(s.commander)
        in_play = {p.character for p in s.players.values()}
        assert s.players[s.commander].character in in_play
        assert s.commander_die == "held"
        for seat, p in s.players.items():
            assert p.held.commander == (1 if seat == s.commander else 0)
        view = RS.view(s, None)
        assert [v.seat for v in view.seats if v.commander] == [s.commander]
    assert len(commanders) > 1  # the draw is random, not always the same seat


@pytest.mark.rule("DM-SETUP-3")
@pytest.mark.parametrize(("n", "infected", "uninfected", "deck"), [
    (3, 1, 2, "silver"), (4, 1, 3, "black"), (5, 2, 3, "silver"), (6, 2, 4, "black"),
    (7, 3, 4, "silver"),
])
def test_status_mix_and_task_deck_by_player_count(
        n: int, infected: int, uninfected: int, deck: str) -> None:
    for seed in range(5):
        s = new(n, seed)
        statuses = [p.status for p in s.players.values()]
        assert len(set(statuses)) == n
        assert sum(p.infected for p in s.players.values()) == infected
        assert sum(x in UNINFECTED_IDS for x in statuses) == uninfected
        assert all((x in INFECTED_IDS) == s.players[seat].infected
                   for seat, x in zip(s.players, statuses, strict=True))
        assert s.task_deck_name == deck
        cards = C.silver_tasks if deck == "silver" else C.black_tasks
        expected = {t.id for t in cards}
        if n < 5:
            expected.discard("voluntary_blood_testing")
        assert sorted(s.task_deck) == sorted(expected)
        assert ("voluntary_blood_testing" in s.task_deck) == (n >= 5)


@pytest.mark.rule("DM-SETUP-3")
def test_infected_cards_are_picked_at_random() -> None:
    picked = {tuple(sorted(p.status for p in new(5, seed).players.values() if p.infected))
              for seed in range(30)}
    assert len(picked) > 3


@pytest.mark.rule("DM-SETUP-3")
def test_status_is_dealt_secretly() -> None:
    s = new(5, 3)
    public = RS.view(s, None)
    assert public.me is None
    assert all(v.status is None and v.status_name is None for v in public.seats)
    for seat, p in s.players.items():
        mine = RS.view(s, seat)
        assert mine.me is not None and mine.me.status == p.status
        assert mine.me.infected == p.infected
        others = {x.status for x in s.players.values() if x.seat != seat}
        dumped = mine.model_dump_json()
        assert not any(f'"{other}"' in dumped for other in others)


@pytest.mark.rule("DM-SETUP-3")
def test_task_deck_option_overrides_the_player_count() -> None:
    assert new(4, 1, task_deck="silver").task_deck_name == "silver"
    assert new(5, 1, task_deck="black").task_deck_name == "black"


@pytest.mark.rule("DM-SETUP-4")
def test_final_event_random_or_chosen() -> None:
    finals = {f.id for f in C.final_events}
    randoms = {new(4, seed).final_event for seed in range(30)}
    assert randoms <= finals and len(randoms) > 1
    for final in finals:
        assert new(4, 2, final_event=final).final_event == final
    with pytest.raises(IllegalAction):
        RS.new_game(seats(4), 1, Options(final_event="no_such_card"))


@pytest.mark.rule("DM-SETUP-4")
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_commander_picks_the_first_event_and_start_player_is_left(n: int) -> None:
    s = new(n, seed=n)
    commander = s.commander
    assert commander is not None
    assert s.active == left_of(s, commander)
    assert s.active == s.seats[(s.seats.index(commander) + 1) % n]
    pick = s.stack[-1]
    assert isinstance(pick, EventPickFrame) and len(pick.drawn) == 2
    assert s.current_event is None
    assert waiting(s) == [commander]
    prompts = RS.pending(s)
    assert [p.seat for p in prompts] == [commander] and prompts[0].secret
    assert RS.view(s, None).event is None
    assert not set(pick.drawn) & set(s.event_deck)
    # only the commander sees the two cards
    assert sorted(RS.view(s, commander).me.choosing) == sorted(pick.drawn)  # type: ignore[union-attr]
    other = s.active if s.active != commander else s.seats[2]
    assert RS.view(s, other).me.choosing == []  # type: ignore[union-attr]
    keep, bottom = pick.drawn
    deck_before = list(s.event_deck)
    s2, events = play(s, commander, f"keep_event:{keep}")
    assert s2.current_event == keep
    assert s2.event_deck == [*deck_before, bottom]  # to the bottom
    bottom_name = next(e.name for e in C.events if e.id == bottom)
    for e in events:
        if e.to is None:
            assert bottom not in e.text + str(e.data) and bottom_name not in e.text
    assert any(e.to == (commander,) and bottom_name in e.text for e in events)
    assert s2.stack[0] == TurnFrame(seat=s.active, stage=s2.stack[0].stage)
    assert s2.active == s.active


@pytest.mark.parametrize("options", [
    Options(), Options(expansion=True), Options(expansion=True, threats=True, company_man=True),
    Options(task_deck="black", final_event=None, telepathic_infected=True)])
@pytest.mark.parametrize("n", [3, 5, 7])
def test_a_new_game_is_what_validating_it_would_make(options: Options, n: int) -> None:
    """Setup builds the state without pydantic's validation: it must be exactly the
    state validation makes of the same data (same values, same JSON)."""
    s = RS.new_game([str(1000 + i) for i in range(n)], 11, options)
    checked = GameState.model_validate(s.model_dump())
    assert checked == s and checked.model_dump_json() == s.model_dump_json()
    assert GameState.model_validate_json(s.model_dump_json()) == s
