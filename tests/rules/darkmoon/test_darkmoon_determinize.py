"""Dark Moon's `determinize`: a copy of the game as one seat might imagine it.

Over seeded random games (core, expansion, modules and variants) at many states: the
seat's view of the copy is its view of the real state, the hidden parts vary with the
seed, states that look the same to the seat give the same copy, the copy plays to the
end, and the real state is left alone.
"""

from __future__ import annotations

import random

import pytest
from conformance_games import play_to_the_end
from darkmoon_helpers import play, push, random_states, ready, reveal_now, run_with, table, turn
from darkmoon_helpers import top as top_frame

from rules import get_ruleset
from rules.darkmoon.actions import task_code
from rules.darkmoon.cards import content
from rules.darkmoon.determinize import discard_seen_by
from rules.darkmoon.effects import start_final
from rules.darkmoon.expansion_setup import card_pools
from rules.darkmoon.ruleset import DarkMoon
from rules.darkmoon.state import (
    ChoiceFrame,
    DamageFrame,
    DiscardFrame,
    GameState,
    Options,
    RollFrame,
    TaskFrame,
    VoteFrame,
)
from rules.darkmoon.table import draw_top_task, new_task_deck, put_back_tasks

RS = get_ruleset("darkmoon")
assert isinstance(RS, DarkMoon)

GAMES: list[tuple[int, int, Options]] = [
    (4, 3, Options()),
    (5, 7, Options()),
    (7, 11, Options(telepathic_infected=True)),
    (5, 13, Options(expansion=True)),
    (6, 17, Options(expansion=True, threats=True, company_man=True)),
    (4, 19, Options(expansion=True, threats=True, costly_actions=True)),
    (3, 29, Options(expansion=True, company_man=True)),
    (7, 31, Options(expansion=True, threats=True, company_man=True)),
    (6, 37, Options(flimsy_quarantine=True, first_is_last=True)),
    (5, 41, Options(expansion=True, threats=True, deadly_events=True)),
]


def _seen(s: GameState, seat: str) -> str:
    return RS.view(s, seat).model_dump_json()


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_the_copy_looks_the_same_to_the_seat(n: int, seed: int, options: Options) -> None:
    for k, s in enumerate(random_states(n, seed, options)):
        before = s.model_dump_json()
        seat = s.seats[k % n]
        for d in (1, 2):
            copy = RS.determinize(s, seat, d)
            assert _seen(copy, seat) == _seen(s, seat)
        assert s.model_dump_json() == before  # the real state is left alone


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_states_that_look_the_same_give_the_same_copy(n: int, seed: int,
                                                      options: Options) -> None:
    for k, s in enumerate(random_states(n, seed, options, every=19)):
        seat = s.seats[k % n]
        other = RS.determinize(s, seat, 1000 + k)
        assert _seen(other, seat) == _seen(s, seat)
        for d in range(3):
            assert (RS.determinize(s, seat, d).model_dump_json()
                    == RS.determinize(other, seat, d).model_dump_json())


def test_hidden_parts_vary_with_the_seed() -> None:
    s = RS.new_game([f"p{i}" for i in range(6)], 5,
                    Options(expansion=True, threats=True, company_man=True))
    seat = "p0"
    copies = [RS.determinize(s, seat, d) for d in range(40)]
    roles = {tuple(c.players[x].status for x in c.seats) for c in copies}
    infected = {tuple(c.players[x].infected for x in c.seats) for c in copies}
    tasks = {tuple(c.task_deck) for c in copies}
    events = {tuple(c.event_deck) for c in copies}
    assert len(roles) > 10 and len(infected) > 3 and len(tasks) > 30 and len(events) > 30
    assert all(c.players[seat].status == s.players[seat].status for c in copies)
    assert all(sum(c.players[x].infected for x in c.seats)
               == sum(s.players[x].infected for x in s.seats) for c in copies)
    assert len({c.rng.state for c in copies}) == 40
    assert all(c.rng.state != s.rng.state for c in copies)


def test_others_votes_are_cast_again_with_the_dice_they_hold() -> None:
    checked = varied = 0
    for n, seed, options in GAMES:
        for s in random_states(n, seed, options, every=1):
            top = s.stack[-1] if s.stack else None
            if not isinstance(top, VoteFrame) or len(top.votes) < 2 or s.over:
                continue
            seat = sorted(top.votes)[0]
            seen: set[tuple[str, ...]] = set()
            for d in range(30):
                copy = RS.determinize(s, seat, d)
                vote = copy.stack[-1]
                assert isinstance(vote, VoteFrame) and vote.votes[seat] == top.votes[seat]
                assert sorted(vote.votes) == sorted(top.votes)
                for x, v in vote.votes.items():  # a die cast is still behind the screen
                    assert v == "abstain" or copy.players[x].held.get(v) > 0
                seen.add(tuple(vote.votes[x] for x in sorted(vote.votes)))
            checked += 1
            varied += len(seen) > 1
    assert checked > 3 and varied > 1


def test_the_events_a_commander_passed_stay_where_it_put_them() -> None:
    checked = 0
    for n, seed, options in GAMES:
        for s in random_states(n, seed, options, every=1):
            for i, (card, by) in enumerate(zip(s.events_passed, s.events_passed_by,
                                               strict=True)):
                where = len(s.event_deck) - len(s.events_passed) + i
                assert s.event_deck[where] == card
                others = [RS.determinize(s, x, d) for x in s.seats if x != by
                          for d in range(5)]
                assert all(RS.determinize(s, by, d).event_deck[where] == card
                           for d in range(5))
                assert any(c.event_deck[where] != card for c in others)
                assert all(c.events_passed[i] == c.event_deck[where] for c in others)
                checked += 1
    assert checked > 10


def test_a_revealed_player_stays_revealed_and_known() -> None:
    checked = 0
    for n, seed, options in GAMES:
        for s in random_states(n, seed, options, every=3):
            shown = [x for x in s.seats if s.players[x].revealed]
            if not shown or s.over:
                continue
            seat = next(x for x in s.seats if x not in shown)
            for d in range(5):
                copy = RS.determinize(s, seat, d)
                assert all(copy.players[x].revealed for x in shown)
                assert all(copy.players[x].status == s.players[x].status for x in shown)
            checked += 1
    assert checked > 5


def test_real_states_differing_only_in_hidden_parts_give_the_same_copy() -> None:
    checked = 0
    for n, seed, options in GAMES:
        if options.telepathic_infected or options.threats:
            continue  # keep the swap below unseen: no teammates, no shown cards
        for s in random_states(n, seed, options, every=5):
            seat = s.seats[0]
            hidden = [x for x in s.seats[1:] if not s.players[x].revealed]
            if s.over or len(hidden) < 2:
                continue
            other = s.model_copy(deep=True)
            a, b = other.players[hidden[0]], other.players[hidden[1]]
            a.status, b.status = b.status, a.status
            a.infected, b.infected = b.infected, a.infected
            # the dice behind the two screens change kinds, not count (the table saw
            # how many each took from the pool)
            # (not while one of them discards or rolls: whether it has a choice shows)
            busy = {f.seat for f in s.stack if isinstance(f, DiscardFrame | RollFrame)}
            if not busy & {a.seat, b.seat}:
                ca, cb = a.held.strong + a.held.weak, b.held.strong + b.held.weak
                strong = a.held.strong + b.held.strong
                a.held.strong = min(strong, ca)
                b.held.strong = strong - a.held.strong
                a.held.weak, b.held.weak = ca - a.held.strong, cb - b.held.strong
            known = s.task_top if s.task_top_by == seat else 0  # the top it put back
            other.task_deck = other.task_deck[:known] + other.task_deck[known:][::-1]
            _shuffle_hidden_discards(other, seat)
            _swap_an_unseen_spare(other)
            other.seed += 1
            top = len(other.event_deck) - len(other.events_passed)  # the passed stay put
            other.event_deck = other.event_deck[:top][::-1] + other.event_deck[top:]
            other.outpost_pile = list(reversed(other.outpost_pile))
            other.rng.state ^= 0xABCDEF
            if _seen(other, seat) != _seen(s, seat):
                continue  # the swap showed (the dice held differ in count)
            for d in range(3):
                assert (RS.determinize(s, seat, d).model_dump_json()
                        == RS.determinize(other, seat, d).model_dump_json())
            checked += 1
    assert checked > 10


def _shuffle_hidden_discards(s: GameState, seat: str) -> None:
    """Reverse the order of the task discards `seat` did not see (face down by another
    seat), unless another seat's task after its draw points at them."""
    if any(isinstance(f, TaskFrame) and f.stage != "draw" and len(f.drawn) > 1
           for f in s.stack):
        return
    by = discard_seen_by(s)
    hidden = [i for i, x in enumerate(by) if x not in ("", seat)]
    cards = [s.task_discard[i] for i in hidden][::-1]
    for i, c in zip(hidden, cards, strict=True):
        s.task_discard[i] = c


def _swap_an_unseen_spare(s: GameState) -> None:
    """Expansion: put another unseen token of a character not in play in the fatigue
    pile in place of an unseen spare (the table cannot tell them apart)."""
    if not s.options.expansion:
        return
    known = {p.character for p in s.players.values()} | set(s.fatigue_seen) | set(s.fatigue)
    spare = [t for t in s.fatigue_pile if t not in known]
    out = [ch.id for ch in card_pools(content(), True).characters
           if ch.fatigue_token and ch.id not in known and ch.id not in s.fatigue_pile]
    if spare and out:
        s.fatigue_pile[s.fatigue_pile.index(spare[0])] = out[0]


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_the_copy_plays_to_the_end(n: int, seed: int, options: Options) -> None:
    for k, s in enumerate(random_states(n, seed, options, every=41)):
        play_to_the_end(RS, RS.determinize(s, s.seats[k % n], k), k, f"state {k}", 2000)


MANY = [Options(), Options(expansion=True),
        Options(expansion=True, threats=True, company_man=True),
        Options(telepathic_infected=True),
        Options(expansion=True, threats=True, costly_actions=True, expensive_voting=True,
                fatigued_infected=True),
        Options(expansion=True, first_is_last=True, flimsy_quarantine=True, safe_orders=True,
                nerfed_reveal="normal", deadly_events=True, no_more_complications=True)]


# from game 100 on: 103, 104 and 204 wait for a player whose single legal move would be
# played for them under another deal (the copy must keep the same seats waiting)
@pytest.mark.parametrize("game", range(100, 220))
def test_many_games_look_the_same_and_keep_a_decision_pending(game: int) -> None:
    options = MANY[game % len(MANY)]
    n = 5 + game % 3 if options.telepathic_infected else 3 + game % 5
    for k, s in enumerate(random_states(n, game, options, every=3)):
        if s.over:
            continue
        seat = s.seats[k % n]
        copy = RS.determinize(s, seat, k)
        assert _seen(copy, seat) == _seen(s, seat)
        assert RS.pending(copy)


# ------------------------------------------------------------------ the task cards
def _task_cards(s: GameState, seat: str) -> list[str]:
    """The task cards in the deck, the discards and the cards other seats are choosing
    between: together, what the copies deal again (sorted)."""
    frames = [c for f in s.stack if f.kind == "task" and f.stage == "draw" and f.seat != seat
              for c in f.drawn]
    frames += [c for f in s.stack if isinstance(f, ChoiceFrame) and f.seat != seat
               and f.purpose == "interference" for c in f.cards]
    return sorted(s.task_deck + s.task_discard + frames)


@pytest.mark.rule("DM-TASK-1")
def test_cards_discarded_face_down_are_known_to_their_discarder_only() -> None:
    checked = varied = 0
    for n, seed, options in GAMES:
        for s in random_states(n, seed, options, every=7):
            by = discard_seen_by(s)
            down = {x for x in by if x not in ("", "?")}
            if s.over or not down:
                continue
            for seat in s.seats:
                copies = [RS.determinize(s, seat, d) for d in range(8)]
                mine = [i for i, x in enumerate(by) if x in ("", seat)]
                for c in copies:
                    assert len(c.task_discard) == len(s.task_discard)
                    assert len(c.task_deck) == len(s.task_deck)
                    assert c.task_discard_by == s.task_discard_by
                    assert all(c.task_discard[i] == s.task_discard[i] for i in mine)
                    assert _task_cards(c, seat) == _task_cards(s, seat)
                hidden = [i for i, x in enumerate(by) if x not in ("", seat)]
                if hidden:
                    checked += 1
                    varied += any(c.task_discard[i] != s.task_discard[i]
                                  for c in copies for i in hidden)
    assert checked > 30 and varied == checked


@pytest.mark.rule("DMX-4")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_evacuation_failure_card_stays_in_the_deck(seed: int) -> None:
    """Drawing the failure card shows it: while evacuation is on it is in the deck, in
    no discard pile and in no hand (the final event shuffled it into the deck)."""
    s, _ = run_with(ready(5, seed, expansion=True), start_final)
    pick = random.Random(seed)
    checked = 0
    for k in range(120):
        x = s.expansion
        assert x is not None
        if s.over:
            break
        in_deck = x.failure_card in s.task_deck
        for d in range(3):
            c = RS.determinize(s, s.seats[k % 5], d)
            assert (x.failure_card in c.task_deck) == in_deck
            assert x.failure_card not in c.task_discard
            assert not any(x.failure_card in f.drawn for f in c.stack
                           if isinstance(f, TaskFrame))
        checked += in_deck
        prompt = pick.choice(RS.pending(s))
        s = RS.apply(s, prompt.seat, pick.choice(RS.legal_actions(s, prompt.seat))).state
    assert checked > 10


def _interfered(back: int) -> tuple[GameState, str, list[str]]:
    """A revealed infected player used Interference and put `back` of the 3 top tasks
    back on top, the last first; the rest it discarded face down."""
    s, order = table(5, 3)
    infected = order[0]
    reveal_now(s, infected)
    s, _ = play(turn(s, infected), infected, "interference")
    frame = top_frame(s)
    assert isinstance(frame, ChoiceFrame) and frame.purpose == "interference"
    put = frame.cards[::-1][:back]
    key = "return_tasks:" + ("+".join(str(task_code(c)) for c in put) if put else "~")
    s, _ = play(s, infected, key)
    return s, infected, put


@pytest.mark.rule("DM-INF-1")
@pytest.mark.parametrize("back", [0, 1, 2, 3])
def test_the_order_put_back_with_interference_is_known_to_its_player_only(back: int) -> None:
    s, infected, put = _interfered(back)
    assert s.task_deck[:back] == put and (s.task_top_by, s.task_top) == (infected, back)
    assert s.task_discard_by == [infected] * (3 - back)
    for d in range(12):
        c = RS.determinize(s, infected, d)
        assert c.task_deck[:back] == put  # what it saw stays as it saw it
        assert c.task_discard == s.task_discard
    others = [RS.determinize(s, x, d) for x in s.seats if x != infected for d in range(12)]
    for x, c in zip([x for x in s.seats if x != infected for _ in range(12)], others,
                    strict=True):
        assert _seen(c, x) == _seen(s, x)
        assert sorted(c.task_deck + c.task_discard) == sorted(s.task_deck + s.task_discard)
    if back:  # another seat does not know the order: the top is dealt again
        assert sum(c.task_deck[:back] == put for c in others) < len(others) // 4
    if back < 3:  # nor the cards discarded face down
        assert any(c.task_discard != s.task_discard for c in others)


@pytest.mark.rule("DM-INF-1")
def test_what_interference_put_on_top_is_forgotten_as_it_is_drawn_or_shuffled() -> None:
    s, infected, put = _interfered(2)
    after = s.model_copy(deep=True)
    assert draw_top_task(after) == put[0] and after.task_top == 1
    put_back_tasks(after, infected, ["x"])
    assert (after.task_top_by, after.task_top, after.task_deck[:2]) == (infected, 2, ["x", put[1]])
    put_back_tasks(after, "someone", ["y"])
    assert (after.task_top_by, after.task_top) == ("someone", 1)
    new_task_deck(after, list(after.task_discard))
    assert (after.task_top_by, after.task_top, after.task_discard_by) == ("", 0, [])


# ------------------------------------------------------------------ the fatigue tokens
def test_the_fatigue_spares_the_table_has_not_seen_are_dealt_again() -> None:
    checked = varied = 0
    tokens = {ch.id for ch in card_pools(content(), True).characters if ch.fatigue_token}
    for n, seed, options in GAMES:
        for k, s in enumerate(random_states(n, seed, options, every=11)):
            seat = s.seats[k % n]
            copies = [RS.determinize(s, seat, d) for d in range(10)]
            if not options.expansion:  # every character's token: nothing to deal
                assert all(sorted(c.fatigue_pile) == sorted(s.fatigue_pile) for c in copies)
                continue
            known = ({p.character for p in s.players.values()} | set(s.fatigue_seen)
                     | set(s.fatigue))
            for c in copies:
                assert len(c.fatigue_pile) == len(set(c.fatigue_pile)) == len(s.fatigue_pile)
                assert set(c.fatigue_pile) <= tokens - set(s.fatigue)
                assert {t for t in c.fatigue_pile if t in known} == {
                    t for t in s.fatigue_pile if t in known}
            if any(t not in known for t in s.fatigue_pile) and len(tokens - known) > 1:
                checked += 1
                varied += len({tuple(sorted(c.fatigue_pile)) for c in copies}) > 1
    assert checked > 10 and varied == checked


def test_a_spare_fatigue_token_once_drawn_is_known_to_be_in_the_mix() -> None:
    s = ready(3, 4, expansion=True)
    mix = list(s.fatigue_pile)
    spare = [t for t in mix if t not in {p.character for p in s.players.values()}]
    assert len(spare) == 3 and not s.fatigue_seen
    s.fatigue_pile = list(spare)  # the draw takes a spare
    s, _ = push(s, DamageFrame(chooser=s.active, remaining=1, damage="fatigue", lethal=False))
    drawn = s.fatigue[-1]
    assert drawn in spare and s.fatigue_seen == [drawn]
    s = s.model_copy(deep=True)  # repaired: the token goes back to the pile
    s.fatigue, s.fatigue_pile = [], mix
    copies = [RS.determinize(s, s.seats[1], d) for d in range(12)]
    assert all(drawn in c.fatigue_pile and len(c.fatigue_pile) == 6 for c in copies)
    assert len({frozenset(c.fatigue_pile) for c in copies}) > 2  # the 2 others vary


# ------------------------------------------------------------------ dice of busy players
def _dice(s: GameState, seat: str) -> tuple[int, int]:
    """All of `seat`'s dice (behind its screen and rolled in front of it): the commander
    die, and the others."""
    held = s.players[seat].held
    rolled = [d.kind for f in s.stack if isinstance(f, RollFrame) and f.seat == seat
              for d in f.rolled]
    cmd = held.commander + rolled.count("commander")
    return cmd, held.strong + held.weak + len(rolled) - rolled.count("commander")


def test_the_dice_of_a_player_discarding_or_rolling_are_dealt_again() -> None:
    """Its choice to make shows (the table sees it is waited for), so the copy keeps it
    waited for; the kinds of its dice, and how many it rolled, are another seat's guess."""
    checked = varied = rolled = 0
    for n, seed, options in GAMES:
        for s in random_states(n, seed, options, every=1):
            busy = [f for f in s.stack if isinstance(f, DiscardFrame | RollFrame)]
            if s.over or not busy:
                continue
            y = busy[-1].seat
            seat = next(x for x in s.seats if x != y)
            kinds = set()
            for d in range(8):
                c = RS.determinize(s, seat, d)
                assert _dice(c, y) == _dice(s, y)
                assert RS.pending(c) == RS.pending(s)
                roll = next((g for g in reversed(c.stack) if isinstance(g, RollFrame)), None)
                if roll is not None and roll.rolled and roll.seat == y:
                    rolled += d == 0
                    assert (roll.submit_count <= len(roll.rolled) <= roll.max_dice
                            or roll.must_roll_all)
                    held = c.players[y].held
                    if roll.must_roll_all:
                        assert held.strong + held.weak + held.commander == 0
                kinds.add((c.players[y].held.strong, c.players[y].held.weak,
                           tuple(d.code for g in c.stack if isinstance(g, RollFrame)
                                 for d in g.rolled)))
            checked += 1
            varied += len(kinds) > 1
    assert checked > 100 and varied > checked * 3 // 4 and rolled > 20
