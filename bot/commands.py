"""Slash commands: /game (lobby), /move, /vote, /choices, /hand, /rules."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.components import lobby_view
from bot.games import Tables, UserError
from bot.lobby import lobby_text
from bot.moves import refuse
from bot.storage import GameRecord
from bot.texts import clip, plain
from rules import list_rulesets
from rules.darkmoon.cards import content as darkmoon_content

if TYPE_CHECKING:
    from bot.app import WardenBot


def _bot(interaction: discord.Interaction) -> WardenBot:
    return interaction.client  # type: ignore[return-value]


HostOp = Callable[[Tables, str, str, bool], Awaitable[GameRecord]]


async def _as_host(interaction: discord.Interaction, op: HostOp) -> GameRecord | None:
    """Run a host-or-moderator operation on the channel's game under its lock:
    op(tables, channel id, user id, has Manage Channels); None once refused."""
    bot = _bot(interaction)
    channel = str(interaction.channel_id)
    async with bot.tables.lock(channel):
        try:
            return await op(bot.tables, channel, str(interaction.user.id),
                            interaction.permissions.manage_channels)
        except UserError as exc:
            await refuse(interaction, str(exc))
            return None


def register(tree: app_commands.CommandTree) -> None:  # type: ignore[type-arg]
    game = app_commands.Group(name="game", description="Open, join, start or end a game",
                              guild_only=True)

    @game.command(name="new", description="Open a game lobby in this channel")
    @app_commands.describe(ruleset="Which game", final_event="Dark Moon: final event id "
                           "(random if empty)", task_deck="Dark Moon: task deck override",
                           turn_timer="Minutes before an absent player's default move "
                           "(0 = no timer)")
    @app_commands.choices(
        ruleset=[app_commands.Choice(name="Dark Moon (3-7 players)", value="darkmoon"),
                 app_commands.Choice(name="Nemesis: Lockdown (1-5 players)",
                                     value="lockdown")],
        task_deck=[app_commands.Choice(name=n, value=n) for n in ("auto", "silver", "black")])
    async def game_new(interaction: discord.Interaction, ruleset: str,
                       final_event: str | None = None, task_deck: str = "auto",
                       turn_timer: app_commands.Range[int, 0, 1440] = 0) -> None:
        bot = _bot(interaction)
        bot.moves.remember(interaction)
        asked = {"final_event": final_event or None, "task_deck": task_deck,
                 "turn_timeout_minutes": turn_timer}
        try:
            fields = bot.tables.ruleset_named(ruleset).Options.model_fields
        except UserError as exc:
            await refuse(interaction, str(exc))
            return
        ignored = [k for k in ("final_event",) if asked[k] and k not in fields]
        if ignored:
            await refuse(interaction, f"The option {ignored[0]} is for Dark Moon only.")
            return
        options = {k: v for k, v in asked.items() if k in fields}
        try:
            record = await bot.tables.open_lobby(
                str(interaction.guild_id), str(interaction.channel_id), ruleset,
                str(interaction.user.id), options)
        except UserError as exc:
            await refuse(interaction, str(exc))
            return
        await interaction.response.send_message(
            lobby_text(bot, record), view=lobby_view(record.id),
            allowed_mentions=discord.AllowedMentions.none())
        message = await interaction.original_response()
        await bot.storage.set_message_ids(record.id, lobby=message.id)

    @game_new.autocomplete("final_event")
    async def final_event_choices(interaction: discord.Interaction, current: str
                                  ) -> list[app_commands.Choice[str]]:
        events = darkmoon_content().final_events
        return [app_commands.Choice(name=e.name, value=e.id) for e in events
                if current.lower() in e.name.lower()][:25]

    for op, text in (("join", "Take a seat in this channel's lobby"),
                     ("leave", "Leave this channel's lobby"),
                     ("start", "Start the game (host only)")):
        game.command(name=op, description=text)(_lobby_op(op))

    @game.command(name="end", description="End this channel's game (host or Manage Channels)")
    async def game_end(interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        record = await _as_host(interaction, lambda t, c, u, m: t.end(c, u, m))
        if record is None:
            return
        bot.timers.cancel(record.id)
        await interaction.response.send_message(
            f"The game was ended by <@{interaction.user.id}>.",
            allowed_mentions=discord.AllowedMentions.none())

    @game.command(name="kick", description="Remove a player (host or Manage Channels)")
    @app_commands.describe(player="In a lobby: frees their seat. In a running game: the "
                           "bot plays their seat from now on")
    async def game_kick(interaction: discord.Interaction, player: discord.User) -> None:
        bot = _bot(interaction)
        record = await _as_host(interaction,
                                lambda t, c, u, m: t.kick(c, u, m, str(player.id)))
        if record is None:
            return
        if record.status == "lobby":
            await bot.lobby.refresh(interaction, record)
            return
        await interaction.response.send_message(
            f"<@{interaction.user.id}> removed <@{player.id}> from the game: the bot plays "
            "their seat from now on with the default moves.",
            allowed_mentions=discord.AllowedMentions.none())
        bot.timers.schedule(record)  # their pending decision, if any, is played now

    @game.command(name="timer", description="Set the turn timer (host or Manage Channels)")
    @app_commands.describe(minutes="Minutes before an absent player's default move "
                           "(0 = no timer)")
    async def game_timer(interaction: discord.Interaction,
                         minutes: app_commands.Range[int, 0, 1440]) -> None:
        bot = _bot(interaction)
        record = await _as_host(interaction,
                                lambda t, c, u, m: t.set_timer(c, u, m, minutes))
        if record is None:
            return
        bot.timers.schedule(record)  # the pending decision gets the new time from now
        text = (f"turn timer set to {minutes} minute(s)" if minutes else "turn timer off")
        await interaction.response.send_message(
            f"<@{interaction.user.id}>: {text}.", allowed_mentions=discord.AllowedMentions.none())

    @game.command(name="status", description="Show the board and whose turn it is")
    async def game_status(interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        try:
            record = await bot.tables.channel_game(str(interaction.channel_id))
        except UserError as exc:
            await refuse(interaction, str(exc))
            return
        if record.status == "lobby":
            await interaction.response.send_message(
                lobby_text(bot, record), ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none())
            return
        await interaction.response.send_message("Here is the board.", ephemeral=True)
        rs = bot.tables.ruleset_of(record)
        await bot.publisher.table(record, rs, bot.tables.state_of(record), [],
                                  new_message=True)

    tree.add_command(game)

    @tree.command(name="move", description="Make a move (the list shows your legal moves)")
    @app_commands.describe(action="Start typing to filter your choices")
    async def move(interaction: discord.Interaction, action: str) -> None:
        await _move_by_text(interaction, action)

    @move.autocomplete("action")
    async def move_choices(interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        return await _choices(interaction, current, ())

    @tree.command(name="roll", description="Roll dice (your rolling choices)")
    @app_commands.describe(dice="Which dice to roll, or reroll / stop")
    async def roll(interaction: discord.Interaction, dice: str) -> None:
        await _move_by_text(interaction, dice)

    @roll.autocomplete("dice")
    async def roll_choices(interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        return await _choices(interaction, current, ("roll", "reroll", "stop", "test_die"))

    @tree.command(name="submit", description="Submit rolled dice (your submit choices)")
    @app_commands.describe(dice="Which of your rolled dice to submit")
    async def submit(interaction: discord.Interaction, dice: str) -> None:
        await _move_by_text(interaction, dice)

    @submit.autocomplete("dice")
    async def submit_choices(interaction: discord.Interaction, current: str
                             ) -> list[app_commands.Choice[str]]:
        return await _choices(interaction, current, ("submit", "reroll"))

    @tree.command(name="vote", description="Cast your secret vote (only you see the reply)")
    @app_commands.choices(choice=[
        app_commands.Choice(name="Uninfected (strong die)", value="strong"),
        app_commands.Choice(name="Infected (weak die)", value="weak"),
        app_commands.Choice(name="Abstain", value="abstain")])
    async def vote(interaction: discord.Interaction, choice: str) -> None:
        await _move_by_text(interaction, f"vote:{choice}")

    @tree.command(name="choices", description="Show your current choices as buttons")
    async def choices(interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        try:
            record = await bot.moves.game_for(interaction)
        except UserError as exc:
            await refuse(interaction, str(exc))
            return
        await bot.moves.show_choices(interaction, record.id)

    @tree.command(name="hand", description="Your private information (only you see it)")
    async def hand(interaction: discord.Interaction) -> None:
        await _bot(interaction).moves.show_hand(interaction, None)

    @tree.command(name="rules", description="Rules help: a topic or a card name")
    @app_commands.describe(topic="A topic (turn, vote, tasks...) or a card name")
    async def rules_cmd(interaction: discord.Interaction, topic: str | None = None) -> None:
        from bot.help import answer

        ruleset = await _channel_ruleset(interaction)
        await interaction.response.send_message(answer(topic, ruleset), ephemeral=True)

    @rules_cmd.autocomplete("topic")
    async def rules_topics(interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        from bot.help import topics

        ruleset = await _channel_ruleset(interaction)
        return [app_commands.Choice(name=clip(name, 100), value=value)
                for name, value in topics(current, ruleset)][:25]

    _ = list_rulesets


async def _channel_ruleset(interaction: discord.Interaction) -> str | None:
    """The ruleset of the channel's game (help then answers for that game)."""
    if interaction.channel_id is None:
        return None
    record = await _bot(interaction).storage.active_game_in_channel(str(interaction.channel_id))
    return record.ruleset if record is not None else None


async def _choices(interaction: discord.Interaction, current: str,
                   kinds: tuple[str, ...]) -> list[app_commands.Choice[str]]:
    """The caller's legal moves as autocomplete choices, optionally only some kinds."""
    bot = _bot(interaction)
    try:
        record = await bot.moves.game_for(interaction)
    except UserError:
        return []
    if record.status != "running":
        return []
    seat = str(interaction.user.id)
    rs = bot.tables.ruleset_of(record)
    names = bot.publisher.names(record)
    out = []
    for i, a in enumerate(rs.legal_actions(bot.tables.state_of(record), seat)):
        if kinds and a.key.split(":")[0] not in kinds:
            continue
        label = clip(plain(a.label, names), 100)
        if current.lower() in label.lower() or current == a.key:
            value = a.key if len(a.key) <= 100 else f"#{record.version}:{i}"
            out.append(app_commands.Choice(name=label, value=value))
    return out[:25]


def _lobby_op(op: str):  # type: ignore[no-untyped-def]
    async def handler(interaction: discord.Interaction) -> None:
        await _bot(interaction).lobby.run(interaction, op)

    handler.__name__ = f"game_{op}"
    return handler


async def _move_by_text(interaction: discord.Interaction, text: str) -> None:
    bot = _bot(interaction)
    bot.moves.remember(interaction)
    try:
        record = await bot.moves.game_for(interaction)
    except UserError as exc:
        await refuse(interaction, str(exc))
        return
    if record.status != "running":
        await refuse(interaction, "The game has not started yet.")
        return
    seat = str(interaction.user.id)
    if seat not in record.seats:
        await refuse(interaction, "You are not playing in this game; you can watch.")
        return
    key, version = text, None
    if text.startswith("#") and ":" in text:
        ver, _, idx = text[1:].partition(":")
        rs = bot.tables.ruleset_of(record)
        legal = rs.legal_actions(bot.tables.state_of(record), seat)
        if not (ver.isdigit() and idx.isdigit() and int(ver) == record.version
                and int(idx) < len(legal)):
            await refuse(interaction, "That choice is out of date; pick again from the list.")
            return
        key, version = legal[int(idx)].key, int(ver)
    await bot.moves.submit(interaction, record, seat, key, version)
