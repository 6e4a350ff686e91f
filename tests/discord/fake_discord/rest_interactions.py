"""REST routes of interactions: the callback (the bot's first answer, of a type Discord
accepts for that interaction) and the interaction webhook (follow-ups, the original answer and
follow-ups edited or deleted).
"""

from __future__ import annotations

from aiohttp import web

from .constants import (
    _ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE_RESULT,
    COMPONENTS_V2,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    EPHEMERAL,
    JSON,
    LOADING,
    MODAL,
    SUPPRESS_EMBEDS,
    UPDATE_MESSAGE,
    Handler,
    json_response,
)
from .errors import ApiError, _unknown, invalid_form
from .http_body import _body, _files
from .records import InteractionRecord, InteractionResponse
from .validation import validate_choices, validate_modal
from .world import FakeMessage, UploadedFile, World


class InteractionRoutes:
    """Interaction callbacks and the interaction webhook."""

    # what this part uses of the server's state (set in FakeDiscord.__init__, server.py)
    world: World
    application_id: int
    _interactions_by_token: dict[str, InteractionRecord]

    def _interaction_routes(self) -> list[tuple[str, str, Handler]]:
        webhook = "/webhooks/{app_id}/{token}"
        webhook_message = webhook + "/messages/{message_id}"
        return [
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._callback),
            ("POST", webhook, self._followup),
            ("GET", webhook_message, self._get_webhook_message),
            ("PATCH", webhook_message, self._edit_webhook_message),
            ("DELETE", webhook_message, self._delete_webhook_message),
        ]

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
