"""The operator's HTTP endpoint (``WARDEN_METRICS_PORT``): ``/ready`` answers 200 once
the bot is connected and its timers are scheduled (503 before), for process managers
and load balancers; ``/metrics`` serves the Prometheus metrics. It runs in the bot's
event loop (aiohttp, which discord.py already uses) and listens on
``WARDEN_METRICS_HOST`` (127.0.0.1 unless set)."""

from __future__ import annotations

from collections.abc import Callable

from aiohttp import web

from bot.metrics import CONTENT_TYPE, Metrics


class HealthServer:
    def __init__(self, ready: Callable[[], bool], metrics: Metrics, host: str,
                 port: int) -> None:
        self.ready = ready
        self.metrics = metrics
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen; with port 0, :attr:`port` becomes the port the system chose."""
        app = web.Application()
        app.router.add_get("/ready", self._ready)
        app.router.add_get("/metrics", self._metrics)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = int(runner.addresses[0][1])

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    async def _ready(self, request: web.Request) -> web.Response:
        if self.ready():
            return web.Response(text="ready\n")
        return web.Response(status=503, text="starting\n")

    async def _metrics(self, request: web.Request) -> web.Response:
        body = self.metrics.render()
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE})
