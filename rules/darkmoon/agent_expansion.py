"""What Dark Moon's computer player knows of the Shadow Corporation expansion and its
modules (threats, the Company Man): the side each seat plays for, what the public
record says against a player, the threat a crew player still owes, how the threat
penalty, a ship ready to leave and an amputated infected player weigh on a position,
and the playout moves of the expansion's votes, of threat claims and of the moves that
fulfil a threat. `agent.py` builds the profile from these; see README.md, "How the
computer player plays".

Like the profile, everything here reads a determinized copy: the statuses and threat
cards it sees are those the copy dealt. A playout move reads the mover's own status and
card in the copy and the public record only (never another player's hidden status).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rules.darkmoon import company_man, evacuation, threats
from rules.darkmoon.actions import (
    CallAmputation,
    CallClearance,
    CallTakeoff,
    CallVote,
    ClaimThreat,
    CorpSubmit,
    DarkMoonAction,
    RemoveToken,
    ShowStatus,
    TieBreak,
    Vote,
)
from rules.darkmoon.state import (
    GameState,
    OrderFrame,
    ThreatClaimFrame,
    TurnFrame,
    VoteFrame,
)

Role = Literal["crew", "infected", "company man"]
Choice = Literal["strong", "weak", "abstain"]

# the requirements met by a vote the active player calls and votes in with a weak die
VOTE_THREATS = {"isolate_specimen": "call_vote", "retrieve_sample": "amputate"}
# a crew player who still owes its threat puts it before a repair until a track holds
# this many tokens
THREAT_BEFORE_REPAIR = 4
# what the public record must say (suspicion) before a player trusts or doubts another
TRUST = -0.3
DOUBT = 0.3
# the outpost whose token blocks every vote called as an action
RESEARCH_LAB = "research_lab"
# the expansion's moves a turn's random choice leaves out: each is played on purpose
# (below) or not at all
_DELIBERATE = frozenset({"amputate", "clearance", "takeoff", "show_status"})


def role(s: GameState, seat: str) -> Role:
    """The side `seat` plays for in this copy."""
    if company_man.seat_of(s) == seat:
        return "company man"
    return "infected" if s.players[seat].infected else "crew"


def suspicion(s: GameState, seat: str) -> float:
    """What the public record says against a hidden player: the average its submitted
    dice added to tasks (a strong die averages 1.3, a weak one 0), in [-1, 1]."""
    tally = s.players[seat].tally
    if tally.dice < 2:
        return 0.0
    return max(-1.0, min(1.0, 0.8 - tally.points / tally.dice))


def _most_suspect(s: GameState, seats: Sequence[str]) -> str:
    return max(seats, key=lambda x: (suspicion(s, x), x))


def _least_suspect(s: GameState, seats: Sequence[str]) -> str:
    return min(seats, key=lambda x: (suspicion(s, x), x))


# ------------------------------------------------------------------ threats
def owed(s: GameState, seat: str) -> str | None:
    """The requirement `seat` must still fulfil (and claim) to escape the penalty: the
    one on its card while it holds a card, is neither infected nor the Company Man, and
    has claimed nothing (a wrong claim cannot be undone)."""
    t = threats.of(s)
    if t is None or seat in t.claimed:
        return None
    card = t.cards.get(seat)
    if card is None or threats.free_agent(s, seat):
        return None
    return card


def threat_outlook(s: GameState) -> tuple[int, bool]:
    """(how many uninfected players still owe their card's requirement, whether one
    claimed another requirement instead: then the penalty is sure at a final-event
    ending)."""
    t = threats.of(s)
    if t is None:
        return 0, False
    unmet = 0
    for seat, card in t.cards.items():
        if threats.free_agent(s, seat):
            continue
        claimed = t.claimed.get(seat)
        if claimed is None:
            unmet += 1
        elif claimed != card:
            return unmet, True
    return unmet, False


def threat_risk(s: GameState, progress: float) -> float:
    """The chance, in [0, 1], that the threat penalty turns the crew's final event into
    the infected's win: sure after a wrong claim; for each player who still owes its
    requirement, more the nearer the final event is (fewer turns left to meet it)."""
    unmet, doomed = threat_outlook(s)
    if doomed:
        return 1.0
    each = 0.15 + 0.5 * progress * progress
    return 1.0 - (1.0 - each) ** unmet


def claim(s: GameState, seat: str, role_: Role, legal: Sequence[DarkMoonAction]
          ) -> DarkMoonAction | None:
    """A crew player takes the token of its own card's requirement only (another would
    spend its one claim on the wrong threat); the infected and the Company Man, never
    penalised, claim whatever they meet, as the crew would seem to."""
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, ThreatClaimFrame):
        return None
    t = threats.of(s)
    want = role_ != "crew" or (t is not None and t.cards.get(seat) == top.requirement)
    return next((a for a in legal if isinstance(a, ClaimThreat) and a.claim == want), None)


def threat_move(s: GameState, seat: str, legal: Sequence[DarkMoonAction],
                tracks: dict[str, int]) -> DarkMoonAction | None:
    """A crew player on its own turn works toward the requirement it owes: Exposure
    (free, before the action) shows its card to the player it trusts most; Isolate
    Specimen and Retrieve Sample call their vote on the most suspect other player
    while it holds a weak die to vote with, unless a track is near its end."""
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, TurnFrame) or top.seat != seat:
        return None
    need = owed(s, seat)
    if need == "exposure":
        shows = [a for a in legal if isinstance(a, ShowStatus)]
        if shows:
            target = _least_suspect(s, [a.target for a in shows])
            return next(a for a in shows if a.target == target)
    if need == "act_recklessly":
        return release_move(s, seat, legal)
    kind = VOTE_THREATS.get(need or "")
    if kind is None or not s.players[seat].held.weak or max(tracks.values()) \
            >= THREAT_BEFORE_REPAIR:
        return None
    calls = [a for a in legal if a.kind == kind and isinstance(a, CallVote | CallAmputation)
             and a.target != seat and not (kind == "call_vote"
                                           and s.players[a.target].quarantined)]
    if not calls:
        return None
    target = _most_suspect(s, [a.target for a in calls])
    return next(a for a in calls if a.target == target)


def unblock(s: GameState, seat: str, legal: Sequence[DarkMoonAction]
            ) -> DarkMoonAction | None:
    """An outpost token to remove: Research Lab's, which blocks every vote, for a crew
    player who owes a vote threat."""
    if not keeps_weak(s, seat):
        return None
    return next((a for a in legal if isinstance(a, RemoveToken) and a.token == RESEARCH_LAB),
                None)


def release_move(s: GameState, seat: str, legal: Sequence[DarkMoonAction]
                 ) -> DarkMoonAction | None:
    """A quarantined crew player who owes Act Recklessly (a quarantined player draws no
    task) calls a vote to be released."""
    if owed(s, seat) != "act_recklessly" or not s.players[seat].quarantined or \
            s.options.flimsy_quarantine:
        return None
    return next((a for a in legal if isinstance(a, CallVote) and a.target == seat), None)


def keeps_weak(s: GameState, seat: str) -> bool:
    """A crew player who owes a vote threat wants a weak die to vote with."""
    return VOTE_THREATS.get(owed(s, seat) or "") is not None


def is_turn_action(s: GameState, seat: str) -> bool:
    """Whether `seat` is choosing its turn's action (or an ordered one)."""
    top = s.stack[-1] if s.stack else None
    return (isinstance(top, TurnFrame) and top.stage == "action" and top.seat == seat) or (
        isinstance(top, OrderFrame) and top.stage == "actions" and top.seat == seat)


def routine(legal: Sequence[DarkMoonAction]) -> list[DarkMoonAction]:
    """A turn's moves a playout may pick at random: the expansion's calls and Exposure
    are left out (they are played on purpose or not at all)."""
    kept = [a for a in legal if a.kind not in _DELIBERATE]
    return kept or list(legal)


def candidates(s: GameState, seat: str, legal: Sequence[DarkMoonAction]
               ) -> Sequence[DarkMoonAction]:
    """The expansion's moves worth searching: no sensible uninfected player (the
    Company Man included) submits a corporation die below its best, and a crew player
    takes the claim its card asks for (never another, always its own); only a crew
    player who owes Exposure shows its status card (an infected player would give
    itself away, anyone else gains nothing by it)."""
    if not legal:
        return legal
    kind = legal[0].kind
    if kind == "corp_submit" and not s.players[seat].infected:
        return [max(legal, key=lambda a: a.face if isinstance(a, CorpSubmit) else -9)]
    if kind == "threat_claim" and role(s, seat) == "crew":
        move = claim(s, seat, "crew", legal)
        return [move] if move is not None else legal
    if legal[-1].kind == "show_status" and owed(s, seat) != "exposure":
        kept = [a for a in legal if not isinstance(a, ShowStatus)]
        return kept or legal
    return legal


# ------------------------------------------------------------------ votes
def vote_wish(s: GameState, seat: str, role_: Role, frame: VoteFrame) -> Choice | None:
    """How `seat` votes on an expansion vote, or on a quarantine vote it called to meet
    Isolate Specimen (None: the core quarantine rules decide)."""
    target = frame.target
    if frame.topic == "quarantine":
        if (frame.caller == seat and not frame.release and target != seat
                and owed(s, seat) == "isolate_specimen"):
            return "weak"
        return None
    if frame.topic == "amputation":
        return _amputation_wish(s, seat, role_, frame)
    if frame.topic == "clearance":
        return _clearance_wish(s, seat, role_, target)
    return _takeoff_wish(s, seat, role_)


def _ally(s: GameState, seat: str, other: str) -> bool:
    """An infected player's fellow infected, when it may know them."""
    return other == seat or (s.options.telepathic_infected and s.players[other].infected)


def _amputation_wish(s: GameState, seat: str, role_: Role, frame: VoteFrame) -> Choice:
    """The crew keeps every arm (an amputated infected player hands the Company Man the
    final event; an amputated crew member rolls fewer dice), but votes weak in the vote
    it called for Retrieve Sample; the infected maim the crew; the Company Man maims
    anyone but himself."""
    if frame.target == seat:
        return "strong"
    if role_ == "infected":
        return "strong" if _ally(s, seat, frame.target) else "weak"
    if role_ == "company man":
        return "weak"
    return "weak" if frame.caller == seat and owed(s, seat) == "retrieve_sample" else "strong"


def _clearance_wish(s: GameState, seat: str, role_: Role, target: str) -> Choice:
    """Clearance: the crew clears itself and the players its record trusts and denies
    the suspect; the infected clear themselves and deny the crew; the Company Man clears
    the suspect (he wants an infected player aboard)."""
    doubt = suspicion(s, target)
    if role_ == "infected":
        return "strong" if _ally(s, seat, target) else "weak"
    if role_ == "company man":
        return "strong" if doubt > DOUBT else "weak" if doubt < TRUST or target == seat \
            else "abstain"
    if target == seat or doubt < TRUST:
        return "strong"
    return "weak" if doubt > DOUBT else "abstain"


def _takeoff_wish(s: GameState, seat: str, role_: Role) -> Choice:
    """Take-off: the crew leaves when it trusts everyone cleared; an infected player
    when it is aboard itself; the Company Man when a suspect is aboard."""
    cleared = s.expansion.cleared if s.expansion is not None else []
    if role_ == "infected":
        return "strong" if any(_ally(s, seat, x) for x in cleared) else "weak"
    if role_ == "company man":
        return "strong" if any(suspicion(s, x) > DOUBT for x in cleared) else "weak"
    return "strong" if all(x == seat or suspicion(s, x) < 0 for x in cleared) else "weak"


def vote_move(s: GameState, seat: str, role_: Role, legal: Sequence[DarkMoonAction]
              ) -> DarkMoonAction | None:
    """The vote (or tie break) of `seat` by `vote_wish` (an abstention when it holds no
    die of the kind it wants); None where it has no wish."""
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, VoteFrame):
        return None
    want = vote_wish(s, seat, role_, top)
    if want is None:
        return None
    if top.tie and want == "abstain":  # the commander must break it: as the record says
        want = "weak" if suspicion(s, top.target) > 0 else "strong"
    fallback = None
    for a in legal:
        if isinstance(a, Vote):
            if a.choice == want:
                return a
            if a.choice == "abstain":
                fallback = a
        elif isinstance(a, TieBreak) and a.quarantine == (want == "weak"):
            return a
    return fallback


# ------------------------------------------------------------------ evacuation
def takeoff_lean(s: GameState) -> float:
    """How near the ship is to leaving, and with whom, in [-1, 1]: positive while only
    uninfected players hold clearance, negative once an infected one does; its size is
    how full the clearance board is (half as much while the ship is refueling)."""
    x = s.expansion
    if x is None or not x.evacuation or not x.cleared:
        return 0.0
    fill = len(x.cleared) / evacuation.board_size(s) * (1.0 if x.ready else 0.5)
    return -fill if any(s.players[c].infected for c in x.cleared) else fill


def evacuation_call(s: GameState, seat: str, role_: Role, legal: Sequence[DarkMoonAction],
                    *, forced: bool) -> DarkMoonAction | None:
    """A clearance or take-off vote to call: a take-off when `seat` would vote to leave;
    else a clearance for itself (the crew, the infected) or for the most suspect player
    (the Company Man). Forced (the evacuation cube's vote), some call is always made;
    otherwise only these."""
    takeoff = next((a for a in legal if isinstance(a, CallTakeoff)), None)
    if takeoff is not None and _takeoff_wish(s, seat, role_) == "strong":
        return takeoff
    clear = [a for a in legal if isinstance(a, CallClearance)]
    cleared = s.expansion.cleared if s.expansion is not None else []
    if role_ == "company man":
        fresh = [a.target for a in clear if a.target not in cleared and a.target != seat]
        if fresh and (forced or suspicion(s, _most_suspect(s, fresh)) > DOUBT):
            target = _most_suspect(s, fresh)
            return next(a for a in clear if a.target == target)
    else:
        own = next((a for a in clear if a.target == seat and seat not in cleared), None)
        if own is not None:
            return own
    if not forced:
        return None
    if clear:
        return clear[0] if role_ == "company man" else next(
            (a for a in clear if a.target == seat),
            min(clear, key=lambda a: (suspicion(s, a.target), a.target)))
    return takeoff


def company_man_move(s: GameState, seat: str, legal: Sequence[DarkMoonAction]
                     ) -> DarkMoonAction | None:
    """The Company Man's own plans for his action: an amputation vote on the most
    suspect player while no suspect has lost an arm (he does not know who is infected:
    the record must say it), or a clearance or take-off vote that puts a suspect
    aboard."""
    maimed = s.expansion is not None and any(
        suspicion(s, x) > DOUBT for x in s.expansion.amputated)
    calls = [a for a in legal if isinstance(a, CallAmputation)]
    if calls and not maimed:
        target = _most_suspect(s, [a.target for a in calls])
        if suspicion(s, target) > DOUBT:
            return next(a for a in calls if a.target == target)
    if evacuation.on(s):
        return evacuation_call(s, seat, "company man", legal, forced=False)
    return None


__all__ = ["Role", "candidates", "claim", "company_man_move", "evacuation_call", "is_turn_action",
           "keeps_weak", "owed", "release_move", "role", "routine", "suspicion",
           "takeoff_lean", "threat_move", "threat_outlook", "threat_risk", "unblock",
           "vote_move", "vote_wish"]
