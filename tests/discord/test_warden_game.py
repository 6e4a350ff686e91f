"""Whole games and the move paths (buttons, selects, /move, /vote) through the real
discord.py client against the fake Discord server."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from fake_discord import FakeDiscord, FakeMessage
from warden_helpers import (
    CAROL,
    DAVE,
    PLAYERS,
    STRANGER,
    add_players,
    board_message,
    bot_backend,  # noqa: F401 (fixture)
    button_labels,
    current_record,
    current_state,
    fake_discord_options,  # noqa: F401 (fixture)
    open_and_start,
    pick_component,
    warden,
)

from bot.app import WardenBot
from bot.feed import CHOSEN, CLOSED_ASK
from bot.replay import replay_game
from rules import get_ruleset
from rules.darkmoon.cards import content

# every test here runs on SQLite and on PostgreSQL
pytestmark = pytest.mark.usefixtures("bot_backend")

RS = get_ruleset("darkmoon")
PRIVATE_MARKERS = ("Your roll", "Behind your screen", "Status card:", "You drew",
                   "You discarded", "Your vote is cast")


async def _play_by_button(fake: FakeDiscord, bot: WardenBot, agent: random.Random) -> None:
    """The waiting player presses My choices and then one of the offered buttons."""
    record, state = await current_state(bot)
    seat = agent.choice(RS.pending(state)).seat
    opened = await fake.click(int(seat), board_message(fake), label="My choices")
    assert opened.response.ephemeral
    done = await pick_component(fake, int(seat), opened.message, opened.response.components,
                                RS, state, agent)
    assert done.response.content.startswith("Done:"), done.response.content


async def _play_by_command(fake: FakeDiscord, bot: WardenBot, agent: random.Random) -> None:
    record, state = await current_state(bot)
    seat = agent.choice(RS.pending(state)).seat
    choices = await fake.autocomplete(int(seat), fake.channel_id, "move", focused="action",
                                      value="")
    legal = RS.legal_actions(state, seat)
    assert len(choices) == min(25, len(legal))
    pick = agent.choice(choices)
    if pick["value"].startswith("vote:"):
        done = await fake.slash(int(seat), fake.channel_id, "vote",
                                choice=pick["value"].split(":")[1])
    else:
        done = await fake.slash(int(seat), fake.channel_id, "move", action=pick["value"])
    assert done.response.ephemeral and done.response.content.startswith("Done:"), \
        done.response.content


@pytest.mark.rule("BOT-MOVE-1")
@pytest.mark.rule("BOT-PUB-1")
async def test_full_three_player_game(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    agent = random.Random(11)
    async with warden(tmp_path / "w.db") as bot:
        await open_and_start(fake_discord)
        moves = 0
        while True:
            record, state = await current_state(bot)
            if record.status != "running":
                break
            if moves % 3 == 0:
                await _play_by_button(fake_discord, bot, agent)
            else:
                await _play_by_command(fake_discord, bot, agent)
            moves += 1
            assert moves < 600, "the game did not end"
        final = board_message(fake_discord)
        assert "Game over" in final.content and final.components == []
        outcome = RS.outcome(state)
        assert outcome is not None and outcome.team is not None
        recap = fake_discord.messages_in(fake_discord.channel_id, include_ephemeral=False)[-1]
        assert button_labels(recap) == ["Rematch"]
        assert all(f"<@{s}>" in recap.content for s in outcome.winners)
        # nothing private ever went to the channel
        for message in fake_discord.messages_in(fake_discord.channel_id,
                                                include_ephemeral=False):
            assert not any(marker in message.content for marker in PRIVATE_MARKERS)
        report = await replay_game(bot.storage, record.id)
        assert report.matches, report.detail


@pytest.mark.rule("BOT-PRIV-1")
async def test_status_dms_go_to_the_right_players(fake_discord: FakeDiscord,
                                                  tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    statuses = {s.id: s for s in content().statuses}
    async with warden(tmp_path / "w.db") as bot:
        await open_and_start(fake_discord)
        _, state = await current_state(bot)
        for uid in PLAYERS:
            dms = fake_discord.dms_to(uid)
            text = "\n".join(m.content for m in dms)
            mine = statuses[state.players[str(uid)].status]
            assert "Status card:" in text and f"**{mine.name}**" in text
            team = "INFECTED" if mine.infected else "UNINFECTED"
            assert f"you are **{team}**" in text
            others = {state.players[str(o)].status for o in PLAYERS if o != uid}
            assert not any(statuses[o].text in text for o in others if o != mine.id)


@pytest.mark.rule("BOT-PRIV-1")
async def test_closed_dms_fall_back_to_hand(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    fake_discord.close_dms(CAROL)
    async with warden(tmp_path / "w.db") as bot:
        await open_and_start(fake_discord)
        notes = [m for m in fake_discord.messages_in(fake_discord.channel_id)
                 if "can't DM" in m.content]
        assert len(notes) == 1 and f"<@{CAROL}>" in notes[0].content
        assert "Status card" not in notes[0].content
        hand = await fake_discord.slash(CAROL, fake_discord.channel_id, "hand")
        _, state = await current_state(bot)
        status = next(s for s in content().statuses
                      if s.id == state.players[str(CAROL)].status)
        assert hand.response.ephemeral and status.text in hand.response.content
        button = await fake_discord.click(CAROL, board_message(fake_discord), label="My hand")
        assert button.response.ephemeral and status.text in button.response.content


@pytest.mark.rule("BOT-AUTH-1")
async def test_stranger_and_wrong_player_refused(fake_discord: FakeDiscord,
                                                 tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS, STRANGER)
    async with warden(tmp_path / "w.db") as bot:
        await open_and_start(fake_discord)
        record, state = await current_state(bot)
        waiting = RS.pending(state)[0].seat
        idle = next(p for p in PLAYERS if str(p) != waiting)
        board = board_message(fake_discord)
        stranger = await fake_discord.click(STRANGER, board, label="My choices")
        assert stranger.response.ephemeral and "not playing" in stranger.response.content
        idle_open = await fake_discord.click(idle, board, label="My choices")
        assert idle_open.response.ephemeral and "nothing to decide" in idle_open.response.content
        key = RS.legal_actions(state, waiting)[0].key
        wrong = await fake_discord.slash(idle, fake_discord.channel_id, "move", action=key)
        assert wrong.response.ephemeral and "Not your turn: waiting for" in wrong.response.content
        nonsense = await fake_discord.slash(int(waiting), fake_discord.channel_id, "move",
                                            action="fly:away")
        assert nonsense.response.ephemeral
        assert "No move of yours matches" in nonsense.response.content
        assert (await current_record(bot)).version == record.version


@pytest.mark.rule("BOT-MOVE-1")
async def test_double_click_applies_once(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        await open_and_start(fake_discord)
        record, state = await current_state(bot)
        prompt = RS.pending(state)[0]
        assert prompt.secret  # the commander picks the first event in private
        waiting = int(prompt.seat)
        dm_prompt = next(m for m in fake_discord.dms_to(waiting) if m.components)
        opened = await fake_discord.click(waiting, board_message(fake_discord),
                                          label="My choices")
        button = next(c for row in opened.response.components for c in row["components"])
        # the same button twice at once (a double click, or the DM copy of the prompt
        # pressed at the same time): applied once, the other click refused
        clicks = await asyncio.gather(
            fake_discord.click(waiting, opened.message, button["custom_id"]),
            fake_discord.click(waiting, dm_prompt, button["custom_id"]))
        answers = sorted(c.response.content for c in clicks)
        assert answers[0].startswith("Done:") and "out of date" in answers[1], answers
        assert (await current_record(bot)).version == record.version + 1
        # the DM copy then closes: no dead buttons left behind
        await fake_discord.settle()
        assert fake_discord.message(dm_prompt.id).components == []


async def _first_dm_question(fake: FakeDiscord, bot: WardenBot) -> tuple[int, FakeMessage]:
    """A game opened and started: the first seat asked a secret decision, and the DM
    that asks it."""
    await open_and_start(fake)
    _, state = await current_state(bot)
    waiting = int(RS.pending(state)[0].seat)
    return waiting, next(m for m in fake.dms_to(waiting) if m.components)


async def test_a_dm_choice_closes_once_made_elsewhere(fake_discord: FakeDiscord,
                                                      tmp_path: Path) -> None:
    """A secret decision asked by DM and answered through My choices: the DM loses its
    buttons and says what was chosen, instead of keeping dead buttons."""
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        waiting, dm_prompt = await _first_dm_question(fake_discord, bot)
        opened = await fake_discord.click(waiting, board_message(fake_discord),
                                          label="My choices")
        button = next(c for row in opened.response.components for c in row["components"])
        done = await fake_discord.click(waiting, opened.message, button["custom_id"])
        assert done.response.content.startswith("Done:")
        await fake_discord.settle()
        closed = fake_discord.message(dm_prompt.id)
        assert closed.components == []
        assert closed.content.endswith(CHOSEN.format(label=button["label"]))
        assert CLOSED_ASK not in closed.content
        assert closed.content.startswith(dm_prompt.history[0]["content"])
        # one process heard of every answer: the DM is closed without reading it back
        assert not any(r.matches("GET", f"/channels/*/messages/{dm_prompt.id}")
                       for r in fake_discord.requests)


async def test_a_dm_choice_answered_in_the_dm_keeps_its_answer(fake_discord: FakeDiscord,
                                                              tmp_path: Path) -> None:
    """Pressed in the DM itself, the answer ("Done: ...", and the next choices if any)
    replaces the question; closing the DM afterwards must not bring the old question
    back."""
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        waiting, dm_prompt = await _first_dm_question(fake_discord, bot)
        button = dm_prompt.components[0]["components"][0]
        done = await fake_discord.click(waiting, dm_prompt, button["custom_id"])
        assert done.response.content.startswith("Done:")
        await fake_discord.settle()
        answered = fake_discord.message(dm_prompt.id)
        assert answered.content.startswith("Done:") and CLOSED_ASK not in answered.content


async def test_next_choices_left_in_a_dm_close_once_made_elsewhere(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A DM question answered in the DM shows the next choices there; when the player
    then moves through My choices, that DM closes too."""
    add_players(fake_discord, *PLAYERS)
    agent = random.Random(8)
    async with warden(tmp_path / "w.db", seed=5) as bot:
        await open_and_start(fake_discord)
        for _ in range(300):
            record, state = await current_state(bot)
            assert record.status == "running", "no DM answer came with next choices"
            asked = [(int(p.seat), m) for p in RS.pending(state)
                     for m in fake_discord.dms_to(int(p.seat))[-1:] if m.components]
            if not asked:
                await _play_by_button(fake_discord, bot, agent)
                continue
            uid, dm = asked[0]
            button = next(c for row in dm.components for c in row["components"]
                          if c["type"] == 2)
            done = await fake_discord.click(uid, dm, button["custom_id"])
            assert done.response.content.startswith("Done:"), done.response.content
            if "**Next:" in done.response.content and fake_discord.message(dm.id).components:
                break
        await fake_discord.settle()
        assert fake_discord.message(dm.id).components  # the next choices, still open
        opened = await fake_discord.click(uid, board_message(fake_discord),
                                          label="My choices")
        _, state = await current_state(bot)
        moved = await pick_component(fake_discord, uid, opened.message,
                                     opened.response.components, RS, state, agent)
        assert moved.response.content.startswith("Done:")
        await fake_discord.settle()
        closed = fake_discord.message(dm.id)
        label = moved.response.content.splitlines()[0].removeprefix("Done: ")
        assert closed.components == [] and closed.content.endswith(CHOSEN.format(label=label))
        assert closed.content.startswith("Done:")  # the answer given in the DM stays
        assert not any(r.matches("GET", f"/channels/*/messages/{dm.id}")
                       for r in fake_discord.requests)


@pytest.mark.rule("BOT-MOVE-1")
async def test_simultaneous_voters_all_answer_from_their_dm_buttons(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Everyone's vote prompt arrives by DM at once; one vote must not make the others'
    buttons out of date (their choices did not change)."""
    players = (*PLAYERS, DAVE)
    add_players(fake_discord, *players)
    agent = random.Random(4)
    async with warden(tmp_path / "w.db", seed=2) as bot:  # no outpost blocks votes
        await open_and_start(fake_discord, players)
        for _ in range(300):
            record, state = await current_state(bot)
            voters = [p.seat for p in RS.pending(state) if p.kind == "vote"]
            if len(voters) > 1 or record.status != "running":
                break
            seat = RS.pending(state)[0].seat
            call = [a.key for a in RS.legal_actions(state, seat) if a.kind == "call_vote"]
            if call:
                await fake_discord.slash(int(seat), fake_discord.channel_id, "move",
                                         action=call[0])
            else:
                await _play_by_command(fake_discord, bot, agent)
        assert len(voters) > 1, "no vote came up"
        answered = 0
        for seat in voters:
            # the player who called the vote got their vote buttons in the reply; the
            # others by DM
            dm = [m for m in fake_discord.dms_to(int(seat)) if m.components
                  and "Vote" in m.content]
            if not dm:
                continue
            prompt = dm[-1]
            button = prompt.components[0]["components"][0]
            done = await fake_discord.click(int(seat), prompt, button["custom_id"])
            assert done.response.content.startswith("Done:"), done.response.content
            answered += 1
            assert (await current_record(bot)).version == record.version + answered
            assert prompt.components == []  # the DM prompt closes once answered
        assert answered >= len(voters) - 1


@pytest.mark.rule("BOT-PERSIST-1")
async def test_restart_mid_game_continues(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    agent = random.Random(3)
    db = tmp_path / "w.db"
    async with warden(db) as bot:
        await open_and_start(fake_discord)
        for _ in range(6):
            await _play_by_command(fake_discord, bot, agent)
        record, state = await current_state(bot)
        old_board = board_message(fake_discord)
    async with warden(db) as bot2:
        record2, state2 = await current_state(bot2)
        assert record2.version == record.version
        assert RS.dump_state(state2) == RS.dump_state(state)
        seat = int(RS.pending(state2)[0].seat)
        opened = await fake_discord.click(seat, old_board, label="My choices")
        assert opened.response.ephemeral
        button = next(c for row in opened.response.components for c in row["components"])
        if button["type"] == 2:
            done = await fake_discord.click(seat, opened.message, button["custom_id"])
        else:
            done = await fake_discord.select(seat, opened.message, button["custom_id"],
                                             [button["options"][0]["value"]])
        assert done.response.content.startswith("Done:")
        assert (await current_record(bot2)).version == record.version + 1
        report = await replay_game(bot2.storage, record.id)
        assert report.matches


@pytest.mark.rule("BOT-MOVE-1")
async def test_roll_and_submit_commands(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """/roll and /submit offer only rolling and submitting choices and apply them."""
    add_players(fake_discord, *PLAYERS)
    agent = random.Random(2)
    async with warden(tmp_path / "w.db") as bot:
        await open_and_start(fake_discord)
        for _ in range(200):
            record, state = await current_state(bot)
            seat = RS.pending(state)[0].seat
            kinds = {a.key.split(":")[0] for a in RS.legal_actions(state, seat)}
            if "submit" in kinds:
                break
            await _play_by_command(fake_discord, bot, agent)
        else:
            pytest.fail("no submit decision came up")
        offered = await fake_discord.autocomplete(int(seat), fake_discord.channel_id,
                                                  "submit", focused="dice", value="")
        legal = RS.legal_actions(state, seat)

        def kind(choice: dict) -> str:  # values are "#version.fingerprint.index"
            return legal[int(choice["value"].rsplit(".", 1)[1])].key.split(":")[0]

        assert offered and all(kind(c) in ("submit", "reroll") for c in offered)
        rolls = await fake_discord.autocomplete(int(seat), fake_discord.channel_id, "roll",
                                                focused="dice", value="")
        # no rolling choice now: the one entry explains why
        assert all(c["value"] == "?" or kind(c) != "submit" for c in rolls)
        done = await fake_discord.slash(int(seat), fake_discord.channel_id, "submit",
                                        dice=offered[0]["value"])
        assert done.response.content.startswith("Done: Submit")
        assert (await current_record(bot)).version == record.version + 1
