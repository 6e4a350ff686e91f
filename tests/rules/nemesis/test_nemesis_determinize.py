"""The family part of `determinize` (rules/nemesis/determinize.py), on Lockdown's states:
a copy keeps what the seat knows and the counts of everything (each character's cards,
contamination, items by colour, the bag's kinds), deals each kind of hidden thing
again (it varies over seeds, kind by kind), and states that differ only in what the
seat cannot see give the same copy."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from family_determinize import check_family_parts, random_states, seen
from lockdown_helpers import RS

from rules.core.clone import clone
from rules.core.rng import Rng
from rules.lockdown.flow import MACHINE
from rules.lockdown.state import GameState, Options
from rules.nemesis import determinize as family
from rules.nemesis.bag import kind_of
from rules.nemesis.frames import DraftFrame, PayFrame, PickFrame
from rules.nemesis.state import change_room

GAMES: list[tuple[int, int, Options]] = [
    (4, 3, Options()),
    (2, 5, Options(board="mars")),
    (3, 7, Options(mode="coop")),
    (1, 11, Options(mode="solo", board="mars")),
    (5, 13, Options(nemesis_intruders=True, nemesis_characters=True)),
]


def _mid_game(n: int = 4, seed: int = 3, moves: int = 90,
              options: Options | None = None) -> GameState:
    """The state `moves` random moves into a seeded game (or its last)."""
    states = random_states(RS, n, seed, options or Options(), every=1)
    s = next(x for k, x in enumerate(states) if k == moves or x.over)
    assert not s.over
    return s


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_the_copy_keeps_what_the_seat_knows_and_every_count(n: int, seed: int,
                                                            options: Options) -> None:
    for k, s in enumerate(random_states(RS, n, seed, options, every=4)):
        before = s.model_dump_json()
        seat = s.seats[k % n]
        for d in (1, 2):
            copy = RS.determinize(s, seat, d)
            assert seen(RS, copy, seat) == seen(RS, s, seat)
            assert MACHINE.waiting(copy) == MACHINE.waiting(s)
            check_family_parts(s, copy, seat)
        assert s.model_dump_json() == before  # the real state is left alone


def _varies(s: GameState, seat: str, part: Callable[[GameState], Any], at_least: int,
            seeds: int = 30) -> None:
    copies = {repr(part(RS.determinize(s, seat, d))) for d in range(seeds)}
    assert len(copies) >= at_least, (len(copies), copies)


def test_each_hidden_family_part_varies_with_the_seed() -> None:
    s = _mid_game()
    seat = next(x for x in s.seats if len(set(s.heroes[x].deck)) > 2)
    others = [x for x in s.seats if x != seat]
    checked = 0
    for x in others:
        h = s.heroes[x]
        for pile in ("hand", "deck", "discard"):
            if getattr(h, pile) and len(set(h.hand + h.deck + h.discard)) > 2:
                _varies(s, seat, lambda c, x=x, pile=pile: getattr(c.heroes[x], pile), 5)
                checked += 1
    assert checked >= 4
    _varies(s, seat, lambda c: c.heroes[seat].deck, 5)
    _varies(s, seat, lambda c: c.heroes[seat].hand, 1)  # (its own hand stays)
    for name in ("events", "attacks", "wounds", "red", "yellow", "green", "contamination"):
        _varies(s, seat, lambda c, name=name: c.decks[name], 20)
    _varies(s, seat, lambda c: sorted(c.bag), 5)
    _varies(s, seat, lambda c: c.bag, 20)
    hidden = [x for x, r in s.rooms.items() if not r.explored and r.tile]
    assert len(hidden) > 3
    _varies(s, seat, lambda c: [c.rooms[x].tile for x in hidden], 20)
    _varies(s, seat, lambda c: [c.rooms[x].token for x in hidden], 20)
    _varies(s, seat, lambda c: c.rng.state, 30)


def test_other_characters_secret_items_are_dealt_again_colour_by_colour() -> None:
    s = clone(_mid_game())
    rules = s.rules
    red = [i.id for i in rules.items.values() if i.color == "red" and not i.heavy]
    s.heroes["p1"].inventory += [s.decks["red"].pop(s.decks["red"].index(red[0]))
                                 if red[0] in s.decks["red"] else red[0]]
    s.heroes["p0"].inventory.append(s.decks["green"].pop(
        next(i for i, x in enumerate(s.decks["green"]) if not rules.items[x].heavy)))
    copies = [RS.determinize(s, "p0", d) for d in range(30)]
    assert len({tuple(c.heroes["p1"].inventory) for c in copies}) > 3
    assert all(c.heroes["p0"].inventory == s.heroes["p0"].inventory for c in copies)
    for c in copies:
        check_family_parts(s, c, "p0")


def test_contamination_faces_are_dealt_again_but_stay_contamination_cards() -> None:
    s = clone(_mid_game())
    for x in ("p0", "p1"):
        for _ in range(2):
            s.heroes[x].discard.append("c:" + s.decks["contamination"].pop(0))
    infected = {c.id for c in s.rules.contamination.values() if c.infected}
    copies = [RS.determinize(s, "p0", d) for d in range(40)]
    for x in ("p0", "p1"):  # its own stay where they lie; another's anywhere in its piles
        piles = [c.heroes[x].discard[-2:] if x == "p0" else
                 [f for f in c.heroes[x].hand + c.heroes[x].deck + c.heroes[x].discard
                  if f.startswith("c:")] for c in copies]
        faces = {tuple(sorted(fs)) for fs in piles}
        assert len(faces) > 3
        assert len({sum(f[2:] in infected for f in fs) for fs in faces}) > 1
        assert all(len(fs) == 2 and all(f.startswith("c:") for f in fs) for fs in piles)


def test_other_seats_drafting_choices_are_dealt_from_the_pool() -> None:
    s = RS.new_game(["p0", "p1", "p2"], 4, Options())
    top = s.stack[-1]
    assert isinstance(top, DraftFrame) and top.seat == "p0" and top.offered
    mine = [RS.determinize(s, "p0", d) for d in range(20)]
    theirs = [RS.determinize(s, "p1", d) for d in range(20)]
    assert all(c.stack[-1] == top for c in mine)
    offers = {tuple(f.offered) for c in theirs if isinstance(f := c.stack[-1], DraftFrame)}
    assert len(offers) > 5
    pool = sorted(s.decks["draft"] + top.offered)
    assert all(sorted(c.decks["draft"] + c.stack[-1].offered) == pool for c in theirs)


def test_the_two_items_another_seat_chooses_between_come_from_its_colour() -> None:
    s = clone(_mid_game())
    deck = s.decks["yellow"]
    pair = [deck.pop(0), deck.pop(0)]
    s.stack.append(PickFrame(seat="p1", purpose="step", tag="keep_item",
                             options=["+".join(pair), "+".join(reversed(pair))],
                             labels=[f"Keep {s.rules.items[c].name}" for c in pair],
                             subject="p1"))
    copies = [RS.determinize(s, "p0", d) for d in range(30)]
    picks = [c.stack[-1] for c in copies]
    assert all(isinstance(f, PickFrame) and f.tag == "keep_item" for f in picks)
    assert len({f.options[0] for f in picks}) > 5
    for c in copies:
        check_family_parts(s, c, "p0")
        f = c.stack[-1]
        a, b = f.options[0].split("+")
        assert f.options[1] == f"{b}+{a}"
        assert {s.rules.items[a].color, s.rules.items[b].color} == {"yellow"}
    own = [RS.determinize(s, "p1", d).stack[-1] for d in range(5)]
    assert all(f == s.stack[-1] for f in own)


def test_a_card_being_played_stays_on_its_discard_pile() -> None:
    s = clone(_mid_game())
    hero = next(h for h in s.heroes.values() if h.seat != "p0" and len(h.hand) > 1)
    card = next(c for c in hero.hand if not c.startswith("c:"))
    hero.hand.remove(card)
    hero.discard.append(card)
    s.stack.append(PayFrame(seat=hero.seat, cost=1, action="card", card=card))
    tops = []
    for d in range(20):
        copy = RS.determinize(s, "p0", d)
        assert copy.heroes[hero.seat].discard[-1] == card
        tops.append(tuple(copy.heroes[hero.seat].hand))
    assert len(set(tops)) > 3


def _unseen_swaps(s: GameState, seat: str) -> GameState:
    """`s` with what `seat` cannot see changed: other characters' hands and decks mixed,
    the decks reversed, a token in the bag swapped for a free one of its kind, two
    unexplored tiles of a level swapped, the generator moved on."""
    o = clone(s)
    for x in o.seats:
        h = o.heroes[x]
        if x != seat and h.hand and h.deck:
            h.hand[0], h.deck[-1] = h.deck[-1], h.hand[0]
    o.heroes[seat].deck.reverse()
    for name in o.decks:
        o.decks[name] = o.decks[name][::-1]
    used = set(o.bag) | set(o.aside)
    for i, t in enumerate(o.bag):
        free = [x for x in o.rules.bag.tokens if kind_of(x) == kind_of(t) and x not in used]
        if free:
            o.bag[i] = free[0]
            break
    hidden = [x for x, r in o.rooms.items() if not r.explored and r.tile]
    by_level: dict[str, list[str]] = {}
    for x in hidden:
        by_level.setdefault(o.rules.tiles[o.rooms[x].tile or ""].level, []).append(x)
    for slots in by_level.values():
        if len(slots) > 1:
            a, b = slots[0], slots[1]
            ta, tb = o.rooms[a].tile, o.rooms[b].tile
            change_room(o.rooms, a, tile=tb)
            change_room(o.rooms, b, tile=ta)
    o.rng = Rng(state=o.rng.state ^ 0xABCDEF)
    return o


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_states_that_look_the_same_give_the_same_copy(n: int, seed: int,
                                                      options: Options) -> None:
    checked = 0
    for k, s in enumerate(random_states(RS, n, seed, options, every=13)):
        seat = s.seats[k % n]
        for other in (RS.determinize(s, seat, 1000 + k), _unseen_swaps(s, seat)):
            assert seen(RS, other, seat) == seen(RS, s, seat)
            for d in range(2):
                assert (RS.determinize(s, seat, d).model_dump_json()
                        == RS.determinize(other, seat, d).model_dump_json())
            checked += 1
    assert checked > 4


def test_a_deal_that_changes_whom_the_game_waits_for_is_dealt_again() -> None:
    s = _mid_game()
    calls = Counter[str]()

    def waiting(state: GameState) -> list[str]:
        calls["n"] += 1  # the first deal "changes" it, the second keeps it
        return ["p0"] if calls["n"] in (1, 3) else ["p1"]

    copy = family.determinize(s, "p0", 7, waiting=waiting, secrets=family.GameSecrets())
    first = family.deal(s, "p0", Rng.from_seed(7), family.GameSecrets())
    assert calls["n"] == 3
    assert copy.model_dump_json() != first.model_dump_json()
