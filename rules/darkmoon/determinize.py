"""What a Dark Moon game might be, seen from one seat: `determinize(state, seat, seed)`.

A copy of the game in which everything `seat` cannot know is dealt again at random,
consistent with what it has seen (its view and the secrets the state records it was
shown). What is unknown is gathered in a fixed (sorted) order before it is dealt, so two
states that look the same to the seat give the same copy for the same seed. What is
dealt again and what is kept is listed in README.md ("What a computer player knows").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Literal, TypeVar

from rules.core.clone import clone
from rules.core.rng import Rng
from rules.darkmoon import variants
from rules.darkmoon.cards import content
from rules.darkmoon.expansion_setup import card_pools
from rules.darkmoon.flow import MACHINE
from rules.darkmoon.setup import STATUS_MIX
from rules.darkmoon.state import (
    ChoiceFrame,
    CorporationFrame,
    Die,
    DieKind,
    DiscardFrame,
    EventPickFrame,
    GameState,
    RollFrame,
    TaskFrame,
    VoteFrame,
)
from rules.darkmoon.table import own_expansion, own_player

VoteChoice = Literal["strong", "weak", "abstain"]
T = TypeVar("T")


class _Dealer(random.Random):
    """The deals' random numbers: a `random.Random` of determinize's own, seeded from
    its `seed` (the computer player determinizes once per search iteration, and this
    shuffles several times faster than the game's SplitMix generator in Python)."""

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """`items` in a random order: sorted by a random key each (the keys come from
        C; two equal keys, a chance in 2**53, leave those two in their given order)."""
        keys = [self.random() for _ in items]
        order = sorted(range(len(keys)), key=keys.__getitem__)
        return [items[i] for i in order]

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (to 2**-53)."""
        return int(self.random() * n)

    def next64(self) -> int:
        return self.getrandbits(64)


# deals tried before giving up on one that keeps the same seats waiting
_TRIES = 64


def determinize(state: GameState, seat: str, seed: int) -> GameState:
    """A copy of `state` with what `seat` cannot know dealt again from `seed`.

    Whom the game waits for is public, and it can hang on hidden parts (a player with a
    single legal move is played for, so its status or dice show through): a deal that
    changes it is dealt again, up to `_TRIES` times: the first half deal the dice of a
    player discarding or about to roll dice too, the second half keep them (its choice
    to make may hang on them), then the last deal is kept."""
    rng = _Dealer(Rng.from_seed(seed).next64())
    want = MACHINE.waiting(state)
    for i in range(_TRIES):
        s = _deal(state, seat, rng, keep_busy=i >= _TRIES // 2)
        if MACHINE.waiting(s) == want:
            break
    return s


def _deal(state: GameState, seat: str, rng: _Dealer, *, keep_busy: bool) -> GameState:
    """One deal. The card lists it deals are given new lists (copy-on-write fields: the
    copy never changes the real state's)."""
    s = clone(state)
    if s.result is None:
        _deal_statuses(s, seat, rng)
        _deal_held_dice(s, seat, rng, keep_busy)
        _deal_votes(s, seat, rng)
    _deal_tasks(s, seat, rng)
    _deal_events(s, seat, rng)
    s.outpost_pile = sorted(s.outpost_pile)  # drawn at random: its order tells nothing
    _deal_fatigue(s, rng)
    _deal_frames(s, seat, rng)
    if s.expansion is not None and s.result is None:
        _deal_expansion(s, seat, rng)
    s.rng = Rng.from_seed(rng.next64())
    s.seed = rng.next64()  # the game's seed would replay its setup: a secret too
    return s


def known_statuses(s: GameState, seat: str) -> set[str]:
    """The seats whose status card `seat` knows: its own, the revealed, the infected it
    knows through Telepathic Infected, those shown to it (Exposure)."""
    known = {seat} | {x for x in s.seats if s.players[x].revealed}
    known.update(variants.teammates(s, seat))
    t = s.expansion.threats if s.expansion is not None else None
    if t is not None:
        known.update(x for x, to in t.shown.items() if to == seat)
    return known


def _deal_statuses(s: GameState, seat: str, rng: _Dealer) -> None:
    """Unknown seats get status cards from the box minus the known ones, as many
    infected among them as the deal leaves."""
    known = known_statuses(s, seat)
    unknown = sorted(x for x in s.seats if x not in known)
    if not unknown:
        return
    n_inf, _, _ = STATUS_MIX[len(s.seats)]
    c = content()
    pools = card_pools(c, s.options.expansion)
    used = {s.players[x].status for x in known}
    infected_left = n_inf - sum(s.players[x].infected for x in known)
    infected_cards = sorted(x.id for x in pools.statuses if x.infected and x.id not in used)
    clean = [x.id for x in pools.statuses if not x.infected]
    if s.options.company_man:
        clean += [x.id for x in c.modules.company_man_statuses]
    clean_cards = sorted(x for x in clean if x not in used)
    infected_left = max(0, min(infected_left, len(unknown)))
    cards = (rng.shuffled(infected_cards)[:infected_left]
             + rng.shuffled(clean_cards)[:len(unknown) - infected_left])
    cards = rng.shuffled(cards)
    infected_ids = set(infected_cards)
    for x, card in zip(unknown, cards, strict=True):
        p = own_player(s, x)
        p.status = card
        p.infected = card in infected_ids


def _deal_held_dice(s: GameState, seat: str, rng: _Dealer, keep_busy: bool) -> None:
    """The strong and weak dice of the other players, behind their screens or rolled in
    front of them: each keeps its count of dice, the kinds are dealt again from what
    the others hold together. With `keep_busy`, a player discarding dice or rolling
    keeps its dice; so does one that rolled weak dice only (a roll the event limits)."""
    rolls = {f.seat: i for i, f in enumerate(s.stack)
             if isinstance(f, RollFrame) and f.rolled and f.seat != seat}
    fixed = {f.seat for f in s.stack if isinstance(f, RollFrame) and f.rolled and f.weak_only}
    if keep_busy:
        fixed.update(f.seat for f in s.stack if isinstance(f, DiscardFrame | RollFrame))
    others = [x for x in s.seats if x != seat and x not in fixed]
    counts: list[int] = []
    dice: list[DieKind] = []
    for x in others:
        held = s.players[x].held
        mine = [*_STRONG * held.strong, *_WEAK * held.weak]
        if x in rolls:
            mine += [d.kind for d in _frame(s, rolls[x]).rolled if d.kind != "commander"]
        counts.append(len(mine))
        dice += mine
    dice = rng.shuffled(sorted(dice))
    for x, count in zip(others, counts, strict=True):
        mine, dice = dice[:count], dice[count:]
        if x in rolls:
            _deal_roll(s, rolls[x], mine, rng)
            continue
        p = own_player(s, x)
        p.held.strong = mine.count("strong")
        p.held.weak = mine.count("weak")


_STRONG: tuple[DieKind] = ("strong",)
_WEAK: tuple[DieKind] = ("weak",)
_COMMANDER: tuple[DieKind] = ("commander",)


def _frame(s: GameState, i: int) -> RollFrame:
    f = s.stack[i]
    assert isinstance(f, RollFrame)
    return f


def _deal_roll(s: GameState, i: int, kinds: list[DieKind], rng: _Dealer) -> None:
    """Another player's roll in front of it (rolled, not submitted), from the dice
    `kinds` the deal gives it and its commander die if it has it: as many dice rolled as
    the roll allows (all of them for a task or a commander test), the rest behind its
    screen. The faces are rolled again by `_deal_frames`."""
    f = _frame(s, i)
    p = own_player(s, f.seat)
    cmd = p.held.commander + sum(d.kind == "commander" for d in f.rolled)
    dice = rng.shuffled(sorted([*kinds, *_COMMANDER * cmd]))
    n = len(dice)
    if not f.must_roll_all:
        low, high = min(f.submit_count, n), min(f.max_dice, n)
        n = low + rng.below(high - low + 1)
    rolled, rest = dice[:n], dice[n:]
    p.held.strong, p.held.weak = rest.count("strong"), rest.count("weak")
    p.held.commander = rest.count("commander")
    s.stack[i] = replace(f, rolled=[Die(kind=k, face=0) for k in rolled])


def _deal_votes(s: GameState, seat: str, rng: _Dealer) -> None:
    """The dice another player has cast in a vote in progress: a vote it could cast with
    the dice the copy gives it (a die cast stays behind the screen until the count)."""
    for i, f in enumerate(s.stack):
        if not isinstance(f, VoteFrame) or not any(x != seat for x in f.votes):
            continue
        votes = dict(f.votes)
        for x in sorted(votes):
            if x == seat:
                continue
            held = s.players[x].held
            votes[x] = rng.choice(_VOTES[held.strong > 0, held.weak > 0])
        s.stack[i] = replace(f, votes=votes)


_VOTES: dict[tuple[bool, bool], tuple[VoteChoice, ...]] = {
    (strong, weak): (*(("strong",) if strong else ()), *(("weak",) if weak else ()), "abstain")
    for strong in (True, False) for weak in (True, False)}


def _deal_tasks(s: GameState, seat: str, rng: _Dealer) -> None:
    """The task cards `seat` has not seen where they lie, dealt again among those places:
    the deck (but the top cards it put back itself with Interference, in its order), the
    cards others discarded face down, the cards another seat is choosing between (its
    task draw, Interference's cards). The evacuation failure card stays in the deck
    (drawing it shows it). Counts per place are public and kept."""
    frames: list[TaskFrame | ChoiceFrame] = []
    for i, f in enumerate(s.stack):
        if f.kind == "task" and f.seat != seat and f.drawn:
            g: TaskFrame | ChoiceFrame = replace(f)
        elif f.kind == "choice" and f.purpose == "interference" and f.seat != seat:
            g = replace(f)
        else:
            continue
        s.stack[i] = g
        frames.append(g)
    choosing = [g for g in frames if not isinstance(g, TaskFrame) or g.stage == "draw"]
    deck = s.task_deck
    top = min(s.task_top, len(deck)) if s.task_top_by == seat else 0
    failure = s.expansion.failure_card if s.expansion is not None else None
    under = [c for c in deck[top:] if c != failure]
    by = discard_seen_by(s)
    hidden = [i for i, x in enumerate(by) if x not in ("", seat)]
    unknown = sorted(under + [s.task_discard[i] for i in hidden]
                     + [c for g in choosing for c in _cards(g)])
    dealt = iter(rng.shuffled(unknown))
    for g in choosing:
        _set_cards(g, [next(dealt) for _ in _cards(g)])
    discard = list(s.task_discard)
    for i in hidden:
        discard[i] = next(dealt)
    rest = list(dealt)
    if len(under) < len(deck) - top:  # the failure card, somewhere under the known top
        rest.insert(rng.below(len(rest) + 1), failure or "")
    for g in frames:
        if isinstance(g, TaskFrame) and g.stage != "draw":
            g.drawn = [g.card] + [discard[i] for i in _discarded_at(s, by, g)]
    s.task_discard = discard
    s.task_deck = list(deck[:top]) + rest


def discard_seen_by(s: GameState) -> list[str]:
    """Who saw each card of the task discard pile: "" all (face up), a seat (it
    discarded it face down), "?" nobody knows (a game saved before this was recorded)."""
    missing = len(s.task_discard) - len(s.task_discard_by)
    if missing < 0:
        return ["?"] * len(s.task_discard)
    return ["?"] * missing + list(s.task_discard_by)


def _discarded_at(s: GameState, by: list[str], f: TaskFrame) -> list[int]:
    """Where another seat's task, after its draw, put the cards it did not keep: their
    places in the discard pile (the copy names them by the cards it deals there; a card
    since shuffled into the deck is left out: nothing reads them after the draw)."""
    others = set(f.drawn) - {f.card}
    return [i for i, c in enumerate(s.task_discard) if c in others and by[i] == f.seat]


def _cards(f: TaskFrame | ChoiceFrame) -> list[str]:
    return f.drawn if isinstance(f, TaskFrame) else f.cards


def _set_cards(f: TaskFrame | ChoiceFrame, cards: list[str]) -> None:
    if isinstance(f, TaskFrame):
        f.drawn = cards
    else:
        f.cards = cards


def _deal_fatigue(s: GameState, rng: _Dealer) -> None:
    """The fatigue pile. Core: every character's token, known. Expansion: the tokens of
    the characters in play, topped up at setup with random spare tokens: the spares the
    table has not seen on the board (`fatigue_seen`) are dealt again from the tokens of
    the characters not in play that it has not seen."""
    pile = list(s.fatigue_pile)
    if s.options.expansion:
        known = ({p.character for p in s.players.values()} | set(s.fatigue_seen)
                 | set(s.fatigue))
        unseen = sum(t not in known for t in pile)
        if unseen:
            tokens = [ch.id for ch in card_pools(content(), True).characters
                      if ch.fatigue_token and ch.id not in known]
            pile = [t for t in pile if t in known] + rng.shuffled(tokens)[:unseen]
    s.fatigue_pile = sorted(pile)  # drawn at random: its order tells nothing


def _deal_events(s: GameState, seat: str, rng: _Dealer) -> None:
    """The event deck's order, with the 2 events another commander is choosing between.
    The passed events lie at the bottom of the deck, in the order they were passed: the
    ones `seat` passed stay where they are, the others are dealt again."""
    picks: list[EventPickFrame] = []
    for i, f in enumerate(s.stack):
        if isinstance(f, EventPickFrame) and f.chooser != seat:
            s.stack[i] = g = replace(f)
            picks.append(g)
    deck = list(s.event_deck)
    passed = len(s.events_passed)
    bottom = len(deck) - passed
    mine = {bottom + i for i, (card, by) in enumerate(zip(s.events_passed,
                                                          s.events_passed_by, strict=False))
            if by == seat and bottom + i >= 0 and deck[bottom + i] == card}
    unknown = sorted([c for i, c in enumerate(deck) if i not in mine]
                     + [e for f in picks for e in f.drawn])
    unknown = rng.shuffled(unknown)
    for f in picks:
        f.drawn, unknown = unknown[:len(f.drawn)], unknown[len(f.drawn):]
    dealt = iter(unknown)
    s.event_deck = [c if i in mine else next(dealt) for i, c in enumerate(deck)]
    if passed:
        s.events_passed = s.event_deck[max(0, bottom):]


def _deal_frames(s: GameState, seat: str, rng: _Dealer) -> None:
    """Another seat's dice rolled in secret (unsubmitted) are rolled again."""
    for i, f in enumerate(s.stack):
        if isinstance(f, RollFrame) and f.seat != seat and f.rolled:
            s.stack[i] = replace(f, rolled=[Die(kind=d.kind, face=_face(d.kind, rng))
                                            for d in f.rolled])
        elif isinstance(f, CorporationFrame) and f.seat != seat and f.rolled:
            faces = content().expansion.board.corporation_die
            s.stack[i] = replace(f, rolled=[faces[rng.below(len(faces))] for _ in f.rolled])


def _face(kind: DieKind, rng: _Dealer) -> int:
    faces: list[int] = list(getattr(content().board.dice, kind))
    return faces[rng.below(len(faces))]


def _deal_expansion(s: GameState, seat: str, rng: _Dealer) -> None:
    """Others' unsubmitted corporation dice and their threat cards."""
    x = own_expansion(s)
    faces = content().expansion.board.corporation_die
    x.discarded = {k: [faces[rng.below(len(faces))] for _ in v] if k != seat else list(v)
                   for k, v in sorted(x.discarded.items())}
    t = x.threats
    if t is None or not t.cards:
        return
    others = sorted(k for k in t.cards if k != seat)
    box: list[str] = [c.id for c in content().modules.threats for _ in range(c.copies)]
    if seat in t.cards:
        box.remove(t.cards[seat])
    cards = rng.shuffled(sorted(box))
    t.cards = {k: (t.cards[k] if k == seat else cards[others.index(k)]) for k in t.cards}
