"""Computer players at the Discord table (Warden's crew), through the fake Discord: seated
in the lobby by the host, moving after a pause on the clock the test drives, announced
like anyone, never pinged nor written to, never leaking what their seat holds; seats
handed over by `/game kick` or a player leaving; the turn timer's choice; a restart."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from crew_helpers import everything_sent, lobby_content, open_lobby, start, step
from fake_discord import FakeDiscord
from pydantic import BaseModel
from warden_helpers import (
    BOB,
    CAROL,
    HOST,
    PLAYERS,
    STRANGER,
    ManualClock,
    add_players,
    bot_backend,  # noqa: F401 (fixture)
    current_record,
    current_state,
    dm_asks,
    fake_discord_options,  # noqa: F401 (fixture)
    warden,
)

from bot.crew import decision_seed
from rules import Action, Ruleset, get_ruleset
from rules.agents import AGENTS

RS = get_ruleset("darkmoon")


def told(rs: Ruleset, state: BaseModel, seat: str, action: Action, crew: set[str]
         ) -> tuple[list[str], list[str]]:
    """What a move tells only computer seats, and what it tells anyone else."""
    events = rs.apply(state, seat, action).events
    return ([e.text for e in events if e.to is not None and set(e.to) <= crew],
            [e.text for e in events if e.to is None or not set(e.to) <= crew])


pytestmark = pytest.mark.usefixtures("bot_backend")


async def test_the_host_seats_and_removes_ai_players_and_starts_with_two_people(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS, STRANGER)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        lobby = await open_lobby(fake_discord, (HOST, BOB), crew=0)
        for op in ("Add AI player", "Remove AI player"):
            refused = await fake_discord.click(BOB, lobby, label=op)
            assert refused.response.ephemeral
            assert f"Only the host (<@{HOST}>) can" in refused.response.content
        none = await fake_discord.click(HOST, lobby, label="Remove AI player")
        assert none.response.ephemeral and "no AI player" in none.response.content
        for _ in range(2):
            await fake_discord.click(HOST, lobby, label="Add AI player")
        text = lobby_content(fake_discord, lobby)
        assert "3. **Warden crew 1**" in text and "4. **Warden crew 2**" in text
        assert "<@crew" not in text
        await fake_discord.click(HOST, lobby, label="Remove AI player")  # the last added
        record = await current_record(bot)
        assert record.seats == [str(HOST), str(BOB), "crew1"]
        assert "Warden crew 2" not in lobby_content(fake_discord, lobby)
        await fake_discord.click(HOST, lobby, label="Start")
        await fake_discord.settle()
        record = await current_record(bot)
        assert record.status == "running" and record.seats[2] == "crew1"
        said = everything_sent(fake_discord)
        assert "**Warden crew 1**" in said and "<@crew" not in said
        # nobody writes to a computer seat: every DM went to a person
        assert not [r for r in fake_discord.find_requests("POST", "/users/@me/channels")
                    if str(r.json.get("recipient_id")) not in (str(HOST), str(BOB))]
        # ended: every secret is revealed, the computer seat's by its name
        await fake_discord.slash(HOST, fake_discord.channel_id, "game", "end")
        await fake_discord.settle()
        reveal = "\n".join(m.content for m in fake_discord.messages_in(
            fake_discord.channel_id, include_ephemeral=False)[-3:])
        assert "The secrets as they stood" in reveal and "Warden crew 1" in reveal
        assert fake_discord.limit_violations == []


async def test_a_full_table_refuses_another_ai_player_and_the_count_is_checked(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB)
    async with warden(tmp_path / "w.db", clock=ManualClock()) as bot:
        lobby = await open_lobby(fake_discord, (HOST,), crew=0)
        early = await fake_discord.click(HOST, lobby, label="Start")
        assert early.response.ephemeral and "at least 3" in early.response.content
        assert "the host may add AI players" in early.response.content
        high = RS.player_range(RS.Options())[1]
        for _ in range(high - 1):
            await fake_discord.click(HOST, lobby, label="Add AI player")
        full = await fake_discord.click(HOST, lobby, label="Add AI player")
        assert full.response.ephemeral and "The table is full" in full.response.content
        assert len((await current_record(bot)).seats) == high
        late = await fake_discord.click(BOB, lobby, label="Join")
        assert late.response.ephemeral and "the host may remove an AI player" in \
            late.response.content


async def test_computer_moves_show_after_the_pause_and_are_told_like_anyones(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Dark Moon with two people and one computer seat, played on: each computer move
    comes only once its pause is over; the table never pings nor writes to it, and
    nothing told only to it reaches Discord."""
    add_players(fake_discord, HOST, BOB)
    clock = ManualClock()
    agent = random.Random(5)
    secrets: list[str] = []
    others: set[str] = set()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await start(fake_discord, (HOST, BOB), crew=1)
        crew_moves = 0
        for _ in range(60):
            record, state = await current_state(bot)
            if record.status != "running":
                break
            before = len(await bot.storage.moves(record.id))
            await step(fake_discord, bot, clock, agent)
            for move in (await bot.storage.moves(record.id))[before:]:
                seat = move.seat or ""
                crew_moves += seat == "crew1"
                action = RS.parse_action(state, seat, move.action)
                mine, theirs = told(RS, state, seat, action, {"crew1"})
                secrets += mine
                others.update(theirs)
                state = RS.apply(state, seat, action).state
        assert crew_moves >= 3
        said = everything_sent(fake_discord)
        assert "<@crew" not in said and "Warden crew 1" in said
        # (a text someone else was also told, "Your roll: weak +1.", gives nothing away)
        secrets = [text for text in secrets if text not in others]
        assert secrets, "the computer seat was told nothing in private"
        assert not [text for text in secrets if json.dumps(text)[1:-1] in said]
        assert fake_discord.limit_violations == []


async def test_the_time_a_move_shows_is_the_longer_of_pause_and_thinking(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The pause and the thinking start together: a decision slower than the pause shows
    as soon as it is made (no second pause), and never before the pause is over. The
    decision's seed comes from the game, the version and the seat."""
    add_players(fake_discord, HOST)
    clock = ManualClock()
    release = threading.Event()
    calls: list[tuple[str, int]] = []

    def slow(ruleset: Ruleset, state: BaseModel, seat: str, *, seed: int, budget: int,
             stop: Callable[[], bool] | None = None) -> Action:
        calls.append((seat, seed))
        release.wait(30)
        return AGENTS["random"](ruleset, state, seat, seed=seed, budget=budget)

    async with warden(tmp_path / "w.db", clock=clock) as bot:
        bot.timers.agents = {"random": slow}
        await start(fake_discord, (HOST,), crew=2)
        record, state = await current_state(bot)
        crew = [s for s in RS.pending(state) if s.seat.startswith("crew")]
        if not crew:  # the person decides first: any move hands the turn on
            await step(fake_discord, bot, clock, random.Random(1))
            record, state = await current_state(bot)
        seat = next(p.seat for p in RS.pending(state))
        assert seat.startswith("crew")
        await fake_discord.settle()  # its turn began: the pause counts, the thinking too
        await clock.advance(bot.settings.crew_pause_seconds, None)  # the pause is over
        assert (await current_record(bot)).version == record.version  # still thinking
        release.set()
        await fake_discord.settle()
        assert (await current_record(bot)).version == record.version + 1
        assert calls[0] == (seat, decision_seed(record.id, record.version, seat))


async def test_a_secret_vote_with_computer_seats_each_votes_once(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB)
    clock = ManualClock()
    agent = random.Random(2)
    async with warden(tmp_path / "w.db", clock=clock, seed=8) as bot:
        await start(fake_discord, (HOST, BOB), crew=2)
        for _ in range(300):
            record, state = await current_state(bot)
            assert record.status == "running", "the game ended before a vote"
            voters = [p.seat for p in RS.pending(state) if p.kind == "vote"]
            if any(v.startswith("crew") for v in voters) and any(
                    not v.startswith("crew") for v in voters):
                break
            legal = {p.seat: RS.legal_actions(state, p.seat) for p in RS.pending(state)}
            calls = [s for s, acts in legal.items()
                     if any(a.key.startswith("call_vote") for a in acts)
                     and not s.startswith("crew")]
            if calls:  # a person calls a vote when they can
                key = next(a.key for a in legal[calls[0]] if a.key.startswith("call_vote"))
                await fake_discord.slash(int(calls[0]), fake_discord.channel_id, "move",
                                         action=key)
                continue
            await step(fake_discord, bot, clock, agent)
        else:
            pytest.fail("no vote with computer seats came up")
        start_version = record.version
        # a person votes during the computer seats' pause: they decide again, from the
        # new state, and each still votes once
        person = next(v for v in voters if not v.startswith("crew"))
        await fake_discord.settle()
        await clock.advance(bot.settings.crew_pause_seconds / 2, fake_discord)
        await fake_discord.slash(int(person), fake_discord.channel_id, "move",
                                 action=RS.legal_actions(state, person)[0].key)
        for _ in range(10):
            record, state = await current_state(bot)
            if not any(p.seat.startswith("crew") and p.kind == "vote"
                       for p in RS.pending(state)):
                break
            await fake_discord.settle()
            await clock.advance(bot.settings.crew_pause_seconds, fake_discord)
        moves = [m for m in await bot.storage.moves(record.id) if m.seq > start_version]
        crew_votes = [m.seat for m in moves if m.seat and m.seat.startswith("crew")
                      and m.action.startswith("vote")]
        assert sorted(crew_votes) == sorted(v for v in voters if v.startswith("crew"))
        said = everything_sent(fake_discord)
        assert "<@crew" not in said


async def test_a_player_who_leaves_hands_their_seat_to_the_crew(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    agent = random.Random(9)
    async with warden(tmp_path / "w.db", clock=clock, seed=10) as bot:
        await start(fake_discord, PLAYERS, crew=0)
        _, state = await current_state(bot)
        assert [p.seat for p in RS.pending(state)] == [str(CAROL)]  # asked by DM
        asked = dm_asks(fake_discord, CAROL)
        assert asked
        host = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "leave")
        assert host.response.ephemeral and "host cannot leave" in host.response.content
        left = await fake_discord.slash(CAROL, fake_discord.channel_id, "game", "leave")
        assert not left.response.ephemeral
        assert left.response.content == (f"<@{CAROL}> left the game. Warden's crew now "
                                          f"plays for <@{CAROL}>.")
        record = await current_record(bot)
        assert record.options["away"] == [str(CAROL)] and str(CAROL) in record.seats
        again = await fake_discord.slash(CAROL, fake_discord.channel_id, "game", "leave")
        assert again.response.ephemeral and "already left" in again.response.content
        await fake_discord.settle()
        # the DM that asked her closes; her sheet and choices are the crew's now
        closed = fake_discord.message(asked[-1].id)
        assert not closed.components and "Warden's crew plays your seat now" in \
            closed.content
        for command in ("hand", "choices"):
            refused = await fake_discord.slash(CAROL, fake_discord.channel_id, command)
            assert refused.response.ephemeral
            assert "Warden's crew (an AI player) plays your seat" in refused.response.content
        sheets = len(fake_discord.dms_to(CAROL))
        for _ in range(40):
            if not await step(fake_discord, bot, clock, agent):
                break
        moves = await bot.storage.moves(record.id)
        assert any(m.seat == str(CAROL) for m in moves)
        # the seat is the crew's: no more DMs to the player who left, no ping
        assert len(fake_discord.dms_to(CAROL)) == sheets
        story = "\n".join(m.content for m in fake_discord.messages_in(fake_discord.channel_id))
        assert f"Warden's crew now plays for <@{CAROL}>" in story


@pytest.mark.parametrize("choice", ["ai", "pass"])
async def test_the_turn_timer_lets_an_ai_player_decide_or_passes(
        fake_discord: FakeDiscord, tmp_path: Path, choice: str) -> None:
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    asked: list[str] = []

    def spy(ruleset: Ruleset, state: BaseModel, seat: str, *, seed: int, budget: int,
            stop: Callable[[], bool] | None = None) -> Action:
        asked.append(seat)
        assert stop is not None
        return AGENTS["random"](ruleset, state, seat, seed=seed, budget=budget)

    async with warden(tmp_path / "w.db", clock=clock) as bot:
        bot.timers.agents = {"random": spy}
        lobby = await open_lobby(fake_discord, PLAYERS, crew=0, turn_timer=1,
                                 when_time_runs_out=choice)
        words = ("an AI player moves for a silent player" if choice == "ai"
                 else "a silent player passes (the default move)")
        assert f"Turn timer: 1 min, then {words}" in lobby_content(fake_discord, lobby)
        await fake_discord.click(HOST, lobby, label="Start")
        await fake_discord.settle()
        record, state = await current_state(bot)
        seat = RS.pending(state)[0].seat
        await clock.advance(60.0, fake_discord)
        moves = await bot.storage.moves(record.id)
        assert moves[0].seat == seat
        assert asked == ([seat] if choice == "ai" else [])
        if choice == "pass":
            default = RS.default_action(state, seat)
            assert default is not None and moves[0].action == default.key
        story = "\n".join(m.content for m in fake_discord.messages_in(fake_discord.channel_id))
        assert f"<@{seat}> ran out of time; Warden decided for them." in story
        # /game timer changes the choice of a running game
        other = "pass" if choice == "ai" else "ai"
        done = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "timer",
                                        minutes=2, when_time_runs_out=other)
        assert done.response.content.startswith(f"<@{HOST}>: turn timer 2 min, then ")
        assert (await current_record(bot)).options["timeout_move"] == other


async def test_a_restart_resumes_a_computer_seats_waiting_move(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, HOST)
    db = tmp_path / "w.db"
    async with warden(db, clock=ManualClock()) as bot:
        await start(fake_discord, (HOST,), crew=2)
        record, state = await current_state(bot)
        if not RS.pending(state)[0].seat.startswith("crew"):
            await step(fake_discord, bot, ManualClock(), random.Random(1))
            record, state = await current_state(bot)
        assert RS.pending(state)[0].seat.startswith("crew")
    clock = ManualClock()  # the bot stopped before the pause was over
    async with warden(db, clock=clock) as bot:
        await fake_discord.settle()
        assert (await current_record(bot)).version == record.version
        await clock.advance(bot.settings.crew_pause_seconds, fake_discord)
        moved = await current_record(bot)
        assert moved.version > record.version
        assert (await bot.storage.moves(record.id))[record.version].seat.startswith("crew")


async def test_the_ai_plays_a_computer_seat(fake_discord: FakeDiscord,
                                           tmp_path: Path) -> None:
    """The production player, `ai` (a small budget here), decides a computer seat's
    moves through the table as the baselines do."""
    add_players(fake_discord, HOST, BOB)
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock, WARDEN_CREW_AGENT="ai",
                      WARDEN_CREW_BUDGET=8) as bot:
        await start(fake_discord, (HOST, BOB), crew=1)
        record = await current_record(bot)
        for _ in range(30):
            await step(fake_discord, bot, clock, random.Random(6))
            moves = await bot.storage.moves(record.id)
            if any(m.seat == "crew1" for m in moves):
                break
        else:
            pytest.fail("the computer seat never moved")
