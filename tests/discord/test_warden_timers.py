"""Turn timers through the fake Discord server, on a clock the test drives (no sleeping
and hoping): reminders, defaults for every waiting seat, secrets kept, a default never
becoming a second move, a failed post, a restart, and the absent player's DMs."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest
from fake_discord import DiscordErrorGuard, FakeDiscord
from warden_helpers import (
    HOST,
    PLAYERS,
    ManualClock,
    add_players,
    bot_backend,  # noqa: F401 (fixture)
    current_record,
    current_state,
    fake_discord_options,  # noqa: F401 (fixture)
    open_and_start,
    settings,
    warden,
)

from bot.app import WardenBot
from bot.storage import open_storage
from rules import get_ruleset

# every test here runs on SQLite and on PostgreSQL
pytestmark = pytest.mark.usefixtures("bot_backend")

RS = get_ruleset("darkmoon")
MINUTE = 60.0  # a timer minute in seconds (the default unit)


def channel_text(fake: FakeDiscord) -> str:
    """Everything the channel shows now (every message, as last edited)."""
    return "\n".join(m.content for m in fake.messages_in(fake.channel_id,
                                                        include_ephemeral=False))


@pytest.mark.rule("BOT-AFK-1")
async def test_turn_timer_reminds_then_plays_default(fake_discord: FakeDiscord,
                                                     tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await open_and_start(fake_discord, turn_timer=1)
        await fake_discord.settle()
        record, state = await current_state(bot)
        waiting = RS.pending(state)[0].seat
        before = len(fake_discord.notifications(int(waiting)))
        await clock.advance(MINUTE / 2 - 1, fake_discord)
        assert "Reminder" not in channel_text(fake_discord)
        await clock.advance(1, fake_discord)
        # it says which decision (a secret one only as private) and pings
        assert f"Reminder: <@{waiting}>: a private decision" in channel_text(fake_discord)
        # half of a 1-minute timer is left: 30 s, not "1 min"
        assert "In 30 s Warden decides for you." in channel_text(fake_discord)
        assert len(fake_discord.notifications(int(waiting))) == before + 1
        assert (await current_record(bot)).version == record.version
        await clock.advance(MINUTE / 2, fake_discord)
        assert (await current_record(bot)).version == record.version + 1
        assert "Reminder" not in channel_text(fake_discord)  # timed out: it is gone
        # the commander's event choice is secret: the table hears only that time ran out
        assert f"<@{waiting}> ran out of time; Warden decided for them." in \
            channel_text(fake_discord)
        default = RS.default_action(state, waiting)
        assert default is not None and default.label not in channel_text(fake_discord)


@pytest.mark.rule("BOT-AFK-1")
async def test_a_reminder_goes_once_its_decision_is_made_and_none_outlives_the_game(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await open_and_start(fake_discord, turn_timer=1)
        await fake_discord.settle()
        _, state = await current_state(bot)
        seat = RS.pending(state)[0].seat
        await clock.advance(MINUTE / 2, fake_discord)
        assert f"Reminder: <@{seat}>" in channel_text(fake_discord)
        await fake_discord.slash(int(seat), fake_discord.channel_id, "move",
                                 action=RS.legal_actions(state, seat)[0].key)
        await fake_discord.settle()
        assert "Reminder" not in channel_text(fake_discord)  # answered: deleted
        # the next decision's reminder, public this time, names it; ending the game
        # deletes it, and no reminder comes after
        _, state = await current_state(bot)
        prompt = RS.pending(state)[0]
        await clock.advance(MINUTE / 2, fake_discord)
        text = channel_text(fake_discord)
        assert not prompt.secret and f"Reminder: <@{prompt.seat}>: {prompt.text}" in text
        await fake_discord.slash(HOST, fake_discord.channel_id, "game", "end")
        await fake_discord.settle()
        await clock.advance(2 * MINUTE, fake_discord)
        assert "Reminder" not in channel_text(fake_discord)
        assert fake_discord.messages_in(fake_discord.channel_id,
                                        include_ephemeral=False)[-1].components  # Rematch


@pytest.mark.rule("BOT-AFK-1")
async def test_an_absent_player_gets_the_private_results_by_dm(fake_discord: FakeDiscord,
                                                               tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await open_and_start(fake_discord, turn_timer=1, when_time_runs_out="pass")
        await fake_discord.settle()
        _, state = await current_state(bot)
        seat = RS.pending(state)[0].seat
        default = RS.default_action(state, seat)
        assert default is not None
        private = [e.text for e in RS.apply(state, seat, default).events
                   if e.to is not None and seat in e.to]
        assert private, "this default move has private results"
        await clock.advance(MINUTE, fake_discord)
        dms = "\n".join(m.content for m in fake_discord.dms_to(int(seat)))
        assert all(text in dms for text in private)
        assert not any(text in channel_text(fake_discord) for text in private)


async def _reach_a_vote(fake: FakeDiscord, bot: WardenBot) -> list[str]:
    """Play until several players must vote at once; the seats voting."""
    agent = random.Random(4)
    for _ in range(300):
        record, state = await current_state(bot)
        prompts = RS.pending(state)
        voters = [p.seat for p in prompts if p.kind == "vote"]
        if len(voters) > 1:
            return voters
        assert record.status == "running", "the game ended before a vote"
        seat = prompts[0].seat
        legal = RS.legal_actions(state, seat)
        call = [a for a in legal if a.key.startswith("call_vote")]
        action = call[0] if call else agent.choice(legal)
        await fake.slash(int(seat), fake.channel_id, "move", action=action.key)
    pytest.fail("no vote came up")


@pytest.mark.rule("BOT-AFK-1")
async def test_every_waiting_voter_gets_the_default_and_no_vote_is_told(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    players = (*PLAYERS, 104)
    add_players(fake_discord, *players)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", seed=2, clock=clock) as bot:
        await open_and_start(fake_discord, players)
        voters = await _reach_a_vote(fake_discord, bot)
        record, state = await current_state(bot)
        done = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "timer",
                                        minutes=1, when_time_runs_out="pass")
        assert "turn timer 1 min, then a silent player passes (the default move)" in \
            done.response.content
        await clock.advance(MINUTE, fake_discord)
        moves = await bot.storage.moves(record.id)
        defaults = [m for m in moves if m.seq > record.version]
        # all voters at once, at the timeout (not one seat per timeout)
        assert sorted(m.seat for m in defaults[:len(voters)]) == sorted(voters)
        assert all(m.action == "vote:abstain" for m in defaults[:len(voters)])
        text = channel_text(fake_discord)
        for seat in voters:
            assert f"<@{seat}> ran out of time; Warden decided for them." in text
        abstain = RS.parse_action(state, voters[0], "vote:abstain")
        assert abstain.label not in text
        assert RS.describe(state, voters[0], abstain).label not in text
        off = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "timer",
                                       minutes=0)
        assert "turn timer off" in off.response.content
        assert record.id not in bot.timers.tasks


@pytest.mark.rule("BOT-AFK-1")
async def test_a_default_is_dropped_when_the_player_moves_first(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Time runs out while the player's own move is being stored: the player's move
    wins and the default (worked out for the old decision) is not played at all."""
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await open_and_start(fake_discord, turn_timer=1)
        await fake_discord.settle()
        record, state = await current_state(bot)
        seat = RS.pending(state)[0].seat
        own = RS.legal_actions(state, seat)[-1]
        lock = bot.tables.lock(record.channel_id)
        await clock.advance(MINUTE / 2, fake_discord)  # the reminder
        async with lock:  # the player's move holds the channel
            await clock.advance(MINUTE / 2, None)
            # the timeout now waits for the lock (asyncio.Lock keeps its waiters there)
            await fake_discord.wait_for(lambda: bool(lock._waiters), timeout=5)
            result = await bot.tables.play(record.id, seat, own.key, record.version)
            bot.timers.schedule(result.record)
        await fake_discord.settle()
        moves = await bot.storage.moves(record.id)
        assert [(m.seat, m.action) for m in moves if m.seq > record.version] == \
            [(seat, own.key)]
        assert "ran out of time" not in channel_text(fake_discord)


@pytest.mark.rule("BOT-AFK-1")
async def test_a_failed_channel_post_still_leaves_the_timer_running(
        fake_discord: FakeDiscord, discord_errors: DiscordErrorGuard, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    discord_errors.allow("publishing game")
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await open_and_start(fake_discord, turn_timer=1)
        await fake_discord.settle()
        record, state = await current_state(bot)
        seat = RS.pending(state)[0].seat
        channel = fake_discord.channel_id
        fake_discord.fail_requests("PATCH", f"/channels/{channel}/messages/*", status=403,
                                   times=10)
        fake_discord.fail_requests("POST", f"/channels/{channel}/messages", status=403,
                                   times=10)
        move = await fake_discord.slash(int(seat), channel, "move",
                                        action=RS.legal_actions(state, seat)[0].key)
        assert move.response.content.startswith("Done:")  # stored and answered
        after, state2 = await current_state(bot)
        assert after.version == record.version + 1
        assert RS.pending(state2), "someone must decide next"
        await clock.advance(MINUTE, fake_discord)
        assert (await current_record(bot)).version > after.version


@pytest.mark.rule("BOT-AFK-1")
async def test_turn_timer_resumes_after_a_restart_with_the_time_left(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A restart does not give an absent player a fresh timer: the new bot counts from
    the game's last change, skips a reminder whose moment has passed and plays the
    default move when the rest of the time is up."""
    add_players(fake_discord, *PLAYERS)
    db = tmp_path / "w.db"
    async with warden(db, clock=ManualClock()) as bot:
        await open_and_start(fake_discord, turn_timer=1)
        record, _ = await current_state(bot)
    # the new bot's storage clock says 50 of the 60 s have gone by since the last change
    # (a fixed instant: the real clock would let a slow start eat into the 10 s left)
    then = record.updated_at + timedelta(seconds=50)
    storage = await open_storage(settings(db).database, clock=lambda: then)
    clock = ManualClock()
    try:
        async with warden(db, clock=clock, storage=storage) as bot2:
            await fake_discord.settle()
            await clock.advance(9, fake_discord)
            assert (await current_record(bot2)).version == record.version
            await clock.advance(1, fake_discord)
            assert (await current_record(bot2)).version == record.version + 1
            assert "Reminder" not in channel_text(fake_discord)
    finally:
        await storage.close()
