"""Dark Moon's `/rules` entries, built from its content files: the help topics
(rules/darkmoon/content/help.toml), the Shadow Corporation expansion's topics
(expansion_help.py), and every character, event, outpost, task and status by name, with
the facts the content holds (decks, cubes, the expansion's marks) added to its text."""

from __future__ import annotations

from kits.darkmoon.expansion_help import expansion_entries
from rules.core.kit import HelpEntry, facts
from rules.darkmoon.cards import Content as DarkMoonContent
from rules.darkmoon.cards import Task, content


def entries() -> list[HelpEntry]:
    """Every entry of Dark Moon, help topics first."""
    return darkmoon_entries(content())


def darkmoon_entries(c: DarkMoonContent) -> list[HelpEntry]:
    x = c.expansion
    out = [HelpEntry(h.id, h.title, h.text.strip()) for h in c.help]
    out += [HelpEntry(*e) for e in expansion_entries(c)]
    out += [HelpEntry(ch.id, f"Character: {ch.name}", _expansion_fact(ch in x.characters)
                  + ch.text) for ch in c.characters + x.characters]
    for group, label in ((c.events + x.events, "Event"),
                         (c.final_events + x.final_events, "Final event")):
        out += [HelpEntry(e.id, f"{label}: {e.name}",
                      facts(f"needs {e.cubes} event cube{'s' * (e.cubes > 1)}",
                             "Shadow Corporation expansion" if e in x.events + x.final_events
                             else "") + e.text)
                for e in group]
    out += [HelpEntry(o.id, f"Outpost: {o.name}", _expansion_fact(o in x.outposts) + o.text)
            for o in c.outposts + x.outposts]
    out += _darkmoon_tasks(c)
    out += [HelpEntry(st.id, f"Status: {st.name}", _expansion_fact(st in x.statuses) + st.text)
            for st in c.statuses + x.statuses]
    out += [HelpEntry(st.id, f"Status: {st.name}", facts("Company Man module") + st.text)
            for st in c.modules.company_man_statuses]
    return out


def _expansion_fact(new: bool) -> str:
    return facts("Shadow Corporation expansion") if new else ""


def _darkmoon_tasks(c: DarkMoonContent) -> list[HelpEntry]:
    """Every task card by name: its decks, the expansion's EVACUATE mark, its text; and
    the evacuation failure cards."""
    x = c.expansion
    decks: dict[str, list[str]] = {}
    tasks: dict[str, Task] = {}
    evacuate = {"silver": set(x.silver.evacuate), "black": set(x.black.evacuate)}
    added = {t.id for t in x.silver.extra + x.black.extra}
    for deck, cards in (("silver", c.silver_tasks + x.silver.extra),
                        ("black", c.black_tasks + x.black.extra)):
        for task in cards:
            decks.setdefault(task.id, []).append(deck)
            tasks.setdefault(task.id, task)
    out = []
    for tid, task in tasks.items():
        where = " and ".join(decks[tid]) + " deck" + ("s" if len(decks[tid]) > 1 else "")
        marked = [d for d in decks[tid] if tid in evacuate[d]]
        evac = ""
        if marked:
            evac = "EVACUATE (expansion" + ("" if marked == decks[tid]
                                            else f", {marked[0]} deck") + ")"
        new = "Shadow Corporation expansion" if tid in added else ""
        if task.kind == "malfunction":
            text = (f"Malfunction ({task.system.replace('_', ' ')}): difficulty "
                    f"{task.difficulty}, consequence {task.consequence}"
                    + (", SUSPICIOUS ACTIVITY" if task.suspicious else "") + ".")
            out.append(HelpEntry(tid, f"Task: {task.name}", facts(where, new, evac) + text))
        else:
            out.append(HelpEntry(tid, f"Task: {task.name}",
                             facts(where, new, "suspicious" if task.suspicious else "", evac)
                             + task.text))
    for deck, failure in (("silver", x.silver.failure), ("black", x.black.failure)):
        out.append(HelpEntry(failure.id, f"Task: {failure.name}",
                         facts(f"{deck} deck, shuffled into the final event's task deck",
                                "Shadow Corporation expansion") + failure.text))
    return out
