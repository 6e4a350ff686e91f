"""Buttons and selects. Every custom_id carries the game id and, for moves, the state
version it was made for and a fingerprint of the choices it offers; the acting seat
always comes from the interaction's user.

A move button made at an older version still works when the clicking player's choices
are exactly the ones it was made for and they have not acted since (another player's
secret vote does not make everyone else's vote buttons out of date); otherwise the click
is refused as out of date."""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.texts import clip, plain
from rules import Action

if TYPE_CHECKING:
    from bot.app import WardenBot

MAX_BUTTONS = 20
MAX_SELECTS = 4


def fingerprint(actions: Sequence[Action]) -> str:
    """A short stable digest of a list of choices (the same after a restart)."""
    return f"{zlib.crc32(chr(31).join(a.key for a in actions).encode()):08x}"


def choice_view(game_id: int, version: int, actions: Sequence[Action], names: dict[str, str]
                ) -> tuple[discord.ui.View, bool]:
    """Buttons (few choices) or selects (many) for a seat's legal actions; the bool
    says whether some choices did not fit (then /move lists them all)."""
    view = discord.ui.View(timeout=None)
    labels = [a.label for a in actions]
    stamp = _stamp(game_id, version, fingerprint(actions))
    if len(labels) <= MAX_BUTTONS:
        for i, label in enumerate(labels):
            view.add_item(discord.ui.Button(
                label=clip(plain(label, names), 80), style=discord.ButtonStyle.primary,
                custom_id=f"w:i:{stamp}:{i}", row=i // 5))
        return view, False
    for part in range(MAX_SELECTS):
        chunk = list(enumerate(labels))[part * 25:(part + 1) * 25]
        if not chunk:
            break
        view.add_item(discord.ui.Select(
            custom_id=f"w:s:{stamp}:{part}",
            placeholder=f"Choices {part * 25 + 1}-{part * 25 + len(chunk)}",
            options=[discord.SelectOption(label=clip(plain(label, names), 100), value=str(i))
                     for i, label in chunk], row=part))
    return view, len(labels) > 25 * MAX_SELECTS


def table_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="My choices", style=discord.ButtonStyle.success,
                                    custom_id=f"w:o:{game_id}"))
    view.add_item(discord.ui.Button(label="My hand", style=discord.ButtonStyle.secondary,
                                    custom_id=f"w:h:{game_id}"))
    return view


def lobby_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op, style in (("join", discord.ButtonStyle.success),
                      ("leave", discord.ButtonStyle.secondary),
                      ("start", discord.ButtonStyle.primary)):
        view.add_item(discord.ui.Button(label=op.capitalize(), style=style,
                                        custom_id=f"w:l:{game_id}:{op}"))
    return view


CHOICEBUTTON_ID = r"w:i:(?P<game>\d+):(?P<ver>\d+):(?:(?P<fp>[0-9a-f]{8}):)?(?P<idx>\d+)"
CHOICESELECT_ID = r"w:s:(?P<game>\d+):(?P<ver>\d+):(?:(?P<fp>[0-9a-f]{8}):)?(?P<part>\d+)"
OPENCHOICES_ID = r"w:o:(?P<game>\d+)"
HANDBUTTON_ID = r"w:h:(?P<game>\d+)"
LOBBYBUTTON_ID = r"w:l:(?P<game>\d+):(?P<op>join|leave|start)"


def _bot(interaction: discord.Interaction) -> WardenBot:
    return interaction.client  # type: ignore[return-value]


def _stamp(game: int, ver: int, fp: str | None) -> str:
    return f"{game}:{ver}:{fp}" if fp else f"{game}:{ver}"


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button], template=CHOICEBUTTON_ID):  # type: ignore[type-arg]
    def __init__(self, game: int, ver: int, fp: str | None, idx: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:i:{_stamp(game, ver, fp)}:{idx}"))
        self.game, self.ver, self.fp, self.idx = game, ver, fp, idx

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoiceButton:
        return cls(int(match["game"]), int(match["ver"]), match["fp"], int(match["idx"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).moves.choose_index(interaction, self.game, self.ver, self.idx,
                                                   self.fp)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select], template=CHOICESELECT_ID):  # type: ignore[type-arg]
    def __init__(self, game: int, ver: int, fp: str | None, part: int) -> None:
        super().__init__(discord.ui.Select(custom_id=f"w:s:{_stamp(game, ver, fp)}:{part}",
                                           options=[discord.SelectOption(label="-")]))
        self.game, self.ver, self.fp = game, ver, fp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["ver"]), match["fp"], int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or ["-1"]  # type: ignore[union-attr]
        await _bot(interaction).moves.choose_index(interaction, self.game, self.ver,
                                                   int(values[0]), self.fp)


class OpenChoices(discord.ui.DynamicItem[discord.ui.Button], template=OPENCHOICES_ID):  # type: ignore[type-arg]
    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:o:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OpenChoices:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).moves.show_choices(interaction, self.game)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=HANDBUTTON_ID):  # type: ignore[type-arg]
    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:h:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).moves.show_hand(interaction, self.game)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=LOBBYBUTTON_ID):  # type: ignore[type-arg]
    def __init__(self, game: int, op: str) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:l:{game}:{op}"))
        self.game, self.op = game, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).lobby.button(interaction, self.game, self.op)


DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, OpenChoices, HandButton, LobbyButton)
