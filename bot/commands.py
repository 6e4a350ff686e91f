"""Slash commands: /game (lobby), /move, /vote, /choices, /hand, /rules."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Literal, get_args, get_origin

import discord
from discord import app_commands

from bot.choices import fingerprint
from bot.components import lobby_view
from bot.games import REMOVED_TEXT, Tables, UserError, away_seats
from bot.lobby import lobby_text
from bot.move_text import WHY, has_kinds, labelled, offer_value, resolve_text
from bot.replies import Reply, refuse
from bot.storage import GameRecord, StorageUnavailable
from bot.table_parts import BOARD_FAILED
from bot.texts import clip
from rules import get_ruleset, list_rulesets
from rules.darkmoon.cards import content as darkmoon_content

if TYPE_CHECKING:
    from bot.app import WardenBot


def _bot(interaction: discord.Interaction) -> WardenBot:
    return interaction.client  # type: ignore[return-value]


ROLL_KINDS = ("roll", "reroll", "stop", "test_die")
# An autocomplete cannot be deferred: it answers within this many seconds, whatever the
# database does.
AUTOCOMPLETE_WAIT = 2.0
SLOW_CHOICES = "The game's database is slow to answer; try again in a moment."
SUBMIT_KINDS = ("submit", "reroll")
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
                           "(0 = no timer)", mode="Lockdown: game mode",
                           board="Lockdown: board side")
    @app_commands.choices(
        ruleset=[app_commands.Choice(name=f"{rs.title} ({rs.min_players}-{rs.max_players} "
                                          "players)", value=rs.name)
                 for rs in map(get_ruleset, list_rulesets())],
        task_deck=option_choices("darkmoon", "task_deck"),
        mode=option_choices("lockdown", "mode"), board=option_choices("lockdown", "board"))
    async def game_new(interaction: discord.Interaction, ruleset: str,
                       final_event: str | None = None, task_deck: str | None = None,
                       mode: str | None = None, board: str | None = None,
                       turn_timer: app_commands.Range[int, 0, 1440] = 0) -> None:
        bot = _bot(interaction)
        bot.moves.remember(interaction)
        asked = {"final_event": final_event or None, "task_deck": task_deck, "mode": mode,
                 "board": board}
        try:
            fields = bot.tables.ruleset_named(ruleset).Options.model_fields
        except UserError as exc:
            await refuse(interaction, str(exc))
            return
        for key, value in asked.items():
            owner = _option_owner(key)
            if value is not None and key not in fields and owner is not None:
                await refuse(interaction, f"The option {key} is for {owner} only.")
                return
        asked["turn_timeout_minutes"] = turn_timer
        options = {k: v for k, v in asked.items() if k in fields and v is not None}
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
        if record.state is not None:  # the board closes and every secret is revealed
            bot.publisher.closed(record, bot.tables.state_of(record))
        # the one public line saying who ended it
        await Reply.of(interaction).send(f"The game was ended by <@{interaction.user.id}>.",
                                         public=True)

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
        line = (f"<@{interaction.user.id}> removed <@{player.id}> from the game: Warden "
                "plays their seat from now on with the default moves.")
        await Reply.of(interaction).send(line, public=True)
        bot.publisher.note(record, line)
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
        await Reply.of(interaction).send(f"<@{interaction.user.id}>: {text}.", public=True)

    @game.command(name="status", description="Show the board and whose turn it is")
    async def game_status(interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
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
        await _move_by_text(interaction, dice, kinds=ROLL_KINDS, command="roll")

    @roll.autocomplete("dice")
    async def roll_choices(interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        return await _choices(interaction, current, ROLL_KINDS)

    @tree.command(name="submit", description="Submit rolled dice (your submit choices)")
    @app_commands.describe(dice="Which of your rolled dice to submit")
    async def submit(interaction: discord.Interaction, dice: str) -> None:
        await _move_by_text(interaction, dice, kinds=SUBMIT_KINDS, command="submit")

    @submit.autocomplete("dice")
    async def submit_choices(interaction: discord.Interaction, current: str
                             ) -> list[app_commands.Choice[str]]:
        return await _choices(interaction, current, SUBMIT_KINDS)

    @tree.command(name="vote", description="Cast your secret vote (only you see the reply)")
    @app_commands.choices(choice=[
        app_commands.Choice(name="Uninfected (strong die)", value="strong"),
        app_commands.Choice(name="Infected (weak die)", value="weak"),
        app_commands.Choice(name="Abstain", value="abstain")])
    async def vote(interaction: discord.Interaction, choice: str) -> None:
        await _move_by_text(interaction, f"vote:{choice}", kinds=("vote",), command="vote")

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
        await Reply.of(interaction).send(answer(topic, ruleset))

    @rules_cmd.autocomplete("topic")
    async def rules_topics(interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        from bot.help import topics

        try:
            ruleset = await asyncio.wait_for(_channel_ruleset(interaction), AUTOCOMPLETE_WAIT)
        except (TimeoutError, StorageUnavailable):
            ruleset = None  # every game's topics
        return [app_commands.Choice(name=clip(name, 100), value=value)
                for name, value in topics(current, ruleset)][:25]

    _ = list_rulesets


SHOWN_WITHOUT_FIELD = {"mode": ("semi_coop",), "board": ("basic",)}


def option_choices(ruleset: str, key: str) -> list[app_commands.Choice[str]]:
    """The `/game new` choices of a Literal option: every value the ruleset's Options
    model accepts now, read when the commands are registered (a value the engine gains
    appears by itself). A key the model lacks offers only the value its games play."""
    from bot.option_names import choice_name

    field = get_ruleset(ruleset).Options.model_fields.get(key)
    if field is not None and get_origin(field.annotation) is Literal:
        values: tuple[object, ...] = get_args(field.annotation)
    else:
        values = SHOWN_WITHOUT_FIELD.get(key, ())
    return [app_commands.Choice(name=clip(choice_name(key, v), 100), value=str(v))
            for v in values]


def _option_owner(key: str) -> str | None:
    """The title of the game whose options hold `key` (None: no game has it)."""
    for name in list_rulesets():
        rs = get_ruleset(name)
        if key in rs.Options.model_fields:
            return rs.title
    return None


async def _channel_ruleset(interaction: discord.Interaction) -> str | None:
    """The ruleset of the channel's game (help then answers for that game)."""
    if interaction.channel_id is None:
        return None
    record = await _bot(interaction).storage.active_game_in_channel(str(interaction.channel_id))
    return record.ruleset if record is not None else None


async def _choices(interaction: discord.Interaction, current: str,
                   kinds: tuple[str, ...]) -> list[app_commands.Choice[str]]:
    """The caller's legal moves as autocomplete choices (optionally only some kinds).
    A value carries the version and choices it was offered at (see moves_text), so a
    command re-sent after a lost reply is not applied twice. With nothing to choose, the
    one entry says why."""
    bot = _bot(interaction)
    try:
        record = await asyncio.wait_for(bot.moves.game_for(interaction), AUTOCOMPLETE_WAIT)
    except UserError as exc:
        return [_why(str(exc))]
    except (TimeoutError, StorageUnavailable):
        return [_why(SLOW_CHOICES)]
    if record.status != "running":
        return [_why("The game has not started yet.")]
    seat = str(interaction.user.id)
    if seat not in record.seats:
        return [_why("You are not playing in this game; you can watch.")]
    rs = bot.tables.ruleset_of(record)
    state = bot.tables.state_of(record)
    legal = rs.legal_actions(state, seat)
    if not legal:
        return [_why(bot.moves.nothing_to_do(record, state, seat))]
    names = bot.publisher.names(record)
    offered = offer_value(record.version, legal)
    out = []
    for i, (action, label) in enumerate(labelled(rs, state, seat, legal, names)):
        if kinds and action.key.split(":")[0] not in kinds:
            continue
        if current.lower() in label.lower() or current == action.key:
            out.append(app_commands.Choice(name=clip(label, 100), value=offered(i)))
    if not out:
        wanted = f" matching '{clip(current, 40)}'" if current else ""
        return [_why(f"No choice{wanted} for this command now; try /move or My choices.")]
    return out[:25]


def _why(text: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=clip(text, 100), value=WHY)


def _lobby_op(op: str):  # type: ignore[no-untyped-def]
    async def handler(interaction: discord.Interaction) -> None:
        await _bot(interaction).lobby.run(interaction, op)

    handler.__name__ = f"game_{op}"
    return handler


async def _move_by_text(interaction: discord.Interaction, text: str,
                        kinds: tuple[str, ...] = (), command: str = "move") -> None:
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
    if seat in away_seats(record):
        await refuse(interaction, REMOVED_TEXT)
        return
    rs = bot.tables.ruleset_of(record)
    state = bot.tables.state_of(record)
    legal = rs.legal_actions(state, seat)
    if kinds and not has_kinds(rs, kinds):
        await refuse(interaction, f"{rs.title} has no `/{command}`: use `/move` or the "
                     "**My choices** button.")
        return
    if not legal:
        await refuse(interaction, bot.moves.nothing_to_do(record, state, seat))
        return
    if text == WHY:
        await refuse(interaction, "Nothing to choose there; use `/move` or **My choices**.")
        return
    names = bot.publisher.names(record)
    try:
        key, version, stamp = resolve_text(rs, state, seat, text, legal, names)
    except UserError as exc:
        await refuse(interaction, str(exc))
        return
    if version is not None and version != record.version and not (
            stamp == fingerprint(legal)
            and not await bot.storage.acted_since(record.id, seat, version)):
        await refuse(interaction, "That choice is out of date; pick again from the list.")
        return
    if kinds and key.split(":")[0] not in kinds:
        await refuse(interaction, f"`/{command}` cannot make that move now; use `/move`.")
        return
    await bot.moves.submit(interaction, record, seat, key, record.version)
