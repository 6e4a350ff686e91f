"""A Nemesis: Lockdown table through the real client and the fake Discord server."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from crew_helpers import step
from fake_discord import FakeDiscord
from warden_helpers import (
    BOB,
    HOST,
    ManualClock,
    add_players,
    board_message,
    bot_backend,  # noqa: F401 (fixture)
    current_record,
    current_state,
    dm_asks,
    fake_discord_options,  # noqa: F401 (fixture)
    warden,
)

from rules import get_ruleset

# every test here runs on SQLite and on PostgreSQL
pytestmark = pytest.mark.usefixtures("bot_backend")

RS = get_ruleset("lockdown")


@pytest.mark.rule("BOT-LOBBY-1")
async def test_lockdown_game_drafts_by_dm_and_plays(fake_discord: FakeDiscord,
                                                   tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB)
    channel = fake_discord.channel_id
    async with warden(tmp_path / "w.db") as bot:
        lobby = await fake_discord.slash(HOST, channel, "game", "new", ruleset="lockdown")
        assert "Nemesis: Lockdown" in lobby.response.content
        wrong = await fake_discord.slash(BOB, channel, "game", "new",
                                         ruleset="lockdown", final_event="last_stand")
        assert wrong.response.ephemeral and "Dark Moon only" in wrong.response.content
        await fake_discord.click(BOB, lobby.message, label="Join")
        await fake_discord.click(HOST, lobby.message, label="Start")
        record, state = await current_state(bot)
        # the draft is a secret choice: player 1 gets it by DM with buttons
        prompt = RS.pending(state)[0]
        assert prompt.seat == str(HOST) and prompt.kind == "draft"
        dm = dm_asks(fake_discord, HOST)[0]
        first = dm.components[0]["components"][0]
        picked = await fake_discord.click(HOST, dm, first["custom_id"])
        assert picked.response.content.startswith("Done: Play the")
        agent = random.Random(4)
        for _ in range(30):
            record, state = await current_state(bot)
            if record.status != "running":
                break
            seat = agent.choice(RS.pending(state)).seat
            choices = await fake_discord.autocomplete(int(seat), channel, "move",
                                                      focused="action", value="")
            pick = agent.choice(choices)
            done = await fake_discord.slash(int(seat), channel, "move", action=pick["value"])
            assert done.response.content.startswith("Done:"), done.response.content
        hand = await fake_discord.slash(HOST, channel, "hand")
        assert hand.response.ephemeral and "You play the" in hand.response.content
        assert "Objective" in hand.response.content
        board = board_message(fake_discord)
        assert board.attachments and board.attachments[0]["filename"] == "board.png"
        hero = state.heroes[str(HOST)]
        card_names = {RS.view(state, str(HOST)).me.hand[i] for i in range(len(hero.hand))}  # type: ignore[union-attr]
        for message in fake_discord.messages_in(channel, include_ephemeral=False):
            assert "Objective:" not in message.content
            assert not any(f"Hand: {name}" in message.content for name in card_names)
        rules = await fake_discord.slash(BOB, channel, "rules", topic="archive")
        assert "Archive" in rules.response.content


@pytest.mark.rule("BOT-AUTH-1")
async def test_a_removed_lockdown_player_is_played_by_the_bot(fake_discord: FakeDiscord,
                                                             tmp_path: Path) -> None:
    """After /game kick Warden's crew answers every decision of that seat (draft, turns,
    passing, attacks), each after its pause, and the game goes on with the host alone
    deciding."""
    add_players(fake_discord, HOST, BOB)
    channel = fake_discord.channel_id
    clock = ManualClock()
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        lobby = await fake_discord.slash(HOST, channel, "game", "new", ruleset="lockdown")
        await fake_discord.click(BOB, lobby.message, label="Join")
        await fake_discord.click(HOST, lobby.message, label="Start")
        await fake_discord.slash(HOST, channel, "game", "kick", player=BOB)
        agent = random.Random(2)
        for _ in range(80):  # the host's moves, and the crew's for Bob after its pause
            if not await step(fake_discord, bot, clock, agent):
                break
        record = await current_record(bot)
        moves = await bot.storage.moves(record.id)
        assert {m.seat for m in moves} == {str(HOST), str(BOB)}
