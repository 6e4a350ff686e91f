"""What the fake records for the tests to assert on: every HTTP request the bot made, every
field over a documented limit, every message the bot created or edited, every interaction
and the bot's answer to it.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from typing import Any

from .constants import DEFERRED_MESSAGE, DEFERRED_UPDATE, JSON
from .errors import InteractionNotAnswered
from .world import FakeMessage, Payload, UploadedFile, find_component


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
class InteractionResponse(Payload):
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

