"""`/rules` answers from the rulesets' content (help topics and card texts)."""

from __future__ import annotations

from functools import cache

from bot.texts import clip

TITLES = {"darkmoon": "Dark Moon", "lockdown": "Nemesis: Lockdown"}


@cache
def _entries(ruleset: str) -> tuple[tuple[str, str, str], ...]:
    """(key, title, text) for every help topic and card of a ruleset."""
    return tuple(_darkmoon() if ruleset == "darkmoon" else _lockdown())


def _darkmoon() -> list[tuple[str, str, str]]:
    from rules.darkmoon.cards import content

    c = content()
    out = [(h.id, h.title, h.text) for h in c.help]
    out += [(ch.id, f"Character: {ch.name}", ch.text) for ch in c.characters]
    for group, label in ((c.events, "Event"), (c.final_events, "Final event"),
                         (c.outposts, "Outpost")):
        out += [(item.id, f"{label}: {item.name}", item.text) for item in group]
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
    out += [(st.id, f"Status: {st.name}", st.text) for st in c.statuses]
    return out


def _lockdown() -> list[tuple[str, str, str]]:
    from rules.lockdown.cards import content

    c = content()
    out = [(h.id, h.title, h.text) for h in c.help]
    out += [(r.id, f"Room: {r.name}", r.text) for r in c.rooms]
    out += [(i.id, f"Item: {i.name}", i.text) for i in c.items]
    for ch in c.characters:
        out.append((ch.id, f"Character: {ch.name}", ch.text))
        out += [(card.id, f"Action card: {card.name} ({ch.name})",
                 f"Cost {card.cost}. {card.text}") for card in ch.deck]
    out += [(e.id, f"Intruder event: {e.name}", e.text) for e in c.events]
    out += [(w.id, f"Serious wound: {w.name}", w.text) for w in c.serious_wounds]
    out += [(w.id, f"Weakness: {w.name}", w.text) for w in c.weaknesses]
    out += [(o.id, f"Objective: {o.name}", o.text) for o in c.objectives]
    out += [(t.id, f"Contingency: {t.name}", t.text) for t in c.contingencies]
    return out


def _pool(ruleset: str | None) -> list[tuple[str, str, str]]:
    names = [ruleset] if ruleset else list(TITLES)
    return [e for name in names for e in _entries(name)]


def topics(current: str, ruleset: str | None = None) -> list[tuple[str, str]]:
    current = current.lower()
    return [(title, key) for key, title, _ in _pool(ruleset)
            if current in title.lower() or current in key]


def answer(topic: str | None, ruleset: str | None = None) -> str:
    if not topic:
        parts = []
        for name in ([ruleset] if ruleset else list(TITLES)):
            from rules import get_ruleset  # noqa: F401  (the ruleset must exist)

            help_ids = [key for key, title, _ in _entries(name)
                        if title.split(":")[0] not in _CARD_KINDS]
            parts.append(f"**{TITLES[name]}** topics: " + ", ".join(f"`{h}`" for h in help_ids))
        return "\n".join(parts) + "\nYou can also ask for any card or room by name, " \
            "e.g. `/rules Food Rationing`."
    wanted = topic.strip().lower()
    entries = _pool(ruleset)
    for key, title, text in entries:
        if wanted in (key, title.lower()) or title.lower().endswith(": " + wanted):
            return clip(f"**{title}**\n{text}", 1900)
    matches = [title for key, title, _ in entries if wanted in title.lower() or wanted in key]
    if matches:
        return "Did you mean: " + ", ".join(matches[:10]) + "?"
    return f"I have no rules entry for '{topic}'. Try `/rules` for the list of topics."


_CARD_KINDS = {"Character", "Event", "Final event", "Outpost", "Task", "Status", "Room",
               "Item", "Action card", "Intruder event", "Serious wound", "Weakness",
               "Objective", "Contingency"}
