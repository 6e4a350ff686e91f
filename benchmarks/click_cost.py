"""What one click of a choice button asks of the storage and of the engine
(python benchmarks/click_cost.py [clicks] [seed]).

Drives the real bot through the offline fake Discord server (tests/discord): a seeded
4-player Dark Moon game, in which, click after click, a waiting player presses **My
choices** under the board and then one of the buttons it offers. For each button click,
from its dispatch until the bot is quiet again (its answer, the board, the pings and the
DMs all sent), it counts:

- game-row reads: the storage's reads of a game's row (`get_game`,
  `active_game_in_channel`, `games_of_user`); the locked read inside the move's own write
  transaction (its version check) is counted apart, as `write`;
- engine calls: each ruleset method the bot calls (`pending`, `view`, `legal_actions`,
  `describe`, `menu`, `parse_action`, ...), counted where the bot calls them (a call the
  engine makes inside another, such as `describe` while building a menu, is part of that
  call), with how many of them repeat a question already asked (the same method for the
  same seat, of the same state).

It prints the mean per click, the most in one click, the mean counting also the calls
the engine makes inside others ("all levels"), and the mean number of repeats. It
measures the bot Python imports (the one installed; another checkout's with
PYTHONPATH=<checkout>), whose path it prints first.
"""

from __future__ import annotations

import asyncio
import functools
import random
import statistics
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "discord"))

import pytest  # noqa: E402
from fake_discord import FakeDiscord, FakeMessage, iter_components  # noqa: E402
from warden_helpers import (  # noqa: E402
    add_players,
    board_message,
    open_and_start,
    warden,
)

import bot  # noqa: E402
from bot.app import WardenBot  # noqa: E402
from rules import Ruleset, get_ruleset  # noqa: E402

PLAYERS = (101, 102, 103, 104)
READS = ("get_game", "active_game_in_channel", "games_of_user")
ENGINE = ("pending", "view", "legal_actions", "describe", "menu", "parse_action", "apply",
          "outcome", "auto_answer", "default_action", "load_state", "dump_state", "recap")
SHOWN = ("reads", "write", "pending", "view", "legal_actions", "describe", "menu",
         "parse_action", "apply", "outcome", "auto_answer", "load_state", "dump_state")


class Meter:
    """Counts the storage reads and the engine calls made while `on`."""

    def __init__(self) -> None:
        self.on = False
        self.counts: Counter[str] = Counter()
        self.asked: Counter[tuple[str, object, str | None, str | None]] = Counter()
        self._depth = threading.local()  # the board is drawn in a thread of its own

    def reset(self) -> None:
        self.counts.clear()
        self.asked.clear()

    def repeats(self) -> int:
        """Questions asked again: the same method, for the same state and seat."""
        return sum(n - 1 for n in self.asked.values())

    def storage(self, bot: WardenBot, patch: pytest.MonkeyPatch) -> None:
        store = bot.storage
        for name in READS:
            patch.setattr(store, name, self._count_async(getattr(store, name), "reads"))
        fetch = store._fetch_game

        async def fetch_game(db: Any, game_id: int, *, lock: bool = False) -> Any:
            if lock and self.on:
                self.counts["write"] += 1
            return await fetch(db, game_id, lock=lock)

        patch.setattr(store, "_fetch_game", fetch_game)

    def ruleset(self, rs: Ruleset, patch: pytest.MonkeyPatch) -> None:
        for name in ENGINE:
            patch.setattr(rs, name, self._count(getattr(rs, name), name), raising=False)

    def menus(self, patch: pytest.MonkeyPatch) -> None:
        """A menu the bot builds from a legal list it holds (bot/position.py) counts as
        a menu asked of the engine."""
        try:
            import bot.position as position
        except ImportError:  # a checkout from before bot/position.py
            return
        build = position.build_menu

        def build_menu(rs: Any, state: Any, seat: str, legal: Any) -> Any:
            return self._count(lambda *_: build(rs, state, seat, legal), "menu")(state, seat)

        patch.setattr(position, "build_menu", build_menu)

    def _count_async(self, method: Callable[..., Any], name: str) -> Callable[..., Any]:
        @functools.wraps(method)
        async def counted(*args: Any, **kwargs: Any) -> Any:
            if self.on:
                self.counts[name] += 1
            return await method(*args, **kwargs)

        return counted

    def _count(self, method: Callable[..., Any], name: str) -> Callable[..., Any]:
        @functools.wraps(method)
        def counted(*args: Any, **kwargs: Any) -> Any:
            depth = getattr(self._depth, "n", 0)
            if self.on:
                self.counts[f"all {name}"] += 1
            if self.on and depth == 0:
                self.counts[name] += 1
                state = args[0] if args else None
                seat = args[1] if len(args) > 1 and isinstance(args[1], str) else None
                about = args[2] if len(args) > 2 else None  # the action described
                self.asked[(name, (id(state), getattr(state, "version", None)), seat,
                            getattr(about, "key", None))] += 1
            self._depth.n = depth + 1
            try:
                return method(*args, **kwargs)
            finally:
                self._depth.n = depth

        return counted


def _buttons(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [c for c in iter_components(components) if c["type"] == 2]


async def measure(clicks: int, seed: int) -> list[Counter[str]]:
    """The counts of `clicks` button clicks of one seeded game (per click)."""
    meter = Meter()
    rs = get_ruleset("darkmoon")
    agent = random.Random(seed)
    out: list[Counter[str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(rate_limit_scale=0.05) as fake:
            with pytest.MonkeyPatch.context() as patch:
                fake.patch_discord(patch)
                meter.ruleset(rs, patch)
                meter.menus(patch)
                add_players(fake, *PLAYERS)
                async with warden(Path(tmp) / "w.db", seed=seed) as bot:
                    meter.storage(bot, patch)
                    await open_and_start(fake, PLAYERS)
                    await fake.settle()
                    while len(out) < clicks:
                        record = await bot.storage.get_game(1)
                        assert record is not None
                        if record.status != "running":
                            break
                        state = bot.tables.state_of(record)
                        seat = agent.choice(rs.pending(state)).seat
                        board: FakeMessage = board_message(fake)
                        opened = await fake.click(int(seat), board, label="My choices")
                        await fake.settle()
                        buttons = _buttons(opened.response.components)
                        if not buttons:  # only selects offered: a /move instead
                            key = agent.choice(rs.legal_actions(state, seat)).key
                            await fake.slash(int(seat), fake.channel_id, "move", action=key)
                            await fake.settle()
                            continue
                        pick = agent.choice(buttons)
                        meter.reset()
                        meter.on = True
                        assert opened.message is not None
                        done = await fake.click(int(seat), opened.message, pick["custom_id"])
                        await fake.settle()
                        meter.on = False
                        answer = done.response.content or ""
                        assert answer.startswith("Done"), answer
                        counts = Counter(meter.counts)
                        counts["repeats"] = meter.repeats()
                        out.append(counts)
    return out


def report(per_click: list[Counter[str]]) -> None:
    print(f"bot under test: {bot.__file__}")
    print(f"{len(per_click)} choice-button clicks (4-player Dark Moon, through the fake "
          "Discord), per click:")
    print(f"  {'':16}{'mean':>7}{'most':>6}{'all levels':>12}")
    for name in (*SHOWN, "repeats"):
        values = [c[name] for c in per_click]
        every = statistics.fmean(c[f"all {name}"] for c in per_click) if name in ENGINE \
            else None
        print(f"  {name:16}{statistics.fmean(values):7.2f}{max(values):6d}"
              + (f"{every:12.2f}" if every is not None else ""))


def main() -> None:
    clicks = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    report(asyncio.run(measure(clicks, seed)))


if __name__ == "__main__":
    main()
