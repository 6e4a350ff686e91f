"""Each game's outgoing messages, sent in order by one task per game, outside the
channel lock (so a move never waits for Discord, and a 429 is waited out here, never
while a channel is locked).

What a table sees:
- The board message: the story lines of the current turn (appended, never rewritten),
  the status (who is awaited, for what) and a short summary, with the board image and
  the My choices / My hand buttons. It is edited in place as moves come, at most once per
  `board_edit_interval` seconds; a burst of moves is shown as one edit of the newest
  state with every line of the burst. The image goes up again only when the drawn board
  changed: an edit keeps the message's image when the new board is drawn from the same
  public view and names (bot/table_parts.py `board_source`; then it is not even drawn)
  or draws the same PNG. After a restart the first board uploads (what the message
  shows is not stored).
- A new board message when a new turn begins; the previous board message keeps its
  story but loses its buttons. A story too long for one message goes on in the next.
- A seat that must now decide in public, within the turn (an IN/OUT answer passing to
  the next player), is pinged by a short text message under the board (Discord notifies
  a mention only in a new message), not by a new board: the board is edited in place.
  That ping goes once the decision is made, or when the next ping or board replaces it,
  so at most one stands under the board.
- By DM: one private sheet per seat, edited in place when it changes; a new DM only for
  new private information (short notices) or a secret decision (with its buttons). Once
  that decision is made (through the DM, My choices or /move) or the game moves past it,
  the DM loses its buttons and says it is closed, so no dead buttons pile up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.components import board_view, comeback_view, rematch_view
from bot.crew import user_objects
from bot.games import computer_seats
from bot.position import Position, Seen
from bot.storage import GameRecord
from bot.table_parts import BOARD_FAILED, BoardImage
from bot.texts import DM_FAILED, MAX_CONTENT, MAX_MESSAGE, clip

if TYPE_CHECKING:
    from bot.ports import Bot

log = logging.getLogger("warden.feed")

BOARD = "board"
CLOSED_ASK = "*This choice is closed (answered, or the game moved on).*"
HANDED_ASK = "*This choice is closed: Warden's crew plays your seat now.*"
CHOSEN = "*Answered: you chose **{label}**.*"  # the player chose elsewhere (My choices, /move)
CHOSEN_FOR = "*Time ran out: Warden chose **{label}** for you.*"


def sheet_role(seat: str, part: int = 0) -> str:
    """The stored role of a seat's sheet message (of its `part`-th message, when the
    sheet is too long for one)."""
    return f"sheet:{seat}" if part == 0 else f"sheet:{seat}:{part}"


@dataclass(frozen=True)
class _Part:
    """One message of a seat's private sheet."""

    channel: str
    message: str
    text: str


@dataclass
class Update:
    """What one change of a game asks the feed to show."""

    record: GameRecord
    state: Seen | None  # the state after the change (None: no new state, e.g. a note)
    lines: list[str] = field(default_factory=list)  # public story lines
    turn_at: int | None = None  # lines[turn_at:] begin a new turn (a new board message)
    ping: set[str] = field(default_factory=set)  # seats to notify in a new channel message
    new_message: bool = False  # a new turn: start a new board message
    notices: dict[str, list[str]] = field(default_factory=dict)  # seat -> private lines
    secret: set[str] = field(default_factory=set)  # seats newly facing a secret decision
    actor: str | None = None  # the seat whose move this is (its open DM choice is spent)
    chosen: str = ""  # what the actor's DM choice, now spent, says was chosen
    closing: str | None = None  # the game ended: this line closes the board, no buttons
    recap: list[str] = field(default_factory=list)  # game over: posted with a Rematch button
    # seat -> the notice that the crew plays it while its player is away: posted with
    # the I'm back button, mentioning them
    comeback: dict[str, str] = field(default_factory=dict)
    # resolved once sent, with the parts that could not be drawn ("post": nothing went out)
    shown: asyncio.Future[set[str]] | None = None


@dataclass
class _Ask:
    """A DM with live choices: a secret decision asked there, or the next choices the
    answer to a DM button put in its place."""

    message: discord.Message
    fingerprint: str  # of the seat's choices it offers
    ids: list[str]  # the custom ids of its components
    version: int  # the state version it was made at
    content: str  # what the message says now (the message object may predate an edit)


@dataclass
class _Board:
    message_id: str | None = None
    lines: list[str] = field(default_factory=list)
    last_edit: float = -1e9
    loaded: bool = False
    # the image the board message shows, as drawn in this run (None: none, or not known)
    image: BoardImage | None = None


class GameFeed:
    def __init__(self, bot: Bot, game_id: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.bot = bot
        self.game_id = game_id
        self.clock = clock
        self.queue: list[Update] = []
        self.board = _Board()
        self.ping: tuple[int, frozenset[str]] | None = None  # (message id, seats pinged)
        self.sheets: dict[str, list[_Part]] = {}  # seat -> its sheet's messages
        self.asks: dict[str, _Ask] = {}  # seat -> its DM with choices still open
        self.wake = asyncio.Event()
        self.idle = asyncio.Event()
        self.idle.set()
        self.task: asyncio.Task[None] | None = None
        self.closed = False  # the game ended: the feed goes once it has sent everything

    def push(self, update: Update) -> None:
        self.queue.append(update)
        self.idle.clear()
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run(), name=f"feed-{self.game_id}")

    async def _run(self) -> None:
        try:
            while self.queue:
                await self._wait_for_edit_slot()
                batch, self.queue = self.queue, []
                self.bot.publisher.failed.pop(self.game_id, None)
                try:
                    await self._send(batch)
                    failed = self.bot.publisher.failed.pop(self.game_id, set())
                except Exception:  # a lost message must not stop the game's feed
                    log.exception("publishing game %s failed", self.game_id)
                    failed = {"post"}
                for u in batch:
                    if u.shown is not None and not u.shown.done():
                        u.shown.set_result(failed)
        finally:
            if not self.queue:
                self.idle.set()
                if self.closed:
                    self.bot.publisher.feeds.pop(self.game_id, None)

    async def _wait_for_edit_slot(self) -> None:
        """When the next change is an edit, wait until the board may be edited again
        (more moves arriving meanwhile are sent in the same edit)."""
        if any(u.new_message or u.closing is not None for u in self.queue):
            return
        wait = self.board.last_edit + self.bot.settings.board_edit_interval - self.clock()
        if wait > 0:
            await asyncio.sleep(wait)

    # ------------------------------------------------------------------ sending
    async def _send(self, batch: list[Update]) -> None:
        last = batch[-1]
        record = last.record
        newest = next((u.state for u in reversed(batch) if u.state is not None), None)
        state = None if newest is None else self.bot.publisher.at(record, newest)
        await self._load(record)
        # the lines before the first new turn close the old turn's message
        ending: list[str] = []
        lines: list[str] = []
        started = False
        for u in batch:
            if started:
                lines += u.lines
            elif u.new_message:
                cut = u.turn_at or 0
                ending += u.lines[:cut]
                lines += u.lines[cut:]
                started = True
            else:
                ending += u.lines
        if not started or self.board.message_id is None:
            lines, ending = ending + lines, []
        closing = next((u.closing for u in batch if u.closing is not None), None)
        self.closed |= closing is not None
        new_message = any(u.new_message for u in batch)
        ping = set().union(*(u.ping for u in batch))
        await self._channel(record, state, lines, new_message=new_message, ping=ping,
                            closing=closing, ending=ending)
        for u in batch:
            for seat, text in u.comeback.items():
                await self._comeback(record, seat, text)
        recap = [line for u in batch for line in u.recap]
        if recap:
            await self._recap(record, recap)
        if state is not None:
            await self._private(record, state, batch)
            state.drop_views()  # drawn: the board, the summary and every sheet

    async def _load(self, record: GameRecord) -> None:
        if self.board.loaded:
            return
        kept = await self.bot.storage.table_message(record.id, BOARD)
        if kept is not None:
            self.board.message_id, self.board.lines = kept.message_id, list(kept.lines)
        self.board.loaded = True

    async def _channel(self, record: GameRecord, state: Position | None, lines: list[str], *,
                       new_message: bool, ping: set[str], closing: str | None,
                       ending: list[str]) -> None:
        """Show `lines` and the newest state: in the board message (edited) or in a new
        one; `ending` first closes the current message's story (a new turn begins)."""
        pub = self.bot.publisher
        channel = self.bot.get_partial_messageable(int(record.channel_id))
        shown = self.board.image
        image = None
        if state is not None:
            image = await pub.board_image(record, state, None if new_message else shown)
        status = closing or (pub.status_text(record, state) if state is not None else "")
        if state is not None and image is None:
            status = f"{status}\n{BOARD_FAILED}".strip()
        view = None if closing is not None else board_view(record.id)
        kept = self.board.lines + lines
        if new_message or self.board.message_id is None or not _fits(kept, status):
            await self._drop_ping(channel)
            if ending and not _fits(self.board.lines + ending, ""):
                lines, ending = ending + lines, []
            await self._new_board(record, channel, lines, status,
                                  await self._drawn(record, state, image), view, ping,
                                  ending=ending)
            return
        message = channel.get_partial_message(int(self.board.message_id))
        # the image goes up only when the drawn board changed; a board that cannot be
        # drawn loses its old image (it shows a past state)
        same = image is not None and shown is not None and image.digest == shown.digest
        try:
            await message.edit(content=_compose(kept, status),
                               attachments=discord.utils.MISSING if same or state is None
                               else [image.file()] if image is not None else [],
                               view=view, allowed_mentions=discord.AllowedMentions.none())
        except discord.NotFound:
            await self._drop_ping(channel)
            await self._new_board(record, channel, lines, status,
                                  await self._drawn(record, state, image), view, ping,
                                  ending=[])
            return
        if state is not None:
            self.board.image = None if image is None else image.shown()
        self.board.lines = kept
        self.board.last_edit = self.clock()
        await self.bot.storage.put_table_message(record.id, BOARD, record.channel_id,
                                                 self.board.message_id, kept, record.version)
        if ping or closing is not None or (state is not None and not self._ping_stands(state)):
            await self._drop_ping(channel)
        if ping and state is not None and closing is None:
            await self._ping(record, channel, state, ping)

    async def _drawn(self, record: GameRecord, state: Position | None,
                     image: BoardImage | None) -> BoardImage | None:
        """`image` with its PNG, for a new board message (which carries its own copy):
        drawn now when it was only compared with the board shown."""
        if state is None or image is None or image.png is not None:
            return image
        return await self.bot.publisher.board_image(record, state)

    def _ping_stands(self, state: Position) -> bool:
        """Whether a seat the standing ping named is still awaited."""
        if self.ping is None:
            return True
        return any(seat in self.ping[1] for seat in state.waiting)

    async def _ping(self, record: GameRecord, channel: discord.PartialMessageable,
                    state: Position, seats: set[str]) -> None:
        """Notify `seats`, whose public decision the board (edited above) now awaits,
        with a short message that names the decision."""
        text = self.bot.publisher.ping_text(record, state, seats)
        if not text:
            return
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, replied_user=False,
            users=user_objects(sorted(seats)))
        sent = await channel.send(text, allowed_mentions=mentions)
        self.ping = (sent.id, frozenset(seats))

    async def _drop_ping(self, channel: discord.PartialMessageable) -> None:
        """The standing ping message goes: its decision was made, or a newer ping or
        board message takes over."""
        if self.ping is None:
            return
        message_id, self.ping = self.ping[0], None
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await channel.get_partial_message(message_id).delete()

    async def _new_board(self, record: GameRecord, channel: discord.PartialMessageable,
                         lines: list[str], status: str, image: BoardImage | None,
                         view: discord.ui.View | None, ping: set[str],
                         ending: list[str]) -> None:
        old = self.board.message_id
        old_lines = self.board.lines + list(ending)
        # a story longer than one message goes out in text-only parts first
        chunks = _chunks(lines, MAX_MESSAGE - len(status) - 2)
        for chunk in chunks[:-1]:
            await channel.send("\n".join(chunk), allowed_mentions=discord.AllowedMentions.none())
        tail = chunks[-1] if chunks else []
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, replied_user=False,
            users=user_objects(sorted(ping)))
        sent = await channel.send(content=_compose(tail, status),
                                  file=discord.utils.MISSING if image is None
                                  else image.file(),
                                  view=view or discord.utils.MISSING, allowed_mentions=mentions)
        self.board.message_id, self.board.lines = str(sent.id), tail
        self.board.image = None if image is None else image.shown()
        self.board.last_edit = self.clock()
        await self.bot.storage.put_table_message(record.id, BOARD, record.channel_id, sent.id,
                                                 tail, record.version)
        if old is not None and old != str(sent.id):
            # the replaced board keeps its story (ended with the turn's last lines) but
            # not its buttons; its image stays as the board was at that moment
            with contextlib.suppress(discord.NotFound, discord.Forbidden):
                await channel.get_partial_message(int(old)).edit(
                    content=_compose(old_lines, "") or "\u200b", view=None,
                    allowed_mentions=discord.AllowedMentions.none())

    async def _comeback(self, record: GameRecord, seat: str, text: str) -> None:
        """The notice that Warden's crew plays `seat` while its player is away: a message
        of its own that pings them, with the button that gives the seat back."""
        channel = self.bot.get_partial_messageable(int(record.channel_id))
        await channel.send(clip(text, MAX_CONTENT), view=comeback_view(record.id),
                           allowed_mentions=discord.AllowedMentions(
                               everyone=False, roles=False, users=user_objects([seat])))

    async def _recap(self, record: GameRecord, lines: list[str]) -> None:
        """The game-over message: the result in words and every secret revealed; it
        pings every player and offers a rematch."""
        channel = self.bot.get_partial_messageable(int(record.channel_id))
        chunks = _chunks(lines, MAX_MESSAGE)
        mentions = discord.AllowedMentions(
            everyone=False, roles=False,
            users=user_objects(record.seats))
        for i, chunk in enumerate(chunks):
            last = i == len(chunks) - 1
            await channel.send("\n".join(chunk),
                               view=rematch_view(record.id) if last else discord.utils.MISSING,
                               allowed_mentions=mentions if i == 0 else
                               discord.AllowedMentions.none())

    # ------------------------------------------------------------------ private
    async def _private(self, record: GameRecord, state: Position, batch: list[Update]
                       ) -> None:
        notices: dict[str, list[str]] = {}
        for u in batch:
            for seat, texts in u.notices.items():
                notices.setdefault(seat, []).extend(texts)
        secret = set().union(*(u.secret for u in batch))
        crew = set(computer_seats(record))
        for seat in record.seats:
            if seat in crew:  # Warden's crew plays it: no sheet, no DM, ever
                await self._hand_over(seat)
                continue
            try:
                await self._seat(record, state, seat, batch, notices.get(seat, []),
                                 asked=seat in secret)
            except Exception:  # one seat's lost DM must not cost the others theirs
                log.exception("the DMs of seat %s in game %s at version %s failed", seat,
                              record.id, state.version)

    async def _seat(self, record: GameRecord, state: Position, seat: str, batch: list[Update],
                    notices: list[str], *, asked: bool) -> None:
        """`seat`'s sheet, its closed DM choices, its notices and its secret question."""
        pub = self.bot.publisher
        await self._sheet(record, state, seat)
        await self._close_ask(record, state, seat, batch, asked_again=asked)
        ask = pub.secret_prompt(record, state, seat) if asked else None
        if notices or ask is not None:
            text = "\n".join(notices)
            view = None
            if ask is not None:
                question, view = ask
                text = clip(text, MAX_MESSAGE - len(question) - 1) + "\n" + question
            sent = await self._send_dm(record, seat, text.strip("\n"), view)
            if sent is not None and view is not None:
                self.track(record, state, seat, sent, _custom_ids(sent.components))

    async def _hand_over(self, seat: str) -> None:
        """A seat handed to Warden's crew: the DM that still offered its player choices
        closes (they are the crew's now)."""
        kept = self.asks.pop(seat, None)
        if kept is None:
            return
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await kept.message.edit(content=clip(f"{kept.message.content}\n{HANDED_ASK}",
                                                 MAX_CONTENT), view=None)

    def track(self, record: GameRecord, state: Position, seat: str, message: discord.Message,
              ids: list[str], content: str | None = None) -> None:
        """DM `message` now offers `seat`'s choices at `state` with the components
        `ids` (and says `content`, when an edit changed what `message` says): close it
        once they are made or gone."""
        self.asks[seat] = _Ask(message, state.fingerprint(seat), ids, state.version,
                               message.content if content is None else content)

    def answered_in(self, seat: str, message_id: int) -> None:
        """The seat moved with a button of DM `message_id`: the answer replaces that
        message, so it is no longer this feed's to close."""
        kept = self.asks.get(seat)
        if kept is not None and kept.message.id == message_id:
            del self.asks[seat]

    async def _close_ask(self, record: GameRecord, state: Position, seat: str,
                         batch: list[Update], *, asked_again: bool) -> None:
        """The seat's DM with open choices loses its buttons, as they stop working: once
        the seat moves after it was made, a new secret decision is asked, or the seat
        no longer faces the same choices (another player's vote leaves the other
        voters' DMs open)."""
        kept = self.asks.get(seat)
        if kept is None or kept.version >= state.version:
            return
        moved = next((u for u in batch if u.actor == seat and u.state is not None
                      and _version(u.state) > kept.version), None)
        if not (moved or asked_again) and seat in state.waiting and \
                state.fingerprint(seat) == kept.fingerprint:
            return
        del self.asks[seat]
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            current = kept.message
            if self.bot.shard_plan.partial:
                # a button of the DM itself may have answered it through another process
                # (DMs reach shard 0's): the answer already replaced the message and its
                # buttons. Alone, this process heard of every such answer (`answered_in`)
                # and holds the message as it stands: nothing to read back
                current = await kept.message.channel.fetch_message(kept.message.id)
                if _custom_ids(current.components) != kept.ids:
                    return
            said = moved.chosen if moved is not None and moved.chosen else CLOSED_ASK
            content = current.content if current is not kept.message else kept.content
            await current.edit(content=clip(f"{content}\n{said}", MAX_CONTENT), view=None)

    async def _sheet(self, record: GameRecord, state: Position, seat: str) -> None:
        """The seat's private sheet: one DM, or several when its texts (always whole)
        pass one message, the setting's button on the last; each part is edited in place
        when it changes, a part added is a new DM, a part no longer needed is deleted."""
        texts = self.bot.publisher.sheet_parts(record, state, seat)
        view = self.bot.publisher.sheet_view(record, seat)
        kept = self.sheets.get(seat)
        if kept is None:
            kept = await self._stored_sheet(record, seat)
        if [part.text for part in kept] == texts:
            return
        parts: list[_Part] = []
        fresh = False  # a part was sent anew: the parts after it are too, to stay in order
        last = len(texts) - 1
        for n, text in enumerate(texts):
            old = kept[n] if n < len(kept) and not fresh else None
            # the button moves with the last part
            if old is not None and old.text == text and (n == last) == (n == len(kept) - 1):
                parts.append(old)
                continue
            if old is not None:
                channel = self.bot.get_partial_messageable(int(old.channel),
                                                           type=discord.ChannelType.private)
                try:
                    await channel.get_partial_message(int(old.message)).edit(
                        content=text, view=view if n == last else None)
                    parts.append(_Part(old.channel, old.message, text))
                    await self._keep_part(record, seat, n, parts[-1])
                    continue
                except discord.NotFound:
                    pass  # deleted by the player: this part and the next are sent again
                except discord.Forbidden:
                    return
            sent = await self._send_dm(record, seat, text, view if n == last else None)
            if sent is None:
                return
            fresh = True
            parts.append(_Part(str(sent.channel.id), str(sent.id), text))
            await self._keep_part(record, seat, n, parts[-1])
        for n, old in enumerate(kept):
            if n >= len(parts) or parts[n].message != old.message:
                await self._drop_part(record, seat, n, old, keep_row=n < len(parts))
        self.sheets[seat] = parts

    async def sheet_shown(self, record: GameRecord, seat: str, channel_id: int | str,
                          message_id: int | str, text: str) -> None:
        """DM `message_id`, a part of `seat`'s sheet, now shows `text` (edited by the
        answer to the sheet's own button)."""
        parts = self.sheets.get(seat)
        if parts is None:
            parts = await self._stored_sheet(record, seat)
        for n, part in enumerate(parts):
            if part.message == str(message_id):
                parts[n] = _Part(str(channel_id), str(message_id), text)
                self.sheets[seat] = parts
                await self._keep_part(record, seat, n, parts[n])
                return

    async def _stored_sheet(self, record: GameRecord, seat: str) -> list[_Part]:
        """The sheet's parts as stored (after a restart)."""
        parts: list[_Part] = []
        while (stored := await self.bot.storage.table_message(
                record.id, sheet_role(seat, len(parts)))) is not None and stored.lines:
            parts.append(_Part(stored.channel_id, stored.message_id, "".join(stored.lines)))
        return parts

    async def _keep_part(self, record: GameRecord, seat: str, n: int, part: _Part) -> None:
        await self.bot.storage.put_table_message(record.id, sheet_role(seat, n), part.channel,
                                                 part.message, [part.text])

    async def _drop_part(self, record: GameRecord, seat: str, n: int, part: _Part, *,
                         keep_row: bool) -> None:
        """Delete a part no longer shown (its row, unless a new message took its place,
        is kept empty: the stored sheet ends before it)."""
        channel = self.bot.get_partial_messageable(int(part.channel),
                                                   type=discord.ChannelType.private)
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await channel.get_partial_message(int(part.message)).delete()
        if not keep_row:
            await self.bot.storage.put_table_message(record.id, sheet_role(seat, n),
                                                     part.channel, part.message, [])

    async def dm(self, record: GameRecord, seat: str, text: str,
                 view: discord.ui.View | None = None) -> bool:
        return await self._send_dm(record, seat, text, view) is not None

    async def _send_dm(self, record: GameRecord, seat: str, text: str,
                       view: discord.ui.View | None) -> discord.Message | None:
        pub = self.bot.publisher
        try:
            channel = await self.bot.create_dm(discord.Object(id=int(seat)))
            return await channel.send(clip(text, MAX_CONTENT), view=view or discord.utils.MISSING)
        except (discord.Forbidden, discord.NotFound):
            key = (record.id, seat)
            if key not in pub.dm_failed:
                pub.dm_failed.add(key)
                public = self.bot.get_partial_messageable(int(record.channel_id))
                await public.send(DM_FAILED.format(mention=f"<@{seat}>"),
                                  allowed_mentions=discord.AllowedMentions(users=True))
            return None


def _version(state: Seen) -> int:
    """The version of a state (or of a Position's state)."""
    version: int = getattr(state, "version", 0)
    return version


def _custom_ids(components: list[Any]) -> list[str]:
    """The custom ids of a message's components (action rows and their children)."""
    out: list[str] = []
    for row in components:
        for item in getattr(row, "children", [row]):
            if getattr(item, "custom_id", None):
                out.append(item.custom_id)
    return out


def _compose(lines: list[str], status: str) -> str:
    body = "\n".join(lines)
    if status:
        body = f"{body}\n\n{status}" if body else status
    return clip(body, MAX_CONTENT)


def _fits(lines: list[str], status: str) -> bool:
    return len("\n".join(lines)) + len(status) + 2 <= MAX_MESSAGE


def _chunks(lines: list[str], limit: int) -> list[list[str]]:
    """Lines in groups that each fit in `limit` characters (a longer line is clipped);
    the last group is the one that goes with the board."""
    limit = max(200, limit)
    out: list[list[str]] = []
    size = limit + 1
    for line in lines:
        line = clip(line, limit)
        if size + len(line) + 1 > limit:
            out.append([])
            size = 0
        out[-1].append(line)
        size += len(line) + 1
    return out

