"""The table as players meet it, through the real client and the fake Discord server:
who is notified of what, the story, one-step choices, the live sheet, the end of a game,
and answers whatever fails."""

from __future__ import annotations

import asyncio
import itertools
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fake_discord import DiscordErrorGuard, FakeDiscord, InteractionRecord, iter_components
from warden_helpers import (
    BOB,
    HOST,
    PLAYERS,
    STRANGER,
    add_players,
    board_message,
    bot_backend,  # noqa: F401 (fixture)
    button_labels,
    current_record,
    current_state,
    fake_discord_options,  # noqa: F401 (fixture)
    play_moves,
    subset_positions,
    warden,
)

from bot.app import WardenBot
from bot.components import rematch_view
from bot.lobby import REMATCH_IN_DM
from bot.moves import NOT_YOURS
from rules import get_ruleset

# every test here runs on SQLite and on PostgreSQL
pytestmark = pytest.mark.usefixtures("bot_backend")

LD = get_ruleset("lockdown")
DM = get_ruleset("darkmoon")


async def start(fake: FakeDiscord, ruleset: str, players: tuple[int, ...] = PLAYERS,
                **options: object) -> None:
    lobby = await fake.slash(players[0], fake.channel_id, "game", "new", ruleset=ruleset,
                             **options)
    for uid in players[1:]:
        await fake.click(uid, lobby.message, label="Join")
    await fake.click(players[0], lobby.message, label="Start")


async def play_lockdown_to_first_turn(fake: FakeDiscord, bot: WardenBot) -> None:
    """Answer the drafts (secret: from the DMs' first button)."""
    for _ in range(10):
        _, state = await current_state(bot)
        prompt = LD.pending(state)[0]
        if prompt.kind != "draft":
            return
        await fake.slash(int(prompt.seat), fake.channel_id, "move",
                         action=LD.legal_actions(state, prompt.seat)[0].key)


async def choose_careful_move(fake: FakeDiscord, bot: WardenBot) -> InteractionRecord:
    """The player whose turn it is chooses a careful move (cost: 2 action cards)."""
    _, state = await current_state(bot)
    seat = LD.pending(state)[0].seat
    careful = next(a for a in LD.legal_actions(state, seat) if a.key.startswith("careful"))
    return await fake.slash(int(seat), fake.channel_id, "move", action=careful.key)


async def pay_first_set(fake: FakeDiscord, bot: WardenBot, chosen: InteractionRecord
                        ) -> InteractionRecord:
    """Pay a cost offered in `chosen`'s reply with the first allowed set of cards."""
    _, state = await current_state(bot)
    seat = str(chosen.user_id)
    select = next(c for c in iter_components(chosen.response.components) if c["type"] == 3)
    subset = LD.menu(state, seat).subsets[int(select["custom_id"].rsplit(":", 1)[1])]
    return await fake.select(chosen.user_id, chosen.message, select["custom_id"],
                             subset_positions(subset, sorted(subset.by_parts)[0]))


def _status_name(state: Any, seat: str) -> str:
    """How the recap names a Dark Moon player's secret status: "<@seat>: INFECTED" or
    "<@seat>: uninfected"."""
    return f"<@{seat}>: " + ("INFECTED" if state.players[seat].infected else "uninfected")


def bot_messages(fake: FakeDiscord) -> list[Any]:
    return [m for m in fake.messages_in(fake.channel_id, include_ephemeral=False)
            if m.author_id == fake.bot.id]


def _in_or_out(state: Any) -> str | None:
    """The seat asked IN or OUT of a Dark Moon task now, if any."""
    prompts = DM.pending(state)
    return prompts[0].seat if len(prompts) == 1 and prompts[0].text.endswith(
        "IN or OUT?") else None


@pytest.mark.rule("BOT-TURN-1")
async def test_an_in_or_out_answer_pings_the_next_player_without_a_new_board(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Within a turn, the next player asked IN or OUT is pinged by a short message that
    names the decision, under the board edited in place (no new image); the ping goes
    once answered, so at most one stands under the board."""
    players = (*PLAYERS, 104, 105)
    add_players(fake_discord, *players)
    agent = random.Random(3)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "darkmoon", players)
        answered = 0
        for _ in range(400):
            record, state = await current_state(bot)
            assert record.status == "running", "the game ended before two IN/OUT answers"
            seat = _in_or_out(state)
            if seat is None:
                prompt = agent.choice(DM.pending(state))
                legal = DM.legal_actions(state, prompt.seat)
                tasks = [a for a in legal if a.key.startswith("task")]
                action = agent.choice(tasks or legal)
                await fake_discord.slash(int(prompt.seat), fake_discord.channel_id, "move",
                                         action=action.key)
                continue
            board = board_message(fake_discord)
            mark = fake_discord.mark()
            created = len(fake_discord.new_channel_messages(fake_discord.channel_id))
            out = next(a for a in DM.legal_actions(state, seat) if a.key.startswith("out:"))
            await fake_discord.slash(int(seat), fake_discord.channel_id, "move", action=out.key)
            await fake_discord.settle()
            _, after = await current_state(bot)
            nxt = _in_or_out(after)
            if nxt is None:
                continue
            answered += 1
            new = [e for e in fake_discord.new_channel_messages(fake_discord.channel_id)[created:]
                   if not e.message.ephemeral]
            assert [e.message.attachments for e in new] == [[]]  # one ping, no image
            ping = new[0].message
            assert ping.content.startswith(f"<@{nxt}>: ") and "IN or OUT?" in ping.content
            assert fake_discord.notifications(int(nxt))[-1].message.id == ping.id
            assert board_message(fake_discord).id == board.id  # edited in place
            assert any(r.method == "PATCH" and r.files and str(board.id) in r.path
                       for r in fake_discord.requests_since(mark))
            pings = [m for m in bot_messages(fake_discord) if "IN or OUT?" in m.content
                     and not m.attachments]
            assert pings == [ping]  # the previous ping was deleted
            if answered == 2:
                break
        assert answered == 2


@pytest.mark.rule("BOT-TURN-1")
async def test_every_lockdown_turn_pings_its_player_and_the_story_is_kept(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "lockdown")
        await play_lockdown_to_first_turn(fake_discord, bot)
        await play_moves(fake_discord, bot, LD, 40)
        record, _ = await current_state(bot)
        # every public line the engine produced, replayed from the stored log
        state = LD.new_game(record.seats, 7, LD.Options.model_validate(record.options))
        story: list[str] = []
        for move in await bot.storage.moves(record.id):
            step = LD.apply(state, move.seat, LD.parse_action(state, move.seat, move.action))
            story += [e.text for e in step.events if e.to is None]
            state = step.state
        shown = "\n".join(m.content for m in bot_messages(fake_discord))
        at = 0
        for line in story:  # each line is shown once, in order, never overwritten
            found = shown.find(line, at)
            assert found >= 0, f"missing from the channel: {line!r}"
            at = found + len(line)
        turns = [line for line in story if line.startswith("It is <@")]
        assert len(turns) >= 3
        for line in turns:
            seat = int(line.split("<@")[1].split(">")[0])
            pings = fake_discord.notifications(seat)
            assert any(line in event.content for event in pings), line
        # only the newest board has buttons; older ones keep their story
        boards = [m for m in bot_messages(fake_discord) if m.attachments]
        assert button_labels(boards[-1]) == ["My choices", "My hand"]
        assert all(m.components == [] for m in boards[:-1])


@pytest.mark.rule("BOT-TURN-1")
async def test_the_reply_comes_before_the_board_and_says_where_the_turn_stands(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "lockdown", (HOST, BOB))
        await play_lockdown_to_first_turn(fake_discord, bot)
        _, state = await current_state(bot)
        seat = LD.pending(state)[0].seat
        assert "action 1 of 2" in board_message(fake_discord).content
        mark = fake_discord.mark()
        chosen = await choose_careful_move(fake_discord, bot)
        paid = await pay_first_set(fake_discord, bot, chosen)
        requests = fake_discord.requests_since(mark)
        reply = next(i for i, r in enumerate(requests) if "/callback" in r.path)
        board = [i for i, r in enumerate(requests)
                 if r.path.startswith(f"/channels/{fake_discord.channel_id}/messages")]
        assert board and reply < min(board)
        _, after = await current_state(bot)
        assert LD.pending(after)[0].seat == seat  # the careful move's noise corridor
        assert "noise marker" in paid.response.content
        button = next(c for c in iter_components(paid.response.components) if c["type"] == 2)
        corridor = await fake_discord.click(int(seat), paid.message, button["custom_id"])
        assert "action 2 of 2" in corridor.response.content


@pytest.mark.rule("BOT-CHOICE-1")
async def test_an_action_with_a_cost_is_chosen_and_paid_in_one_place(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "lockdown", (HOST, BOB))
        await play_lockdown_to_first_turn(fake_discord, bot)
        record, state = await current_state(bot)
        seat = LD.pending(state)[0].seat
        dms_before = len(fake_discord.dms_to(int(seat)))
        chosen = await choose_careful_move(fake_discord, bot)
        assert chosen.response.ephemeral and "Pay for" in chosen.response.content
        selects = [c for c in iter_components(chosen.response.components) if c["type"] == 3]
        assert len(selects) == 1 and selects[0]["custom_id"].startswith("w:m:")
        cost = selects[0]["min_values"]
        assert cost == selects[0]["max_values"] == 2
        assert all(o.get("description") for o in selects[0]["options"])  # card texts
        paid = await pay_first_set(fake_discord, bot, chosen)
        assert paid.response.content.startswith("Done: Discard")
        assert len(fake_discord.dms_to(int(seat))) == dms_before  # no DM round trip
        assert (await current_record(bot)).version == record.version + 2


@pytest.mark.rule("BOT-CHOICE-1")
@pytest.mark.rule("NX-COST-1")
async def test_a_pay_step_has_a_button_back_to_the_action_choice(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "lockdown", (HOST, BOB))
        await play_lockdown_to_first_turn(fake_discord, bot)
        _, state = await current_state(bot)
        seat = LD.pending(state)[0].seat
        hand = list(state.heroes[seat].hand)
        chosen = await choose_careful_move(fake_discord, bot)
        assert button_labels(chosen.response) == ["Back: choose another action"]
        back = await fake_discord.click(int(seat), chosen.message,
                                        label="Back: choose another action")
        text = back.response.content
        assert text.startswith("Done: Back: choose another action")
        assert "You went back before paying: choose another action." in text
        assert "**Next: Your turn (round 1): action 1 of 2" in text  # the action not spent
        _, after = await current_state(bot)
        assert after.heroes[seat].hand == hand
        assert "Back" not in board_message(fake_discord).content  # a private step


@pytest.mark.rule("BOT-CHOICE-1")
async def test_a_set_that_is_not_allowed_is_refused_with_the_reason(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "lockdown", (HOST, BOB))
        await play_lockdown_to_first_turn(fake_discord, bot)
        record, state = await current_state(bot)
        seat = LD.pending(state)[0].seat
        chosen = await choose_careful_move(fake_discord, bot)
        select = next(c for c in iter_components(chosen.response.components)
                      if c["type"] == 3)
        # a forged pick (the same card twice), as a modified client could send it
        forged = await fake_discord._component(
            int(seat), chosen.message, {"custom_id": select["custom_id"],
                                        "component_type": 3, "values": ["0", "0"]},
            True, None)
        assert "That set is not allowed" in forged.response.content
        assert (await current_record(bot)).version == record.version + 1


@pytest.mark.rule("BOT-CHOICE-1")
async def test_move_by_typed_label_and_a_resent_command_is_not_applied_twice(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "lockdown")
        await play_lockdown_to_first_turn(fake_discord, bot)
        record, state = await current_state(bot)
        seat = int(LD.pending(state)[0].seat)
        ambiguous = await fake_discord.slash(seat, fake_discord.channel_id, "move",
                                             action="move")
        assert "Several moves start with 'move'" in ambiguous.response.content
        labels = [LD.describe(state, str(seat), a).label
                  for a in LD.legal_actions(state, str(seat))]
        label = next(x for x in labels
                     if sum(y.lower().startswith(x.lower()) for y in labels) == 1)
        typed = await fake_discord.slash(seat, fake_discord.channel_id, "move",
                                         action=label.upper())
        assert typed.response.content.startswith("Done:"), typed.response.content
        record, state = await current_state(bot)
        offered = await fake_discord.autocomplete(seat, fake_discord.channel_id, "move",
                                                  focused="action", value="")
        value = offered[0]["value"]
        assert value.startswith(f"#{record.version}.")
        first = await fake_discord.slash(seat, fake_discord.channel_id, "move", action=value)
        assert first.response.content.startswith("Done:")
        again = await fake_discord.slash(seat, fake_discord.channel_id, "move", action=value)
        assert "out of date" in again.response.content
        assert (await current_record(bot)).version == record.version + 1


@pytest.mark.rule("BOT-CHOICE-1")
async def test_commands_that_do_not_fit_say_so_in_words(fake_discord: FakeDiscord,
                                                       tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "lockdown")
        await play_lockdown_to_first_turn(fake_discord, bot)
        _, state = await current_state(bot)
        seat = LD.pending(state)[0].seat
        other = next(p for p in PLAYERS if str(p) != seat)
        vote = await fake_discord.slash(int(seat), fake_discord.channel_id, "vote",
                                        choice="strong")
        assert "Nemesis: Lockdown has no `/vote`" in vote.response.content
        assert "vote:" not in vote.response.content
        empty = await fake_discord.autocomplete(other, fake_discord.channel_id, "move",
                                                focused="action", value="")
        assert len(empty) == 1 and "Not your turn: waiting for" in empty[0]["name"]
        why = await fake_discord.slash(other, fake_discord.channel_id, "move",
                                       action=empty[0]["value"])
        assert "Not your turn" in why.response.content


@pytest.mark.rule("BOT-PRIV-1")
@pytest.mark.rule("BOT-LIMITS-1")
async def test_a_sheet_longer_than_a_message_goes_in_parts_edited_in_place(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text of a sheet is whole: a sheet that grows past one message gets a
    second DM, both edited in place as it changes; once short again, the extra DM is
    deleted."""
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        real = bot.publisher.sheet_text
        size = {"lines": 0}

        def sheet_text(record: Any, state: Any, seat: str) -> str:
            padding = [f"Card {i} (v{state.version}): " + "long text " * 9
                       for i in range(size["lines"])]
            return "\n".join([real(record, state, seat), *padding])

        monkeypatch.setattr(bot.publisher, "sheet_text", sheet_text)
        await start(fake_discord, "darkmoon")
        await fake_discord.settle()

        def sheet_parts(uid: int) -> list[Any]:
            messages = fake_discord.dms_to(uid)
            first = next(i for i, m in enumerate(messages)
                         if "Your private sheet" in m.content)
            return [m for m in messages[first:] if "Card " in m.content or m is messages[first]]

        assert len(sheet_parts(HOST)) == 1
        size["lines"] = 30  # about 3,300 characters: two messages
        await play_moves(fake_discord, bot, DM, 1)
        await fake_discord.settle()
        record, state = await current_state(bot)
        parts = sheet_parts(HOST)
        assert len(parts) == 2 and all(len(m.content) <= 2000 for m in parts)
        assert "\n".join(m.content for m in parts) == sheet_text(record, state, str(HOST))
        ids = [m.id for m in parts]
        await play_moves(fake_discord, bot, DM, 1, seed=2)
        await fake_discord.settle()
        record, state = await current_state(bot)
        again = sheet_parts(HOST)
        assert [m.id for m in again] == ids and all(m.edited for m in again)  # in place
        assert "\n".join(m.content for m in again) == sheet_text(record, state, str(HOST))
        size["lines"] = 0
        await play_moves(fake_discord, bot, DM, 1, seed=3)
        await fake_discord.settle()
        assert [m.id for m in sheet_parts(HOST)] == ids[:1]  # the second part is gone
        assert fake_discord.find_requests("DELETE", f"/channels/*/messages/{ids[1]}")


@pytest.mark.rule("BOT-PRIV-1")
async def test_one_live_sheet_per_player_and_short_notices(fake_discord: FakeDiscord,
                                                          tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "lockdown", (HOST, BOB))
        await play_lockdown_to_first_turn(fake_discord, bot)
        await play_moves(fake_discord, bot, LD, 30, seed=2)
        for uid in (HOST, BOB):
            dms = fake_discord.dms_to(uid)
            sheets = [m for m in dms if "Your private sheet" in m.content]
            assert len(sheets) == 1 and sheets[0].edited  # one sheet, kept up to date
            others = [m for m in dms if m not in sheets]
            assert all("Your private sheet" not in m.content and len(m.content) <= 1000
                       for m in others)
            record, state = await current_state(bot)
            assert sheets[0].content == bot.publisher.sheet_text(record, state, str(uid))


@pytest.mark.rule("BOT-END-1")
async def test_game_end_closes_the_board_and_spectators_get_status_privately(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS, STRANGER)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "darkmoon")
        posts = len(bot_messages(fake_discord))
        spectator = await fake_discord.slash(STRANGER, fake_discord.channel_id, "game",
                                             "status")
        assert spectator.response.ephemeral and spectator.response.attachments
        assert len(bot_messages(fake_discord)) == posts  # no public board spam
        _, state = await current_state(bot)
        ended = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "end")
        assert not ended.response.ephemeral
        assert ended.response.content == f"The game was ended by <@{HOST}>."
        await fake_discord.settle()
        board = board_message(fake_discord)
        assert board.components == [] and "This game has ended" in board.content
        assert all(m.components == [] for m in bot_messages(fake_discord) if m.attachments)
        # the line once, then the secrets revealed as at a game's end, and Rematch
        text = "\n".join(m.content for m in fake_discord.messages_in(
            fake_discord.channel_id, include_ephemeral=False))
        assert text.count(f"The game was ended by <@{HOST}>.") == 1
        recap = bot_messages(fake_discord)[-1]
        assert "The game was ended before its end: nobody wins." in recap.content
        for seat in state.seats:
            assert _status_name(state, seat) in recap.content
        again = await fake_discord.click(BOB, recap, label="Rematch")
        assert "asks for a rematch" in again.response.content


@pytest.mark.rule("BOT-END-1")
async def test_rematch_opens_a_lobby_with_the_same_players_and_options(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS, STRANGER)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "darkmoon", turn_timer=3)
        record, state = await current_state(bot)
        # end the game by the rules: shield destroyed (a crafted last blow)
        await bot.storage.set_status(record.id, "finished")
        from bot.feed import Update

        bot.publisher.feed(record.id).push(Update(
            record=record, state=state, closing="**Game over.**",
            recap=["Game over: a test ending. Winners: <@101>."]))
        await fake_discord.settle()
        recap = bot_messages(fake_discord)[-1]
        assert button_labels(recap) == ["Rematch"]
        refused = await fake_discord.click(STRANGER, recap, label="Rematch")
        assert "Only the players" in refused.response.content
        # the same button pressed from a DM (a copy of the recap there): no lobby in a DM
        dm_channel = fake_discord.dm_channel_id(BOB)
        sent = await bot.get_partial_messageable(dm_channel).send(
            "The game is over.", view=rematch_view(record.id))
        in_dm = fake_discord.message(sent.id)
        from_dm = await fake_discord.click(BOB, in_dm, label="Rematch")
        assert from_dm.response.ephemeral
        assert from_dm.response.content == REMATCH_IN_DM
        assert await bot.storage.active_game_in_channel(str(fake_discord.channel_id)) is None
        assert await bot.storage.active_game_in_channel(str(in_dm.channel_id)) is None
        again = await fake_discord.click(BOB, recap, label="Rematch")
        assert "asks for a rematch" in again.response.content
        lobby = await bot.storage.active_game_in_channel(str(fake_discord.channel_id))
        assert lobby is not None and lobby.status == "lobby"
        assert lobby.seats == [str(p) for p in PLAYERS] and lobby.host_id == str(HOST)
        assert lobby.options["turn_timeout_minutes"] == 3


async def test_another_players_dm_button_is_not_yours(fake_discord: FakeDiscord,
                                                     tmp_path: Path) -> None:
    """A seated player presses the button of a secret decision asked of someone else
    (in that player's DM): told it is not their choice (not "out of date"), and nothing
    is played for either of them."""
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "darkmoon")
        record, state = await current_state(bot)
        waiting = int(DM.pending(state)[0].seat)
        other = next(p for p in PLAYERS if p != waiting)
        prompt = next(m for m in fake_discord.dms_to(waiting) if m.components)
        button = next(c for c in iter_components(prompt.components) if c["type"] == 2)
        pressed = await fake_discord.click(other, prompt, button["custom_id"])
        assert pressed.response.ephemeral and pressed.response.content == NOT_YOURS
        assert (await current_record(bot)).version == record.version
        assert fake_discord.message(prompt.id).components == prompt.components


@pytest.mark.rule("BOT-LIMITS-1")
async def test_forged_component_ids_are_answered(fake_discord: FakeDiscord,
                                                 tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db"):
        await start(fake_discord, "darkmoon")
        board = board_message(fake_discord)
        for custom_id in ("w:i:99999999999999999999:1:0000abcd:0", "w:zz:1", "nonsense",
                          "w:m:1:0:0000abcd:7"):
            answer = await fake_discord._component(
                HOST, board, {"custom_id": custom_id, "component_type": 2}, True, None)
            assert answer.response.ephemeral, custom_id
            assert answer.response.content, custom_id


@pytest.mark.rule("BOT-LIMITS-1")
async def test_a_database_failure_is_answered_and_changes_nothing(
        fake_discord: FakeDiscord, discord_errors: DiscordErrorGuard, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    add_players(fake_discord, *PLAYERS)
    discord_errors.allow("interaction failed|component handler failed|command failed")
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "darkmoon")
        record, state = await current_state(bot)
        seat = DM.pending(state)[0].seat

        async def broken(*args: Any, **kwargs: Any) -> None:
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(bot.storage, "record_move", broken)
        by_command = await fake_discord.slash(int(seat), fake_discord.channel_id, "move",
                                              action=DM.legal_actions(state, seat)[0].key)
        assert "Something went wrong; the game is unchanged" in by_command.response.content
        opened = await fake_discord.click(int(seat), board_message(fake_discord),
                                          label="My choices")
        button = next(c for c in iter_components(opened.response.components)
                      if c["type"] == 2)
        by_button = await fake_discord.click(int(seat), opened.message, button["custom_id"])
        assert "Something went wrong; the game is unchanged" in by_button.response.content
        assert (await current_record(bot)).version == record.version
        assert DM.dump_state(bot.tables.state_of(await current_record(bot))) == \
            DM.dump_state(state)


@pytest.mark.rule("BOT-LIMITS-1")
async def test_a_slow_answer_is_deferred_within_discords_window(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db", WARDEN_DEFER_AFTER_SECONDS=0.05) as bot:
        await start(fake_discord, "darkmoon")
        record, state = await current_state(bot)
        seat = DM.pending(state)[0].seat
        slow_store = bot.storage.record_move

        async def slow(*args: Any, **kwargs: Any) -> None:
            await asyncio.sleep(0.3)  # a busy disk: far longer than defer_after
            await slow_store(*args, **kwargs)

        monkeypatch.setattr(bot.storage, "record_move", slow)
        done = await fake_discord.slash(int(seat), fake_discord.channel_id, "move",
                                        action=DM.legal_actions(state, seat)[0].key)
        assert done.response.deferred  # answered in time, the result follows
        await fake_discord.wait_for(
            lambda: done.original is not None and done.original.content.startswith("Done:"),
            timeout=5)
        assert (await current_record(bot)).version == record.version + 1


@pytest.mark.rule("BOT-LIMITS-1")
async def test_a_vote_burst_stays_within_discords_rate_limits(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Five voters answer from their DMs at once: no 429, board edits spaced by the
    edit interval, the board shows the newest state, every request within limits."""
    players = (*PLAYERS, 104, 105)
    add_players(fake_discord, *players)
    async with warden(tmp_path / "w.db", seed=2) as bot:
        await start(fake_discord, "darkmoon", players)
        agent = random.Random(4)
        for _ in range(300):
            record, state = await current_state(bot)
            voters = [p.seat for p in DM.pending(state) if p.kind == "vote"]
            if len(voters) > 1:
                break
            seat = DM.pending(state)[0].seat
            legal = DM.legal_actions(state, seat)
            call = [a for a in legal if a.key.startswith("call_vote")]
            action = call[0] if call else agent.choice(legal)
            await fake_discord.slash(int(seat), fake_discord.channel_id, "move",
                                     action=action.key)
        else:
            pytest.fail("no vote came up")
        mark = fake_discord.mark()
        await asyncio.gather(*(
            fake_discord.slash(int(s), fake_discord.channel_id, "move", action="vote:strong")
            for s in voters))
        await fake_discord.settle()
        assert fake_discord.rate_limit_hits == []
        assert fake_discord.limit_violations == []
        edits = [r for r in fake_discord.requests_since(mark) if r.method == "PATCH"
                 and r.path.startswith(f"/channels/{fake_discord.channel_id}/messages/")]
        interval = bot.settings.board_edit_interval
        times = sorted(r.time for r in edits)
        assert all(b - a >= interval * 0.9 for a, b in itertools.pairwise(times))
        record, state = await current_state(bot)
        assert bot.publisher.status_text(record, state) in board_message(fake_discord).content


@pytest.mark.rule("BOT-LIMITS-1")
async def test_a_four_player_lockdown_round_stays_within_discords_rate_limits(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Every move of a whole Lockdown round at four, sent as fast as the bot answers:
    no 429, every request within Discord's limits, and the board ends up current."""
    players = (*PLAYERS, 104)
    add_players(fake_discord, *players)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "lockdown", players)
        await play_lockdown_to_first_turn(fake_discord, bot)
        mark = fake_discord.mark()
        agent = random.Random(2)
        moves = 0
        while (await current_state(bot))[1].round == 1:
            record, state = await current_state(bot)
            prompt = agent.choice(LD.pending(state))
            legal = LD.legal_actions(state, prompt.seat)
            # everyone plays on until they pass, so the round ends
            pick = agent.choice(legal) if moves < 60 else next(
                (a for a in legal if a.key == "pass"), legal[0])
            done = await fake_discord.slash(int(prompt.seat), fake_discord.channel_id,
                                            "move", action=pick.key)
            assert done.response.content.startswith("Done:"), done.response.content
            moves += 1
            assert moves < 400, "the round did not end"
        await fake_discord.settle()
        assert fake_discord.rate_limit_hits == []
        assert fake_discord.limit_violations == []
        assert fake_discord.requests_since(mark)  # the table was told, within limits
        record, state = await current_state(bot)
        assert bot.publisher.status_text(record, state) in board_message(fake_discord).content


@pytest.mark.rule("BOT-TURN-1")
async def test_everyone_at_the_table_is_told_who_must_decide(fake_discord: FakeDiscord,
                                                             tmp_path: Path) -> None:
    """Each new decision notifies its player (the one who moved sees theirs in the
    reply): a public one by a new channel message that pings them, a secret one by DM."""
    add_players(fake_discord, *PLAYERS)
    async with warden(tmp_path / "w.db") as bot:
        await start(fake_discord, "darkmoon")
        agent = random.Random(5)
        checked = 0
        for _ in range(40):
            record, state = await current_state(bot)
            if record.status != "running":
                break
            before = {p.seat for p in DM.pending(state)}
            counts = {p: len(fake_discord.notifications(p)) for p in PLAYERS}
            seat = agent.choice(DM.pending(state)).seat
            action = agent.choice(DM.legal_actions(state, seat))
            await fake_discord.slash(int(seat), fake_discord.channel_id, "move",
                                     action=action.key)
            _, after = await current_state(bot)
            for p in DM.pending(after):
                if p.seat != seat and p.seat not in before:
                    assert len(fake_discord.notifications(int(p.seat))) > counts[int(p.seat)]
                    checked += 1
        assert checked >= 5
        assert fake_discord.limit_violations == []


@pytest.mark.rule("BOT-PUB-1")
async def test_players_are_named_after_a_restart(fake_discord: FakeDiscord,
                                                 tmp_path: Path) -> None:
    """Discord gives a name only with an interaction: the game keeps the names it saw,
    so a board drawn by a restarted bot still names every player."""
    add_players(fake_discord, *PLAYERS)
    db = tmp_path / "w.db"
    async with warden(db):
        await start(fake_discord, "darkmoon")
    async with warden(db) as bot:
        record = await current_record(bot)
        assert bot.publisher.names(record) == {str(p): f"player{p}" for p in PLAYERS}
