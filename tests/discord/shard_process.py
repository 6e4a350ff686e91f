"""Warden in a process of its own, pointed at a FakeDiscord served by the test process
(test_warden_shard_processes.py): FAKE_DISCORD_API and FAKE_DISCORD_GATEWAY say where;
everything else comes from the WARDEN_* settings in the environment, as in production.
WARDEN_TEST_SEED (tests only) fixes the seed of every new game, so a test's random
agent plays the same game on every run."""

from __future__ import annotations

import itertools
import os
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import discord.gateway
import discord.http
import yarl

import bot.games
from bot.__main__ import main

discord.http.Route.BASE = os.environ["FAKE_DISCORD_API"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])
if "WARDEN_TEST_SEED" in os.environ:
    _seeds = itertools.count(int(os.environ["WARDEN_TEST_SEED"]))
    bot.games.secrets = SimpleNamespace(randbits=lambda _bits: next(_seeds))  # type: ignore[attr-defined]

if __name__ == "__main__":
    sys.exit(main([]))
