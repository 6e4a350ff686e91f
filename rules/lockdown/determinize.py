"""What a Lockdown game might be, seen from one seat: `determinize(state, seat, seed)`.

The family layer (rules.nemesis.determinize) deals what both Nemesis games share:
action cards, contamination, items, deck orders (the Mars surface deck among them), the
intruder bag, unexplored rooms and their tokens (the Mars surface tokens too). This
module plugs in Lockdown's own secrets (`LockdownSecrets`): the room tiles left in the
box, the other players' objectives (and which of their 2 they kept) and contingency
tokens, the active contingency and the neutral pool, the CSS tokens on the time track,
the face-down weakness cards and the computer deck under its face-up top card. What is
dealt again and what is kept is listed in README.md ("What a computer player knows").
"""

from __future__ import annotations

from collections import Counter

from rules.core.rng import Rng
from rules.lockdown.cards import content, crossover_weaknesses, index
from rules.lockdown.endgame import revealed_weaknesses
from rules.lockdown.flow import MACHINE
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
        box = Counter(expand([(r.id, r.copies) for r in content().rooms
                              if r.level in ("I", "II")]))
        box.subtract(r.tile for r in s.rooms.values() if r.tile is not None)
        return sorted(box.elements())

    def deal(self, s: NemesisState, seat: str, rng: Rng) -> None:
        g = _own(s)
        if g.options.mode == "semi_coop" and not g.over:  # (shown at the end)
            deal_objectives(g, seat, rng)
        deal_contingencies(g, seat, rng)
        deal_css(g, rng)
        deal_weaknesses(g, rng)
        if g.computer:
            g.computer[1:] = family.sorted_shuffle(rng, g.computer[1:])


SECRETS = LockdownSecrets()


def objective_pool(s: GameState) -> dict[str, list[str]]:
    """The semi-cooperative objective cards setup deals from, by deck."""
    n = len(s.seats)
    return {d: sorted(o.id for o in content().objectives if o.deck == d
                      and o.min_players <= n
                      and not (o.kind == "player_cannot_survive" and o.value > n))
            for d in ("corporate", "personal")}


def _against(objective: str, number: int) -> bool:
    card = index().objectives[objective]
    return card.kind == "player_cannot_survive" and card.value == number


def deal_objectives(s: GameState, seat: str, rng: Rng) -> None:
    """Each other player gets a corporate and a personal objective from the cards the
    seat does not hold ("player X cannot survive" never goes to player X); one who has
    already kept 1 keeps either at random."""
    mine = set(s.heroes[seat].objectives) if seat in s.heroes else set()
    pool = {d: family.sorted_shuffle(rng, [o for o in ids if o not in mine])
            for d, ids in objective_pool(s).items()}
    for number, x in enumerate(s.seats, start=1):
        if x == seat or x not in s.heroes:
            continue
        hero = s.heroes[x]
        if not hero.objectives:
            continue
        personal = pool["personal"]
        pick = next((i for i in range(len(personal) - 1, -1, -1)
                     if not _against(personal[i], number)), len(personal) - 1)
        dealt = [pool["corporate"].pop(), personal.pop(pick)]
        hero.objectives = dealt if len(hero.objectives) > 1 else [rng.choice(dealt)]


def deal_contingencies(s: GameState, seat: str, rng: Rng) -> None:
    """Other players' contingency tokens, the active contingency and the neutral pool,
    from the tokens the seat neither holds nor has seen revealed (each pile keeps its
    size)."""
    box = Counter(expand([(t.id, t.count) for t in content().contingencies]))
    box.subtract(s.heroes[seat].contingencies if seat in s.heroes else [])
    box.subtract(s.revealed_contingencies)
    over = s.over and bool(s.active_contingency)  # (the active one is shown at the end)
    if over:
        box.subtract([s.active_contingency])
    tokens = family.sorted_shuffle(rng, box.elements())
    for hero in family.others(s, seat):
        n = len(hero.contingencies)
        hero.contingencies, tokens = tokens[:n], tokens[n:]
    if s.active_contingency and not over:
        s.active_contingency = tokens.pop(0)
    n = len(s.neutral_pool)
    s.neutral_pool = tokens[:n]


def deal_css(s: GameState, rng: Rng) -> None:
    """The CSS tokens still face down on the time track, from those not yet revealed."""
    shown = Counter(s.css_revealed)
    box = [t.id for t in content().css_tokens]
    pool = [t for t in box if not _take(shown, t)]
    pool = family.sorted_shuffle(rng, pool)
    s.css = {slot: pool.pop() for slot in sorted(s.css)}


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
