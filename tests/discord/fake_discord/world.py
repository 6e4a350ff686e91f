"""The world the fake keeps in memory: users, roles, channels, guilds, messages (and the
components in them), and :class:`World`, which holds them and writes their Discord payloads.
Pure data, no I/O.
"""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import (
    Iterable,
    Iterator,
)
from dataclasses import dataclass, field

from .constants import (
    _SNOWFLAKE_BASE,
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    COMPONENTS_V2,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    JOINED_AT,
    JSON,
    LOADING,
    SUPPRESS_EMBEDS,
    _now,
)


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


class Payload:
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
class FakeMessage(Payload):
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




def iter_components(components: Iterable[JSON]) -> Iterator[JSON]:
    """Every component, depth first: action rows, containers, sections, labels, children."""
    for component in components:
        yield component
        yield from iter_components(component.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield from iter_components([component[key]])


def find_component(
    source: Payload | Iterable[JSON],
    *,
    label: str | None = None,
    custom_id: str | None = None,
    kind: int | None = None,
) -> JSON:
    """Find a component by ``label``, ``custom_id`` and/or component type ``kind``."""
    if isinstance(source, Payload):
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

