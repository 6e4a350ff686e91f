"""The users' side: what a real Discord client can send (slash commands, autocomplete,
clicks, selects, modal submits, user and message commands, plain messages), refused as a
client would refuse it (a disabled button, a value a select does not offer, ...), and built
into the interaction payload Discord would dispatch.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import (
    Mapping,
    Sequence,
)
from typing import Any

from .constants import (
    _SELECT_TYPES,
    _SUBCOMMAND_TYPES,
    ALL_PERMISSIONS,
    APPLICATION_COMMAND,
    ATTACHMENT_SIZE_LIMIT,
    AUTOCOMPLETE,
    JSON,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
)
from .errors import EmptySelectRefused
from .http_body import _guess_type
from .records import InteractionRecord
from .world import FakeChannel, FakeMessage, FakeUser, UploadedFile, World


class ClientMixin:
    """The users' side (mixed into :class:`FakeDiscord`): each helper returns the
    :class:`InteractionRecord` once the bot has answered and gone quiet."""

    # what this part uses of the server's state (set in FakeDiscord.__init__, server.py)
    world: World
    application_id: int
    base_url: str
    bot: FakeUser

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


