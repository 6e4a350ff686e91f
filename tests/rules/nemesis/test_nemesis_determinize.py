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
from lockdown_helpers import RS, run_with

from rules.core.clone import clone
from rules.core.rng import Rng
from rules.lockdown.flow import MACHINE
from rules.lockdown.state import GameState, Options
from rules.nemesis import contamination
from rules.nemesis import determinize as family
from rules.nemesis.bag import kind_of
from rules.nemesis.decks import draw_from, draw_to_discard
from rules.nemesis.frames import DraftFrame, PayFrame, PickFrame, TradeFrame
from rules.nemesis.hands import drop_held, heavy_pick
from rules.nemesis.memory import put_under, remember_top, sent_to_bottom
from rules.nemesis.state import Held, Pin, change_room

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


def test_the_characters_offered_in_the_draft_stay_and_the_pool_is_shuffled() -> None:
    s = RS.new_game(["p0", "p1", "p2"], 4, Options())
    top = s.stack[-1]
    assert isinstance(top, DraftFrame) and top.seat == "p0" and top.offered
    for seat in ("p0", "p1"):  # (named to the table: "p0 drafts from: A or B")
        copies = [RS.determinize(s, seat, d) for d in range(20)]
        assert all(c.stack[-1] == top for c in copies)
        assert len({tuple(c.decks["draft"]) for c in copies}) > 10
        assert all(sorted(c.decks["draft"]) == sorted(s.decks["draft"]) for c in copies)


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


def test_the_heavy_item_another_seat_must_make_room_for_is_dealt_again() -> None:
    s = clone(_mid_game())
    rules = s.rules
    hero = s.heroes["p1"]
    color = next(c for c in ("red", "yellow", "green")
                 if sum(rules.items[x].heavy for x in s.decks[c]) > 2)
    heavy = [x for x in s.decks[color] if rules.items[x].heavy]
    while len(hero.hands) < 2:
        s.decks[color].remove(heavy[-1])
        hero.hands.append(Held(item=heavy.pop()))
    s.decks[color].remove(heavy[0])
    s.stack.append(heavy_pick(rules, hero, heavy[0], None, 0))
    given = set()
    for d in range(30):
        copy = RS.determinize(s, "p0", d)
        f = copy.stack[-1]
        assert isinstance(f, PickFrame) and f.tag.startswith("heavy:i:")
        item = f.tag.split(":")[2]
        assert rules.items[item].heavy and rules.items[item].color == color
        assert f.labels[-1] == f"Leave {rules.items[item].name}"
        check_family_parts(s, copy, "p0")
        given.add(item)
    assert len(given) > 1
    assert all(RS.determinize(s, "p1", d).stack[-1] == s.stack[-1] for d in range(5))


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


def test_items_pledged_between_two_others_are_dealt_again_with_their_givers() -> None:
    s = clone(_mid_game())
    rules = s.rules
    light = [x for x in s.decks["green"] if not rules.items[x].heavy][:3]
    for x in light:
        s.decks["green"].remove(x)
    s.heroes["p1"].inventory += light
    s.stack.append(TradeFrame(starter="p1", seats=["p1", "p2"], stage="agree",
                              gifts=[("p1", "p2", light[0]), ("p1", "p2", light[1])]))
    outsider = [RS.determinize(s, "p0", d) for d in range(30)]
    gifts = set()
    for c in outsider:
        f = c.stack[-1]
        assert isinstance(f, TradeFrame)
        things = [t for _, _, t in f.gifts]
        assert not Counter(things) - Counter(c.heroes["p1"].inventory)
        gifts.add(tuple(things))
    assert len(gifts) > 3
    for seat in ("p1", "p2"):  # the giver and the receiver know what is offered
        for d in range(10):
            c = RS.determinize(s, seat, d)
            assert c.stack[-1] == s.stack[-1]
            assert not Counter(light[:2]) - Counter(c.heroes["p1"].inventory)


def _unseen_swaps(s: GameState, seat: str) -> GameState:
    """`s` with what `seat` cannot see changed: other characters' hands and decks mixed,
    the decks reversed (but the cards whose places the seat knows), a token in the bag
    swapped for a free one of its kind, two unexplored tiles of a level swapped, the
    generator moved on."""
    o = clone(s)
    for x in o.seats:
        h = o.heroes[x]
        if x != seat and h.hand and h.deck:
            h.hand[0], h.deck[-1] = h.deck[-1], h.hand[0]
    o.heroes[seat].deck.reverse()
    for name in o.decks:  # (the cards the seat knows the places of stay)
        pins = family.pinned(o, seat, name)
        o.decks[name] = family.fill(len(o.decks[name]), pins,
                                    family.unpinned(o.decks[name], pins)[::-1])
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


class _LookedAt(family.GameSecrets):
    """A game's secrets in which the seat looked at one unexplored room."""

    def __init__(self, slot: str) -> None:
        self.slot = slot

    def known_rooms(self, s: Any, seat: str) -> set[str]:
        return {self.slot}


def test_an_unexplored_room_the_seat_looked_at_keeps_its_tile_and_token() -> None:
    s = _mid_game()
    hidden = sorted(x for x, r in s.rooms.items() if not r.explored and r.tile)
    secrets = _LookedAt(hidden[0])
    copies = [family.determinize(s, "p0", d, waiting=MACHINE.waiting, secrets=secrets)
              for d in range(20)]
    assert all(c.rooms[hidden[0]] == s.rooms[hidden[0]] for c in copies)
    assert len({c.rooms[hidden[1]].tile for c in copies}) > 3
    for c in copies:
        check_family_parts(s, c, "p0")


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


def _infected_and_clean(s: GameState) -> tuple[list[str], list[str]]:
    cards = s.rules.contamination.values()
    return ([f"c:{c.id}" for c in cards if c.infected], [f"c:{c.id}" for c in cards
                                                          if not c.infected])


def test_contamination_the_seat_scanned_infected_stays_infected_in_its_copies() -> None:
    s = clone(_mid_game())
    hero = s.heroes["p0"]
    bad, clean = _infected_and_clean(s)
    hero.hand += [bad[0], clean[0]]
    hero.discard += [clean[1]]
    deck = s.decks["contamination"]
    for c in (bad[0], clean[0], clean[1]):
        deck.remove(c[2:])
    s, events = run_with(s, lambda ctx: contamination.scan(ctx, ctx.s.heroes["p0"]))
    assert any(e.kind == "scan" and e.to == ("p0",) for e in events)
    hero = s.heroes["p0"]
    assert hero.hand.count(bad[0]) == 1 and clean[0] not in hero.hand
    assert s.memory["p0"].infected == [bad[0]]
    copies = [RS.determinize(s, "p0", d) for d in range(30)]
    assert all(bad[0] in c.heroes["p0"].hand for c in copies)
    # the discard pile was not scanned: its card's face is dealt again
    assert len({c.heroes["p0"].discard[-1] for c in copies}) > 3
    # another seat knows nothing of it, and p0's memory is not in its copies
    theirs = [RS.determinize(s, "p1", d) for d in range(30)]
    assert len({tuple(sorted(c.heroes["p0"].hand)) for c in theirs}) > 3
    assert all("p0" not in c.memory for c in theirs)
    # a decontamination takes the INFECTED card away: nothing left to remember
    s, _ = run_with(s, lambda ctx: contamination.decontaminate(ctx, ctx.s.heroes["p0"],
                                                               everywhere=True))
    assert s.memory["p0"].infected == []


def test_a_card_seen_on_top_or_put_at_the_bottom_stays_in_its_place() -> None:
    s = clone(_mid_game())
    events = s.decks["events"]
    remember_top(s, "p0", "events", events[0])
    red = s.decks["red"]
    put_under(s, "red", red.pop(3), ("p0",))
    for d in range(20):
        copy = RS.determinize(s, "p0", d)
        assert copy.decks["events"][0] == events[0]
        assert copy.decks["red"][-1] == red[-1]
    others = [RS.determinize(s, "p1", d) for d in range(20)]
    assert len({c.decks["events"][0] for c in others}) > 3
    # the top card sent to the bottom in front of everyone: known at the bottom now
    top = events[0]
    sent_to_bottom(s, "events")
    assert events[-1] == top
    assert s.memory["p0"].top == []
    assert s.memory["p0"].bottom[-2:] == [Pin(deck="red", card=red[-1]),
                                          Pin(deck="events", card=top)]
    assert all(RS.determinize(s, "p0", d).decks["events"][-1] == top for d in range(10))
    # drawn down to it (the table sees every card leave): nothing is pinned
    while len(events) > 1:
        draw_from(s, "events")
    assert family.pinned(s, "p0", "events") == {-1 + len(events): top}
    draw_from(s, "events")
    assert family.pinned(s, "p0", "events") == {}
    assert "events" not in {p.deck for p in s.memory["p0"].bottom}


def test_a_card_put_under_keeps_its_depth_when_more_go_under() -> None:
    """The seat put a card under the deck; then another copy of the same card went
    under without the seat seeing which (a contamination card, or another seat's
    storage room): the seat's card is the second from the bottom, and a world where the
    last card is something else looks the same to the seat and gives the same copy."""
    s = clone(_mid_game())
    red = s.decks["red"]
    twin = next(c for c in set(red) if red.count(c) >= 2)
    red.remove(twin)
    put_under(s, "red", twin, ("p0",))
    red.remove(twin)
    put_under(s, "red", twin, ("p1",))  # p0 does not see which card it is
    mine = family.pinned(s, "p0", "red")
    assert mine[len(red) - 2] == twin and len(red) - 1 not in mine
    assert family.pinned(s, "p1", "red")[len(red) - 1] == twin
    # the same for p0, another card under its own
    other = clone(s)
    swap = next(i for i, c in enumerate(other.decks["red"][:-2]) if c != twin)
    deck = other.decks["red"]
    deck[swap], deck[-1] = deck[-1], deck[swap]
    other.memory.pop("p1")
    assert family.pinned(other, "p0", "red") == mine
    for d in range(10):
        copy = RS.determinize(s, "p0", d)
        assert copy.decks["red"][-2] == twin
        assert copy.model_dump_json() == RS.determinize(other, "p0", d).model_dump_json()


def test_a_card_drawn_and_shuffled_back_is_not_pinned_where_it_went() -> None:
    """A card seen on top is drawn: its place is forgotten, so when the deck is used
    up and its discards shuffled in, no copy puts it where it really is."""
    s = clone(_mid_game())
    top = s.decks["events"][0]
    remember_top(s, "p0", "events", top)
    draw_to_discard(s, "events")
    assert s.memory["p0"].top == []
    while s.decks["events"]:
        draw_to_discard(s, "events")
    draw_to_discard(s, "events")  # the discards are shuffled into a new deck
    assert top in s.decks["events"] and family.pinned(s, "p0", "events") == {}


def test_a_heavy_item_dropped_in_front_of_everyone_is_known_under_its_deck() -> None:
    s = clone(_mid_game())
    hero = s.heroes["p2"]
    items = s.rules.items
    heavy = next(i for i, item in items.items() if item.heavy)
    held = Held(item=heavy)
    hero.hands.append(held)
    s, _ = run_with(s, lambda ctx: drop_held(ctx, ctx.s.heroes["p2"], held))
    colour = items[heavy].color
    assert s.decks[colour][-1] == heavy
    for seat in s.seats:
        assert all(RS.determinize(s, seat, d).decks[colour][-1] == heavy for d in range(5))


def test_a_save_from_before_depths_reads_its_places_as_pins() -> None:
    s = _mid_game()
    data = s.model_dump(mode="json")
    data["memory"] = {"p0": {"top": [f"events:{s.decks['events'][0]}"], "bottom": ["red:x"]}}
    loaded = GameState.model_validate(data)
    assert loaded.memory["p0"].top == [Pin(deck="events", card=s.decks["events"][0])]
    assert loaded.memory["p0"].bottom == [Pin(deck="red", card="x")]
    assert family.pinned(loaded, "p0", "red") == {}  # not where it says: left out


def _light(s: GameState, color: str, n: int = 1) -> list[str]:
    """n light items of a colour taken from its deck (distinct ones where it can)."""
    rules = s.rules
    deck = s.decks[color]
    ids = sorted({x for x in deck if not rules.items[x].heavy}, key=deck.index)[:n]
    for x in ids:
        deck.remove(x)
    return ids


def _heavy(s: GameState, color: str, weapon: bool) -> str:
    """A heavy item of a colour (a weapon or not) taken from its deck."""
    rules = s.rules
    item = next(x for x in s.decks[color] if rules.items[x].heavy
                and bool(rules.items[x].weapon) == weapon)
    s.decks[color].remove(item)
    return item


class _Knows(family.GameSecrets):
    """A game's secrets in which p0 knows up to `n` of p1's copies of each of `items`
    (say it saw them given), and nobody else knows anything."""

    def __init__(self, items: list[str], n: int) -> None:
        self.items, self.n = items, n

    def known_items(self, s: Any, seat: str) -> Counter[tuple[str, str]]:
        if seat != "p0":
            return Counter()
        held = s.heroes["p1"].inventory
        return Counter({("p1", x): min(self.n, held.count(x)) for x in self.items})


def _knowing(s: GameState, seat: str, secrets: family.GameSecrets, n: int = 30
             ) -> list[GameState]:
    return [family.determinize(s, seat, d, waiting=MACHINE.waiting, secrets=secrets)
            for d in range(n)]


def test_the_items_a_game_says_the_seat_knows_stay_and_no_more() -> None:
    s = clone(_mid_game())
    item = _light(s, "red")[0]
    s.heroes["p1"].inventory += [item] * 3
    secrets = _Knows([item], 2)
    copies = _knowing(s, "p0", secrets)
    held = [c.heroes["p1"].inventory.count(item) for c in copies]
    assert min(held) == 2 and held.count(2) > 20  # (the third is dealt again)
    for c in copies:
        check_family_parts(s, c, "p0")
    theirs = _knowing(s, "p2", secrets, 10)
    assert min(c.heroes["p1"].inventory.count(item) for c in theirs) < 2


def test_an_items_place_among_public_ones_does_not_stop_the_deal() -> None:
    """Another character's secret item after a crafted one in its inventory, and the
    items out of the game after a heavy one (seen when it was dropped) and a crafted
    one: the secret ones are dealt again, the public ones stay."""
    s = clone(_mid_game())
    crafted = s.crafted.pop(0)
    secret = _light(s, "red")[0]
    s.heroes["p1"].inventory += [crafted, secret]
    gone = _light(s, "green")[0]
    s.removed_items = [_heavy(s, "red", True), s.crafted.pop(0), gone]
    copies = [RS.determinize(s, "p0", d) for d in range(30)]
    assert len({c.heroes["p1"].inventory[-1] for c in copies}) > 3
    assert all(c.heroes["p1"].inventory[-2] == crafted for c in copies)
    assert len({c.removed_items[-1] for c in copies}) > 3
    assert all(c.removed_items[:2] == s.removed_items[:2] for c in copies)
    for c in copies:
        check_family_parts(s, c, "p0")


def test_two_heavy_items_of_two_colours_are_each_dealt_from_their_own() -> None:
    """p1 is given a red heavy weapon (with its ammo), p2 a yellow heavy item (a weapon
    or not): each pick is the engine's own for an item of its colour dealt again."""
    s = clone(_mid_game())
    rules = s.rules
    picks = {"p1": ("red", _heavy(s, "red", True)), "p2": ("yellow", _heavy(s, "yellow", False))}
    for seat, (_, item) in picks.items():
        weapon = rules.items[item].weapon
        s.stack.append(heavy_pick(rules, s.heroes[seat], item, None,
                                  weapon.ammo if weapon else 0))
    given: dict[str, set[str]] = {"p1": set(), "p2": set()}
    for d in range(30):
        copy = RS.determinize(s, "p0", d)
        check_family_parts(s, copy, "p0")
        for f in copy.stack[-2:]:
            assert isinstance(f, PickFrame)
            color, _ = picks[f.seat]
            item = f.tag.split(":")[2]
            card = rules.items[item]
            assert card.heavy and card.color == color
            assert f == heavy_pick(rules, copy.heroes[f.seat], item, None,
                                   card.weapon.ammo if card.weapon else 0)
            given[f.seat].add(item)
    assert all(len(items) > 1 for items in given.values())
    assert any(rules.items[x].weapon and rules.items[x].weapon.ammo for x in given["p1"])
    assert any(not rules.items[x].weapon for x in given["p2"])


def test_a_heavy_item_pledged_from_a_hand_stays_pledged() -> None:
    """A heavy item held in a hand was given in plain sight: of what p1 pledges to p2,
    only the cards of its inventory are dealt again for p0."""
    s = clone(_mid_game())
    heavy = _heavy(s, "red", True)
    s.heroes["p1"].hands = [Held(item=heavy)]
    light = _light(s, "green", 2)
    s.heroes["p1"].inventory += light
    s.stack.append(TradeFrame(starter="p1", seats=["p1", "p2"], stage="agree",
                              gifts=[("p1", "p2", heavy), ("p1", "p2", light[0])]))
    things = set()
    for d in range(30):
        f = RS.determinize(s, "p0", d).stack[-1]
        assert isinstance(f, TradeFrame) and f.gifts[0] == ("p1", "p2", heavy)
        things.add(f.gifts[1][2])
    assert len(things) > 3


def test_a_card_drawn_after_a_scan_is_dealt_again_beside_the_scanned_one() -> None:
    s = clone(_mid_game())
    hero = s.heroes["p0"]
    bad, _ = _infected_and_clean(s)
    hero.hand.append(bad[0])
    s.decks["contamination"].remove(bad[0][2:])
    s, _ = run_with(s, lambda ctx: contamination.scan(ctx, ctx.s.heroes["p0"]))
    s = clone(s)
    s.heroes["p0"].hand.append("c:" + s.decks["contamination"].pop(0))  # (not scanned)
    copies = [RS.determinize(s, "p0", d) for d in range(30)]
    assert all(bad[0] in c.heroes["p0"].hand for c in copies)
    assert len({c.heroes["p0"].hand[-1] for c in copies}) > 3


def test_the_copys_setup_seed_is_dealt_too() -> None:
    """The game's seed would replay its setup (every hidden card's place)."""
    s = _mid_game()
    seeds = {RS.determinize(s, "p0", d).seed for d in range(20)}
    assert len(seeds) == 20 and s.seed not in seeds


def test_a_secret_gift_is_one_of_its_givers_cards_not_pledged_already() -> None:
    """p0, p1 and p2 trade; p0 knows p1's cards (the game says so) and sees what p1
    gives it, not what p1 gives p2: that is any of p1's other cards."""
    s = clone(_mid_game())
    x, y, w = _light(s, "green", 3)
    s.heroes["p1"].inventory = [x, y, w]
    s.stack.append(TradeFrame(starter="p1", seats=["p1", "p0", "p2"], stage="agree",
                              gifts=[("p1", "p0", x), ("p1", "p2", y)]))
    gifts = set()
    for c in _knowing(s, "p0", _Knows([x, y, w], 1)):
        f = c.stack[-1]
        assert isinstance(f, TradeFrame) and f.gifts[0] == ("p1", "p0", x)
        assert sorted(c.heroes["p1"].inventory) == sorted([x, y, w])
        gifts.add(f.gifts[1])
    assert gifts == {("p1", "p2", y), ("p1", "p2", w)}


def test_secret_gifts_never_pledge_a_card_twice() -> None:
    s = clone(_mid_game())
    y, w = _light(s, "green", 2)
    s.heroes["p1"].inventory = [y, y, w]
    s.stack.append(TradeFrame(starter="p1", seats=["p1", "p2"], stage="agree",
                              gifts=[("p1", "p2", y), ("p1", "p2", y), ("p1", "p2", w)]))
    orders = set()
    for c in _knowing(s, "p0", _Knows([y, w], 2)):
        f = c.stack[-1]
        assert isinstance(f, TradeFrame)
        things = [thing for _, _, thing in f.gifts]
        assert sorted(things) == sorted(c.heroes["p1"].inventory) == sorted([y, y, w])
        orders.add(tuple(things))
    assert len(orders) == 3


def test_two_pairs_of_items_of_two_colours_are_each_dealt_from_their_own() -> None:
    """p1 chooses between 2 yellow items, p2 between 2 red ones (pushed in that order):
    each pair is dealt again from its colour and named by the pick's labels."""
    s = clone(_mid_game())
    rules = s.rules
    for seat, color in (("p1", "yellow"), ("p2", "red")):
        deck = s.decks[color]
        pair = [deck.pop(0), deck.pop(0)]
        s.stack.append(PickFrame(seat=seat, purpose="step", tag="keep_item",
                                 options=["+".join(pair), "+".join(reversed(pair))],
                                 labels=[f"Keep {rules.items[c].name}" for c in pair],
                                 subject=seat))
    pairs: dict[str, set[str]] = {"p1": set(), "p2": set()}
    for d in range(20):
        copy = RS.determinize(s, "p0", d)
        check_family_parts(s, copy, "p0")
        for f, color in zip(copy.stack[-2:], ("yellow", "red"), strict=True):
            assert isinstance(f, PickFrame) and f.tag == "keep_item"
            a, b = f.options[0].split("+")
            assert {rules.items[a].color, rules.items[b].color} == {color}
            assert f.labels == [f"Keep {rules.items[a].name}", f"Keep {rules.items[b].name}"]
            pairs[f.seat].add(f.options[0])
    assert all(len(p) > 5 for p in pairs.values())
