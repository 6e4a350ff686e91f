"""`/rules` answers from the ruleset content (help topics and card texts)."""

from __future__ import annotations

from bot.texts import clip
from rules.darkmoon.cards import content


def _entries() -> list[tuple[str, str, str]]:
    """(key, title, text) for every help topic and card."""
    c = content()
    out = [(h.id, h.title, h.text) for h in c.help]
    for ch in c.characters:
        out.append((ch.id, f"Character: {ch.name}", ch.text))
    for group, label in ((c.events, "Event"), (c.final_events, "Final event"),
                         (c.outposts, "Outpost")):
        for item in group:
            out.append((item.id, f"{label}: {item.name}", item.text))
    seen: set[str] = set()
    for task in c.silver_tasks + c.black_tasks:
        if task.id in seen:
            continue
        seen.add(task.id)
        if task.kind == "malfunction":
            text = (f"Malfunction ({task.system.replace('_', ' ')}): difficulty "
                    f"{task.difficulty}, consequence {task.consequence}"
                    + (", SUSPICIOUS ACTIVITY" if task.suspicious else "") + ".")
        else:
            text = task.text
        out.append((task.id, f"Task: {task.name}", text))
    for st in c.statuses:
        out.append((st.id, f"Status: {st.name}", st.text))
    return out


def topics(current: str) -> list[tuple[str, str]]:
    current = current.lower()
    return [(title, key) for key, title, _ in _entries()
            if current in title.lower() or current in key]


def answer(topic: str | None) -> str:
    entries = _entries()
    if not topic:
        names = ", ".join(f"`{h.id}`" for h in content().help)
        return ("**Dark Moon help.** Topics: " + names
                + ". You can also ask for any card by name, e.g. `/rules Food Rationing`.")
    wanted = topic.strip().lower()
    for key, title, text in entries:
        if wanted in (key, title.lower()) or title.lower().endswith(": " + wanted):
            return clip(f"**{title}**\n{text}", 1900)
    matches = [title for key, title, _ in entries if wanted in title.lower() or wanted in key]
    if matches:
        return "Did you mean: " + ", ".join(matches[:10]) + "?"
    return f"I have no rules entry for '{topic}'. Try `/rules` for the list of topics."
