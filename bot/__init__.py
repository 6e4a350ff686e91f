"""Warden's Discord adapter: the only package that imports discord."""

from bot.settings import Settings


def make_bot(settings: Settings, storage: object | None = None):  # type: ignore[no-untyped-def]
    """Build the Warden discord.py client (see bot.app.make_bot)."""
    from bot.app import make_bot as _make

    return _make(settings, storage)  # type: ignore[arg-type]


__all__ = ["Settings", "make_bot"]
