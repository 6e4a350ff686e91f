"""Reading and changing the table: seats, die limits, the commander, pools, modifiers.

`Ctx` wraps a (copied) state while an action is applied and collects the events.
"""

from __future__ import annotations

from rules.core.actions import seat_ref
from rules.core.clone import own_entry, own_field
from rules.core.table import TableCtx
from rules.core.words import dice_count
from rules.darkmoon.cards import ActionName, During, Event, content, index
from rules.darkmoon.state import DieKind, DiscardFrame, ExpansionState, GameState, Player

MAX_DAMAGE = 6
BASE_LIMIT = 4
INFECTED_LIMIT = 2
_NO_DURING = During()


class Ctx(TableCtx[GameState]):
    """An action being applied: the state to change and the events to report (`say`,
    `tell`), with the game's content at hand."""

    c = content()  # the (immutable) content, loaded once per process

    def player(self, seat: str) -> Player:
        """`seat`'s player, ready to change (see `own_player`)."""
        return own_entry(self.s, "players", seat)


def own_player(s: GameState, seat: str) -> Player:
    """`seat`'s player ready to change. Players are copy-on-write (rules/core/clone.py):
    a state shares them with the state it was copied from until one changes, so code
    that changes a player (or the dice it holds) takes it from here, not from
    `s.players`, and takes it again after any call that may have changed it."""
    return own_entry(s, "players", seat)


def own_expansion(s: GameState) -> ExpansionState:
    """The expansion's part of the table (and its Threats part) ready to change: it is
    copy-on-write like the players (see `own_player`)."""
    x = own_field(s, "expansion")
    assert x is not None
    return x


def own_list(s: GameState, name: str) -> list[str]:
    """The card list `name` (a `Cards` field: task deck, piles, tokens on the board...)
    ready to change: copy-on-write like the players (see `own_player`)."""
    return own_field(s, name)


def new_task_deck(s: GameState, cards: list[str]) -> None:
    """The task deck becomes `cards` shuffled, the discard pile empty: nobody knows the
    order of the new deck (what determinize reads of the deck and the discards is reset)."""
    s.task_deck = s.rng.shuffled(cards)
    s.task_discard = []
    s.task_discard_by = []
    s.task_top_by, s.task_top = "", 0


def draw_top_task(s: GameState) -> str:
    """The top card of the task deck, taken off it."""
    if s.task_top:
        s.task_top -= 1
    return own_list(s, "task_deck").pop(0)


def put_back_tasks(s: GameState, seat: str, cards: list[str]) -> None:
    """`seat` puts `cards` on top of the task deck in secret, in this order (Interference):
    it alone knows the top cards now."""
    own_list(s, "task_deck")[:0] = cards
    s.task_top = len(cards) + (s.task_top if s.task_top_by == seat else 0)
    s.task_top_by = seat


# how texts name a seat (the core's seat reference itself: a text names a few seats on
# every move, so no wrapper call)
who = seat_ref


# looked up on almost every move: built once from the (immutable) content
_ABILITIES = {ch_id: ch.ability for ch_id, ch in index().characters.items()}
_OUTPOST_BLOCKS = {o_id: o.blocks for o_id, o in index().outposts.items()}


def seats_from(s: GameState, seat: str) -> list[str]:
    """Every seat in clockwise order starting with `seat`."""
    i = s.seats.index(seat)
    return s.seats[i:] + s.seats[:i]


def left_of(s: GameState, seat: str) -> str:
    return seats_from(s, seat)[1 % len(s.seats)]


def hidden_seats(s: GameState) -> list[str]:
    """Players still behind an uninfected screen (not revealed infected)."""
    return [seat for seat in s.seats if not s.players[seat].revealed]


def die_limit(s: GameState, seat: str) -> int:
    p = s.players[seat]
    cut = 1 if s.expansion is not None and seat in s.expansion.amputated else 0
    if p.revealed:
        return INFECTED_LIMIT - cut
    return max(1, BASE_LIMIT + p.die_tokens - (2 if p.quarantined else 0) - cut)


def normal_held(p: Player) -> int:
    return p.held.strong + p.held.weak


def fatigued(s: GameState, seat: str) -> bool:
    p = s.players[seat]
    return not p.revealed and p.character in s.fatigue


def ability(s: GameState, seat: str, kind: str, *, needs_active: bool = True) -> bool:
    """The seat's character ability applies now (not fatigued, not revealed, and when
    the ability needs it, the seat is the active player and not acting on an order)."""
    if needs_active and seat != s.active:
        return False
    p = s.players[seat]
    if _ABILITIES[p.character] != kind:  # cheapest test first: most calls stop here
        return False
    return not p.revealed and p.character not in s.fatigue


def during(s: GameState) -> During:
    """The persistent rules of the event now in play."""
    if s.final_started:
        return _DURING[s.final_event]
    if s.current_event:
        return _DURING[s.current_event]
    return _NO_DURING


# event id -> its persistent rules (asked for several times a move), built once
_DURING = {event_id: event.during for event_id, event in index().events.items()}


def find_event(event_id: str) -> Event:
    return index().events[event_id]


def blocked(s: GameState, action: ActionName) -> bool:
    """Blocked by an outpost token on the board or by the current event."""
    for oid in s.outposts:
        if _OUTPOST_BLOCKS[oid] == action:
            return True
    return action in during(s).blocked_actions


def blocked_now(s: GameState) -> tuple[ActionName, ...]:
    """Every action blocked now, by an outpost token or the current event (`blocked`
    asked of several actions at once)."""
    off = during(s).blocked_actions
    if s.outposts:
        return (*off, *[block for oid in s.outposts if (block := _OUTPOST_BLOCKS[oid])])
    return off


def strong_retrievable(s: GameState, seat: str) -> int:
    """Strong dice this seat may take now (Food Rationing keeps a reserve)."""
    reserve = during(s).strong_reserve_per_player * len(s.seats)
    if s.players[seat].revealed or reserve == 0:
        return s.available.strong
    return max(0, s.available.strong - reserve)


def set_commander(ctx: Ctx, new: str | None, why: str) -> None:
    s = ctx.s
    old = s.commander
    if old == new:
        return
    if old is not None and s.commander_die == "held":
        own_player(s, old).held.commander = 0
        s.available.commander = 1
        s.commander_die = "available"
    s.commander = new
    if new is not None:
        ctx.say(f"{who(new)} is now the commander ({why}).", kind="commander", seat=new)


def enforce_limit(ctx: Ctx, seat: str) -> None:
    """A player over their die limit must return the excess (their choice of kinds)."""
    s = ctx.s
    p = s.players[seat]
    excess = normal_held(p) - die_limit(s, seat)
    if excess <= 0:
        return
    p = own_player(s, seat)
    if p.held.strong == 0 or p.held.weak == 0:
        kind: DieKind = "strong" if p.held.strong else "weak"
        p.held.add(kind, -excess)
        s.available.add(kind, excess)
        ctx.tell(seat, f"You returned {dice_count(excess, kind)} to stay within your die limit.")
        ctx.say(f"{who(seat)} returns {dice_count(excess)} to the available pool (to stay "
                "within the die limit).")
        return
    s.stack.append(DiscardFrame(seat=seat, count=excess, to_limit=True,
                                reason="to stay within the die limit"))


def spent_to_available(s: GameState) -> None:
    s.available.strong += s.spent.strong
    s.available.weak += s.spent.weak
    if s.spent.commander:
        s.available.commander += s.spent.commander
        s.commander_die = "available"
    s.spent.strong = s.spent.weak = s.spent.commander = 0


def all_infected_revealed(s: GameState) -> bool:
    return all(p.revealed for p in s.players.values() if p.infected)


def total_damage(s: GameState, kind: str) -> int:
    return {"shield": s.shield, "outpost": len(s.outposts), "fatigue": len(s.fatigue)}[kind]
