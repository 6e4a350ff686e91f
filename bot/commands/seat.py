"""/choices and /hand: a player's own choices and private information, shown again."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games import UserError
from bot.ports import bot_of
from bot.replies import refuse


@app_commands.command(name="choices", description="Show your current choices as buttons")
async def choices(interaction: discord.Interaction) -> None:
    bot = bot_of(interaction)
    try:
        record = await bot.moves.game_for(interaction)
    except UserError as exc:
        await refuse(interaction, str(exc))
        return
    await bot.moves.show_choices(interaction, record.id)


@app_commands.command(name="hand", description="Your private information (only you see it)")
async def hand(interaction: discord.Interaction) -> None:
    await bot_of(interaction).moves.show_hand(interaction, None)
