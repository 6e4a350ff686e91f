"""Lockdown's part of the player phase: the round (drawing up, the first player token,
turns, the vent, the event phase), the costs of its room, computer and way-out actions,
and its passive items (Motion Tracker, Handheld Scanner, Analyze Toolset)."""

from __future__ import annotations

from rules.lockdown import gear, surface
from rules.lockdown.cards import index
from rules.lockdown.modes import round_start
from rules.lockdown.rooms import (
    ask_analyse,
    do_room_action,
    lock_in,
    resolve_venting,
    room_action_cost,
)
from rules.lockdown.state import EventPhaseFrame, GameState, RoundFrame
from rules.lockdown.table import Ctx, hand_limit, who
from rules.nemesis import contamination, decks, player_phase
from rules.nemesis.memory import remember_top
from rules.nemesis.places import in_play, round_survived
from rules.nemesis.state import Hero


def room_act_cost(s: GameState, hero: Hero, variant: int) -> int:
    """Room actions, computer actions (variant 10+), and the ways out (gate, surface)."""
    if s.options.board == "mars" and variant >= gear.GATE_ROVER:
        return surface.surface_cost(variant)
    if variant in (gear.GATE_ROVER, gear.GATE_SUIT):
        return 2
    if variant == gear.GATE_KEY:
        return 1
    if variant >= 10:
        return 1  # a computer action
    return room_action_cost(s, hero)


def room_act(ctx: Ctx, hero: Hero, variant: int) -> None:
    if variant >= gear.GATE_ROVER:
        gear.gate_action(ctx, hero, variant)
    else:
        do_room_action(ctx, hero, variant)


def attempt_done(ctx: Ctx, hero: Hero, tag: str, made: bool) -> None:
    """The end of an attempt by noise roll: locking oneself in the isolation room, the
    walk out of the main gate, the walk across the Mars surface."""
    if tag == "lock_in":
        lock_in(ctx, hero, made)
    elif tag == "gate_walk":
        gear.gate_walk(ctx, hero, made)
    else:
        surface.walk_out(ctx, hero, made)


def passive_usable(s: GameState, hero: Hero, passive: str | None, fighting: bool) -> bool:
    if passive == "motion_tracker":
        return not hero.tracker_used and bool(s.decks.get("events") or s.discards.get("events"))
    if passive == "scanner":
        return any(c.startswith("c:") for c in hero.hand)
    if passive == "analyze_toolset":
        return not fighting and any(held.obj for held in hero.hands)
    return False


def use_passive(ctx: Ctx, hero: Hero, passive: str) -> None:
    s = ctx.s
    if passive == "motion_tracker":
        hero.tracker_used = True
        top = decks.peek(s, "events")
        ctx.say(f"{who(hero.seat)} checks the motion tracker.", kind="item_use")
        if top is not None:
            event = index().events[top]
            ctx.tell(hero.seat, f"Motion tracker: the next intruder event is {event.name}. "
                     f"{event.text}", kind="peek_event", card=top)
            remember_top(s, hero.seat, "events", top)
    elif passive == "scanner":
        ctx.say(f"{who(hero.seat)} uses the handheld scanner.", kind="item_use")
        contamination.scan(ctx, hero)
    elif passive == "analyze_toolset":
        ask_analyse(ctx, hero, [held.obj for held in hero.hands if held.obj])


# ------------------------------------------------------------------ round frame
def round_run(ctx: Ctx, f: RoundFrame) -> None:
    s = ctx.s
    if f.stage == "draw":
        if s.round > 1:
            s.first_player = player_phase.pass_first_player(s)
            round_start(ctx)  # coop: contingencies revealed, revival (LD-MODE-2)
        for hero in in_play(s):
            hero.tracker_used = False
            player_phase.refresh_for_round(ctx, hero, hand_limit(s, hero))
        player_phase.announce_round(ctx)
        f.stage = "turns"
        f.last = None
        return
    if f.stage == "turns":
        if player_phase.next_player(ctx, f) is None:
            f.stage = "vent"
        return
    if f.stage == "vent":
        resolve_venting(ctx)
        f.stage = "events"
        return
    if f.stage == "events":
        f.stage = "next"
        player_phase.begin_event_phase(ctx, EventPhaseFrame())
        return
    round_survived(s)
    s.round += 1
    f.stage = "draw"
