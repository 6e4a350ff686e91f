"""A Nemesis: Lockdown player's live private sheet (Markdown, edited in place): the
character and its wounds, the hand with each card's cost and text, the items and what
they do, objectives, contingency tokens and what is being chosen. Short texts keep a
normal hand under about 1,500 characters; it never goes past SHEET_MAX."""

from __future__ import annotations

from typing import Any

SHEET_MAX = 1900
AIM = 1500
FULL, BRIEF = 90, 55  # how much of each text to show; shorter while the sheet is long
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


def _line(name: str, extra: str, text: str, limit: int) -> str:
    body = short(text, limit)
    return f"• **{name}**{extra}" + (f": {body}" if body else "")


def _status(view: Any, hero: Any) -> str:
    from rules.lockdown.cards import index

    parts = [f"You play the **{hero.name}**", f"knowledge {hero.knowledge}",
             f"light wounds {hero.light}/2"]
    if hero.serious:
        wounds = index().wounds
        parts.append("serious: " + ", ".join(
            wounds[w.rstrip('*')].name + (" (dressed)" if w.endswith("*") else "")
            for w in hero.serious))
    if hero.slime:
        parts.append("slimed")
    if hero.larva:
        parts.append("**a larva inside you**")
    if hero.signal:
        parts.append("signal sent")
    return " · ".join(parts)


def _lines(view: Any, me: Any, limit: int) -> list[str]:
    from rules.lockdown.cards import index

    idx = index()
    hero = next((h for h in view.heroes if h.seat == view.viewer), None)
    lines = [_status(view, hero)] if hero is not None and hero.character else []
    lines.append(f"**Hand** ({len(me.hand_ids)} cards · deck {me.deck} · "
                 f"discard {me.discard})")
    for card_id in me.hand_ids:
        card = idx.cards.get(card_id)
        if card is None:
            lines.append("• Contamination (scan to find out if it is INFECTED)")
            continue
        tags = [f"cost {card.cost}", *(["interrupt"] if card.interrupt else []),
                *([COMBAT_TAGS[card.combat]] if card.combat in COMBAT_TAGS else [])]
        text = card.text
        for opening in SAID_BY_TAGS:
            text = text.removeprefix(opening)
        text = text[:1].upper() + text[1:]
        lines.append(_line(card.name, f" ({', '.join(tags)})", text, limit))
    items = [idx.items[i] for i in me.inventory_ids]
    if items or me.held:
        lines.append("**Items**")
    for item in items:
        lines.append(_line(item.name, "", item.text, limit))
    for slot in me.held:
        if slot.item is None:
            lines.append(f"• In hand: {(slot.obj or '?').split('_')[0]}")
            continue
        item = idx.items[slot.item]
        ammo = f" (in hand, ammo {slot.ammo}/{item.weapon.capacity})" if item.weapon \
            and item.weapon.kind != "melee" else " (in hand)"
        lines.append(_line(item.name, ammo, item.text, limit))
    for oid in me.objectives:
        objective = idx.objectives[oid]
        lines.append(f"**Objective**: **{objective.name}**"
                     + (f": {short(objective.text, limit)}" if limit else ""))
    for tid in me.contingencies:
        token = idx.contingencies[tid]
        lines.append(f"**Contingency token**: **{token.name}**"
                     + (f": {short(token.text, limit)}" if limit else ""))
    # the decision at hand is not repeated here: it is in the choice message, and a
    # sheet that changed with every prompt would be edited on every move
    return lines


def sheet(view: Any, me: Any) -> str:
    """Full texts when the sheet stays under AIM, else brief ones; a crowded sheet keeps
    brief texts up to SHEET_MAX and drops them only beyond."""
    full, brief, bare = ("\n".join(_lines(view, me, limit)) for limit in (FULL, BRIEF, 0))
    for text in (full, brief):
        if len(text) <= AIM:
            return text
    for text in (brief, bare):
        if len(text) <= SHEET_MAX:
            return text
    return bare[:SHEET_MAX - 1] + "…"
