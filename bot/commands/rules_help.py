"""/rules: the rules help of the channel's game, a topic or a card name."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands

from bot.commands.autocomplete import AUTOCOMPLETE_WAIT
from bot.help import answer, topics
from bot.ports import bot_of
from bot.replies import Reply
from bot.storage import StorageUnavailable
from bot.texts import clip


@app_commands.command(name="rules", description="Rules help: a topic or a card name")
@app_commands.describe(topic="A topic (turn, vote, tasks...) or a card name")
async def rules_help(interaction: discord.Interaction, topic: str | None = None) -> None:
    ruleset = await channel_ruleset(interaction)
    await Reply.of(interaction).send(answer(topic, ruleset))


@rules_help.autocomplete("topic")
async def rules_topics(interaction: discord.Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
    try:
        ruleset = await asyncio.wait_for(channel_ruleset(interaction), AUTOCOMPLETE_WAIT)
    except (TimeoutError, StorageUnavailable):
        ruleset = None  # every game's topics
    return [app_commands.Choice(name=clip(name, 100), value=value)
            for name, value in topics(current, ruleset)][:25]


async def channel_ruleset(interaction: discord.Interaction) -> str | None:
    """The ruleset of the channel's game (help then answers for that game)."""
    if interaction.channel_id is None:
        return None
    record = await bot_of(interaction).storage.active_game_in_channel(
        str(interaction.channel_id))
    return record.ruleset if record is not None else None
