"""Whole games with every seat but one played by Warden's crew, through the fake
Discord: the toy game of tests/toygame and Dark Moon. Every interaction is answered,
every request within Discord's limits, no seat mention of a computer seat goes out,
and the game-over message names the computer seats."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from crew_helpers import everything_sent, start, step
from fake_discord import FakeDiscord
from warden_helpers import (
    HOST,
    ManualClock,
    add_players,
    current_state,
    fake_discord_options,  # noqa: F401 (fixture)
    warden,
)


async def play_against_the_crew(fake: FakeDiscord, tmp_path: Path, ruleset: str,
                                crew: int, moves: int, seed: int) -> None:
    """One person and `crew` computer seats play `ruleset` to its end: the person by
    random `/move`s, the crew after its pauses. The game-over message names every
    computer seat (their secrets revealed like anyone's); no request mentions one."""
    add_players(fake, HOST)
    clock = ManualClock()
    agent = random.Random(seed)
    async with warden(tmp_path / "w.db", clock=clock) as bot:
        await start(fake, (HOST,), crew=crew, ruleset=ruleset)
        for _ in range(moves):
            if not await step(fake, bot, clock, agent):
                break
        record, _ = await current_state(bot)
        assert record.status == "finished"
        recap = "\n".join(m.content for m in fake.messages_in(
            fake.channel_id, include_ephemeral=False)[-3:])
        assert all(f"Warden crew {n}" in recap for n in range(1, crew + 1)), recap
        # a rematch seats the same crew
        last = fake.messages_in(fake.channel_id, include_ephemeral=False)[-1]
        rematch = await fake.click(HOST, last, label="Rematch")
        assert f"**Warden crew {crew}**" in rematch.response.content
    assert "<@crew" not in everything_sent(fake)
    assert fake.limit_violations == []


async def test_a_whole_toy_game_against_the_crew(fake_discord: FakeDiscord,
                                                 tmp_path: Path) -> None:
    pytest.importorskip("toygame")
    await play_against_the_crew(fake_discord, tmp_path, "toy", crew=1, moves=20, seed=4)


async def test_a_whole_dark_moon_game_with_two_computer_seats(fake_discord: FakeDiscord,
                                                              tmp_path: Path) -> None:
    await play_against_the_crew(fake_discord, tmp_path, "darkmoon", crew=2, moves=600,
                                seed=8)


@pytest.mark.parametrize("ruleset", ["lockdown", "nemesis"])
async def test_a_whole_nemesis_game_with_two_computer_seats(
        fake_discord: FakeDiscord, tmp_path: Path, ruleset: str) -> None:
    await play_against_the_crew(fake_discord, tmp_path, ruleset, crew=2, moves=1500,
                                seed=3)
