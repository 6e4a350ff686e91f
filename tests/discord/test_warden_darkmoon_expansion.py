"""A whole Dark Moon game with the Shadow Corporation expansion, both modules and a few
variants, chosen through the lobby's menus and played to the end by a seeded random
agent through the fake Discord server: the lobby shows the choices, no public message
gives away a threat card, the Company Man or a corporation die nobody submitted, every
player's private sheet shows their threat card, and the recap reveals it all."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from fake_discord import FakeDiscord, iter_components
from warden_helpers import (
    BOB,
    CAROL,
    DAVE,
    HOST,
    add_players,
    board_message,
    current_record,
    fake_discord_options,  # noqa: F401 (fixture)
    pick_component,
    warden,
)

from bot.app import WardenBot
from bot.replay import replay_game
from rules import get_ruleset
from rules.darkmoon.cards import content

RS = get_ruleset("darkmoon")
ERIN = 105
PLAYERS = (HOST, BOB, CAROL, DAVE, ERIN)
MODULES = ["expansion", "threats", "company_man"]
VARIANTS = ["telepathic_infected", "expensive_voting", "safe_orders", "costly_actions"]
THREATS = {t.id: t.name for t in content().modules.threats}
SEAT_MARK = re.compile(r"<@!?\d+>|player\d+")


def _menus(message: Any) -> dict[str, Any]:
    return {c["custom_id"].rsplit(":", 1)[1]: c for c in iter_components(message.components)
            if c.get("type") == 3}


async def _open_lobby(fake: FakeDiscord) -> None:
    lobby = await fake.slash(HOST, fake.channel_id, "game", "new", ruleset="darkmoon")
    menus = _menus(lobby.message)
    await fake.select(HOST, lobby.message, menus["modules"]["custom_id"], MODULES)
    chosen = await fake.select(HOST, lobby.message, menus["variants"]["custom_id"], VARIANTS)
    text = chosen.response.content
    for line in ("Shadow Corporation expansion: on", "Threats module: on",
                 "Company Man module: on", "Telepathic Infected: on", "Expensive Voting: on",
                 "Safe Orders: on", "Costly Actions: on", "lobby (5-7 players)"):
        assert line in text, line
    assert "First Is Last" not in text
    for uid in PLAYERS[1:]:
        await fake.click(uid, lobby.message, label="Join")
    started = await fake.click(HOST, lobby.message, label="Start")
    assert "Started" in started.response.content


class LeakWatch:
    """Reads every public message (channel, not ephemeral) each time it changes, while
    the game runs, against the secrets of the state at that moment."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.seen: dict[int, str] = {}
        self.lines_read = 0

    def check(self, state: Any) -> None:
        for message in self.fake.messages_in(self.fake.channel_id, include_ephemeral=False):
            if self.seen.get(message.id) == message.content:
                continue
            self.seen[message.id] = message.content
            for line in message.content.splitlines():
                self.lines_read += 1
                self._line(line, state)

    def _line(self, line: str, state: Any) -> None:
        lower = line.lower()
        for name in THREATS.values():
            if name in line:  # only a requirement met in public: claimed or declined
                assert "threat token" in lower, line
        if "company man" in lower:
            assert not SEAT_MARK.search(line), line
        if "corporation di" in lower and SEAT_MARK.search(line):  # a player's dice
            assert ("corporation dice behind their screen" in lower
                    or "submits a corporation die showing" in lower
                    or "corporation dice instead of 2" in lower), line
        assert "did not submit" not in lower, line
        view = RS.view(state, None).model_dump_json()
        assert "corporation_rolled" not in view and '"discarded"' not in view


async def _move(fake: FakeDiscord, bot: WardenBot, agent: random.Random) -> None:
    record = await current_record(bot)
    state = bot.tables.state_of(record)
    seat = agent.choice(RS.pending(state)).seat
    opened = await fake.click(int(seat), board_message(fake), label="My choices")
    assert opened.response.ephemeral
    done = await pick_component(fake, int(seat), opened.message, opened.response.components,
                                RS, state, agent)
    assert done.response.content.startswith("Done:"), done.response.content


def _check_sheets(fake: FakeDiscord, state: Any) -> None:
    t = state.expansion.threats
    cm = content().modules.company_man
    for uid in PLAYERS:
        seat = str(uid)
        text = "\n".join(m.content for m in fake.dms_to(uid))
        assert f"Your threat card (secret): **{THREATS[t.cards[seat]]}**" in text
        assert ("you are the **COMPANY MAN**" in text) == (state.players[seat].status == cm)


@pytest.mark.rule("BOT-PRIV-1")
@pytest.mark.rule("BOT-PUB-1")
async def test_an_expansion_game_with_modules_and_variants_plays_to_the_end(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    agent = random.Random(5)
    watch = LeakWatch(fake_discord)
    sheets_checked = False
    async with warden(tmp_path / "w.db") as bot:
        await _open_lobby(fake_discord)
        moves = 0
        while True:
            record = await current_record(bot)
            state = bot.tables.state_of(record)
            if record.status != "running":
                break
            watch.check(state)
            threats = state.expansion.threats
            if threats.dealt and not sheets_checked:
                _check_sheets(fake_discord, state)
                sheets_checked = True
            await _move(fake_discord, bot, agent)
            moves += 1
            assert moves < 3000, "the game did not end"
        assert state.result is not None and sheets_checked
        assert state.expansion.discarded, "no corporation die was ever discarded"
        recap = fake_discord.messages_in(fake_discord.channel_id, include_ephemeral=False)[-1]
        text = "\n".join(m.content for m in fake_discord.messages_in(
            fake_discord.channel_id, include_ephemeral=False)[-3:])
        assert "Rematch" in [c.get("label") for c in iter_components(recap.components)]
        for seat, card in state.expansion.threats.cards.items():
            assert f"Threat of <@{seat}>: {THREATS[card]}" in text
        assert "Company Man:" in text
        for seat in state.expansion.discarded:
            assert f"Corporation dice <@{seat}> did not submit: " in text
        report = await replay_game(bot.storage, record.id)
        assert report.matches, report.detail
        # a rematch keeps the menus' choices
        again = await fake_discord.click(BOB, recap, label="Rematch")
        menus = _menus(again.message)
        assert [o["value"] for o in menus["modules"]["options"] if o.get("default")] == MODULES
        assert "Telepathic Infected: on" in again.response.content
    assert watch.lines_read > 100
    assert fake_discord.limit_violations == []
