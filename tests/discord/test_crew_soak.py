"""Whole games with every seat played by Warden's crew, through the real bot and the fake
Discord, for each game: the host's seat by the computer player when its turn timer runs
out, a seat handed over by a player who left, and AI players added in the lobby. Each
game reaches its end with nothing logged at ERROR, every move's public lines shown in
the channel, every request within Discord's limits, no computer seat mentioned as a
user and every interaction answered (benchmarks/crew_soak.py plays many more)."""

from __future__ import annotations

from pathlib import Path

import pytest
from crew_helpers import SoakClock, everything_sent, play_out, replayed, start_all_crew, unannounced
from fake_discord import FakeDiscord
from warden_helpers import BOB, HOST, RATE_SCALE, warden

# short waits: every game here is hundreds of moves, each waiting for the bot to go quiet
SETTLE = 0.01


@pytest.fixture
def fake_discord_options() -> dict[str, object]:
    return {"rate_limit_scale": RATE_SCALE, "settle_time": SETTLE}


SHADOW_CORPORATION = {"modules": ("expansion", "threats", "company_man")}


@pytest.mark.parametrize(("ruleset", "seats", "menus", "options", "agent", "seed"), [
    ("darkmoon", 4, {}, {}, "random", 3),
    ("darkmoon", 5, SHADOW_CORPORATION, {}, "random", 4),
    ("lockdown", 3, {}, {}, "default", 2),
    ("lockdown", 3, {}, {"board": "mars", "mode": "coop"}, "random", 6),
    ("nemesis", 2, {}, {}, "default", 5),
], ids=["darkmoon", "darkmoon-shadow-corporation", "lockdown", "lockdown-mars-coop",
        "nemesis"])
async def test_a_whole_game_with_every_seat_played_by_the_crew(
        fake_discord: FakeDiscord, tmp_path: Path, ruleset: str, seats: int,
        menus: dict[str, tuple[str, ...]], options: dict[str, str], agent: str,
        seed: int) -> None:
    clock = SoakClock()
    async with warden(tmp_path / "w.db", seed=seed, clock=clock,
                      WARDEN_CREW_AGENT=agent, WARDEN_TIMER_UNIT_SECONDS=6.0) as bot:
        left = await start_all_crew(fake_discord, ruleset, seats, menus, options)
        assert left.response.content.endswith(f"Warden's crew now plays for <@{BOB}>.")
        record = await play_out(fake_discord, bot, clock, 1, limit=5000)
        assert record.status == "finished"
        rs, moves = await replayed(bot, record.id)
        assert rs.outcome(rs.load_state(record.state)) is not None
        assert {seat for seat, _ in moves} == set(record.seats)
        if menus:
            assert record.options["expansion"] is True
        for key, value in options.items():  # `/game new`'s options reach the game
            assert record.options[key] == value
        # every move told the table what it showed in public
        assert any(e.to is None for _, events in moves for e in events)
        assert unannounced(fake_discord, moves) == []
        story = "\n".join(m.content for m in fake_discord.messages_in(
            fake_discord.channel_id, include_ephemeral=False))
        # the host's seat moved on its timer until the crew took it, silent 3 times in a row
        assert f"<@{HOST}> ran out of time; Warden decided for them" in story
        assert (f"<@{HOST}> ran out of time 3 times in a row: Warden's crew plays their "
                "seat until they come back.") in story
    assert all(i.responded for i in fake_discord.interactions)
    assert "<@crew" not in everything_sent(fake_discord)
    assert fake_discord.limit_violations == []
