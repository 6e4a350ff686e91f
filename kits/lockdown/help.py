"""Lockdown's `/rules` entries, built from its content files: the help topics
(rules/lockdown/content/help.toml) with the lists the content decides, and every room,
item, character and action card, computer card, intruder card, wound, weakness,
objective, contingency and Mars surface card by name, with the facts the content holds
(deck colour, components, knowledge needed...) added to the card's own text."""

from __future__ import annotations

from collections import Counter

from kits.nemesis.help import LEVELS, RETREAT, count_of, item_text, room_text
from rules.core.kit import HelpEntry, facts
from rules.lockdown.cards import ComputerCard, RoomTile, content, index
from rules.lockdown.cards import Content as LockdownContent
from rules.lockdown.mars_board import mars_content
from rules.nemesis.action_words import cost_tag
from rules.nemesis.library import species


def entries() -> list[HelpEntry]:
    """Every entry of Lockdown, help topics first."""
    return lockdown_entries(content())


def lockdown_entries(c: LockdownContent) -> list[HelpEntry]:
    out = [_ld_topic(c, h.id, h.title, h.text.strip()) for h in c.help]
    out += [_ld_room(r) for r in c.rooms]
    out += [HelpEntry(i.id, f"Item: {i.name}", item_text(i)) for i in c.items]
    items = {i.id: i.name for i in c.items}
    for ch in c.characters:
        group = ("Nemesis survivor: starts in the isolation room with 3 knowledge"
                 if ch.group == "survivor" else
                 "facility worker: starts in the repository with 1 knowledge")
        start = items.get(ch.starting_item or "", "no starting item")
        out.append(HelpEntry(ch.id, f"Character: {ch.name}",
                         facts(group, f"starting item: {start}",
                                f"quest item: {items.get(ch.quest.item, ch.quest.item)}")
                         + f"{ch.text}\n**Quest:** {ch.quest.text}"))
        out += [HelpEntry(card.id, f"Action card: {card.name} ({ch.name})",
                      facts(f"{ch.name}'s deck", cost_tag(card.cost, card=True),
                             {"in": "in combat only", "out": "out of combat only"}
                             .get(card.combat, ""), "interrupt" if card.interrupt else "")
                      + card.text) for card in ch.deck]
    out += _crossover()
    out += [HelpEntry(card.id, f"Computer card: {card.name}", _ld_computer(card))
            for card in c.computer]
    out += [HelpEntry(e.id, f"Intruder event: {e.name}", e.text) for e in c.events]
    out += [HelpEntry(a.id, f"Intruder attack: {a.name}",
                  facts("lands for: " + ", ".join(a.hits), f"blood {a.blood}",
                         RETREAT if a.retreat else "") + a.text) for a in c.attacks]
    out += [HelpEntry(w.id, f"Serious wound: {w.name}", w.text) for w in c.serious_wounds]
    out += [HelpEntry(w.id, f"Weakness: {w.name}",
                  facts(f"helps characters with {w.knowledge}+ knowledge") + w.text)
            for w in c.weaknesses]
    out += [HelpEntry(o.id, f"Objective: {o.name}",
                  facts(f"{o.deck} objective",
                         f"used with {o.min_players}+ players" if o.min_players > 1 else "")
                  + o.text) for o in c.objectives]
    out += [HelpEntry(o.id, f"Objective: {o.name}",
                  facts("solo/coop objective (public)",
                         f"used with {o.min_players}+ players" if o.min_players > 1 else "")
                  + o.text) for o in c.coop_objectives]
    out += [HelpEntry(t.id, f"Contingency: {t.name}", facts(f"{t.count} in the game") + t.text)
            for t in c.contingencies]
    return out + _mars_cards()


def _crossover() -> list[HelpEntry]:
    """The original Nemesis characters, attack and weakness cards that Lockdown's
    crossover options bring in (LD-XOVER-1)."""
    idx = index()
    option = "with the Original Nemesis characters option"
    out = []
    own_cards = {card for ch in idx.characters.values() if ch.id not in idx.draft_card
                 for card in (x.id for x in ch.deck)}
    for cid, card_id in idx.draft_card.items():
        ch = idx.characters[cid]
        draft = idx.characters[card_id]
        quest = idx.items[ch.quest.item].name
        out.append(HelpEntry(ch.id, f"Character: {ch.name}", facts(
            f"original Nemesis character, {option}", f"drafted with the {draft.name}'s card",
            "Nemesis survivor: starts in the isolation room with 3 knowledge",
            "no starting item", f"quest item: {quest}",
            f"plays the {draft.name}'s action deck" if ch.deck == draft.deck else "")
            + f"{ch.text}\n**Quest:** "
            f"{ch.quest.text}"))
        out += [HelpEntry(card.id, f"Action card: {card.name} ({ch.name})",
                      facts(f"{ch.name}'s deck ({option})", cost_tag(card.cost, card=True),
                             {"in": "in combat only", "out": "out of combat only"}
                             .get(card.combat, ""), "interrupt" if card.interrupt else "")
                      + card.text) for card in ch.deck if card.id not in own_cards]
    option = "with the Original Nemesis intruders option"
    out += [HelpEntry(a.id, f"Intruder attack: {a.name}",
                  facts(f"original intruders ({option})", "lands for: " + ", ".join(a.hits),
                         f"blood {a.blood}", RETREAT if a.retreat else "") + a.text)
            for a in species().attacks]
    removed = set(idx.crossover_removed)
    out += [HelpEntry(w.id, f"Weakness: {w.name}",
                  facts(f"original intruders ({option})", "helps every character")
                  + w.text) for w in species().weaknesses if w.id not in removed]
    return out


def _mars_cards() -> list[HelpEntry]:
    """The Mars surface deck (the board's other side)."""
    hits = {"drawer": "out in the open it hits the character who drew it",
            "surface": "out in the open it hits every character on a crossroads without "
                       "an Enviro-Suit"}
    return [HelpEntry(card.id, f"Mars surface card: {card.name}",
                  facts("Mars surface deck", hits[card.exposed])
                  + f"**Out in the open:** {card.upper_text}\n"
                    f"**Sheltered** (in a building or in an Enviro-Suit, the drawer only): "
                    f"{card.lower_text}") for card in mars_content().cards]


def _ld_topic(c: LockdownContent, key: str, title: str, text: str) -> HelpEntry:
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
    return HelpEntry(key, title, text + extra)


def _surface_tokens() -> str:
    """The Mars side's surface exploration tokens, counted by what they draw."""
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
        return ("\n**Bag at setup:** " + ", ".join(count_of(n, kind) for kind, n in bag.items())
                + " (+1 adult per player). **Miniatures:** "
                + ", ".join(count_of(n, kind) for kind, n in c.intruders.models) + ".")
    mine = [t for t in tokens if t.kind == key]
    if not mine:
        return ""
    numbers = ", ".join(f"{t.blue}/{t.red}" + (f" ×{t.count}" if t.count > 1 else "")
                        for t in mine)
    models = getattr(c.intruders.models, key, 0)
    return (f"\n*Tokens (surprise number lit/dark): {numbers} · in the bag at setup: "
            f"{c.intruders.bag_start.get(key, 0)}{' +1 per player' * (key == 'adult')}"
            + (f" · miniatures: {models}" if models else "") + "*")


def _ld_room(r: RoomTile) -> HelpEntry:
    return HelpEntry(r.id, f"Room: {r.name}", room_text(r, LEVELS[r.level], "no room action"))


def _ld_computer(card: ComputerCard) -> str:
    if card.lockdown:
        return facts("strikes as soon as it is revealed") + card.text
    return card.text + "\n" + "\n".join(f"• {a.label}" for a in card.actions)
