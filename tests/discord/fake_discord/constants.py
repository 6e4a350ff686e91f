"""Constants of the fake: the default world's ids, the API prefix, message flags, gateway
intents, interaction and callback types, permissions; and the JSON answer helper.
"""

from __future__ import annotations

import json
from collections.abc import (
    Awaitable,
    Callable,
)
from datetime import UTC, datetime
from typing import Any, TypeVar

import discord
import discord.gateway
import discord.http
from aiohttp import web

JSON = dict[str, Any]
T = TypeVar("T")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

API_PREFIX = "/api/v10"
BOT_ID = 1000
GUILD_ID = 2000
CHANNEL_ID = 3000
HEARTBEAT_INTERVAL_MS = 41250
HEARTBEAT_ACK_SECONDS = 0.05  # a heartbeat's round trip to a real gateway
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
JOINED_AT = "2024-01-01T00:00:00+00:00"
_SNOWFLAKE_BASE = 1_300_000_000_000_000_000
_POLL_INTERVAL = 0.005
_BODY = web.RequestKey("fake_discord_body", object)  # parsed JSON / payload_json
_FILES = web.RequestKey("fake_discord_files", list)  # list[UploadedFile]

# Message flags.
SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# Gateway intents the fake honours when dispatching message events.
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

# Interaction types and the callback types Discord accepts for each of them.
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
_ALLOWED_CALLBACKS: dict[int, set[int]] = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}
_SELECT_TYPES = {3, 5, 6, 7, 8}
_LIMIT_ERROR_CODES = {30032, 40005}  # too many application commands, request too large
_SUBCOMMAND_TYPES = {1, 2}

EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
).value
BOT_PERMISSIONS = (
    EVERYONE_PERMISSIONS
    | discord.Permissions(
        manage_messages=True,
        manage_threads=True,
        create_private_threads=True,
        mention_everyone=True,
    ).value
)
ADMINISTRATOR = discord.Permissions(administrator=True).value
ALL_PERMISSIONS = discord.Permissions.all().value


def _now() -> str:
    return datetime.now(UTC).isoformat()


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON answer with exactly ``Content-Type: application/json`` (discord.py needs that)."""
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})

