"""Running a real discord.py client against the fake (:func:`run_client`), and
:class:`DiscordErrorGuard`, which fails a test on the errors discord.py logs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import (
    AsyncIterator,
    Sequence,
)

import discord
import discord.gateway
import discord.http
import pytest

from .constants import _POLL_INTERVAL

# --------------------------------------------------------------------------------------------
# Running a client, and failing on discord.py errors
# --------------------------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def run_client(
    client: discord.Client,
    token: str = "x",
    *,
    timeout: float = 10.0,
    guild_ready_timeout: float | None = 0.05,
) -> AsyncIterator[discord.Client]:
    """Log ``client`` in, connect it in a background task, wait until it is ready; close on exit.

    ``guild_ready_timeout`` shortens discord.py's wait for late GUILD_CREATEs before
    ``on_ready`` (2 s by default), which the fake sends right after READY.
    """
    if guild_ready_timeout is not None:
        client._connection.guild_ready_timeout = guild_ready_timeout
    try:
        await client.login(token)
    except BaseException:
        await client.close()
        raise
    connector = asyncio.create_task(client.connect(), name="fake-discord: client.connect()")
    try:
        await _wait_ready(client, connector, timeout)
        yield client
    finally:
        error = await _close_client(client, connector)
    if error is not None:
        raise error


async def _wait_ready(
    client: discord.Client, connector: asyncio.Task[None], timeout: float
) -> None:
    ready = asyncio.create_task(client.wait_until_ready())
    done, _ = await asyncio.wait(
        {ready, connector}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
    )
    if ready not in done:
        ready.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await ready
        if connector in done:
            connector.result()  # raises why the client could not connect
        raise TimeoutError(f"{client!r} was not ready after {timeout}s")
    deadline = time.monotonic() + timeout
    while any(guild.unavailable for guild in client.guilds) and time.monotonic() < deadline:
        await asyncio.sleep(_POLL_INTERVAL)


async def _close_client(
    client: discord.Client, connector: asyncio.Task[None]
) -> BaseException | None:
    await client.close()
    _stop_views(client)
    try:
        await asyncio.wait_for(connector, timeout=5.0)
    except Exception as error:
        return error
    # Let the event handlers discord.py scheduled while closing (on_disconnect...) finish.
    events = [t for t in asyncio.all_tasks() if t.get_name().startswith("discord.py: ")]
    if events:
        await asyncio.wait(events, timeout=1.0)
    return None


def _stop_views(client: discord.Client) -> None:
    """Cancel the timeout tasks of the closed client's views so none outlives the test."""
    store = client._connection._view_store
    for items in list(store._views.values()):
        for item in list(items.values()):
            if item.view is not None:
                item.view.stop()
    for modal in list(store._modals.values()):
        modal.stop()


class DiscordErrorGuard(logging.Handler):
    """Collects ERROR records (and any "Ignoring exception in ...") from discord.py and root."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self._allowed: list[re.Pattern[str]] = []
        self._reported = 0
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        if any(seen is record for seen in self.records):
            return  # the same record reaches us via the "discord" logger and the root logger
        message = record.getMessage()
        if record.levelno < logging.ERROR and "Ignoring exception" not in message:
            return
        if any(pattern.search(message) for pattern in self._allowed):
            return
        self.records.append(record)

    def allow(self, pattern: str) -> None:
        """Ignore errors whose message matches the regex ``pattern``."""
        self._allowed.append(re.compile(pattern))

    def take(self) -> list[logging.LogRecord]:
        """Return and forget the collected errors (for tests that expect some)."""
        taken, self.records, self._reported = self.records, [], 0
        return taken

    def install(self) -> None:
        for logger in (logging.getLogger("discord"), logging.getLogger()):
            logger.addHandler(self)

    def uninstall(self) -> None:
        for logger in (logging.getLogger("discord"), logging.getLogger()):
            logger.removeHandler(self)

    def describe(self, records: Sequence[logging.LogRecord] | None = None) -> str | None:
        chosen = self.records if records is None else records
        return "\n".join(self.format(record) for record in chosen) or None

    def unreported(self) -> str | None:
        """Errors logged since the last report, as text (and mark them reported)."""
        new, self._reported = self.records[self._reported :], len(self.records)
        return f"discord.py logged errors:\n{self.describe(new)}" if new else None

    def check(self) -> None:
        """Fail the test (once) if errors were logged since the last check."""
        if text := self.unreported():
            pytest.fail(text, pytrace=False)
