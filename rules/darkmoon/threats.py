"""The Threats module (DMX-6): threat cards dealt once refueling is over, each
requirement fulfilled once by its holder as the active player (never on an order),
threat and wild tokens, and the company's penalty when the game ends on the final
event. Infected players and the Company Man may claim any requirement they fulfil.

Secret: which card a seat holds (its own view only, and the recap). Public: that a
seat fulfilled a requirement and the token it took."""

from __future__ import annotations

from rules.core.contract import Action
from rules.core.words import a_or_an
from rules.darkmoon import actions as a
from rules.darkmoon.cards import content, index
from rules.darkmoon.in_play import current_task_frame
from rules.darkmoon.state import (
    GameState,
    RollFrame,
    ThreatClaimFrame,
    ThreatsState,
    VoteFrame,
)
from rules.darkmoon.table import Ctx, own_expansion, who


def new_threats() -> ThreatsState:
    m = content().modules
    return ThreatsState(stock={t.id: t.tokens for t in m.threats}, wild=m.wild_tokens)


def of(s: GameState) -> ThreatsState | None:
    return s.expansion.threats if s.expansion is not None else None


def _own(s: GameState) -> ThreatsState:
    """The Threats part ready to change (the expansion's part is copy-on-write)."""
    t = own_expansion(s).threats
    assert t is not None
    return t


def name(requirement: str) -> str:
    return index().threats[requirement].name


def is_company_man(s: GameState, seat: str) -> bool:
    return s.players[seat].status == content().modules.company_man


def free_agent(s: GameState, seat: str) -> bool:
    """Infected players and the Company Man need not act on their own card."""
    return s.players[seat].infected or is_company_man(s, seat)


# ------------------------------------------------------------------ dealing
def deal(ctx: Ctx) -> None:
    """Refueling is over (the turn passes back to the start player): one threat card
    per player, each told in private; the rest go back to the box unseen."""
    s = ctx.s
    t = of(s)
    if t is None or t.dealt:
        return
    t = _own(s)
    t.dealt = True
    deck = s.rng.shuffled([x.id for x in content().modules.threats for _ in range(x.copies)])
    for seat, card in zip(s.seats, deck, strict=False):
        t.cards[seat] = card
        ctx.tell(seat, f"Your threat card: {name(card)}. {index().threats[card].text}",
                 kind="threat_dealt", card=card)
    ctx.say("The company hands every player a secret threat card.",
            kind="threats_dealt")


# ------------------------------------------------------------------ requirements
def _may_fulfil(s: GameState, seat: str) -> bool:
    t = of(s)
    return t is not None and seat in t.cards and seat not in t.claimed and seat == s.active


def fulfilled(ctx: Ctx, seat: str, requirement: str) -> None:
    """`seat` just did what `requirement` asks: ask whether they take its token."""
    if _may_fulfil(ctx.s, seat):
        ctx.s.stack.append(ThreatClaimFrame(seat=seat, requirement=requirement))


def after_vote(ctx: Ctx, frame: VoteFrame) -> None:
    """Isolate Specimen / Retrieve Sample: the active player called a quarantine (not a
    release) or amputation vote on another player and voted with a weak die."""
    if frame.caller == frame.target or frame.votes.get(frame.caller) != "weak":
        return
    if frame.topic == "quarantine" and not frame.release:
        fulfilled(ctx, frame.caller, "isolate_specimen")
    elif frame.topic == "amputation":
        fulfilled(ctx, frame.caller, "retrieve_sample")


def after_task_roll(ctx: Ctx, frame: RollFrame) -> None:
    """Act Recklessly: the active player, rolling in their own malfunction, submitted
    dice until nothing was left behind their screen."""
    s = ctx.s
    held = s.players[frame.seat].held
    task = current_task_frame(s)
    if (task is not None and task.seat == frame.seat and frame.submitted
            and held.strong + held.weak + held.commander == 0):
        fulfilled(ctx, frame.seat, "act_recklessly")


def show_actions(s: GameState, seat: str) -> list[Action]:
    """Exposure: on their own turn, a player who holds a threat card and has taken no
    token may show their status card to another player, once."""
    t = of(s)
    if t is None or not _may_fulfil(s, seat) or seat in t.shown or s.players[seat].revealed:
        return []
    return [a.ShowStatus(target=x) for x in s.seats if x != seat]


def show_status(ctx: Ctx, seat: str, target: str) -> None:
    s = ctx.s
    t = _own(s)
    t.shown[seat] = target
    status = s.players[seat].status
    ctx.say(f"{who(seat)} shows their status card to {who(target)}.", kind="status_shown_to",
            seat=seat, target=target)
    ctx.tell(target, f"{who(seat)} shows you their status card: {a.card_name(status)}.",
             kind="status_seen", shown_by=seat, status=status)
    fulfilled(ctx, seat, "exposure")


# ------------------------------------------------------------------ claiming
def claim_waiting(s: GameState, f: ThreatClaimFrame) -> list[str]:
    return [f.seat]


def claim_legal(s: GameState, f: ThreatClaimFrame, seat: str) -> list[Action]:
    """Taking the token first when it is the seat's own card (the careful default)."""
    t = of(s)
    own = t is not None and t.cards.get(seat) == f.requirement
    return [a.ClaimThreat(claim=own), a.ClaimThreat(claim=not own)]


def claim_act(ctx: Ctx, f: ThreatClaimFrame, seat: str, action: Action) -> None:
    assert isinstance(action, a.ClaimThreat)
    s = ctx.s
    s.stack.pop()
    what = name(f.requirement)
    if not action.claim:
        ctx.say(f"{who(seat)} takes no threat token for {what}.", kind="threat_skipped",
                seat=seat, requirement=f.requirement)
        return
    t = _own(s)
    t.claimed[seat] = f.requirement
    if t.stock.get(f.requirement, 0) > 0:
        t.stock[f.requirement] -= 1
        token, words = f.requirement, a_or_an(f"{what} token")
    elif t.wild > 0:
        t.wild -= 1
        token, words = "wild", f"a wild token ({what} tokens are gone: someone is lying)"
    else:
        token, words = "", f"no token (no {what} or wild token is left)"
    t.tokens[seat] = token
    ctx.say(f"{who(seat)}: \"I have done what the company asked.\" They fulfil {what} and "
            f"take {words}.", kind="threat_claimed", seat=seat, requirement=f.requirement,
            token=token)


def claim_run(ctx: Ctx, f: ThreatClaimFrame) -> None:
    ctx.s.stack.pop()


# ------------------------------------------------------------------ the ending
def penalised(s: GameState) -> str | None:
    """At a final-event ending: the first uninfected player (not the Company Man) who
    holds a threat card and did not claim its own requirement."""
    t = of(s)
    if t is None:
        return None
    for seat in s.seats:
        card = t.cards.get(seat)
        if card is None or free_agent(s, seat):
            continue
        if t.claimed.get(seat) != card:
            return seat
    return None


def penalty_reason(s: GameState, seat: str) -> str:
    t = of(s)
    assert t is not None
    card = t.cards[seat]
    claimed = t.claimed.get(seat)
    how = (f"acted on {name(claimed)} instead of {name(card)}" if claimed
           else f"never fulfilled {name(card)}")
    return (f"the final event was completed, but {who(seat)} {how}: the company made good on "
            "its threat and the self-destruct sequence ran")
