"""The round of the original Nemesis (NX-TURN-1): drawing up to the hand limit, the
first player token passing left, turns in play order (a character in an escape pod is
asked to wait, launch or climb out), sealed airlocks at the end of the player phase,
then the event phase."""

from __future__ import annotations

from rules.nemesis import decks
from rules.nemesis.places import turn_order
from rules.nemesis_original.rooms import resolve_airlocks
from rules.nemesis_original.state import (
    EventPhaseFrame,
    GameState,
    PodFrame,
    RoundFrame,
    TurnFrame,
)
from rules.nemesis_original.table import Ctx, hand_limit, who

TAKES_TURNS = ("board", "pod")


def next_turn(s: GameState, last: str | None) -> str | None:
    order = turn_order(s)
    if last is not None and last in order:
        i = order.index(last)
        order = order[i + 1:] + order[:i + 1]
    for seat in order:
        hero = s.heroes.get(seat)
        if hero is not None and hero.place in TAKES_TURNS and not hero.passed:
            return seat
    return None


def round_run(ctx: Ctx, f: RoundFrame) -> None:
    s = ctx.s
    if f.stage == "draw":
        if s.round > 1:
            s.first_player = turn_order(s)[1 % len(s.seats)]
        for seat in s.seats:
            hero = s.heroes[seat]
            if hero.place not in TAKES_TURNS:
                continue
            hero.passed = False
            hero.actions_taken = 0
            hero.fire_hurt = False
            hero.armor_used = False
            need = hand_limit(s, hero) - len(hero.hand)
            if need > 0:
                decks.draw_cards(ctx, hero, need)
        ctx.say(f"Round {s.round} begins; {who(s.first_player)} has the first player "
                "token.", kind="round", round=s.round)
        f.stage = "turns"
        f.last = None
        return
    if f.stage == "turns":
        nxt = next_turn(s, f.last)
        if nxt is None:
            f.stage = "airlock"
            return
        f.last = nxt
        if s.heroes[nxt].place == "pod":
            s.stack.append(PodFrame(seat=nxt))
            return
        ctx.say(f"It is {who(nxt)}'s turn (round {s.round}).", kind="turn", seat=nxt)
        s.stack.append(TurnFrame(seat=nxt))
        return
    if f.stage == "airlock":
        resolve_airlocks(ctx)
        f.stage = "events"
        return
    if f.stage == "events":
        f.stage = "next"
        ctx.say(f"Everyone has passed: the event phase of round {s.round} begins.",
                kind="phase", round=s.round)
        s.stack.append(EventPhaseFrame())
        return
    s.round += 1
    f.stage = "draw"
