"""`/rules` entries for Dark Moon's Shadow Corporation expansion, its two modules and
the ten variant rules: the rules topics (evacuation, clearance, take-off, amputation,
corporation dice, threats, wild tokens...), one entry per module and per variant, the
board pieces, and the threat cards by name. Card entries of the expansion's characters,
statuses, events and tasks are built with the core ones (kits/darkmoon/help.py). The
texts are data: expansion_help.toml beside this module.

Every number is read from the content (rules/darkmoon/content), the rulings from
rules/darkmoon/README.md; the sentences are our own."""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from rules.core.kit import HelpTopic
from rules.darkmoon.cards import Content


class _HelpFile(BaseModel):
    """expansion_help.toml: the rules topics, the variant rules and the board pieces."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    help: tuple[HelpTopic, ...]
    variant: tuple[HelpTopic, ...]
    board: tuple[HelpTopic, ...]


_FILE = _HelpFile.model_validate(tomllib.loads(
    (Path(__file__).parent / "expansion_help.toml").read_text(encoding="utf-8")))
# (key, title, text); {placeholders} in the topics' and board pieces' texts are filled
# from the content
_TOPICS = tuple((h.id, h.title, h.text) for h in _FILE.help)
_VARIANTS = tuple((h.id, h.title, h.text) for h in _FILE.variant)
_BOARD = tuple((h.id, h.title, h.text) for h in _FILE.board)


def _numbers(c: Content) -> dict[str, str]:
    x = c.expansion
    b = x.board
    faces = ", ".join(f"{f:+d}" if f else "0" for f in b.corporation_die)
    sizes = b.clearance_board
    return {
        "roll": str(b.corporation_roll), "roll_plus": str(b.corporation_roll + 1),
        "faces": faces, "spaces": str(b.evacuation_spaces),
        "board": f"{sizes[3]} / {sizes[4]} / {sizes[6]}",
        "new_tasks": str(len(x.silver.extra)), "evacuate": str(len(x.silver.evacuate)),
        "wild": str(c.modules.wild_tokens),
        "stock": ", ".join(f"{t.name} {t.tokens}" for t in c.modules.threats),
        "threat_names": ", ".join(f"**{t.name}**" for t in c.modules.threats),
    }


def expansion_entries(c: Content) -> list[tuple[str, str, str]]:
    """(key, title, text) of every expansion topic, module, variant, board piece and
    threat card."""
    n = _numbers(c)
    out = [(k, t, text.format(**n)) for k, t, text in _TOPICS]
    out += [(k, f"Variant: {name}", "Variant rule (lobby: Variants), with or without the "
             "expansion. " + text) for k, name, text in _VARIANTS]
    out += [(k, t, text.format(**n)) for k, t, text in _BOARD]
    out += [(t.id, f"Threat: {t.name}",
             f"*Threats module · {t.copies} card{'s' * (t.copies > 1)} · {t.tokens} "
             f"token{'s' * (t.tokens > 1)}*\n{t.text}") for t in c.modules.threats]
    return out


VARIANT_KEYS = tuple(k for k, _, _ in _VARIANTS)
TOPIC_KEYS = tuple(k for k, _, _ in _TOPICS + _BOARD)
