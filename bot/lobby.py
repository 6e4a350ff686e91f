"""Lobby: the lobby message with Join / Leave / Start (and the host's option menus the
game's kit declares), and starting the game."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import discord

from bot import absence
from bot.components import lobby_view
from bot.crew import mention, user_objects
from bot.games import AUTO, UserError, game_options
from bot.option_names import describe_options, menu_options, option_notes, words
from bot.replies import Reply, refuse
from bot.storage import GameRecord

if TYPE_CHECKING:
    from bot.ports import Bot


TAKES_OVER = "Warden's crew now plays for <@{seat}>."
BACK = "<@{seat}> is back and plays their own seat again."
REMATCH_IN_DM = ("A rematch opens a lobby in the game's channel: press **Rematch** under "
                 "the last board there, or open a game with `/game new`.")


def lobby_text(bot: Bot, record: GameRecord) -> str:
    rs = bot.tables.ruleset_of(record)
    seats = "\n".join(f"{i + 1}. {mention(s)}" + (" (host)" if s == record.host_id else "")
                      for i, s in enumerate(record.seats))
    opts = " · ".join(describe_options(record.ruleset, record.options, chosen_only=True))
    notes = "".join(f"\n> {line}" for line in option_notes(record.ruleset, record.options))
    note = words(record.ruleset).lobby_note
    if note:
        notes += "\n" + note
    low, high = rs.player_range(game_options(rs, record.options))
    seats_text = f"{low} player" if low == high == 1 else (
        f"{low} players" if low == high else f"{low}-{high} players")
    return (f"**{rs.title}** lobby ({seats_text})"
            + (f"\nOptions: {opts}" if opts else "") + notes + f"\nSeated:\n{seats}\n"
            "Press **Join** to take a seat; the host presses **Start** (and may add "
            "**AI players**, Warden's crew, to fill the table).")


def start_problem(record: GameRecord) -> str | None:
    """What the seated players cannot start, in words (None when fine)."""
    return words(record.ruleset).start_problem(record.options, len(record.seats))


class LobbyDesk:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def button(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.status != "lobby" or str(interaction.channel_id) != \
                record.channel_id:
            await refuse(interaction, "This lobby is closed.")
            return
        await self.run(interaction, op)

    async def run(self, interaction: discord.Interaction, op: str) -> None:
        self.bot.moves.remember(interaction)
        channel = str(interaction.channel_id)
        user = str(interaction.user.id)
        tables = self.bot.tables
        async with tables.lock(channel):
            try:
                if op == "join":
                    record = await tables.join(channel, user)
                elif op == "leave":
                    record = await tables.leave(channel, user)
                elif op == "addai":
                    record = await tables.add_crew(channel, user)
                elif op == "dropai":
                    record = await tables.remove_crew(channel, user)
                else:
                    await self.start(interaction)
                    return
            except UserError as exc:
                await refuse(interaction, str(exc))
                return
        if record.status == "running":  # left a running game: the crew plays the seat
            await self.handed_over(interaction, record, f"<@{user}> left the game.", user)
            return
        await self.refresh(interaction, record)

    async def handed_over(self, interaction: discord.Interaction, record: GameRecord,
                          said: str, seat: str) -> None:
        """Tell the table (the answer, public, and the board's story) that Warden's crew
        plays `seat` from now on, and let it play a decision the seat faces now."""
        line = f"{said} {TAKES_OVER.format(seat=seat)}"
        await Reply.of(interaction).send(line, public=True)
        self.bot.publisher.note(record, line, self.bot.tables.at(record))
        self.bot.timers.schedule(record)

    async def come_back(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """`/game return` (the channel's game) or the notice's **I'm back** (`game_id`):
        the seat Warden's crew played while its player was away is theirs again; the
        table is told, and a decision waiting on them asks them."""
        self.bot.moves.remember(interaction)
        user = str(interaction.user.id)
        tables = self.bot.tables
        try:
            if game_id is None:
                game_id = (await tables.channel_game(str(interaction.channel_id))).id
            channel = await tables.channel_of(game_id)
            if channel is None:
                raise UserError("That game is over or gone.")
            async with tables.lock(channel):
                record = await tables.come_back(game_id, user)
        except UserError as exc:
            await refuse(interaction, str(exc))
            return
        self.bot.timers.schedule(record)  # the crew's turn for the seat, if any, stops
        at = tables.at(record)
        self.bot.publisher.came_back(record, at, user, BACK.format(seat=user))
        prompt = at.prompt(user)
        await Reply.of(interaction).send(
            "Welcome back: you play your seat again." + ("" if prompt is None else
                                                         " It is your move: " + (
                "your DMs ask you." if prompt.secret
                else "press **My choices** under the board.")))

    async def refresh(self, interaction: discord.Interaction, record: GameRecord) -> None:
        text = lobby_text(self.bot, record)
        none = discord.AllowedMentions.none()
        reply = Reply.of(interaction)
        if interaction.type == discord.InteractionType.component:
            await reply.send(text, lobby_view(record.id, record.ruleset, record.options),
                             edit=True)
            return
        await reply.send("Done.")
        if record.lobby_message_id:
            channel = self.bot.get_partial_messageable(int(record.channel_id))
            msg = channel.get_partial_message(int(record.lobby_message_id))
            with contextlib.suppress(discord.NotFound):
                await msg.edit(content=text,
                               view=lobby_view(record.id, record.ruleset, record.options),
                               allowed_mentions=none)

    async def menu(self, interaction: discord.Interaction, game_id: int, menu: str,
                   values: list[str]) -> None:
        """The host ticked entries of a lobby menu: store the options they mean
        (the other menu's options stay), or refuse in words what the engine would not
        take."""
        self.bot.moves.remember(interaction)
        channel = str(interaction.channel_id)
        async with self.bot.tables.lock(channel):
            record = await self.bot.storage.get_game(game_id)
            if record is None or record.status != "lobby" or record.channel_id != channel:
                await refuse(interaction, "This lobby is closed.")
                return
            names = words(record.ruleset)
            lobby_menu = names.menu(menu)
            if str(interaction.user.id) != record.host_id and lobby_menu is not None:
                await refuse(interaction, f"Only the host (<@{record.host_id}>) can "
                             f"{lobby_menu.host_only}.")
                return
            if lobby_menu is None or any(v not in lobby_menu.entries for v in values):
                await refuse(interaction, "That menu is out of date; use the lobby's menus.")
                return
            entries = lobby_menu.entries
            problem = names.menu_problem(values)
            if problem:
                await refuse(interaction, problem)
                return
            options = {**record.options, **menu_options(values, entries)}
            record = await self.bot.storage.set_options(record.id, options)
        await self.refresh(interaction, record)

    async def start(self, interaction: discord.Interaction) -> None:
        """Called with the channel lock held."""
        tables = self.bot.tables
        record = await tables.channel_game(str(interaction.channel_id))
        problem = start_problem(record)
        if problem and str(interaction.user.id) == record.host_id:
            raise UserError(problem)
        record, state = await tables.start(str(interaction.channel_id),
                                           str(interaction.user.id))
        rs = tables.ruleset_of(record)
        names = ", ".join(map(mention, record.seats))
        lines = [f"**{rs.title}** begins with {names}. Your private sheet arrives by DM "
                 "(or press **My hand**)."]
        self.bot.timers.schedule(record)
        self.bot.publisher.started(record, state, lines)
        await self.bot.publisher.keep_names(record)
        if interaction.type == discord.InteractionType.component:
            await Reply.of(interaction).send(lobby_text(self.bot, record) + "\n**Started!**",
                                             None, edit=True)
        else:
            await Reply.of(interaction).send("The game starts.")

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """A new lobby in the same channel with the same players and options; the host
        of the finished game hosts it (or the player who pressed, if the host left)."""
        self.bot.moves.remember(interaction)
        if interaction.guild_id is None:
            await refuse(interaction, REMATCH_IN_DM)
            return
        user = str(interaction.user.id)
        old = await self.bot.storage.get_game(game_id)
        if old is None or old.status not in ("finished", "ended"):
            await refuse(interaction, "That game is not over yet.")
            return
        if user not in old.seats:
            await refuse(interaction, "Only the players of that game can ask for a rematch; "
                         "open a new game with `/game new`.")
            return
        channel = str(interaction.channel_id)
        # who was removed, and each player's own settings, belong to the old game
        options = {k: v for k, v in old.options.items()
                   if k not in ("away", AUTO, absence.IDLE, absence.STREAK)}
        away = set(old.options.get("away") or ())
        async with self.bot.tables.lock(channel):
            try:
                record = await self.bot.tables.open_lobby(
                    old.guild_id, channel, old.ruleset, old.host_id if old.host_id not in away
                    else user, options)
            except UserError as exc:
                await refuse(interaction, str(exc))
                return
            seats = [s for s in old.seats if s not in away]
            if record.host_id in seats:
                seats.remove(record.host_id)
            record = await self.bot.storage.set_seats(record.id, [record.host_id, *seats])
        message_id = await Reply.of(interaction).post(
            f"<@{user}> asks for a rematch!\n" + lobby_text(self.bot, record),
            lobby_view(record.id, record.ruleset, record.options),
            discord.AllowedMentions(users=user_objects(record.seats)))
        await self.bot.storage.set_message_ids(record.id, lobby=message_id)
