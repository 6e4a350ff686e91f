"""The round of the original Nemesis (NX-TURN-1): drawing up to the hand limit, the
first player token passing left, turns in play order (a character in an escape pod is
asked to wait, launch or climb out), sealed airlocks at the end of the player phase,
then the event phase."""

from __future__ import annotations

from rules.nemesis.places import round_survived
from rules.nemesis.player_phase import (
    announce_round,
    begin_event_phase,
    next_player,
    pass_first_player,
    refresh_for_round,
)
from rules.nemesis_original.rooms import resolve_airlocks
from rules.nemesis_original.state import EventPhaseFrame, PodFrame, RoundFrame
from rules.nemesis_original.table import Ctx, hand_limit

TAKES_TURNS = ("board", "pod")


def round_run(ctx: Ctx, f: RoundFrame) -> None:
    s = ctx.s
    if f.stage == "draw":
        if s.round > 1:
            s.first_player = pass_first_player(s, TAKES_TURNS)
        for seat in s.seats:
            hero = s.heroes[seat]
            if hero.place not in TAKES_TURNS:
                continue
            refresh_for_round(ctx, hero, hand_limit(s, hero))
        announce_round(ctx)
        f.stage = "turns"
        f.last = None
        return
    if f.stage == "turns":
        nxt = next_player(ctx, f, TAKES_TURNS)
        if nxt is None:
            f.stage = "airlock"
        elif s.heroes[nxt].place == "pod":
            s.stack.append(PodFrame(seat=nxt))
        return
    if f.stage == "airlock":
        resolve_airlocks(ctx)
        f.stage = "events"
        return
    if f.stage == "events":
        f.stage = "next"
        begin_event_phase(ctx, EventPhaseFrame())
        return
    round_survived(s)
    s.round += 1
    f.stage = "draw"
