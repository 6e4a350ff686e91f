"""How the game ends (NE-END-1) and the victory check (NE-WIN-1): the hyperspace jump,
the explosion, the last awake character gone; then engines, coordinates, contamination
(the family's infection check) and objectives."""

from __future__ import annotations

from rules.nemesis import ending
from rules.nemesis.bag import retire
from rules.nemesis.frames import EndFrame
from rules.nemesis.state import Hero
from rules.nemesis.victory import declare_winners, infection_check, objective_winners
from rules.nemesis_original.cards import index
from rules.nemesis_original.ship import ship
from rules.nemesis_original.state import GameState
from rules.nemesis_original.table import Ctx, who

AWAKE = ("board", "pod")          # aboard and awake (a pod not launched is still aboard)
SAFE_WORDS = {"escaped": "escaped in a pod", "hibernated": "in hibernation"}
QUARANTINE = "quarantine"         # the objective kind that keeps its sleeper alive


def end_if_nobody_left(ctx: Ctx) -> None:
    """The last awake character aboard died, went to sleep or left in a pod: the game
    ends at once, whatever was still pending."""
    ending.end_if_nobody_left(ctx.s, AWAKE)


def explode(ctx: Ctx, why: str) -> None:
    """A marker was needed with none left in the supply: the ship is destroyed."""
    ctx.s.stack.append(EndFrame(reason=f"explosion:{why}"))


def end_run(ctx: Ctx, f: EndFrame) -> None:
    s = ctx.s
    s.stack.clear()
    reason = f.reason
    if reason == "nobody_left":
        # both markers jump to their last spaces: the self-destruct (if running) blows
        # the ship up, else it jumps
        s.time = ship().time_track.length
        if s.self_destruct is not None:
            s.self_destruct = ship().self_destruct.length
        reason = "explosion:the self-destruct sequence" if s.self_destruct is not None \
            else "hyperjump"
        ctx.say("Nobody is awake aboard any more: the markers jump to the end of their "
                "tracks.", kind="end")
    elif reason == "hyperjump" and s.self_destruct is not None:
        reason = "explosion:the self-destruct sequence, still running at the jump"
    s.ended = reason
    if reason.startswith("explosion"):
        blow_up(ctx, reason.partition(":")[2] or "the self-destruct sequence")
    else:
        awake = [hero for hero in s.heroes.values() if hero.place in AWAKE]
        for hero in awake:
            die_aboard(s, hero, "died in the hyperspace jump (awake aboard)")
        ctx.say("The ship jumps into hyperspace: everyone awake aboard dies. The "
                "intruders live through it." if awake else
                "The ship jumps into hyperspace. The intruders live through it.",
                kind="end")
    victory_check(ctx)


def blow_up(ctx: Ctx, why: str) -> None:
    """Everyone aboard (awake or asleep) and every intruder dies."""
    s = ctx.s
    s.exploded = True
    for hero in s.heroes.values():
        if hero.place in (*AWAKE, "hibernated"):
            die_aboard(s, hero, "died aboard when the ship exploded")
    for intruder in s.intruders:
        retire(s, intruder.token)
    s.intruders.clear()
    s.nest_destroyed = True
    ctx.say(f"The ship explodes ({why}): everyone aboard dies, intruders too.",
            kind="end")


def die_aboard(s: GameState, hero: Hero, words: str) -> None:
    """A character still aboard dies with the ship (out of a pod that never left)."""
    if hero.place == "pod" and hero.pod is not None:
        s.pods[hero.pod].seats.remove(hero.seat)
        hero.pod = None
    s.deaths[hero.seat] = words
    hero.place = "dead"


def damaged_engines(s: GameState) -> int:
    return sum(1 for working in s.engines.values() if not working)


def earth_space(s: GameState) -> str:
    return next(c.earth for c in ship().coordinates if c.id == s.coordinates)


def quarantined(hero: Hero) -> bool:
    """The quarantine exception: the holder's sleeper survives a course off Earth."""
    objectives = index().objectives
    return any(objectives[o].spares_hibernation for o in hero.objectives)


def victory_check(ctx: Ctx) -> None:
    s = ctx.s
    ctx.say("Victory check.", kind="victory_check")
    # 1. engines
    broken = damaged_engines(s)
    ctx.say("Engines: " + ", ".join(f"{e} {'working' if w else 'damaged'}"
                                    for e, w in s.engines.items()) + ".",
            kind="engines", damaged=broken)
    if broken >= 2 and not s.exploded:
        ctx.say("Two or more engines are damaged: the ship explodes.", kind="end")
        blow_up(ctx, "its engines failed")
    # 2. coordinates
    earth = earth_space(s)
    home = s.destination == earth
    ctx.say(f"Coordinates: space {earth} leads to Earth; the ship is headed for space "
            f"{s.destination}" + (" — home." if home else " — not Earth."),
            kind="coordinates_revealed", earth=earth, destination=s.destination)
    if not home:
        for hero in s.heroes.values():
            if hero.place == "hibernated" and not quarantined(hero):
                s.deaths[hero.seat] = "died in hibernation: the ship was not headed for Earth"
                hero.place = "dead"
                ctx.say(f"{who(hero.seat)} dies in hibernation: the ship is not headed for "
                        "Earth.", kind="death")
    # 3. contamination, 4. objectives
    infection_check(ctx, SAFE_WORDS)
    survivors = [h for h in s.heroes.values() if h.place in SAFE_WORDS]
    s.survivors = [h.seat for h in survivors]
    winners = objective_winners(ctx, survivors,
                                lambda hero, oid: objective_met(s, hero, oid, survivors),
                                lambda oid: index().objectives[oid].name)
    declare_winners(ctx, winners)


def reached(s: GameState) -> str | None:
    """Where the ship arrived: "earth", "elsewhere", or None (it never jumped, or it
    was destroyed)."""
    if s.exploded or s.ended != "hyperjump":
        return None
    return "earth" if s.destination == earth_space(s) else "elsewhere"


def objective_met(s: GameState, hero: Hero, oid: str, survivors: list[Hero]) -> bool:
    """Whether a survivor's objective card is met (the kinds: content/objectives.toml)."""
    card = index().objectives[oid]
    kind = card.kind
    if kind == "send_signal":
        return hero.signal
    if kind == "discover_weakness":
        return len(s.weaknesses_found) >= card.value
    if kind == "destroy_nest":
        return s.eggs == 0 or s.nest_destroyed
    if kind == "ship_to_earth":
        return reached(s) == "earth"
    if kind == "engines_working":
        return damaged_engines(s) == 0
    if kind == "self_destruct":
        return s.exploded
    if kind == QUARANTINE:
        return reached(s) == "elsewhere"
    if kind == "carry_egg_out":
        return any(h.obj == "egg" for h in hero.hands)
    if kind == "kill_intruders":
        return s.kills >= card.value
    if kind == "player_cannot_survive":
        seat = s.seats[card.value - 1] if 0 < card.value <= len(s.seats) else None
        return seat is not None and all(x.seat != seat for x in survivors)
    if kind == "only_survivor":
        return [x.seat for x in survivors] == [hero.seat]
    if kind == "escape_by_pod":
        return hero.place == "escaped"
    if kind == "hibernate":
        return hero.place == "hibernated"
    raise ValueError(f"objective {oid}: the engine does not know the kind {kind!r}")
