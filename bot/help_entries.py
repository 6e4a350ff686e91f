"""The `/rules` entries of each ruleset, built from its content files: the help topics
(help.toml) and every card, room, item and token by name, with the facts the content
holds (deck colour, components, knowledge needed...) added to the card's own text."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from rules import get_ruleset
from rules.nemesis.action_words import cost_tag

if TYPE_CHECKING:
    from rules.darkmoon.cards import Content as DarkMoonContent
    from rules.lockdown.cards import ComputerCard, RoomTile
    from rules.lockdown.cards import Content as LockdownContent
    from rules.nemesis.cards import Item

TITLES = {"darkmoon": "Dark Moon", "lockdown": "Nemesis: Lockdown", "nemesis": "Nemesis"}


@dataclass(frozen=True, slots=True)
class Entry:
    key: str     # unique within its ruleset (a content id, or id_kind when ids collide)
    title: str   # "Group: Name" for named things, a plain title for a rules topic
    text: str

    @property
    def group(self) -> str:
        """"" for a rules topic; else what the entry is ("Room", "Board", "Intruder"...)."""
        head, sep, _ = self.title.partition(": ")
        return head if sep and head in GROUPS else ""

    @property
    def name(self) -> str:
        return self.title.partition(": ")[2] if self.group else self.title


# Title prefixes of named entries; help topics in help.toml may use the first two.
GROUPS = ("Intruder", "Board", "Character", "Status", "Outpost", "Event", "Final event",
          "Task", "Room", "Item", "Action card", "Computer card", "Intruder event",
          "Intruder attack", "Serious wound", "Weakness", "Objective", "Contingency",
          "Mars surface card", "Module", "Variant", "Threat")


# an attack card with the retreat symbol: what the symbol does (the card texts leave it out)
RETREAT = "retreat: drawn for an injured intruder, it flees instead"


@cache
def entries(ruleset: str) -> tuple[Entry, ...]:
    """Every `/rules` entry of a ruleset, help topics first, keys made unique."""
    if ruleset == "darkmoon":
        from rules.darkmoon.cards import content as dm_content

        raw = _darkmoon(dm_content())
    elif ruleset == "lockdown":
        from rules.lockdown.cards import content as ld_content

        raw = _lockdown(ld_content())
    elif ruleset == "nemesis":
        from bot.help_nemesis import nemesis_entries

        raw = [Entry(*e) for e in nemesis_entries()]
    else:
        raise KeyError(ruleset)
    raw.append(_settings(ruleset))
    out: list[Entry] = []
    seen: set[str] = set()
    for entry in raw:
        if entry.key in seen:  # e.g. the isolation topic and the Isolation Room tile
            slug = entry.group.lower().replace(" ", "_")
            entry = Entry(f"{entry.key}_{slug}", entry.title, entry.text)
        seen.add(entry.key)
        out.append(entry)
    return tuple(out)


def _settings(ruleset: str) -> Entry:
    """The table's settings: the host's turn timer and, in a game with decisions
    Warden may answer, each player's own "Warden answers for me"."""
    text = ("**Turn timer** (off unless the host sets one: `turn_timer` in `/game new`, or "
            "`/game timer`): a reminder at half time, then Warden decides for whoever is "
            "still waiting, with the documented default moves.")
    rs = get_ruleset(ruleset)
    if rs.auto_answers:
        text += ("\n**Warden answers for me when I have no real choice** (each player for "
                 "themselves, off by default: the button on your private sheet, in your "
                 f"DMs): Warden will {rs.auto_answers}, the moment you are asked. "
                 f"{rs.auto_answer_tells} Turned off, you are asked every time.")
    return Entry("settings", "Table settings", text)


def facts(*parts: str) -> str:
    """An italic line of content facts put before a card's text."""
    return "*" + " · ".join(p for p in parts if p) + "*\n"


# ------------------------------------------------------------------ Dark Moon
def _darkmoon(c: DarkMoonContent) -> list[Entry]:
    from bot.help_darkmoon_expansion import expansion_entries

    x = c.expansion
    out = [Entry(h.id, h.title, h.text.strip()) for h in c.help]
    out += [Entry(*e) for e in expansion_entries(c)]
    out += [Entry(ch.id, f"Character: {ch.name}", _expansion_fact(ch in x.characters)
                  + ch.text) for ch in c.characters + x.characters]
    for group, label in ((c.events + x.events, "Event"),
                         (c.final_events + x.final_events, "Final event")):
        out += [Entry(e.id, f"{label}: {e.name}",
                      facts(f"needs {e.cubes} event cube{'s' * (e.cubes > 1)}",
                             "Shadow Corporation expansion" if e in x.events + x.final_events
                             else "") + e.text)
                for e in group]
    out += [Entry(o.id, f"Outpost: {o.name}", _expansion_fact(o in x.outposts) + o.text)
            for o in c.outposts + x.outposts]
    out += _darkmoon_tasks(c)
    out += [Entry(st.id, f"Status: {st.name}", _expansion_fact(st in x.statuses) + st.text)
            for st in c.statuses + x.statuses]
    out += [Entry(st.id, f"Status: {st.name}", facts("Company Man module") + st.text)
            for st in c.modules.company_man_statuses]
    return out


def _expansion_fact(new: bool) -> str:
    return facts("Shadow Corporation expansion") if new else ""


def _darkmoon_tasks(c: DarkMoonContent) -> list[Entry]:
    """Every task card by name: its decks, the expansion's EVACUATE mark, its text; and
    the evacuation failure cards."""
    x = c.expansion
    decks: dict[str, list[str]] = {}
    tasks = {}
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
            out.append(Entry(tid, f"Task: {task.name}", facts(where, new, evac) + text))
        else:
            out.append(Entry(tid, f"Task: {task.name}",
                             facts(where, new, "suspicious" if task.suspicious else "", evac)
                             + task.text))
    for deck, failure in (("silver", x.silver.failure), ("black", x.black.failure)):
        out.append(Entry(failure.id, f"Task: {failure.name}",
                         facts(f"{deck} deck, shuffled into the final event's task deck",
                                "Shadow Corporation expansion") + failure.text))
    return out


# ------------------------------------------------------------------ Nemesis: Lockdown
COLOURS = {"red": "red (military) deck", "yellow": "yellow (technical) deck",
           "green": "green (medical) deck", "white": "any deck (white)"}
LEVELS = {"special": "Special room", "I": "Basic room (I)", "II": "Additional room (II)"}
ITEM_KINDS = {"red": "Red item (military)", "yellow": "Yellow item (technical)",
              "green": "Green item (medical)", "crafted": "Crafted item",
              "character": "Starting item", "quest": "Quest item"}


def _lockdown(c: LockdownContent) -> list[Entry]:
    out = [_ld_topic(c, h.id, h.title, h.text.strip()) for h in c.help]
    out += [_ld_room(r) for r in c.rooms]
    out += [Entry(i.id, f"Item: {i.name}", item_text(i)) for i in c.items]
    items = {i.id: i.name for i in c.items}
    for ch in c.characters:
        group = ("Nemesis survivor: starts in the isolation room with 3 knowledge"
                 if ch.group == "survivor" else
                 "facility worker: starts in the repository with 1 knowledge")
        start = items.get(ch.starting_item or "", "no starting item")
        out.append(Entry(ch.id, f"Character: {ch.name}",
                         facts(group, f"starting item: {start}",
                                f"quest item: {items.get(ch.quest.item, ch.quest.item)}")
                         + f"{ch.text}\n**Quest:** {ch.quest.text}"))
        out += [Entry(card.id, f"Action card: {card.name} ({ch.name})",
                      facts(f"{ch.name}'s deck", cost_tag(card.cost, card=True),
                             {"in": "in combat only", "out": "out of combat only"}
                             .get(card.combat, ""), "interrupt" if card.interrupt else "")
                      + card.text) for card in ch.deck]
    out += _crossover()
    out += [Entry(card.id, f"Computer card: {card.name}", _ld_computer(card))
            for card in c.computer]
    out += [Entry(e.id, f"Intruder event: {e.name}", e.text) for e in c.events]
    out += [Entry(a.id, f"Intruder attack: {a.name}",
                  facts("lands for: " + ", ".join(a.hits), f"blood {a.blood}",
                         RETREAT if a.retreat else "") + a.text) for a in c.attacks]
    out += [Entry(w.id, f"Serious wound: {w.name}", w.text) for w in c.serious_wounds]
    out += [Entry(w.id, f"Weakness: {w.name}",
                  facts(f"helps characters with {w.knowledge}+ knowledge") + w.text)
            for w in c.weaknesses]
    out += [Entry(o.id, f"Objective: {o.name}",
                  facts(f"{o.deck} objective",
                         f"used with {o.min_players}+ players" if o.min_players > 1 else "")
                  + o.text) for o in c.objectives]
    out += [Entry(o.id, f"Objective: {o.name}",
                  facts("solo/coop objective (public)",
                         f"used with {o.min_players}+ players" if o.min_players > 1 else "")
                  + o.text) for o in c.coop_objectives]
    out += [Entry(t.id, f"Contingency: {t.name}", facts(f"{t.count} in the game") + t.text)
            for t in c.contingencies]
    return out + _mars_cards()


def _crossover() -> list[Entry]:
    """The original Nemesis characters, attack and weakness cards that Lockdown's
    crossover options bring in (LD-XOVER-1)."""
    from rules.lockdown.cards import index
    from rules.nemesis.library import species

    idx = index()
    option = "with the Original Nemesis characters option"
    out = []
    own_cards = {card for ch in idx.characters.values() if ch.id not in idx.draft_card
                 for card in (x.id for x in ch.deck)}
    for cid, card_id in idx.draft_card.items():
        ch = idx.characters[cid]
        draft = idx.characters[card_id]
        quest = idx.items[ch.quest.item].name
        out.append(Entry(ch.id, f"Character: {ch.name}", facts(
            f"original Nemesis character, {option}", f"drafted with the {draft.name}'s card",
            "Nemesis survivor: starts in the isolation room with 3 knowledge",
            "no starting item", f"quest item: {quest}",
            f"plays the {draft.name}'s action deck" if ch.deck == draft.deck else "")
            + f"{ch.text}\n**Quest:** "
            f"{ch.quest.text}"))
        out += [Entry(card.id, f"Action card: {card.name} ({ch.name})",
                      facts(f"{ch.name}'s deck ({option})", cost_tag(card.cost, card=True),
                             {"in": "in combat only", "out": "out of combat only"}
                             .get(card.combat, ""), "interrupt" if card.interrupt else "")
                      + card.text) for card in ch.deck if card.id not in own_cards]
    option = "with the Original Nemesis intruders option"
    out += [Entry(a.id, f"Intruder attack: {a.name}",
                  facts(f"original intruders ({option})", "lands for: " + ", ".join(a.hits),
                         f"blood {a.blood}", RETREAT if a.retreat else "") + a.text)
            for a in species().attacks]
    removed = set(idx.crossover_removed)
    out += [Entry(w.id, f"Weakness: {w.name}",
                  facts(f"original intruders ({option})", "helps every character")
                  + w.text) for w in species().weaknesses if w.id not in removed]
    return out


def _mars_cards() -> list[Entry]:
    """The Mars surface deck (the board's other side)."""
    from rules.lockdown.mars_board import mars_content

    hits = {"drawer": "out in the open it hits the character who drew it",
            "surface": "out in the open it hits every character on a crossroads without "
                       "an Enviro-Suit"}
    return [Entry(card.id, f"Mars surface card: {card.name}",
                  facts("Mars surface deck", hits[card.exposed])
                  + f"**Out in the open:** {card.upper_text}\n"
                    f"**Sheltered** (in a building or in an Enviro-Suit, the drawer only): "
                    f"{card.lower_text}") for card in mars_content().cards]


def _ld_topic(c: LockdownContent, key: str, title: str, text: str) -> Entry:
    """A help topic, with the lists that the content decides appended."""
    extra = ""
    if key == "rooms":
        extra = "\n" + "\n".join(
            f"**{label}:** " + ", ".join(r.name for r in c.rooms if r.level == level)
            for level, label in (("special", "Special rooms"), ("I", "Basic rooms (I)"),
                                 ("II", "Additional rooms (II)")))
    elif key == "intruders" or title.startswith("Intruder: "):
        extra = _ld_intruder_facts(c, key)
    elif key == "css_token":
        extra = "\nTokens: " + ", ".join("+".join(t.launches) for t in c.css_tokens) + "."
    elif key == "exploration_token":
        mix = Counter[str]()
        for token in c.exploration:
            mix[token.effect] += token.count
        extra = (f"\nThe {sum(mix.values())} tokens: "
                 + ", ".join(f"{n} {effect}" for effect, n in mix.items()) + "."
                 + _surface_tokens())
    elif key == "contingency_token":
        extra = "\nTokens: " + ", ".join(f"{t.name} ×{t.count}" for t in c.contingencies) + "."
    elif key in ("combat_die", "advantage_die", "noise_die"):
        faces = {"combat_die": c.dice.combat, "advantage_die": c.dice.advantage,
                 "noise_die": c.dice.noise}[key]
        extra = "\nFaces: " + ", ".join(FACES.get(str(f), str(f)) for f in faces) + "."
    return Entry(key, title, text + extra)


def _surface_tokens() -> str:
    """The Mars side's surface exploration tokens, counted by what they draw."""
    from rules.lockdown.mars_board import mars_content

    words = {"red": "red item", "yellow": "yellow item", "green": "green item",
             "card": "Mars surface card", "malfunction": "malfunction", "none": "nothing"}
    mix = Counter[str]()
    for token in mars_content().tokens:
        then = "a noise marker" if token.then == "marker" else "a noise roll"
        mix[f"{words[token.draw]}, then {then}"] += token.count
    return (f"\n**Mars surface side:** {sum(mix.values())} surface tokens: "
            + "; ".join(f"{n}× {what}" for what, n in mix.items()) + ".")


FACES = {"miss": "miss", "creeper": "creeper", "adult": "adult", "hit": "hit",
         "hit2": "double hit", "pay_hit": "hit for a card", "hit_pay2": "hit (2 for a card)"}


def _ld_intruder_facts(c: LockdownContent, key: str) -> str:
    tokens = c.intruders.tokens
    if key == "intruders":
        bag = c.intruders.bag_start
        return ("\n**Bag at setup:** " + ", ".join(_count(n, kind) for kind, n in bag.items())
                + " (+1 adult per player). **Miniatures:** "
                + ", ".join(_count(n, kind) for kind, n in c.intruders.models) + ".")
    mine = [t for t in tokens if t.kind == key]
    if not mine:
        return ""
    numbers = ", ".join(f"{t.blue}/{t.red}" + (f" ×{t.count}" if t.count > 1 else "")
                        for t in mine)
    models = getattr(c.intruders.models, key, 0)
    return (f"\n*Tokens (surprise number lit/dark): {numbers} · in the bag at setup: "
            f"{c.intruders.bag_start.get(key, 0)}{' +1 per player' * (key == 'adult')}"
            + (f" · miniatures: {models}" if models else "") + "*")


def _count(n: int, kind: str) -> str:
    if n == 1:
        return f"1 {kind}"
    return f"{n} " + ("larvae" if kind == "larva" else kind + "s")


def _ld_room(r: RoomTile) -> Entry:
    return Entry(r.id, f"Room: {r.name}", room_text(r, LEVELS[r.level], "no room action"))


def room_text(r: Any, level: str, no_action: str) -> str:
    """A room tile's facts (its `level` as written, its search deck, a computer, the room
    action's cost or `no_action`), then its text; Lockdown's and the original's tiles."""
    search = COLOURS.get(r.color)
    return facts(level, f"search: {search}" if search else "cannot be searched",
                 "computer" if r.computer else "",
                 f"room action costs {r.action_cost}" if r.action_cost else no_action
                 ) + r.text.strip()


def item_text(i: Item) -> str:
    """An item's facts (its kind, what crafts it, its components, heavy, copies), then its
    text; the same item model in both Nemesis games."""
    parts = [ITEM_KINDS[i.color]]
    if i.requires:
        parts.append("crafted from " + " + ".join(i.requires))
    if i.provides:
        parts.append("components: " + ", ".join(i.provides))
    if i.heavy:
        parts.append("heavy (takes a hand)")
    if i.copies > 1:
        parts.append(f"{i.copies} copies")
    return facts(*parts) + i.text


def _ld_computer(card: ComputerCard) -> str:
    if card.lockdown:
        return facts("strikes as soon as it is revealed") + card.text
    return card.text + "\n" + "\n".join(f"• {a.label}" for a in card.actions)
