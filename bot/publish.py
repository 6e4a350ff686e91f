"""What the engine produced, turned into feed updates (bot/feed.py sends them): who must
be notified, which lines join the public story, which private notices and secret
prompts go by DM, and the texts of the board message and of the private sheets."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.choices import choice_message
from bot.feed import CHOSEN, CHOSEN_FOR, GameFeed, Update
from bot.games import MoveResult, away_seats
from bot.sheets import describe_private
from bot.storage import GameRecord
from bot.texts import plain
from renders.summary import summary
from rules import Prompt, Ruleset, get_ruleset

if TYPE_CHECKING:
    from bot.app import WardenBot

log = logging.getLogger("warden.publish")


class Publisher:
    def __init__(self, bot: WardenBot) -> None:
        self.bot = bot
        self.dm_failed: set[tuple[int, str]] = set()
        self.feeds: dict[int, GameFeed] = {}

    # ------------------------------------------------------------------ texts
    def names(self, record: GameRecord) -> dict[str, str]:
        """Each seat's display name: as seen in this run, else as stored with the game."""
        return {seat: self.bot.names.get(seat) or record.names.get(seat) or f"Player {i + 1}"
                for i, seat in enumerate(record.seats)}

    async def keep_names(self, record: GameRecord) -> None:
        """Store the seats' names when this run has seen one the game does not have."""
        seen = {s: n for s in record.seats if (n := self.bot.names.get(s))}
        if any(record.names.get(s) != n for s, n in seen.items()):
            await self.bot.storage.set_names(record.id, {**record.names, **seen})

    @staticmethod
    def ruleset(record: GameRecord) -> Ruleset:  # type: ignore[type-arg]
        return get_ruleset(record.ruleset)

    def is_over(self, record: GameRecord, state: Any) -> bool:
        return self.ruleset(record).outcome(state) is not None

    def status_text(self, record: GameRecord, state: Any) -> str:
        """The board message's last part: who is awaited and for what (a secret
        decision says only that it is made in private), and the text summary."""
        rs = self.ruleset(record)
        if rs.outcome(state) is not None:
            return "**Game over.**"
        prompts = rs.pending(state)
        parts = []
        if prompts:
            parts.append(waiting_text(prompts))
        summary = self.summary(record, state)
        if summary:
            parts.append(summary)
        return "\n".join(parts)

    def summary(self, record: GameRecord, state: Any) -> str:
        """The board in a few lines of text (small screens, screen readers)."""
        names = self.names(record)
        return plain(summary(self.ruleset(record).view(state, None), names), names)

    async def board_file(self, record: GameRecord, state: Any) -> discord.File:
        from renders import render_board

        view = self.ruleset(record).view(state, None)
        png = await asyncio.to_thread(render_board, view, self.names(record))
        return discord.File(io.BytesIO(png), filename="board.png")

    def sheet_text(self, record: GameRecord, state: Any, seat: str) -> str:
        rs = self.ruleset(record)
        head = (f"**Your private sheet: {rs.title}, game #{record.id} in "
                f"<#{record.channel_id}>** (kept up to date; only you see it)\n")
        return head + describe_private(rs.view(state, seat))

    def ping_text(self, record: GameRecord, state: Any, seats: set[str]) -> str:
        """The short message that pings `seats` to their public decision."""
        prompts = [p for p in self.ruleset(record).pending(state)
                   if p.seat in seats and not p.secret]
        return ping_text(prompts)

    def secret_prompt(self, record: GameRecord, state: Any, seat: str
                      ) -> tuple[str, discord.ui.View] | None:
        """The DM question and buttons for `seat`'s pending secret decision, if any."""
        rs = self.ruleset(record)
        prompt = next((p for p in rs.pending(state) if p.seat == seat and p.secret), None)
        if prompt is None:
            return None
        legal = rs.legal_actions(state, seat)
        msg = choice_message(record.id, state.version, legal, rs.menu(state, seat),
                             self.names(record),
                             f"**{prompt.text}** Choose below (only you see this).")
        return msg.content, msg.view

    # ------------------------------------------------------------------ updates
    def feed(self, game_id: int) -> GameFeed:
        feed = self.feeds.get(game_id)
        if feed is None:
            feed = self.feeds[game_id] = GameFeed(self.bot, game_id)
        return feed

    def moved(self, result: MoveResult, *, by_player: bool) -> None:
        """Queue what a stored move shows. The player who moved (`by_player`) already
        got their private results and next choices in the reply; for a move made by
        the bot for an absent player, the seat is told like everyone else."""
        rs = self.ruleset(result.record)
        actor = result.seat if by_player else None
        before = {p.seat for p in rs.pending(result.before)}
        newly = [p for p in rs.pending(result.state)
                 if (p.seat not in before or p.seat == result.seat) and p.seat != actor]
        away = set(away_seats(result.record))
        public = [e for e in result.events if e.to is None]
        lines = [e.text for e in public]
        update = Update(
            record=result.record, state=result.state, lines=lines,
            turn_at=next((i for i, e in enumerate(public) if e.kind == "turn"), None),
            ping={p.seat for p in newly if not p.secret and p.seat not in away},
            secret={p.seat for p in newly if p.secret and p.seat not in away},
            new_message=any(e.kind == "turn" for e in public), actor=result.seat,
            chosen=(CHOSEN if by_player else CHOSEN_FOR).format(
                label=plain(result.label, self.names(result.record))),
            notices={seat: texts for seat in result.record.seats if seat != actor
                     and (texts := [e.text for e in result.events
                                    if e.to is not None and seat in e.to])})
        if result.finished:
            update.ping = set()
            update.closing = "**Game over.** The result is below."
            update.recap = rs.recap(result.state)
        self.feed(result.record.id).push(update)

    def started(self, record: GameRecord, state: Any, lines: list[str]) -> None:
        rs = self.ruleset(record)
        prompts = rs.pending(state)
        self.feed(record.id).push(Update(
            record=record, state=state, lines=lines, new_message=True,
            ping={p.seat for p in prompts if not p.secret},
            secret={p.seat for p in prompts if p.secret}))

    def note(self, record: GameRecord, line: str) -> None:
        """A line for the public story (a timer decision, a removed player...)."""
        self.feed(record.id).push(Update(record=record, state=None, lines=[line]))

    def closed(self, record: GameRecord, state: Any) -> None:
        """The game was ended before its end (`/game end`, whose answer says by whom):
        the board says so and loses its buttons; every secret is revealed as at a game's
        end, with Rematch."""
        self.feed(record.id).push(Update(
            record=record, state=None, closing="**This game has ended.**",
            recap=[ENDED_RECAP, *self.ruleset(record).reveal(state)]))

    def show_again(self, record: GameRecord, state: Any) -> None:
        """`/game status`: the board again, as a new message at the bottom."""
        self.feed(record.id).push(Update(record=record, state=state, new_message=True))

    async def drain(self) -> None:
        """Wait until every queued update has been sent (the bot does before closing)."""
        while busy := [f for f in self.feeds.values() if not f.idle.is_set()]:
            await asyncio.gather(*(f.idle.wait() for f in busy))

    def busy(self) -> bool:
        """Whether some update is still being sent (tests wait for this to clear)."""
        return any(not f.idle.is_set() for f in self.feeds.values())

    def stop(self) -> None:
        for feed in self.feeds.values():
            if feed.task is not None:
                feed.task.cancel()


ENDED_RECAP = "**The game was ended before its end: nobody wins.** The secrets as they stood:"


def waiting_text(prompts: list[Prompt]) -> str:
    """"Waiting for @A: their prompt" (a secret decision, or several: "a private
    decision"; where it was asked, a DM or the reply to the player's last move, is not
    said: **My choices** shows it in every case)."""
    seats = " ".join(dict.fromkeys(f"<@{p.seat}>" for p in prompts))
    first = prompts[0]
    if len(prompts) > 1 or first.secret:
        return f"Waiting for {seats}: a private decision (press **My choices** to see yours)."
    text = first.text if first.text.endswith((".", "!", "?")) else first.text + "."
    return f"Waiting for {seats}: {text} Press **My choices** or use `/move`."


def ping_text(prompts: list[Prompt]) -> str:
    """"@A: Task X: IN or OUT? (the board above)": one line per decision."""
    by_text: dict[str, list[str]] = {}
    for p in prompts:
        by_text.setdefault(p.text, []).append(f"<@{p.seat}>")
    return "\n".join(f"{' '.join(dict.fromkeys(seats))}: {text} Press **My choices** on the "
                     "board above, or use `/move`." for text, seats in by_text.items())
