"""What the slash commands' autocompletes share: a deadline and the entry saying why
there is nothing to choose."""

from __future__ import annotations

from discord import app_commands

from bot.move_text import WHY
from bot.texts import clip

# An autocomplete cannot be deferred: it answers within this many seconds, whatever the
# database does.
AUTOCOMPLETE_WAIT = 2.0
SLOW_CHOICES = "The game's database is slow to answer; try again in a moment."


def why(text: str) -> app_commands.Choice[str]:
    """The one entry of an autocomplete with nothing to choose: `text` says why (its
    value, WHY, is refused if sent)."""
    return app_commands.Choice(name=clip(text, 100), value=WHY)
