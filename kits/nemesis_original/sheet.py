"""An original Nemesis player's live private sheet (Markdown, edited in place): the
character, its ability and wounds, the hand with each card's cost and text, the items
and what they do, the objectives (two until the first encounter, then the one kept),
the quest, and what the player looked at in secret: the coordinates, an engine's state,
a room seen on the monitors. Nobody else ever sees it (kits/nemesis/sheet.py fits
it under Discord's limit)."""

from __future__ import annotations

from kits.nemesis.sheet import (
    ability_lines,
    fit,
    hand_lines,
    item_lines,
    short,
    target_note,
    wound_parts,
)
from rules.nemesis_original.cards import Index, index
from rules.nemesis_original.view import HeroView, MeView, NemesisView

DECKS = {"corporate": "corporate", "personal": "personal"}


PLACES = {"dead": "**dead**", "hibernated": "asleep in the hibernatorium",
          "pod": "in escape pod {pod}", "escaped": "escaped in pod {pod}"}


def _where(view: NemesisView, hero: HeroView) -> str:
    if hero.place == "board":
        room = next((r for r in view.rooms if r.slot == hero.room), None)
        return f"in {room.name}" if room is not None else ""
    return PLACES.get(hero.place, hero.place).format(pod=hero.pod or "?")


def _status(view: NemesisView, idx: Index, hero: HeroView, limit: int) -> list[str]:
    character = idx.characters[hero.character]
    where = _where(view, hero)
    head = " · ".join([f"You play the **{hero.name}**" + (f", {where}" if where else ""),
                       *wound_parts(hero, idx.wounds)])
    return [head, *ability_lines(character, limit)]


def _known(me: MeView, rooms: dict[str, str]) -> list[str]:
    """What the player checked in secret, in words."""
    out = []
    for key, value in sorted(me.known.items()):
        if key == "coordinates":
            out.append(f"• Coordinates: space **{value}** takes the ship to Earth")
        elif key.startswith("engine_"):
            out.append(f"• Engine {key.removeprefix('engine_')}: **{value}** "
                       "(when you last checked)")
        elif key.startswith("room_"):
            slot = key.removeprefix("room_")
            tile, _, token = value.partition(", ")
            where = rooms.get(slot, slot)
            out.append(f"• On the monitors, {where} is the **{tile}**"
                       + (f" (token: {token})" if token else ""))
        else:
            out.append(f"• {key.replace('_', ' ')}: {value}")
    return ["**What you checked**", *out] if out else []


def _lines(view: NemesisView, me: MeView, limit: int) -> list[str]:
    idx = index()
    hero = next((h for h in view.heroes if h.seat == view.viewer), None)
    lines: list[str] = []
    if hero is not None and hero.character:
        lines += _status(view, idx, hero, limit)
    lines += hand_lines(idx, me, limit)
    lines += item_lines(idx, me, limit)
    several = len(me.objectives) > 1
    for oid in me.objectives:
        objective = idx.objectives[oid]
        label = f"Objective ({DECKS.get(objective.deck, objective.deck)})" if several \
            else "Objective"
        lines.append(f"**{label}**: **{objective.name}**"
                     + (f": {short(objective.text, limit + 40)}" if limit else "")
                     + target_note(view, objective))
    if several:
        lines.append("*At the first encounter with an intruder you keep one of them.*")
    if hero is not None and hero.character:
        quest = idx.characters[hero.character].quest
        item = idx.items.get(quest.item)
        held = quest.item in me.inventory_ids or any(x.item == quest.item for x in me.held)
        name = item.name if item else quest.item
        lines.append(f"**Quest** ({name}{', done' if held else ''})"
                     + (f": {short(quest.text, limit)}" if limit and not held else ""))
    unexplored = {r.slot: r.name for r in view.rooms}
    lines += _known(me, unexplored)
    return lines


def sheet(view: NemesisView, me: object) -> str:
    assert isinstance(me, MeView)
    return fit(lambda limit: _lines(view, me, limit))
