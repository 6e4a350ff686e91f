"""How the game ends (LD-END-1) and the victory check (LD-WIN-1, NX-END-1, LD-OBJ-1);
weaknesses in play (LD-KNOW-1)."""

from __future__ import annotations

from rules.lockdown.cards import index
from rules.lockdown.modes import team_victory
from rules.lockdown.state import GameState
from rules.lockdown.table import Ctx, who
from rules.nemesis import ending
from rules.nemesis.bag import retire
from rules.nemesis.frames import EndFrame
from rules.nemesis.state import Hero
from rules.nemesis.victory import declare_winners, infection_check, objective_winners

SAFE = ("isolated", "bunker", "css")
# how a character caught by the end dies ("... in the purge", "... when it exploded")
DOOM_WORDS = {"board": "was still inside and died ",
              "pod": "waited in a pod that never launched and died ",
              "isolated": "died locked in the isolation room "}
SAFE_WORDS = {"isolated": "locked in the isolation room", "bunker": "in the bunker",
              "css": "escaped in a pod"}


def weakness_active(s: GameState, effect: str, hero: Hero | None = None) -> bool:
    """A discovered weakness applies when the character (or, for effects on the whole
    board, any character in play) has at least the knowledge it needs; the original
    intruders' weaknesses (LD-XOVER-1) help everyone whatever their knowledge."""
    cards = index().weaknesses
    for wid in revealed_weaknesses(s):
        card = cards[wid]
        if card.effect != effect:
            continue
        if s.options.nemesis_intruders:
            return True
        if hero is not None:
            return hero.knowledge >= card.knowledge
        return any(h.knowledge >= card.knowledge for h in s.heroes.values()
                   if h.place == "board")
    return False


def revealed_weaknesses(s: GameState) -> list[str]:
    """The face-up weakness cards: the leftmost from the start, then one more for each
    object type researched in the laboratory (slot k reveals card k)."""
    return s.weaknesses[:max(s.weaknesses_revealed, len(s.lab_slots))]


def nobody_left_reason(s: GameState) -> str:
    """The last character left: jump to autodestruction, the alert, or the end."""
    if s.autodestruct is not None and (s.alert is None or s.autodestruct >= s.alert):
        return "autodestruct"
    if s.alert is not None:
        return "alert"
    return "purge"


ACTIVE = ("board", "pod")  # a character waiting in a pod has not launched yet


def end_if_nobody_left(ctx: Ctx) -> None:
    """The last active character died, isolated, escaped or launched: the game ends at
    once (LD-END-1), whatever was still pending (no further event phase, event card or
    bag development)."""
    ending.end_if_nobody_left(ctx.s, ACTIVE)


def end_run(ctx: Ctx, f: EndFrame) -> None:
    s = ctx.s
    s.stack.clear()
    reason = f.reason
    if reason == "nobody_left":
        reason = nobody_left_reason(s)
        s.ended_early = True
        ctx.say("No character is left in the facility: time runs out at once.", kind="end")
    explosion = reason == "autodestruct" or reason.startswith("explosion")
    doomed = ("board", "pod", "isolated") if explosion else ("board", "pod")
    for hero in s.heroes.values():
        if hero.place in doomed:
            s.deaths[hero.seat] = DOOM_WORDS[hero.place] + (
                "when the facility exploded" if explosion else "in the purge")
            hero.place = "dead"
    if explosion:
        for intruder in s.intruders:
            retire(s, intruder.token)
        s.intruders.clear()
        s.nest_destroyed = True
        why = reason.partition(":")[2] or "the autodestruction sequence"
        ctx.say(f"The facility explodes ({why}): everyone inside dies.", kind="end")
    else:
        ctx.say("The corporation purges the facility: everyone outside the isolation room, "
                "the bunker and the pods dies.", kind="end")
    s.ended = reason
    victory_check(ctx)


def victory_check(ctx: Ctx) -> None:
    s = ctx.s
    alive = [h for h in s.heroes.values() if h.place in SAFE]
    token = index().contingencies[s.active_contingency]
    ctx.say(f"Victory check. The active contingency: {token.name}. {token.text}",
            kind="contingency", token=token.id)
    for hero in alive:
        if contingency_kills(s, token.effect, hero):
            s.deaths[hero.seat] = f"got out ({SAFE_WORDS[hero.place]}) but died to the " \
                f"contingency plan {token.name}"
            hero.place = "dead"
            ctx.say(f"{who(hero.seat)} dies to the contingency plan.", kind="death")
    infection_check(ctx, SAFE_WORDS)
    survivors = [h for h in s.heroes.values() if h.place in SAFE]
    s.survivors = [h.seat for h in survivors]
    team = s.options.mode != "semi_coop"
    if team:  # solo and fully cooperative (LD-MODE-1/2)
        for hero in survivors:
            ctx.say(f"{who(hero.seat)} survived.", kind="survived", seat=hero.seat)
        winners = team_victory(ctx, survivors)
    else:
        winners = objective_winners(
            ctx, survivors, lambda hero, oid: objective_met(s, hero, oid, survivors),
            lambda oid: index().objectives[oid].name)
    declare_winners(ctx, winners)


def contingency_kills(s: GameState, effect: str, hero: Hero) -> bool:
    if effect == "kill_pods":
        return hero.place == "css"
    if hero.place == "css":
        return False  # pod escapees only fear the pods being shot down
    return {
        "nothing": False,
        "kill_isolated": hero.place == "isolated",
        "kill_bunker": hero.place == "bunker",
        "kill_contaminated": hero.larva or sum(
            1 for c in hero.hand + hero.deck + hero.discard if c.startswith("c:")) >= 2,
        "kill_low_knowledge": hero.knowledge < 4,
        "kill_wounded": len(hero.serious) >= 2,
        "kill_no_signal": not hero.signal,
    }[effect]



def objective_met(s: GameState, hero: Hero, oid: str, survivors: list[Hero]) -> bool:

    card = index().objectives[oid]
    groups = {cid: c.group for cid, c in index().characters.items()}
    kind = card.kind
    if kind == "player_cannot_survive":
        seat = s.seats[card.value - 1] if 0 < card.value <= len(s.seats) else None
        return seat is not None and all(x.seat != seat for x in survivors)
    if kind == "only_survivor":
        return [x.seat for x in survivors] == [hero.seat]
    if kind == "no_nemesis_survivor":
        return all(groups[x.character] != "survivor" for x in survivors)
    if kind == "no_worker_survivor":
        return all(groups[x.character] != "worker" for x in survivors)
    if kind == "send_signal":
        return hero.signal
    if kind == "discover_weakness":
        return bool(s.lab_slots)
    if kind == "destroy_nest":
        return s.nest_destroyed
    if kind == "escape_by_css":
        return hero.place == "css"
    if kind == "escape_to_bunker":
        return hero.place == "bunker"
    if kind == "knowledge_at_least":
        return hero.knowledge >= card.value
    if kind == "carry_egg_out":
        return any(h.obj == "egg" for h in hero.hands)
    return hero.place == "isolated"  # isolate


def explode(ctx: Ctx, why: str) -> None:
    """A marker was needed with none left in the supply: the facility explodes."""
    ctx.s.stack.append(EndFrame(reason=f"explosion:{why}"))
