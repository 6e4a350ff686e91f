"""The variant rules (DMX-8), each an option that works with or without the
expansion: what each one changes, asked for by the core code at the point it applies.
With every variant off, each helper answers as the core rules do."""

from __future__ import annotations

from rules.core.contract import Action
from rules.darkmoon.in_play import task_card
from rules.darkmoon.state import CostlyActionFrame, DiscardFrame, GameState
from rules.darkmoon.table import (
    Ctx,
    all_infected_revealed,
    fatigued,
    new_task_deck,
    seats_from,
    who,
)

TELEPATHY_MIN_PLAYERS = 5


def votes_cost_dice(s: GameState, event_rule: bool) -> bool:
    """Expensive Voting: every die used in any vote goes to the pool (as Paranoia)."""
    return event_rule or s.options.expensive_voting


def vote_cost_note(s: GameState, event_rule: bool) -> str:
    """What happens to a die used in a vote, for a vote choice's description."""
    if event_rule:
        return " Paranoia: the die is spent."
    if s.options.expensive_voting:
        return " Expensive Voting: the die is spent."
    return " The die goes back behind your screen."


def single_die_note(s: GameState, seat: str) -> str:
    """Why a seat submits just 1 die, or "" when it does not."""
    if fatigued(s, seat):
        return "fatigued"
    if s.options.fatigued_infected and s.players[seat].revealed:
        return "Fatigued Infected"
    return ""


def task_order(s: GameState, active: str) -> list[str]:
    """First Is Last: the player to the left of the active player chooses and rolls
    first and the active player last; otherwise the active player starts."""
    order = seats_from(s, active)
    if s.options.first_is_last:
        return order[1:] + order[:1]
    return order


def draws_tasks(s: GameState, seat: str) -> bool:
    """Whether `seat` draws a task at the end of their turn (Flimsy Quarantine lets a
    quarantined player draw)."""
    p = s.players[seat]
    if p.revealed:
        return False
    return not p.quarantined or s.options.flimsy_quarantine


def telepathic(s: GameState) -> bool:
    """Telepathic Infected is on and the game has 5 to 7 players."""
    return s.options.telepathic_infected and len(s.seats) >= TELEPATHY_MIN_PLAYERS


def teammates(s: GameState, seat: str) -> list[str]:
    """The other infected players `seat` knows of through Telepathic Infected."""
    if not telepathic(s) or not s.players[seat].infected:
        return []
    return [x for x in s.seats if x != seat and s.players[x].infected]


def tell_teammates(ctx: Ctx) -> None:
    """Telepathic Infected: each infected player learns, in private, who the others are
    (told with the first move of the game; the view shows it from setup on)."""
    s = ctx.s
    for seat in s.seats:
        if not s.players[seat].infected or not telepathic(s):
            continue
        others = teammates(s, seat)
        names = ", ".join(who(x) for x in others) or "nobody"
        are = "player is" if len(others) <= 1 else "players are"
        ctx.tell(seat, f"Telepathic Infected: the other infected {are} {names}.",
                 kind="telepathy", teammates=others)


def completion_lethal(s: GameState) -> bool:
    """Deadly Events: the tokens a completed event places may end the game."""
    return s.options.deadly_events


def strip_complications(ctx: Ctx) -> None:
    """No More Complications: once every infected player is revealed, the task deck and
    its discards become one shuffled deck of malfunctions only."""
    s = ctx.s
    if not s.options.no_more_complications or not all_infected_revealed(s):
        return
    cards = [c for c in s.task_deck + s.task_discard
             if (s.expansion is not None and c == s.expansion.failure_card)
             or task_card(s, c).kind == "malfunction"]
    new_task_deck(s, cards)
    ctx.say("No More Complications: every infected player is revealed, so the task deck is "
            f"reshuffled with malfunctions only ({len(cards)} cards).", kind="variant")


def power_allowed(s: GameState) -> bool:
    """Nerfed Reveal (extreme): no infection power at all."""
    return s.options.nerfed_reveal != "extreme"


def second_use_allowed(s: GameState) -> bool:
    """Nerfed Reveal (normal or extreme): no roll for a second use."""
    return s.options.nerfed_reveal == "off"


def may_reveal(s: GameState, *, ordered: bool) -> bool:
    """Safe Orders: a player following an order may not reveal."""
    return not (ordered and s.options.safe_orders)


def single_die(s: GameState, seat: str) -> bool:
    """The seat submits one die in a malfunction: fatigued, or (Fatigued Infected) a
    revealed infected player."""
    return fatigued(s, seat) or (s.options.fatigued_infected and s.players[seat].revealed)


def infected_actions_affordable(s: GameState, seat: str) -> bool:
    """Costly Actions: an infected action needs a die to pay with."""
    held = s.players[seat].held
    return not s.options.costly_actions or held.strong + held.weak > 0


def charge(ctx: Ctx, seat: str, action: Action) -> bool:
    """Costly Actions: the infected player first returns a die to the pool; the action
    then runs from a frame under that discard (run by `turn.costly_action_run`). True
    when the action was deferred."""
    s = ctx.s
    if not s.options.costly_actions:
        return False
    s.stack.append(CostlyActionFrame(seat=seat, action=action.key))
    s.stack.append(DiscardFrame(seat=seat, count=1, reason="the cost of an infected action"))
    return True

