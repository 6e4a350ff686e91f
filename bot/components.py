"""Buttons and selects. Every custom_id carries the game id and, for moves, the state
version it was made for; the acting seat always comes from the interaction's user."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.texts import clip, plain

if TYPE_CHECKING:
    from bot.app import WardenBot

MAX_BUTTONS = 20
MAX_SELECTS = 4


def choice_view(game_id: int, version: int, labels: list[str], names: dict[str, str]
                ) -> tuple[discord.ui.View, bool]:
    """Buttons (few choices) or selects (many) for a seat's legal actions; the bool
    says whether some choices did not fit (then /move lists them all)."""
    view = discord.ui.View(timeout=None)
    if len(labels) <= MAX_BUTTONS:
        for i, label in enumerate(labels):
            view.add_item(discord.ui.Button(
                label=clip(plain(label, names), 80), style=discord.ButtonStyle.primary,
                custom_id=f"w:i:{game_id}:{version}:{i}", row=i // 5))
        return view, False
    for part in range(MAX_SELECTS):
        chunk = list(enumerate(labels))[part * 25:(part + 1) * 25]
        if not chunk:
            break
        view.add_item(discord.ui.Select(
            custom_id=f"w:s:{game_id}:{version}:{part}",
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


CHOICEBUTTON_ID = r"w:i:(?P<game>\d+):(?P<ver>\d+):(?P<idx>\d+)"
CHOICESELECT_ID = r"w:s:(?P<game>\d+):(?P<ver>\d+):(?P<part>\d+)"
OPENCHOICES_ID = r"w:o:(?P<game>\d+)"
HANDBUTTON_ID = r"w:h:(?P<game>\d+)"
LOBBYBUTTON_ID = r"w:l:(?P<game>\d+):(?P<op>join|leave|start)"


def _bot(interaction: discord.Interaction) -> WardenBot:
    return interaction.client  # type: ignore[return-value]


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button], template=CHOICEBUTTON_ID):  # type: ignore[type-arg]
    def __init__(self, game: int, ver: int, idx: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:i:{game}:{ver}:{idx}"))
        self.game, self.ver, self.idx = game, ver, idx

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoiceButton:
        return cls(int(match["game"]), int(match["ver"]), int(match["idx"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).moves.choose_index(interaction, self.game, self.ver, self.idx)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select], template=CHOICESELECT_ID):  # type: ignore[type-arg]
    def __init__(self, game: int, ver: int, part: int) -> None:
        super().__init__(discord.ui.Select(custom_id=f"w:s:{game}:{ver}:{part}",
                                           options=[discord.SelectOption(label="-")]))
        self.game, self.ver = game, ver

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["ver"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or ["-1"]  # type: ignore[union-attr]
        await _bot(interaction).moves.choose_index(interaction, self.game, self.ver,
                                                   int(values[0]))


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
