"""Sending what the engine produced: the table message (log + board image + buttons),
private DMs, and secret prompts by DM."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from pydantic import BaseModel

from bot.components import choice_view, table_view
from bot.sheets import describe_private
from bot.storage import GameRecord
from bot.texts import DM_FAILED, MAX_MESSAGE, clip, join_log
from rules import Event, Ruleset

if TYPE_CHECKING:
    from bot.app import WardenBot

log = logging.getLogger("warden.publish")


class Publisher:
    def __init__(self, bot: WardenBot) -> None:
        self.bot = bot
        self.dm_failed: set[tuple[int, str]] = set()

    def names(self, record: GameRecord) -> dict[str, str]:
        return {seat: self.bot.names.get(seat, f"Player {i + 1}")
                for i, seat in enumerate(record.seats)}

    async def board_file(self, rs: Ruleset, state: BaseModel,  # type: ignore[type-arg]
                         record: GameRecord) -> discord.File:
        from renders import render_board

        view = rs.view(state, None)
        png = await asyncio.to_thread(render_board, view, self.names(record))
        return discord.File(io.BytesIO(png), filename="board.png")

    def status_line(self, rs: Ruleset, state: BaseModel) -> str:  # type: ignore[type-arg]
        outcome = rs.outcome(state)
        if outcome is not None:
            team = (outcome.team or "").upper()
            winners = " ".join(f"<@{s}>" for s in outcome.winners)
            return f"**Game over: the {team} team wins** ({outcome.reason}). Winners: {winners}"
        prompts = rs.pending(state)
        if not prompts:
            return ""
        who = " ".join(dict.fromkeys(f"<@{p.seat}>" for p in prompts))
        return f"Waiting for {who}: {prompts[0].text} Press **My choices** or use `/move`."

    async def prepare(self, record: GameRecord, rs: Ruleset, state: BaseModel,  # type: ignore[type-arg]
                      lines: list[str]) -> tuple[str, discord.File]:
        """The table message's text and board image (rendered off the event loop)."""
        content = join_log([*lines, self.status_line(rs, state)])
        return content, await self.board_file(rs, state, record)

    async def table(self, record: GameRecord, rs: Ruleset, state: BaseModel,  # type: ignore[type-arg]
                    lines: list[str], *, new_message: bool,
                    prepared: tuple[str, discord.File] | None = None) -> None:
        channel = self.bot.get_partial_messageable(int(record.channel_id))
        content, file = prepared or await self.prepare(record, rs, state, lines)
        finished = rs.outcome(state) is not None
        view = None if finished else table_view(record.id)
        mentions = discord.AllowedMentions(users=True, everyone=False, roles=False)
        if record.board_message_id and not new_message:
            message = channel.get_partial_message(int(record.board_message_id))
            try:
                await message.edit(content=content, attachments=[file], view=view,
                                   allowed_mentions=mentions)
                return
            except discord.NotFound:
                pass
        sent = await channel.send(content=content, file=file, view=view,
                                  allowed_mentions=mentions)
        await self.bot.storage.set_message_ids(record.id, board=sent.id)

    async def private(self, record: GameRecord, rs: Ruleset, before: BaseModel | None,  # type: ignore[type-arg]
                      state: BaseModel, events: list[Event], actor: str | None = None
                      ) -> None:
        """DM each seat its private events, its changed private state, and secret
        prompts with buttons."""
        prompts_before = {p.seat for p in rs.pending(before)} if before is not None else set()
        for seat in record.seats:
            # the actor already read their own private events in the interaction reply
            own = [] if seat == actor else [e.text for e in events
                                            if e.to is not None and seat in e.to]
            view = rs.view(state, seat)
            changed = before is None or _me(rs.view(before, seat)) != _me(view)
            prompt = next((p for p in rs.pending(state) if p.seat == seat), None)
            new_secret = prompt is not None and prompt.secret and (
                seat not in prompts_before or seat == actor)
            if not own and not changed and not new_secret:
                continue
            parts = list(own)
            if changed:
                parts.append(describe_private(view))
            dm_view = None
            ask = ""
            if new_secret and prompt is not None:
                dm_view, _ = choice_view(record.id, state.version,  # type: ignore[attr-defined]
                                         rs.legal_actions(state, seat), self.names(record))
                ask = f"\n**{prompt.text}** Choose below (only you see this)."
            # a long sheet is cut, never the question the buttons answer
            text = clip("\n".join(parts), MAX_MESSAGE - len(ask)) + ask
            await self.dm(record, seat, text.strip("\n"), dm_view)

    async def dm(self, record: GameRecord, seat: str, text: str,
                 view: discord.ui.View | None = None) -> bool:
        try:
            channel = await self.bot.create_dm(discord.Object(id=int(seat)))
            if view is not None:
                await channel.send(text, view=view)
            else:
                await channel.send(text)
            return True
        except (discord.Forbidden, discord.NotFound):
            key = (record.id, seat)
            if key not in self.dm_failed:
                self.dm_failed.add(key)
                channel = self.bot.get_partial_messageable(int(record.channel_id))
                await channel.send(DM_FAILED.format(mention=f"<@{seat}>"),
                                   allowed_mentions=discord.AllowedMentions(users=True))
            return False


def _me(view: Any) -> Any:
    """The private part worth a DM when it changes (a player's own vote is confirmed in
    the reply to the vote, so it alone does not trigger a DM)."""
    me = getattr(view, "me", None)
    return me.model_dump(exclude={"my_vote"}) if me is not None else None
