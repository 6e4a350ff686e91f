"""Decisions a real Discord client can make: choosing nothing where that is legal is a
button (a client sends no interaction for a select closed empty), and the private
sheet's setting "Warden answers for me when I have no real choice" (off by default),
which takes an attack the player cannot interrupt and keeps the hand after passing."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from fake_discord import FakeDiscord, FakeMessage, InteractionRecord, iter_components
from warden_helpers import (
    BOB,
    CAROL,
    HOST,
    ManualClock,
    add_players,
    board_message,
    bot_backend,  # noqa: F401 (fixture)
    current_state,
    dm_asks,
    fake_discord_options,  # noqa: F401 (fixture)
    warden,
)

from bot.app import WardenBot
from rules import get_ruleset

RS = get_ruleset("nemesis")
PLAYERS = (HOST, BOB)


async def start_nemesis(fake: FakeDiscord, bot: WardenBot, **options: object
                        ) -> tuple[int, int]:
    """A 2-player original Nemesis game, its draft made from the DMs' buttons; the first
    player of its first turn, and the other."""
    channel = fake.channel_id
    lobby = await fake.slash(HOST, channel, "game", "new", ruleset="nemesis", **options)
    await fake.click(BOB, lobby.message, label="Join")
    await fake.click(HOST, lobby.message, label="Start")
    for _ in PLAYERS:
        _, state = await current_state(bot)
        seat = int(RS.pending(state)[0].seat)
        dm = dm_asks(fake, seat)[-1]
        first = next(c for c in iter_components(dm.components) if c["type"] == 2)
        picked = await fake.click(seat, dm, first["custom_id"])
        assert picked.response.content.startswith("Done:"), picked.response.content
    _, state = await current_state(bot)
    first = int(RS.pending(state)[0].seat)
    return first, next(p for p in PLAYERS if p != first)


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
        first, second = await start_nemesis(fake_discord, bot)
        _, state = await current_state(bot)
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


# ---------------------------------------------------------------- Warden answers for me
def sheet(fake: FakeDiscord, uid: int) -> FakeMessage:
    """The last part of the seat's private sheet (edited in place as the game goes): the
    DM with the setting and its button (a long sheet is sent in several DMs)."""
    return next(m for m in reversed(fake.dms_to(uid)) if "no real choice:" in m.content)


def sheet_head(fake: FakeDiscord, uid: int) -> FakeMessage:
    """The first part of the seat's private sheet."""
    return next(m for m in reversed(fake.dms_to(uid)) if "Your private sheet" in m.content)


async def turn_on(fake: FakeDiscord, uid: int) -> InteractionRecord:
    mine = sheet(fake, uid)
    assert "answers for you when you have no real choice: off" in mine.content
    return await fake.click(uid, mine, label="Let Warden answer for me")


@pytest.mark.rule("BOT-AFK-1")
@pytest.mark.rule("BOT-PRIV-1")
async def test_the_sheet_turns_warden_answering_for_the_player_on_and_off(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Off by default, said plainly with what an instant answer tells the table; the
    sheet's button turns it on (the sheet is edited in place, only for that player) and
    off again."""
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db", seed=3) as bot:
        first, _ = await start_nemesis(fake_discord, bot)
        mine = sheet(fake_discord, BOB)
        assert ("**Warden answers for you when you have no real choice: off** (you are "
                "asked every time). Turn it on and Warden will take an intruder attack for "
                "you when you hold no interrupt card you can pay for, and keep your hand "
                "when you pass. An instant answer can tell the table that you hold no "
                "interrupt card you can pay for.") in mine.content
        assert labels(mine) == ["Let Warden answer for me"]
        on = await turn_on(fake_discord, BOB)
        assert on.response.type == 7  # the sheet itself is edited
        mine = sheet(fake_discord, BOB)
        assert "**Warden answers for you when you have no real choice: on.** Warden will " \
            "take an intruder attack" in mine.content
        assert "You play the **" in sheet_head(fake_discord, BOB).content
        assert labels(mine) == ["Ask me every time"]
        record, _ = await current_state(bot)
        assert record.options["auto_answer"] == [str(BOB)]
        assert "answers for you when you have no real choice: off" in \
            sheet(fake_discord, HOST).content  # the other player's setting is their own
        # the next update of the table leaves that sheet as the click left it
        edits = [e for e in fake_discord.edits(mine.channel_id) if e.message.id == mine.id]
        await fake_discord.slash(first, fake_discord.channel_id, "move", action="pass")
        assert [e for e in fake_discord.edits(mine.channel_id)
                if e.message.id == mine.id] == edits
        off = await fake_discord.click(BOB, mine, label="Ask me every time")
        assert off.response.type == 7
        assert labels(sheet(fake_discord, BOB)) == ["Let Warden answer for me"]
        assert (await current_state(bot))[0].options["auto_answer"] == []
        # `/hand` (the sheet on demand, for closed DMs) has the same button
        hand = await fake_discord.slash(HOST, fake_discord.channel_id, "hand")
        assert hand.response.ephemeral and "You play the **" in hand.response.content
        last = hand.followups[-1] if hand.followups else hand.message
        assert labels(last) == ["Let Warden answer for me"]
        on = await fake_discord.click(HOST, last, label="Let Warden answer for me")
        assert on.response.type == 7 and "no real choice: on." in on.response.content
        assert labels(on.response) == ["Ask me every time"]
        assert (await current_state(bot))[0].options["auto_answer"] == [str(HOST)]


@pytest.mark.rule("BOT-AFK-1")
@pytest.mark.rule("BOT-PERSIST-1")
@pytest.mark.usefixtures("bot_backend")
async def test_passing_keeps_the_hand_at_once_for_a_player_who_chose_it_even_after_a_restart(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db", seed=3) as bot:
        first, second = await start_nemesis(fake_discord, bot)
        await turn_on(fake_discord, first)
    async with warden(tmp_path / "w.db", seed=3) as bot:  # a restart of the bot
        record, state = await current_state(bot)
        assert record.options["auto_answer"] == [str(first)]
        hand = list(state.heroes[str(first)].hand)
        dms = {m.id for m in fake_discord.dms_to(first)}
        opened = await fake_discord.click(first, board_message(fake_discord),
                                          label="My choices")
        select, option = option_labelled(opened.response, "Pass")
        passed = await fake_discord.select(first, opened.message, select["custom_id"],
                                           [option["value"]])
        assert passed.response.content == (
            "Done: Pass for this round\nNext, Warden answers for you (your sheet's setting): "
            "**Keep your hand**.")
        assert passed.response.components == []
        await fake_discord.settle()
        record, state = await current_state(bot)
        moves = await bot.storage.moves(record.id)
        assert [(m.seat, m.action) for m in moves[-2:]] == [(str(first), "pass"),
                                                           (str(first), "discard:~")]
        assert state.heroes[str(first)].hand == hand
        assert RS.pending(state)[0].seat == str(second)
        new = [m for m in fake_discord.dms_to(first) if m.id not in dms]
        assert not any("keep your hand" in m.content for m in new)  # no DM asked it
        assert "answers for you when you have no real choice: on." in \
            sheet(fake_discord, first).content
        # the other player did not turn it on: passing asks them, as it always did
        passed = await pass_from_my_choices(fake_discord, second)
        assert labels(passed.response) == ["Keep your hand"]
        # turning it on while such a question waits answers it at once
        await turn_on(fake_discord, second)
        await fake_discord.settle()
        record, state = await current_state(bot)
        last = (await bot.storage.moves(record.id))[-1]
        assert (last.seat, last.action) == (str(second), "discard:~")
        assert state.round == 2  # both passed: the next round began


def _answered_by_warden(moves: list[Any], seats: list[str], seed: int) -> Counter[tuple[str, str]]:
    """Replaying the game: (seat, decision kind) of every move that was the answer Warden
    may give by the setting (taking an attack without a payable interrupt, keeping the
    hand after passing), whoever gave it."""
    state = RS.new_game(seats, seed, RS.Options())
    out: Counter[tuple[str, str]] = Counter()
    for move in moves:
        answer = RS.auto_answer(state, move.seat) if move.seat else None
        if answer is not None and answer.key == move.action:
            out[(move.seat, RS.pending(state)[0].kind)] += 1
        state = RS.apply(state, move.seat, RS.parse_action(state, move.seat, move.action)).state
    return out


@pytest.mark.rule("BOT-AFK-1")
async def test_a_silent_player_who_chose_it_never_holds_up_the_timer_with_those_prompts(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Nobody plays, on the turn timer; Bob turned the setting on. Bob is never waited
    for on an attack he cannot interrupt or on keeping his hand: Warden answers those at
    once (no DM asks them); the others, setting off, are still asked by DM and time out."""
    players = (HOST, BOB, CAROL)
    add_players(fake_discord, *players)
    clock = ManualClock()
    channel = fake_discord.channel_id
    async with warden(tmp_path / "w.db", seed=9, clock=clock) as bot:
        lobby = await fake_discord.slash(HOST, channel, "game", "new", ruleset="nemesis",
                                         turn_timer=2, when_time_runs_out="pass", idle_after=0)
        for uid in players[1:]:
            await fake_discord.click(uid, lobby.message, label="Join")
        await fake_discord.click(HOST, lobby.message, label="Start")
        await fake_discord.settle()
        await turn_on(fake_discord, BOB)
        for _ in range(400):
            record, state = await current_state(bot)
            if record.status != "running":
                break
            assert RS.auto_answer(state, str(BOB)) is None, RS.pending(state)
            await clock.advance(120.0, fake_discord)
        assert record.status != "running"
        answered = _answered_by_warden(await bot.storage.moves(record.id), record.seats, 9)
        assert answered[(str(BOB), "interrupt")] and answered[(str(BOB), "discard")], answered
        # the DMs that asked (their buttons are gone once answered: the text stays)
        no_interrupt = "you have no interrupt card you can pay for, take the attack"
        for uid in (HOST, CAROL):
            assert answered[(str(uid), "interrupt")], answered
            assert any(no_interrupt in m.content for m in fake_discord.dms_to(uid))
            assert any("none to keep your hand" in m.content for m in fake_discord.dms_to(uid))
        assert not any(no_interrupt in m.content or "none to keep your hand" in m.content
                       for m in fake_discord.dms_to(BOB))
        story = "\n".join(m.content for m in fake_discord.messages_in(
            channel, include_ephemeral=False))
        timeouts = {uid: story.count(f"<@{uid}> ran out of time") for uid in players}
        # Bob timed out only on real decisions (his turns, the draft, his objective)
        assert timeouts[BOB] + 14 <= min(timeouts[HOST], timeouts[CAROL]), timeouts
