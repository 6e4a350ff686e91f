"""Quarantine votes, quarantine and release, and who holds the commander card."""

from __future__ import annotations

from itertools import filterfalse

from rules.core.contract import Action
from rules.darkmoon import evacuation, expansion_votes, threats, variants
from rules.darkmoon.actions import TieBreak, Vote
from rules.darkmoon.effects import first_hidden_left_of
from rules.darkmoon.in_play import current_task_frame
from rules.darkmoon.state import GameState, VoteFrame, VotePurpose, VoteTopic
from rules.darkmoon.table import Ctx, during, enforce_limit, hidden_seats, set_commander, who


def start_vote(ctx: Ctx, caller: str, target: str, *, forced: bool = False,
               purpose: VotePurpose = "plain", topic: VoteTopic = "quarantine") -> None:
    s = ctx.s
    release = topic == "quarantine" and s.players[target].quarantined
    frame = VoteFrame(caller=caller, target=target, release=release, forced=forced,
                      voters=hidden_seats(s), purpose=purpose, topic=topic)
    s.stack.append(frame)
    ctx.player(caller).tally.called += 1
    if topic != "quarantine":
        ctx.say(expansion_votes.called_text(s, caller, target, topic), kind="vote_called",
                target=target, topic=topic)
        return
    what = "release" if release else "quarantine"
    ctx.say(f"{who(caller)} calls a vote to {what} {who(target)}. Everyone votes in secret: "
            "strong die = uninfected, weak die = infected, or abstain.", kind="vote_called",
            target=target, release=release)


def vote_waiting(s: GameState, frame: VoteFrame) -> list[str]:
    if frame.tie:
        return [s.commander] if s.commander else []
    return list(filterfalse(frame.votes.__contains__, frame.voters))  # (in C, no closure)


_TIE_BREAKS: list[Action] = [TieBreak(quarantine=True), TieBreak(quarantine=False)]
# the vote choices by (holds a strong die, holds a weak die)
_VOTES: dict[tuple[bool, bool], list[Action]] = {
    (strong, weak): [*([Vote(choice="strong")] if strong else []),
                     *([Vote(choice="weak")] if weak else []), Vote(choice="abstain")]
    for strong in (True, False) for weak in (True, False)}


def vote_legal(s: GameState, frame: VoteFrame, seat: str) -> list[Action]:
    if frame.tie:
        return _TIE_BREAKS[:]
    held = s.players[seat].held
    return _VOTES[held.strong > 0, held.weak > 0][:]


def vote_act(ctx: Ctx, frame: VoteFrame, seat: str, action: Action) -> None:
    if isinstance(action, TieBreak):
        if frame.topic == "quarantine":
            side = "quarantine" if action.quarantine else "free"
        else:
            side = expansion_votes.SIDES[frame.topic][int(action.quarantine)]
        ctx.say(f"The commander {who(seat)} breaks the tie: {side}.", kind="tie_break")
        _settle(ctx, frame, action.quarantine)
        return
    assert isinstance(action, Vote)
    frame.votes[seat] = action.choice
    if action.choice == "abstain":
        cast = "you abstain"
    else:
        side = ("infected" if action.choice == "weak" else "uninfected") \
            if frame.topic == "quarantine" \
            else expansion_votes.SIDES[frame.topic][action.choice == "weak"]
        cast = f"{action.choice} die ({side})"
    ctx.tell(seat, f"Your vote is cast: {cast}.", kind="vote_cast")
    ctx.say(f"{who(seat)} has voted ({len(frame.votes)}/{len(frame.voters)}).",
            kind="vote_progress")


def vote_run(ctx: Ctx, frame: VoteFrame) -> None:
    s = ctx.s
    strong = sum(1 for v in frame.votes.values() if v == "strong")
    weak = sum(1 for v in frame.votes.values() if v == "weak")
    if frame.topic == "quarantine":
        shown = ", ".join(f"{who(seat)}: {frame.votes.get(seat, 'abstain')}"
                          for seat in frame.voters)
        text = f"Votes revealed: {strong} uninfected, {weak} infected ({shown})."
    else:
        text = expansion_votes.result_text(frame, strong, weak)
    ctx.say(text, kind="vote_result", votes=dict(frame.votes), strong=strong, weak=weak)
    if variants.votes_cost_dice(s, during(s).votes_cost_dice):
        for seat, vote in frame.votes.items():
            if vote != "abstain":
                ctx.player(seat).held.add(vote, -1)
                s.available.add(vote)
        ctx.say("Votes cost dice" + (" (Expensive Voting)" if s.options.expensive_voting
                                     else " during this event")
                + ": every die used goes to the pool.")
    if strong == weak:
        if s.commander is None:
            keep = (not frame.release if frame.topic == "quarantine"
                    else expansion_votes.tie_keeps_weak(s, frame))
            _settle(ctx, frame, quarantine=keep)
            return
        frame.tie = True
        ctx.say(f"A tie: the commander {who(s.commander)} decides.", kind="vote_tie")
        return
    _settle(ctx, frame, quarantine=weak > strong)


def _settle(ctx: Ctx, frame: VoteFrame, quarantine: bool) -> None:
    """`quarantine`: the weak-die side won (for an expansion vote: amputate, deny
    clearance, stay on the pad)."""
    s = ctx.s
    s.stack.pop()
    for seat, vote in frame.votes.items():
        if vote != "abstain":
            tally = ctx.player(seat).tally
            tally.voted += 1
            if (vote == "weak") == quarantine:
                tally.won += 1
    if s.expansion is not None and s.expansion.threats is not None:
        threats.after_vote(ctx, frame)
    if frame.topic != "quarantine":
        expansion_votes.settle(ctx, frame, weak_wins=quarantine)
        return
    target = s.players[frame.target]
    if quarantine and not target.quarantined:
        quarantine_player(ctx, frame.target, frame.caller)
    elif not quarantine and target.quarantined:
        release_player(ctx, frame.target)
    else:
        state = "stays in quarantine" if target.quarantined else "stays free"
        ctx.say(f"{who(frame.target)} {state}.", kind="vote_outcome")
    if frame.purpose == "task":
        task = current_task_frame(s)
        if task is not None:
            task.success = quarantine


def quarantine_player(ctx: Ctx, seat: str, caller: str) -> None:
    s = ctx.s
    p = ctx.player(seat)
    p.quarantined = True
    p.tally.quarantined += 1
    ctx.say(f"{who(seat)} is placed in quarantine.", kind="quarantine", seat=seat)
    if s.expansion is not None:
        evacuation.revoke(ctx, seat, "quarantine")
    if s.commander == seat:
        caller_p = s.players[caller]
        if caller != seat and not caller_p.quarantined and not caller_p.revealed:
            set_commander(ctx, caller, "the quarantined commander hands over to the caller")
        else:
            heir = first_hidden_left_of(s, seat, free_only=True)
            if heir is not None:
                set_commander(ctx, heir, "the quarantined commander hands over")
            else:
                ctx.say(f"Everyone is quarantined: {who(seat)} keeps the commander card.")
    enforce_limit(ctx, seat)


def release_player(ctx: Ctx, seat: str) -> None:
    s = ctx.s
    everyone_in = all(s.players[x].quarantined for x in hidden_seats(s))
    ctx.player(seat).quarantined = False
    ctx.say(f"{who(seat)} is released from quarantine.", kind="release", seat=seat)
    if everyone_in:
        set_commander(ctx, seat, "first player released")
