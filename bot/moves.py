"""Moves from any entry point (slash command, button, select, multi-select, DM button,
timer) go through `MoveDesk`: lock the channel, apply, store, start the timer, answer
the player, then queue what the table and the DMs show (bot/publish.py, bot/feed.py).

The answer to the player who moved comes first and never waits for the board: "Done"
with their private results and, when they still have something to decide (the cost of
the action they chose, their second action), the next choices in the same message."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import absence
from bot.games import (
    REMOVED_TEXT,
    MoveResult,
    UserError,
    Why,
    auto_answers,
    auto_seats,
    away_seats,
    computer_seats,
    seat_refusal,
)
from bot.position import Position, Seen
from bot.replies import Reply, answering, failure_text, refuse
from bot.storage import GameRecord
from bot.texts import NO_CHOICE, STALE, clip, plain, split_message
from rules import Action, Event, IllegalAction

if TYPE_CHECKING:
    from bot.ports import Bot

log = logging.getLogger("warden.moves")

# how the table hears about a move Warden made for a silent player
TIMED_OUT = "<@{seat}> ran out of time; Warden decided for them"
WENT_IDLE = ("<@{seat}> ran out of time{times}: Warden's crew plays their seat until they "
             "come back. Press **I'm back** below (or use `/game return`) to play it again.")
IDLE_DM = ("You ran out of time{times} in <#{channel}>, so Warden's crew "
           "(an AI player) plays your seat while you are away. Press **I'm back** under "
           "the notice there, or use `/game return` there, to play it again.")
NOT_YOURS = ("That choice is not yours: it was offered to another player. Press **My "
             "choices** for yours.")


def _answer_for(record: GameRecord, at: Position, seat: str, why: Why) -> Action | None:
    """What Warden plays for `seat` without a computer player's decision: the documented
    default of a silent player (or of a computer seat whose decision was refused), or
    the answer the player let Warden give (while the setting is on)."""
    if why == "auto":
        return at.auto_answer(seat) if seat in auto_seats(record) else None
    default: Callable[[Any, str], Action | None] | None = getattr(at.rs, "default_action",
                                                                  None)
    return default(at.state, seat) if default else None


@dataclass(frozen=True)
class _Offer:
    """A choice still open: the game's row (read with the channel lock held), the seat
    choosing and the state's answers."""

    record: GameRecord
    seat: str
    at: Position


def _edits_in_place(interaction: discord.Interaction) -> bool:
    """A click on a message only the user sees (an ephemeral, or a DM): the answer
    replaces that message, whose choices are used up."""
    if interaction.type != discord.InteractionType.component:
        return False
    message = interaction.message
    return interaction.guild_id is None or (message is not None and message.flags.ephemeral)


class MoveDesk:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def remember(self, interaction: discord.Interaction) -> None:
        self.bot.names[str(interaction.user.id)] = interaction.user.display_name

    async def game_for(self, interaction: discord.Interaction) -> GameRecord:
        """The game of this channel, or in a DM the single running game of the user."""
        if interaction.guild_id is not None:
            return await self.bot.tables.channel_game(str(interaction.channel_id))
        return await self.bot.tables.game_of_user(str(interaction.user.id))

    # ------------------------------------------------------------ entry points
    async def _offered(self, interaction: discord.Interaction, game_id: int, version: int,
                       stamp: str | None) -> _Offer | str:
        """The game, seat and position for a choice offered at `version` (the game's row
        read once, with the channel lock held); why not when it is out of date or the
        game is over."""
        seat = str(interaction.user.id)
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.status != "running":
            return "That game is over."
        if seat not in record.seats:
            return "You are not playing in this game; you can watch."
        refused = seat_refusal(record, seat)
        if refused:
            return refused
        at = self.bot.tables.at(record)
        mine = stamp is None or stamp == at.fingerprint(seat)
        if not mine and any(stamp == at.fingerprint(other) for other in at.waiting
                            if other != seat):
            return NOT_YOURS
        if not mine or (record.version != version and (
                stamp is None or await self.bot.storage.acted_since(game_id, seat, version))):
            return STALE
        return _Offer(record, seat, at)

    async def choose_index(self, interaction: discord.Interaction, game_id: int,
                           version: int, index: int, stamp: str | None = None) -> None:
        """A click on a move button/select made at `version` for choices `stamp`."""
        def pick(offer: _Offer) -> Action | str:
            legal = offer.at.legal(offer.seat)
            return legal[index] if 0 <= index < len(legal) else STALE

        await self._choose(interaction, game_id, version, stamp, pick)

    async def choose_subset(self, interaction: discord.Interaction, game_id: int,
                            version: int, n: int, positions: list[int],
                            stamp: str | None = None) -> None:
        """A multi-select: the chosen parts of the n-th subset choice."""
        def pick(offer: _Offer) -> Action | str:
            menu = offer.at.menu(offer.seat)
            if not 0 <= n < len(menu.subsets):
                return STALE
            subset = menu.subsets[n]
            action = subset.resolve(positions)
            if action is None:
                names = self.bot.publisher.names(offer.record)
                hint = plain(subset.hint, names) if subset.hint else "pick another set"
                return f"That set is not allowed: {hint}. Choose again."
            return action

        await self._choose(interaction, game_id, version, stamp, pick)

    async def _choose(self, interaction: discord.Interaction, game_id: int, version: int,
                      stamp: str | None, pick: Callable[[_Offer], Action | str]) -> None:
        """A choice offered at `version`: checked, picked by `pick` and played with the
        channel lock held, from one read of the game's row; a refusal is sent after."""
        self.remember(interaction)
        channel = await self.bot.tables.channel_of(game_id)
        if channel is None:
            await refuse(interaction, "That game is over.")
            return
        refusal: str | None = None
        result: MoveResult | None = None
        async with answering(interaction, edit=_edits_in_place(interaction)) as reply:
            async with self.bot.tables.lock(channel):
                try:
                    offer = await self._offered(interaction, game_id, version, stamp)
                    chosen = offer if isinstance(offer, str) else pick(offer)
                except Exception as exc:  # answered as a refusal, as before any move
                    offer = chosen = failure_text(exc)
                if isinstance(chosen, str):
                    refusal = chosen
                elif isinstance(offer, _Offer):
                    result = await self._store(interaction, reply, offer.record, offer.seat,
                                               chosen)
            if refusal is not None:
                await reply.send(refusal, edit=False)
            elif result is not None:
                await self._answer(reply, result)
                await self.bot.publisher.keep_names(result.record)

    async def submit(self, interaction: discord.Interaction, record: GameRecord, seat: str,
                     key: str, version: int | None = None) -> MoveResult | None:
        """A player's move by its key: store it, then answer them and queue the table's
        update."""
        async with answering(interaction, edit=_edits_in_place(interaction)) as reply:
            async with self.bot.tables.lock(record.channel_id):
                result = await self._store(interaction, reply, record, seat, key, version)
            if result is not None:
                await self._answer(reply, result)
                await self.bot.publisher.keep_names(result.record)
            return result
        return None

    async def _store(self, interaction: discord.Interaction, reply: Reply,
                     record: GameRecord, seat: str, move: Action | str,
                     version: int | None = None) -> MoveResult | None:
        """Play `move` (an action offered in `record`, read with the lock held, or a
        key) and tell the table; None when refused (the player is told why). Call with
        the channel lock held."""
        try:
            if isinstance(move, str):
                result = await self.bot.tables.play(record.id, seat, move, version)
            else:
                result = await self.bot.tables.play_offered(record, seat, move)
        except (UserError, IllegalAction) as exc:
            await reply.send(exc.reason if isinstance(exc, IllegalAction) else str(exc))
            return None
        self.bot.timers.schedule(result.record)
        if interaction.guild_id is None and interaction.message is not None \
                and self.bot.relay.owns(record):
            # answered in the DM that asked: the reply replaces that message
            self.bot.publisher.feed(record.id).answered_in(seat, interaction.message.id)
        await self.bot.relay.moved(result, by_player=True)
        return result

    async def play_for(self, game_id: int, seat: str, version: int, stamp: str, *,
                       why: Why = "timeout", action: Action | None = None
                       ) -> MoveResult | None:
        """The documented default move for `seat`'s decision as it stood at `version`
        with the choices `stamp` (their fingerprint): played only if that decision is
        still open, by the rule of move buttons (same version, or the same choices and
        the seat has not acted since), so a move the player made first wins and a
        default never becomes a second move. The table hears only that Warden decided;
        which choice, only when the move is public. The caller (the timers) starts the
        clock for what comes next.

        `why` "auto": the player let Warden answer the decisions without a real choice
        (their sheet's setting, still on): the answer is `Ruleset.auto_answer`, and the
        table hears the move as if the player had made it. "crew": a computer seat's
        own move, told like anyone's.

        `action`: the computer player's decision, made from the state at `version`:
        played only if the game is still at that version (else it is decided again)."""
        channel = await self.bot.tables.channel_of(game_id)
        if channel is None:
            return None
        async with self.bot.tables.lock(channel):
            record = await self.bot.storage.get_game(game_id)
            if record is None or record.status != "running":
                return None
            if action is not None and record.version != version:
                return None  # decided from an older state: decided again from this one
            if why == "crew" and seat not in computer_seats(record):
                return None  # its player came back meanwhile: the seat is theirs
            at = await self.bot.tables.still_open(record, seat, version, stamp)
            prompt = None if at is None else at.prompt(seat)
            if at is None or prompt is None:
                return None
            action = action or _answer_for(record, at, seat, why)
            if action is None:
                return None
            try:
                result = await self.bot.tables.play_offered(record, seat, action,
                                                            by_player=False)
            except (UserError, IllegalAction):
                log.warning("default move %s for %s in game %s refused", action.key, seat,
                            game_id)
                return None
            idle = False
            if why == "timeout":
                line = TIMED_OUT.format(seat=seat)
                line += "." if prompt.secret else f": **{action.label}**."
                result.events.insert(0, Event(kind="note", text=line))
                idle = await self._count_timeout(result, seat)
            await self.bot.relay.moved(result, by_player=False)
            if idle:
                await self._tell_idle(result.record, seat)
            return result

    async def _count_timeout(self, result: MoveResult, seat: str) -> bool:
        """One more timeout in a row for `seat` (stored in the game's options, and in
        `result.record`, which the table reads next); whether that hands the seat to
        Warden's crew until its player comes back."""
        if result.finished:
            return False
        options, idle = absence.after_timeout(result.record.options, seat)
        result.record = await self.bot.storage.set_options(result.record.id, options,
                                                           touch=False)
        return idle

    async def _tell_idle(self, record: GameRecord, seat: str) -> None:
        """The table hears that the crew plays `seat` while its player is away, in a
        message of its own that mentions them and carries the **I'm back** button (in
        the channel: the process that runs the game's server answers it); the player
        hears it by DM too, wherever they are."""
        times = absence.in_a_row(record.options)
        self.bot.publisher.went_idle(record, seat, WENT_IDLE.format(seat=seat, times=times))
        await self.bot.publisher.feed(record.id).dm(
            record, seat, IDLE_DM.format(channel=record.channel_id, times=times))

    async def set_auto_answer(self, interaction: discord.Interaction, game_id: int,
                              on: bool) -> None:
        """The sheet's button: Warden answers `game_id`'s decisions without a real choice
        for the player who pressed it (`on`), or asks them every time. The answer is the
        sheet again, showing the new setting; a decision waiting now that Warden may
        answer is answered at once."""
        seated = await self._seated(interaction, game_id)
        if seated is None:
            return
        record, seat = seated
        async with answering(interaction, edit=_edits_in_place(interaction)) as reply:
            async with self.bot.tables.lock(record.channel_id):
                try:
                    record = await self.bot.tables.set_auto_answer(game_id, seat, on)
                except UserError as exc:
                    await reply.send(str(exc))
                    return
            state = self.bot.tables.at(record)
            pub = self.bot.publisher
            in_dm = interaction.guild_id is None
            # the sheet in the DMs, or the `/hand` reply it was pressed on
            text = pub.sheet_parts(record, state, seat)[-1] if in_dm else \
                split_message(pub.private_text(record, state, seat))[-1]
            await reply.send(text, pub.sheet_view(record, seat))
            message = interaction.message
            if in_dm and reply.edit and message is not None and self.bot.relay.owns(record):
                await pub.feed(record.id).sheet_shown(record, seat, message.channel.id,
                                                      message.id, text)
        if on:
            await self.answer_now(record, seat)

    async def answer_now(self, record: GameRecord, seat: str) -> None:
        """Warden's answer for `seat` to the decision they face, if they let it answer
        that one; the clock then runs for what comes next."""
        at = self.bot.tables.at(record)
        if seat not in auto_answers(record, at):
            return
        played = await self.play_for(record.id, seat, record.version, at.fingerprint(seat),
                                     why="auto")
        if played is not None:
            self.bot.timers.schedule(played.record)

    async def _answer(self, reply: Reply, result: MoveResult) -> None:
        now = result.now
        names = self.bot.publisher.names(result.record)
        parts = [f"Done: {clip(plain(result.label, names), 150)}"]
        parts += [plain(e.text, names) for e in result.events
                  if e.to is not None and result.seat in e.to]
        if result.finished:
            parts.append("The game is over: see the channel.")
            await reply.send("\n".join(parts))
            return
        prompt = now.prompt(result.seat)
        answer = auto_answers(result.record, now).get(result.seat)
        if answer is not None:
            label = plain(now.describe(result.seat, answer).label, names)
            parts.append(f"Next, Warden answers for you (your sheet's setting): **{label}**.")
        if prompt is None or answer is not None:
            await reply.send("\n".join(parts))
            return
        done = clip("\n".join(parts), 900)
        msg = self.bot.publisher.choices(result.record, now, result.seat,
                                         f"{done}\n**Next: {prompt.text}**")
        await reply.send(msg.content, msg.view)
        asked_in = reply.interaction.message
        if reply.interaction.guild_id is None and asked_in is not None and reply.edit \
                and self.bot.relay.owns(result.record):
            # the next choices now sit in that DM: it closes like any DM question
            ids = [custom_id for item in msg.view.children
                   if isinstance(custom_id := getattr(item, "custom_id", None), str)]
            self.bot.publisher.feed(result.record.id).track(result.record, now, result.seat,
                                                            asked_in, ids, msg.content)

    async def _seated(self, interaction: discord.Interaction, game_id: int
                      ) -> tuple[GameRecord, str] | None:
        """The running game and the user's seat in it; None (after answering) when the
        game is over or the user does not play in it."""
        self.remember(interaction)
        seat = str(interaction.user.id)
        record = await self.bot.storage.get_game(game_id)
        if record is None or record.status != "running":
            await refuse(interaction, "That game is over.")
            return None
        if seat not in record.seats:
            await refuse(interaction, "You are not playing in this game; you can watch.")
            return None
        refused = seat_refusal(record, seat)
        if refused:  # the seat is Warden's crew's now
            await refuse(interaction, refused)
            return None
        return record, seat

    async def show_choices(self, interaction: discord.Interaction, game_id: int) -> None:
        seated = await self._seated(interaction, game_id)
        if seated is None:
            return
        record, seat = seated
        at = self.bot.tables.at(record)
        if not at.legal(seat):
            await refuse(interaction, self.nothing_to_do(record, at, seat))
            return
        prompt = at.prompt(seat)
        msg = self.bot.publisher.choices(record, at, seat,
                                         f"**{prompt.text if prompt else 'Your choices:'}**")
        await Reply.of(interaction).send(msg.content, msg.view, edit=False)

    def nothing_to_do(self, record: GameRecord, state: Seen, seat: str) -> str:
        """Why `seat` has no choice now, naming who the game waits for."""
        names = self.bot.publisher.names(record)
        waiting = [names.get(other, "someone")
                   for other in self.bot.publisher.at(record, state).waiting if other != seat]
        who = ", ".join(dict.fromkeys(waiting)) or "nobody"
        return f"{NO_CHOICE} Not your turn: waiting for {who}."

    async def show_hand(self, interaction: discord.Interaction, game_id: int | None) -> None:
        self.remember(interaction)
        try:
            record = (await self.bot.tables.running(game_id) if game_id is not None
                      else await self.game_for(interaction))
        except UserError as exc:
            await refuse(interaction, str(exc))
            return
        seat = str(interaction.user.id)
        if seat not in record.seats:
            await refuse(interaction, "You are not playing in this game.")
            return
        if seat in away_seats(record) and record.status == "running":
            await refuse(interaction, REMOVED_TEXT)  # the crew's sheet is nobody's to read
            return
        if record.state is None:
            await refuse(interaction, "The game has not started yet.")
            return
        state = self.bot.tables.at(record)
        setting = self.bot.publisher.sheet_view(record, seat) \
            if record.status == "running" else None
        # the private sheet on demand (DMs closed): several replies when long, the last
        # with the setting's button
        *head, last = split_message(self.bot.publisher.private_text(record, state, seat))
        for part in head:
            await refuse(interaction, part)
        if setting is None:
            await refuse(interaction, last)
        elif interaction.response.is_done():
            await interaction.followup.send(last, view=setting, ephemeral=True)
        else:
            await interaction.response.send_message(last, view=setting, ephemeral=True)

