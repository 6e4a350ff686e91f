"""Decisions a real Discord client can make: choosing nothing where that is legal is a
button (a client sends no interaction for a select closed empty), and the private
sheet's setting "Warden answers for me when I have no real choice" (off by default),
which takes an attack the player cannot interrupt and keeps the hand after passing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fake_discord import FakeDiscord, iter_components
from warden_helpers import (
    BOB,
    HOST,
    add_players,
    board_message,
    current_state,
    fake_discord_options,  # noqa: F401 (fixture)
    warden,
)

from bot.app import WardenBot
from rules import get_ruleset

RS = get_ruleset("nemesis")
PLAYERS = (HOST, BOB)


async def start_nemesis(fake: FakeDiscord, bot: WardenBot, **options: object) -> None:
    """A 2-player original Nemesis game, its draft made from the DMs' buttons."""
    channel = fake.channel_id
    lobby = await fake.slash(HOST, channel, "game", "new", ruleset="nemesis", **options)
    await fake.click(BOB, lobby.message, label="Join")
    await fake.click(HOST, lobby.message, label="Start")
    for _ in PLAYERS:
        _, state = await current_state(bot)
        seat = int(RS.pending(state)[0].seat)
        dm = next(m for m in reversed(fake.dms_to(seat)) if m.components)
        first = next(c for c in iter_components(dm.components) if c["type"] == 2)
        picked = await fake.click(seat, dm, first["custom_id"])
        assert picked.response.content.startswith("Done:"), picked.response.content


def option_labelled(message: Any, start: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The select of a choice message holding the option whose label begins `start`."""
    for select in iter_components(message.components):
        for option in select.get("options") or ():
            if option["label"].startswith(start):
                return select, option
    raise AssertionError(f"no option {start!r} in {message.components}")


def labels(message: Any) -> list[str]:
    return [c.get("label", "") for c in iter_components(message.components) if c["type"] == 2]


async def pass_from_my_choices(fake: FakeDiscord, seat: int) -> Any:
    """The seat presses My choices under the board and picks Pass: the reply asks the
    discard that follows."""
    opened = await fake.click(seat, board_message(fake), label="My choices")
    select, option = option_labelled(opened.response, "Pass")
    passed = await fake.select(seat, opened.message, select["custom_id"], [option["value"]])
    assert "**Next: You passed: discard any cards, or none to keep your hand**" in \
        passed.response.content, passed.response.content
    return passed


@pytest.mark.rule("BOT-CHOICE-1")
@pytest.mark.rule("BOT-MOVE-1")
async def test_a_round_is_played_through_passing_without_move(fake_discord: FakeDiscord,
                                                             tmp_path: Path) -> None:
    """Both players pass from My choices: one keeps the hand with the "Keep your hand"
    button (a select closed empty would send nothing: the fake refuses it, as a client
    does), the other discards a card with the multi-select; the round goes on."""
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db", seed=3) as bot:
        await start_nemesis(fake_discord, bot)
        _, state = await current_state(bot)
        first = int(RS.pending(state)[0].seat)
        second = next(p for p in PLAYERS if p != first)
        hand = list(state.heroes[str(first)].hand)
        passed = await pass_from_my_choices(fake_discord, first)
        select = next(c for c in iter_components(passed.response.components)
                      if c["type"] == 3)
        assert select["min_values"] == 1
        assert labels(passed.response) == ["Keep your hand"]
        with pytest.raises(AssertionError):  # no client sends it (EmptySelectRefused)
            await fake_discord.select(first, passed.message, select["custom_id"], [])
        kept = await fake_discord.click(first, passed.message, label="Keep your hand")
        assert kept.response.content.startswith("Done: Keep your hand"), kept.response.content
        _, state = await current_state(bot)
        assert state.heroes[str(first)].hand == hand and state.heroes[str(first)].passed
        # the other player passes too, and discards one card with the multi-select
        assert RS.pending(state)[0].seat == str(second)
        hand = list(state.heroes[str(second)].hand)
        passed = await pass_from_my_choices(fake_discord, second)
        select = next(c for c in iter_components(passed.response.components)
                      if c["type"] == 3)
        gone = await fake_discord.select(second, passed.message, select["custom_id"],
                                         [select["options"][0]["value"]])
        assert gone.response.content.startswith("Done: Discard"), gone.response.content
        record, state = await current_state(bot)
        assert len(state.heroes[str(second)].hand) >= len(hand) - 1
        moves = [m.action for m in await bot.storage.moves(record.id)]
        assert moves[-4:-1] == ["pass", "discard:~", "pass"]  # ~: no card
        assert moves[-1].startswith("discard:") and moves[-1] != "discard:~"
        # everyone passed: the round ended, the event phase ran, the next round began
        assert state.round == 2, RS.pending(state)
