"""REST routes of channels and messages (create, list, get, edit, delete, bulk delete,
reactions, attachments), and what follows a message's creation or edit: its attachments, the
log the tests read, who is notified and the gateway event (with or without its content).
"""

from __future__ import annotations

import copy
import re
import time

from aiohttp import web

from .constants import (
    ATTACHMENT_SIZE_LIMIT,
    COMPONENTS_V2,
    EPHEMERAL,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_MESSAGE_CONTENT,
    JSON,
    LOADING,
    SUPPRESS_EMBEDS,
    Handler,
    _now,
    json_response,
)
from .errors import ApiError, _unknown, invalid_form
from .gateway import GatewaySession
from .http_body import _body, _files
from .records import MessageEvent
from .validation import ensure_not_empty, validate_message_fields
from .world import FakeChannel, FakeMessage, FakeUser, UploadedFile, World


class MessageRoutes:
    """Channels and messages."""

    # what this part uses of the server's state (set in FakeDiscord.__init__, server.py)
    world: World
    bot: FakeUser
    base_url: str
    message_events: list[MessageEvent]

    def _message_routes(self) -> list[tuple[str, str, Handler]]:
        message = "/channels/{channel_id}/messages/{message_id}"
        return [
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
        ]

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
