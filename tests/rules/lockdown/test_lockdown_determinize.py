"""Lockdown's `determinize` (rules/lockdown/determinize.py): over seeded games of every
mode and both board sides, the seat's view of a copy is its view of the real state and
the game waits for the same seats; Lockdown's own secrets (objectives and which were
kept, contingency tokens, the active contingency, the neutral pool, CSS tokens,
weaknesses, the computer deck, the Mars surface deck and tokens) are dealt again, each
varying with the seed, but what the seat saw in secret stays; states that look the same
to the seat give the same copy; a copy plays on to the end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from family_determinize import check_family_parts, play_out, random_states, seen
from lockdown_helpers import RS, run_with, started

from rules.core.clone import clone
from rules.core.rng import Rng
from rules.lockdown import rooms
from rules.lockdown.cards import content, crossover_weaknesses, index
from rules.lockdown.determinize import SECRETS
from rules.lockdown.endgame import revealed_weaknesses
from rules.lockdown.flow import MACHINE
from rules.lockdown.state import GameState, Options
from rules.lockdown.surface import MARS_DECK
from rules.nemesis.frames import PickFrame
from rules.nemesis.state import Pin, change_room
from rules.nemesis_original.ruleset import Nemesis

RS_INDEX = index()
MODES = [Options(), Options(board="mars"), Options(mode="coop"),
         Options(mode="coop", board="mars"), Options(mode="solo"),
         Options(mode="solo", board="mars"),
         Options(nemesis_intruders=True, nemesis_characters=True),
         Options(board="mars", nemesis_intruders=True)]


def _players(options: Options, game: int) -> int:
    return 1 if options.mode == "solo" else 1 + game % 5


def _mid_game(n: int, seed: int, options: Options, moves: int = 80) -> GameState:
    states = random_states(RS, n, seed, options, every=1)
    s: GameState = next(x for k, x in enumerate(states) if k == moves or x.over)
    assert not s.over
    return s


def _varies(s: GameState, seat: str, part: Callable[[GameState], Any], at_least: int,
            seeds: int = 30) -> None:
    copies = {repr(part(RS.determinize(s, seat, d))) for d in range(seeds)}
    assert len(copies) >= at_least, (len(copies), copies)


# 40 seeded games: every mode and side, 1 to 5 players (every other state, the seat is
# one the game waits for)
@pytest.mark.parametrize("game", range(40))
def test_many_games_look_the_same_to_the_seat_and_wait_for_the_same_seats(game: int
                                                                          ) -> None:
    options = MODES[game % len(MODES)]
    n = _players(options, game)
    for k, s in enumerate(random_states(RS, n, 100 + game, options, every=5)):
        waiting = MACHINE.waiting(s)
        seat = waiting[0] if waiting and k % 2 else s.seats[k % n]
        before = s.model_dump_json()
        copy = RS.determinize(s, seat, k)
        assert seen(RS, copy, seat) == seen(RS, s, seat)
        assert MACHINE.waiting(copy) == MACHINE.waiting(s)
        assert s.over or RS.pending(copy)
        # what the seat may do does not hang on what it cannot see
        assert [a.key for a in RS.legal_actions(copy, seat)] == \
            [a.key for a in RS.legal_actions(s, seat)]
        check_family_parts(s, copy, seat)
        _check_lockdown_parts(s, copy, seat)
        assert s.model_dump_json() == before


def _check_lockdown_parts(real: GameState, copy: GameState, seat: str) -> None:
    """What a copy keeps of Lockdown's own: the seat's objectives and tokens, the
    counts of every pile, the face-up weaknesses and CSS tokens, the computer's top."""
    c = content()
    every = Counter(t.id for t in c.contingencies for _ in range(t.count))
    piles = [h.contingencies for h in copy.heroes.values()] + [copy.neutral_pool]
    held = Counter(t for p in piles for t in p) + Counter(copy.revealed_contingencies)
    held.update([copy.active_contingency] if copy.active_contingency else [])
    assert not held - every  # no token twice
    if seat in real.heroes:
        assert copy.heroes[seat].contingencies == real.heroes[seat].contingencies
    assert [len(h.contingencies) for h in copy.heroes.values()] == \
        [len(h.contingencies) for h in real.heroes.values()]
    assert len(copy.neutral_pool) == len(real.neutral_pool)
    assert copy.revealed_contingencies == real.revealed_contingencies
    assert [len(h.objectives) for h in copy.heroes.values()] == \
        [len(h.objectives) for h in real.heroes.values()]
    if real.options.mode != "semi_coop" or real.over:
        assert all(copy.heroes[x].objectives == h.objectives for x, h in real.heroes.items())
    else:
        dealt = [o for h in copy.heroes.values() for o in h.objectives]
        assert len(set(dealt)) == len(dealt)
        for number, x in enumerate(copy.seats, start=1):
            for o in copy.heroes[x].objectives:
                card = RS_INDEX.objectives[o]
                assert not (card.kind == "player_cannot_survive" and card.value == number)
    assert revealed_weaknesses(copy) == revealed_weaknesses(real)
    assert len(copy.weaknesses) == len(set(copy.weaknesses)) == len(real.weaknesses)
    c_weak = crossover_weaknesses(c) if real.options.nemesis_intruders else c.weaknesses
    assert set(copy.weaknesses) <= {w.id for w in c_weak}
    assert sorted(copy.css) == sorted(real.css)
    assert not set(copy.css.values()) & set(copy.css_revealed)
    assert len(set(copy.css.values())) == len(copy.css)
    assert copy.computer[:1] == real.computer[:1]
    assert sorted(copy.computer) == sorted(real.computer)


def test_each_lockdown_secret_varies_with_the_seed() -> None:
    s = _mid_game(4, 5, Options())
    seat = "p0"
    _varies(s, seat, lambda c: [c.heroes[x].objectives for x in ("p1", "p2", "p3")], 20)
    _varies(s, seat, lambda c: [c.heroes[x].contingencies for x in ("p1", "p2", "p3")], 10)
    _varies(s, seat, lambda c: c.active_contingency, 4)
    _varies(s, seat, lambda c: c.neutral_pool, 10)
    _varies(s, seat, lambda c: sorted(c.css.items()), 10)
    _varies(s, seat, lambda c: c.weaknesses, 5)
    _varies(s, seat, lambda c: c.computer, 10)
    for d in range(10):
        copy = RS.determinize(s, seat, d)
        assert copy.heroes[seat].objectives == s.heroes[seat].objectives
        assert copy.heroes[seat].contingencies == s.heroes[seat].contingencies


def test_the_mars_surface_deck_and_tokens_vary_with_the_seed() -> None:
    s = _mid_game(2, 9, Options(board="mars"), moves=30)
    _varies(s, "p0", lambda c: c.decks[MARS_DECK], 20)
    crossroads = [x for x, r in s.rooms.items() if not r.explored and r.tile is None]
    buildings = [x for x, r in s.rooms.items() if not r.explored and r.tile is not None]
    assert len(crossroads) > 2 and len(buildings) > 2
    _varies(s, "p0", lambda c: [c.rooms[x].token for x in crossroads], 4)
    _varies(s, "p0", lambda c: [(c.rooms[x].token, c.rooms[x].tile) for x in buildings], 10)
    # each token stays among the rooms of its sort (a building's or a crossroads')
    for d in range(10):
        copy = RS.determinize(s, "p0", d)
        for slots in (crossroads, buildings):
            assert Counter(copy.rooms[x].token for x in slots) == \
                Counter(s.rooms[x].token for x in slots)


def test_which_objective_another_player_kept_is_dealt_again() -> None:
    checked = 0
    for game in range(6):
        for s in random_states(RS, 3, 200 + game, Options(), every=4):
            kept = [x for x in s.seats[1:] if len(s.heroes[x].objectives) == 1]
            if s.over or not kept:
                continue
            copies = [RS.determinize(s, "p0", d) for d in range(20)]
            decks = {RS_INDEX.objectives[c.heroes[kept[0]].objectives[0]].deck
                     for c in copies}
            assert decks == {"corporate", "personal"}
            checked += 1
            break
    assert checked >= 3


def test_cooperative_objectives_and_revealed_tokens_stay() -> None:
    s = _mid_game(3, 4, Options(mode="coop"))
    for d in range(10):
        copy = RS.determinize(s, "p1", d)
        assert [h.objectives for h in copy.heroes.values()] == \
            [h.objectives for h in s.heroes.values()]
        assert copy.revealed_contingencies == s.revealed_contingencies
    _varies(s, "p1", lambda c: (c.active_contingency, c.neutral_pool), 5)


def test_the_end_shows_objectives_and_the_active_contingency() -> None:
    *_, last = random_states(RS, 4, 41, Options(), every=1000)
    assert last.over
    for d in range(5):
        copy = RS.determinize(last, "p2", d)
        assert seen(RS, copy, "p2") == seen(RS, last, "p2")
        assert copy.active_contingency == last.active_contingency
        assert all(copy.heroes[x].objectives == h.objectives for x, h in last.heroes.items())


def _step(s: GameState, seat: str, tag: str, option: str) -> GameState:
    """Resolve a room action's follow-up pick of `seat` as the engine does."""
    frame = PickFrame(seat=seat, purpose="step", options=[option], labels=["it"], tag=tag,
                      subject=seat)
    s, _ = run_with(s, lambda ctx: rooms.continue_step(ctx, frame, option))
    return s


def test_objectives_checked_in_secret_stay_in_the_copies() -> None:
    s = started(4, 5)  # (before the first encounter: each holds both of its cards)
    theirs = list(s.heroes["p2"].objectives)
    assert len(theirs) == 2
    s = _step(s, "p0", "check", "p2")
    assert s.memory["p0"].facts["objectives:p2"] == ",".join(theirs)
    assert all(RS.determinize(s, "p0", d).heroes["p2"].objectives == theirs
               for d in range(10))
    _varies(s, "p0", lambda c: c.heroes["p3"].objectives, 5)
    _varies(s, "p1", lambda c: c.heroes["p2"].objectives, 5)
    # p2 keeps one of them: the seat knows it is one of the two, not which
    s = clone(s)
    s.heroes["p2"].objectives = theirs[:1]
    kept = {RS.determinize(s, "p0", d).heroes["p2"].objectives[0] for d in range(20)}
    assert kept == set(theirs)


def test_a_css_token_looked_at_stays_on_its_slot_and_moves_with_it() -> None:
    s = _mid_game(4, 5, Options())
    slot = max(s.css)
    token = s.css[slot]
    s = _step(s, "p1", "css_peek", str(slot))
    assert all(RS.determinize(s, "p1", d).css[slot] == token for d in range(10))
    _varies(s, "p0", lambda c: c.css[slot], 3)
    free = next(x for x in (slot + 1, slot - 1) if 0 < x <= 15 and x not in s.css)
    s = _step(s, "p2", "css_move", f"{slot}>{free}")
    assert s.css[free] == token and s.memory["p1"].facts == {f"css:{free}": token}
    assert all(RS.determinize(s, "p1", d).css[free] == token for d in range(10))


def _rarest(tokens: list[str], above: str = "") -> int:
    """The place of the token with the fewest copies in the box (of those whose id
    sorts after `above`)."""
    counts = {t.id: t.count for t in content().contingencies}
    return min((i for i, t in enumerate(tokens) if t > above),
               key=lambda i: (counts[tokens[i]], i))


def _copies(s: GameState, seat: str, n: int = 30) -> list[GameState]:
    return [RS.determinize(s, seat, d) for d in range(n)]


def test_a_contingency_token_peeked_at_stays_while_its_pile_stays() -> None:
    s = _mid_game(4, 5, Options())
    token = s.heroes["p3"].contingencies[0]
    s = _step(s, "p0", "peek", "p3:0")
    assert all(c.heroes["p3"].contingencies == [token] for c in _copies(s, "p0"))
    assert any(c.heroes["p3"].contingencies != [token] for c in _copies(s, "p1"))
    k = _rarest(s.neutral_pool)
    pooled = s.neutral_pool[k]
    s = _step(s, "p0", "peek", f"pool:{k}")
    mine = _copies(s, "p0")
    assert all(pooled in c.neutral_pool and len(c.neutral_pool) == len(s.neutral_pool)
               for c in mine)
    assert any(pooled not in c.neutral_pool for c in _copies(s, "p1"))
    # p3 takes a pool token (which one is its secret): the pool's peek is worth no
    # more, the token p0 saw in p3's pile stays there beside one dealt again
    s = clone(s)
    s.heroes["p3"].contingencies.append(s.neutral_pool.pop(0 if k else 1))
    mine = _copies(s, "p0")
    assert all(c.heroes["p3"].contingencies[0] == token
               and len(c.heroes["p3"].contingencies) == 2 for c in mine)
    assert len({c.heroes["p3"].contingencies[1] for c in mine}) > 2
    assert any(pooled not in c.neutral_pool for c in mine)


def test_a_fresh_look_at_the_pool_counts_after_a_stale_one() -> None:
    """p0 looked at a pool token, someone took one, p0 looked at another: the first
    look is worth no more, the second still is (whatever order their names sort in)."""
    s = _mid_game(4, 5, Options())
    first = min(range(len(s.neutral_pool)), key=lambda i: s.neutral_pool[i])
    s = _step(s, "p0", "peek", f"pool:{first}")
    s = clone(s)
    s.heroes["p2"].contingencies.append(s.neutral_pool.pop())
    k = _rarest(s.neutral_pool, above=s.neutral_pool[first])
    later = s.neutral_pool[k]
    s = _step(s, "p0", "peek", f"pool:{k}")
    assert all(later in c.neutral_pool for c in _copies(s, "p0"))
    assert any(later not in c.neutral_pool for c in _copies(s, "p1"))


def test_an_empty_neutral_pool_stays_empty() -> None:
    """Every pool token was taken: the tokens left to deal fill the others' piles and
    the active contingency, nothing is left for the pool."""
    s = clone(_mid_game(4, 5, Options()))
    s.heroes["p1"].contingencies += s.neutral_pool
    s.neutral_pool = []
    for c in _copies(s, "p0", 10):
        assert c.neutral_pool == [] and c.active_contingency
        assert [len(h.contingencies) for h in c.heroes.values()] == \
            [len(h.contingencies) for h in s.heroes.values()]
        _check_lockdown_parts(s, c, "p0")


def test_a_css_token_seen_before_it_was_revealed_is_not_dealt_again() -> None:
    """p0 looked at the token on a slot; the time reached it and it was revealed; then
    another token was moved onto that slot: the copies deal that slot, never the token
    revealed."""
    s = _mid_game(4, 5, Options())
    slot, other = sorted(s.css)[:2]
    seen_token = s.css[slot]
    s = _step(s, "p0", "css_peek", str(slot))
    s = clone(s)
    s.css_revealed.append(s.css.pop(slot))
    s.css[slot] = s.css.pop(other)
    copies = _copies(s, "p0")
    assert all(seen_token not in c.css.values() for c in copies)
    assert len({c.css[slot] for c in copies}) > 1


def test_a_copy_for_someone_watching_deals_every_players_secrets() -> None:
    """A seat not at the table holds nothing: every player's objectives and tokens
    are dealt again, and the copy looks the same to it."""
    s = started(4, 5)
    copies = _copies(s, "watcher", 20)
    for c in copies:
        assert seen(RS, c, "watcher") == seen(RS, s, "watcher")
        check_family_parts(s, c, "watcher")
        _check_lockdown_parts(s, c, "watcher")
    for x in s.seats:
        assert len({tuple(c.heroes[x].objectives) for c in copies}) > 5
        assert len({tuple(c.heroes[x].contingencies) for c in copies}) > 3


def test_the_tiles_left_in_the_box_may_lie_on_unexplored_rooms() -> None:
    s = _mid_game(4, 5, Options())
    box = SECRETS.spare_tiles(s)
    assert box
    hidden = [x for x, r in s.rooms.items() if not r.explored and r.tile]
    dealt = {c.rooms[x].tile for c in _copies(s, "p0") for x in hidden}
    assert set(box) <= dealt


def test_lockdowns_secrets_refuse_another_games_state() -> None:
    with pytest.raises(TypeError, match="Lockdown's secrets were handed a GameState"):
        SECRETS.deal(Nemesis().new_game(["p0", "p1"], 1), "p0", Rng.from_seed(1))


def test_the_event_seen_on_the_monitors_stays_on_top() -> None:
    s = clone(_mid_game(4, 5, Options()))
    top = s.decks["events"][0]
    tile = next(r for r in RS_INDEX.rooms.values() if r.action == "monitoring")
    slot = next(x for x, r in s.rooms.items() if not r.explored and r.tile
                and RS_INDEX.rooms[r.tile].level == tile.level)
    change_room(s.rooms, slot, explored=True, tile=tile.id)
    s.heroes["p1"].room = slot
    s, events = run_with(s, lambda ctx: rooms.do_room_action(ctx, ctx.s.heroes["p1"], 0))
    assert any(e.kind == "peek_event" and e.to == ("p1",) for e in events)
    assert s.memory["p1"].top == [Pin(deck="events", card=top)]
    assert all(RS.determinize(s, "p1", d).decks["events"][0] == top for d in range(10))
    _varies(s, "p0", lambda c: c.decks["events"][0], 4)
    # sent to the bottom (the pick that follows): known at the bottom
    s = _step(s, "p1", "monitor", "bottom")
    assert s.decks["events"][-1] == top
    assert s.memory["p1"].top == [] and s.memory["p1"].bottom[-1] == Pin(deck="events", card=top)
    assert all(RS.determinize(s, "p1", d).decks["events"][-1] == top for d in range(10))


def _unseen_swaps(s: GameState, seat: str) -> GameState:
    """`s` with Lockdown's secrets the seat cannot see moved around: others'
    objectives and contingency tokens swapped, the neutral pool and the computer deck
    under its top reversed, two face-down CSS tokens and weaknesses swapped."""
    o = clone(s)
    others = [x for x in o.seats if x != seat]
    if o.options.mode == "semi_coop" and len(others) > 1 and not o.over:
        a, b = o.heroes[others[0]], o.heroes[others[1]]
        if len(a.objectives) == len(b.objectives):
            a.objectives, b.objectives = b.objectives, a.objectives
    if others and o.heroes[others[0]].contingencies and o.neutral_pool:
        mine = o.heroes[others[0]].contingencies
        mine[0], o.neutral_pool[0] = o.neutral_pool[0], mine[0]
    o.neutral_pool.reverse()
    o.computer[1:] = o.computer[:0:-1]
    slots = sorted(o.css)
    if len(slots) > 1:
        o.css[slots[0]], o.css[slots[1]] = o.css[slots[1]], o.css[slots[0]]
    shown = len(revealed_weaknesses(o))
    o.weaknesses[shown:] = o.weaknesses[shown:][::-1]
    o.rng = Rng(state=o.rng.state ^ 0x5EED)
    return o


@pytest.mark.parametrize("options", MODES[:6])
def test_states_that_look_the_same_give_the_same_copy(options: Options) -> None:
    n = _players(options, 3)
    checked = 0
    for k, s in enumerate(random_states(RS, n, 61, options, every=11)):
        seat = s.seats[k % n]
        for other in (_unseen_swaps(s, seat), RS.determinize(s, seat, 500 + k)):
            assert seen(RS, other, seat) == seen(RS, s, seat)
            for d in range(2):
                assert (RS.determinize(s, seat, d).model_dump_json()
                        == RS.determinize(other, seat, d).model_dump_json())
            checked += 1
    assert checked > 4


@pytest.mark.parametrize("options", MODES)
def test_the_copy_plays_on_to_the_end(options: Options) -> None:
    n = _players(options, 4)
    for k, s in enumerate(random_states(RS, n, 77, options, every=37)):
        if s.over:
            continue
        copy = play_out(RS, RS.determinize(s, s.seats[k % n], k), k)
        assert copy.over
