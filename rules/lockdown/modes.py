"""The solo (LD-MODE-1) and fully cooperative (LD-MODE-2) modes: player counts per
mode, the solo/coop objective deck and contingency tokens at setup, neutral tokens
revealed to everybody, revival in the emergency room and the team's victory check.

The semi-cooperative mode (the default) keeps its own rules in setup.py / endgame.py.
"""

from __future__ import annotations

from rules.core.rng import Rng
from rules.lockdown.cards import Content, content, index
from rules.lockdown.facility import room_name, tile_of
from rules.lockdown.state import GameState
from rules.lockdown.table import Ctx, who
from rules.nemesis.places import intruders_in
from rules.nemesis.state import Hero, change_room, take_object

PLAYERS: dict[str, tuple[int, int]] = {"semi_coop": (1, 5), "coop": (1, 5), "solo": (1, 1)}
MODE_NAMES = {"semi_coop": "semi-cooperative", "coop": "fully cooperative", "solo": "solo"}
EXPLOSIONS = ("explosion", "autodestruct")


def check_players(mode: str, n: int) -> str | None:
    """Why `n` players cannot play `mode` (None when they can)."""
    low, high = PLAYERS[mode]
    if low <= n <= high:
        return None
    joined = f"{n} player{'s' if n != 1 else ''} joined"
    if low == high:
        return (f"The {MODE_NAMES[mode]} mode of Nemesis: Lockdown is for exactly {low} "
                f"player; {joined}.")
    return (f"The {MODE_NAMES[mode]} mode of Nemesis: Lockdown takes {low} to {high} "
            f"players; {joined}.")


def team_mode(s: GameState) -> bool:
    return s.options.mode != "semi_coop"


# ------------------------------------------------------------------ setup
def deal(s: GameState, c: Content, rng: Rng, tokens: list[str]) -> None:
    """Solo: 2 objectives of the solo/coop deck (1 kept at the first encounter), the
    active contingency, then 2 neutral tokens for the player. Coop: 1 public objective
    per player, the active contingency, and 1 neutral token revealed to all."""
    n = len(s.seats)
    solo = s.options.mode == "solo"
    deck = rng.shuffled([o.id for o in c.coop_objectives if o.min_players <= n])
    s.active_contingency = tokens.pop()
    for seat in s.seats:
        hero = Hero(seat=seat, character="", room="")
        hero.objectives = [deck.pop() for _ in range(2 if solo else 1)]
        if solo:
            hero.contingencies = [tokens.pop(), tokens.pop()]
        s.heroes[seat] = hero
    s.neutral_pool = tokens
    if not solo:
        s.revealed_contingencies = [s.neutral_pool.pop()]


def halve_items(s: GameState) -> None:
    """Solo: every room offers half its items, rounding up."""
    for slot, room in list(s.rooms.items()):
        change_room(s.rooms, slot, token_items=(room.token_items + 1) // 2)


# ------------------------------------------------------------------ during the game
def reveals_due(s: GameState) -> int:
    """Coop: neutral tokens face up by now: the first at setup, one more for each power
    threshold the time token has passed."""
    passed = sum(1 for t in content().time_track.slots
                 if t.threshold_after and t.number > s.time)
    return 1 + passed


def round_start(ctx: Ctx) -> None:
    """At the start of a round (from the 2nd) in coop: reveal the neutral tokens due,
    then bring back the characters whose corpse lies in a working emergency room."""
    s = ctx.s
    if s.options.mode != "coop":
        return
    while len(s.revealed_contingencies) < reveals_due(s) and s.neutral_pool:
        token_id = s.neutral_pool.pop()
        s.revealed_contingencies.append(token_id)
        token = index().contingencies[token_id]
        ctx.say(f"A power threshold exposes another contingency plan: {token.name}. "
                f"{token.text}", kind="contingency_revealed", token=token_id)
    for seat in s.seats:
        hero = s.heroes[seat]
        room = corpse_room(s, seat)
        if hero.place == "dead" and room is not None and emergency_works(s, room):
            revive(ctx, hero, room)


def corpse_room(s: GameState, seat: str) -> str | None:
    """The room holding `seat`'s corpse (on the floor or in the hands of a character
    standing there), if it is on the board."""
    corpse = f"corpse_{seat}"
    for slot, room in s.rooms.items():
        if corpse in room.objects:
            return slot
    for hero in s.heroes.values():
        if hero.place == "board" and any(h.obj == corpse for h in hero.hands):
            return hero.room
    return None


def emergency_works(s: GameState, slot: str) -> bool:
    room = s.rooms[slot]
    if not room.explored or room.tile is None or tile_of(room.tile).action != "emergency":
        return False
    return not room.malfunction and not intruders_in(s, slot)


def revive(ctx: Ctx, hero: Hero, slot: str) -> None:
    """The character is back in the emergency room: light wounds gone, serious wounds
    dressed. Items lost at death stay lost; the action cards are theirs again."""
    s = ctx.s
    corpse = f"corpse_{hero.seat}"
    take_object(s.rooms, slot, corpse)
    for other in s.heroes.values():
        other.hands = [h for h in other.hands if h.obj != corpse]
    hero.place = "board"
    hero.room = slot
    hero.pod = None
    hero.light = 0
    for wound in hero.serious:
        wound.dressed = True
    hero.passed = False
    s.deaths.pop(hero.seat, None)
    ctx.say(f"{who(hero.seat)} is brought back to life in {room_name(s, slot)}: light "
            "wounds healed, serious wounds dressed.", kind="revived", seat=hero.seat)


# ------------------------------------------------------------------ the end
def card_met(s: GameState, oid: str, survivors: list[Hero]) -> bool:
    """A solo/coop objective for the whole team (`survivors`: after the checks)."""
    card = index().objectives[oid]
    kind, value = card.kind, card.value
    if kind == "send_signal":
        in_play = [o for h in s.heroes.values() for o in h.objectives
                   if index().objectives[o].kind == "send_signal"]
        need = max(1, len(in_play)) if s.options.mode == "coop" else 1
        return sum(1 for h in s.heroes.values() if h.signal) >= need
    if kind == "discover_weakness":
        return bool(s.lab_slots)
    if kind == "destroy_nest":
        return s.nest_destroyed
    if kind == "keep_power":
        exploded = (s.ended or "").startswith(EXPLOSIONS)
        on = sum(1 for p in s.power.values() if p.active)
        return not exploded and s.time_active and on >= value
    if kind == "kills_at_least":
        return s.kills >= value
    if kind == "no_deaths":
        return len(survivors) == len(s.seats)
    places = {"escape_by_css": "css", "escape_to_bunker": "bunker", "isolate": "isolated"}
    if kind in places:
        return any(h.place == places[kind] for h in survivors)
    if kind == "knowledge_at_least":
        return any(h.knowledge >= value for h in survivors)
    if kind == "carry_egg_out":
        return any(held.obj == "egg" for h in survivors for held in h.hands)
    raise ValueError(f"{oid}: not a solo/coop objective")


def team_objectives(s: GameState) -> list[str]:
    """Coop: every player's public card; solo: the player's card(s)."""
    return [o for seat in s.seats for o in s.heroes[seat].objectives]


def team_victory(ctx: Ctx, survivors: list[Hero]) -> list[str]:
    """Solo: the player wins by surviving with the objective met (either card if no
    encounter ever came). Coop: everybody wins when every card is met and at least one
    character survived; otherwise everybody loses."""
    s = ctx.s
    cards = team_objectives(s)
    met = {oid: card_met(s, oid, survivors) for oid in cards}
    for oid in cards:
        card = index().objectives[oid]
        ctx.say(f"Objective {card.name}: {'met' if met[oid] else 'not met'}.",
                kind="objective_check", objective=oid)
    if s.options.mode == "solo":
        return [h.seat for h in survivors if any(met.values())]
    if survivors and all(met.values()):
        ctx.say("The team met every objective and got someone out alive.", kind="team")
        return list(s.seats)
    why = "nobody survived" if not survivors else "not every objective was met"
    ctx.say(f"The team fails: {why}.", kind="team")
    return []
