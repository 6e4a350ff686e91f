"""A seat's choices as one message: text that says what each choice does, plus buttons,
selects (with each option's description) and multi-selects for subset choices.

Custom ids (at most 100 characters) carry the game id, the state version the choices
were made at and a fingerprint of the legal list (see components.py):
``w:i:<stamp>:<index>`` a button, ``w:s:<stamp>:<part>`` a select whose value is an index
in the legal list, ``w:m:<stamp>:<n>`` the n-th multi-select, whose values are option
positions of that SubsetMenu.

A real client sends no interaction for a select closed with nothing chosen, so where
choosing no part is legal (keep your hand after passing, give nothing in a trade) that
choice is a button of its own under the multi-select, which then takes at least one."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.texts import MAX_CONTENT, clip, plain
from rules import Action, Choice, Menu, SubsetMenu

MAX_ROWS = 5
BUTTONS_UP_TO = 5  # more single choices than this go in a select with descriptions
SELECT_SIZE = 25
LABEL = 80  # button label
OPTION = 100  # select option label / value / description
PLACEHOLDER = 150


def fingerprint(actions: Sequence[Action]) -> str:
    """A short stable digest of a list of choices (the same after a restart)."""
    return f"{zlib.crc32(chr(31).join(a.key for a in actions).encode()):08x}"


def stamp(game_id: int, version: int, fp: str) -> str:
    return f"{game_id}:{version}:{fp}"


@dataclass
class ChoiceMessage:
    content: str
    view: discord.ui.View
    truncated: bool  # some choices did not fit: /move lists them all


def choice_message(game_id: int, version: int, legal: Sequence[Action], menu: Menu,
                   names: dict[str, str], question: str) -> ChoiceMessage:
    """`question` (the prompt) with the seat's choices as components."""
    view = discord.ui.View(timeout=None)
    st = stamp(game_id, version, fingerprint(legal))
    index = {id(a): i for i, a in enumerate(legal)}
    by_key = {a.key: i for i, a in enumerate(legal)}
    rows = 0
    notes: list[str] = []
    truncated = False
    shown = _shown_subsets(menu)
    empties: list[tuple[int, Choice]] = []  # the empty choices' buttons, under the selects
    for n, subset in enumerate(shown):
        parts = subset.parts[:SELECT_SIZE]
        truncated |= len(subset.parts) > SELECT_SIZE
        low = min(subset.min_size, len(parts))
        high = max(1, min(subset.max_size, len(parts)))
        empty = subset.by_parts.get(())
        if subset.empty is not None and empty is not None and empty.key in by_key:
            # a client sends nothing for a select closed empty: choosing nothing is this
            # button, and the select takes at least one part
            empties.append((by_key[empty.key], subset.empty))
            low = max(1, low)
        view.add_item(discord.ui.Select(
            custom_id=f"w:m:{st}:{n}", row=rows, min_values=low, max_values=high,
            placeholder=clip(_range_text(plain(subset.title, names), low, high), PLACEHOLDER),
            options=[discord.SelectOption(
                label=clip(plain(p.label, names), OPTION), value=str(i),
                description=clip(plain(p.detail, names), OPTION) or None)
                for i, p in enumerate(parts)]))
        rows += 1
        if subset.hint:
            # the title is left out when the question already says it
            title = plain(subset.title, names)
            hint = plain(subset.hint, names)
            colon = "" if title.endswith(("?", ".", "!", ":")) else ":"
            notes.append(f"*{hint}*" if title in plain(question, names)
                         else f"*{title}{colon}* {hint}")
    for i, choice in empties:
        view.add_item(discord.ui.Button(
            label=clip(plain(choice.label, names), LABEL), style=discord.ButtonStyle.primary,
            row=rows, custom_id=f"w:i:{st}:{i}"))
    rows += 1 if empties else 0
    truncated |= len(menu.subsets) > len(shown)
    singles = list(menu.singles)
    if singles and len(singles) <= BUTTONS_UP_TO and rows < MAX_ROWS:
        for action, choice in singles:
            view.add_item(discord.ui.Button(
                label=clip(plain(choice.label, names), LABEL),
                style=discord.ButtonStyle.primary, row=rows,
                custom_id=f"w:i:{st}:{index[id(action)]}"))
    elif singles:
        available = MAX_ROWS - rows
        truncated |= len(singles) > SELECT_SIZE * available
        for part in range(available):
            chunk = singles[part * SELECT_SIZE:(part + 1) * SELECT_SIZE]
            if not chunk:
                break
            first = part * SELECT_SIZE + 1
            view.add_item(discord.ui.Select(
                custom_id=f"w:s:{st}:{part}", row=rows,
                placeholder=clip(_chunk_text(first, len(chunk), len(singles)), PLACEHOLDER),
                options=[discord.SelectOption(
                    label=clip(plain(c.label, names), OPTION), value=str(index[id(a)]),
                    description=clip(plain(c.detail, names), OPTION) or None)
                    for a, c in chunk]))
            rows += 1
    # every choice's description in the message too (an option shows only its first 100
    # characters), once for all the choices that share it
    notes += _shared_lines([c for _, c in empties] + [c for _, c in singles], names)
    content = plain(question, names)
    if truncated:
        content += "\n(More choices than fit here: type `/move` to search them all.)"
    if notes:
        content = _fit(content, notes)
    return ChoiceMessage(content=content, view=view, truncated=truncated)


def _shown_subsets(menu: Menu) -> tuple[SubsetMenu, ...]:
    """The multi-selects that fit: one row each, a row for the buttons of their empty
    choices if any has one, and a row (at least) for the single choices."""
    room = MAX_ROWS - (1 if menu.singles else 0)
    shown = menu.subsets[:room]
    while shown and len(shown) + (1 if any(s.empty for s in shown) else 0) > room:
        shown = shown[:-1]
    return shown


def _shared_lines(choices: Sequence[Choice], names: dict[str, str]) -> list[str]:
    """One line per distinct description, naming every choice that has it ("• **Make A
    the commander**, **... B** — what the commander does"); no line when no choice has
    a description (the labels say it all)."""
    if not any(choice.detail for choice in choices):
        return []
    labels: dict[str, list[str]] = {}
    for choice in choices:
        labels.setdefault(choice.detail, []).append(f"**{plain(choice.label, names)}**")
    return [f"• {', '.join(named)}" + (f" — {plain(detail, names)}" if detail else "")
            for detail, named in labels.items()]


def _chunk_text(first: int, size: int, total: int) -> str:
    """A select's placeholder: "Choose one of 7", or the range it holds when the choices
    fill more than one select."""
    if size == total:
        return f"Choose one of {total}"
    return f"Choose one of {first}-{first + size - 1} (of {total})"


def _range_text(title: str, low: int, high: int) -> str:
    if low == high:
        return f"{title} (choose {low})"
    return f"{title} (choose {low} to {high})"


def _fit(head: str, notes: list[str]) -> str:
    """The question first, then as many notes as fit in one message."""
    out = head
    for i, note in enumerate(notes):
        tail = f"\n… ({len(notes) - i} more: `/rules <name>` explains each card)"
        if (len(out) + 1 + len(note) + len(tail) > MAX_CONTENT and i < len(notes) - 1) or \
                len(out) + 1 + len(note) > MAX_CONTENT:
            return out + tail if len(out) + len(tail) <= MAX_CONTENT else out
        out += "\n" + note
    return out
