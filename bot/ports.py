"""What the bot's parts need of one another, as Protocols: the layer under them.

The desks (moves, lobby, publisher, feeds, timers, relay) and the slash commands reach
each other through the client object that bot/app.py builds. They describe it here by
what they call on it, so none imports bot.app (the top, which wires everything) and the
desks do not import each other to be typed:

    ports (this module)  <-  feed, publish, moves, lobby, timers, relay, commands  <-  app

`WardenBot` satisfies `Bot`; `Publisher`, `MoveDesk`, `LobbyDesk`, `Timers`, `MoveRelay`
and `GameFeed` satisfy the Protocol of the same role. The commands and buttons get the
client from an interaction, where discord.py types it as a plain Client: `bot_of`.
"""

from __future__ import annotations

from typing import Protocol, cast

import discord
from pydantic import BaseModel

from bot.choices import ChoiceMessage
from bot.games import MoveResult, Tables, Why
from bot.position import Position, Seen
from bot.settings import Settings
from bot.shards import ShardPlan
from bot.storage import GameHead, GameRecord, GameStore
from bot.table_parts import BoardImage
from rules import Action, Ruleset


class SheetFeed(Protocol):
    """What the move desk needs of a game's feed (bot.feed.GameFeed): the DMs it tracks."""

    def track(self, record: GameRecord, state: Position, seat: str, message: discord.Message,
              ids: list[str], content: str | None = None) -> None: ...

    def answered_in(self, seat: str, message_id: int) -> None: ...

    async def sheet_shown(self, record: GameRecord, seat: str, channel_id: int | str,
                          message_id: int | str, text: str) -> None: ...

    async def dm(self, record: GameRecord, seat: str, text: str,
                 view: discord.ui.View | None = None) -> bool: ...


class Forgets(Protocol):
    """A mapping an entry leaves by `pop(key, None)` (the publisher's feeds by game)."""

    def pop(self, key: int, default: None, /) -> object: ...


class Publishing(Protocol):
    """What the other parts need of the publisher (bot.publish.Publisher)."""

    dm_failed: set[tuple[int, str]]
    failed: dict[int, set[str]]

    @property
    def feeds(self) -> Forgets: ...

    def names(self, record: GameRecord) -> dict[str, str]: ...

    async def keep_names(self, record: GameRecord) -> None: ...

    def ruleset(self, record: GameRecord) -> Ruleset: ...

    def at(self, record: GameRecord, state: Seen) -> Position: ...

    def status_text(self, record: GameRecord, state: Seen) -> str: ...

    async def board_image(self, record: GameRecord, state: Seen,
                          shown: BoardImage | None = None) -> BoardImage | None: ...

    async def board_file(self, record: GameRecord, state: Seen) -> discord.File | None: ...

    def sheet_parts(self, record: GameRecord, state: Seen, seat: str) -> list[str]: ...

    def private_text(self, record: GameRecord, state: Seen, seat: str) -> str: ...

    def sheet_view(self, record: GameRecord, seat: str) -> discord.ui.View | None: ...

    def choices(self, record: GameRecord, state: Seen, seat: str, question: str
                ) -> ChoiceMessage: ...

    def ping_text(self, record: GameRecord, state: Seen, seats: set[str]) -> str: ...

    def secret_prompt(self, record: GameRecord, state: Seen, seat: str
                      ) -> tuple[str, discord.ui.View] | None: ...

    def feed(self, game_id: int) -> SheetFeed: ...

    def moved(self, result: MoveResult, *, by_player: bool) -> None: ...

    def started(self, record: GameRecord, state: Seen, lines: list[str]) -> None: ...

    def note(self, record: GameRecord, line: str, state: Seen | None = None) -> None: ...

    def went_idle(self, record: GameRecord, seat: str, text: str) -> None: ...

    def came_back(self, record: GameRecord, state: Seen, seat: str, line: str) -> None: ...

    def closed(self, record: GameRecord, state: Seen) -> None: ...

    async def show_again(self, record: GameRecord, state: Seen) -> str: ...


class Moving(Protocol):
    """What the other parts need of the move desk (bot.moves.MoveDesk)."""

    def remember(self, interaction: discord.Interaction) -> None: ...

    async def game_for(self, interaction: discord.Interaction) -> GameRecord: ...

    async def choose_index(self, interaction: discord.Interaction, game_id: int,
                           version: int, index: int, stamp: str | None = None) -> None: ...

    async def choose_subset(self, interaction: discord.Interaction, game_id: int,
                            version: int, n: int, positions: list[int],
                            stamp: str | None = None) -> None: ...

    async def submit(self, interaction: discord.Interaction, record: GameRecord, seat: str,
                     key: str, version: int | None = None) -> MoveResult | None: ...

    async def play_for(self, game_id: int, seat: str, version: int, stamp: str, *,
                       why: Why = "timeout", action: Action | None = None
                       ) -> MoveResult | None: ...

    async def set_auto_answer(self, interaction: discord.Interaction, game_id: int,
                              on: bool) -> None: ...

    async def show_choices(self, interaction: discord.Interaction, game_id: int) -> None: ...

    def nothing_to_do(self, record: GameRecord, state: BaseModel, seat: str) -> str: ...

    async def show_hand(self, interaction: discord.Interaction, game_id: int | None
                        ) -> None: ...


class Lobbying(Protocol):
    """What the other parts need of the lobby desk (bot.lobby.LobbyDesk)."""

    async def button(self, interaction: discord.Interaction, game_id: int, op: str
                     ) -> None: ...

    async def run(self, interaction: discord.Interaction, op: str) -> None: ...

    async def refresh(self, interaction: discord.Interaction, record: GameRecord
                      ) -> None: ...

    async def handed_over(self, interaction: discord.Interaction, record: GameRecord,
                          said: str, seat: str) -> None: ...

    async def come_back(self, interaction: discord.Interaction, game_id: int | None
                        ) -> None: ...

    async def menu(self, interaction: discord.Interaction, game_id: int, menu: str,
                   values: list[str]) -> None: ...

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...


class Timing(Protocol):
    """What the other parts need of the turn timers (bot.timers.Timers)."""

    def schedule(self, record: GameHead, *, resume: bool = False) -> None: ...

    def cancel(self, game_id: int) -> None: ...


class Relaying(Protocol):
    """What the other parts need of the move relay between processes (bot.relay)."""

    def owns(self, record: GameHead) -> bool: ...

    async def moved(self, result: MoveResult, *, by_player: bool) -> None: ...


class Bot(Protocol):
    """The client as its parts see it (bot.app.WardenBot): its desks, the stored games,
    the settings, and the two Discord calls they make directly."""

    names: dict[str, str]  # user id -> display name, as seen in this run

    @property
    def settings(self) -> Settings: ...

    @property
    def shard_plan(self) -> ShardPlan: ...

    @property
    def storage(self) -> GameStore: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def publisher(self) -> Publishing: ...

    @property
    def moves(self) -> Moving: ...

    @property
    def lobby(self) -> Lobbying: ...

    @property
    def timers(self) -> Timing: ...

    @property
    def relay(self) -> Relaying: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None
                                ) -> discord.PartialMessageable: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...


def bot_of(interaction: discord.Interaction) -> Bot:
    """The Warden client an interaction came to. discord.py types `interaction.client`
    as any Client; Warden's interactions only ever come to the one bot.app builds."""
    return cast(Bot, interaction.client)
