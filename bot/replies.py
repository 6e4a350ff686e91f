"""Answering an interaction exactly once, whatever happens on the way.

Discord wants a first answer within 3 s of the interaction. Every interaction gets one
`Reply` the moment Warden sees it (`Reply.of`, called before any database read), and
its clock starts there: the answer goes out at once when the work is quick, and the
interaction is deferred by itself when no answer was sent after `defer_after` seconds
(a busy database, a slow disk, a server that stopped answering), the answer following
later. Every answer of a handler goes through its Reply (`send`, `post`, `refuse`), so
a deferral and an answer never cross. Every text is clipped to Discord's 2,000
characters.

A deferral must fit any answer that may follow: a click is deferred as an update of the
message clicked (the answer then edits that message, or arrives as a new message only
the user sees); a command is deferred as "thinking" seen only by the user (a public
answer then goes to the channel as a message of its own).

`guarded` runs a handler and turns any unexpected failure into "Something went wrong;
the game is unchanged." (a move is stored before anything is sent, so a failure before
storing changed nothing, and one after it only lost a message), and a database that
does not answer into UNAVAILABLE.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

import discord

from bot.storage import StorageUnavailable
from bot.texts import MAX_CONTENT, clip

log = logging.getLogger("warden.replies")

FAILED = "Something went wrong; the game is unchanged. Try again in a moment."
UNAVAILABLE = ("The game's database did not answer in time; the game is unchanged. "
               "Try again in a moment.")
DEFER_AFTER = 2.0
_KEY = "warden.reply"


def failure_text(exc: BaseException) -> str:
    """What the player reads when their request failed with `exc` (logged here)."""
    if isinstance(exc, StorageUnavailable):
        log.warning("interaction failed: the database did not answer (%s)", exc)
        return UNAVAILABLE
    log.error("interaction failed", exc_info=exc)
    return FAILED


class Reply:
    """The one answer to `interaction` (get it with `Reply.of`). `edit` (the default of
    `send`) answers a click on an ephemeral or DM message by replacing that message (its
    buttons are used up); otherwise the answer is a new message only the user sees."""

    def __init__(self, interaction: discord.Interaction, *, edit: bool = False,
                 defer_after: float = DEFER_AFTER) -> None:
        self.interaction = interaction
        self.edit = edit
        self.defer_after = defer_after
        self._lock = asyncio.Lock()
        self._timer: asyncio.Task[None] | None = None
        self.sent = False
        self.deferred = False

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Reply:
        """The interaction's Reply, made and started on the first call (call it as the
        interaction arrives: Discord's 3 s count from then)."""
        reply = interaction.extras.get(_KEY)
        if not isinstance(reply, Reply):
            reply = cls(interaction, defer_after=_defer_after(interaction))
            interaction.extras[_KEY] = reply
            reply.start()
        return reply

    @property
    def done(self) -> bool:
        return self.sent or self.interaction.response.is_done()

    @property
    def _is_click(self) -> bool:
        return self.interaction.type == discord.InteractionType.component

    def start(self) -> None:
        """Begin counting: defer when no answer was sent after `defer_after` s."""
        if self._timer is None and self.defer_after > 0 and not self.done:
            self._timer = asyncio.create_task(self._defer_later(), name="reply-defer")

    def stop(self) -> None:
        if self._timer is not None and self._timer is not asyncio.current_task():
            self._timer.cancel()
        self._timer = None

    async def _defer_later(self) -> None:
        await asyncio.sleep(self.defer_after)
        async with self._lock:
            response = self.interaction.response
            if response.is_done() or self.interaction.type not in (
                    discord.InteractionType.component,
                    discord.InteractionType.application_command):
                return
            with contextlib.suppress(discord.HTTPException):
                if self._is_click:
                    await response.defer()
                else:
                    await response.defer(ephemeral=True, thinking=True)
                self.deferred = True

    async def send(self, content: str, view: discord.ui.View | None = None, *,
                   public: bool = False, edit: bool | None = None,
                   file: discord.File | None = None,
                   mentions: discord.AllowedMentions | None = None,
                   embed: discord.Embed | None = None) -> None:
        """Deliver the answer (a later call sends a follow-up only the user sees).
        `edit` (default: the Reply's) replaces the clicked message instead; a `view`
        of None then removes its components. `embed`: one embed under the text (the
        caller keeps it within Discord's embed limits)."""
        content = clip(content, MAX_CONTENT)
        mentions = mentions or discord.AllowedMentions.none()
        edit = self.edit if edit is None else edit
        files = [file] if file is not None else []
        # none given: the request stays as it was without (an edit keeps the message's)
        embeds: list[discord.Embed] = [embed] if embed is not None else discord.utils.MISSING
        async with self._lock:
            self.stop()
            response = self.interaction.response
            try:
                if not response.is_done():
                    if edit and not public:
                        await response.edit_message(content=content, view=view,
                                                    embeds=embeds, allowed_mentions=mentions)
                    else:
                        await response.send_message(
                            content, view=view or discord.utils.MISSING,
                            file=file or discord.utils.MISSING, ephemeral=not public,
                            embeds=embeds, allowed_mentions=mentions)
                elif self.deferred and not self.sent and not public and (
                        edit or not self._is_click):
                    # deferred by us: the answer replaces the "thinking..." message (or,
                    # for a click, the message the click was on)
                    await self.interaction.edit_original_response(
                        content=content, view=view, attachments=files, embeds=embeds,
                        allowed_mentions=mentions)
                elif self.deferred and not self.sent and public and not self._is_click:
                    await self._post_in_channel(content, view, files, mentions)
                else:
                    await self.interaction.followup.send(
                        content, view=view or discord.utils.MISSING,
                        file=file or discord.utils.MISSING, ephemeral=not public,
                        embeds=embeds, allowed_mentions=mentions)
            finally:
                self.sent = True

    async def post(self, content: str, view: discord.ui.View,
                   mentions: discord.AllowedMentions | None = None) -> int:
        """A public answer whose message the caller keeps (a lobby): its id."""
        content = clip(content, MAX_CONTENT)
        mentions = mentions or discord.AllowedMentions.none()
        async with self._lock:
            self.stop()
            try:
                if not self.interaction.response.is_done():
                    await self.interaction.response.send_message(
                        content, view=view, allowed_mentions=mentions)
                    return (await self.interaction.original_response()).id
                if self._is_click or self.sent:
                    message = await self.interaction.followup.send(
                        content, view=view, allowed_mentions=mentions, wait=True)
                    return message.id
                return await self._post_in_channel(content, view, [], mentions)
            finally:
                self.sent = True

    async def _post_in_channel(self, content: str, view: discord.ui.View | None,
                               files: list[discord.File],
                               mentions: discord.AllowedMentions) -> int:
        """A public answer to a command deferred as private "thinking": a message of its
        own in the channel (a follow-up would stay private), the thinking message gone."""
        channel = self.interaction.client.get_partial_messageable(
            int(self.interaction.channel_id or 0))
        message = await channel.send(content, view=view or discord.utils.MISSING,
                                     files=files or discord.utils.MISSING,
                                     allowed_mentions=mentions)
        with contextlib.suppress(discord.HTTPException):
            await self.interaction.delete_original_response()
        return int(message.id)


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """A short answer only the user sees (also after a deferral)."""
    await Reply.of(interaction).send(text, edit=False)


@contextlib.asynccontextmanager
async def answering(interaction: discord.Interaction, *, edit: bool = False
                    ) -> AsyncIterator[Reply]:
    """The interaction's Reply, answering by editing the clicked message if `edit`, and
    answering FAILED (or UNAVAILABLE) when the work raises."""
    reply = Reply.of(interaction)
    reply.edit = edit
    try:
        yield reply
    except Exception as exc:
        text = failure_text(exc)
        if not reply.sent:
            with contextlib.suppress(discord.HTTPException):
                await reply.send(text)
    finally:
        reply.stop()


async def guarded(interaction: discord.Interaction,
                  work: Callable[[], Awaitable[object]]) -> None:
    """Run a component handler, its Reply started first (the deferral counts from now);
    an unexpected failure still gets an answer."""
    reply = Reply.of(interaction)
    try:
        await work()
    except Exception as exc:
        text = failure_text(exc)
        if not reply.sent:
            with contextlib.suppress(discord.HTTPException):
                await reply.send(text, edit=False)
    finally:
        reply.stop()


def _defer_after(interaction: discord.Interaction) -> float:
    client = interaction.client
    settings = getattr(client, "settings", None)
    return float(getattr(settings, "defer_after_seconds", DEFER_AFTER))
