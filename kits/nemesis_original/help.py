"""`/rules` entries for the original Nemesis (ruleset `nemesis`): the rules topics of
help.toml beside this module (the round, actions and costs, noise, encounters, combat,
wounds, contamination, the event phase, critical moments, escape pods, hibernation,
self-destruct, engines, coordinates, the end and the victory check...), the board
symbols, then every room tile, item,
character and action card, intruder, event, attack, serious wound, weakness and
objective by name, each from the content files (rules/nemesis_original/content and the
family's rules/nemesis/content) with the facts the content holds.

Numbers (track lengths, costs, supplies, dice faces, the bag) are read from the content
and the family's tables; the rulings come from rules/nemesis_original/README.md; the
sentences are our own."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from kits.nemesis.help import LEVELS, RETREAT, count_of, item_text, room_text
from rules.core.kit import HelpEntry, facts, help_topics
from rules.nemesis.action_words import cost_tag
from rules.nemesis.character import HAND_SIZE
from rules.nemesis.effects import IntruderKind
from rules.nemesis.turn_actions import COSTS
from rules.nemesis_original.cards import Content, content
from rules.nemesis_original.ship import Ship, ship

TOPICS = help_topics((Path(__file__).parent / "help.toml").read_text(encoding="utf-8"))


FACES = {"miss": "miss", "creeper": "creeper", "adult": "adult", "hit": "hit",
         "hit2": "double hit", "pay_hit": "hit for a card", "hit_pay2": "hit (2 for a card)",
         "silence": "silence", "danger": "danger"}


def _faces(faces: Any) -> str:
    return ", ".join(FACES.get(str(f), str(f)) for f in faces)


def _numbers(c: Content, sh: Ship) -> dict[str, object]:
    tiles = {t.id: t for t in sh.rooms}
    slots = sh.ship.slots
    tt, sd = sh.time_track, sh.self_destruct
    computers = [t.name for t in sh.rooms if t.computer]
    return {
        **COSTS, "room": 2, "hand": HAND_SIZE,
        "noise_faces": _faces(c.dice.noise), "combat_faces": _faces(c.dice.combat),
        "advantage_faces": _faces(c.dice.advantage),
        "contamination": len(c.contamination),
        "infected": sum(1 for x in c.contamination if getattr(x, "infected", False)),
        "crafted": ", ".join(i.name for i in c.items if i.color == "crafted"),
        "slots": len(slots), "special": sum(1 for s in slots if s.kind == "special"),
        "basic": sum(1 for s in slots if s.kind == "I"),
        "extra": sum(1 for s in slots if s.kind == "II"),
        "time_len": tt.length, "first_blue": tt.first_blue, "sd_len": sd.length,
        "first_yellow": sd.first_yellow, "green_last": sd.first_yellow - 1,
        "yellow_last": sd.length - 1, "fire": sh.supplies.fire,
        "malfunction": sh.supplies.malfunction, "fire_last": sh.supplies.fire + 1,
        "pods": len(sh.pods), "pod_seats": sh.pods[0].seats,
        "pod_list": ", ".join(f"{p.id} (section {p.section})" for p in sh.pods),
        "engines": len(sh.engines), "destinations": "-".join(sh.destination.spaces),
        "dest_start": sh.destination.start, "coordinates": len(sh.coordinates),
        "bag": ", ".join(count_of(n, k) for k, n in c.intruders.bag_start.items()),
        "adults_per_player": c.intruders.adults_per_player, "eggs": c.intruders.eggs,
        "computers": ", ".join(computers) or "none",
        "tiles": len(tiles),
        "tokens": sum(t.count for t in c.exploration),
        "token_mix": ", ".join(f"{n} {effect}" for effect, n in _token_mix(c).items()),
    }


def _token_mix(c: Content) -> dict[str, int]:
    mix: Counter[str] = Counter()
    for token in c.exploration:
        mix[token.effect] += token.count
    return dict(mix)


# ------------------------------------------------------------------ card entries
KIND_NAMES: tuple[IntruderKind, ...] = ("larva", "creeper", "adult", "breeder", "queen")
NEEDS = {"signal_sent": "a signal sent from the Comms Room", "nest_found": "the nest found",
         "kill_intruder": "an intruder killed", "weakness_found": "a weakness discovered",
         "carcass_in_lab": "a carcass researched in the Laboratory"}


def entries() -> list[HelpEntry]:
    """Every `/rules` entry of the original Nemesis, help topics first."""
    return [HelpEntry(*e) for e in nemesis_entries()]


def nemesis_entries() -> list[tuple[str, str, str]]:
    """Every `/rules` entry of the original Nemesis as (key, title, text)."""
    c, sh = content(), ship()
    numbers = _numbers(c, sh)
    out = [(t.id, t.title, t.text.format(**numbers)) for t in TOPICS]
    out.append(("rooms_list", "Room list", "\n".join(
        f"**{label}:** " + ", ".join(t.name for t in sh.rooms if t.level == level)
        for level, label in (("special", "Special rooms"), ("I", "Basic rooms (I)"),
                             ("II", "Additional rooms (II)")))))
    out += _intruders(c)
    out += [(t.id, f"Room: {t.name}",
             room_text(t, LEVELS[t.level] + (f" ×{t.copies}" if t.copies > 1 else ""),
                       "free room action")) for t in sh.rooms]
    items = {i.id: i.name for i in c.items}
    out += [(i.id, f"Item: {i.name}", item_text(i)) for i in c.items]
    for ch in c.characters:
        start = items.get(ch.starting_item or "", "no starting item")
        quest = items.get(ch.quest.item, ch.quest.item)
        out.append((ch.id, f"Character: {ch.name}",
                    facts(f"starting item: {start}",
                          f"quest item: {quest} (needs {NEEDS.get(ch.quest.needs, '')})")
                    + f"{ch.text}\n**Quest:** {ch.quest.text}"))
        out += [(card.id, f"Action card: {card.name} ({ch.name})",
                 facts(f"{ch.name}'s deck", cost_tag(card.cost, card=True),
                       {"in": "in combat only", "out": "out of combat only"}
                       .get(card.combat, ""), "interrupt" if card.interrupt else "")
                 + card.text) for card in ch.deck]
    out += [(e.id, f"Intruder event: {e.name}", e.text) for e in c.events]
    out += [(a.id, f"Intruder attack: {a.name}",
             facts("lands for: " + ", ".join(a.hits), f"blood {a.blood}",
                   RETREAT if a.retreat else "") + a.text) for a in c.attacks]
    out += [(w.id, f"Serious wound: {w.name}", w.text) for w in c.serious_wounds]
    out += [(w.id, f"Weakness: {w.name}",
             facts("discovered in the Laboratory; helps everyone") + w.text)
            for w in c.weaknesses]
    out += [(o.id, f"Objective: {o.name}",
             facts(f"{o.deck} objective",
                   f"used with {o.min_players}+ players" if o.min_players > 1 else "")
             + o.text) for o in c.objectives]
    return out


def _intruders(c: Content) -> list[tuple[str, str, str]]:
    """One entry per intruder kind: what it does, its tokens' surprise numbers, how many
    are in the bag at setup and how many miniatures there are."""
    words = {
        "larva": "The smallest. It does not attack: it crawls into a character (a "
                 "contamination card). Any injury kills it; it leaves no carcass.",
        "creeper": "A fast grown larva. Hurt by \"creeper\" and \"adult\" dice results "
                   "and hits; leaves a carcass.",
        "adult": "The common hunter. Only hits and \"adult\" results hurt it; its death "
                 "check draws 1 attack card.",
        "breeder": "Huge and tough: its death check draws 2 attack cards. In bag "
                   "development it may appear in the nest.",
        "queen": "The nest's mother, the toughest of all (2 attack cards for its death "
                 "check). She guards the nest and lays eggs.",
    }
    out: list[tuple[str, str, str]] = []
    tokens = c.intruders.tokens
    counts = Counter[str]()
    for t in tokens:
        counts[t.kind] += t.count
    for kind in KIND_NAMES:
        mine = [t for t in tokens if t.kind == kind]
        numbers = ", ".join(str(t.blue) + (f" ×{t.count}" if t.count > 1 else "")
                            for t in mine)
        models = getattr(c.intruders.models, kind, 0)
        start = c.intruders.bag_start.get(kind, 0)
        extra = " +1 per player" if kind == "adult" and c.intruders.adults_per_player else ""
        out.append((kind, f"Intruder: {kind.capitalize()}",
                    words[kind] + f"\n*Tokens (surprise number): {numbers or 'none'} · in "
                    f"the bag at setup: {start}{extra} · miniatures: {models}*"))
    return out


__all__ = ["TOPICS", "entries", "nemesis_entries"]
