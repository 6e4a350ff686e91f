"""Where am I awaited? A player's games across every server the bot is in (`/games`).

The list is read through the storage's seat index and the games' keys
(`GameStore.player_games`): no game is scanned and no state decoded, because where each
running game stands -- who it waits on and since when, its round -- is stored with every
move (bot/games.py `standing`). A game running since before the storage kept that is
worked out once from its state: at start-up for every such game (`fill_unknown`), and
by the list itself if it comes first.

What a line says is only what the board already says in public: the game, where it is,
its round, and whether it waits on the player (a secret decision too, never what it is
about) or on whom else; computer seats by their names, never as users. Games that wait
on the player come first, the one whose time runs out first at the top; lobbies last.
Finished and ended games are not listed: nothing awaits anyone there, and the channel
keeps their recap. A game whose seat the player left to Warden's crew is not theirs to
play any more and is not listed either; one the crew plays while they are away is, with
how to get the seat back. Times are Discord's relative timestamps
(`<t:...:R>`), which every viewer reads in their own time zone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Final

import discord

from bot import absence
from bot.crew import mention
from bot.games import UserError, away_seats, handed_over, standing
from bot.option_names import TIMER
from bot.position import Position
from bot.settings import Settings
from bot.storage import PlayerGame, StorageUnavailable

if TYPE_CHECKING:
    from bot.ports import Bot

log = logging.getLogger("warden.awaited")

DESCRIPTION_LIMIT: Final = 4096  # Discord's limits on one embed's description
TITLE_LIMIT: Final = 256
NO_GAMES = ("You are not in any game. Open one with `/game new` in a server channel, or "
            "press **Join** under a lobby.")
NAMED_AT_MOST: Final = 3  # the other seats a line names before "and N more"


def deadline(game: PlayerGame, seat: str, settings: Settings) -> datetime | None:
    """When `seat`'s time for the decision `game` awaits of it runs out, or None when no
    clock runs for it. Today's turn timer (bot/timers.py): the game's
    `turn_timeout_minutes`, in units of `timer_unit_seconds`, counted from the game's
    last change (every move starts it again for whoever is still awaited)."""
    minutes = int(game.options.get(TIMER) or 0)
    if minutes <= 0 or seat not in (game.waits or {}):
        return None
    return game.updated_at + timedelta(seconds=minutes * settings.timer_unit_seconds)


@dataclass(frozen=True)
class Listed:
    """One line of a player's list: the game, where it is, and what it waits for."""

    game: PlayerGame
    title: str  # the game's name ("Dark Moon")
    since: datetime | None  # since when it waits on the player (None: not on them)
    others: tuple[str, ...]  # the other seats it waits on, as the table names them
    others_since: datetime | None
    due: datetime | None  # when the player's time runs out (None: no clock runs)
    crew_plays: bool = False  # Warden's crew plays the player's seat while they are away

    @property
    def sort_key(self) -> tuple[int, float, float]:
        """Waiting on the player first (the earliest deadline, then the longest wait),
        then the other running games (the latest news first), then lobbies."""
        if self.since is not None:
            due = self.due.timestamp() if self.due is not None else float("inf")
            return (0, due, self.since.timestamp())
        if self.game.status == "running":
            return (1, -self.game.updated_at.timestamp(), 0.0)
        return (2, float(self.game.id), 0.0)


async def player_list(bot: Bot, user: str) -> list[Listed]:
    """`user`'s lobbies and running games, in the order the list shows them."""
    listed = []
    for game in await bot.storage.player_games(user, ("lobby", "running")):
        if user in away_seats(game):
            continue
        if game.status == "running" and game.waits is None:
            game = await _worked_out(bot, game)
        waits = game.waits or {}
        others = [seat for seat in waits if seat != user]
        away = user in absence.idle_seats(game.options)
        listed.append(Listed(
            game=game, title=_title(bot, game.ruleset),
            since=None if away else waits.get(user),
            others=tuple(dict.fromkeys(_named(seat, game) for seat in others)),
            others_since=min((waits[seat] for seat in others), default=None),
            due=None if away else deadline(game, user, bot.settings), crew_plays=away))
    return sorted(listed, key=lambda line: line.sort_key)


def _title(bot: Bot, ruleset: str) -> str:
    """The game's name (its own name when its ruleset is not installed any more)."""
    try:
        return bot.tables.ruleset_named(ruleset).title
    except UserError:
        return ruleset


def _named(seat: str, game: PlayerGame) -> str:
    """A seat as the list names it: a person's mention (an embed's mention pings nobody),
    a computer seat's name, a seat handed to the crew (for good, or while its player is
    away) as the crew's."""
    return "**Warden's crew**" if seat in handed_over(game) else mention(seat)


async def _worked_out(bot: Bot, game: PlayerGame) -> PlayerGame:
    """`game` with where it stands worked out from its state (a game running since
    before the storage kept that), and stored for next time."""
    record = await bot.storage.get_game(game.id)
    if record is None or record.state is None:
        return game
    try:
        stands = standing(bot.tables.at(record))
    except UserError:  # its ruleset is not installed any more: nothing to tell
        return game
    await bot.storage.fill_standing(record.id, record.version, stands, record.updated_at)
    return game.model_copy(update={
        "waits": dict.fromkeys(stands.waiting, record.updated_at),
        "game_round": stands.round, "updated_at": record.updated_at})


# ------------------------------------------------------------------ the answer


def stamp(moment: datetime) -> str:
    """A relative timestamp each viewer's client writes in their own time ("2 hours
    ago", "in 5 minutes")."""
    return f"<t:{int(moment.timestamp())}:R>"


def jump_url(game: PlayerGame) -> str:
    """The link to the game's board message (to its channel while it has none)."""
    where = f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}"
    return f"{where}/{game.board_message}" if game.board_message else where


def line(item: Listed, now: datetime, guild_name: Callable[[str], str | None]) -> str:
    """One game of the list, in two lines: what and where, then what it waits for."""
    game = item.game
    server = guild_name(game.guild_id) if game.guild_id else None
    head = f"**{item.title}**"
    if game.status == "lobby":
        head += " (lobby)"
    elif game.game_round is not None:
        head += f", round {game.game_round}"
    place = f"<#{game.channel_id}>" + (f" in *{discord.utils.escape_markdown(server)}*"
                                       if server else "")
    link = "lobby" if game.status == "lobby" else "board"
    return f"{head} · {place} · [{link}]({jump_url(game)})\n{_state(item, now)}"


def _state(item: Listed, now: datetime) -> str:
    if item.game.status == "lobby":
        return "Waiting for the host to start it."
    if item.crew_plays:
        return ("Warden's crew plays your seat while you are away: `/game return` in the "
                "channel gives it back.")
    if item.since is not None:
        text = f"⏰ **Waits on you** since {stamp(item.since)}"
        if item.due is not None:
            text += (f"; Warden decides for you {stamp(item.due)}" if item.due > now
                     else "; your time is up: Warden decides for you now")
        return text + "."
    if not item.others:
        return "Waits on nobody."
    named = ", ".join(item.others[:NAMED_AT_MOST])
    more = len(item.others) - NAMED_AT_MOST
    if more > 0:
        named += f" and {more} more"
    since = f" since {stamp(item.others_since)}" if item.others_since is not None else ""
    return f"Waits on {named}{since}."


def answer(items: Sequence[Listed], now: datetime,
           guild_name: Callable[[str], str | None]) -> tuple[str, discord.Embed | None]:
    """The text and the embed `/games` answers with: every game that fits in one embed
    (Discord: a description of at most 4,096 characters), in the list's order, then how
    many more there are."""
    if not items:
        return NO_GAMES, None
    mine = sum(1 for item in items if item.since is not None)
    title = (f"Your games: {len(items)}, {mine} waiting on you" if mine
             else f"Your games: {len(items)}, none waiting on you")
    lines: list[str] = []
    size = 0
    for n, item in enumerate(items):
        text = line(item, now, guild_name)
        rest = len(items) - n - 1
        # room for this line and, if more follow, for the line saying how many
        tail = len(_more(rest)) + 2 if rest else 0
        if size + len(text) + 2 + tail > DESCRIPTION_LIMIT:
            lines.append(_more(len(items) - n))
            break
        lines.append(text)
        size += len(text) + 2
    embed = discord.Embed(title=title[:TITLE_LIMIT], description="\n\n".join(lines))
    return "", embed


def _more(n: int) -> str:
    return (f"*…and {n} more game{'s' if n != 1 else ''} not shown (those waiting on you "
            "are listed first).*")


# ------------------------------------------------------------------ after an upgrade


async def fill_unknown(bot: Bot) -> int:
    """Work out where each running game stands that the storage does not know yet (it
    was running before the storage kept that), from its stored state; the number
    stored. Run once at start-up, in the background (a game moved meanwhile has stored
    its own)."""
    storage = bot.storage
    filled = 0
    for game_id in await storage.unknown_standing():
        try:
            record = await storage.get_game(game_id)
            if record is None or record.state is None or not bot.relay.owns(record):
                continue
            rs = bot.tables.ruleset_of(record)
            at = Position(rs, rs.load_state(record.state))
            filled += await storage.fill_standing(record.id, record.version, standing(at),
                                                  record.updated_at)
        except StorageUnavailable as exc:
            log.warning("working out where the running games stand stopped: %s", exc)
            return filled
        except Exception:
            log.exception("working out where game %s stands failed", game_id)
        await asyncio.sleep(0)  # one game at a time: the bot answers meanwhile
    if filled:
        log.info("worked out where %d running game(s) stand", filled)
    return filled
