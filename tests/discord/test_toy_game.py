"""A game installed from a package of its own (tests/toygame: High Card, found through
its `warden.games` entry point) is played end to end through the fake Discord: the
bot and the renderers know nothing of it beyond its kit."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fake_discord import FakeDiscord
from warden_helpers import (
    BOB,
    HOST,
    add_players,
    board_message,
    button_labels,
    current_state,
    fake_discord_options,  # noqa: F401 (fixture)
    pick_component,
    warden,
)

from rules import list_kits

toygame = pytest.importorskip("toygame", reason="tests/toygame is not installed "
                              "(pip install -e tests/toygame)")


async def test_a_separately_installed_game_is_played_through_discord(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    assert "toy" in list_kits()
    rs = toygame.KIT.ruleset
    add_players(fake_discord, HOST, BOB)
    agent = random.Random(3)
    async with warden(tmp_path / "w.db") as bot:
        new = next(c for c in fake_discord.commands() if c["name"] == "game")
        offered = next(o for o in new["options"] if o["name"] == "new")["options"][0]
        assert "toy" in [c["value"] for c in offered["choices"]]
        lobby = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "new",
                                         ruleset="toy")
        assert lobby.message.content.startswith("**High Card** lobby (2 players)")
        assert "Each player gets a hidden card by DM" in lobby.message.content
        await fake_discord.click(BOB, lobby.message, label="Join")
        await fake_discord.click(HOST, lobby.message, label="Start")
        record, state = await current_state(bot)
        for seat in (HOST, BOB):  # each sheet holds that player's card and no other
            sheets = [m.content for m in fake_discord.dms_to(seat)
                      if "**Your card:**" in m.content]
            assert sheets and f"**Your card:** {state.cards[str(seat)]} " in sheets[-1]
        board = board_message(fake_discord)
        picture = board.attachments[0]  # a PNG: Discord reports its size
        assert (picture["width"], picture["height"]) == (480, 220)
        assert "**High Card** stake 1" in board.content
        moves = 0
        while record.status == "running":
            seat = int(rs.pending(state)[0].seat)
            opened = await fake_discord.click(seat, board_message(fake_discord),
                                              label="My choices")
            assert set(button_labels(opened.response)) <= {
                "Raise the stake", "Call: show the cards", "Fold"}
            done = await pick_component(fake_discord, seat, opened.message,
                                        opened.response.components, rs, state, agent)
            assert done.response.content.startswith("Done:"), done.response.content
            record, state = await current_state(bot)
            moves += 1
        assert record.status == "finished" and 1 <= moves <= 5
        outcome = rs.outcome(state)
        assert outcome is not None and outcome.winners == (state.winner,)
        told = "\n".join(m.content for m in fake_discord.messages_in(fake_discord.channel_id))
        assert f"<@{state.winner}>" in told and "held" in told  # the recap shows both cards
        # the game is over: /rules looks in every game, the toy's topics among them
        rules = await fake_discord.slash(HOST, fake_discord.channel_id, "rules",
                                         topic="toy:turn")
        assert rules.response.content.startswith("**Your turn** (High Card)\nOn your turn")
