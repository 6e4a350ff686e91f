"""Latency through the offline fake Discord server (python benchmarks/discord_bench.py).

Plays whole 5-player Dark Moon games with /move (and /vote) through the real
discord.py client, and prints: ms from dispatching an interaction to the last HTTP
request it causes (p50/p95), and HTTP requests per move (mean, and the share of
ordinary moves, those that neither start a turn nor a vote, at <= 3 requests).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "discord"))

import discord.gateway  # noqa: E402
import discord.http  # noqa: E402
import yarl  # noqa: E402
from fake_discord import FakeDiscord, run_client  # noqa: E402

from bot import Settings, make_bot  # noqa: E402
from rules import get_ruleset  # noqa: E402

PLAYERS = [101, 102, 103, 104, 105]


async def main(games: int = 2, seed: int = 1) -> None:
    rs = get_ruleset("darkmoon")
    latencies: list[float] = []
    per_move: list[int] = []
    ordinary: list[int] = []
    async with FakeDiscord(settle_time=0.03) as fake:
        discord.http.Route.BASE = fake.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
        for uid in PLAYERS:
            fake.add_user(uid, f"player{uid}")
        for g in range(games):
            with tempfile.TemporaryDirectory() as tmp:
                bot = make_bot(Settings(DISCORD_TOKEN="x", WARDEN_DATABASE=str(Path(tmp) / "b.db")))
                async with run_client(bot):
                    agent = random.Random(seed + g)
                    lobby = await fake.slash(PLAYERS[0], fake.channel_id, "game", "new",
                                             ruleset="darkmoon")
                    assert lobby.message is not None
                    for uid in PLAYERS[1:]:
                        await fake.click(uid, lobby.message, label="Join")
                    await fake.click(PLAYERS[0], lobby.message, label="Start")
                    opened = await bot.storage.active_game_in_channel(str(fake.channel_id))
                    assert opened is not None
                    game_id = opened.id
                    while True:
                        record = await bot.storage.get_game(game_id)
                        assert record is not None
                        if record.status != "running":
                            break
                        state = bot.tables.state_of(record)
                        seat = agent.choice(rs.pending(state)).seat
                        action = agent.choice(rs.legal_actions(state, seat))
                        t0 = time.monotonic()
                        rec = await fake.slash(int(seat), fake.channel_id, "move",
                                               action=action.key)
                        latencies.append((max(r.time for r in rec.requests) - t0) * 1000)
                        per_move.append(len(rec.requests))
                        moved = await bot.storage.get_game(game_id)
                        assert moved is not None
                        after = bot.tables.state_of(moved)
                        kinds = {p.kind for p in rs.pending(after)}
                        new_turn = getattr(after, "active", None) != getattr(state, "active", None)
                        if not new_turn and "vote" not in kinds:
                            ordinary.append(len(rec.requests))
    lat = sorted(latencies)
    print(f"{games} games, {len(per_move)} moves through the fake Discord server")
    print(f"  interaction -> last request  p50 {lat[len(lat) // 2]:.1f} ms  "
          f"p95 {lat[int(len(lat) * 0.95)]:.1f} ms")
    print(f"  HTTP requests per move       mean {statistics.fmean(per_move):.2f}  "
          f"max {max(per_move)}")
    share = sum(1 for n in ordinary if n <= 3) / max(1, len(ordinary))
    print(f"  ordinary moves               {len(ordinary)}, mean "
          f"{statistics.fmean(ordinary):.2f} requests, {share:.0%} at <= 3")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2))
