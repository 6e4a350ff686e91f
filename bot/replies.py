"""Answering an interaction exactly once, whatever happens on the way.

Discord wants an answer within 3 s. `Reply` sends it at once when the work is quick, and
defers the interaction by itself when the work is still going after `defer_after`
seconds (a busy database, a slow disk), then delivers the answer as a follow-up. Every
text is clipped to Discord's 2,000 characters. `guarded` runs a handler and turns any
unexpected failure into "Something went wrong; the game is unchanged." (a move is
stored before anything is sent, so a failure before storing changed nothing, and one
after it only lost a message).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord

from bot.texts import MAX_CONTENT, clip

log = logging.getLogger("warden.replies")

FAILED = "Something went wrong; the game is unchanged. Try again in a moment."
DEFER_AFTER = 2.0


class Reply:
    """The one answer to `interaction`. `edit` answers a click on an ephemeral or DM
    message by replacing that message (its buttons are used up); otherwise the answer
    is a new message only the user sees."""

    def __init__(self, interaction: discord.Interaction, *, edit: bool = False,
                 defer_after: float = DEFER_AFTER) -> None:
        self.interaction = interaction
        self.edit = edit
        self.defer_after = defer_after
        self._lock = asyncio.Lock()
        self._timer: asyncio.Task[None] | None = None
        self.sent = False

    @property
    def done(self) -> bool:
        return self.sent or self.interaction.response.is_done()

    def start(self) -> None:
        """Begin counting: defer when no answer was sent after `defer_after` s."""
        if self._timer is None and self.defer_after > 0:
            self._timer = asyncio.create_task(self._defer_later(), name="reply-defer")

    def stop(self) -> None:
        if self._timer is not None and self._timer is not asyncio.current_task():
            self._timer.cancel()
        self._timer = None

    async def _defer_later(self) -> None:
        await asyncio.sleep(self.defer_after)
        async with self._lock:
            if self.interaction.response.is_done():
                return
            with contextlib.suppress(discord.HTTPException):
                if self.edit:
                    await self.interaction.response.defer()
                else:
                    await self.interaction.response.defer(ephemeral=True, thinking=True)

    async def send(self, content: str, view: discord.ui.View | None = None, *,
                   public: bool = False,
                   mentions: discord.AllowedMentions | None = None) -> None:
        """Deliver the answer (a second call sends a follow-up only the user sees)."""
        content = clip(content, MAX_CONTENT)
        mentions = mentions or discord.AllowedMentions.none()
        async with self._lock:
            self.stop()
            response = self.interaction.response
            try:
                if not response.is_done():
                    if self.edit and not public:
                        await response.edit_message(content=content, view=view,
                                                    allowed_mentions=mentions)
                    else:
                        await response.send_message(content, view=view or discord.utils.MISSING,
                                                    ephemeral=not public,
                                                    allowed_mentions=mentions)
                elif not self.sent and not public:
                    # deferred by us: the answer replaces the "thinking..." message (or,
                    # for a click, the message the click was on)
                    await self.interaction.edit_original_response(
                        content=content, view=view, allowed_mentions=mentions)
                else:
                    await self.interaction.followup.send(
                        content, view=view or discord.utils.MISSING, ephemeral=not public,
                        allowed_mentions=mentions)
            finally:
                self.sent = True


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """A short answer only the user sees (also after a deferral)."""
    text = clip(text, MAX_CONTENT)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


@contextlib.asynccontextmanager
async def answering(interaction: discord.Interaction, *, edit: bool = False
                    ) -> AsyncIterator[Reply]:
    """A Reply that defers by itself when the work inside is slow, and that answers
    FAILED when the work raises."""
    reply = Reply(interaction, edit=edit, defer_after=_defer_after(interaction))
    reply.start()
    try:
        yield reply
    except Exception:
        log.exception("interaction failed")
        if not reply.sent:
            with contextlib.suppress(discord.HTTPException):
                await reply.send(FAILED)
    finally:
        reply.stop()


async def guarded(interaction: discord.Interaction,
                  work: Callable[[], Awaitable[Any]]) -> None:
    """Run a component handler; an unexpected failure still gets an answer."""
    try:
        await work()
    except Exception:
        log.exception("component handler failed")
        with contextlib.suppress(discord.HTTPException):
            await refuse(interaction, FAILED)


def _defer_after(interaction: discord.Interaction) -> float:
    client = interaction.client
    settings = getattr(client, "settings", None)
    return float(getattr(settings, "defer_after_seconds", DEFER_AFTER))
