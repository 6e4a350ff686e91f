"""Rate limits: Discord's per-route and global windows, their ``X-RateLimit-*`` headers and
the 429 answer.
"""

from __future__ import annotations

import hashlib
import math
import re
import time
from collections.abc import (
    Callable,
    Sequence,
)
from dataclasses import dataclass

from .constants import JSON

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

