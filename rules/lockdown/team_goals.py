"""What the computer player knows of the team's cards in the solo and fully cooperative
modes (LD-MODE-1, LD-MODE-2): which cards are still open, the rooms whose action works
toward each (the transmitter for a signal, the laboratory for a weakness, ...), how far
a card is met as the position stands (`card_progress`: 1 when `modes.card_met` would
find it met with everyone alive out, else partial credit that grows as a character
nears a room that meets it), and the team's score: the product of its cards, since the
team wins only when every card is met (solo: the better card until one is kept).
`rules/lockdown/agent.py` evaluates with it and steers its playouts by it."""

from __future__ import annotations

import math
from collections.abc import Mapping

from rules.lockdown.cards import content, index
from rules.lockdown.endgame import ACTIVE
from rules.lockdown.facility import tile_of
from rules.lockdown.modes import card_met, team_objectives
from rules.lockdown.state import GameState
from rules.nemesis.agent import distances
from rules.nemesis.state import Hero

# what an objective not met yet is worth while a character who can meet it is inside,
# by kind (about how often one working at it gets there; a team card: before anyone
# nears a room that meets it); the semi-cooperative objectives use it too (agent.py)
PROGRESS = {"escape_by_css": 0.35, "escape_to_bunker": 0.25, "isolate": 0.35,
            "send_signal": 0.3, "discover_weakness": 0.25, "destroy_nest": 0.05,
            "carry_egg_out": 0.15, "kills_at_least": 0.1, "keep_power": 0.2,
            "no_deaths": 0.3}
# the most a card not met is worth with a character standing in the room that meets it
NEAR = 0.75
# cards met by getting out a certain way (the way out is the room that meets them)
ESCAPES = {"escape_by_css": ("css_a", "css_b", "css_c"), "escape_to_bunker": ("gate",),
           "isolate": ("isolation",)}


def alive(s: GameState) -> list[Hero]:
    """Who would count as a survivor if every character alive got out."""
    return [h for h in s.heroes.values() if h.place != "dead" and h.character]


def open_cards(s: GameState) -> list[str]:
    """The team's cards not met as things stand (with everyone alive out)."""
    living = alive(s)
    return [oid for oid in team_objectives(s) if not card_met(s, oid, living)]


def kind(oid: str) -> str:
    return index().objectives[oid].kind


def rooms_by_action(s: GameState) -> dict[str, list[str]]:
    """The explored rooms by their tile's action (the board shows them)."""
    out: dict[str, list[str]] = {}
    for slot, room in s.rooms.items():
        if room.explored and room.tile is not None:
            out.setdefault(tile_of(room.tile).action, []).append(slot)
    return out


def work_rooms(s: GameState, hero: Hero, card_kind: str, by_action: dict[str, list[str]]
               ) -> list[str]:
    """Rooms where `hero`'s room action (or a pick-up) works toward a card of this kind
    now or once there: a signal not sent yet, the backup power while the lights are not
    kept, the archive not yet used, the laboratory with an object in hand (else a room
    with a carcass to carry there), the nest with eggs and a hand free."""
    if card_kind == "send_signal":
        return [] if hero.signal else by_action.get("transmitter", [])
    if card_kind == "keep_power":
        return by_action.get("backup_power", [])
    if card_kind == "carry_egg_out":
        held = any(h.obj == "egg" for h in hero.hands)
        return [] if held or s.eggs <= 0 else by_action.get("nest", [])
    if card_kind == "no_deaths":  # coop: carry a corpse to the emergency room
        corpses = [f"corpse_{seat}" for seat in s.seats if s.heroes[seat].place == "dead"]
        if s.options.mode != "coop" or not corpses:
            return []
        if any(h.obj in corpses for h in hero.hands):
            return by_action.get("emergency", [])
        return [slot for slot, room in s.rooms.items()
                if any(c in room.objects for c in corpses)]
    if card_kind in ("discover_weakness", "knowledge_at_least"):
        out = []
        if card_kind == "knowledge_at_least" and not hero.archive_used:
            out += by_action.get("archive", [])
        if any(h.obj for h in hero.hands):
            out += by_action.get("laboratory", [])
        else:
            out += [slot for slot, room in s.rooms.items() if "carcass" in room.objects]
        return out
    return []


def escape_rooms(s: GameState, card_kind: str, exits: list[str],
                 by_action: dict[str, list[str]]) -> list[str]:
    """The ways out (of `exits`) that meet an escape card of this kind."""
    wanted = ESCAPES[card_kind]
    if "gate" in wanted:
        gate = s.rover if s.options.board == "mars" else content().board.main_gate_slot
        return [x for x in exits if x == gate]
    return [x for x in exits if any(x in by_action.get(a, []) for a in wanted)]


def closeness(s: GameState, rooms: list[str]) -> float:
    """1 with a character inside standing in one of `rooms`, less as the nearest is
    farther (two moves a round), 0 with none of them known."""
    best = 0.0
    for hero in s.heroes.values():
        if hero.place != "board" or not rooms:
            continue
        far = distances(s, hero.room)
        d = min(far.get(r, 12) for r in rooms)
        best = max(best, 1.0 / (1.0 + d / 2))
    return best


def card_progress(s: GameState, oid: str, living: list[Hero], exits: list[str],
                  by_action: dict[str, list[str]], lives: Mapping[str, float]) -> float:
    """How far a team card is met, in [0, 1] (1: met with everyone alive out; "Nobody
    Left Behind": the chance that the others live too, from `lives`, each character's
    chance to live through the end)."""
    card = index().objectives[oid]
    k = card.kind
    if k == "no_deaths":
        return _all_live(s, lives)
    if card_met(s, oid, living):
        return 1.0
    if k == "knowledge_at_least":
        best = max((h.knowledge for h in living), default=0)
        return 0.8 * best / max(1, card.value)
    if k == "kills_at_least":
        return 0.1 + 0.7 * s.kills / max(1, card.value)
    inside = [h for h in living if h.place in ACTIVE]
    if not inside:
        return 0.0
    base = PROGRESS.get(k, 0.2)
    if k in ESCAPES:
        rooms = escape_rooms(s, k, exits, by_action)
    else:
        rooms = sorted({r for h in inside if h.place == "board"
                        for r in work_rooms(s, h, k, by_action)})
    if k == "send_signal" and s.options.mode == "coop":  # each signal card: one more
        need = max(1, sum(1 for o in team_objectives(s) if kind(o) == "send_signal"))
        sent = sum(1 for h in s.heroes.values() if h.signal)
        base += (1 - base) * sent / need * 0.5
    return base + (NEAR - base) * closeness(s, rooms)


def _all_live(s: GameState, lives: Mapping[str, float]) -> float:
    """The chance every character lives, given that one does (the team's value counts
    that one already); a character dead now is lost unless a revival brings them back."""
    chances = [lives.get(seat, 0.0) for seat in s.seats]
    if not chances or max(chances) <= 0.0:
        return 0.0
    floor = 0.05 if s.options.mode == "coop" else 0.0
    # at most 1: with every chance below the floor, the floors' product over the best
    # chance would be more (two characters at 1 in 10,000: 25)
    return min(1.0, math.prod(max(p, floor) for p in chances) / max(chances))


def team_score(s: GameState, exits: list[str], lives: Mapping[str, float]) -> float:
    """The team's cards as the victory check rewards them: coop needs every card (the
    product of their progress); solo the better of its cards until one is kept."""
    cards = team_objectives(s)
    if not cards:
        return 0.0
    living = alive(s)
    by_action = rooms_by_action(s)
    scores = [card_progress(s, oid, living, exits, by_action, lives) for oid in cards]
    return max(scores) if s.options.mode == "solo" else math.prod(scores)


__all__ = ["ESCAPES", "NEAR", "PROGRESS", "alive", "card_progress", "escape_rooms", "kind",
           "open_cards", "rooms_by_action", "team_score", "work_rooms"]
