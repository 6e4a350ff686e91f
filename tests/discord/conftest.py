"""Fixtures for driving a real discord.py client against the offline ``FakeDiscord`` server.

* ``fake_discord``: a running :class:`fake_discord.FakeDiscord` with discord.py patched to use
  it. The test fails if the bot hit a route the fake does not know, or if discord.py logged an
  error (``discord_errors`` is always active alongside it).
* ``discord_errors``: fails the test when discord.py (or anything on the root logger) logs at
  ERROR level, e.g. "Ignoring exception in command ...". Tests that provoke errors on purpose
  call ``discord_errors.take()`` or ``discord_errors.allow(regex)``.
* ``fake_discord_options``: keyword arguments for ``FakeDiscord(...)``; override it in a test
  module (or parametrize it on one test) to change the bot id, the default guild,
  ``settle_time``, the rate limits (``rate_limit_scale=0.05``, ``rate_limits=False``, a
  ``clock``)...

Rate-limit answers (``fake_discord.rate_limit_hits``) and 400s for Discord's documented limits
(``fake_discord.limit_violations``) do not fail a test by themselves; a test asserts on them
(``assert fake_discord.limit_violations == []``). A 400 usually fails it anyway, through the
error discord.py logs.

Start the bot with ``async with run_client(bot): ...`` (from ``fake_discord``).

Test modules here import the helpers with ``from fake_discord import ...``: this conftest puts
its own directory on ``sys.path`` so that works under any ``--import-mode``.

This directory must stay a plain directory (no ``__init__.py``): pytest would then import it as
the top-level package ``discord`` (in both "prepend" and "importlib" modes), shadowing discord.py.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from fake_discord import DiscordErrorGuard, FakeDiscord  # noqa: E402


@pytest.fixture
def discord_errors() -> Iterator[DiscordErrorGuard]:
    guard = DiscordErrorGuard()
    guard.install()
    try:
        yield guard
    finally:
        guard.uninstall()
    guard.check()


@pytest.fixture
def fake_discord_options() -> dict[str, Any]:
    return {}


@pytest.fixture
async def fake_discord(
    discord_errors: DiscordErrorGuard,
    fake_discord_options: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord(**fake_discord_options)
    await fake.start()
    fake.patch_discord(monkeypatch)
    fake.failure_probe = discord_errors.describe
    try:
        yield fake
    finally:
        await fake.stop()
    fake.check()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """Turn unknown routes and logged discord.py errors into a failure of the test itself."""
    result = yield
    funcargs: dict[str, Any] = getattr(item, "funcargs", {})
    guards = [funcargs.get("fake_discord"), funcargs.get("discord_errors")]
    reports = [g.unreported() for g in guards if isinstance(g, FakeDiscord | DiscordErrorGuard)]
    if any(reports):
        pytest.fail("\n\n".join(text for text in reports if text), pytrace=False)
    return result
