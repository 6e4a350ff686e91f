"""Dark Moon's `determinize`: a copy of the game as one seat might imagine it.

Over seeded random games (core, expansion, modules and variants) at many states: the
seat's view of the copy is its view of the real state, the hidden parts vary with the
seed, states that look the same to the seat give the same copy, the copy plays to the
end, and the real state is left alone.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from conformance_games import play_to_the_end
from darkmoon_helpers import (
    play,
    push,
    random_states,
    ready,
    reveal_now,
    run_with,
    set_dice,
    status_ids,
    table,
    turn,
)
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
    CorporationFrame,
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


def _interfering() -> tuple[GameState, list[str], ChoiceFrame]:
    """A revealed infected player (the first of the turn order) uses Interference: it
    chooses what to do with the 3 top tasks."""
    s, order = table(5, 3)
    infected = order[0]
    reveal_now(s, infected)
    s, _ = play(turn(s, infected), infected, "interference")
    frame = top_frame(s)
    assert isinstance(frame, ChoiceFrame) and frame.purpose == "interference"
    return s, order, frame


def _interfered(back: int) -> tuple[GameState, str, list[str]]:
    """A revealed infected player used Interference and put `back` of the 3 top tasks
    back on top, the last first; the rest it discarded face down."""
    s, order, frame = _interfering()
    infected = order[0]
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


# ------------------------------------------------------------------ each hidden part
def _first(game: int, found: Callable[[GameState], bool]) -> GameState:
    """The first state of the seeded random game GAMES[game] where `found` holds."""
    n, seed, options = GAMES[game]
    s = next((s for s in random_states(n, seed, options, every=1)
              if not s.over and found(s)), None)
    assert s is not None, f"game {game}: no such state"
    return s


def _rolling(s: GameState) -> bool:
    return any(isinstance(f, RollFrame) and f.rolled and not f.must_roll_all
               and f.submit_count < f.max_dice and _dice(s, f.seat)[1] > f.submit_count
               for f in s.stack)


def test_another_seats_roll_is_rolled_again_with_as_many_dice_as_it_may_roll() -> None:
    """How many dice it rolled (between the roll's least and most), their kinds and
    their faces are another seat's guess; the roller keeps its roll."""
    s = _first(0, _rolling)
    roll = next(f for f in s.stack if isinstance(f, RollFrame) and f.rolled)
    y = roll.seat
    mine = RS.determinize(s, y, 0)
    assert next(f for f in mine.stack if isinstance(f, RollFrame)).rolled == roll.rolled
    cmd, dice = _dice(s, y)
    low, high = min(roll.submit_count, cmd + dice), min(roll.max_dice, cmd + dice)
    faces = content().board.dice
    counts, rolls = set(), set()
    for d in range(30):
        c = RS.determinize(s, next(x for x in s.seats if x != y), d)
        g = next(f for f in c.stack if isinstance(f, RollFrame))
        assert _dice(c, y) == (cmd, dice)
        assert all(die.face in getattr(faces, die.kind) for die in g.rolled)
        counts.add(len(g.rolled))
        rolls.add(tuple(sorted(die.code for die in g.rolled)))
    assert counts == set(range(low, high + 1)) and high > low
    assert len(rolls) > 10


def _others_vary(copies: list[GameState], s: GameState, seat: str,
                 part: Callable[[GameState, str], object]) -> bool:
    """Whether some other seat's `part` differs between the copies, `seat`'s own staying
    as it is in `s`."""
    assert all(part(c, seat) == part(s, seat) for c in copies)
    return any(len({repr(part(c, x)) for c in copies}) > 1 for x in s.seats if x != seat)


def _corporation_roll(s: GameState, x: str) -> object:
    return [f.rolled for f in s.stack if isinstance(f, CorporationFrame) and f.seat == x]


def _corporation_discards(s: GameState, x: str) -> object:
    assert s.expansion is not None
    return s.expansion.discarded.get(x)


def _threat(s: GameState, x: str) -> object:
    assert s.expansion is not None and s.expansion.threats is not None
    return s.expansion.threats.cards.get(x)


@pytest.mark.rule("DMX-2")
def test_others_corporation_dice_are_rolled_again_their_discards_too_until_the_end() -> None:
    """The corporation dice another seat rolled in secret, and the faces it discarded
    (shown in the recap only), are dealt again; the seat's own stay; once the game is
    over every copy keeps them all."""
    rolled = _first(3, lambda s: any(isinstance(f, CorporationFrame) and f.rolled
                                     for f in s.stack))
    y = next(f.seat for f in rolled.stack if isinstance(f, CorporationFrame))
    faces = set(content().expansion.board.corporation_die)
    seat = next(x for x in rolled.seats if x != y)
    copies = [RS.determinize(rolled, seat, d) for d in range(8)]
    assert all(set(*_corporation_roll(c, y)) <= faces for c in copies)
    assert _others_vary(copies, rolled, seat, _corporation_roll)
    assert _corporation_roll(RS.determinize(rolled, y, 0), y) == _corporation_roll(rolled, y)

    def discards(s: GameState) -> bool:
        assert s.expansion is not None
        return sum(bool(v) for v in s.expansion.discarded.values()) > 1
    s = _first(3, discards)
    assert s.expansion is not None
    for seat in s.expansion.discarded:
        copies = [RS.determinize(s, seat, d) for d in range(8)]
        assert _others_vary(copies, s, seat, _corporation_discards)
        for c in copies:
            assert c.expansion is not None
            assert ({k: len(v) for k, v in c.expansion.discarded.items()}
                    == {k: len(v) for k, v in s.expansion.discarded.items()})
    end = _last(3)
    assert end.expansion is not None and any(end.expansion.discarded.values())
    for seat in end.seats:
        c = RS.determinize(end, seat, 1)
        assert c.expansion is not None and c.expansion.discarded == end.expansion.discarded


def _last(game: int) -> GameState:
    n, seed, options = GAMES[game]
    *_, s = random_states(n, seed, options, every=10**6)
    assert s.over
    return s


@pytest.mark.rule("DMX-6")
def test_others_threat_cards_are_dealt_again_from_the_box_but_the_seats_own() -> None:
    s = _first(5, lambda s: _threat(s, s.seats[0]) is not None)
    box = Counter({c.id: c.copies for c in content().modules.threats})
    for seat in s.seats:
        copies = [RS.determinize(s, seat, d) for d in range(12)]
        assert _others_vary(copies, s, seat, _threat)
        for c in copies:  # never more copies of a card than the box holds
            assert c.expansion is not None and c.expansion.threats is not None
            held = Counter(c.expansion.threats.cards.values())
            assert not held - box and set(c.expansion.threats.cards) == set(s.seats)
    end = _last(5)
    assert end.expansion is not None and end.expansion.threats is not None
    assert end.expansion.threats.cards
    for seat in end.seats:
        c = RS.determinize(end, seat, 2)
        assert c.expansion is not None and c.expansion.threats is not None
        assert c.expansion.threats.cards == end.expansion.threats.cards


def test_a_vote_in_progress_is_cast_again_for_others_whatever_one_die_allows() -> None:
    """A voter holding a single strong (or weak) die may have cast it; a seat that has
    not voted yet does not know the votes cast either."""
    allowed: set[tuple[int, int, str]] = set()
    checked = 0
    for game in (1, 2, 4):
        n, seed, options = GAMES[game]
        for s in random_states(n, seed, options, every=1):
            top = s.stack[-1] if s.stack else None
            if s.over or not isinstance(top, VoteFrame) or not top.votes:
                continue
            seat = next((x for x in s.seats if x not in top.votes), None)
            if seat is None:
                continue
            copies = [RS.determinize(s, seat, d) for d in range(12)]
            votes = [c.stack[-1] for c in copies]
            assert all(isinstance(v, VoteFrame) and v.votes.keys() == top.votes.keys()
                       for v in votes)
            checked += len({repr(v) for v in votes}) > 1
            for c, v in zip(copies, votes, strict=True):
                assert isinstance(v, VoteFrame)
                for x, cast in v.votes.items():
                    held = c.players[x].held
                    allowed.add((min(held.strong, 2), min(held.weak, 2), cast))
            if checked >= 6:
                break
    assert checked >= 6
    assert any(strong == 1 and cast == "strong" for strong, _, cast in allowed)
    assert any(weak == 1 and cast == "weak" for _, weak, cast in allowed)
    assert not any((strong == 0 and cast == "strong") or (weak == 0 and cast == "weak")
                   for strong, weak, cast in allowed)


def _task_draw(s: GameState) -> bool:
    return any(isinstance(f, TaskFrame) and f.stage == "draw" and len(f.drawn) > 1
               for f in s.stack)


@pytest.mark.rule("DM-TASK-1")
def test_the_task_cards_another_seat_draws_are_dealt_again_its_own_kept() -> None:
    s = _first(0, _task_draw)
    frame = next(f for f in s.stack if isinstance(f, TaskFrame) and f.stage == "draw")
    y = frame.seat
    assert all(_drawn(RS.determinize(s, y, d)) == frame.drawn for d in range(5))
    seat = next(x for x in s.seats if x != y)
    copies = [RS.determinize(s, seat, d) for d in range(12)]
    assert all(_task_cards(c, seat) == _task_cards(s, seat) for c in copies)
    assert len({tuple(_drawn(c)) for c in copies}) > 6


def _drawn(s: GameState) -> list[str]:
    return next(f.drawn for f in s.stack if isinstance(f, TaskFrame))


def _after_draw(s: GameState) -> bool:
    """Another seat's task after its draw, whose drawn cards were discarded face down
    among other cards that seat discarded before."""
    by = discard_seen_by(s)
    return any(isinstance(f, TaskFrame) and f.stage != "draw" and len(f.drawn) > 1
               and by.count(f.seat) > len(f.drawn) - 1 for f in s.stack)


@pytest.mark.rule("DM-TASK-1")
def test_the_cards_another_seat_did_not_keep_are_the_copys_discards_in_their_places() -> None:
    """After another seat's draw, its task names the cards it discarded face down: in
    the copy, the cards dealt to those places of the discard pile (and only those)."""
    s = _first(1, _after_draw)
    frame = next(f for f in s.stack if isinstance(f, TaskFrame) and f.stage != "draw")
    by = discard_seen_by(s)
    places = [i for i, c in enumerate(s.task_discard)
              if c in frame.drawn[1:] and by[i] == frame.seat]
    assert places and len(places) < by.count(frame.seat)
    seat = next(x for x in s.seats if x != frame.seat)
    for d in range(6):
        c = RS.determinize(s, seat, d)
        g = next(f for f in c.stack if isinstance(f, TaskFrame) and f.stage != "draw")
        assert g.drawn == [frame.card] + [c.task_discard[i] for i in places]


@pytest.mark.rule("DM-INF-1")
def test_the_cards_of_another_seats_interference_are_dealt_again() -> None:
    s, order, frame = _interfering()
    infected = order[0]
    for d in range(4):
        c = RS.determinize(s, infected, d).stack[-1]
        assert isinstance(c, ChoiceFrame) and c.cards == frame.cards
    seat = order[1]
    copies = [RS.determinize(s, seat, d) for d in range(12)]
    assert all(_task_cards(c, seat) == _task_cards(s, seat) for c in copies)
    dealt = {tuple(f.cards) for c in copies for f in c.stack[-1:] if isinstance(f, ChoiceFrame)}
    assert len(dealt) > 6


@pytest.mark.rule("DMX-4")
def test_the_failure_card_is_as_likely_at_any_place_under_the_known_top() -> None:
    """With one other card in the deck, the failure card is on top in about half the
    copies, at the bottom in the other half."""
    s, _ = run_with(ready(5, 1, expansion=True), start_final)
    assert s.expansion is not None and s.expansion.failure_card in s.task_deck
    s = s.model_copy(deep=True)
    other = next(c for c in s.task_deck if c != s.expansion.failure_card)
    s.task_deck = [s.expansion.failure_card, other]
    s.task_top_by, s.task_top = "", 0
    on_top = sum(RS.determinize(s, s.seats[1], d).task_deck[0] == s.expansion.failure_card
                 for d in range(400))
    assert 165 <= on_top <= 235  # 200 expected; a third of 400 (133) would be a bias


def _passed_to_the_bottom(by: list[str]) -> GameState:
    """A deck of the 2 events the commanders passed (`by` passed each), nothing else."""
    s = ready(5, 1)
    s.event_deck = s.event_deck[:2]
    s.events_passed = list(s.event_deck)
    s.events_passed_by = by
    return s


def test_the_events_a_seat_passed_stay_put_even_once_the_deck_is_down_to_them() -> None:
    for by in (["p0", "p1"], ["p1", "p0"]):
        s = _passed_to_the_bottom(by)
        for seat in ("p0", "p1"):  # the other card is the only one left: known too
            assert all(RS.determinize(s, seat, d).event_deck == s.event_deck
                       for d in range(8))
        copies = [RS.determinize(s, "p2", d) for d in range(8)]
        assert {tuple(c.event_deck) for c in copies} == {tuple(s.event_deck),
                                                         tuple(s.event_deck[::-1])}
        assert all(c.events_passed == c.event_deck for c in copies)


def test_events_passed_in_a_game_saved_before_the_passers_were_recorded_are_dealt_again() -> None:
    s = _passed_to_the_bottom([])
    for seat in ("p0", "p1"):
        copies = [RS.determinize(s, seat, d) for d in range(8)]
        assert len({tuple(c.event_deck) for c in copies}) == 2
        assert all(c.events_passed == c.event_deck for c in copies)


def test_a_discard_pile_recorded_longer_than_it_is_is_unknown_to_all() -> None:
    s = ready(4, 1)
    s.task_discard = s.task_deck[:2]
    s.task_discard_by = ["", "p1", "p2"]
    assert discard_seen_by(s) == ["?", "?"]
    s.task_discard_by = ["p1"]
    assert discard_seen_by(s) == ["?", "p1"]


def test_unseen_spares_and_unknown_statuses_come_from_the_whole_box_in_use() -> None:
    """Over many copies, every fatigue token the table has not seen turns up as a spare,
    and every status card the seat does not hold turns up among the others (the
    expansion's and the Company Man's with the core's)."""
    s = RS.new_game([f"p{i}" for i in range(3)], 3,
                    Options(expansion=True, company_man=True))
    seat = s.seats[0]
    copies = [RS.determinize(s, seat, d) for d in range(60)]
    known = {p.character for p in s.players.values()} | set(s.fatigue_seen) | set(s.fatigue)
    tokens = {ch.id for ch in card_pools(content(), True).characters if ch.fatigue_token}
    assert any(t not in known for t in s.fatigue_pile)
    assert {t for c in copies for t in c.fatigue_pile} == tokens - set(s.fatigue)
    statuses = {c.players[x].status for c in copies for x in c.seats if x != seat}
    assert statuses == status_ids(s) - {s.players[seat].status}


def test_the_copys_setup_seed_is_a_new_64_bit_seed() -> None:
    s = RS.new_game([f"p{i}" for i in range(4)], 7, Options())
    seeds = {RS.determinize(s, "p1", d).seed for d in range(20)}
    assert len(seeds) == 20 and s.seed not in seeds
    assert all(0 <= x < 2**64 for x in seeds)


def test_a_roll_a_deal_could_not_keep_waiting_keeps_the_roller_s_dice() -> None:
    """p3 is about to roll weak dice only, 1 to 3 of them: it has a choice (so the game
    waits for it) only with 2 weak dice or more. Its 2 weak dice are the only weak dice
    behind the screens of p1..p5, so a fresh deal of their dice seldom leaves it 2 weak
    dice: after half the tries the deal keeps p3's dice, and the copy waits for p3."""
    s, _ = table(7, 2)
    s = s.model_copy(deep=True)
    for x in s.seats:
        s.players[x].held.commander = 0
        set_dice(s, x, 2, 0)
    set_dice(s, "p3", 0, 2)
    s.stack.append(RollFrame(seat="p3", purpose="repair", target="shield", max_dice=3,
                             submit_count=1, weak_only=True))
    assert RS.pending(s)[0].seat == "p3"
    for d in range(12):
        c = RS.determinize(s, "p0", d)
        assert [p.seat for p in RS.pending(c)] == ["p3"]
        assert _dice(c, "p3") == (0, 2)
