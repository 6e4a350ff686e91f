"""/games: where the player is awaited, across every server the bot is in (bot/awaited.py).

It answers in a server and in DMs (a DM reaches the process of shard 0, which reads
every game from the shared storage), always privately. A server is named when this
process sees it (one run by another process's shards is not in its cache: the line
then gives the channel, which Discord shows by name to its members, and the link)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.awaited import answer, player_list
from bot.ports import bot_of
from bot.replies import Reply


@app_commands.command(name="games",
                      description="Your games in every server, those waiting on you first")
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
async def games(interaction: discord.Interaction) -> None:
    bot = bot_of(interaction)
    client = interaction.client
    items = await player_list(bot, str(interaction.user.id))

    def guild_name(guild_id: str) -> str | None:
        guild = client.get_guild(int(guild_id))
        return guild.name if guild is not None else None

    text, embed = answer(items, bot.storage.now(), guild_name)
    await Reply.of(interaction).send(text, embed=embed, edit=False)
