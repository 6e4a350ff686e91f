"""What a Lockdown game might be, seen from one seat: `determinize(state, seat, seed)`.

The family layer (rules.nemesis.determinize) deals what both Nemesis games share:
action cards, contamination, items, deck orders (the Mars surface deck among them), the
intruder bag, unexplored rooms and their tokens (the Mars surface tokens too). This
module plugs in Lockdown's own secrets (`LockdownSecrets`): the room tiles left in the
box, the other players' objectives (and which of their 2 they kept) and contingency
tokens, the active contingency and the neutral pool, the CSS tokens on the time track,
the face-down weakness cards and the computer deck under its face-up top card. What the
seat looked at in secret (the state's `memory`: objectives it checked, CSS and
contingency tokens it peeked at) stays. What is dealt again and what is kept is listed
in README.md ("What a computer player knows").
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from rules.core.rng import Rng
from rules.lockdown.cards import content, crossover_weaknesses
from rules.lockdown.endgame import revealed_weaknesses
from rules.lockdown.flow import MACHINE
from rules.lockdown.setup import objective_decks, personal_for
from rules.lockdown.state import GameState
from rules.nemesis import determinize as family
from rules.nemesis.decks import expand
from rules.nemesis.profile import NemesisState


def determinize(state: GameState, seat: str, seed: int) -> GameState:
    """A copy of `state` with what `seat` cannot know dealt again from `seed`."""
    return family.determinize(state, seat, seed, waiting=MACHINE.waiting, secrets=SECRETS)


def _own(s: NemesisState) -> GameState:
    if not isinstance(s, GameState):
        raise TypeError(f"Lockdown's secrets were handed a {type(s).__name__}")
    return s


class LockdownSecrets(family.GameSecrets):
    """Lockdown's hidden parts for the family's deal."""

    def spare_tiles(self, s: NemesisState) -> list[str]:
        """Room tiles of levels I and II that no room space holds."""
        box = Counter(_box_tiles())
        box.subtract(r.tile for r in s.rooms.values() if r.tile is not None)
        return sorted(box.elements())

    def deal(self, s: NemesisState, seat: str, rng: Rng) -> None:
        g = _own(s)
        if g.options.mode == "semi_coop" and not g.over:  # (shown at the end)
            deal_objectives(g, seat, rng)
        deal_contingencies(g, seat, rng)
        deal_css(g, seat, rng)
        deal_weaknesses(g, rng)
        if g.computer:
            g.computer[1:] = family.sorted_shuffle(rng, g.computer[1:])


SECRETS = LockdownSecrets()


@cache
def _box_tiles() -> tuple[str, ...]:
    """Every room tile of levels I and II in the box, copies counted."""
    return tuple(expand([(r.id, r.copies) for r in content().rooms if r.level in ("I", "II")]))


def facts(s: GameState, seat: str, kind: str) -> dict[str, str]:
    """The seat's remembered facts of one kind ("css", "objectives", "contingency"),
    by what follows the kind in the key."""
    m = s.memory.get(seat)
    if m is None:
        return {}
    return {k.partition(":")[2]: v for k, v in sorted(m.facts.items())
            if k.partition(":")[0] == kind}


def deal_objectives(s: GameState, seat: str, rng: Rng) -> None:
    """Each other player gets a corporate and a personal objective from the cards the
    seat does not hold ("player X cannot survive" never goes to player X); one who has
    already kept 1 keeps either at random. The objectives the seat checked in secret
    (the laboratory's "check") stay: all of them, or one of them at random once that
    player has kept 1."""
    checked = {x: v.split(",") for x, v in facts(s, seat, "objectives").items()
               if x != seat and x in s.heroes and s.heroes[x].objectives}
    mine = set(s.heroes[seat].objectives) if seat in s.heroes else set()
    mine.update(o for seen in checked.values() for o in seen)
    pool = {d: family.sorted_shuffle(rng, [o for o in ids if o not in mine])
            for d, ids in objective_decks(content(), len(s.seats)).items()}
    for number, x in enumerate(s.seats, start=1):
        if x == seat or x not in s.heroes:
            continue
        hero = s.heroes[x]
        if not hero.objectives:
            continue
        seen = checked.get(x)
        if seen is not None:
            hero.objectives = seen if len(hero.objectives) >= len(seen) else [rng.choice(seen)]
            continue
        personal = pool["personal"]
        dealt = [pool["corporate"].pop(), personal.pop(personal_for(personal, number))]
        hero.objectives = dealt if len(hero.objectives) > 1 else [rng.choice(dealt)]


def known_contingencies(s: GameState, seat: str) -> dict[str, Counter[str]]:
    """The tokens the seat peeked at (the archive), by owner ("pool": the neutral pool),
    while they are still there: another player's stay with it; the pool's are known
    only while nobody has taken a token from it since (which one was taken is secret)."""
    out: dict[str, Counter[str]] = {}
    for key, size in facts(s, seat, "contingency").items():
        owner, _, token = key.partition(":")
        pile = s.neutral_pool if owner == "pool" else (
            s.heroes[owner].contingencies if owner in s.heroes and owner != seat else [])
        if owner == "pool" and str(len(pile)) != size:
            continue
        if token in pile:
            out.setdefault(owner, Counter())[token] += 1
    return out


def _deal_pile(pile: list[str], known: Counter[str], tokens: list[str]
               ) -> tuple[list[str], list[str]]:
    """A pile of the same size: its known tokens, then tokens dealt; the tokens left."""
    kept = sorted(known.elements())[:len(pile)]
    n = len(pile) - len(kept)
    return kept + tokens[:n], tokens[n:]


def deal_contingencies(s: GameState, seat: str, rng: Rng) -> None:
    """Other players' contingency tokens, the active contingency and the neutral pool,
    from the tokens the seat neither holds nor has seen revealed or peeked at (each
    pile keeps its size; the tokens it peeked at stay in their piles)."""
    known = known_contingencies(s, seat)
    box = Counter(expand([(t.id, t.count) for t in content().contingencies]))
    box.subtract(s.heroes[seat].contingencies if seat in s.heroes else [])
    box.subtract(s.revealed_contingencies)
    for seen in known.values():
        box.subtract(seen)
    over = s.over and bool(s.active_contingency)  # (the active one is shown at the end)
    if over:
        box.subtract([s.active_contingency])
    tokens = family.sorted_shuffle(rng, box.elements())
    for hero in family.others(s, seat):
        hero.contingencies, tokens = _deal_pile(hero.contingencies,
                                                known.get(hero.seat, Counter()), tokens)
    if s.active_contingency and not over:
        s.active_contingency = tokens.pop(0)
    s.neutral_pool, tokens = _deal_pile(s.neutral_pool, known.get("pool", Counter()), tokens)


def deal_css(s: GameState, seat: str, rng: Rng) -> None:
    """The CSS tokens still face down on the time track, from those not yet revealed;
    a token the seat looked at (the CSS control room, the computer) stays on its slot."""
    shown = Counter(s.css_revealed)
    seen: dict[int, str] = {}
    for slot, token in facts(s, seat, "css").items():
        if int(slot) in s.css and token not in shown and token not in seen.values():
            seen[int(slot)] = token
    box = [t.id for t in content().css_tokens]
    pool = [t for t in box if not _take(shown, t) and t not in seen.values()]
    pool = family.sorted_shuffle(rng, pool)
    s.css = {slot: seen[slot] if slot in seen else pool.pop() for slot in sorted(s.css)}


def _take(counter: Counter[str], key: str) -> bool:
    if counter[key] > 0:
        counter[key] -= 1
        return True
    return False


def deal_weaknesses(s: GameState, rng: Rng) -> None:
    """The weakness cards still face down, from the game's cards not face up."""
    shown = revealed_weaknesses(s)
    c = content()
    cards = crossover_weaknesses(c) if s.options.nemesis_intruders else c.weaknesses
    pool = family.sorted_shuffle(rng, [w.id for w in cards if w.id not in shown])
    s.weaknesses = shown + pool[:len(s.weaknesses) - len(shown)]
