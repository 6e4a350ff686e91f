"""The fake server: :class:`FakeDiscord`, an aiohttp application composed of the REST routes
(one mixin per resource), the gateway and the users' side; its lifecycle, the world's set-up,
what a test inspects, and the middleware every request passes (recording, failures asked for
by a test, rate limits, validation errors).
"""

from __future__ import annotations

import asyncio
import contextlib
import fnmatch
import json
import logging
import time
from collections.abc import (
    Callable,
    Iterable,
)
from dataclasses import dataclass
from typing import Any

import discord
import discord.gateway
import discord.http
import pytest
import yarl
from aiohttp import web

from .client import ClientMixin
from .constants import (
    _BODY,
    _FILES,
    _LIMIT_ERROR_CODES,
    _POLL_INTERVAL,
    API_PREFIX,
    BOT_ID,
    BOT_PERMISSIONS,
    CHANNEL_ID,
    EVERYONE_PERMISSIONS,
    GUILD_ID,
    JSON,
    Handler,
    T,
    json_response,
)
from .errors import ApiError, flatten_errors
from .gateway import GatewayConnection, GatewayMixin, GatewaySession
from .http_body import _read_multipart, _route_pattern
from .rate_limits import RateLimiter, RateLimitVerdict
from .records import InteractionRecord, LimitViolation, MessageEvent, RecordedRequest
from .rest_accounts import AccountRoutes
from .rest_commands import CommandRoutes
from .rest_interactions import InteractionRoutes
from .rest_messages import MessageRoutes
from .world import FakeChannel, FakeGuild, FakeMessage, FakeRole, FakeUser, UploadedFile, World


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


class FakeDiscord(ClientMixin, GatewayMixin, AccountRoutes, CommandRoutes, MessageRoutes,
                  InteractionRoutes):
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

    def _routes(self) -> list[tuple[str, str, Handler]]:
        """Every REST route the fake answers: (method, path under /api/v10, handler), one
        list per resource (each kept beside its handlers)."""
        return [*self._account_routes(), *self._command_routes(), *self._message_routes(),
                *self._interaction_routes()]

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
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
        self, request: web.Request, record: RecordedRequest, handler: Handler
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

