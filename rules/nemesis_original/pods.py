"""Escape pods (NE-POD-1) and the critical moments that unlock them (NE-CRIT-1): 2 seats
each, locked at setup; boarded from a working evacuation section by a noise roll; on
their turn the occupants wait, launch or climb out; an intruder in the section throws
them out. The first death and every yellow self-destruct space unlock every pod."""

from __future__ import annotations

from rules.core.contract import Action
from rules.nemesis.actions import Pick
from rules.nemesis.frames import PickFrame, TurnFrame
from rules.nemesis.places import intruders_in
from rules.nemesis.state import Hero
from rules.nemesis_original.ship import evac_section, ship, slot_of_tile
from rules.nemesis_original.state import GameState, PodFrame, PodState
from rules.nemesis_original.table import Ctx, who

WAIT, LAUNCH, CLIMB_OUT = 0, 1, 2


def evac_room(section: str) -> str:
    return slot_of_tile(f"evac_{section.lower()}")


def free_pods(s: GameState, section: str) -> list[PodState]:
    """Unlocked pods of a section still aboard with a free seat."""
    seats = {p.id: p.seats for p in ship().pods}
    return [p for p in s.pods.values() if p.section == section and not p.locked
            and not p.launched and len(p.seats) < seats[p.id]]


def can_board(s: GameState, hero: Hero, tile: str) -> bool:
    return not intruders_in(s, hero.room) and bool(free_pods(s, evac_section(tile)))


def board_pod(ctx: Ctx, hero: Hero, tile: str, made: bool) -> None:
    """The evacuation section's room action once its noise roll is resolved: unless an
    intruder showed up, a seat in a pod."""
    s = ctx.s
    if not made:
        ctx.say(f"{who(hero.seat)} does not make it into a pod.", kind="pod")
        return
    pods = free_pods(s, evac_section(tile))
    if len(pods) == 1:
        sit(ctx, hero, pods[0].id)
    elif pods:
        s.stack.append(PickFrame(seat=hero.seat, purpose="step", tag="pod",
                                 options=[p.id for p in pods],
                                 labels=[f"Take a seat in pod {p.id} ({len(p.seats)} aboard)"
                                         for p in pods], subject=hero.seat))


def sit(ctx: Ctx, hero: Hero, pod_id: str) -> None:
    pod = ctx.s.pods[pod_id]
    pod.seats.append(hero.seat)
    hero.place = "pod"
    hero.pod = pod_id
    hero.passed = True
    ctx.say(f"{who(hero.seat)} climbs into escape pod {pod_id}.", kind="pod", pod=pod_id)


# ------------------------------------------------------------------ a turn in a pod
def pod_waiting(s: GameState, f: PodFrame) -> list[str]:
    return [f.seat]


def pod_legal(s: GameState, f: PodFrame, seat: str) -> list[Action]:
    pod = s.pods[s.heroes[seat].pod or ""]
    out: list[Action] = [Pick(index=WAIT, text="Wait in the pod (pass this round)")]
    if not pod.locked:
        out.append(Pick(index=LAUNCH, text=f"Launch pod {pod.id} ("
                        + ", ".join(who(x) for x in pod.seats) + " aboard)"))
    out.append(Pick(index=CLIMB_OUT, text="Climb out into the evacuation section"))
    return out


def pod_act(ctx: Ctx, f: PodFrame, seat: str, action: Action) -> None:
    assert isinstance(action, Pick)
    s = ctx.s
    s.stack.pop()
    hero = s.heroes[seat]
    hero.passed = True
    if action.index == LAUNCH:
        launch(ctx, s.pods[hero.pod or ""])
    elif action.index == CLIMB_OUT:
        climb_out(ctx, hero)
        hero.passed = False
        s.stack.append(TurnFrame(seat=seat))
    else:
        ctx.say(f"{who(seat)} waits in pod {hero.pod}.", kind="pass", seat=seat)


def pod_run(ctx: Ctx, f: PodFrame) -> None:
    ctx.s.stack.pop()  # nobody left to ask (the occupant was thrown out)


def launch(ctx: Ctx, pod: PodState) -> None:
    s = ctx.s
    pod.launched = True
    for seat in pod.seats:
        s.heroes[seat].place = "escaped"
    ctx.say(f"Escape pod {pod.id} launches with " + ", ".join(who(x) for x in pod.seats)
            + " aboard!", kind="pod_launch", pod=pod.id, seats=list(pod.seats))


def climb_out(ctx: Ctx, hero: Hero) -> None:
    pod = leave_pod(ctx.s, hero)
    ctx.say(f"{who(hero.seat)} climbs out of pod {pod.id}.", kind="pod")


def leave_pod(s: GameState, hero: Hero) -> PodState:
    """The hero is back in the pod's evacuation section (the caller says how); the pod."""
    pod = s.pods[hero.pod or ""]
    pod.seats.remove(hero.seat)
    hero.place = "board"
    hero.room = evac_room(pod.section)
    hero.pod = None
    return pod


def thrown_out(ctx: Ctx) -> None:
    """An intruder in an evacuation section throws the occupants of its pods back out
    (checked after every step)."""
    s = ctx.s
    for pod in s.pods.values():
        if pod.launched or not pod.seats or not intruders_in(s, evac_room(pod.section)):
            continue
        for seat in list(pod.seats):
            ctx.say(f"An intruder bursts into evacuation section {pod.section}: "
                    f"{who(seat)} is thrown out of pod {pod.id}.", kind="pod")
            leave_pod(s, s.heroes[seat])
        if s.stack and isinstance(s.stack[-1], PodFrame) \
                and s.heroes[s.stack[-1].seat].place != "pod":
            s.stack.pop()


# ------------------------------------------------------------------ locks
def unlock_all(ctx: Ctx, why: str) -> None:
    s = ctx.s
    locked = [p for p in s.pods.values() if p.locked and not p.launched]
    for pod in locked:
        pod.locked = False
    if locked:
        ctx.say(f"{why}: every escape pod unlocks.", kind="critical")


def first_death(ctx: Ctx) -> None:
    s = ctx.s
    if not s.first_death:
        s.first_death = True
        unlock_all(ctx, "First death aboard")


def set_lock(ctx: Ctx, pod_id: str, locked: bool) -> None:
    ctx.s.pods[pod_id].locked = locked
    ctx.say(f"Escape pod {pod_id} is {'locked' if locked else 'unlocked'}.", kind="pod")
