"""Moves from any entry point (slash command, button, select, DM button, timer) go
through `MoveDesk.submit`: lock the channel, apply, store, then publish."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.components import choice_view, fingerprint
from bot.games import MoveResult, UserError
from bot.sheets import describe_private
from bot.storage import GameRecord
from bot.texts import NO_CHOICE, STALE, clip, plain
from rules import IllegalAction

if TYPE_CHECKING:
    from bot.app import WardenBot

log = logging.getLogger("warden.moves")


async def refuse(interaction: discord.Interaction, text: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class MoveDesk:
    def __init__(self, bot: WardenBot) -> None:
        self.bot = bot

    def remember(self, interaction: discord.Interaction) -> None:
        self.bot.names[str(interaction.user.id)] = interaction.user.display_name

    async def game_for(self, interaction: discord.Interaction) -> GameRecord:
        """The game of this channel, or in a DM the single running game of the user."""
        if interaction.guild_id is not None:
            return await self.bot.tables.channel_game(str(interaction.channel_id))
        user = str(interaction.user.id)
        mine = [g for g in await self.bot.storage.running_games() if user in g.seats]
        if len(mine) == 1:
            return mine[0]
        if not mine:
            raise UserError("You are not in a running game.")
        raise UserError("You are in several games; use the command in the game's channel.")

    # ------------------------------------------------------------ entry points
    async def choose_index(self, interaction: discord.Interaction, game_id: int,
                           version: int, index: int, stamp: str | None = None) -> None:
        """A click on a move button/select made at `version` for choices `stamp`."""
        self.remember(interaction)
        seat = str(interaction.user.id)
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.status != "running":
            await refuse(interaction, "That game is over.")
            return
        rs = self.bot.tables.ruleset_of(record)
        legal = rs.legal_actions(self.bot.tables.state_of(record), seat)
        if record.version != version and not (
                stamp is not None and stamp == fingerprint(legal)
                and not await self.bot.storage.acted_since(game_id, seat, version)):
            await refuse(interaction, STALE)
            return
        if not 0 <= index < len(legal):
            await refuse(interaction, STALE if seat in record.seats else
                         "You are not playing in this game.")
            return
        await self.submit(interaction, record, seat, legal[index].key, record.version)

    async def submit(self, interaction: discord.Interaction | None, record: GameRecord,
                     seat: str, key: str, version: int | None = None) -> MoveResult | None:
        lock = self.bot.tables.lock(record.channel_id)
        async with lock:
            try:
                result = await self.bot.tables.play(record.id, seat, key, version,
                                                    by_player=interaction is not None)
            except (UserError, IllegalAction) as exc:
                reason = exc.reason if isinstance(exc, IllegalAction) else str(exc)
                if interaction is not None:
                    await refuse(interaction, reason)
                return None
            rs = self.bot.tables.ruleset_of(result.record)
            lines = [e.text for e in result.events if e.to is None]
            prepared = await self.bot.publisher.prepare(result.record, rs, result.state, lines)
            if interaction is not None:
                names = self.bot.publisher.names(result.record)
                done = f"Done: {clip(plain(result.label, names), 150)}"
                mine = [e.text for e in result.events if e.to is not None and seat in e.to]
                if mine:
                    done = clip("\n".join([done, *mine]), 1900)
                if interaction.type == discord.InteractionType.component and (
                        (interaction.message is not None and interaction.message.flags.ephemeral)
                        or interaction.guild_id is None):
                    await interaction.response.edit_message(content=done, view=None)
                else:
                    await interaction.response.send_message(done, ephemeral=True)
            await self.publish(result, lines, prepared)
            self.bot.timers.schedule(result.record)
            return result

    async def publish(self, result: MoveResult, lines: list[str],
                      prepared: tuple[str, discord.File]) -> None:
        rs = self.bot.tables.ruleset_of(result.record)
        new_turn = any(e.kind in ("turn", "game_over") for e in result.events if e.to is None)
        pub = self.bot.publisher
        await pub.table(result.record, rs, result.state, lines, new_message=new_turn,
                        prepared=prepared)
        await pub.private(result.record, rs, result.before, result.state, result.events,
                          actor=result.seat)

    async def show_choices(self, interaction: discord.Interaction, game_id: int) -> None:
        self.remember(interaction)
        seat = str(interaction.user.id)
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.status != "running":
            await refuse(interaction, "That game is over.")
            return
        if seat not in record.seats:
            await refuse(interaction, "You are not playing in this game; you can watch.")
            return
        rs = self.bot.tables.ruleset_of(record)
        state = self.bot.tables.state_of(record)
        legal = rs.legal_actions(state, seat)
        if not legal:
            waiting = " ".join(f"<@{p.seat}>" for p in rs.pending(state))
            await refuse(interaction, f"{NO_CHOICE} Waiting for {waiting or 'nobody'}.")
            return
        prompt = next((p for p in rs.pending(state) if p.seat == seat), None)
        view, truncated = choice_view(record.id, record.version, legal,
                                      self.bot.publisher.names(record))
        text = prompt.text if prompt else "Your choices:"
        if truncated:
            text += " (more choices: type `/move` to search them all)"
        await interaction.response.send_message(text, view=view, ephemeral=True)

    async def show_hand(self, interaction: discord.Interaction, game_id: int | None) -> None:
        self.remember(interaction)
        try:
            record = (await self.bot.tables.running(game_id) if game_id is not None
                      else await self.game_for(interaction))
        except UserError as exc:
            await refuse(interaction, str(exc))
            return
        seat = str(interaction.user.id)
        if seat not in record.seats:
            await refuse(interaction, "You are not playing in this game.")
            return
        rs = self.bot.tables.ruleset_of(record)
        view = rs.view(self.bot.tables.state_of(record), seat)
        await interaction.response.send_message(describe_private(view), ephemeral=True)
