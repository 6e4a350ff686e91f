"""What the table costs at player pace (python benchmarks/pace_bench.py [--games N]
[--pace S] [--scale F] [--tables ...] [--json]).

Plays whole games whose every seat is a person, through the real bot and the offline fake
Discord (tests/discord/), the moves `--pace` seconds apart (10 s: people reading the
board and thinking; not back to back, where board edits coalesce and hide the cost). Each
move is a `/move` from the seat the game waits on, chosen by the computer player's
playout policy (`policy`: games as long as real ones, not a random player's quick
losses). Discord's rate-limit windows, the board's edit interval and the pace are scaled
by `--scale` (0.02: a 10 s pause lasts 0.2 s), so a game plays in about a minute.

It prints per table (ruleset, seats, options): moves per game; the requests per move
that count against Discord's global limit of 50 per second per bot (everything but
the replies to interactions and the interaction webhooks, which Discord bills to the
interaction), by kind (board posts and edits with or without a new image, pings, DMs
opened, sent, edited, fetched, deleted), then the interaction replies per move; the
image bytes uploaded per game and per move; and the 429 answers. `--json` ends with one
JSON object of the same numbers. It measures the bot Python imports (printed first: the
installed one; this checkout's with PYTHONPATH=.).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "discord"))

import pytest  # noqa: E402
from crew_helpers import TABLES, Table, open_table  # noqa: E402
from fake_discord import FakeDiscord  # noqa: E402
from fake_discord.records import RecordedRequest  # noqa: E402
from warden_helpers import add_players, warden  # noqa: E402

import bot  # noqa: E402
from rules import get_ruleset  # noqa: E402
from rules.agents import MEASURED  # noqa: E402

PEOPLE = (101, 102, 103, 104, 105, 106, 107)


INTERACTION = re.compile(r"/interactions/\d+/[^/]+/callback|/webhooks/\d+/[^/]+(/.*)?")


@dataclass
class Played:
    moves: int = 0
    counted: Counter[str] = field(default_factory=Counter)  # kind -> requests (global)
    replies: int = 0  # interaction callbacks and webhook requests
    image_bytes: int = 0
    images: int = 0
    rate_limited: int = 0


def kind(request: RecordedRequest, channel_id: int) -> str:
    """A request in words: what it does and where (the game's channel or a DM)."""
    path = re.sub(r"/\d+", "/{id}", request.path)
    where = "channel" if request.path.startswith(f"/channels/{channel_id}/") else "DM"
    image = " with an image" if request.files else ""
    if path == "/users/@me/channels":
        return "DM opened"
    if path == "/channels/{id}/messages":
        return f"{where} message posted{image}" if request.method == "POST" else \
            f"{where} messages read"
    if path == "/channels/{id}/messages/{id}":
        return {"PATCH": f"{where} message edited{image}", "GET": f"{where} message fetched",
                "DELETE": f"{where} message deleted"}.get(request.method,
                                                           f"{request.method} {path}")
    return f"{request.method} {path}"


async def play_one(table: Table, seed: int, pace: float, scale: float, settle: float
                   ) -> Played:
    played = Played()
    rs = get_ruleset(table.ruleset)
    people = PEOPLE[:table.seats]
    agent = MEASURED["policy"]
    pick = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as patch:
        fake = FakeDiscord(settle_time=settle, timeout=30.0, rate_limit_scale=scale)
        await fake.start()
        fake.patch_discord(patch)
        try:
            async with warden(Path(tmp) / "pace.db", seed=seed,
                              WARDEN_BOARD_EDIT_INTERVAL=1.2 * scale) as warden_bot:
                add_players(fake, *people)
                lobby = await open_table(fake, people[0], table)
                assert lobby.message is not None
                for uid in people[1:]:
                    await fake.click(uid, lobby.message, label="Join")
                await fake.click(people[0], lobby.message, label="Start")
                await fake.settle()
                first = len(fake.requests)
                while True:
                    record = await warden_bot.storage.get_game(1)
                    assert record is not None and record.state is not None
                    if record.status != "running":
                        break
                    state = rs.load_state(record.state)
                    seat = pick.choice(rs.pending(state)).seat
                    action = agent(rs, state, seat, seed=pick.randrange(2**62), budget=0)
                    done = await fake.slash(int(seat), fake.channel_id, "move",
                                            action=action.key)
                    said = done.response.content or ""
                    assert said.startswith("Done"), said
                    played.moves += 1
                    await asyncio.sleep(pace * scale)
                await fake.settle()
                await asyncio.sleep(3 * 1.2 * scale)  # a last coalesced board edit
                await fake.settle()
                for request in fake.requests[first:]:
                    if request.rate_limited:
                        played.rate_limited += 1
                        continue
                    for upload in request.files:
                        played.images += 1
                        played.image_bytes += len(upload.data)
                    if INTERACTION.fullmatch(request.path):
                        played.replies += 1
                    else:
                        played.counted[kind(request, fake.channel_id)] += 1
        finally:
            await fake.stop()
    return played


def summary(name: str, table: Table, games: Sequence[Played]) -> dict[str, Any]:
    moves = sum(g.moves for g in games)
    counted: Counter[str] = Counter()
    for g in games:
        counted.update(g.counted)
    per_move = {k: round(n / moves, 3) for k, n in counted.most_common()}
    return {
        "table": name, "ruleset": table.ruleset, "seats": table.seats,
        "games": len(games), "moves_per_game": round(moves / len(games), 1),
        "global_requests_per_move": round(sum(counted.values()) / moves, 3),
        "by_kind_per_move": per_move,
        "interaction_replies_per_move": round(sum(g.replies for g in games) / moves, 3),
        "image_mb_per_game": round(statistics.fmean(g.image_bytes for g in games) / 1e6, 2),
        "image_mb_per_game_max": round(max(g.image_bytes for g in games) / 1e6, 2),
        "image_kb_per_move": round(sum(g.image_bytes for g in games) / moves / 1e3, 1),
        "images_per_move": round(sum(g.images for g in games) / moves, 3),
        "rate_limited": sum(g.rate_limited for g in games),
    }


def show(s: dict[str, Any]) -> None:
    print(f"\n== {s['table']}: {s['ruleset']}, {s['seats']} people, {s['games']} game(s), "
          f"{s['moves_per_game']} moves per game")
    print(f"  requests per move against the global limit: {s['global_requests_per_move']}")
    for k, v in s["by_kind_per_move"].items():
        print(f"    {v:6.3f}  {k}")
    print(f"  interaction replies per move (not counted): {s['interaction_replies_per_move']}")
    print(f"  images: {s['images_per_move']} per move, {s['image_kb_per_move']} KB per move, "
          f"{s['image_mb_per_game']} MB per game (max {s['image_mb_per_game_max']})")
    print(f"  429 answers: {s['rate_limited']}")


async def main(args: argparse.Namespace) -> None:
    print(f"bot under test: {bot.__file__}; pace {args.pace} s (scaled by {args.scale})",
          flush=True)
    out = []
    for name in args.tables:
        table = TABLES[name]
        games = [await play_one(table, args.seed + n * 1000, args.pace, args.scale,
                                args.settle) for n in range(args.games)]
        s = summary(name, table, games)
        show(s)
        out.append(s)
    if args.json:
        print(json.dumps({"pace_seconds": args.pace, "tables": out}))


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games per table")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--pace", type=float, default=10.0,
                        help="seconds between moves, as players take them")
    parser.add_argument("--scale", type=float, default=0.02,
                        help="Discord's rate-limit windows, the board edit interval and the "
                        "pace, scaled (1 = as in play)")
    parser.add_argument("--settle", type=float, default=0.005,
                        help="seconds without a request after which the bot counts as quiet")
    parser.add_argument("--tables", nargs="+", choices=sorted(TABLES), default=list(TABLES))
    parser.add_argument("--json", action="store_true", help="end with one JSON object")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse()))
