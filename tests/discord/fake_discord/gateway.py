"""The gateway: websocket connections (zlib-stream) and sessions that survive a RESUME, and
:class:`GatewayMixin`, the server's side of it: HELLO, IDENTIFY, RESUME, heartbeats, member
chunks, which session gets a channel's events, dispatching an interaction and waiting for the
bot's answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import yarl
from aiohttp import WSMsgType, web

from .constants import _POLL_INTERVAL, HEARTBEAT_ACK_SECONDS, HEARTBEAT_INTERVAL_MS, JSON
from .errors import BotError, InteractionNotAnswered
from .records import InteractionRecord
from .world import FakeMessage, World


class GatewayConnection:
    """One websocket. Frames are zlib-stream compressed if the client asked for it."""

    def __init__(self, ws: web.WebSocketResponse, query: Mapping[str, str]) -> None:
        self.ws = ws
        self.query = dict(query)
        compress = query.get("compress")
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._later: set[asyncio.Task[None]] = set()

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

    def send_later(self, seconds: float, frame: JSON) -> None:
        """Send `frame` after `seconds`, while this connection's other frames go on."""
        async def later() -> None:
            await asyncio.sleep(seconds)
            await self.send(frame)

        task = asyncio.create_task(later(), name="fake-discord: a frame sent later")
        self._later.add(task)
        task.add_done_callback(self._later.discard)


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



class GatewayMixin:
    """The server's side of the gateway (mixed into :class:`FakeDiscord`)."""

    # what this part uses of the server's state (set in FakeDiscord.__init__, server.py)
    world: World
    application_id: int
    gateway_url: yarl.URL
    timeout: float
    interactions: list[InteractionRecord]
    connections: list[GatewayConnection]
    gateway_frames: list[JSON]
    server_errors: list[str]
    unknown_routes: list[str]
    failure_probe: Callable[[], str | None] | None
    _sessions: dict[str, GatewaySession]
    _active: GatewaySession | None
    _interactions_by_token: dict[str, InteractionRecord]
    _rate_limit_hold: float

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
            # a real gateway's ack crosses the network: it never comes back before
            # discord.py's heartbeat thread has noted the send, as an instant ack in the
            # same event loop can (then discord.py warns "Can't keep up ... 41.3s behind")
            connection.send_later(HEARTBEAT_ACK_SECONDS, {"op": 11, "d": None})
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

