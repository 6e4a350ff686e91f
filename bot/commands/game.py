"""/game: open, join, leave and start a lobby; end the game, remove a player, set the
turn timer, show the table again.

The ruleset choices of /game new are the registered rulesets, each named with its title
and player range; a Literal option offers the values its game's Options model accepts."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Literal, get_args, get_origin

import discord
from discord import app_commands
from pydantic import BaseModel

from bot.absence import DEFAULT_IDLE_AFTER, IDLE_AFTER, MOST_IDLE_AFTER
from bot.components import lobby_view
from bot.games import Tables, UserError
from bot.lobby import lobby_text
from bot.option_names import (
    TIMEOUT_CHOICES,
    TIMEOUT_MOVE,
    choice_name,
    timeout_move,
    timer_text,
)
from bot.ports import bot_of
from bot.replies import Reply, refuse
from bot.storage import GameRecord
from bot.table_parts import BOARD_FAILED
from bot.texts import clip
from rules import get_kit, get_ruleset, list_kits, list_rulesets
from rules.core.kit import GameKit

HostOp = Callable[[Tables, str, str, bool], Awaitable[GameRecord]]
WHEN_SILENT = "When the turn timer runs out for a silent player: an AI player moves for " \
    "them (the default) or they pass"
IDLE_AFTER_TEXT = ("After how many timeouts in a row Warden's crew plays a silent player's "
                   f"seat until they return (default {DEFAULT_IDLE_AFTER}; 0 = never)")
TIMEOUT_OFFERED = [app_commands.Choice(name=name, value=value)
                   for value, name in TIMEOUT_CHOICES.items()]


def ruleset_choices() -> list[app_commands.Choice[str]]:
    """Every registered ruleset, as `/game new` offers it: "Title (3-7 players)"."""
    choices = []
    for name in list_rulesets():
        rs = get_ruleset(name)
        choices.append(app_commands.Choice(
            name=clip(f"{rs.title} ({rs.min_players}-{rs.max_players} players)", 100),
            value=name))
    return choices


def option_kit(key: str) -> GameKit[BaseModel] | None:
    """The game whose kit takes `key` as a `/game new` parameter (None: no game does)."""
    return next((kit for kit in map(get_kit, list_kits()) if key in kit.options.new_game),
                None)


def option_description(key: str) -> str:
    """A game's `/game new` parameter described as its kit words it ("Dark Moon: task
    deck override")."""
    kit = option_kit(key)
    return clip(f"{kit.short_title}: {kit.options.new_game[key]}", 100) if kit else key


def option_choices(key: str) -> list[app_commands.Choice[str]]:
    """The `/game new` choices of a Literal option: every value its game's Options model
    accepts now, read when the commands are declared (a value the engine gains appears
    by itself); none for a free-text option."""
    kit = option_kit(key)
    field = kit.ruleset.Options.model_fields.get(key) if kit else None
    if kit is None or field is None or get_origin(field.annotation) is not Literal:
        return []
    values: tuple[object, ...] = get_args(field.annotation)
    return [app_commands.Choice(name=clip(choice_name(kit.name, key, v), 100), value=str(v))
            for v in values]


async def as_host(interaction: discord.Interaction, op: HostOp) -> GameRecord | None:
    """Run a host-or-moderator operation on the channel's game under its lock:
    op(tables, channel id, user id, has Manage Channels); None once refused."""
    bot = bot_of(interaction)
    channel = str(interaction.channel_id)
    async with bot.tables.lock(channel):
        try:
            return await op(bot.tables, channel, str(interaction.user.id),
                            interaction.permissions.manage_channels)
        except UserError as exc:
            await refuse(interaction, str(exc))
            return None


class GameCommands(app_commands.Group, name="game",
                   description="Open, join, start or end a game", guild_only=True):
    """/game: the lobby and the table's housekeeping."""

    @app_commands.command(name="new", description="Open a game lobby in this channel")
    # one parameter per option a game's kit takes here (`OptionWords.new_game`; a test
    # holds the two lists equal), described and offered as that kit words them
    @app_commands.describe(ruleset="Which game", final_event=option_description("final_event"),
                           task_deck=option_description("task_deck"),
                           turn_timer="Minutes before a silent player's move is made for "
                           "them (0 = no timer)", mode=option_description("mode"),
                           board=option_description("board"), when_time_runs_out=WHEN_SILENT,
                           idle_after=IDLE_AFTER_TEXT)
    @app_commands.choices(
        ruleset=ruleset_choices(), task_deck=option_choices("task_deck"),
        mode=option_choices("mode"), board=option_choices("board"),
        when_time_runs_out=TIMEOUT_OFFERED)
    async def game_new(self, interaction: discord.Interaction, ruleset: str,
                       final_event: str | None = None, task_deck: str | None = None,
                       mode: str | None = None, board: str | None = None,
                       turn_timer: app_commands.Range[int, 0, 1440] = 0,
                       when_time_runs_out: str | None = None,
                       idle_after: app_commands.Range[int, 0, MOST_IDLE_AFTER] | None = None
                       ) -> None:
        bot = bot_of(interaction)
        bot.moves.remember(interaction)
        asked: dict[str, str | int | None] = {
            "final_event": final_event or None, "task_deck": task_deck, "mode": mode,
            "board": board}
        try:
            fields = bot.tables.ruleset_named(ruleset).Options.model_fields
        except UserError as exc:
            await refuse(interaction, str(exc))
            return
        for key, value in asked.items():
            owner = option_kit(key)
            if value is not None and key not in fields and owner is not None:
                await refuse(interaction, f"The option {key} is for {owner.title} only.")
                return
        asked["turn_timeout_minutes"] = turn_timer
        options = {k: v for k, v in asked.items() if k in fields and v is not None}
        if "turn_timeout_minutes" in fields:  # what the timer does for a silent player
            options[TIMEOUT_MOVE] = timeout_move({TIMEOUT_MOVE: when_time_runs_out})
        if idle_after is not None:
            options[IDLE_AFTER] = idle_after
        try:
            record = await bot.tables.open_lobby(
                str(interaction.guild_id), str(interaction.channel_id), ruleset,
                str(interaction.user.id), options)
        except UserError as exc:
            await refuse(interaction, str(exc))
            return
        message_id = await Reply.of(interaction).post(
            lobby_text(bot, record), lobby_view(record.id, record.ruleset, record.options))
        await bot.storage.set_message_ids(record.id, lobby=message_id)

    @game_new.autocomplete("final_event")
    async def final_event_choices(self, interaction: discord.Interaction, current: str
                                  ) -> list[app_commands.Choice[str]]:
        kit = option_kit("final_event")
        suggest = kit.options.suggestions.get("final_event") if kit else None
        return [app_commands.Choice(name=clip(name, 100), value=value)
                for name, value in (suggest() if suggest else ())
                if current.lower() in name.lower()][:25]

    @app_commands.command(name="join", description="Take a seat in this channel's lobby")
    async def game_join(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).lobby.run(interaction, "join")

    @app_commands.command(name="leave", description="Leave this channel's lobby (or its "
                          "game: an AI player takes your seat)")
    async def game_leave(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).lobby.run(interaction, "leave")

    @app_commands.command(name="start", description="Start the game (host only)")
    async def game_start(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).lobby.run(interaction, "start")

    @app_commands.command(name="end",
                          description="End this channel's game (host or Manage Channels)")
    async def game_end(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        record = await as_host(interaction, lambda t, c, u, m: t.end(c, u, m))
        if record is None:
            return
        bot.timers.cancel(record.id)
        if record.state is not None:  # the board closes and every secret is revealed
            bot.publisher.closed(record, bot.tables.state_of(record))
        # the one public line saying who ended it
        await Reply.of(interaction).send(f"The game was ended by <@{interaction.user.id}>.",
                                         public=True)

    @app_commands.command(name="kick",
                          description="Remove a player (host or Manage Channels)")
    @app_commands.describe(player="In a lobby: frees their seat. In a running game: "
                           "Warden's crew (an AI player) plays their seat from now on")
    async def game_kick(self, interaction: discord.Interaction, player: discord.User
                        ) -> None:
        bot = bot_of(interaction)
        record = await as_host(interaction,
                               lambda t, c, u, m: t.kick(c, u, m, str(player.id)))
        if record is None:
            return
        if record.status == "lobby":
            await bot.lobby.refresh(interaction, record)
            return
        await bot.lobby.handed_over(
            interaction, record, f"<@{interaction.user.id}> removed <@{player.id}> from the "
            "game.", str(player.id))

    @app_commands.command(name="return", description="Play your seat again after Warden's "
                          "crew played it while you were away")
    async def game_return(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).lobby.come_back(interaction, None)

    @app_commands.command(name="timer",
                          description="Set the turn timer (host or Manage Channels)")
    @app_commands.describe(minutes="Minutes before a silent player's move is made for them "
                           "(0 = no timer)", when_time_runs_out=WHEN_SILENT,
                           idle_after=IDLE_AFTER_TEXT)
    @app_commands.choices(when_time_runs_out=TIMEOUT_OFFERED)
    async def game_timer(self, interaction: discord.Interaction,
                         minutes: app_commands.Range[int, 0, 1440],
                         when_time_runs_out: str | None = None,
                         idle_after: app_commands.Range[int, 0, MOST_IDLE_AFTER] | None = None
                         ) -> None:
        bot = bot_of(interaction)
        record = await as_host(interaction, lambda t, c, u, m: t.set_timer(
            c, u, m, minutes, when_time_runs_out, idle_after))
        if record is None:
            return
        bot.timers.schedule(record)  # the pending decision gets the new time from now
        text = f"turn timer {timer_text(record.options)}" if minutes else "turn timer off"
        await Reply.of(interaction).send(f"<@{interaction.user.id}>: {text}.", public=True)

    @app_commands.command(name="status", description="Show the board and whose turn it is")
    async def game_status(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        try:
            record = await bot.tables.channel_game(str(interaction.channel_id))
        except UserError as exc:
            await refuse(interaction, str(exc))
            return
        reply = Reply.of(interaction)
        if record.status == "lobby":
            await reply.send(lobby_text(bot, record))
            return
        state = bot.tables.state_of(record)
        if str(interaction.user.id) not in record.seats:
            # a spectator gets the board privately: no public board spam
            file = await bot.publisher.board_file(record, state)
            status = bot.publisher.status_text(record, state)
            await reply.send(clip(status if file else f"{status}\n{BOARD_FAILED}", 2000),
                             file=file)
            return
        await reply.send(await bot.publisher.show_again(record, state))
