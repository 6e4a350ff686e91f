"""Prometheus metrics of one bot (``WARDEN_METRICS_PORT``): moves applied and their
latency, the running games, the HTTP requests sent to Discord and the 429s it answered.

Each bot has a registry of its own (several bots may run in one process, as in the
tests). Discord's traffic is counted by an aiohttp trace on the bot's HTTP session, so
every request is seen: REST calls, interaction answers, and each retry after a 429."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Final

import aiohttp
from prometheus_client import CONTENT_TYPE_LATEST as CONTENT_TYPE
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from bot.games import MoveStat

MOVE_BUCKETS: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Upper bounds (seconds) of the move latency histogram's buckets."""

_API_PREFIX = re.compile(r"^/api(/v\d+)?")
_TOKENED = ("interactions", "webhooks")
"""Resources whose id is followed by a secret token in the path."""

__all__ = ["CONTENT_TYPE", "MOVE_BUCKETS", "Metrics", "route_of"]


def route_of(path: str) -> str:
    """A request path as a route bucket: ids and interaction tokens replaced, so the
    label takes few values (``/channels/{id}/messages/{id}``)."""
    parts = _API_PREFIX.sub("", path).split("/")
    route = []
    for n, part in enumerate(parts):
        if part.isdigit():
            part = "{id}"
        elif n >= 2 and parts[n - 2] in _TOKENED and parts[n - 1].isdigit():
            part = "{token}"
        route.append(part)
    return "/".join(route)


class Metrics:
    """The metrics of one bot, in a registry of their own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.moves = Counter("warden_moves", "Moves applied and stored.", ["ruleset"],
                             registry=self.registry)
        self.move_seconds = Histogram(
            "warden_move_seconds", "Time to apply and store one move.",
            buckets=MOVE_BUCKETS, registry=self.registry)
        self.running_games = Gauge("warden_running_games", "Games in running status.",
                                   registry=self.registry)
        self.requests = Counter("warden_discord_requests",
                                "HTTP requests sent to Discord (each retry counts).",
                                ["method", "route"], registry=self.registry)
        self.rate_limited = Counter("warden_discord_rate_limited",
                                    "Requests Discord answered with 429 (rate limited).",
                                    ["method", "route"], registry=self.registry)

    # ------------------------------------------------------------ TableWatcher
    def moved(self, stat: MoveStat) -> None:
        self.moves.labels(ruleset=stat.ruleset).inc()
        self.move_seconds.observe(stat.seconds)

    def running_changed(self, delta: int) -> None:
        self.running_games.inc(delta)

    # ------------------------------------------------------------ Discord traffic
    def request_done(self, method: str, path: str, status: int) -> None:
        route = route_of(path)
        self.requests.labels(method=method, route=route).inc()
        if status == 429:
            self.rate_limited.labels(method=method, route=route).inc()

    def trace(self) -> aiohttp.TraceConfig:
        """An aiohttp trace counting every request of the session it is given to."""
        config = aiohttp.TraceConfig()

        async def on_request_end(session: aiohttp.ClientSession, context: SimpleNamespace,
                                 params: aiohttp.TraceRequestEndParams) -> None:
            self.request_done(params.method, params.url.path, params.response.status)

        config.on_request_end.append(on_request_end)
        return config

    def render(self) -> bytes:
        """The metrics in Prometheus' text format."""
        return generate_latest(self.registry)
