"""A player gone quiet, through the fake Discord on a clock the test drives: after running
out of time a number of times in a row (the lobby's setting), Warden's crew plays their
seat until they come back with `/game return` or the button of the DM that told them; a
move of their own ends the streak; a host's `/game kick` removes them for good."""

from __future__ import annotations

from pathlib import Path

import pytest
from crew_helpers import lobby_content, open_lobby
from fake_discord import FakeDiscord
from warden_helpers import (
    HOST,
    PLAYERS,
    ManualClock,
    add_players,
    bot_backend,  # noqa: F401 (fixture)
    button_labels,
    current_record,
    current_state,
    fake_discord_options,  # noqa: F401 (fixture)
    warden,
)

from bot import absence
from bot.app import WardenBot
from bot.games import REMOVED_TEXT, computer_seats
from rules import get_ruleset

pytestmark = pytest.mark.usefixtures("bot_backend")

RS = get_ruleset("darkmoon")
MINUTE = 60.0


def story(fake: FakeDiscord) -> str:
    return "\n".join(m.content for m in fake.messages_in(fake.channel_id,
                                                        include_ephemeral=False))


async def start_silent(fake: FakeDiscord, idle_after: int) -> None:
    lobby = await open_lobby(fake, PLAYERS, crew=0, turn_timer=1, when_time_runs_out="pass",
                             idle_after=idle_after)
    await fake.click(HOST, lobby, label="Start")
    await fake.settle()


async def until_idle(fake: FakeDiscord, bot: WardenBot, clock: ManualClock,
                     minutes: int = 40) -> str:
    """Let time run, a minute at a time, until the crew plays some silent player's seat
    (nobody moves): that seat."""
    for _ in range(minutes):
        idle = absence.idle_seats((await current_record(bot)).options)
        if idle:
            return idle[0]
        await clock.advance(MINUTE, fake)
    raise AssertionError("nobody went idle")


async def test_silent_twice_in_a_row_the_crew_plays_the_seat_until_its_player_returns(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        lobby = await open_lobby(fake_discord, PLAYERS, crew=0, turn_timer=1,
                                 when_time_runs_out="pass", idle_after=2)
        assert ("after 2 timeouts in a row, Warden's crew plays the seat until its player "
                "returns") in lobby_content(fake_discord, lobby)
        await fake_discord.click(HOST, lobby, label="Start")
        await fake_discord.settle()
        seat = await until_idle(fake_discord, bot, clock)
        record = await current_record(bot)
        assert seat in computer_seats(record)
        assert seat not in (record.options.get(absence.STREAK) or {})
        await fake_discord.settle()
        # the table's notice: a message of its own that pings them, with the button
        notice = [m for m in fake_discord.messages_in(fake_discord.channel_id,
                                                     include_ephemeral=False)
                  if "ran out of time 2 times in a row" in m.content]
        assert len(notice) == 1
        assert notice[0].content == (
            f"<@{seat}> ran out of time 2 times in a row: Warden's crew plays their seat "
            "until they come back. Press **I'm back** below (or use `/game return`) to play "
            "it again.")
        assert button_labels(notice[0]) == ["I'm back"]
        assert any(n.message.id == notice[0].id
                   for n in fake_discord.notifications(int(seat)))
        dm = [m for m in fake_discord.dms_to(int(seat))
              if "ran out of time 2 times in a row" in m.content]
        assert len(dm) == 1 and not dm[0].components
        assert f"<#{fake_discord.channel_id}>" in dm[0].content
        # their list of games says the crew plays their seat, and how to get it back
        listed = await fake_discord.slash(int(seat), fake_discord.channel_id, "games")
        [embed] = listed.response.embeds
        assert embed["title"].endswith("none waiting on you")
        assert ("Warden's crew plays your seat while you are away: `/game return` in the "
                "channel gives it back.") in embed["description"]
        # the seat is the crew's while they are away: no move, no choices
        for command in (("move",), ("choices",)):
            refused = await fake_discord.slash(int(seat), fake_discord.channel_id, *command,
                                               **({"action": "pass"} if command == ("move",)
                                                  else {}))
            assert refused.response.ephemeral
            assert refused.response.content == absence.IDLE_TEXT
        # the crew moves for the seat (after its pause), like any computer seat
        before = len(await bot.storage.moves(record.id))
        for _ in range(30):
            moves = await bot.storage.moves(record.id)
            if any(m.seat == seat for m in moves[before:]):
                break
            await clock.advance(MINUTE, fake_discord)
        else:
            raise AssertionError("the crew never moved for the seat")
        # the notice's button: anyone else is told they are not away; theirs gives it back
        other = next(p for p in PLAYERS if str(p) != seat)
        stranger = await fake_discord.click(other, notice[0], label="I'm back")
        assert stranger.response.ephemeral
        assert stranger.response.content == absence.NOT_IDLE_TEXT
        back = await fake_discord.click(int(seat), notice[0], label="I'm back")
        assert back.response.ephemeral
        assert back.response.content.startswith("Welcome back: you play your seat again.")
        await fake_discord.settle()
        record, state = await current_state(bot)
        assert seat not in computer_seats(record)
        assert absence.idle_seats(record.options) == []
        assert f"<@{seat}> is back and plays their own seat again." in story(fake_discord)
        again = await fake_discord.click(int(seat), notice[0], label="I'm back")
        assert again.response.content == absence.NOT_IDLE_TEXT
        # their own move is theirs again (or, not awaited now, they are told whom it waits for)
        mine = await fake_discord.slash(int(seat), fake_discord.channel_id, "choices")
        assert mine.response.content != absence.IDLE_TEXT


async def test_a_move_of_their_own_ends_the_streak(fake_discord: FakeDiscord,
                                                   tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await start_silent(fake_discord, idle_after=3)
        record, state = await current_state(bot)
        seat = RS.pending(state)[0].seat
        await clock.advance(MINUTE, fake_discord)  # the first decision times out
        record = await current_record(bot)
        assert absence.streak(record.options, seat) == 1
        assert absence.idle_seats(record.options) == []
        # the streak counts only timeouts in a row: the player's own move clears it
        for _ in range(20):
            record, state = await current_state(bot)
            if seat in RS.pending(state) or any(p.seat == seat for p in RS.pending(state)):
                break
            waiting = RS.pending(state)[0].seat
            legal = RS.legal_actions(state, waiting)
            done = await fake_discord.slash(int(waiting), fake_discord.channel_id, "move",
                                            action=legal[0].key)
            assert done.response.content.startswith("Done:")
        record, state = await current_state(bot)
        assert any(p.seat == seat for p in RS.pending(state))
        assert absence.streak(record.options, seat) == 1
        done = await fake_discord.slash(int(seat), fake_discord.channel_id, "move",
                                        action=RS.legal_actions(state, seat)[0].key)
        assert done.response.content.startswith("Done:")
        record = await current_record(bot)
        assert absence.streak(record.options, seat) == 0
        assert seat not in (record.options.get(absence.STREAK) or {})


async def test_never_idle_when_the_lobby_says_0(fake_discord: FakeDiscord,
                                                tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await start_silent(fake_discord, idle_after=0)
        for _ in range(12):
            await clock.advance(MINUTE, fake_discord)
        record = await current_record(bot)
        assert absence.idle_seats(record.options) == []
        assert max((record.options.get(absence.STREAK) or {"": 0}).values()) >= 3
        assert "times in a row" not in story(fake_discord)


async def test_return_in_a_lobby_or_after_the_end_says_why_not(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db"):
        lobby = await open_lobby(fake_discord, PLAYERS, crew=0)
        early = await fake_discord.slash(PLAYERS[1], fake_discord.channel_id, "game",
                                         "return")
        assert early.response.ephemeral
        assert early.response.content == absence.NOT_IDLE_TEXT
        await fake_discord.click(HOST, lobby, label="Start")
        await fake_discord.slash(HOST, fake_discord.channel_id, "game", "end")
        late = await fake_discord.slash(PLAYERS[1], fake_discord.channel_id, "game",
                                        "return")
        assert late.response.ephemeral
        assert late.response.content == "There is no game in this channel. Start one with " \
            "`/game new`."


async def test_an_idle_player_kicked_is_gone_for_good_and_return_is_refused(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await start_silent(fake_discord, idle_after=1)
        not_idle = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "return")
        assert not_idle.response.ephemeral
        assert not_idle.response.content == absence.NOT_IDLE_TEXT
        seat = await until_idle(fake_discord, bot, clock)
        await fake_discord.settle()
        assert (f"<@{seat}> ran out of time: Warden's crew plays their seat until they come "
                "back") in story(fake_discord)
        assert seat != str(HOST)  # (the seeded game's first decision is not the host's)
        kicked = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "kick",
                                          player=int(seat))
        assert not kicked.response.ephemeral
        record = await current_record(bot)
        assert record.options["away"] == [seat]
        assert absence.idle_seats(record.options) == []
        assert seat in computer_seats(record)
        back = await fake_discord.slash(int(seat), fake_discord.channel_id, "game", "return")
        assert back.response.ephemeral and back.response.content == REMOVED_TEXT


async def test_game_timer_sets_when_the_crew_takes_over(fake_discord: FakeDiscord,
                                                        tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await start_silent(fake_discord, idle_after=3)
        done = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "timer",
                                        minutes=2, idle_after=1)
        assert done.response.content == (
            f"<@{HOST}>: turn timer 2 min, then a silent player passes (the default move); "
            "after a timeout, Warden's crew plays the seat until its player returns.")
        assert absence.idle_after((await current_record(bot)).options) == 1


async def test_a_crew_move_thought_before_its_player_came_back_is_not_played(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await start_silent(fake_discord, idle_after=1)
        record, state = await current_state(bot)
        seat = RS.pending(state)[0].seat
        await bot.storage.set_options(record.id, absence.after_timeout(record.options,
                                                                       seat)[0])
        record = await current_record(bot)
        assert seat in computer_seats(record)
        back = await fake_discord.slash(int(seat), fake_discord.channel_id, "game", "return")
        assert back.response.content.startswith("Welcome back")
        record, state = await current_state(bot)
        at = bot.tables.at(record)
        played = await bot.moves.play_for(record.id, seat, record.version,
                                          at.fingerprint(seat), why="crew",
                                          action=RS.legal_actions(state, seat)[0])
        assert played is None
        assert (await current_record(bot)).version == record.version
