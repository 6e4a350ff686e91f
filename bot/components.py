"""Buttons and selects. Every custom_id carries the game id and, for moves, the state
version it was made for and a fingerprint of the choices it offers; the acting seat
always comes from the interaction's user.

A move button made at an older version still works when the clicking player's choices
are exactly the ones it was made for and they have not acted since (another player's
secret vote does not make everyone else's vote buttons out of date); otherwise the click
is refused as out of date."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.option_names import menu_chosen, menu_label, words
from bot.ports import Bot, bot_of
from bot.replies import guarded
from rules.core.kit import LobbyMenu as OptionMenu


def board_view(game_id: int) -> discord.ui.View:
    """The buttons under the current board."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="My choices", style=discord.ButtonStyle.success,
                                    custom_id=f"w:o:{game_id}"))
    view.add_item(discord.ui.Button(label="My hand", style=discord.ButtonStyle.secondary,
                                    custom_id=f"w:h:{game_id}"))
    return view


AUTO_ON_LABEL = "Let Warden answer for me"
AUTO_OFF_LABEL = "Ask me every time"


def sheet_view(game_id: int, auto_on: bool) -> discord.ui.View:
    """Under a private sheet whose game has decisions Warden may answer for the player:
    the button that turns that setting on or off."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(
        label=AUTO_OFF_LABEL if auto_on else AUTO_ON_LABEL,
        style=discord.ButtonStyle.secondary if auto_on else discord.ButtonStyle.primary,
        custom_id=f"w:a:{game_id}:{'off' if auto_on else 'on'}"))
    return view


def rematch_view(game_id: int) -> discord.ui.View:
    """Under a finished game's last board: a new lobby with the same players and options."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Rematch", style=discord.ButtonStyle.success,
                                    custom_id=f"w:r:{game_id}"))
    return view


COMEBACK_LABEL = "I'm back"


def comeback_view(game_id: int) -> discord.ui.View:
    """Under the private notice that Warden's crew plays a seat while its player is
    away: the button that gives the seat back."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=COMEBACK_LABEL, style=discord.ButtonStyle.success,
                                    custom_id=f"w:b:{game_id}"))
    return view


ADD_AI_LABEL = "Add AI player"
DROP_AI_LABEL = "Remove AI player"


def lobby_view(game_id: int, ruleset: str = "",
               options: dict[str, Any] | None = None) -> discord.ui.View:
    """Join / Leave / Start, the host's Add AI player / Remove AI player (the one added
    last), and the host's option menus of the game's kit (Dark Moon's
    "Expansion and modules" and "Variants", Lockdown's "Original Nemesis"), showing what
    is on."""
    view = discord.ui.View(timeout=None)
    for op, label, style in (("join", "Join", discord.ButtonStyle.success),
                             ("leave", "Leave", discord.ButtonStyle.secondary),
                             ("start", "Start", discord.ButtonStyle.primary),
                             ("addai", ADD_AI_LABEL, discord.ButtonStyle.secondary),
                             ("dropai", DROP_AI_LABEL, discord.ButtonStyle.secondary)):
        view.add_item(discord.ui.Button(label=label, style=style,
                                        custom_id=f"w:l:{game_id}:{op}"))
    for menu in words(ruleset).menus if ruleset else ():
        view.add_item(_lobby_menu(game_id, ruleset, menu, options or {}))
    return view


def _lobby_menu(game_id: int, ruleset: str, menu: OptionMenu,
                options: dict[str, Any]) -> discord.ui.Select[discord.ui.View]:
    lines = words(ruleset).menu_lines
    chosen = set(menu_chosen(options, menu.entries))
    return discord.ui.Select(
        custom_id=f"w:x:{game_id}:{menu.id}", placeholder=menu.placeholder, min_values=0,
        max_values=len(menu.entries),
        options=[discord.SelectOption(label=menu_label(ruleset, e), value=e,
                                      description=lines[e], default=e in chosen)
                 for e in menu.entries])


# Numbers are at most 9 digits (ids and versions stay far below; a forged longer number
# matches no template and gets the answer of `unknown_component`).
_N = r"\d{1,9}"
CHOICEBUTTON_ID = rf"w:i:(?P<game>{_N}):(?P<ver>{_N}):(?:(?P<fp>[0-9a-f]{{8}}):)?(?P<idx>{_N})"
CHOICESELECT_ID = rf"w:s:(?P<game>{_N}):(?P<ver>{_N}):(?:(?P<fp>[0-9a-f]{{8}}):)?(?P<part>{_N})"
SUBSETSELECT_ID = rf"w:m:(?P<game>{_N}):(?P<ver>{_N}):(?P<fp>[0-9a-f]{{8}}):(?P<n>{_N})"
OPENCHOICES_ID = rf"w:o:(?P<game>{_N})"
HANDBUTTON_ID = rf"w:h:(?P<game>{_N})"
LOBBYBUTTON_ID = rf"w:l:(?P<game>{_N}):(?P<op>join|leave|start|addai|dropai)"
REMATCH_ID = rf"w:r:(?P<game>{_N})"
LOBBYMENU_ID = rf"w:x:(?P<game>{_N}):(?P<menu>modules|variants|crossover)"
AUTOANSWER_ID = rf"w:a:(?P<game>{_N}):(?P<op>on|off)"
COMEBACK_ID = rf"w:b:(?P<game>{_N})"
BUTTON, SELECT = 2, 3  # Discord component types
TEMPLATES = {BUTTON: (CHOICEBUTTON_ID, OPENCHOICES_ID, HANDBUTTON_ID, LOBBYBUTTON_ID,
                      REMATCH_ID, AUTOANSWER_ID, COMEBACK_ID),
             SELECT: (CHOICESELECT_ID, SUBSETSELECT_ID, LOBBYMENU_ID)}


def known_component(custom_id: str, component_type: int) -> bool:
    """Whether a component is one of Warden's, of the kind its id says (anything else,
    a forged or an outdated one, is answered as no longer valid)."""
    return any(re.fullmatch(t, custom_id) for t in TEMPLATES.get(component_type, ()))


def _bot(interaction: discord.Interaction) -> Bot:
    return bot_of(interaction)


def _stamp(game: int, ver: int, fp: str | None) -> str:
    return f"{game}:{ver}:{fp}" if fp else f"{game}:{ver}"


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button], template=CHOICEBUTTON_ID):
    def __init__(self, game: int, ver: int, fp: str | None, idx: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:i:{_stamp(game, ver, fp)}:{idx}"))
        self.game, self.ver, self.fp, self.idx = game, ver, fp, idx

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoiceButton:
        return cls(int(match["game"]), int(match["ver"]), match["fp"], int(match["idx"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: _bot(interaction).moves.choose_index(
            interaction, self.game, self.ver, self.idx, self.fp))


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select], template=CHOICESELECT_ID):
    def __init__(self, game: int, ver: int, fp: str | None, part: int) -> None:
        super().__init__(discord.ui.Select(custom_id=f"w:s:{_stamp(game, ver, fp)}:{part}",
                                           options=[discord.SelectOption(label="-")]))
        self.game, self.ver, self.fp = game, ver, fp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["ver"]), match["fp"], int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        await guarded(interaction, lambda: _bot(interaction).moves.choose_index(
            interaction, self.game, self.ver, values[0] if values else -1, self.fp))


class SubsetSelect(discord.ui.DynamicItem[discord.ui.Select], template=SUBSETSELECT_ID):
    """A multi-select: the chosen option positions of the n-th subset choice."""

    def __init__(self, game: int, ver: int, fp: str, n: int) -> None:
        super().__init__(discord.ui.Select(custom_id=f"w:m:{_stamp(game, ver, fp)}:{n}",
                                           options=[discord.SelectOption(label="-")]))
        self.game, self.ver, self.fp, self.n = game, ver, fp, n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> SubsetSelect:
        return cls(int(match["game"]), int(match["ver"]), match["fp"], int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        await guarded(interaction, lambda: _bot(interaction).moves.choose_subset(
            interaction, self.game, self.ver, self.n, values, self.fp))


def _raw_values(interaction: discord.Interaction) -> list[str]:
    """What a select's interaction chose, as sent (nothing for any other interaction)."""
    raw = dict(interaction.data).get("values") if interaction.data is not None else None
    return [str(v) for v in raw] if isinstance(raw, list) else []


def _values(interaction: discord.Interaction) -> list[int]:
    """The chosen values of a select (positions; anything else is out of range)."""
    raw = _raw_values(interaction)
    return [int(v) if str(v).isdigit() and len(str(v)) < 6 else -1 for v in raw]


class OpenChoices(discord.ui.DynamicItem[discord.ui.Button], template=OPENCHOICES_ID):
    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:o:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OpenChoices:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction,
                      lambda: _bot(interaction).moves.show_choices(interaction, self.game))


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=HANDBUTTON_ID):
    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:h:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction,
                      lambda: _bot(interaction).moves.show_hand(interaction, self.game))


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=LOBBYBUTTON_ID):
    def __init__(self, game: int, op: str) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:l:{game}:{op}"))
        self.game, self.op = game, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction,
                      lambda: _bot(interaction).lobby.button(interaction, self.game, self.op))


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=REMATCH_ID):
    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:r:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction,
                      lambda: _bot(interaction).lobby.rematch(interaction, self.game))


class AutoAnswerButton(discord.ui.DynamicItem[discord.ui.Button], template=AUTOANSWER_ID):
    """The private sheet's setting: Warden answers the decisions without a real choice
    for this player (`on`), or asks them every time (`off`)."""

    def __init__(self, game: int, op: str) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:a:{game}:{op}"))
        self.game, self.on = game, op == "on"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> AutoAnswerButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: _bot(interaction).moves.set_auto_answer(
            interaction, self.game, self.on))


class ComebackButton(discord.ui.DynamicItem[discord.ui.Button], template=COMEBACK_ID):
    """The notice's button: the player whose seat the crew plays while they were away
    plays it again (the seat is the clicking user's; anyone else is refused)."""

    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"w:b:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ComebackButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction,
                      lambda: _bot(interaction).lobby.come_back(interaction, self.game))


class LobbyMenu(discord.ui.DynamicItem[discord.ui.Select], template=LOBBYMENU_ID):
    """A Dark Moon lobby's option menu: the host ticks the modules or variants on."""

    def __init__(self, game: int, menu: str) -> None:
        super().__init__(discord.ui.Select(custom_id=f"w:x:{game}:{menu}",
                                           options=[discord.SelectOption(label="-")]))
        self.game, self.menu = game, menu

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LobbyMenu:
        return cls(int(match["game"]), match["menu"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(v)[:40] for v in _raw_values(interaction)]
        await guarded(interaction, lambda: _bot(interaction).lobby.menu(
            interaction, self.game, self.menu, values))


DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, SubsetSelect, OpenChoices, HandButton,
                 LobbyButton, RematchButton, LobbyMenu, AutoAnswerButton, ComebackButton)
