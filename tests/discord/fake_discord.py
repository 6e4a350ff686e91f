"""An offline fake of Discord's REST API and gateway for the *real* discord.py client.

The fake is an aiohttp server on 127.0.0.1 (random port). discord.py is pointed at it by
patching ``discord.http.Route.BASE`` (REST, also used by interaction webhooks) and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (websocket). Tests then act as Discord
users: they run slash commands, autocomplete, button clicks, selects and modal submits, and
assert on what the bot answered and on every HTTP request it made.

Typical bot test (the fixtures live in ``tests/discord/conftest.py``)::

    from fake_discord import FakeDiscord, run_client

    async def test_new_game(fake_discord: FakeDiscord) -> None:
        fake_discord.add_user(ALICE, "alice")
        async with run_client(make_warden_bot()):
            game = await fake_discord.slash(ALICE, fake_discord.channel_id, "game", "new",
                                            ruleset="darkmoon")
            assert "darkmoon" in game.response.content
            joined = await fake_discord.click(ALICE, game.message, label="Join")
            assert joined.response.type == 7

Every dispatch helper (``slash``, ``autocomplete``, ``click``, ``select``, ``submit_modal``,
``user_command``, ``message_command``) returns an :class:`InteractionRecord` once the bot has
answered the interaction *and* gone quiet (no HTTP request for ``settle_time`` seconds).

The world (guilds, text channels, roles, users, DM channels, messages, synced commands) is
kept in memory and is shared by every client started against the same server, so a test can
stop the bot, start a new one and keep clicking buttons on old messages.

The helpers act only as a real client can: a disabled button or select cannot be used, a
select takes only its options and between ``min_values`` and ``max_values`` of them, and a
select closed with nothing chosen sends no interaction at all (a client sends one when the
choice changed), so ``select(..., [])`` raises :class:`EmptySelectRefused` unless the select
showed default values that the user deselected.

Routes the fake does not know answer ``404 {"message": "Unknown route", "code": 0}`` and are
listed in :attr:`FakeDiscord.unknown_routes`; the ``fake_discord`` fixture fails the test if
there are any. Payloads over Discord's documented limits (content over 2000 characters, empty
field values, more than 5 action rows, duplicated custom ids, select bounds, modal and command
limits, ...) get Discord's 400 "Invalid Form Body" answer, every broken field at once, and each
broken field is listed in :attr:`FakeDiscord.limit_violations`.

Rate limits are Discord's: 5 message creates and 5 message edits per 5 s per channel, 5 DM
channel creations per 5 s, and 50 requests per second in all; interaction callbacks and the
interaction webhook count towards none of them. Limited routes carry the ``X-RateLimit-*``
headers discord.py paces itself by, and a request over a limit gets Discord's 429 (listed in
:attr:`FakeDiscord.rate_limit_hits`), which discord.py waits out and retries. A test can drive
the windows' clock (``FakeDiscord(clock=...)``), shrink them (``rate_limit_scale=0.05``) or turn
the limits off (``rate_limits=False``). While a limit holds the bot back, the fake does not
count it as quiet, so the dispatch helpers wait for the requests it still has to make.

What the bot sent can be counted: :meth:`FakeDiscord.notifications`,
:meth:`FakeDiscord.new_channel_messages`, :meth:`FakeDiscord.edits` and :meth:`FakeDiscord.dms`
(all from :attr:`FakeDiscord.message_events`); every recorded request knows the interaction it
belongs to and how long after it it came (``interaction_id``, ``since_interaction``).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import fnmatch
import hashlib
import itertools
import json
import logging
import math
import mimetypes
import re
import time
import zlib
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
)
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

import discord
import discord.gateway
import discord.http
import pytest
import yarl
from aiohttp import BodyPartReader, WSMsgType, web

__all__ = [
    "BOT_ID",
    "CHANNEL_ID",
    "GUILD_ID",
    "ApiError",
    "BotError",
    "DiscordErrorGuard",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionNotAnswered",
    "InteractionRecord",
    "InteractionResponse",
    "LimitViolation",
    "MessageEvent",
    "RateLimitVerdict",
    "RateLimiter",
    "RecordedRequest",
    "RouteLimit",
    "UploadedFile",
    "find_component",
    "flatten_errors",
    "iter_components",
    "run_client",
]

JSON = dict[str, Any]
T = TypeVar("T")
_Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

API_PREFIX = "/api/v10"
BOT_ID = 1000
GUILD_ID = 2000
CHANNEL_ID = 3000
HEARTBEAT_INTERVAL_MS = 41250
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


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


class ApiError(Exception):
    """A Discord-style 4xx answer, raised inside a route handler."""

    def __init__(self, status: int, code: int, message: str, errors: JSON | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def payload(self) -> JSON:
        body: JSON = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid_form(path: str, code: str, message: str) -> ApiError:
    """Discord's 50035 "Invalid Form Body" error for the dotted field ``path``."""
    return ApiError(400, 50035, "Invalid Form Body", error_tree([(path, code, message)]))


def _unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


class BotError(AssertionError):
    """The bot logged an error (or raised) while handling something the test dispatched."""


class EmptySelectRefused(AssertionError):
    """A test tried to submit a select with nothing chosen that a real client cannot send."""


class InteractionNotAnswered(AssertionError):
    """The bot did not answer an interaction before the timeout."""


# --------------------------------------------------------------------------------------------
# World model
# --------------------------------------------------------------------------------------------


@dataclass
class FakeUser:
    id: int
    name: str
    bot: bool = False
    global_name: str | None = None

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
            "icon": None,
            "unicode_emoji": None,
        }


@dataclass
class FakeChannel:
    id: int
    name: str
    type: int = 0
    guild_id: int | None = None
    recipient_id: int | None = None
    position: int = 0

    @property
    def is_dm(self) -> bool:
        return self.type == 1


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    members: dict[int, list[int]] = field(default_factory=dict)  # user id -> role ids


@dataclass(frozen=True)
class UploadedFile:
    """A file the bot uploaded (``files[n]`` multipart field)."""

    index: int
    filename: str
    data: bytes
    content_type: str


class _Payload:
    """Reading a message payload (``self.data``): what a stored message and the bot's
    interaction callback share."""

    data: JSON

    @property
    def embeds(self) -> list[JSON]:
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[JSON]:
        return list(self.data.get("components") or [])

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)


@dataclass
class FakeMessage(_Payload):
    """A stored message. ``data`` is exactly the Discord JSON the fake serves for it."""

    data: JSON
    files: list[UploadedFile] = field(default_factory=list)
    visible_to: int | None = None  # the only user who sees it, for ephemeral messages
    deleted: bool = False
    history: list[JSON] = field(default_factory=list)  # earlier versions, oldest first
    reactions: set[str] = field(default_factory=set)  # emoji the bot reacted with

    @property
    def id(self) -> int:
        return int(self.data["id"])

    @property
    def channel_id(self) -> int:
        return int(self.data["channel_id"])

    @property
    def author_id(self) -> int:
        return int(self.data["author"]["id"])

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def attachments(self) -> list[JSON]:
        return list(self.data.get("attachments") or [])

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def edited(self) -> bool:
        return bool(self.history)

    def find_component(
        self, *, label: str | None = None, custom_id: str | None = None, kind: int | None = None
    ) -> JSON:
        return find_component(self.components, label=label, custom_id=custom_id, kind=kind)

    def __repr__(self) -> str:
        return f"<FakeMessage id={self.id} channel={self.channel_id} content={self.content!r}>"


@dataclass
class RecordedRequest:
    """One HTTP request the bot made. ``path`` has the ``/api/v10`` prefix removed."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[UploadedFile]
    time: float
    status: int = 0
    response: Any = None
    response_headers: dict[str, str] = field(default_factory=dict)
    interaction_id: int | None = None  # the interaction it answers, or the latest one before it
    since_interaction: float | None = None  # seconds between that interaction and this request

    @property
    def rate_limited(self) -> bool:
        return self.status == 429

    def matches(self, method: str | None = None, path: str | None = None) -> bool:
        """``path`` is a glob: ``"/channels/*/messages"``, ``"/interactions/*"``."""
        if method is not None and self.method != method.upper():
            return False
        return path is None or fnmatch.fnmatchcase(self.path, path)

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


@dataclass(frozen=True)
class LimitViolation:
    """One field of one request that broke a documented Discord limit (the request got 400)."""

    request: RecordedRequest
    path: str  # dotted field path as in Discord's error body, e.g. "data.components.0"
    code: str
    message: str

    def __repr__(self) -> str:
        return f"<{self.request.method} {self.request.path}: {self.path} {self.code}>"


@dataclass(frozen=True)
class MessageEvent:
    """A message the bot created or edited, as it was right after that."""

    kind: str  # "create" or "edit"
    message: FakeMessage
    data: JSON  # a snapshot of the message after the event
    allowed_mentions: JSON | None  # as the request sent it (None: not given)
    notified: frozenset[int]  # users this event notified (creates only; edits never ping)
    time: float  # time.monotonic(), like RecordedRequest.time

    @property
    def channel_id(self) -> int:
        return int(self.data["channel_id"])

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    def __repr__(self) -> str:
        return f"<MessageEvent {self.kind} {self.message.id} content={self.content!r}>"


@dataclass
class InteractionResponse(_Payload):
    """The bot's callback (``POST /interactions/{id}/{token}/callback``)."""

    type: int
    data: JSON
    files: list[UploadedFile]
    message: FakeMessage | None  # the message the callback created or updated

    @property
    def content(self) -> str | None:
        return self.data.get("content")

    @property
    def deferred(self) -> bool:
        return self.type in (DEFERRED_MESSAGE, DEFERRED_UPDATE)

    @property
    def attachments(self) -> list[JSON]:
        if self.message is not None:
            return self.message.attachments
        return list(self.data.get("attachments") or [])

    @property
    def choices(self) -> list[JSON]:
        return list(self.data.get("choices") or [])

    def find_component(
        self, *, label: str | None = None, custom_id: str | None = None, kind: int | None = None
    ) -> JSON:
        return find_component(self.components, label=label, custom_id=custom_id, kind=kind)


@dataclass
class InteractionRecord:
    """An interaction the test dispatched, and everything the bot did about it."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    payload: JSON
    source_message: FakeMessage | None = None  # message the clicked component is on
    original: FakeMessage | None = None  # what ``@original`` refers to
    followups: list[FakeMessage] = field(default_factory=list)
    requests: list[RecordedRequest] = field(default_factory=list)
    answer: InteractionResponse | None = None
    dispatched_at: float = 0.0  # time.monotonic() when the fake sent it to the bot

    @property
    def responded(self) -> bool:
        return self.answer is not None

    @property
    def response(self) -> InteractionResponse:
        if self.answer is None:
            raise InteractionNotAnswered(f"the bot did not answer {self.describe()}")
        return self.answer

    @property
    def message(self) -> FakeMessage | None:
        """The message the response created (or, for component updates, edited)."""
        return self.original

    @property
    def choices(self) -> list[JSON]:
        return self.response.choices

    def describe(self) -> str:
        data = self.payload.get("data") or {}
        what = data.get("name") or data.get("custom_id") or "?"
        return f"interaction {self.id} (type {self.type}, {what!r})"


def iter_components(components: Iterable[JSON]) -> Iterator[JSON]:
    """Every component, depth first: action rows, containers, sections, labels, children."""
    for component in components:
        yield component
        yield from iter_components(component.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield from iter_components([component[key]])


def find_component(
    source: FakeMessage | InteractionResponse | Iterable[JSON],
    *,
    label: str | None = None,
    custom_id: str | None = None,
    kind: int | None = None,
) -> JSON:
    """Find a component by ``label``, ``custom_id`` and/or component type ``kind``."""
    if isinstance(source, FakeMessage | InteractionResponse):
        source = source.components
    candidates = list(iter_components(source))
    for component in candidates:
        if label is not None and component.get("label") != label:
            continue
        if custom_id is not None and component.get("custom_id") != custom_id:
            continue
        if kind is not None and component.get("type") != kind:
            continue
        return component
    available = [(c.get("type"), c.get("label"), c.get("custom_id")) for c in candidates]
    raise LookupError(
        f"no component with label={label!r} custom_id={custom_id!r} type={kind!r}; "
        f"components (type, label, custom_id): {available}"
    )


class World:
    """Guilds, channels, users, messages and commands. Pure data, no I/O."""

    def __init__(self, bot: FakeUser, application_id: int) -> None:
        self._ids = itertools.count(_SNOWFLAKE_BASE + 1)
        self.bot = bot
        self.application_id = application_id
        self.owner_id: int | None = None
        self.users: dict[int, FakeUser] = {bot.id: bot}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.closed_dms: set[int] = set()
        self.messages: dict[int, FakeMessage] = {}
        self.commands: dict[int | None, list[JSON]] = {}  # guild id (None: global) -> commands
        self.blobs: dict[int, UploadedFile] = {}  # attachment id -> bytes

    def new_id(self) -> int:
        return next(self._ids)

    # -- lookups -------------------------------------------------------------------------

    def user(self, user_id: int) -> FakeUser:
        try:
            return self.users[int(user_id)]
        except KeyError:
            raise LookupError(f"unknown user {user_id}; add it with fake.add_user()") from None

    def channel(self, channel_id: int) -> FakeChannel:
        try:
            return self.channels[int(channel_id)]
        except KeyError:
            raise LookupError(f"unknown channel {channel_id}") from None

    def guild(self, guild_id: int) -> FakeGuild:
        try:
            return self.guilds[int(guild_id)]
        except KeyError:
            raise LookupError(f"unknown guild {guild_id}") from None

    def message(self, message_id: int) -> FakeMessage:
        message = self.messages.get(int(message_id))
        if message is None or message.deleted:
            raise LookupError(f"no message {message_id}")
        return message

    def dm_channel(self, user_id: int) -> FakeChannel:
        user = self.user(user_id)
        if user.id not in self.dm_channels:
            channel = FakeChannel(self.new_id(), "", type=1, recipient_id=user.id)
            self.channels[channel.id] = channel
            self.dm_channels[user.id] = channel.id
        return self.channels[self.dm_channels[user.id]]

    def role_ids(self, guild: FakeGuild, user_id: int) -> list[int]:
        if user_id not in guild.members:
            raise LookupError(f"user {user_id} is not a member of guild {guild.id}")
        return guild.members[user_id]

    def permissions(self, guild: FakeGuild, user_id: int) -> int:
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        value = guild.roles[guild.id].permissions
        for role_id in self.role_ids(guild, user_id):
            value |= guild.roles[role_id].permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def channel_permissions(self, channel: FakeChannel, user_id: int) -> int:
        if channel.guild_id is None:
            return EVERYONE_PERMISSIONS
        return self.permissions(self.guilds[channel.guild_id], user_id)

    # -- payloads ------------------------------------------------------------------------

    def bot_payload(self) -> JSON:
        return {**self.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0}

    def application_payload(self) -> JSON:
        owner = self.users.get(self.owner_id or 0, self.bot)
        return {
            "id": str(self.application_id),
            "name": self.bot.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "bot": self.bot.payload(),
        }

    def member_payload(self, guild: FakeGuild, user_id: int, *, permissions: bool = False) -> JSON:
        data: JSON = {
            "user": self.user(user_id).payload(),
            "roles": [str(role_id) for role_id in self.role_ids(guild, user_id)],
            "joined_at": JOINED_AT,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "pending": False,
            "avatar": None,
            "communication_disabled_until": None,
        }
        if permissions:
            data["permissions"] = str(self.permissions(guild, user_id))
        return data

    def channel_payload(self, channel: FakeChannel) -> JSON:
        if channel.is_dm:
            recipient = self.user(channel.recipient_id or 0)
            return {
                "id": str(channel.id),
                "type": 1,
                "recipients": [recipient.payload()],
                "last_message_id": None,
                "flags": 0,
            }
        return {
            "id": str(channel.id),
            "type": channel.type,
            "guild_id": str(channel.guild_id),
            "name": channel.name,
            "position": channel.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def guild_payload(self, guild: FakeGuild) -> JSON:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [role.payload() for role in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "max_members": 500000,
        }

    def guild_create_payload(self, guild: FakeGuild) -> JSON:
        channels = [self.channel_payload(self.channels[cid]) for cid in guild.channel_ids]
        members = [self.member_payload(guild, uid) for uid in guild.members]
        return {
            **self.guild_payload(guild),
            "joined_at": JOINED_AT,
            "large": False,
            "unavailable": False,
            "member_count": len(members),
            "members": members,
            "channels": channels,
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def mentions(self, content: str) -> list[JSON]:
        ids = dict.fromkeys(int(raw) for raw in re.findall(r"<@!?(\d+)>", content))
        return [self.users[uid].payload() for uid in ids if uid in self.users]

    def message_payload(
        self, channel: FakeChannel, author: FakeUser, body: JSON, attachments: list[JSON]
    ) -> JSON:
        content = str(body.get("content") or "")
        data: JSON = {
            "id": str(self.new_id()),
            "channel_id": str(channel.id),
            "author": author.payload(),
            "content": content,
            "timestamp": _now(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts")),
            "mention_everyone": False,
            "mentions": self.mentions(content),
            "mention_roles": [],
            "attachments": attachments,
            "embeds": list(body.get("embeds") or []),
            "components": list(body.get("components") or []),
            "pinned": False,
            "type": 0,
            "flags": int(body.get("flags") or 0) & (SUPPRESS_EMBEDS | EPHEMERAL | COMPONENTS_V2),
        }
        if channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        self._add_reference(data, body.get("message_reference"))
        return data

    def _add_reference(self, data: JSON, reference: JSON | None) -> None:
        if not reference or not reference.get("message_id"):
            return
        referenced = self.messages.get(int(reference["message_id"]))
        data["type"] = 19
        data["message_reference"] = {
            "type": 0,
            "message_id": str(reference["message_id"]),
            "channel_id": data["channel_id"],
        }
        data["referenced_message"] = copy.deepcopy(referenced.data) if referenced else None

    def new_attachment(self, channel_id: int, upload: UploadedFile, base_url: str) -> JSON:
        attachment_id = self.new_id()
        self.blobs[attachment_id] = upload
        url = f"{base_url}/attachments/{channel_id}/{attachment_id}/{upload.filename}"
        data: JSON = {
            "id": str(attachment_id),
            "filename": upload.filename,
            "size": len(upload.data),
            "url": url,
            "proxy_url": url,
            "content_type": upload.content_type,
        }
        data.update(_image_size(upload.data))
        return data

    def store(self, message: FakeMessage) -> FakeMessage:
        self.messages[message.id] = message
        return message


def _image_size(data: bytes) -> JSON:
    """Width and height of a PNG, as Discord reports them for image attachments."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 24:
        return {}
    return {
        "width": int.from_bytes(data[16:20], "big"),
        "height": int.from_bytes(data[20:24], "big"),
    }


# --------------------------------------------------------------------------------------------
# Payload validation: Discord's documented limits
# --------------------------------------------------------------------------------------------
#
# Every check adds to a FormErrors; one request answers all of its errors at once, in
# Discord's 400 "Invalid Form Body" (50035) shape. The fake also lists them in
# FakeDiscord.limit_violations. Codes Discord documents are used as they are; for the
# cross-field select and command rules the codes are the fake's own descriptive names.

MAX_COMMANDS = {1: 100, 2: 15, 3: 15}  # per scope: chat input, user, message commands
_TEXT_INPUT = 4
_TEXT_DISPLAY = 10
_LABEL = 18
_MODAL_FIELDS = {3, 4, 5, 6, 7, 8, 19}  # what a modal label may hold (selects, text, upload)


class FormErrors:
    """The field errors of one request body."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str, str]] = []  # (dotted path, code, message)

    def add(self, path: str, code: str, message: str) -> None:
        self.found.append((path, code, message))

    def text(
        self, value: Any, path: str, high: int, *, low: int = 0, required: bool = False
    ) -> None:
        """A string of ``low``..``high`` characters; absent (or empty) only if not required."""
        if value is None or (required and value == ""):
            if required:
                self.add(path, "BASE_TYPE_REQUIRED", "This field is required")
            return
        if not isinstance(value, str):
            self.add(path, "BASE_TYPE_STRING", "Must be a string.")
            return
        self._size(len(value), path, low, high)

    def array(
        self, value: Any, path: str, high: int | None, *, low: int = 0, required: bool = False
    ) -> list[Any]:
        """A list of ``low``..``high`` items (``None``: no maximum); returns it (``[]`` when
        absent or not a list)."""
        if value is None:
            if required:
                self.add(path, "BASE_TYPE_REQUIRED", "This field is required")
            return []
        if not isinstance(value, list):
            self.add(path, "BASE_TYPE_ARRAY", "Must be an array.")
            return []
        if high is not None:
            self._size(len(value), path, low, high)
        return value

    def number(self, value: Any, path: str, low: float, high: float) -> None:
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.add(path, "NUMBER_TYPE_COERCE", f"Value {value!r} is not int.")
        elif value < low:
            self.add(
                path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {low}."
            )
        elif value > high:
            self.add(path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {high}.")

    def _size(self, size: int, path: str, low: int, high: int) -> None:
        if low <= size <= high:
            return
        if low > 0:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")
        else:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")

    def check(self, prefix: str = "") -> None:
        """Raise the 400 for everything found (paths under ``prefix``), if anything."""
        if self.found:
            items = [(_join(prefix, path), code, message) for path, code, message in self.found]
            raise ApiError(400, 50035, "Invalid Form Body", error_tree(items))


def _join(prefix: str, path: str) -> str:
    return ".".join(part for part in (prefix, path) if part)


def error_tree(items: Iterable[tuple[str, str, str]]) -> JSON:
    """Discord's nested ``errors`` object for (dotted path, code, message) triples."""
    tree: JSON = {}
    for path, code, message in items:
        node = tree
        for key in path.split(".") if path else []:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return tree


def flatten_errors(tree: JSON, prefix: str = "") -> Iterator[tuple[str, str, str]]:
    """The (dotted path, code, message) triples of an ``errors`` object."""
    for key, value in tree.items():
        if key == "_errors":
            for error in value:
                yield prefix, str(error.get("code")), str(error.get("message"))
        elif isinstance(value, dict):
            yield from flatten_errors(value, _join(prefix, key))


def _walk(components: Iterable[JSON], path: str) -> Iterator[tuple[str, JSON]]:
    """Every component with its dotted path, depth first (like :func:`iter_components`)."""
    for index, component in enumerate(components):
        where = f"{path}.{index}"
        if not isinstance(component, dict):
            continue
        yield where, component
        yield from _walk(component.get("components") or [], f"{where}.components")
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield f"{where}.{key}", component[key]
                inner = component[key].get("components") or []
                yield from _walk(inner, f"{where}.{key}.components")


# -- messages ------------------------------------------------------------------------------


def validate_message_fields(body: JSON, files: Sequence[UploadedFile] = ()) -> None:
    """Field limits for message create/edit bodies (content, embeds, components, ...)."""
    form = FormErrors()
    message_errors(form, body, files)
    form.check()


def message_errors(form: FormErrors, body: JSON, files: Sequence[UploadedFile] = ()) -> None:
    form.text(body.get("content"), "content", 2000)
    _embed_errors(form, form.array(body.get("embeds"), "embeds", 10))
    if isinstance(body.get("nonce"), str):
        form.text(body["nonce"], "nonce", 25)
    form.array(body.get("sticker_ids"), "sticker_ids", 3)
    _allowed_mentions_errors(form, body.get("allowed_mentions"))
    _attachment_errors(form, body.get("attachments"), files)
    components = form.array(body.get("components"), "components", 40)
    if int(body.get("flags") or 0) & COMPONENTS_V2:
        if body.get("content") or body.get("embeds"):
            form.add(
                "content",
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used with components v2",
            )
        _layout_errors(form, components)
    else:
        _action_row_errors(form, components)
    _component_errors(form, components, "components")


def ensure_not_empty(data: JSON) -> None:
    keys = ("content", "embeds", "components", "attachments", "sticker_items", "poll")
    if not any(data.get(key) for key in keys):
        raise ApiError(400, 50006, "Cannot send an empty message")


def _embed_errors(form: FormErrors, embeds: list[Any]) -> None:
    total = 0
    for index, embed in enumerate(embeds):
        path = f"embeds.{index}"
        if not isinstance(embed, dict):
            form.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            continue
        counted: list[tuple[Any, str, int]] = [
            (embed.get("title"), "title", 256),
            (embed.get("description"), "description", 4096),
            ((embed.get("footer") or {}).get("text"), "footer.text", 2048),
            ((embed.get("author") or {}).get("name"), "author.name", 256),
        ]
        for value, name, limit in counted:
            form.text(value, f"{path}.{name}", limit)
        form.text(embed.get("url"), f"{path}.url", 2048)
        for index_, item in enumerate(form.array(embed.get("fields"), f"{path}.fields", 25)):
            for key, limit in (("name", 256), ("value", 1024)):
                form.text(item.get(key), f"{path}.fields.{index_}.{key}", limit, required=True)
                counted.append((item.get(key), key, limit))
        total += sum(len(value) for value, _, _ in counted if isinstance(value, str))
    if total > 6000:
        form.add("embeds", "BASE_TYPE_MAX_LENGTH", "Embed size exceeds maximum size of 6000")


def _allowed_mentions_errors(form: FormErrors, allowed: Any) -> None:
    if not isinstance(allowed, dict):
        return
    parse = allowed.get("parse") or []
    for key in ("users", "roles"):
        ids = form.array(allowed.get(key), f"allowed_mentions.{key}", 100)
        if ids and key in parse:
            form.add(
                "allowed_mentions",
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{key}"] and {key}: [ids...] are mutually exclusive.',
            )


def _attachment_errors(form: FormErrors, attachments: Any, files: Sequence[UploadedFile]) -> None:
    if len(files) > 10:
        form.add("attachments", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    for index, entry in enumerate(form.array(attachments, "attachments", 10)):
        if isinstance(entry, dict):
            form.text(entry.get("filename"), f"attachments.{index}.filename", 1024, low=1)
            form.text(entry.get("description"), f"attachments.{index}.description", 1024)


def _action_row_errors(form: FormErrors, rows: list[Any]) -> None:
    """Legacy messages: up to 5 action rows, each 1-5 buttons or exactly one select."""
    if len(rows) > 5:
        form.add("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for index, row in enumerate(rows):
        if not isinstance(row, dict) or row.get("type") != 1:
            form.add(
                f"components.{index}.type",
                "UNION_TYPE_CHOICES",
                "Top-level components must be action rows",
            )
            continue
        _row_width_errors(form, row, f"components.{index}")


def _row_width_errors(form: FormErrors, row: JSON, path: str) -> None:
    children = form.array(row.get("components"), f"{path}.components", 5, low=1, required=True)
    has_select = any(child.get("type") in _SELECT_TYPES for child in children)
    if has_select and len(children) > 1:
        form.add(
            f"{path}.components",
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )


def _layout_errors(form: FormErrors, components: list[Any]) -> None:
    """Components v2: at most 40 components in all, 4000 characters of text displays."""
    every = list(_walk(components, "components"))
    if len(every) > 40:
        form.add(
            "components",
            "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
            "A message can hold at most 40 components",
        )
    text = sum(len(c.get("content") or "") for _, c in every if c.get("type") == _TEXT_DISPLAY)
    if text > 4000:
        form.add(
            "components",
            "COMPONENT_MAX_TOTAL_TEXT_EXCEEDED",
            "The text displays of a message can hold at most 4000 characters",
        )
    for path, component in every:
        if component.get("type") == 1:
            _row_width_errors(form, component, path)


def _component_errors(form: FormErrors, components: list[Any], path: str) -> None:
    """Per-component limits, and custom ids unique across the message or modal."""
    seen: set[str] = set()
    for where, component in _walk(components, path):
        _interactive_errors(form, component, where)
        custom_id = component.get("custom_id")
        if not isinstance(custom_id, str) or not custom_id:
            continue
        if custom_id in seen:
            form.add(
                f"{where}.custom_id",
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                f"Component custom id cannot be duplicated ({custom_id!r})",
            )
        seen.add(custom_id)


def _interactive_errors(form: FormErrors, component: JSON, path: str) -> None:
    kind = component.get("type")
    is_link = kind == 2 and component.get("style") in (5, 6)  # link and premium buttons
    if kind in (2, 3, 4, 5, 6, 7, 8) and not is_link:
        form.text(component.get("custom_id"), f"{path}.custom_id", 100, low=1, required=True)
    if kind == 2:
        _button_errors(form, component, path)
    elif kind in _SELECT_TYPES:
        _select_errors(form, component, path)
    elif kind == _TEXT_INPUT:
        _text_input_errors(form, component, path)
    elif kind == _TEXT_DISPLAY:
        form.text(component.get("content"), f"{path}.content", 4000, low=1, required=True)


def _button_errors(form: FormErrors, button: JSON, path: str) -> None:
    form.text(button.get("label"), f"{path}.label", 80)
    style = button.get("style")
    if style != 6 and not button.get("label") and not button.get("emoji"):
        form.add(f"{path}.label", "BASE_TYPE_REQUIRED", "A button needs a label or emoji")
    if style == 5:
        form.text(button.get("url"), f"{path}.url", 512, low=1, required=True)


def _select_errors(form: FormErrors, select: JSON, path: str) -> None:
    form.text(select.get("placeholder"), f"{path}.placeholder", 150)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    form.number(low, f"{path}.min_values", 0, 25)
    form.number(high, f"{path}.max_values", 1, 25)
    if select.get("type") == 3:
        where = f"{path}.options"
        options = form.array(select.get("options"), where, 25, low=1, required=True)
        _select_option_errors(form, options, where)
        available: int | None = len(options)
        defaults = sum(1 for option in options if option.get("default"))
    else:
        where = f"{path}.default_values"
        available = None
        defaults = len(form.array(select.get("default_values"), where, 25))
    if not (isinstance(low, int) and isinstance(high, int)):
        return
    if low > high:
        form.add(
            f"{path}.min_values",
            "SELECT_COMPONENT_MIN_VALUES_ABOVE_MAX",
            f"min_values ({low}) must not exceed max_values ({high}).",
        )
    if available and high > available:
        form.add(
            f"{path}.max_values",
            "SELECT_COMPONENT_MAX_VALUES_ABOVE_OPTIONS",
            f"max_values ({high}) must not exceed the number of options ({available}).",
        )
    if defaults and not low <= defaults <= high:
        form.add(
            where,
            "SELECT_COMPONENT_DEFAULTS_OUT_OF_RANGE",
            f"{defaults} default values, but the select takes {low} to {high}.",
        )


def _select_option_errors(form: FormErrors, options: list[Any], path: str) -> None:
    values: set[Any] = set()
    for index, option in enumerate(options):
        form.text(option.get("label"), f"{path}.{index}.label", 100, low=1, required=True)
        form.text(option.get("value"), f"{path}.{index}.value", 100, low=1, required=True)
        form.text(option.get("description"), f"{path}.{index}.description", 100)
        if option.get("value") in values:
            form.add(
                f"{path}.{index}.value",
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Select option values must be unique",
            )
        values.add(option.get("value"))


def _text_input_errors(form: FormErrors, text_input: JSON, path: str) -> None:
    if text_input.get("style") not in (1, 2):
        form.add(f"{path}.style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
    form.text(text_input.get("label"), f"{path}.label", 45, low=1)
    form.text(text_input.get("value"), f"{path}.value", 4000)
    form.text(text_input.get("placeholder"), f"{path}.placeholder", 100)
    low, high = text_input.get("min_length"), text_input.get("max_length")
    form.number(low, f"{path}.min_length", 0, 4000)
    form.number(high, f"{path}.max_length", 1, 4000)
    if isinstance(low, int) and isinstance(high, int) and low > high:
        form.add(
            f"{path}.min_length",
            "TEXT_INPUT_MIN_LENGTH_ABOVE_MAX",
            f"min_length ({low}) must not exceed max_length ({high}).",
        )


# -- interaction callbacks -----------------------------------------------------------------


def validate_choices(choices: Any) -> None:
    """An autocomplete answer: up to 25 choices, names 1-100, string values up to 100."""
    form = FormErrors()
    _choice_errors(form, form.array(choices, "choices", 25), "choices")
    form.check()


def _choice_errors(form: FormErrors, choices: list[Any], path: str) -> None:
    for index, choice in enumerate(choices):
        form.text(choice.get("name"), f"{path}.{index}.name", 100, low=1, required=True)
        value = choice.get("value")
        if value is None:
            form.add(f"{path}.{index}.value", "BASE_TYPE_REQUIRED", "This field is required")
        elif isinstance(value, str):
            form.text(value, f"{path}.{index}.value", 100)


def validate_modal(data: JSON) -> None:
    """A modal: title 1-45, custom id 1-100, 1-5 top-level components, each an action row
    with one text input, a label around one field, or a text display."""
    form = FormErrors()
    form.text(data.get("title"), "title", 45, low=1, required=True)
    form.text(data.get("custom_id"), "custom_id", 100, low=1, required=True)
    rows = form.array(data.get("components"), "components", 5, low=1, required=True)
    for index, row in enumerate(rows):
        _modal_row_errors(form, row, f"components.{index}")
    _component_errors(form, rows, "components")
    form.check()


def _modal_row_errors(form: FormErrors, row: JSON, path: str) -> None:
    kind = row.get("type")
    if kind == 1:
        children = row.get("components") or []
        if len(children) != 1 or children[0].get("type") != _TEXT_INPUT:
            form.add(
                f"{path}.components",
                "MODAL_ACTION_ROW_INVALID",
                "A modal action row holds exactly one text input",
            )
        else:
            form.text(children[0].get("label"), f"{path}.components.0.label", 45, required=True)
    elif kind == _LABEL:
        form.text(row.get("label"), f"{path}.label", 45, low=1, required=True)
        form.text(row.get("description"), f"{path}.description", 100, low=1)
        if (row.get("component") or {}).get("type") not in _MODAL_FIELDS:
            form.add(f"{path}.component", "UNION_TYPE_CHOICES", "A label holds one modal field")
    elif kind != _TEXT_DISPLAY:
        form.add(f"{path}.type", "UNION_TYPE_CHOICES", "Not a modal component")


# -- application commands ------------------------------------------------------------------


_NAME_RE = re.compile(r"^[-_'\w]{1,32}$")


def _valid_command_name(name: str, is_chat_input: bool) -> bool:
    if not is_chat_input:  # context-menu names may have spaces and capitals
        return 1 <= len(name) <= 32
    return bool(_NAME_RE.match(name)) and name == name.lower()


def validate_command(command: JSON, path: str = "") -> None:
    """Name/description/option rules Discord enforces on command registration."""
    form = FormErrors()
    _command_errors(form, command, path)
    form.check()


def validate_commands(commands: Any) -> None:
    """A bulk overwrite: every command, no duplicated (name, type), per-type maximums."""
    form = FormErrors()
    listed = form.array(commands, "", None)
    for index, command in enumerate(listed):
        _command_errors(form, command, f"{index}")
    keys = [(command.get("name"), command.get("type", 1)) for command in listed]
    for index, key in enumerate(keys):
        if key in keys[:index]:
            form.add(
                f"{index}.name",
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique ({key[0]!r})",
            )
    for kind, limit in MAX_COMMANDS.items():
        if sum(1 for _, k in keys if k == kind) > limit:
            form.add(
                "", "APPLICATION_COMMANDS_TOO_MANY", f"At most {limit} commands of type {kind}"
            )
    form.check()


def _command_errors(form: FormErrors, command: JSON, path: str) -> None:
    is_chat_input = command.get("type", 1) == 1
    _name_errors(form, command.get("name"), _join(path, "name"), is_chat_input)
    if is_chat_input:
        form.text(command.get("description"), _join(path, "description"), 100, low=1, required=True)
    else:
        form.text(command.get("description"), _join(path, "description"), 100)
    where = _join(path, "options")
    _options_errors(form, form.array(command.get("options"), where, 25), where, parent=0)
    if is_chat_input and _command_size(command) > 4000:
        form.add(path, "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (4000)")


def _name_errors(form: FormErrors, name: Any, path: str, is_chat_input: bool) -> None:
    form.text(name, path, 32, low=1, required=True)
    if isinstance(name, str) and name and not _valid_command_name(name, is_chat_input):
        form.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")


def _options_errors(form: FormErrors, options: list[Any], path: str, *, parent: int) -> None:
    """``parent``: 0 for the command itself, 1 under a subcommand, 2 under a group."""
    names = [option.get("name") for option in options]
    if len(set(names)) != len(names):
        form.add(path, "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Duplicate names")
    required = [bool(option.get("required")) for option in options]
    if required != sorted(required, reverse=True):
        form.add(
            path, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be first"
        )
    nested = [option.get("type") in _SUBCOMMAND_TYPES for option in options]
    if any(nested) and not all(nested):
        form.add(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands and groups cannot be mixed with other options",
        )
    for index, option in enumerate(options):
        _option_errors(form, option, f"{path}.{index}", parent)


def _option_errors(form: FormErrors, option: JSON, path: str, parent: int) -> None:
    kind = option.get("type")
    _name_errors(form, option.get("name"), f"{path}.name", True)
    form.text(option.get("description"), f"{path}.description", 100, low=1, required=True)
    if (parent == 2 and kind != 1) or (parent == 1 and kind in _SUBCOMMAND_TYPES):
        form.add(f"{path}.type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Invalid nesting")
    if kind in _SUBCOMMAND_TYPES:
        children = form.array(option.get("options"), f"{path}.options", 25)
        _options_errors(form, children, f"{path}.options", parent=kind)
        return
    choices = form.array(option.get("choices"), f"{path}.choices", 25)
    _choice_errors(form, choices, f"{path}.choices")
    if choices and option.get("autocomplete"):
        form.add(
            f"{path}.autocomplete",
            "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
            "Autocomplete cannot be used with choices",
        )
    if kind == 3:
        form.number(option.get("min_length"), f"{path}.min_length", 0, 6000)
        form.number(option.get("max_length"), f"{path}.max_length", 1, 6000)


def _command_size(command: JSON) -> int:
    """Characters Discord counts towards a command's 4000: names, descriptions, choices."""
    size = len(str(command.get("name") or "")) + len(str(command.get("description") or ""))
    for choice in command.get("choices") or []:
        size += len(str(choice.get("name") or "")) + len(str(choice.get("value") or ""))
    return size + sum(_command_size(option) for option in command.get("options") or [])


# --------------------------------------------------------------------------------------------
# Rate limits
# --------------------------------------------------------------------------------------------
#
# Fixed windows, as Discord's headers describe them: a bucket's window opens with its first
# request and lasts ``window`` seconds; ``limit`` requests fit in it. Per-route buckets are
# kept per top-level resource (the channel for messages). Every request counts towards the
# global limit except the interaction endpoints (callbacks and the interaction webhook),
# which Discord bills to the interaction token rather than to the bot.


@dataclass(frozen=True)
class RouteLimit:
    """A per-route bucket: ``limit`` requests per ``window`` seconds per top-level resource."""

    name: str
    limit: int
    window: float

    @property
    def bucket(self) -> str:
        """The opaque ``X-RateLimit-Bucket`` value (the same for every resource)."""
        return hashlib.sha1(self.name.encode()).hexdigest()[:32]


MESSAGE_CREATE_LIMIT = RouteLimit("POST /channels/{channel_id}/messages", 5, 5.0)
MESSAGE_EDIT_LIMIT = RouteLimit("PATCH /channels/{channel_id}/messages/{message_id}", 5, 5.0)
DM_CREATE_LIMIT = RouteLimit("POST /users/@me/channels", 5, 5.0)
GLOBAL_LIMIT, GLOBAL_WINDOW = 50, 1.0
RATE_LIMIT_MESSAGE = "You are being rate limited."

# (method, path regex with the top-level resource as group 1, bucket); paths without /api/v10.
ROUTE_LIMITS: tuple[tuple[str, re.Pattern[str], RouteLimit], ...] = (
    ("POST", re.compile(r"/channels/(\d+)/messages"), MESSAGE_CREATE_LIMIT),
    ("PATCH", re.compile(r"/channels/(\d+)/messages/\d+"), MESSAGE_EDIT_LIMIT),
    ("POST", re.compile(r"/users/@me/channels()"), DM_CREATE_LIMIT),
)
_INTERACTION_ROUTE = re.compile(r"/interactions/\d+/[^/]+/callback|/webhooks/\d+/[^/]+(/.*)?")


@dataclass
class _Window:
    limit: int
    length: float  # seconds before scaling
    ends: float = float("-inf")
    used: int = 0

    def roll(self, now: float, scale: float) -> None:
        if now >= self.ends:
            self.ends, self.used = now + self.length * scale, 0

    def reset_after(self, now: float) -> float:
        return max(0.0, self.ends - now)


@dataclass(frozen=True)
class RateLimitVerdict:
    """What the limiter says about one request: its headers, and why it is refused, if so."""

    headers: dict[str, str]
    retry_after: float | None = None  # seconds; set when the request is refused with 429
    is_global: bool = False
    wait: float = 0.0  # how long a client that reads the headers may now hold back

    @property
    def refused(self) -> bool:
        return self.retry_after is not None

    def body(self) -> JSON:
        return {
            "message": RATE_LIMIT_MESSAGE,
            "retry_after": self.retry_after,
            "global": self.is_global,
        }


class RateLimiter:
    """Discord's per-route buckets and global limit, on a clock the tests can drive."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        scale: float = 1.0,
        *,
        enabled: bool = True,
        routes: Sequence[tuple[str, re.Pattern[str], RouteLimit]] = ROUTE_LIMITS,
    ) -> None:
        self.clock = clock
        self.scale = scale  # multiplies every window
        self.enabled = enabled
        self.routes = tuple(routes)
        self._global = _Window(GLOBAL_LIMIT, GLOBAL_WINDOW)
        self._buckets: dict[tuple[str, str], _Window] = {}

    def route(self, method: str, path: str) -> tuple[RouteLimit, str] | None:
        """The bucket of a request and its top-level resource, if the route has one."""
        for route_method, pattern, limit in self.routes:
            match = pattern.fullmatch(path)
            if route_method == method and match:
                return limit, match.group(1)
        return None

    def admit(self, method: str, path: str) -> RateLimitVerdict:
        """Count one request (``path`` without the API prefix); a verdict with
        ``retry_after`` set means it must be answered 429 and not be served."""
        if not self.enabled or _INTERACTION_ROUTE.fullmatch(path):
            return RateLimitVerdict({})
        now = self.clock()
        self._global.roll(now, self.scale)
        if self._global.used >= self._global.limit:
            retry_after = round(self._global.reset_after(now), 3)
            headers = {
                "Retry-After": str(math.ceil(retry_after)),
                "X-RateLimit-Global": "true",
                "X-RateLimit-Scope": "global",
            }
            return RateLimitVerdict(headers, retry_after, is_global=True, wait=retry_after)
        self._global.used += 1
        found = self.route(method, path)
        if found is None:
            return RateLimitVerdict({})
        limit, resource = found
        window = self._buckets.setdefault(
            (limit.name, resource), _Window(limit.limit, limit.window)
        )
        window.roll(now, self.scale)
        refused = window.used >= window.limit
        if not refused:
            window.used += 1
        reset_after = round(window.reset_after(now), 3)
        headers = {
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": str(window.limit - window.used),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": limit.bucket,
        }
        if refused:
            headers |= {"Retry-After": str(math.ceil(reset_after)), "X-RateLimit-Scope": "user"}
            return RateLimitVerdict(headers, reset_after, wait=reset_after)
        exhausted = window.used >= window.limit
        return RateLimitVerdict(headers, wait=reset_after if exhausted else 0.0)


# --------------------------------------------------------------------------------------------
# Gateway
# --------------------------------------------------------------------------------------------


class GatewayConnection:
    """One websocket. Frames are zlib-stream compressed if the client asked for it."""

    def __init__(self, ws: web.WebSocketResponse, query: Mapping[str, str]) -> None:
        self.ws = ws
        self.query = dict(query)
        compress = query.get("compress")
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None

    @property
    def open(self) -> bool:
        return not self.ws.closed

    async def send(self, frame: JSON) -> None:
        if self.ws.closed:
            return
        text = json.dumps(frame)
        with contextlib.suppress(ConnectionError):
            if self._zlib is None:
                await self.ws.send_str(text)
            else:
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)


@dataclass
class GatewaySession:
    """An identified gateway session; it survives reconnects (RESUME) until closed with 1000."""

    id: str
    intents: int
    shard: list[int]
    connection: GatewayConnection | None = None
    seq: int = 0
    backlog: list[JSON] = field(default_factory=list)
    ended: bool = False

    @property
    def online(self) -> bool:
        return not self.ended and self.connection is not None and self.connection.open

    async def dispatch(self, event: str, data: JSON) -> None:
        self.seq += 1
        frame = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.backlog = [*self.backlog[-999:], frame]
        if self.connection is not None:
            await self.connection.send(frame)

    async def replay(self, after: int) -> None:
        assert self.connection is not None
        for frame in self.backlog:
            if frame["s"] > after:
                await self.connection.send(frame)


# --------------------------------------------------------------------------------------------
# The fake
# --------------------------------------------------------------------------------------------


@dataclass
class _Fault:
    method: str
    path: str
    status: int
    times: int

    @property
    def payload(self) -> JSON:
        code = {403: 50013, 404: 10008}.get(self.status, 0)
        message = {403: "Missing Permissions", 404: "Unknown Message"}.get(
            self.status, "Internal Server Error")
        return {"message": message, "code": code}


class FakeDiscord:
    """Fake Discord REST API + gateway. See the module docstring for an example.

    Rate limits are on by default (``rate_limits=False`` turns them off): windows run on
    ``clock`` (``time.monotonic`` unless a test passes its own) and are multiplied by
    ``rate_limit_scale`` (0.05 makes "5 edits per 5 s" 5 per 0.25 s). 429 answers are listed
    in :attr:`rate_limit_hits`, 400s for documented limits in :attr:`limit_violations`;
    neither fails a test by itself.
    """

    def __init__(
        self,
        *,
        bot_id: int = BOT_ID,
        bot_name: str = "Warden",
        application_id: int | None = None,
        guild_id: int | None = GUILD_ID,
        guild_name: str = "Test Guild",
        channel_id: int = CHANNEL_ID,
        channel_name: str = "general",
        settle_time: float = 0.05,
        timeout: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        rate_limit_scale: float = 1.0,
        rate_limits: bool = True,
        shard_count: int = 1,
    ) -> None:
        self.shard_count = shard_count  # what GET /gateway/bot recommends
        self.world = World(FakeUser(bot_id, bot_name, bot=True), application_id or bot_id)
        self.settle_time = settle_time
        self.timeout = timeout
        self.rate_limiter = RateLimiter(clock, rate_limit_scale, enabled=rate_limits)
        self.requests: list[RecordedRequest] = []
        self.rate_limit_hits: list[RecordedRequest] = []  # every request answered 429
        self._faults: list[_Fault] = []  # failures a test asked for (fail_requests)
        self.limit_violations: list[LimitViolation] = []  # every field over a documented limit
        self.message_events: list[MessageEvent] = []  # the bot's message creates and edits
        self.unknown_routes: list[str] = []
        self.server_errors: list[str] = []
        self.interactions: list[InteractionRecord] = []
        self.gateway_frames: list[JSON] = []  # frames the bot sent (heartbeats excluded)
        self.connections: list[GatewayConnection] = []
        self.failure_probe: Callable[[], str | None] | None = None
        self._interactions_by_token: dict[str, InteractionRecord] = {}
        self._sessions: dict[str, GatewaySession] = {}
        self._active: GatewaySession | None = None
        self._inflight = 0
        self._last_activity = time.monotonic()
        self._rate_limit_hold = 0.0  # time.monotonic() until which the bot may be held back
        self._reported_problems: set[str] = set()
        self._runner: web.AppRunner | None = None
        self._port = 0
        self.guild_id = guild_id or 0
        self.channel_id = channel_id
        if guild_id is not None:
            self.add_guild(guild_id, guild_name)
            self.add_channel(channel_id, channel_name, guild_id=guild_id)

    # ------------------------------------------------------------------------------------
    # Lifecycle
    # ------------------------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = self._build_app()
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self._port = int(self._runner.addresses[0][1])
        return self

    async def stop(self) -> None:
        if any(session.online for session in self._sessions.values()):
            self.server_errors.append("a client was still connected when the fake stopped")
        for connection in list(self.connections):
            await connection.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    def patch_discord(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Point discord.py's REST (and interaction webhooks) and gateway at this server.

        Outside fixtures: ``with pytest.MonkeyPatch.context() as mp: fake.patch_discord(mp)``.
        """
        monkeypatch.setattr(discord.http.Route, "BASE", self.api_base)
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", self.gateway_url)

    @property
    def port(self) -> int:
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def api_base(self) -> str:
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> yarl.URL:
        return yarl.URL(f"ws://127.0.0.1:{self._port}/")

    def problems(self) -> list[str]:
        """Unknown routes and fake-server bugs seen so far."""
        return [f"unknown route: {route}" for route in self.unknown_routes] + [
            f"fake server error: {error}" for error in self.server_errors
        ]

    def unreported(self) -> str | None:
        """Problems not reported yet, as text (and mark them reported)."""
        new = [p for p in dict.fromkeys(self.problems()) if p not in self._reported_problems]
        self._reported_problems.update(new)
        return "FakeDiscord problems:\n  " + "\n  ".join(new) if new else None

    def check(self) -> None:
        """Fail the test (once) if there are problems not yet reported."""
        if text := self.unreported():
            pytest.fail(text, pytrace=False)

    # ------------------------------------------------------------------------------------
    # World configuration
    # ------------------------------------------------------------------------------------

    @property
    def bot(self) -> FakeUser:
        return self.world.bot

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def rate_limits(self) -> bool:
        """Whether requests are rate limited (settable)."""
        return self.rate_limiter.enabled

    @rate_limits.setter
    def rate_limits(self, enabled: bool) -> None:
        self.rate_limiter.enabled = enabled

    @property
    def rate_limit_scale(self) -> float:
        """The factor on every rate-limit window (settable; new windows use the new value)."""
        return self.rate_limiter.scale

    @rate_limit_scale.setter
    def rate_limit_scale(self, scale: float) -> None:
        self.rate_limiter.scale = scale

    def add_guild(self, guild_id: int, name: str, *, owner_id: int | None = None) -> FakeGuild:
        guild = FakeGuild(guild_id, name, owner_id=owner_id or self.bot.id)
        guild.roles[guild_id] = FakeRole(guild_id, "@everyone", EVERYONE_PERMISSIONS)
        bot_role = FakeRole(self.world.new_id(), self.bot.name, BOT_PERMISSIONS, 1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot.id] = [bot_role.id]
        self.world.guilds[guild_id] = guild
        return guild

    def add_channel(
        self, channel_id: int, name: str, *, guild_id: int | None = None
    ) -> FakeChannel:
        guild = self.world.guild(guild_id or self.guild_id)
        channel = FakeChannel(channel_id, name, guild_id=guild.id, position=len(guild.channel_ids))
        guild.channel_ids.append(channel_id)
        self.world.channels[channel_id] = channel
        return channel

    def add_role(
        self, role_id: int, name: str, *, permissions: int = 0, guild_id: int | None = None
    ) -> FakeRole:
        guild = self.world.guild(guild_id or self.guild_id)
        role = FakeRole(role_id, name, permissions, position=len(guild.roles))
        guild.roles[role_id] = role
        return role

    def add_user(
        self,
        user_id: int,
        name: str,
        *,
        guilds: Iterable[int] | None = None,
        roles: Iterable[int] = (),
        bot: bool = False,
    ) -> FakeUser:
        """Add a user; by default a member of every guild configured so far."""
        user = FakeUser(user_id, name, bot=bot)
        self.world.users[user_id] = user
        for guild_id in self.world.guilds if guilds is None else guilds:
            self.world.guild(guild_id).members[user_id] = list(roles)
        return user

    def set_owner(self, user_id: int) -> None:
        """Make ``user_id`` the application owner (``Bot.is_owner``)."""
        self.world.owner_id = self.world.user(user_id).id

    def close_dms(self, user_id: int) -> None:
        """The bot's DMs to this user fail with 403 / 50007 (discord.Forbidden)."""
        self.world.closed_dms.add(user_id)

    def open_dms(self, user_id: int) -> None:
        self.world.closed_dms.discard(user_id)

    def dm_channel_id(self, user_id: int) -> int:
        """The (stable) id of the DM channel between the bot and ``user_id``."""
        return self.world.dm_channel(user_id).id

    # ------------------------------------------------------------------------------------
    # Inspection
    # ------------------------------------------------------------------------------------

    def message(self, message_id: int) -> FakeMessage:
        return self.world.message(message_id)

    def messages_in(self, channel_id: int, *, include_ephemeral: bool = True) -> list[FakeMessage]:
        return [
            message
            for message in self.world.messages.values()
            if message.channel_id == channel_id
            and not message.deleted
            and (include_ephemeral or not message.ephemeral)
        ]

    def dms_to(self, user_id: int) -> list[FakeMessage]:
        """Messages in the DM channel with ``user_id`` (the bot's DMs, oldest first)."""
        channel_id = self.world.dm_channels.get(user_id)
        return [] if channel_id is None else self.messages_in(channel_id)

    def notifications(self, user_id: int) -> list[MessageEvent]:
        """Every message the bot sent that notified ``user_id``: a new (never an edited) channel
        message that mentions them (directly, through a role, @everyone/@here or as the author
        of the message it replies to) where its ``allowed_mentions`` let the mention ping, and
        every new DM to them. Ephemeral messages and resolved "thinking" messages never ping."""
        return [event for event in self.message_events if user_id in event.notified]

    def new_channel_messages(self, channel_id: int) -> list[MessageEvent]:
        """Messages the bot created in ``channel_id`` (deleted and ephemeral ones included)."""
        return [
            event
            for event in self.message_events
            if event.kind == "create" and event.channel_id == channel_id
        ]

    def edits(self, channel_id: int) -> list[MessageEvent]:
        """Every edit of a message in ``channel_id`` (one event per edit)."""
        return [
            event
            for event in self.message_events
            if event.kind == "edit" and event.channel_id == channel_id
        ]

    def dms(self, user_id: int) -> list[MessageEvent]:
        """Every DM the bot sent ``user_id`` (creates only; see :meth:`dms_to` for the
        messages as they are now)."""
        channel_id = self.world.dm_channels.get(user_id)
        return [] if channel_id is None else self.new_channel_messages(channel_id)

    def commands(self, guild_id: int | None = None) -> list[JSON]:
        """Synced commands: global ones, or those of ``guild_id``."""
        return list(self.world.commands.get(guild_id, []))

    def find_requests(
        self, method: str | None = None, path: str | None = None
    ) -> list[RecordedRequest]:
        return [request for request in self.requests if request.matches(method, path)]

    def mark(self) -> int:
        """A position in :attr:`requests`, for :meth:`requests_since`."""
        return len(self.requests)

    def requests_since(self, mark: int) -> list[RecordedRequest]:
        return self.requests[mark:]

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float | None = None) -> T:
        """Wait until ``predicate()`` is truthy and return its value."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not (value := predicate()):
            if time.monotonic() > deadline:
                raise TimeoutError(f"condition still false after {timeout or self.timeout}s")
            await asyncio.sleep(_POLL_INTERVAL)
        return value

    async def wait_for_request(
        self,
        method: str | None = None,
        path: str | None = None,
        *,
        since: int = 0,
        timeout: float | None = None,
    ) -> RecordedRequest:
        """Wait for a (finished) request matching ``method`` and the ``path`` glob."""

        def found() -> RecordedRequest | None:
            matches = [r for r in self.requests[since:] if r.matches(method, path) and r.status]
            return matches[0] if matches else None

        return await self.wait_for(found, timeout)

    async def settle(self, timeout: float | None = None) -> None:
        """Wait until the bot has made no request for ``settle_time`` seconds.

        While a rate limit may be holding the bot back (after a 429, or once a bucket it uses
        is exhausted) it is not quiet; ``timeout`` counts from the end of that hold."""
        limit = self.timeout if timeout is None else timeout
        start = time.monotonic()
        while not self._is_quiet():
            if time.monotonic() > max(start, self._rate_limit_hold) + limit:
                raise TimeoutError(f"the bot was still busy after {limit}s")
            await asyncio.sleep(_POLL_INTERVAL)

    def _is_quiet(self) -> bool:
        now = time.monotonic()
        return (
            self._inflight == 0
            and now - self._last_activity >= self.settle_time
            and now - self._rate_limit_hold >= self.settle_time
        )

    def _touch(self) -> None:
        self._last_activity = time.monotonic()

    # ------------------------------------------------------------------------------------
    # Acting as users
    # ------------------------------------------------------------------------------------

    async def slash(
        self, user_id: int, channel_id: int, *path: str, **options: Any
    ) -> InteractionRecord:
        """Run ``/path... option=value``: ``slash(alice, chan, "game", "new", ruleset="x")``."""
        return await self.slash_with(user_id, channel_id, path, options)

    async def slash_with(
        self,
        user_id: int,
        channel_id: int,
        path: Sequence[str],
        options: Mapping[str, Any],
        *,
        expect_response: bool = True,
        timeout: float | None = None,
    ) -> InteractionRecord:
        """Like :meth:`slash`, for option names that are not Python identifiers."""
        data = await self._command_data(user_id, channel_id, path, options, focused=None)
        payload = self._interaction_payload(APPLICATION_COMMAND, user_id, channel_id, data)
        return await self._dispatch(payload, expect_response=expect_response, timeout=timeout)

    async def autocomplete(
        self,
        user_id: int,
        channel_id: int,
        *path: str,
        focused: str,
        value: str = "",
        **options: Any,
    ) -> list[JSON]:
        """Type ``value`` into option ``focused``; returns the bot's choices."""
        data = await self._command_data(
            user_id, channel_id, path, {**options, focused: value}, focused=focused
        )
        payload = self._interaction_payload(AUTOCOMPLETE, user_id, channel_id, data)
        record = await self._dispatch(payload, expect_response=True, timeout=None)
        return record.choices

    async def click(
        self,
        user_id: int,
        message: int | FakeMessage,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        allow_disabled: bool = False,
        expect_response: bool = True,
        timeout: float | None = None,
    ) -> InteractionRecord:
        """Click the button with ``custom_id`` (or ``label``) on ``message``."""
        stored = self._visible_message(user_id, message)
        button = stored.find_component(custom_id=custom_id, label=label, kind=2)
        if button.get("disabled") and not allow_disabled:
            raise AssertionError(f"button {button.get('label')!r} is disabled")
        if not button.get("custom_id"):
            raise AssertionError(f"button {button.get('label')!r} is a link, not clickable")
        data: JSON = {"custom_id": button["custom_id"], "component_type": 2}
        if "id" in button:
            data["id"] = button["id"]
        return await self._component(user_id, stored, data, expect_response, timeout)

    async def select(
        self,
        user_id: int,
        message: int | FakeMessage,
        custom_id: str,
        values: Sequence[str | int],
        *,
        expect_response: bool = True,
        timeout: float | None = None,
    ) -> InteractionRecord:
        """Pick ``values`` in the select menu ``custom_id`` (string, user, role, channel...)."""
        stored = self._visible_message(user_id, message)
        menu = stored.find_component(custom_id=custom_id)
        if menu.get("type") not in _SELECT_TYPES:
            raise AssertionError(f"component {custom_id!r} is not a select menu")
        if menu.get("disabled"):
            raise AssertionError(f"select {custom_id!r} is disabled")
        chosen = [str(value) for value in values]
        _check_select_values(menu, chosen)
        data: JSON = {"custom_id": custom_id, "component_type": menu["type"], "values": chosen}
        channel = self.world.channel(stored.channel_id)
        resolved = self._select_resolved(menu["type"], chosen, channel)
        if resolved:
            data["resolved"] = resolved
        return await self._component(user_id, stored, data, expect_response, timeout)

    async def submit_modal(
        self,
        user_id: int,
        opened_by: InteractionRecord,
        values: Mapping[str, str | Sequence[str]],
        *,
        expect_response: bool = True,
        timeout: float | None = None,
    ) -> InteractionRecord:
        """Fill in and submit the modal the bot answered ``opened_by`` with."""
        modal = opened_by.response
        if modal.type != MODAL:
            raise AssertionError(f"{opened_by.describe()} was not answered with a modal")
        components = [_submitted_component(c, values) for c in modal.data["components"]]
        data = {"custom_id": modal.data["custom_id"], "components": components}
        payload = self._interaction_payload(
            MODAL_SUBMIT, user_id, opened_by.channel_id, data, opened_by.source_message
        )
        return await self._dispatch(payload, expect_response=expect_response, timeout=timeout)

    async def user_command(
        self, user_id: int, channel_id: int, name: str, target_id: int
    ) -> InteractionRecord:
        """Run the user context-menu command ``name`` on ``target_id``."""
        channel = self.world.channel(channel_id)
        command = await self._find_command(name, channel, command_type=2)
        resolved = self._user_resolved([str(target_id)], channel)
        data = {**self._command_base(command), "target_id": str(target_id), "resolved": resolved}
        payload = self._interaction_payload(APPLICATION_COMMAND, user_id, channel_id, data)
        return await self._dispatch(payload, expect_response=True, timeout=None)

    async def message_command(
        self, user_id: int, name: str, message: int | FakeMessage
    ) -> InteractionRecord:
        """Run the message context-menu command ``name`` on ``message``."""
        stored = self._visible_message(user_id, message)
        channel = self.world.channel(stored.channel_id)
        command = await self._find_command(name, channel, command_type=3)
        resolved = {"messages": {str(stored.id): copy.deepcopy(stored.data)}}
        data = {**self._command_base(command), "target_id": str(stored.id), "resolved": resolved}
        payload = self._interaction_payload(APPLICATION_COMMAND, user_id, channel.id, data)
        return await self._dispatch(payload, expect_response=True, timeout=None)

    async def send_message(self, user_id: int, channel_id: int, content: str) -> FakeMessage:
        """A user posts a message (MESSAGE_CREATE, subject to the bot's intents)."""
        channel = self.world.channel(channel_id)
        body = {"content": content}
        message = self.world.store(
            FakeMessage(self.world.message_payload(channel, self.world.user(user_id), body, []))
        )
        self._touch()
        await self._emit_message("MESSAGE_CREATE", message)
        await self.settle()
        return message

    async def force_reconnect(self, timeout: float | None = None) -> None:
        """Send op 7 RECONNECT; waits until the client has RESUMEd its session."""
        session = await self._require_session(timeout)
        old = session.connection
        assert old is not None
        await old.send({"op": 7, "d": None, "s": None, "t": None})
        await self.wait_for(lambda: session.online and session.connection is not old, timeout)

    # ------------------------------------------------------------------------------------
    # Interaction building
    # ------------------------------------------------------------------------------------

    def _visible_message(self, user_id: int, message: int | FakeMessage) -> FakeMessage:
        stored = self.world.message(message.id if isinstance(message, FakeMessage) else message)
        if stored.visible_to not in (None, user_id):
            raise AssertionError(f"message {stored.id} is ephemeral and not visible to {user_id}")
        return stored

    async def _component(
        self,
        user_id: int,
        message: FakeMessage,
        data: JSON,
        expect_response: bool,
        timeout: float | None,
    ) -> InteractionRecord:
        payload = self._interaction_payload(
            MESSAGE_COMPONENT, user_id, message.channel_id, data, message
        )
        return await self._dispatch(payload, expect_response=expect_response, timeout=timeout)

    def _interaction_payload(
        self,
        kind: int,
        user_id: int,
        channel_id: int,
        data: JSON,
        message: FakeMessage | None = None,
    ) -> JSON:
        user = self.world.user(user_id)
        channel = self.world.channel(channel_id)
        interaction_id = self.world.new_id()
        payload: JSON = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "token": f"fake-token-{interaction_id}",
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "channel": self.world.channel_payload(channel),
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "app_permissions": str(self.world.channel_permissions(channel, self.bot.id)),
        }
        if message is not None:
            payload["message"] = copy.deepcopy(message.data)
        if channel.guild_id is None:
            payload["user"] = user.payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": "0"}
            return payload
        guild = self.world.guilds[channel.guild_id]
        payload["channel"]["permissions"] = str(self.world.permissions(guild, user.id))
        payload["guild_id"] = str(guild.id)
        payload["guild"] = {"id": str(guild.id), "locale": "en-US", "features": []}
        payload["guild_locale"] = "en-US"
        payload["member"] = self.world.member_payload(guild, user.id, permissions=True)
        payload["context"] = 0
        payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        return payload

    async def _find_command(
        self, name: str, channel: FakeChannel, *, command_type: int = 1
    ) -> JSON:
        """The synced command ``name`` usable in ``channel``.

        Waits while the bot has synced nothing yet or is still busy (it may sync in on_ready).
        """
        scopes: list[int | None] = [None] if channel.guild_id is None else [channel.guild_id, None]

        def lookup() -> JSON | None:
            for scope in scopes:
                for command in self.world.commands.get(scope, []):
                    if command["name"] == name and command.get("type", 1) == command_type:
                        return command
            return None

        def settled() -> bool:
            return lookup() is not None or (bool(self.world.commands) and self._is_quiet())

        with contextlib.suppress(TimeoutError):
            await self.wait_for(settled)
        found = lookup()
        if found is not None:
            return found
        synced = {scope: [c["name"] for c in cmds] for scope, cmds in self.world.commands.items()}
        raise LookupError(
            f"no synced command {name!r} (type {command_type}) usable in channel {channel.id}; "
            f"synced (guild id or None for global): {synced}"
        )

    def _command_base(self, command: JSON) -> JSON:
        data: JSON = {"id": command["id"], "name": command["name"], "type": command.get("type", 1)}
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        return data

    async def _command_data(
        self,
        user_id: int,
        channel_id: int,
        path: Sequence[str],
        values: Mapping[str, Any],
        focused: str | None,
    ) -> JSON:
        if not path:
            raise ValueError("give the command name, e.g. slash(user, channel, 'game', 'new')")
        names = [part for item in path for part in item.split()]
        channel = self.world.channel(channel_id)
        command = await self._find_command(names[0], channel)
        self._check_command_allowed(command, channel, user_id)
        resolved: JSON = {}
        options = self._build_options(command, names, values, focused, channel, resolved)
        data = {**self._command_base(command), "options": options}
        if resolved:
            data["resolved"] = resolved
        return data

    def _check_command_allowed(self, command: JSON, channel: FakeChannel, user_id: int) -> None:
        name = command["name"]
        if channel.guild_id is None:
            contexts = command.get("contexts")
            if command.get("dm_permission") is False or (
                contexts is not None and 1 not in contexts
            ):
                raise PermissionError(f"/{name} cannot be used in DMs")
            return
        required = command.get("default_member_permissions")
        if required is None:
            return
        granted = self.world.permissions(self.world.guilds[channel.guild_id], user_id)
        if granted & int(required) != int(required) or (
            int(required) == 0 and granted != ALL_PERMISSIONS
        ):
            raise PermissionError(f"user {user_id} lacks the permissions /{name} requires")

    def _build_options(
        self,
        command: JSON,
        names: Sequence[str],
        values: Mapping[str, Any],
        focused: str | None,
        channel: FakeChannel,
        resolved: JSON,
    ) -> list[JSON]:
        definitions: list[JSON] = command.get("options") or []
        wrappers: list[JSON] = []
        for name in names[1:]:
            sub = next(
                (o for o in definitions if o["name"] == name and o["type"] in _SUBCOMMAND_TYPES),
                None,
            )
            if sub is None:
                available = [o["name"] for o in definitions if o["type"] in _SUBCOMMAND_TYPES]
                raise LookupError(f"/{' '.join(names)}: no subcommand {name!r}; has {available}")
            wrappers.append(sub)
            definitions = sub.get("options") or []
        if any(o["type"] in _SUBCOMMAND_TYPES for o in definitions):
            subs = [o["name"] for o in definitions]
            raise LookupError(f"/{' '.join(names)} is a group; pick a subcommand from {subs}")
        options = self._leaf_options(definitions, values, focused, channel, resolved)
        for sub in reversed(wrappers):
            options = [{"type": sub["type"], "name": sub["name"], "options": options}]
        return options

    def _leaf_options(
        self,
        definitions: list[JSON],
        values: Mapping[str, Any],
        focused: str | None,
        channel: FakeChannel,
        resolved: JSON,
    ) -> list[JSON]:
        known = {definition["name"] for definition in definitions}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ValueError(f"unknown options {unknown}; the command has {sorted(known)}")
        options: list[JSON] = []
        for definition in definitions:
            name = definition["name"]
            if name not in values:
                if definition.get("required") and focused is None:
                    raise ValueError(f"missing required option {name!r}")
                continue
            option: JSON = {"type": definition["type"], "name": name}
            if name == focused:
                option |= {"value": str(values[name]), "focused": True}
            else:
                option["value"] = self._option_value(definition, values[name], channel, resolved)
            options.append(option)
        return options

    def _option_value(
        self, definition: JSON, value: Any, channel: FakeChannel, resolved: JSON
    ) -> Any:
        kind, name = definition["type"], definition["name"]
        if kind == 3:
            result: Any = str(value)
            _check_range(
                name, len(result), definition.get("min_length"), definition.get("max_length")
            )
        elif kind in (4, 10):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError(f"option {name!r} needs a number, got {value!r}")
            result = int(value) if kind == 4 else float(value)
            _check_range(name, result, definition.get("min_value"), definition.get("max_value"))
        elif kind == 5:
            if not isinstance(value, bool):
                raise TypeError(f"option {name!r} needs a bool, got {value!r}")
            result = value
        else:
            result = self._snowflake_option(kind, name, value, definition, channel, resolved)
        choices = definition.get("choices")
        if choices and result not in [choice["value"] for choice in choices]:
            raise ValueError(f"option {name!r}={result!r} is not one of {choices}")
        return result

    def _snowflake_option(
        self,
        kind: int,
        name: str,
        value: Any,
        definition: JSON,
        channel: FakeChannel,
        resolved: JSON,
    ) -> str:
        if kind == 11:
            return self._attachment_option(value, channel, resolved)
        ident = str(getattr(value, "id", value))
        role_ids = self.world.guilds[channel.guild_id].roles if channel.guild_id else {}
        is_role = int(ident) in role_ids
        if kind == 8 or (kind == 9 and is_role):
            _merge(resolved, {"roles": {ident: role_ids[int(ident)].payload()}})
        elif kind in (6, 9):
            _merge(resolved, self._user_resolved([ident], channel))
        elif kind == 7:
            target = self.world.channel(int(ident))
            allowed = definition.get("channel_types")
            if allowed and target.type not in allowed:
                raise ValueError(f"option {name!r}: channel type {target.type} not in {allowed}")
            data = {**self.world.channel_payload(target), "permissions": str(ALL_PERMISSIONS)}
            _merge(resolved, {"channels": {ident: data}})
        else:
            raise TypeError(f"option {name!r} has unsupported type {kind}")
        return ident

    def _attachment_option(self, value: Any, channel: FakeChannel, resolved: JSON) -> str:
        if isinstance(value, UploadedFile):
            upload = value
        else:
            filename, data = value
            upload = UploadedFile(0, filename, bytes(data), _guess_type(filename))
        attachment = self.world.new_attachment(channel.id, upload, self.base_url)
        _merge(resolved, {"attachments": {attachment["id"]: attachment}})
        return str(attachment["id"])

    def _user_resolved(self, ids: Sequence[str], channel: FakeChannel) -> JSON:
        resolved: JSON = {"users": {}}
        guild = self.world.guilds.get(channel.guild_id or 0)
        for ident in ids:
            resolved["users"][ident] = self.world.user(int(ident)).payload()
            if guild is not None and int(ident) in guild.members:
                member = self.world.member_payload(guild, int(ident), permissions=True)
                member.pop("user")
                resolved.setdefault("members", {})[ident] = member
        return resolved

    def _select_resolved(self, kind: int, values: Sequence[str], channel: FakeChannel) -> JSON:
        resolved: JSON = {}
        option_type = {5: 6, 6: 8, 7: 9, 8: 7}.get(kind)  # user, role, mentionable, channel
        if option_type is None:
            return resolved
        definition: JSON = {"name": "values", "type": option_type}
        for value in values:
            self._snowflake_option(option_type, "values", value, definition, channel, resolved)
        return resolved

    # ------------------------------------------------------------------------------------
    # Dispatch and waiting
    # ------------------------------------------------------------------------------------

    def session_for(self, channel_id: int | None = None) -> GatewaySession | None:
        """The session that gets a channel's events, as Discord shards them: a guild's on
        shard ``(guild_id >> 22) % shard_count``, a DM's on shard 0 (the newest session
        of that shard; no channel: the newest session of all)."""
        if channel_id is None:
            return self._active
        channel = self.world.channel(channel_id)
        for session in reversed(list(self._sessions.values())):
            number, count = session.shard
            target = 0 if channel.guild_id is None else (channel.guild_id >> 22) % count
            if not session.ended and number == target:
                return session
        return None

    async def _require_session(self, timeout: float | None = None,
                               channel_id: int | None = None) -> GatewaySession:
        def online() -> bool:
            session = self.session_for(channel_id)
            return session is not None and session.online

        try:
            await self.wait_for(online, timeout)
        except TimeoutError:
            raise RuntimeError("no bot is connected to the fake gateway"
                               + (f" for channel {channel_id}'s shard" if channel_id else "")
                               ) from None
        session = self.session_for(channel_id)
        assert session is not None
        return session

    def open_interaction(
        self,
        kind: int,
        user_id: int,
        channel_id: int,
        data: JSON,
        message: FakeMessage | None = None,
    ) -> InteractionRecord:
        """Register an interaction without sending it to any bot, so that a test can answer
        it itself over raw HTTP (``/interactions/{id}/{token}/callback``, the webhook)."""
        return self._register(self._interaction_payload(kind, user_id, channel_id, data, message))

    def _register(self, payload: JSON) -> InteractionRecord:
        record = InteractionRecord(
            id=int(payload["id"]),
            token=payload["token"],
            type=payload["type"],
            user_id=int((payload.get("member") or payload)["user"]["id"]),
            channel_id=int(payload["channel_id"]),
            payload=payload,
            dispatched_at=time.monotonic(),
        )
        if "message" in payload:
            record.source_message = self.world.message(int(payload["message"]["id"]))
            record.original = record.source_message
        self.interactions.append(record)
        self._interactions_by_token[record.token] = record
        return record

    async def _dispatch(
        self, payload: JSON, *, expect_response: bool, timeout: float | None
    ) -> InteractionRecord:
        session = await self._require_session(timeout, int(payload["channel_id"]))
        record = self._register(payload)
        mark = self.mark()
        self._touch()
        await session.dispatch("INTERACTION_CREATE", payload)
        try:
            await self._wait_answered(record, mark, expect_response, timeout)
        finally:
            record.requests = self.requests_since(mark)
        return record

    async def _wait_answered(
        self, record: InteractionRecord, mark: int, expect_response: bool, timeout: float | None
    ) -> None:
        limit = self.timeout if timeout is None else timeout
        start = time.monotonic()
        while True:
            done = record.responded or not expect_response
            if done and self._is_quiet():
                return
            failure = self.failure_probe() if self.failure_probe else None
            if failure and not record.responded and self._is_quiet():
                raise BotError(f"the bot failed while handling {record.describe()}:\n{failure}")
            # Once answered, a rate-limit hold extends the wait for the bot to go quiet.
            if time.monotonic() > (max(start, self._rate_limit_hold) if done else start) + limit:
                if done:
                    return
                seen = "\n  ".join(repr(r) for r in self.requests_since(mark)) or "none"
                raise InteractionNotAnswered(
                    f"the bot did not answer {record.describe()} within the timeout; "
                    f"requests it made meanwhile:\n  {seen}"
                )
            await asyncio.sleep(_POLL_INTERVAL)

    # ------------------------------------------------------------------------------------
    # HTTP server
    # ------------------------------------------------------------------------------------

    def _build_app(self) -> web.Application:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        for method, path, handler in self._routes():
            app.router.add_route(method, _route_pattern(API_PREFIX + path), handler)
        attachment = "/attachments/{channel_id}/{attachment_id}/{filename}"
        app.router.add_get(_route_pattern(attachment), self._attachment)
        app.router.add_route("*", "/{tail:.*}", self._unknown_route)
        return app

    def _routes(self) -> list[tuple[str, str, _Handler]]:
        app = "/applications/{app_id}"
        guild_command = app + "/guilds/{guild_id}/commands/{command_id}"
        webhook = "/webhooks/{app_id}/{token}"
        webhook_message = webhook + "/messages/{message_id}"
        message = "/channels/{channel_id}/messages/{message_id}"
        return [
            ("GET", "/users/@me", self._get_me),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/users/{user_id}", self._get_user),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/applications/@me", self._get_application),
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway_bot),
            ("GET", app + "/commands", self._list_commands),
            ("PUT", app + "/commands", self._put_commands),
            ("POST", app + "/commands", self._upsert_command),
            ("GET", app + "/commands/{command_id}", self._get_command),
            ("PATCH", app + "/commands/{command_id}", self._edit_command),
            ("DELETE", app + "/commands/{command_id}", self._delete_command),
            ("GET", app + "/guilds/{guild_id}/commands/permissions", self._empty_list),
            ("GET", app + "/guilds/{guild_id}/commands", self._list_commands),
            ("PUT", app + "/guilds/{guild_id}/commands", self._put_commands),
            ("POST", app + "/guilds/{guild_id}/commands", self._upsert_command),
            ("GET", guild_command, self._get_command),
            ("PATCH", guild_command, self._edit_command),
            ("DELETE", guild_command, self._delete_command),
            ("GET", "/channels/{channel_id}", self._get_channel),
            ("POST", "/channels/{channel_id}/typing", self._no_content),
            ("GET", "/channels/{channel_id}/messages", self._list_messages),
            ("POST", "/channels/{channel_id}/messages", self._post_message),
            ("POST", "/channels/{channel_id}/messages/bulk-delete", self._bulk_delete),
            ("GET", message, self._get_message),
            ("PATCH", message, self._edit_message),
            ("DELETE", message, self._delete_message),
            ("PUT", message + "/reactions/{emoji}/@me", self._add_reaction),
            ("DELETE", message + "/reactions/{emoji}/@me", self._remove_reaction),
            ("GET", "/guilds/{guild_id}", self._get_guild),
            ("GET", "/guilds/{guild_id}/channels", self._get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self._get_guild_roles),
            ("GET", "/guilds/{guild_id}/members", self._list_members),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._callback),
            ("POST", webhook, self._followup),
            ("GET", webhook_message, self._get_webhook_message),
            ("PATCH", webhook_message, self._edit_webhook_message),
            ("DELETE", webhook_message, self._delete_webhook_message),
        ]

    @web.middleware
    async def _middleware(self, request: web.Request, handler: _Handler) -> web.StreamResponse:
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._gateway(request)
        self._inflight += 1
        self._touch()
        record = RecordedRequest(
            request.method,
            request.path.removeprefix(API_PREFIX),
            dict(request.query),
            None,
            [],
            time.monotonic(),
        )
        self._link_interaction(record, request.match_info.get("token"))
        self.requests.append(record)
        try:
            fault = self._take_fault(record)
            verdict = self._rate_limit(request, record)
            if fault is not None:
                with contextlib.suppress(ApiError):
                    await self._read_body(request, record)
                response = json_response(fault.payload, fault.status)
            elif verdict.refused:
                with contextlib.suppress(ApiError):
                    await self._read_body(request, record)
                response: web.StreamResponse = json_response(verdict.body(), 429)
                self.rate_limit_hits.append(record)
            else:
                response = await self._answer(request, record, handler)
            response.headers.update(verdict.headers)
            response.headers["Via"] = "1.1 google"  # discord.py retries a 429 only with it
            record.status = response.status
            record.response_headers = dict(response.headers)
            body = response.body if isinstance(response, web.Response) else None
            if isinstance(body, bytes) and response.content_type == "application/json":
                record.response = json.loads(body)
            return response
        finally:
            self._inflight -= 1
            self._touch()

    def fail_requests(self, method: str, path: str, *, status: int = 500,
                      times: int = 1) -> None:
        """Answer the next `times` requests matching `method` and the fnmatch pattern
        `path` (without /api/v10) with `status` and a Discord error body, as when
        Discord has an outage or refuses the bot (500, 403, ...)."""
        self._faults.append(_Fault(method.upper(), path, status, times))

    def _take_fault(self, record: RecordedRequest) -> _Fault | None:
        for fault in self._faults:
            if fault.times > 0 and record.method == fault.method and fnmatch.fnmatch(
                    record.path, fault.path):
                fault.times -= 1
                return fault
        return None

    def _link_interaction(self, record: RecordedRequest, token: str | None) -> None:
        """Tie a request to the interaction whose token it uses, else to the latest one."""
        interaction = self._interactions_by_token.get(token or "")
        if interaction is None and self.interactions:
            interaction = self.interactions[-1]
        if interaction is not None:
            record.interaction_id = interaction.id
            record.since_interaction = record.time - interaction.dispatched_at

    def _rate_limit(self, request: web.Request, record: RecordedRequest) -> RateLimitVerdict:
        if not request.path.startswith(API_PREFIX + "/"):
            return RateLimitVerdict({})  # attachments are served by the CDN, not the API
        verdict = self.rate_limiter.admit(request.method, record.path)
        if verdict.wait:
            self._rate_limit_hold = max(self._rate_limit_hold, time.monotonic() + verdict.wait)
        return verdict

    async def _answer(
        self, request: web.Request, record: RecordedRequest, handler: _Handler
    ) -> web.StreamResponse:
        try:
            await self._read_body(request, record)
            return await handler(request)
        except ApiError as error:
            self._record_violations(record, error)
            return json_response(error.payload(), error.status)
        except Exception as error:  # a bug in the fake: never answer 5xx, but fail the test
            logging.getLogger(__name__).debug("fake server error", exc_info=True)
            self.server_errors.append(f"{request.method} {request.path}: {error!r}")
            return json_response({"message": f"fake server error: {error!r}", "code": 0}, 400)

    def _record_violations(self, record: RecordedRequest, error: ApiError) -> None:
        if error.errors:
            for path, code, message in flatten_errors(error.errors):
                self.limit_violations.append(LimitViolation(record, path, code, message))
        elif error.code in _LIMIT_ERROR_CODES:
            self.limit_violations.append(LimitViolation(record, "", str(error.code), error.message))

    async def _read_body(self, request: web.Request, record: RecordedRequest) -> None:
        body: Any = None
        files: list[UploadedFile] = []
        if request.content_type.startswith("multipart/"):
            body, files = await _read_multipart(request)
        elif request.can_read_body:
            raw = await request.read()
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
        request[_BODY], request[_FILES] = body, files
        record.json, record.files = body, files

    async def _unknown_route(self, request: web.Request) -> web.Response:
        self.unknown_routes.append(f"{request.method} {request.path}")
        return json_response({"message": "Unknown route", "code": 0}, 404)

    async def _no_content(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def _empty_list(self, request: web.Request) -> web.Response:
        return json_response([])

    # -- users, application, gateway -----------------------------------------------------

    async def _get_me(self, request: web.Request) -> web.Response:
        return json_response(self.world.bot_payload())

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise _unknown("User", 10013)
        return json_response(user.payload())

    async def _get_application(self, request: web.Request) -> web.Response:
        return json_response(self.world.application_payload())

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": str(self.gateway_url)})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return json_response(
            {"url": str(self.gateway_url), "shards": self.shard_count,
             "session_start_limit": limit}
        )

    async def _create_dm(self, request: web.Request) -> web.Response:
        recipient = int(_body(request).get("recipient_id", 0))
        if recipient not in self.world.users:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return json_response(self.world.channel_payload(self.world.dm_channel(recipient)))

    # -- application commands -------------------------------------------------------------

    def _command_scope(self, request: web.Request) -> int | None:
        if int(request.match_info["app_id"]) != self.application_id:
            raise _unknown("Application", 10002)
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None
        if int(guild_id) not in self.world.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return int(guild_id)

    def _command_payload(self, raw: JSON, scope: int | None, command_id: str) -> JSON:
        command = {
            "description": "",  # what Discord returns for context-menu commands
            "default_member_permissions": None,
            "nsfw": False,
            **raw,
            "id": command_id,
            "application_id": str(self.application_id),
            "type": raw.get("type", 1),
            "version": str(self.world.new_id()),
        }
        if scope is not None:
            command["guild_id"] = str(scope)
        return command

    def _existing_command_id(self, scope: int | None, raw: JSON) -> str:
        key = (raw.get("name"), raw.get("type", 1))
        for command in self.world.commands.get(scope, []):
            if (command["name"], command["type"]) == key:
                return str(command["id"])
        return str(self.world.new_id())

    async def _list_commands(self, request: web.Request) -> web.Response:
        return json_response(self.world.commands.get(self._command_scope(request), []))

    async def _put_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        validate_commands(_body(request) or [])
        commands = [
            self._command_payload(raw, scope, self._existing_command_id(scope, raw))
            for raw in _body(request) or []
        ]
        self.world.commands[scope] = commands
        return json_response(commands)

    async def _upsert_command(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        raw = _body(request)
        validate_command(raw)
        command = self._command_payload(raw, scope, self._existing_command_id(scope, raw))
        others = [c for c in self.world.commands.get(scope, []) if c["id"] != command["id"]]
        limit = MAX_COMMANDS.get(command["type"], 0)
        if sum(1 for c in others if c["type"] == command["type"]) >= limit:
            raise ApiError(400, 30032, f"Maximum number of application commands reached ({limit})")
        self.world.commands[scope] = [*others, command]
        return json_response(command, 201)

    def _command_at(self, request: web.Request) -> tuple[int | None, JSON]:
        scope = self._command_scope(request)
        for command in self.world.commands.get(scope, []):
            if command["id"] == request.match_info["command_id"]:
                return scope, command
        raise _unknown("application command", 10063)

    async def _get_command(self, request: web.Request) -> web.Response:
        return json_response(self._command_at(request)[1])

    async def _edit_command(self, request: web.Request) -> web.Response:
        scope, command = self._command_at(request)
        validate_command({**command, **_body(request)})
        updated = self._command_payload({**command, **_body(request)}, scope, command["id"])
        self.world.commands[scope] = [
            updated if c["id"] == command["id"] else c for c in self.world.commands[scope]
        ]
        return json_response(updated)

    async def _delete_command(self, request: web.Request) -> web.Response:
        scope, command = self._command_at(request)
        self.world.commands[scope] = [c for c in self.world.commands[scope] if c is not command]
        return web.Response(status=204)

    # -- channels and messages ------------------------------------------------------------

    def _channel_at(self, request: web.Request) -> FakeChannel:
        channel = self.world.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            raise _unknown("Channel", 10003)
        return channel

    def _message_at(self, request: web.Request) -> FakeMessage:
        channel = self._channel_at(request)
        message = self.world.messages.get(int(request.match_info["message_id"]))
        if (
            message is None
            or message.deleted
            or message.ephemeral
            or message.channel_id != channel.id
        ):
            raise _unknown("Message", 10008)
        return message

    async def _get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.world.channel_payload(self._channel_at(request)))

    async def _post_message(self, request: web.Request) -> web.Response:
        channel = self._channel_at(request)
        if channel.is_dm and channel.recipient_id in self.world.closed_dms:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        body = dict(_body(request))
        body["flags"] = int(body.get("flags") or 0) & ~EPHEMERAL
        message = self._create_message(channel, body, _files(request))
        await self._emit_message("MESSAGE_CREATE", message)
        return json_response(message.data)

    async def _list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel_at(request)
        query = request.query
        limit = min(int(query.get("limit", 50)), 100)
        messages = [m for m in self.messages_in(channel.id) if not m.ephemeral]
        if "before" in query:
            messages = [m for m in messages if m.id < int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if m.id > int(query["after"])][:limit]
        if "around" in query:
            around = int(query["around"])
            older = [m for m in messages if m.id <= around][-(limit // 2 + 1) :]
            messages = older + [m for m in messages if m.id > around][: limit // 2]
        newest_first = sorted(messages, key=lambda m: m.id, reverse=True)[:limit]
        return json_response([m.data for m in newest_first])

    async def _get_message(self, request: web.Request) -> web.Response:
        return json_response(self._message_at(request).data)

    async def _edit_message(self, request: web.Request) -> web.Response:
        message = self._message_at(request)
        if message.author_id != self.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self._edit(message, _body(request), _files(request))
        await self._emit_message("MESSAGE_UPDATE", message)
        return json_response(message.data)

    async def _delete_message(self, request: web.Request) -> web.Response:
        message = self._message_at(request)
        message.deleted = True
        await self._emit_message("MESSAGE_DELETE", message)
        return web.Response(status=204)

    async def _bulk_delete(self, request: web.Request) -> web.Response:
        channel = self._channel_at(request)
        for raw_id in _body(request).get("messages", []):
            message = self.world.messages.get(int(raw_id))
            if message is not None and message.channel_id == channel.id:
                message.deleted = True
        return web.Response(status=204)

    async def _add_reaction(self, request: web.Request) -> web.Response:
        self._message_at(request).reactions.add(request.match_info["emoji"])
        return web.Response(status=204)

    async def _remove_reaction(self, request: web.Request) -> web.Response:
        self._message_at(request).reactions.discard(request.match_info["emoji"])
        return web.Response(status=204)

    async def _attachment(self, request: web.Request) -> web.Response:
        upload = self.world.blobs.get(int(request.match_info["attachment_id"]))
        if upload is None:
            raise _unknown("Attachment", 0)
        return web.Response(body=upload.data, headers={"Content-Type": upload.content_type})

    # -- guilds -----------------------------------------------------------------------------

    def _guild_at(self, request: web.Request) -> FakeGuild:
        guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise _unknown("Guild", 10004)
        return guild

    async def _get_guild(self, request: web.Request) -> web.Response:
        return json_response(self.world.guild_payload(self._guild_at(request)))

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild_at(request)
        return json_response(
            [self.world.channel_payload(self.world.channels[c]) for c in guild.channel_ids]
        )

    async def _get_guild_roles(self, request: web.Request) -> web.Response:
        return json_response([role.payload() for role in self._guild_at(request).roles.values()])

    async def _list_members(self, request: web.Request) -> web.Response:
        guild = self._guild_at(request)
        after = int(request.query.get("after", 0))
        limit = int(request.query.get("limit", 1))
        ids = sorted(uid for uid in guild.members if uid > after)[:limit]
        return json_response([self.world.member_payload(guild, uid) for uid in ids])

    async def _get_member(self, request: web.Request) -> web.Response:
        guild = self._guild_at(request)
        user_id = int(request.match_info["user_id"])
        if user_id not in guild.members:
            raise _unknown("Member", 10007)
        return json_response(self.world.member_payload(guild, user_id))

    # -- message store helpers -----------------------------------------------------------

    def _attachments(
        self, channel_id: int, body: JSON, files: list[UploadedFile], existing: list[JSON]
    ) -> list[JSON]:
        if sum(len(upload.data) for upload in files) > ATTACHMENT_SIZE_LIMIT:
            raise ApiError(413, 40005, "Request entity too large")
        uploads = {upload.index: upload for upload in files}
        if "attachments" not in body:
            new = [self.world.new_attachment(channel_id, u, self.base_url) for u in files]
            return existing + new
        kept = {str(attachment["id"]): attachment for attachment in existing}
        result = []
        for index, entry in enumerate(body["attachments"] or []):
            ident = str(entry.get("id"))
            if ident in kept:
                result.append(kept[ident])
            elif ident.isdigit() and int(ident) in uploads:
                upload = uploads[int(ident)]
                result.append(self.world.new_attachment(channel_id, upload, self.base_url))
            else:
                raise invalid_form(f"attachments.{index}.id", "ATTACHMENT_NOT_FOUND", "Unknown")
        if len(result) > 10:
            raise invalid_form(
                "attachments", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."
            )
        return result

    def _create_message(
        self,
        channel: FakeChannel,
        body: JSON,
        files: list[UploadedFile],
        *,
        extra: JSON | None = None,
        visible_to: int | None = None,
        allow_empty: bool = False,
    ) -> FakeMessage:
        validate_message_fields(body, files)
        attachments = self._attachments(channel.id, body, files, [])
        data = self.world.message_payload(channel, self.bot, body, attachments)
        data.update(extra or {})
        if not allow_empty:
            ensure_not_empty(data)
        message = FakeMessage(data, files=list(files))
        if data["flags"] & EPHEMERAL:
            message.visible_to = visible_to
        self.world.store(message)
        self._log_message("create", message, body)
        return message

    def _edit(self, message: FakeMessage, body: JSON, files: list[UploadedFile]) -> None:
        flagged = {**body, "flags": message.flags | int(body.get("flags") or 0)}
        validate_message_fields(flagged, files)
        attachments = self._attachments(message.channel_id, body, files, message.attachments)
        data = copy.deepcopy(message.data)
        for key, empty in (("content", ""), ("embeds", []), ("components", [])):
            if key in body:
                data[key] = body[key] if body[key] is not None else empty
        data["mentions"] = self.world.mentions(data["content"])
        flags = int(body["flags"] or 0) if "flags" in body else message.flags
        data["flags"] = (message.flags & (EPHEMERAL | COMPONENTS_V2 | LOADING)) | (
            flags & (COMPONENTS_V2 | SUPPRESS_EMBEDS)
        )
        data["attachments"] = attachments
        data["edited_timestamp"] = _now()
        ensure_not_empty(data)
        message.history.append(message.data)
        message.data = data
        message.files.extend(files)
        self._log_message("edit", message, body)

    def _log_message(self, kind: str, message: FakeMessage, body: JSON) -> None:
        allowed = body.get("allowed_mentions")
        notified = self._notified(message, allowed) if kind == "create" else frozenset()
        event = MessageEvent(
            kind, message, copy.deepcopy(message.data), allowed, notified, time.monotonic()
        )
        self.message_events.append(event)

    def _notified(self, message: FakeMessage, allowed: JSON | None) -> frozenset[int]:
        """Who a new message pings (Discord's allowed_mentions rules; absent: parse all)."""
        channel = self.world.channel(message.channel_id)
        if message.ephemeral or message.loading:
            return frozenset()
        if channel.is_dm:
            return frozenset({channel.recipient_id or 0})
        guild = self.world.guild(channel.guild_id or 0)
        rules = allowed if allowed is not None else {"parse": ["users", "roles", "everyone"]}
        parse = set(rules.get("parse") or [])
        listed_users = {int(uid) for uid in rules.get("users") or []}
        listed_roles = {int(rid) for rid in rules.get("roles") or []}
        content = message.content
        pinged = {
            uid
            for uid in map(int, re.findall(r"<@!?(\d+)>", content))
            if "users" in parse or uid in listed_users
        }
        for role_id in map(int, re.findall(r"<@&(\d+)>", content)):
            if "roles" in parse or role_id in listed_roles:
                pinged |= {uid for uid, roles in guild.members.items() if role_id in roles}
        if "everyone" in parse and re.search(r"@(everyone|here)\b", content):
            pinged |= set(guild.members)
        replied = message.data.get("referenced_message")
        if replied and (allowed is None or allowed.get("replied_user")):
            pinged.add(int(replied["author"]["id"]))
        return frozenset(uid for uid in pinged if uid in guild.members and uid != self.bot.id)

    async def _emit_message(self, event: str, message: FakeMessage) -> None:
        """MESSAGE_CREATE/UPDATE/DELETE to the connected bot, as its intents allow."""
        session = self.session_for(message.channel_id)
        if message.ephemeral or session is None or session.ended:
            return
        channel = self.world.channel(message.channel_id)
        intent = INTENT_DIRECT_MESSAGES if channel.is_dm else INTENT_GUILD_MESSAGES
        if not session.intents & intent:
            return
        data = copy.deepcopy(message.data)
        if event == "MESSAGE_DELETE":
            data = {key: data[key] for key in ("id", "channel_id", "guild_id") if key in data}
        elif not self._sees_content(session, message, channel):
            data.update(content="", embeds=[], attachments=[], components=[])
        await session.dispatch(event, data)

    def _sees_content(
        self, session: GatewaySession, message: FakeMessage, channel: FakeChannel
    ) -> bool:
        mentioned = any(int(user["id"]) == self.bot.id for user in message.data["mentions"])
        privileged = bool(session.intents & INTENT_MESSAGE_CONTENT)
        return privileged or channel.is_dm or mentioned or message.author_id == self.bot.id

    # -- interactions ---------------------------------------------------------------------

    def _interaction_at(self, request: web.Request) -> InteractionRecord:
        record = self._interactions_by_token.get(request.match_info["token"])
        if record is None or str(record.id) != request.match_info["interaction_id"]:
            raise _unknown("interaction", 10062)
        return record

    def _webhook_interaction(self, request: web.Request) -> InteractionRecord:
        record = self._interactions_by_token.get(request.match_info["token"])
        if record is None or int(request.match_info["app_id"]) != self.application_id:
            raise _unknown("Webhook", 10015)
        if not record.responded:
            raise _unknown("Webhook", 10015)  # what Discord says before the callback
        return record

    async def _callback(self, request: web.Request) -> web.Response:
        record = self._interaction_at(request)
        if record.responded:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        body = _body(request)
        kind = int(body.get("type", 0))
        if kind not in _ALLOWED_CALLBACKS.get(record.type, set()):
            raise invalid_form("type", "INTERACTION_RESPONSE_TYPE_INVALID", f"Invalid type {kind}")
        data = body.get("data") or {}
        try:
            message = await self._apply_callback(record, kind, data, _files(request))
        except ApiError as error:
            if error.errors:
                error.errors = {"data": error.errors}  # the message fields live under "data"
            raise
        record.answer = InteractionResponse(kind, data, _files(request), message)
        return json_response(self._callback_answer(record, kind, message))

    async def _apply_callback(
        self, record: InteractionRecord, kind: int, data: JSON, files: list[UploadedFile]
    ) -> FakeMessage | None:
        if kind == AUTOCOMPLETE_RESULT:
            validate_choices(data.get("choices") or [])
            return None
        if kind == MODAL:
            validate_modal(data)
            return None
        if kind == DEFERRED_UPDATE:
            return None
        if kind == UPDATE_MESSAGE:
            if record.source_message is None:
                raise invalid_form("type", "INTERACTION_RESPONSE_TYPE_INVALID", "No message")
            self._edit(record.source_message, data, files)
            await self._emit_message("MESSAGE_UPDATE", record.source_message)
            return record.source_message
        loading = kind == DEFERRED_MESSAGE
        body = {"flags": (int(data.get("flags") or 0) & EPHEMERAL) | LOADING} if loading else data
        message = self._interaction_message(record, body, files, allow_empty=loading)
        record.original = message
        return message

    def _interaction_message(
        self,
        record: InteractionRecord,
        body: JSON,
        files: list[UploadedFile],
        *,
        allow_empty: bool = False,
    ) -> FakeMessage:
        channel = self.world.channel(record.channel_id)
        user = self.world.user(record.user_id)
        is_command = record.type == APPLICATION_COMMAND
        extra: JSON = {
            "type": 20 if is_command and record.original is None else 0,
            "webhook_id": str(self.application_id),
            "application_id": str(self.application_id),
            "interaction_metadata": {
                "id": str(record.id),
                "type": record.type,
                "user": user.payload(),
                "authorizing_integration_owners": record.payload["authorizing_integration_owners"],
            },
            "flags": int(body.get("flags") or 0)
            & (EPHEMERAL | LOADING | SUPPRESS_EMBEDS | COMPONENTS_V2),
        }
        return self._create_message(
            channel, body, files, extra=extra, visible_to=record.user_id, allow_empty=allow_empty
        )

    def _callback_answer(
        self, record: InteractionRecord, kind: int, message: FakeMessage | None
    ) -> JSON:
        interaction: JSON = {
            "id": str(record.id),
            "type": record.type,
            "response_message_loading": kind == DEFERRED_MESSAGE,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
        resource: JSON = {"type": kind}
        if message is not None:
            interaction["response_message_id"] = str(message.id)
            resource["message"] = message.data
        return {"interaction": interaction, "resource": resource}

    async def _followup(self, request: web.Request) -> web.Response:
        record = self._webhook_interaction(request)
        if record.response.type in (AUTOCOMPLETE_RESULT, MODAL):
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        body, files = _body(request), _files(request)
        original = record.original
        if original is not None and original.loading:
            # The first followup after a "thinking" defer resolves the loading message and keeps
            # the defer's ephemerality (Discord's documented behaviour).
            self._resolve_loading(original, body, files)
            message = original
        else:
            message = self._interaction_message(record, body, files)
            await self._emit_message("MESSAGE_CREATE", message)
        record.followups.append(message)
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(message.data)
        return web.Response(status=204)

    def _resolve_loading(self, message: FakeMessage, body: JSON, files: list[UploadedFile]) -> None:
        self._edit(message, {**body, "flags": int(body.get("flags") or 0) & COMPONENTS_V2}, files)
        message.data["flags"] = message.flags & ~LOADING
        message.data["edited_timestamp"] = None

    def _webhook_message(self, record: InteractionRecord, raw_id: str) -> FakeMessage:
        if raw_id == "@original":
            message = record.original
        else:
            owned = [record.original, *record.followups]
            message = next((m for m in owned if m is not None and str(m.id) == raw_id), None)
        if message is None or message.deleted:
            raise _unknown("Message", 10008)
        return message

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        record = self._webhook_interaction(request)
        return json_response(self._webhook_message(record, request.match_info["message_id"]).data)

    async def _edit_webhook_message(self, request: web.Request) -> web.Response:
        record = self._webhook_interaction(request)
        message = self._webhook_message(record, request.match_info["message_id"])
        body, files = _body(request), _files(request)
        if message.loading:
            self._resolve_loading(message, body, files)
        else:
            self._edit(message, body, files)
        await self._emit_message("MESSAGE_UPDATE", message)
        return json_response(message.data)

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        record = self._webhook_interaction(request)
        message = self._webhook_message(record, request.match_info["message_id"])
        message.deleted = True
        await self._emit_message("MESSAGE_DELETE", message)
        return web.Response(status=204)

    # ------------------------------------------------------------------------------------
    # Gateway server
    # ------------------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        connection = GatewayConnection(ws, request.query)
        self.connections.append(connection)
        session: GatewaySession | None = None
        await connection.send({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        try:
            async for message in ws:
                if message.type is WSMsgType.TEXT:
                    session = await self._on_frame(connection, session, json.loads(message.data))
        finally:
            self.connections.remove(connection)
            self._on_disconnect(connection, session, ws.close_code)
        return ws

    async def _on_frame(
        self, connection: GatewayConnection, session: GatewaySession | None, frame: JSON
    ) -> GatewaySession | None:
        op, data = frame.get("op"), frame.get("d")
        if op == 1:
            await connection.send({"op": 11, "d": None})
            return session
        self.gateway_frames.append(frame)
        self._touch()
        try:
            return await self._handle_op(connection, session, op, data)
        except Exception as error:
            self.server_errors.append(f"gateway op {op}: {error!r}")
            return session

    async def _handle_op(
        self, connection: GatewayConnection, session: GatewaySession | None, op: Any, data: Any
    ) -> GatewaySession | None:
        if op == 2:
            return await self._identify(connection, data)
        if op == 6:
            return await self._resume(connection, data)
        if op == 8 and session is not None:
            await self._send_member_chunk(session, data)
        elif op not in (3, 4):  # presence and voice state updates are only recorded
            self.unknown_routes.append(f"gateway op {op}")
        return session

    async def _identify(self, connection: GatewayConnection, data: JSON) -> GatewaySession:
        shard = list(data.get("shard") or [0, 1])
        session = GatewaySession(
            f"session-{len(self._sessions) + 1}", int(data.get("intents", 0)), shard, connection
        )
        self._sessions[session.id] = session
        self._active = session
        guilds = [g for g in self.world.guilds.values() if (g.id >> 22) % shard[1] == shard[0]]
        ready = {
            "v": 10,
            "user": self.world.bot_payload(),
            "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": str(self.gateway_url),
            "shard": shard,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
        }
        await session.dispatch("READY", ready)
        for guild in guilds:
            await session.dispatch("GUILD_CREATE", self.world.guild_create_payload(guild))
        return session

    async def _resume(self, connection: GatewayConnection, data: JSON) -> GatewaySession | None:
        session = self._sessions.get(str(data.get("session_id")))
        if session is None or session.ended:
            await connection.send({"op": 9, "d": False})
            return None
        session.connection = connection
        await session.replay(after=int(data.get("seq") or 0))
        await session.dispatch("RESUMED", {})
        self._active = session
        return session

    async def _send_member_chunk(self, session: GatewaySession, data: JSON) -> None:
        guild = self.world.guild(int(data["guild_id"]))
        wanted = {int(uid) for uid in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        members = [
            self.world.member_payload(guild, uid)
            for uid in guild.members
            if (not wanted or uid in wanted)
            and self.world.users[uid].name.lower().startswith(query)
        ]
        chunk = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def _on_disconnect(
        self, connection: GatewayConnection, session: GatewaySession | None, code: int | None
    ) -> None:
        if session is None or session.connection is not connection:
            return
        session.connection = None
        if code in (1000, 1001):  # a clean close ends the session; others may RESUME
            session.ended = True


# --------------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------------


async def _read_multipart(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    reader = await request.multipart()
    body: Any = None
    files: list[UploadedFile] = []
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            raise ApiError(400, 50035, "Nested multipart bodies are not supported")
        if part.name == "payload_json":
            body = json.loads(await part.text())
            continue
        match = re.fullmatch(r"files\[(\d+)\]", part.name or "")
        filename = part.filename or "file"
        data = bytes(await part.read())
        index = int(match.group(1)) if match else len(files)
        files.append(UploadedFile(index, filename, data, _guess_type(filename)))
    return body, files


def _route_pattern(path: str) -> str:
    """The aiohttp pattern of a route: ``{..._id}`` only matches snowflakes (so that e.g.
    ``/messages/pins`` is an unknown route), webhook message ids may also be ``@original``."""
    if "/webhooks/" in path:
        path = path.replace("{message_id}", r"{message_id:\d+|@original}")
    return re.sub(r"\{(\w+_id)\}", r"{\1:\\d+}", path)


def _body(request: web.Request) -> Any:
    """The request's JSON body (or multipart ``payload_json``); ``{}`` if there was none."""
    body = request[_BODY]
    return {} if body is None else body


def _files(request: web.Request) -> list[UploadedFile]:
    return request[_FILES]


def _guess_type(filename: str) -> str:
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def _merge(target: JSON, extra: JSON) -> None:
    for key, value in extra.items():
        if isinstance(value, dict):
            target.setdefault(key, {}).update(value)
        else:
            target[key] = value


def _check_range(name: str, value: float, low: float | None, high: float | None) -> None:
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"option {name!r}: {value} is outside [{low}, {high}]")


def _check_select_values(menu: JSON, values: Sequence[str]) -> None:
    low, high = menu.get("min_values", 1), menu.get("max_values", 1)
    if not low <= len(values) <= high:
        raise AssertionError(f"select {menu['custom_id']!r} takes {low}..{high} values")
    if not values and not _select_defaults(menu):
        # A client sends a select's interaction when its choice changed as it closes: a
        # select with min_values 0 and nothing chosen beforehand that is closed with
        # nothing chosen sends nothing. Only deselecting its default values sends [].
        raise EmptySelectRefused(
            f"select {menu['custom_id']!r} closed with nothing chosen: a real client sends "
            "no interaction (it had no default values to deselect)")
    if menu["type"] == 3:
        allowed = {option["value"] for option in menu.get("options") or []}
        if not set(values) <= allowed:
            raise AssertionError(f"{sorted(set(values) - allowed)} are not options of the select")


def _select_defaults(menu: JSON) -> list[str]:
    """The values a select shows chosen when it opens (options marked default, or the
    default_values of a user, role or channel select)."""
    if menu.get("type") == 3:
        return [o["value"] for o in menu.get("options") or [] if o.get("default")]
    return [str(d.get("id")) for d in menu.get("default_values") or []]


def _submitted_component(component: JSON, values: Mapping[str, str | Sequence[str]]) -> JSON:
    """The modal-submit shape of one modal component (rows, labels, text inputs, selects)."""
    kind = component.get("type")
    if kind == 1:
        return {
            "type": 1,
            "components": [_submitted_component(c, values) for c in component["components"]],
        }
    if kind == 18:
        return {"type": 18, "component": _submitted_component(component["component"], values)}
    custom_id = component.get("custom_id")
    if custom_id is None:
        return {"type": kind}
    value = values.get(custom_id)
    if value is None and component.get("required", True):
        raise ValueError(f"modal field {custom_id!r} is required")
    if kind == 4:
        text = str(value or "")
        _check_range(custom_id, len(text), component.get("min_length"), component.get("max_length"))
        return {"type": 4, "custom_id": custom_id, "value": text}
    chosen = [value] if isinstance(value, str) else list(value or [])
    return {"type": kind, "custom_id": custom_id, "values": chosen}


# --------------------------------------------------------------------------------------------
# Running a client, and failing on discord.py errors
# --------------------------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def run_client(
    client: discord.Client,
    token: str = "x",
    *,
    timeout: float = 10.0,
    guild_ready_timeout: float | None = 0.05,
) -> AsyncIterator[discord.Client]:
    """Log ``client`` in, connect it in a background task, wait until it is ready; close on exit.

    ``guild_ready_timeout`` shortens discord.py's wait for late GUILD_CREATEs before
    ``on_ready`` (2 s by default), which the fake sends right after READY.
    """
    if guild_ready_timeout is not None:
        client._connection.guild_ready_timeout = guild_ready_timeout
    try:
        await client.login(token)
    except BaseException:
        await client.close()
        raise
    connector = asyncio.create_task(client.connect(), name="fake-discord: client.connect()")
    try:
        await _wait_ready(client, connector, timeout)
        yield client
    finally:
        error = await _close_client(client, connector)
    if error is not None:
        raise error


async def _wait_ready(
    client: discord.Client, connector: asyncio.Task[None], timeout: float
) -> None:
    ready = asyncio.create_task(client.wait_until_ready())
    done, _ = await asyncio.wait(
        {ready, connector}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
    )
    if ready not in done:
        ready.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await ready
        if connector in done:
            connector.result()  # raises why the client could not connect
        raise TimeoutError(f"{client!r} was not ready after {timeout}s")
    deadline = time.monotonic() + timeout
    while any(guild.unavailable for guild in client.guilds) and time.monotonic() < deadline:
        await asyncio.sleep(_POLL_INTERVAL)


async def _close_client(
    client: discord.Client, connector: asyncio.Task[None]
) -> BaseException | None:
    await client.close()
    _stop_views(client)
    try:
        await asyncio.wait_for(connector, timeout=5.0)
    except Exception as error:
        return error
    # Let the event handlers discord.py scheduled while closing (on_disconnect...) finish.
    events = [t for t in asyncio.all_tasks() if t.get_name().startswith("discord.py: ")]
    if events:
        await asyncio.wait(events, timeout=1.0)
    return None


def _stop_views(client: discord.Client) -> None:
    """Cancel the timeout tasks of the closed client's views so none outlives the test."""
    store = client._connection._view_store
    for items in list(store._views.values()):
        for item in list(items.values()):
            if item.view is not None:
                item.view.stop()
    for modal in list(store._modals.values()):
        modal.stop()


class DiscordErrorGuard(logging.Handler):
    """Collects ERROR records (and any "Ignoring exception in ...") from discord.py and root."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self._allowed: list[re.Pattern[str]] = []
        self._reported = 0
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        if any(seen is record for seen in self.records):
            return  # the same record reaches us via the "discord" logger and the root logger
        message = record.getMessage()
        if record.levelno < logging.ERROR and "Ignoring exception" not in message:
            return
        if any(pattern.search(message) for pattern in self._allowed):
            return
        self.records.append(record)

    def allow(self, pattern: str) -> None:
        """Ignore errors whose message matches the regex ``pattern``."""
        self._allowed.append(re.compile(pattern))

    def take(self) -> list[logging.LogRecord]:
        """Return and forget the collected errors (for tests that expect some)."""
        taken, self.records, self._reported = self.records, [], 0
        return taken

    def install(self) -> None:
        for logger in (logging.getLogger("discord"), logging.getLogger()):
            logger.addHandler(self)

    def uninstall(self) -> None:
        for logger in (logging.getLogger("discord"), logging.getLogger()):
            logger.removeHandler(self)

    def describe(self, records: Sequence[logging.LogRecord] | None = None) -> str | None:
        chosen = self.records if records is None else records
        return "\n".join(self.format(record) for record in chosen) or None

    def unreported(self) -> str | None:
        """Errors logged since the last report, as text (and mark them reported)."""
        new, self._reported = self.records[self._reported :], len(self.records)
        return f"discord.py logged errors:\n{self.describe(new)}" if new else None

    def check(self) -> None:
        """Fail the test (once) if errors were logged since the last check."""
        if text := self.unreported():
            pytest.fail(text, pytrace=False)
