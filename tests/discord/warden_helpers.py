"""Helpers for driving Warden through the fake Discord server."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fake_discord import FakeDiscord, FakeMessage, InteractionRecord, find_component, run_client

from bot import Settings, make_bot
from bot.app import WardenBot
from bot.storage import GameRecord

HOST, BOB, CAROL, DAVE = 101, 102, 103, 104
PLAYERS = (HOST, BOB, CAROL)
STRANGER = 199


def settings(db: Path, **extra: object) -> Settings:
    return Settings(DISCORD_TOKEN="x", WARDEN_DATABASE=str(db), **extra)  # type: ignore[arg-type]


@asynccontextmanager
async def warden(db: Path, seed: int = 7, **extra: object) -> AsyncIterator[WardenBot]:
    """A running bot whose new games get fixed seeds (seed, seed+1, ...), so a test that
    plays random moves plays the same game on every run."""
    bot = make_bot(settings(db, **extra))
    async with run_client(bot):
        seeds = iter(range(seed, seed + 1000))
        bot.tables.new_seed = lambda: next(seeds)
        yield bot


def add_players(fake: FakeDiscord, *ids: int) -> None:
    for uid in ids:
        fake.add_user(uid, f"player{uid}")


async def open_and_start(fake: FakeDiscord, players: tuple[int, ...] = PLAYERS,
                         **options: object) -> InteractionRecord:
    lobby = await fake.slash(players[0], fake.channel_id, "game", "new", ruleset="darkmoon",
                             **options)
    for uid in players[1:]:
        await fake.click(uid, lobby.message, label="Join")
    return await fake.click(players[0], lobby.message, label="Start")


async def current_record(bot: WardenBot) -> GameRecord:
    """The channel's game (each test database holds one game, id 1)."""
    record = await bot.storage.get_game(1)
    assert record is not None, "no game"
    return record


def board_message(fake: FakeDiscord) -> FakeMessage:
    boards = [m for m in fake.messages_in(fake.channel_id, include_ephemeral=False)
              if m.attachments and not m.deleted]
    assert boards, "no board posted"
    return boards[-1]


def button_labels(source: object) -> list[str]:
    from fake_discord import iter_components

    comps = source.components  # type: ignore[attr-defined]
    return [c.get("label", "") for c in iter_components(comps) if c.get("type") == 2]


__all__ = ["find_component"]
