"""REST routes of users and DM channels, guilds and members, the application and the
gateway's URL.
"""

from __future__ import annotations

import yarl
from aiohttp import web

from .constants import Handler, json_response
from .errors import ApiError, _unknown
from .http_body import _body
from .world import FakeGuild, World


class AccountRoutes:
    """Users, DM channels, guilds, members, the application, the gateway's URL."""

    # what this part uses of the server's state (set in FakeDiscord.__init__, server.py)
    world: World
    gateway_url: yarl.URL
    shard_count: int

    def _account_routes(self) -> list[tuple[str, str, Handler]]:
        return [
            ("GET", "/users/@me", self._get_me),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/users/{user_id}", self._get_user),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/applications/@me", self._get_application),
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway_bot),
            ("GET", "/guilds/{guild_id}", self._get_guild),
            ("GET", "/guilds/{guild_id}/channels", self._get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self._get_guild_roles),
            ("GET", "/guilds/{guild_id}/members", self._list_members),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member),
        ]

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

