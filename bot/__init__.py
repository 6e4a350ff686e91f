"""Warden's Discord adapter: the only package that imports discord."""

from bot.app import make_bot
from bot.settings import Settings

__all__ = ["Settings", "make_bot"]
