"""REST routes of application commands, global and per guild: list, bulk overwrite, upsert,
get, edit and delete, within Discord's limits.
"""

from __future__ import annotations

from aiohttp import web

from .constants import JSON, Handler, json_response
from .errors import ApiError, _unknown
from .http_body import _body
from .validation import MAX_COMMANDS, validate_command, validate_commands
from .world import World


class CommandRoutes:
    """Application commands (global and per guild)."""

    # what this part uses of the server's state (set in FakeDiscord.__init__, server.py)
    world: World
    application_id: int

    def _command_routes(self) -> list[tuple[str, str, Handler]]:
        app = "/applications/{app_id}"
        guild_command = app + "/guilds/{guild_id}/commands/{command_id}"
        return [
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
        ]

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

