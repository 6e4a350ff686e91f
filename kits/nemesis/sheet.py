"""What both Nemesis games' private sheets show the same way: a content text cut to a
length, the status line's wounds, the hand with each card's cost and text, the items
and what they do, and the sheet with every text whole (kits/lockdown/sheet.py,
kits/nemesis_original/sheet.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from rules.nemesis.action_words import cost_tag
from rules.nemesis.view import GameView, HeroView, MeView


class Named(Protocol):
    @property
    def name(self) -> str: ...


class Texted(Protocol):
    @property
    def text(self) -> str: ...

WHOLE = 100_000  # every text whole: a sheet longer than one message is sent in parts
COMBAT_TAGS = {"in": "in combat only", "out": "out of combat only"}
SAID_BY_TAGS = ("Interrupt: ", "In combat. ", "Out of combat. ")  # text openings the tags say


def short(text: str, limit: int) -> str:
    """A content text on one line, cut at a word near `limit` ("" for a limit of 0)."""
    flat = " ".join(text.replace("**", "").split())
    if limit <= 0:
        return ""
    if len(flat) <= limit:
        return flat
    cut = flat[:limit].rsplit(" ", 1)[0].rstrip(" ,;:.")
    return cut + "…"


def line(name: str, extra: str, text: str, limit: int) -> str:
    body = short(text, limit)
    return f"• **{name}**{extra}" + (f": {body}" if body else "")


def wound_parts(hero: HeroView, wounds: Mapping[str, Named]) -> list[str]:
    """Light and serious wounds, slime, a larva and a signal sent, for the status line."""
    parts = [f"light wounds {hero.light}/2"]
    if hero.serious:
        parts.append("serious: " + ", ".join(
            wounds[w.rstrip('*')].name + (" (dressed)" if w.endswith("*") else "")
            for w in hero.serious))
    if hero.slime:
        parts.append("slimed")
    if hero.larva:
        parts.append("**a larva inside you**")
    if hero.signal:
        parts.append("signal sent")
    return parts


def ability_lines(character: Texted, limit: int) -> list[str]:
    """The character's ability, as its text words it (an ability that replaces a base
    rule says so there), unless the sheet is too crowded."""
    ability = character.text.partition("Ability")[2].lstrip(" :")
    return [f"**Ability** {short(ability, limit + 30)}"] if ability and limit else []


def hand_lines(idx: Any, me: MeView, limit: int) -> list[str]:
    """The hand heading and one line per card (cost, tags, text); the contamination
    cards, all alike until scanned, on one line."""
    n = len(me.hand_ids)
    lines = [f"**Hand** ({n} card{'' if n == 1 else 's'} · deck {me.deck} · "
             f"discard {me.discard})"]
    unknown = sum(1 for card_id in me.hand_ids if card_id not in idx.cards)
    if unknown == 1:
        lines.append("• Contamination (scan to find out if it is INFECTED)")
    elif unknown:
        lines.append(f"• Contamination ×{unknown} (scan to find out if any is INFECTED)")
    for card_id in me.hand_ids:
        card = idx.cards.get(card_id)
        if card is None:
            continue
        tags = [cost_tag(card.cost, card=True), *(["interrupt"] if card.interrupt else []),
                *([COMBAT_TAGS[card.combat]] if card.combat in COMBAT_TAGS else [])]
        text = card.text
        for opening in SAID_BY_TAGS:
            text = text.removeprefix(opening)
        text = text[:1].upper() + text[1:]
        lines.append(line(card.name, f" ({', '.join(tags)})", text, limit))
    return lines


def item_lines(idx: Any, me: MeView, limit: int) -> list[str]:
    """The items carried and held in hand (ammunition of a gun), each with its text."""
    items = [idx.items[i] for i in me.inventory_ids]
    lines = ["**Items**"] if items or me.held else []
    for item in items:
        lines.append(line(item.name, "", item.text, limit))
    for slot in me.held:
        if slot.item is None:
            lines.append(f"• In hand: {(slot.obj or '?').split('_')[0]}")
            continue
        item = idx.items[slot.item]
        ammo = f" (in hand, ammo {slot.ammo}/{item.weapon.capacity})" if item.weapon \
            and item.weapon.kind != "melee" else " (in hand)"
        lines.append(line(item.name, ammo, item.text, limit))
    return lines


def target_note(view: GameView, objective: Any) -> str:
    """Who "Player N" of an objective is (the seat numbered N on the board)."""
    if objective.kind != "player_cannot_survive" or not 0 < objective.value <= len(
            view.heroes):
        return ""
    return f" (player {objective.value} is <@{view.heroes[objective.value - 1].seat}>)"


def fit(lines_at: Callable[[int], list[str]]) -> str:
    """The sheet with every text whole (a long one goes out in several messages)."""
    return "\n".join(lines_at(WHOLE))
