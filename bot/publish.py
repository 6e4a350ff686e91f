"""What the engine produced, turned into feed updates (bot/feed.py sends them): who must
be notified, which lines join the public story, which private notices and secret
prompts go by DM, and the texts of the board message and of the private sheets."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot import table_parts as parts
from bot.choices import ChoiceMessage
from bot.components import sheet_view
from bot.crew import crew_name, is_crew, named
from bot.feed import CHOSEN, CHOSEN_FOR, GameFeed, Update
from bot.games import MoveResult, auto_answers, auto_seats, computer_seats
from bot.logs import FIELDS
from bot.position import Position, Seen
from bot.storage import GameRecord
from bot.texts import plain, split_message
from renders.names import display_name
from rules import Prompt, Ruleset, get_ruleset

if TYPE_CHECKING:
    from bot.ports import Bot

log = logging.getLogger("warden.publish")
T = TypeVar("T")
SHOW_AGAIN_WAIT = 20.0  # seconds /game status waits for the board to go out


class Publisher:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.dm_failed: set[tuple[int, str]] = set()
        self.feeds: dict[int, GameFeed] = {}
        self.failed: dict[int, set[str]] = {}  # game -> parts that could not be drawn

    # ------------------------------------------------------------------ texts
    def names(self, record: GameRecord) -> dict[str, str]:
        """Each seat's display name, cleaned (renders/names.py): a computer seat's
        ("Warden crew 1"); a person's as seen in this run, else as stored with the game,
        else (none, or nothing left) "Player 2"."""
        return {seat: crew_name(seat) if is_crew(seat)
                else display_name(self.bot.names.get(seat) or "")
                or display_name(record.names.get(seat) or "") or f"Player {i + 1}"
                for i, seat in enumerate(record.seats)}

    async def keep_names(self, record: GameRecord) -> None:
        """Store the seats' names when this run has seen one the game does not have."""
        seen = {s: n for s in record.seats if (n := self.bot.names.get(s))}
        if any(record.names.get(s) != n for s, n in seen.items()):
            await self.bot.storage.set_names(record.id, {**record.names, **seen})

    @staticmethod
    def ruleset(record: GameRecord) -> Ruleset:
        return get_ruleset(record.ruleset)

    def at(self, record: GameRecord, state: Seen) -> Position:
        """`state` with its answers: the Position given, else the one the tables keep
        for that very state, else new answers."""
        if isinstance(state, Position):
            return state
        try:
            tables = self.bot.tables
        except (AttributeError, RuntimeError):  # no tables (yet): answers of its own
            return Position(self.ruleset(record), state)
        return tables.position(record, state)

    def is_over(self, record: GameRecord, state: Seen) -> bool:
        return self.at(record, state).over

    def status_text(self, record: GameRecord, state: Seen) -> str:
        """The board message's last part: who is awaited and for what (a secret
        decision says only that it is made in private), and the text summary."""
        at = self.at(record, state)
        if at.over:
            return "**Game over.**"
        parts = []
        if at.prompts:
            parts.append(named(waiting_text(at.prompts)))
        summary = self.summary(record, at)
        if summary:
            parts.append(summary)
        return "\n".join(parts)

    # ------------------------------------------------------------------ drawn parts
    # Each part of the table is drawn by bot/table_parts.py; when drawing one fails, the
    # error is logged at ERROR with the game and version, the part is named in
    # `failed[game id]` and a text-only stand-in takes its place, so the story, the pings
    # and the prompts still go out.
    def _drawn(self, part: str, record: GameRecord, state: Any, draw: Callable[[], T],
               stand_in: Callable[[], T]) -> T:
        try:
            return draw()
        except Exception:
            self._failed(part, record, state)
            return stand_in()

    def _failed(self, part: str, record: GameRecord, state: Any) -> None:
        """Log the exception being handled: drawing `part` of `record` at `state` failed."""
        version = getattr(state, "version", record.version)
        log.exception("drawing the %s of game %s at version %s failed", part, record.id,
                      version, extra={FIELDS: {"event": "draw_failed", "part": part,
                                               "game": record.id, "version": version,
                                               "ruleset": record.ruleset}})
        self.failed.setdefault(record.id, set()).add(part)

    def summary(self, record: GameRecord, state: Seen) -> str:
        """The board in a few lines of text (small screens, screen readers); none when
        it cannot be written."""
        names = self.names(record)
        at = self.at(record, state)
        return self._drawn("summary", record, at, lambda: parts.summary_text(at, names), str)

    async def board_image(self, record: GameRecord, state: Seen,
                          shown: parts.BoardImage | None = None) -> parts.BoardImage | None:
        """The board image (`table_parts.board_image`: `shown` again, not drawn, when it
        was drawn from the same view and names), or None when it cannot be drawn."""
        names = self.names(record)
        at = self.at(record, state)
        try:
            return await asyncio.to_thread(parts.board_image, at, names, shown)
        except Exception:
            self._failed("board", record, at)
            return None

    async def board_file(self, record: GameRecord, state: Seen) -> discord.File | None:
        """The board image as a file to send, or None when it cannot be drawn."""
        image = await self.board_image(record, state)
        return None if image is None else image.file()

    def sheet_text(self, record: GameRecord, state: Seen, seat: str) -> str:
        """`seat`'s live private sheet, every text whole (see `sheet_parts`)."""
        head = parts.sheet_head(self.ruleset(record), record.id, record.channel_id)
        return head + self.private_text(record, state, seat)

    def sheet_parts(self, record: GameRecord, state: Seen, seat: str) -> list[str]:
        """The sheet as the DMs that show it: one, or several when it is long."""
        return split_message(self.sheet_text(record, state, seat))

    def private_text(self, record: GameRecord, state: Seen, seat: str) -> str:
        """What `seat` alone sees (the sheet's body, `/hand`), field by field when it
        cannot be drawn, ending with their setting "Warden answers for me" where the game
        has one."""
        at = self.at(record, state)

        def stand_in() -> str:
            try:
                view = at.view(seat)
            except Exception:  # already logged: the sheet is drawn from this view
                view = None
            return parts.plain_sheet(view)

        body = named(self._drawn("sheet", record, at, lambda: parts.private_text(at, seat),
                                 stand_in))
        tail = auto_answer_text(at.rs, seat in auto_seats(record))
        return f"{body}\n\n{tail}" if tail else body

    def sheet_view(self, record: GameRecord, seat: str) -> discord.ui.View | None:
        """The sheet's button for the setting "Warden answers for me when I have no real
        choice", in a game that has such decisions."""
        if not self.ruleset(record).auto_answers:
            return None
        return sheet_view(record.id, seat in auto_seats(record))

    def choices(self, record: GameRecord, state: Seen, seat: str, question: str
                ) -> ChoiceMessage:
        """`question` with `seat`'s choices as buttons and selects (a numbered list for
        `/move` when they cannot be drawn)."""
        at = self.at(record, state)
        names = self.names(record)
        return self._drawn(
            "choices", record, at,
            lambda: parts.seat_choices(at, seat, record.id, names, question),
            lambda: parts.plain_choices(question, at.legal(seat), names))

    def ping_text(self, record: GameRecord, state: Seen, seats: set[str]) -> str:
        """The short message that pings `seats` to their public decision."""
        prompts = [p for p in self.at(record, state).prompts
                   if p.seat in seats and not p.secret]
        return named(ping_text(prompts))

    def secret_prompt(self, record: GameRecord, state: Seen, seat: str
                      ) -> tuple[str, discord.ui.View] | None:
        """The DM question and buttons for `seat`'s pending secret decision, if any."""
        at = self.at(record, state)
        question = parts.secret_question(at, seat)
        if question is None:
            return None
        msg = self.choices(record, at, seat, question)
        return msg.content, msg.view

    def recap(self, record: GameRecord, state: Seen) -> list[str]:
        """The game-over message: the result and every secret revealed."""
        at = self.at(record, state)
        return [named(line) for line in self._drawn(
            "recap", record, at, lambda: at.rs.recap(at.state), lambda: [parts.RECAP_FAILED])]

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
        actor = result.seat if by_player else None
        before = set(result.was.waiting)
        newly = [p for p in result.now.prompts
                 if (p.seat not in before or p.seat == result.seat) and p.seat != actor]
        # nobody asks a computer seat (Warden's crew plays it), nor a player whose
        # decision Warden answers at once
        crew = set(computer_seats(result.record))
        away = crew | set(auto_answers(result.record, result.now))
        public = [e for e in result.events if e.to is None]
        lines = [named(e.text) for e in public]
        update = Update(
            record=result.record, state=result.now, lines=lines,
            turn_at=next((i for i, e in enumerate(public) if e.kind == "turn"), None),
            ping={p.seat for p in newly if not p.secret and p.seat not in away},
            secret={p.seat for p in newly if p.secret and p.seat not in away},
            new_message=any(e.kind == "turn" for e in public), actor=result.seat,
            chosen=(CHOSEN if by_player else CHOSEN_FOR).format(
                label=plain(result.label, self.names(result.record))),
            notices={seat: texts for seat in result.record.seats
                     if seat != actor and seat not in crew
                     and (texts := [named(e.text) for e in result.events
                                    if e.to is not None and seat in e.to])})
        if result.finished:
            update.ping = set()
            update.closing = GAME_OVER
            update.recap = self.recap(result.record, result.now)
        self.feed(result.record.id).push(update)

    def started(self, record: GameRecord, state: Seen, lines: list[str]) -> None:
        at = self.at(record, state)
        crew = set(computer_seats(record))
        prompts = [p for p in at.prompts if p.seat not in crew]
        self.feed(record.id).push(Update(
            record=record, state=at, lines=[named(line) for line in lines],
            new_message=True, ping={p.seat for p in prompts if not p.secret},
            secret={p.seat for p in prompts if p.secret}))

    def note(self, record: GameRecord, line: str, state: Seen | None = None) -> None:
        """A line for the public story (a timer decision, a removed player...); with
        `state`, the table shows that state again (what a seat handed to Warden's crew
        still had open in its DMs closes)."""
        self.feed(record.id).push(Update(record=record, state=state, lines=[named(line)]))

    def went_idle(self, record: GameRecord, seat: str, text: str) -> None:
        """Warden's crew plays `seat` while its player is away: the table's notice, with
        the button that gives it back (after what the move that timed out showed)."""
        self.feed(record.id).push(Update(record=record, state=None, comeback={seat: text}))

    def came_back(self, record: GameRecord, state: Seen, seat: str, line: str) -> None:
        """`seat`'s player plays it again (`line` tells the table): their sheet comes
        back, and a decision waiting on them asks them as it would have (a mention for a
        public one, their DM for a secret one)."""
        prompt = self.at(record, state).prompt(seat)
        self.feed(record.id).push(Update(
            record=record, state=state, lines=[named(line)],
            ping={seat} if prompt is not None and not prompt.secret else set(),
            secret={seat} if prompt is not None and prompt.secret else set()))

    def closed(self, record: GameRecord, state: Seen) -> None:
        """The game was ended before its end (`/game end`, whose answer says by whom):
        the board says so and loses its buttons; every secret is revealed as at a game's
        end, with Rematch."""
        at = self.at(record, state)
        self.feed(record.id).push(Update(
            record=record, state=None, closing="**This game has ended.**",
            recap=[ENDED_RECAP, *map(named, at.rs.reveal(at.state))]))

    async def show_again(self, record: GameRecord, state: Seen) -> str:
        """`/game status`: the board again, as a new message at the bottom; says (to the
        player who asked) what went out, once it has."""
        shown: asyncio.Future[set[str]] = asyncio.get_running_loop().create_future()
        self.feed(record.id).push(Update(record=record, state=self.at(record, state),
                                         new_message=True, shown=shown))
        try:
            failed = await asyncio.wait_for(asyncio.shield(shown), SHOW_AGAIN_WAIT)
        except TimeoutError:
            return "The board will be posted again below in a moment."
        return shown_text(failed)

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


def shown_text(failed: set[str]) -> str:
    """What `/game status` answers once the board went out, with the parts that could
    not be drawn (see `Publisher._drawn`; "post": the message itself failed)."""
    if "post" in failed:
        return ("The board could not be posted (the error was logged); try `/game status` "
                "again in a moment.")
    if "board" in failed:
        return ("The board could not be drawn (the error was logged); the story and prompts "
                "are below, in text.")
    if "summary" in failed:
        return ("The board is posted again below, without its text summary (it could not "
                "be written; the error was logged).")
    if failed:
        return ("The board is posted again below (a private sheet or a list of choices went "
                "out as plain text; the error was logged).")
    return "The board is posted again below."


def auto_answer_text(rs: Ruleset, on: bool) -> str:
    """The private sheet's lines on the setting "Warden answers for me when I have no
    real choice" (nothing in a game without such decisions)."""
    if not rs.auto_answers:
        return ""
    does = f"Warden will {rs.auto_answers}. {rs.auto_answer_tells}"
    if on:
        return f"**Warden answers for you when you have no real choice: on.** {does}"
    return ("**Warden answers for you when you have no real choice: off** (you are asked "
            f"every time). Turn it on and {does}")


GAME_OVER = "**Game over.** Every secret is revealed below."
ENDED_RECAP = "**The game was ended before its end: nobody wins.** The secrets as they stood:"


def waiting_text(prompts: Sequence[Prompt]) -> str:
    """"Waiting for @A: their prompt" (a secret decision, or several: "a private
    decision"; where it was asked, a DM or the reply to the player's last move, is not
    said: **My choices** shows it in every case)."""
    seats = " ".join(dict.fromkeys(f"<@{p.seat}>" for p in prompts))
    first = prompts[0]
    if len(prompts) > 1 or first.secret:
        return f"Waiting for {seats}: a private decision (press **My choices** to see yours)."
    text = first.text if first.text.endswith((".", "!", "?")) else first.text + "."
    return f"Waiting for {seats}: {text} Press **My choices** or use `/move`."


def ping_text(prompts: Sequence[Prompt]) -> str:
    """"@A: Task X: IN or OUT? (the board above)": one line per decision."""
    by_text: dict[str, list[str]] = {}
    for p in prompts:
        by_text.setdefault(p.text, []).append(f"<@{p.seat}>")
    return "\n".join(f"{' '.join(dict.fromkeys(seats))}: {text} Press **My choices** on the "
                     "board above, or use `/move`." for text, seats in by_text.items())
