"""Checks of `determinize` shared by the Nemesis games' tests: random games to take
states from, what a seat sees, and what a copy must keep of the real state (the family's
parts: each character's cards, contamination, items by colour, the bag's kinds, the
explored rooms, the seat's own hand). Each game's test module adds its own secrets."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from rules.nemesis.bag import kind_of

COLORS = ("red", "yellow", "green")


def random_states(rs: Any, n: int, seed: int, options: Any, every: int = 3,
                  cap: int = 3000) -> Iterator[Any]:
    """Every `every`-th state of a game of random legal moves from `seed`, and its
    last state."""
    pick = random.Random(seed)
    s = rs.new_game([f"p{i}" for i in range(n)], seed, options)
    moves = 0
    while not s.over and moves < cap:
        if moves % every == 0:
            yield s
        prompt = pick.choice(rs.pending(s))
        s = rs.apply(s, prompt.seat, pick.choice(rs.legal_actions(s, prompt.seat))).state
        moves += 1
    yield s


def seen(rs: Any, s: Any, seat: str) -> str:
    return str(rs.view(s, seat).model_dump_json())


def play_out(rs: Any, s: Any, seed: int, cap: int = 4000) -> Any:
    """Random legal moves from `s` to the end (or `cap` moves)."""
    pick = random.Random(seed)
    moves = 0
    while not s.over and moves < cap:
        prompts = rs.pending(s)
        assert prompts, "a game not over waits for someone"
        prompt = pick.choice(prompts)
        legal = rs.legal_actions(s, prompt.seat)
        assert legal, f"{prompt.seat} is asked but has no legal action"
        s = rs.apply(s, prompt.seat, pick.choice(legal)).state
        moves += 1
    return s


def action_cards(hero: Any) -> Counter[str]:
    """A character's action cards, contamination cards counted as one kind."""
    return Counter("c:" if c.startswith("c:") else c
                   for c in hero.hand + hero.deck + hero.discard)


def contamination(s: Any) -> Counter[str]:
    """Every contamination card's face, in decks and in characters' piles."""
    out = Counter(s.decks.get("contamination", []))
    for hero in s.heroes.values():
        out.update(c[2:] for c in hero.hand + hero.deck + hero.discard if c.startswith("c:"))
    return out


def items(s: Any, rules: Any) -> Counter[str]:
    """Every red, yellow and green item card in a deck, an inventory, a hand slot, a
    discard pile or out of the game."""
    out: Counter[str] = Counter()
    for color in COLORS:
        out.update(s.decks.get(color, []))
        out.update(s.discards.get(color, []))
    for hero in s.heroes.values():
        out.update(hero.inventory)
        out.update(h.item for h in hero.hands if h.item)
    out.update(s.removed_items)
    out.update(s.crafted)
    for f in s.stack:  # 2 items drawn, one of them to keep; a heavy one given
        tag = getattr(f, "tag", "")
        if tag == "keep_item":
            out.update(f.options[0].split("+"))
        elif tag.startswith("heavy:i:"):
            out[tag.split(":")[2]] += 1
    return Counter({k: v for k, v in out.items() if rules.items[k].color in COLORS})


def _plain(cards: list[str]) -> list[str]:
    """Cards as the seat sees them: a contamination card's face unknown."""
    return ["c:" if c.startswith("c:") else c for c in cards]


def colours(hero: Any, rules: Any) -> list[str]:
    return [rules.items[i].color for i in hero.inventory]


def check_family_parts(real: Any, copy: Any, seat: str) -> None:
    """What a copy keeps of the real state: each character's card count and kinds of
    pile sizes, its own hand and discard, the contamination and item cards of the game,
    each inventory's colours, the bag's kinds, the explored rooms, the tokens set
    aside, the public piles; no heavy item in an inventory."""
    rules = real.rules
    for x, hero in real.heroes.items():
        other = copy.heroes[x]
        assert action_cards(other) == action_cards(hero), x
        assert (len(other.hand), len(other.deck), len(other.discard)) == \
            (len(hero.hand), len(hero.deck), len(hero.discard)), x
        assert colours(other, rules) == colours(hero, rules), x
        assert not any(rules.items[i].heavy for i in other.inventory), x
        assert other.hands == hero.hands, x
    mine, real_mine = copy.heroes.get(seat), real.heroes.get(seat)
    if real_mine is not None:
        assert _plain(mine.hand) == _plain(real_mine.hand)
        assert _plain(mine.discard) == _plain(real_mine.discard)
        assert sorted(_plain(mine.deck)) == sorted(_plain(real_mine.deck))
        assert mine.inventory == real_mine.inventory
        assert mine.objectives == real_mine.objectives
    assert contamination(copy) == contamination(real)
    assert items(copy, rules) == items(real, rules)
    assert Counter(map(kind_of, copy.bag)) == Counter(map(kind_of, real.bag))
    assert len(set(copy.bag) | set(copy.aside)) == len(copy.bag) + len(copy.aside)
    assert copy.aside == real.aside and copy.spent == real.spent
    assert copy.discards == real.discards and copy.crafted == real.crafted
    for slot, room in real.rooms.items():
        if room.explored:
            assert copy.rooms[slot] == room, slot
    tiles = Counter(r.tile for r in real.rooms.values() if not r.explored)
    assert sum(Counter(r.tile for r in copy.rooms.values() if not r.explored).values()) \
        == sum(tiles.values())
    assert Counter((r.token, r.token_items) for r in copy.rooms.values()) == \
        Counter((r.token, r.token_items) for r in real.rooms.values())
    for name, deck in real.decks.items():
        assert sorted(copy.decks[name]) == sorted(deck) or name in (
            "contamination", *COLORS, "draft"), name
    assert copy.rng.state != real.rng.state
