"""Proves the FakeDiscord harness with a small throwaway discord.py bot defined here."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import time
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from fake_discord import (
    CHANNEL_ID,
    GUILD_ID,
    HEARTBEAT_ACK_SECONDS,
    BotError,
    DiscordErrorGuard,
    EmptySelectRefused,
    FakeDiscord,
    InteractionRecord,
    find_component,
    flatten_errors,
    run_client,
)
from PIL import Image

ALICE, BOB, CAROL = 101, 102, 103
OTHER_CHANNEL = 3001
JSON = dict[str, Any]
ACTIONS = ["repair", "report", "rest", "sabotage"]


def _png(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), "red").save(buffer, "PNG")
    return buffer.getvalue()


PNG = _png(3, 2)


# --------------------------------------------------------------------------------------------
# The throwaway bot
# --------------------------------------------------------------------------------------------


class CounterView(discord.ui.View):
    """Persistent: fixed custom_id, no timeout, registered with ``client.add_view``."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Add one", custom_id="counter:add", style=discord.ButtonStyle.primary)
    async def add(
        self, interaction: discord.Interaction, button: discord.ui.Button[CounterView]
    ) -> None:
        assert interaction.message is not None
        head, count = interaction.message.content.rsplit(" ", 1)
        await interaction.response.edit_message(content=f"{head} {int(count) + 1}")


class VoteView(discord.ui.View):
    @discord.ui.select(
        custom_id="vote:pick",
        max_values=2,
        options=[discord.SelectOption(label=name.title(), value=name) for name in ("alice", "bob")],
    )
    async def pick(
        self, interaction: discord.Interaction, select: discord.ui.Select[VoteView]
    ) -> None:
        await interaction.response.send_message(f"voted {', '.join(select.values)}", ephemeral=True)

    @discord.ui.select(
        custom_id="vote:abstain", min_values=0, max_values=2,
        options=[discord.SelectOption(label=name.title(), value=name) for name in ("alice", "bob")],
    )
    async def abstain(
        self, interaction: discord.Interaction, select: discord.ui.Select[VoteView]
    ) -> None:
        await interaction.response.send_message(f"maybe {select.values}", ephemeral=True)

    @discord.ui.select(
        custom_id="vote:watch", min_values=0, max_values=2,
        options=[discord.SelectOption(label="Alice", value="alice", default=True),
                 discord.SelectOption(label="Bob", value="bob")],
    )
    async def watch(
        self, interaction: discord.Interaction, select: discord.ui.Select[VoteView]
    ) -> None:
        await interaction.response.send_message(f"watching {select.values}", ephemeral=True)


class AccuseView(discord.ui.View):
    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="accuse:who")
    async def who(
        self, interaction: discord.Interaction, select: discord.ui.UserSelect[AccuseView]
    ) -> None:
        [user] = select.values
        await interaction.response.send_message(f"accused {user.name} ({type(user).__name__})")


class ReportModal(discord.ui.Modal, title="Report a player"):
    reason: discord.ui.TextInput[ReportModal] = discord.ui.TextInput(
        label="Reason", custom_id="report:reason", max_length=50
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"reported: {self.reason.value}", ephemeral=True)


def build_tree(client: discord.Client) -> app_commands.CommandTree[discord.Client]:
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    game = app_commands.Group(name="game", description="Game commands")
    rules = app_commands.Group(name="rules", description="Rule lookups", parent=game)

    @game.command(description="Start a game")
    async def new(interaction: discord.Interaction, ruleset: str) -> None:
        await interaction.response.send_message(
            f"New {ruleset} game. Clicks: 0", view=CounterView()
        )

    @rules.command(description="Show a rule")
    async def show(interaction: discord.Interaction, topic: str, page: int = 1) -> None:
        await interaction.response.send_message(f"{topic} p{page}")

    @tree.command(description="Make a move")
    async def move(interaction: discord.Interaction, action: str) -> None:
        await interaction.response.send_message(f"You {action}", ephemeral=True)

    @move.autocomplete("action")
    async def move_actions(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=a, value=a) for a in ACTIONS if a.startswith(current)]

    @tree.command(description="Vote for a player")
    async def vote(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Who?", view=VoteView())

    @tree.command(description="Accuse a player")
    async def accuse(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Who is the traitor?", view=AccuseView())

    @tree.command(description="DM a player")
    async def whisper(interaction: discord.Interaction, target: discord.User, text: str) -> None:
        try:
            await target.send(text)
        except discord.Forbidden:
            await interaction.response.send_message(f"cannot DM {target.name}", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    @tree.command(description="Show the board")
    async def board(interaction: discord.Interaction) -> None:
        file = discord.File(io.BytesIO(PNG), filename="board.png")
        await interaction.response.send_message("board", file=file)

    @tree.command(description="Think, then answer")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("done")
        await interaction.followup.send("secret", ephemeral=True)

    @tree.command(description="Report a player")
    async def report(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(ReportModal())

    @tree.command(description="Always fails")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    @tree.command(description="Too long")
    async def long(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("x" * 2001)

    @tree.command(description="Moderators only", guild=discord.Object(GUILD_ID))
    @app_commands.default_permissions(manage_guild=True)
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @tree.command(description="Exercise message and webhook routes")
    async def stages(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.defer(ephemeral=True, thinking=True)
        note = await interaction.channel.send("note v1")
        await note.edit(content="note v2", attachments=[discord.File(io.BytesIO(PNG), "v2.png")])
        history = [message async for message in interaction.channel.history(limit=10)]
        await interaction.edit_original_response(content=f"{len(history)} in history")
        original = await interaction.original_response()
        temporary = await interaction.followup.send(f"saw {original.content}", wait=True)
        await temporary.delete()

    @tree.command(description="Edit a message's attachments as Discord keeps them")
    async def reattach(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.defer(ephemeral=True)
        note = await interaction.channel.send("v1", file=discord.File(io.BytesIO(PNG), "a.png"))
        await note.edit(content="v2")  # no attachments given: Discord keeps them
        await note.edit(content="v3", attachments=[discord.File(io.BytesIO(PNG), "b.png")])
        await note.edit(content="v4", attachments=[])  # an empty list removes them

    @tree.command(description="Answer, then post in the channel")
    async def post(interaction: discord.Interaction, text: str) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.send_message("posting", ephemeral=True)
        await interaction.channel.send(text)

    @tree.command(description="Post a message, then edit it again and again")
    async def burst(interaction: discord.Interaction, edits: int) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.send_message("bursting", ephemeral=True)
        note = await interaction.channel.send("edit 0")
        for count in range(1, edits + 1):
            await note.edit(content=f"edit {count}")

    @tree.command(description="Mention a player")
    async def announce(interaction: discord.Interaction, target: discord.User, quiet: bool) -> None:
        mentions = discord.AllowedMentions.none() if quiet else discord.AllowedMentions(users=True)
        await interaction.response.send_message(f"{target.mention}, you", allowed_mentions=mentions)

    @tree.command(description="Post, then edit a mention in")
    async def remind(interaction: discord.Interaction, target: discord.User) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.send_message("noted", ephemeral=True)
        note = await interaction.channel.send("your turn")
        await note.edit(content=f"{target.mention}, your turn")

    @tree.context_menu(name="Inspect")
    async def inspect(interaction: discord.Interaction, user: discord.User) -> None:
        await interaction.response.send_message(f"inspected {user.name}", ephemeral=True)

    tree.add_command(game)
    return tree


class HarnessBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = build_tree(self)
        self.seen: list[tuple[int, str]] = []

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append((message.author.id, message.content))

    async def setup_hook(self) -> None:
        self.add_view(CounterView())
        await self.tree.sync()
        await self.tree.sync(guild=discord.Object(GUILD_ID))


@pytest.fixture
def fake(fake_discord: FakeDiscord) -> FakeDiscord:
    fake_discord.add_user(ALICE, "alice")
    fake_discord.add_user(BOB, "bob")
    fake_discord.add_user(CAROL, "carol")
    return fake_discord


def _leftover_discord_tasks() -> list[asyncio.Task[object]]:
    current = asyncio.current_task()
    return [
        task
        for task in asyncio.all_tasks()
        if task is not current
        and not task.done()
        and "/discord/" in getattr(task.get_coro(), "cr_code", compile("", "", "exec")).co_filename
    ]


# --------------------------------------------------------------------------------------------
# Server basics
# --------------------------------------------------------------------------------------------


async def test_rest_answers_exact_json_and_records_unknown_routes(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{fake.api_base}/users/@me") as response:
            assert response.status == 200
            assert response.headers["Content-Type"] == "application/json"
            assert (await response.json())["id"] == str(fake.bot.id)
        async with session.get(f"{fake.api_base}/no/such/route") as response:
            assert response.status == 404
            assert response.headers["Content-Type"] == "application/json"
            assert await response.json() == {"message": "Unknown route", "code": 0}
        async with session.post(f"{fake.api_base}/users/@me/channels", data=b"{oops") as response:
            assert response.status == 400

    assert fake.unknown_routes == ["GET /api/v10/no/such/route"]
    assert [(r.method, r.path, r.status) for r in fake.requests][:2] == [
        ("GET", "/users/@me", 200),
        ("GET", "/no/such/route", 404),
    ]
    fake.unknown_routes.clear()  # expected here; otherwise the fixture fails the test


async def test_client_connects_identifies_and_sees_the_world(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()) as bot:
        assert bot.user is not None and bot.user.id == fake.bot.id
        assert bot.application_id == fake.application_id
        guild = bot.get_guild(GUILD_ID)
        assert guild is not None and not guild.unavailable
        channel = guild.get_channel(fake.channel_id)
        assert isinstance(channel, discord.TextChannel) and channel.name == "general"
        assert guild.me.id == fake.bot.id

    assert {c["name"] for c in fake.commands()} >= {"game", "move", "whisper", "Inspect"}
    assert [c["name"] for c in fake.commands(GUILD_ID)] == ["ping"]
    assert [frame["op"] for frame in fake.gateway_frames][:1] == [2]  # IDENTIFY
    assert fake.gateway_frames[0]["d"]["token"] == "x"
    assert _leftover_discord_tasks() == []


async def test_a_heartbeat_is_acked_after_a_network_round_trip(
        fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    """Like a real gateway, never in the same instant: an instant ack in the same event
    loop can beat discord.py's heartbeat thread to noting its send, and the client then
    measures the whole interval as its latency ("Can't keep up ... 41.3s behind")."""
    async with run_client(HarnessBot()) as bot:
        for _ in range(200):
            if bot.latency != float("inf"):
                break
            await asyncio.sleep(0.01)
        assert HEARTBEAT_ACK_SECONDS <= bot.latency < 1
    assert "Can't keep up" not in caplog.text


async def test_gateway_uses_zlib_stream_and_survives_a_resume(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        assert fake.connections[-1].query["compress"] == "zlib-stream"
        await fake.force_reconnect()
        record = await fake.slash(ALICE, fake.channel_id, "move", action="rest")

    assert [frame["op"] for frame in fake.gateway_frames].count(6) == 1  # RESUME
    assert record.response.content == "You rest"


# --------------------------------------------------------------------------------------------
# Slash commands, autocomplete, components, modals
# --------------------------------------------------------------------------------------------


async def test_subcommand_response_and_persistent_button_edit(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        game = await fake.slash(ALICE, fake.channel_id, "game", "new", ruleset="darkmoon")
        assert game.message is not None
        clicked = await fake.click(BOB, game.message, label="Add one")
        again = await fake.click(ALICE, game.message.id, "counter:add")

    assert game.payload["data"]["options"] == [
        {"type": 1, "name": "new", "options": [{"type": 3, "name": "ruleset", "value": "darkmoon"}]}
    ]
    assert game.response.type == 4
    assert game.response.content == "New darkmoon game. Clicks: 0"
    assert game.response.find_component(label="Add one")["custom_id"] == "counter:add"
    assert [(r.method, r.path) for r in game.requests] == [
        ("POST", f"/interactions/{game.id}/{game.token}/callback")
    ]
    assert clicked.payload["message"]["id"] == str(game.message.id)
    assert clicked.response.type == 7
    assert again.response.content == "New darkmoon game. Clicks: 2"
    assert fake.message(game.message.id).content == "New darkmoon game. Clicks: 2"
    assert [m.id for m in fake.messages_in(fake.channel_id)] == [game.message.id]


async def test_subcommand_group_options_are_nested(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        record = await fake.slash(
            ALICE, fake.channel_id, "game", "rules", "show", topic="fuel", page=3
        )

    assert record.payload["data"]["options"] == [
        {
            "type": 2,
            "name": "rules",
            "options": [
                {
                    "type": 1,
                    "name": "show",
                    "options": [
                        {"type": 3, "name": "topic", "value": "fuel"},
                        {"type": 4, "name": "page", "value": 3},
                    ],
                }
            ],
        }
    ]
    assert record.response.content == "fuel p3"


async def test_autocomplete_then_ephemeral_answer(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        choices = await fake.autocomplete(
            ALICE, fake.channel_id, "move", focused="action", value="re"
        )
        record = await fake.slash(ALICE, fake.channel_id, "move", action="repair")

    assert [choice["value"] for choice in choices] == ["repair", "report", "rest"]
    autocomplete = fake.interactions[0]
    assert autocomplete.payload["data"]["options"] == [
        {"type": 3, "name": "action", "value": "re", "focused": True}
    ]
    assert autocomplete.response.type == 8
    assert record.response.ephemeral and record.response.flags == 64
    assert record.message is not None and record.message.visible_to == ALICE


async def test_string_select(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        prompt = await fake.slash(ALICE, fake.channel_id, "vote")
        assert prompt.message is not None
        with pytest.raises(AssertionError, match="not options"):
            await fake.select(ALICE, prompt.message, "vote:pick", ["mallory"])
        picked = await fake.select(ALICE, prompt.message, "vote:pick", ["bob", "alice"])

    assert picked.payload["data"] == {
        "custom_id": "vote:pick",
        "component_type": 3,
        "values": ["bob", "alice"],
    }
    assert picked.response.content == "voted bob, alice"
    assert picked.response.ephemeral


async def test_an_empty_select_is_sent_only_when_defaults_were_deselected(
        fake: FakeDiscord) -> None:
    """A client sends a select's interaction when its choice changed as it closes: one
    with min_values 0 closed with nothing chosen sends nothing, unless it showed default
    values that the user deselected (then it sends [])."""
    async with run_client(HarnessBot()):
        prompt = await fake.slash(ALICE, fake.channel_id, "vote")
        assert prompt.message is not None
        with pytest.raises(EmptySelectRefused, match="sends no interaction"):
            await fake.select(ALICE, prompt.message, "vote:abstain", [])
        none = await fake.select(ALICE, prompt.message, "vote:watch", [])
        some = await fake.select(ALICE, prompt.message, "vote:abstain", ["bob"])

    assert none.response.content == "watching []"
    assert some.response.content == "maybe ['bob']"


async def test_user_select_resolves_members(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        prompt = await fake.slash(ALICE, fake.channel_id, "accuse")
        assert prompt.message is not None
        picked = await fake.select(ALICE, prompt.message, "accuse:who", [BOB])

    assert picked.payload["data"]["component_type"] == 5
    assert set(picked.payload["data"]["resolved"]) == {"users", "members"}
    assert picked.response.content == "accused bob (Member)"


async def test_modal_submit(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        opened = await fake.slash(ALICE, fake.channel_id, "report")
        submitted = await fake.submit_modal(ALICE, opened, {"report:reason": "cheating"})

    assert opened.response.type == 9
    assert opened.response.data["title"] == "Report a player"
    assert submitted.response.content == "reported: cheating"


async def test_user_context_menu(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        record = await fake.user_command(ALICE, fake.channel_id, "Inspect", BOB)

    assert record.payload["data"]["type"] == 2
    assert record.response.content == "inspected bob"


async def test_guild_command_respects_default_permissions(fake: FakeDiscord) -> None:
    moderators = fake.add_role(
        7, "Moderators", permissions=discord.Permissions(manage_guild=True).value
    )
    fake.add_user(104, "mod", roles=[moderators.id])
    async with run_client(HarnessBot()):
        with pytest.raises(PermissionError):
            await fake.slash(ALICE, fake.channel_id, "ping")
        record = await fake.slash(104, fake.channel_id, "ping")

    assert record.payload["data"]["guild_id"] == str(GUILD_ID)
    assert record.response.content == "pong"


# --------------------------------------------------------------------------------------------
# DMs, files, deferrals
# --------------------------------------------------------------------------------------------


async def test_dm_and_closed_dm_forbidden(fake: FakeDiscord) -> None:
    fake.close_dms(BOB)
    async with run_client(HarnessBot()):
        sent = await fake.slash(ALICE, fake.channel_id, "whisper", target=ALICE, text="psst")
        refused = await fake.slash(ALICE, fake.channel_id, "whisper", target=BOB, text="psst")

    assert sent.response.content == "sent"
    [dm] = fake.dms_to(ALICE)
    assert dm.content == "psst" and dm.channel_id == fake.dm_channel_id(ALICE)
    assert sent.payload["data"]["resolved"]["users"][str(ALICE)]["username"] == "alice"
    assert refused.response.content == "cannot DM bob"
    assert fake.dms_to(BOB) == []
    [failed] = [r for r in refused.requests if r.status == 403]
    assert failed.path == f"/channels/{fake.dm_channel_id(BOB)}/messages"
    assert failed.response == {"message": "Cannot send messages to this user", "code": 50007}


async def test_slash_command_in_a_dm_channel(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        record = await fake.slash(ALICE, fake.dm_channel_id(ALICE), "move", action="rest")

    assert "member" not in record.payload and record.payload["user"]["id"] == str(ALICE)
    assert record.payload["channel"]["type"] == 1
    assert record.response.content == "You rest"


async def test_file_attachment_upload(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        record = await fake.slash(ALICE, fake.channel_id, "board")

    [upload] = record.response.files
    assert (upload.filename, upload.data) == ("board.png", PNG)
    [attachment] = record.response.attachments
    assert attachment["filename"] == "board.png"
    assert (attachment["width"], attachment["height"]) == (3, 2)
    assert attachment["content_type"] == "image/png"
    async with aiohttp.ClientSession() as session, session.get(attachment["url"]) as response:
        assert await response.read() == PNG
    [callback] = record.requests
    assert callback.json["type"] == 4 and callback.files == [upload]


async def test_deferred_response_and_followups(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        record = await fake.slash(ALICE, fake.channel_id, "slow")

    assert record.response.type == 5 and record.response.deferred
    first, second = record.followups
    assert record.message is first  # the first followup resolved the "thinking" message
    assert (first.content, first.loading, first.ephemeral) == ("done", False, False)
    assert (second.content, second.ephemeral) == ("secret", True)
    assert [r.path for r in record.requests[1:]] == [
        f"/webhooks/{fake.application_id}/{record.token}"
    ] * 2


async def test_an_edit_keeps_the_attachments_unless_it_lists_them(fake: FakeDiscord) -> None:
    """Discord's Edit Message: `attachments`, when given, is the whole list to keep (new
    files included); an edit without it keeps the message's attachments."""
    async with run_client(HarnessBot()):
        await fake.slash(ALICE, fake.channel_id, "reattach")

    [note] = fake.messages_in(fake.channel_id, include_ephemeral=False)
    shown = [[a["filename"] for a in version["attachments"]]
             for version in [*note.history, note.data]]
    assert shown == [["a.png"], ["a.png"], ["b.png"], []]
    assert note.history[0]["attachments"] == note.history[1]["attachments"]
    edits = fake.find_requests("PATCH", "/channels/*")
    assert [len(r.files) for r in edits] == [0, 1, 0]
    assert "attachments" not in edits[0].json and edits[2].json["attachments"] == []


async def test_message_and_webhook_routes(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        record = await fake.slash(ALICE, fake.channel_id, "stages")

    assert [(r.method, r.path.split("/")[1], r.status) for r in record.requests] == [
        ("POST", "interactions", 200),  # defer (thinking, ephemeral)
        ("POST", "channels", 200),  # note v1
        ("PATCH", "channels", 200),  # note v2
        ("GET", "channels", 200),  # history
        ("PATCH", "webhooks", 200),  # edit_original_response
        ("GET", "webhooks", 200),  # original_response
        ("POST", "webhooks", 200),  # followup
        ("DELETE", "webhooks", 204),  # followup.delete()
    ]
    assert record.message is not None
    assert (record.message.content, record.message.ephemeral) == ("1 in history", True)
    assert not record.message.loading
    [note] = fake.messages_in(fake.channel_id, include_ephemeral=False)
    assert note.content == "note v2" and [old["content"] for old in note.history] == ["note v1"]
    assert [a["filename"] for a in note.attachments] == ["v2.png"]
    assert fake.find_requests("PATCH", "/channels/*")[0].files[0].data == PNG
    [followup] = record.followups
    assert followup.deleted and followup.content == "saw 1 in history"


async def test_user_messages_reach_the_bot_as_its_intents_allow(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()) as client:
        bot = client
        assert isinstance(bot, HarnessBot)
        await fake.send_message(ALICE, fake.channel_id, "hello")
        await fake.send_message(ALICE, fake.channel_id, f"<@{fake.bot.id}> hi")
        await fake.send_message(ALICE, fake.dm_channel_id(ALICE), "private")
        await fake.wait_for(lambda: len(bot.seen) >= 3)

    # No message_content intent: guild content is hidden unless the bot is mentioned.
    assert bot.seen == [(ALICE, ""), (ALICE, f"<@{fake.bot.id}> hi"), (ALICE, "private")]


# --------------------------------------------------------------------------------------------
# Several clients, errors, helper validation
# --------------------------------------------------------------------------------------------


async def test_second_client_handles_clicks_on_old_messages(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        game = await fake.slash(ALICE, fake.channel_id, "game", "new", ruleset="nova")
    assert _leftover_discord_tasks() == []

    async with run_client(HarnessBot()):
        assert game.message is not None
        clicked = await fake.click(ALICE, game.message, "counter:add")

    assert clicked.response.content == "New nova game. Clicks: 1"
    assert [frame["op"] for frame in fake.gateway_frames].count(2) == 2  # two IDENTIFYs


async def test_bot_errors_fail_fast_and_are_collected(
    fake: FakeDiscord, discord_errors: DiscordErrorGuard
) -> None:
    async with run_client(HarnessBot()):
        with pytest.raises(BotError, match="kaboom"):
            await fake.slash(ALICE, fake.channel_id, "boom")
        assert "Ignoring exception in command 'boom'" in discord_errors.take()[0].getMessage()

        with pytest.raises(BotError, match="50035"):
            await fake.slash(ALICE, fake.channel_id, "long")
        discord_errors.take()
        [rejected] = fake.find_requests("POST", "/interactions/*/callback")[-1:]
    assert rejected.status == 400
    error = rejected.response["errors"]["data"]["content"]["_errors"][0]
    assert error["code"] == "BASE_TYPE_MAX_LENGTH"


async def test_helpers_reject_impossible_user_actions(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        with pytest.raises(ValueError, match="missing required option 'ruleset'"):
            await fake.slash(ALICE, fake.channel_id, "game", "new")
        with pytest.raises(ValueError, match="unknown options"):
            await fake.slash(ALICE, fake.channel_id, "move", action="rest", speed=2)
        with pytest.raises(TypeError, match="needs a number"):
            await fake.slash(ALICE, fake.channel_id, "game", "rules", "show", topic="x", page="2")
        with pytest.raises(LookupError, match="no synced command 'nope'"):
            await fake.slash(ALICE, fake.channel_id, "nope")
        with pytest.raises(LookupError, match="is a group"):
            await fake.slash(ALICE, fake.channel_id, "game")
        game = await fake.slash(ALICE, fake.channel_id, "game", "new", ruleset="x")
        with pytest.raises(LookupError, match="no component"):
            await fake.click(ALICE, game.message or 0, "missing")

    assert len(fake.interactions) == 1


def test_find_component_walks_nested_layouts() -> None:
    layout = [
        {
            "type": 17,
            "components": [{"type": 9, "accessory": {"type": 2, "label": "Go", "custom_id": "go"}}],
        }
    ]
    assert find_component(layout, label="Go")["custom_id"] == "go"
    with pytest.raises(LookupError, match=r"\(2, 'Go', 'go'\)"):
        find_component(layout, custom_id="stop")


def test_interaction_record_without_answer_explains_itself() -> None:
    record = InteractionRecord(1, "t", 2, ALICE, 1, {"data": {"name": "game"}})
    with pytest.raises(AssertionError, match="did not answer interaction 1"):
        _ = record.response


# --------------------------------------------------------------------------------------------
# Rate limits
# --------------------------------------------------------------------------------------------


class ManualClock:
    """A clock that only moves when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Answer:
    status: int
    body: Any
    headers: Mapping[str, str]


class Raw:
    """Raw HTTP against a fake that no bot is connected to."""

    def __init__(self, fake: FakeDiscord, session: aiohttp.ClientSession) -> None:
        self.fake = fake
        self.session = session

    async def __call__(self, method: str, path: str, body: Any = None, **kwargs: Any) -> Answer:
        if body is not None:
            kwargs["json"] = body
        url = self.fake.api_base + path
        async with self.session.request(method, url, **kwargs) as response:
            raw = await response.read()
            return Answer(response.status, json.loads(raw) if raw else None, response.headers)

    async def post(self, text: str = "hi", channel_id: int = CHANNEL_ID, **fields: Any) -> Answer:
        return await self("POST", f"/channels/{channel_id}/messages", {"content": text, **fields})

    async def edit(self, message_id: str, text: str, channel_id: int = CHANNEL_ID) -> Answer:
        path = f"/channels/{channel_id}/messages/{message_id}"
        return await self("PATCH", path, {"content": text})

    async def callback(self, record: InteractionRecord, kind: int, data: JSON) -> Answer:
        path = f"/interactions/{record.id}/{record.token}/callback"
        return await self("POST", path, {"type": kind, "data": data})


@contextlib.asynccontextmanager
async def serve(**options: Any) -> AsyncIterator[Raw]:
    """A fake with ALICE, BOB and CAROL and a second channel, driven over raw HTTP."""
    async with FakeDiscord(**options) as fake, aiohttp.ClientSession() as session:
        for uid, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
            fake.add_user(uid, name)
        fake.add_channel(OTHER_CHANNEL, "other")
        yield Raw(fake, session)
    assert fake.problems() == []


def _remaining(answer: Answer) -> str | None:
    return answer.headers.get("X-RateLimit-Remaining")


async def test_raw_edit_burst_is_refused_from_the_sixth_edit() -> None:
    clock = ManualClock()
    async with serve(clock=clock) as raw:
        first = (await raw.post("a")).body["id"]
        second = (await raw.post("b")).body["id"]
        edits = [await raw.edit(first, f"v{n}") for n in range(1, 8)]

        assert [a.status for a in edits] == [200] * 5 + [429] * 2
        assert [_remaining(a) for a in edits] == ["4", "3", "2", "1", "0", "0", "0"]
        refused = edits[5]
        assert refused.body == {
            "message": "You are being rate limited.",
            "retry_after": 5.0,
            "global": False,
        }
        assert refused.headers["Retry-After"] == "5"
        assert refused.headers["X-RateLimit-Scope"] == "user"
        assert "X-RateLimit-Global" not in refused.headers
        assert raw.fake.rate_limit_hits == raw.fake.find_requests("PATCH")[5:]
        assert raw.fake.message(int(first)).content == "v5"  # refused edits changed nothing
        # Edits of another message in the channel share the bucket; other buckets are apart.
        assert (await raw.edit(second, "b2")).status == 429
        assert (await raw.post("c")).status == 200
        elsewhere = (await raw.post("d", OTHER_CHANNEL)).body["id"]
        assert (await raw.edit(elsewhere, "d2", OTHER_CHANNEL)).status == 200

        clock.advance(5.0)
        again = await raw.edit(first, "v8")
        assert (again.status, _remaining(again)) == (200, "4")
    assert len(raw.fake.rate_limit_hits) == 3


async def test_limited_routes_carry_rate_limit_headers() -> None:
    clock = ManualClock()
    async with serve(clock=clock) as raw:
        created = await raw.post("a")
        clock.advance(2.0)
        edited = await raw.edit(created.body["id"], "b")
        dm = await raw("POST", "/users/@me/channels", {"recipient_id": str(ALICE)})
        me = await raw("GET", "/users/@me")
        record = raw.fake.open_interaction(2, ALICE, CHANNEL_ID, {"name": "x"})
        answered = await raw.callback(record, 4, {"content": "ok"})

    headers = created.headers
    assert headers["X-RateLimit-Limit"] == "5"
    assert headers["X-RateLimit-Remaining"] == "4"
    assert headers["X-RateLimit-Reset-After"] == "5.000"
    assert abs(float(headers["X-RateLimit-Reset"]) - (time.time() + 5.0)) < 2.0
    assert edited.headers["X-RateLimit-Reset-After"] == "5.000"  # its own window
    assert len({created.headers["X-RateLimit-Bucket"], edited.headers["X-RateLimit-Bucket"]}) == 2
    assert dm.status == 200 and dm.headers["X-RateLimit-Limit"] == "5"
    for unlimited in (me, answered):
        assert unlimited.status == 200
        assert not [name for name in unlimited.headers if name.startswith("X-RateLimit")]
    # The clock moved 2 s since the message bucket opened.
    recorded = raw.fake.find_requests("POST", "/channels/*/messages")[0]
    assert recorded.response_headers["X-RateLimit-Remaining"] == "4"


async def test_global_limit_spares_interaction_endpoints() -> None:
    clock = ManualClock()
    async with serve(clock=clock) as raw:
        answers = [await raw("GET", "/users/@me") for _ in range(51)]
        record = raw.fake.open_interaction(2, ALICE, CHANNEL_ID, {"name": "x"})
        callback = await raw.callback(record, 5, {})
        followup = await raw(
            "POST", f"/webhooks/{raw.fake.application_id}/{record.token}", {"content": "done"}
        )
        still = await raw("GET", "/users/@me")
        clock.advance(1.0)
        after = await raw("GET", "/users/@me")

    assert [a.status for a in answers] == [200] * 50 + [429]
    refused = answers[50]
    assert refused.body == {
        "message": "You are being rate limited.",
        "retry_after": 1.0,
        "global": True,
    }
    assert refused.headers["X-RateLimit-Global"] == "true"
    assert refused.headers["X-RateLimit-Scope"] == "global"
    assert refused.headers["Retry-After"] == "1"
    assert "X-RateLimit-Bucket" not in refused.headers
    assert (callback.status, followup.status) == (200, 204)
    assert still.status == 429 and after.status == 200
    assert len(raw.fake.rate_limit_hits) == 2


async def test_scale_shortens_every_window() -> None:
    async with serve(rate_limit_scale=0.05) as raw:
        message = (await raw.post("a")).body["id"]
        edits = [await raw.edit(message, f"v{n}") for n in range(6)]
        refused = edits[5]
        assert refused.status == 429
        assert 0 < refused.body["retry_after"] <= 0.25
        assert float(edits[0].headers["X-RateLimit-Reset-After"]) <= 0.25
        await asyncio.sleep(refused.body["retry_after"])
        assert (await raw.edit(message, "later")).status == 200


async def test_rate_limits_can_be_turned_off() -> None:
    async with serve(rate_limits=False) as raw:
        message = (await raw.post("a")).body["id"]
        edits = [await raw.edit(message, f"v{n}") for n in range(60)]
        raw.fake.rate_limits = True
        first_limited = await raw.edit(message, "on")

    assert {a.status for a in edits} == {200}
    assert not [h for a in edits for h in a.headers if h.startswith("X-RateLimit")]
    assert raw.fake.rate_limit_hits == []
    assert _remaining(first_limited) == "4"


async def _bot_outwaits_a_limit(
    fake: FakeDiscord, clock: ManualClock, step: float, text: str
) -> InteractionRecord:
    """Run /post while a limit is used up; once the bot got its 429, move the (frozen) clock
    on by a window, so that its retry after ``retry_after`` real seconds gets through.
    Returns once that retry was served: the command goes on after its answer, and on a
    busy machine the retry may come after the fake looked quiet (closing the client then
    failed the retry with "Session is closed")."""
    hits = len(fake.rate_limit_hits)
    posting = asyncio.create_task(fake.slash(ALICE, fake.channel_id, "post", text=text))
    await fake.wait_for(lambda: len(fake.rate_limit_hits) > hits)
    clock.advance(step)
    record = await posting
    await fake.wait_for(lambda: any(m.content == text for m in fake.messages_in(fake.channel_id)))
    await fake.settle()
    record.requests = fake.requests_since(fake.requests.index(record.requests[0]))
    return record


@pytest.mark.parametrize(
    "fake_discord_options", [{"clock": ManualClock(), "rate_limit_scale": 0.1}]
)
async def test_discordpy_waits_out_a_429_and_retries(fake: FakeDiscord) -> None:
    clock = fake.rate_limiter.clock
    assert isinstance(clock, ManualClock)
    async with run_client(HarnessBot()), aiohttp.ClientSession() as session:
        raw = Raw(fake, session)
        for n in range(5):  # the channel's message bucket is used up before the bot posts
            assert (await raw.post(f"filler {n}")).status == 200
        record = await _bot_outwaits_a_limit(fake, clock, 0.5, "after the burst")

    posts = [r for r in record.requests if r.matches("POST", "/channels/*/messages")]
    assert [r.status for r in posts] == [429, 200]
    assert fake.rate_limit_hits == posts[:1]
    assert posts[1].time - posts[0].time >= posts[0].response["retry_after"] - 0.01
    assert fake.messages_in(fake.channel_id)[-1].content == "after the burst"


async def _last_edit(fake: FakeDiscord, edits: int) -> None:
    """Wait for `burst`'s last edit: the command goes on after its answer, and a pause
    between two of its requests must not end the client under it."""
    await fake.wait_for(lambda: any(m.content == f"edit {edits}"
                                    for m in fake.messages_in(fake.channel_id)))
    await fake.settle()


@pytest.mark.parametrize("fake_discord_options", [{"rate_limit_scale": 0.05}])
async def test_discordpy_paces_a_burst_by_the_headers(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        await fake.slash(ALICE, fake.channel_id, "burst", edits=7)
        await _last_edit(fake, 7)

    edits = fake.edits(fake.channel_id)
    assert [e.content for e in edits] == [f"edit {n}" for n in range(1, 8)]
    assert fake.rate_limit_hits == []  # discord.py read the headers and held back
    assert edits[5].time - edits[0].time >= 0.2  # the sixth edit waited for a new window


@pytest.mark.parametrize("fake_discord_options", [{"clock": ManualClock()}])
async def test_discordpy_waits_out_the_global_limit(fake: FakeDiscord) -> None:
    clock = fake.rate_limiter.clock
    assert isinstance(clock, ManualClock)
    async with run_client(HarnessBot()), aiohttp.ClientSession() as session:
        raw = Raw(fake, session)
        while (await raw("GET", "/users/@me")).status != 429:
            pass
        record = await _bot_outwaits_a_limit(fake, clock, 1.0, "patient")

    posts = [r for r in record.requests if r.matches("POST", "/channels/*/messages")]
    assert [r.status for r in posts] == [429, 200]
    assert posts[0].response["global"] is True
    assert posts[0].response_headers["X-RateLimit-Scope"] == "global"
    assert record.requests[0].matches("POST", "/interactions/*")  # not held by the limit
    assert record.requests[0].status == 200


async def test_requests_are_timed_from_their_interaction(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        mark = fake.mark()
        record = await fake.slash(ALICE, fake.channel_id, "burst", edits=2)
        await _last_edit(fake, 2)

    requests = fake.requests_since(mark)
    assert len(requests) == 4  # the answer, the post and its two edits
    assert {r.interaction_id for r in requests} == {record.id}
    offsets = [r.since_interaction for r in requests]
    assert all(offset is not None and offset >= 0 for offset in offsets)
    assert offsets == sorted(offsets)  # type: ignore[type-var]


# --------------------------------------------------------------------------------------------
# Documented limits
# --------------------------------------------------------------------------------------------


def _row(*children: JSON) -> JSON:
    return {"type": 1, "components": list(children)}


def _button(custom_id: str = "b", label: str = "Go") -> JSON:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def _options(count: int, **extra: Any) -> list[JSON]:
    return [{"label": f"o{n}", "value": f"v{n}", **extra} for n in range(count)]


def _select(**fields: Any) -> JSON:
    return _row({"type": 3, "custom_id": "s", "options": _options(3), **fields})


def _embed(**fields: Any) -> JSON:
    return {"title": "t", **fields}


def _field(name: str = "n", value: str = "v") -> JSON:
    return {"name": name, "value": value}


def _errors(body: JSON) -> set[tuple[str, str]]:
    return {(path, code) for path, code, _ in flatten_errors(body.get("errors") or {})}


MESSAGE_CASES: list[tuple[str, JSON, str, str]] = [
    ("content", {"content": "x" * 2001}, "content", "BASE_TYPE_MAX_LENGTH"),
    ("embeds", {"embeds": [_embed()] * 11}, "embeds", "BASE_TYPE_MAX_LENGTH"),
    ("title", {"embeds": [_embed(title="x" * 257)]}, "embeds.0.title", "BASE_TYPE_MAX_LENGTH"),
    (
        "description",
        {"embeds": [_embed(description="x" * 4097)]},
        "embeds.0.description",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "fields",
        {"embeds": [_embed(fields=[_field()] * 26)]},
        "embeds.0.fields",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "field name",
        {"embeds": [_embed(fields=[_field(name="x" * 257)])]},
        "embeds.0.fields.0.name",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "field value",
        {"embeds": [_embed(fields=[_field(value="x" * 1025)])]},
        "embeds.0.fields.0.value",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "empty field value",
        {"embeds": [_embed(fields=[_field(value="")])]},
        "embeds.0.fields.0.value",
        "BASE_TYPE_REQUIRED",
    ),
    (
        "footer",
        {"embeds": [_embed(footer={"text": "x" * 2049})]},
        "embeds.0.footer.text",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "author",
        {"embeds": [_embed(author={"name": "x" * 257})]},
        "embeds.0.author.name",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "embed total",
        {"embeds": [_embed(description="x" * 3000)] * 2},
        "embeds",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "rows",
        {"components": [_row(_button(f"b{n}")) for n in range(6)]},
        "components",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "buttons per row",
        {"components": [_row(*[_button(f"b{n}") for n in range(6)])]},
        "components.0.components",
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "select shares a row",
        {"components": [_row(_button(), *_select()["components"])]},
        "components.0.components",
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    ),
    (
        "button label",
        {"components": [_row(_button(label="x" * 81))]},
        "components.0.components.0.label",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "custom id length",
        {"components": [_row(_button("x" * 101))]},
        "components.0.components.0.custom_id",
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "custom id missing",
        {"components": [_row(_button(""))]},
        "components.0.components.0.custom_id",
        "BASE_TYPE_REQUIRED",
    ),
    (
        "custom id duplicated",
        {"components": [_row(_button("a"), _button("a"))]},
        "components.0.components.1.custom_id",
        "COMPONENT_CUSTOM_ID_DUPLICATED",
    ),
    (
        "no options",
        {"components": [_select(options=[])]},
        "components.0.components.0.options",
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "options",
        {"components": [_select(options=_options(26))]},
        "components.0.components.0.options",
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "option label",
        {"components": [_select(options=[{"label": "x" * 101, "value": "v"}])]},
        "components.0.components.0.options.0.label",
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "option value",
        {"components": [_select(options=[{"label": "l", "value": ""}])]},
        "components.0.components.0.options.0.value",
        "BASE_TYPE_REQUIRED",
    ),
    (
        "option description",
        {"components": [_select(options=_options(1, description="x" * 101))]},
        "components.0.components.0.options.0.description",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "option values unique",
        {
            "components": [
                _select(options=[{"label": "a", "value": "v"}, {"label": "b", "value": "v"}])
            ]
        },
        "components.0.components.0.options.1.value",
        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
    ),
    (
        "placeholder",
        {"components": [_select(placeholder="x" * 151)]},
        "components.0.components.0.placeholder",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "min_values",
        {"components": [_select(min_values=26, max_values=25)]},
        "components.0.components.0.min_values",
        "NUMBER_TYPE_MAX",
    ),
    (
        "max_values low",
        {"components": [_select(min_values=0, max_values=0)]},
        "components.0.components.0.max_values",
        "NUMBER_TYPE_MIN",
    ),
    (
        "max_values high",
        {"components": [_select(max_values=26)]},
        "components.0.components.0.max_values",
        "NUMBER_TYPE_MAX",
    ),
    (
        "min above max",
        {"components": [_select(min_values=3, max_values=2)]},
        "components.0.components.0.min_values",
        "SELECT_COMPONENT_MIN_VALUES_ABOVE_MAX",
    ),
    (
        "max above options",
        {"components": [_select(max_values=4)]},
        "components.0.components.0.max_values",
        "SELECT_COMPONENT_MAX_VALUES_ABOVE_OPTIONS",
    ),
    (
        "defaults",
        {"components": [_select(options=_options(3, default=True), max_values=2)]},
        "components.0.components.0.options",
        "SELECT_COMPONENT_DEFAULTS_OUT_OF_RANGE",
    ),
    (
        "user select defaults",
        {
            "components": [
                _row(
                    {
                        "type": 5,
                        "custom_id": "u",
                        "min_values": 2,
                        "max_values": 2,
                        "default_values": [{"id": str(ALICE), "type": "user"}],
                    }
                )
            ]
        },
        "components.0.components.0.default_values",
        "SELECT_COMPONENT_DEFAULTS_OUT_OF_RANGE",
    ),
    (
        "attachments",
        {"attachments": [{"id": n} for n in range(11)]},
        "attachments",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "attachment description",
        {"attachments": [{"id": 0, "description": "x" * 1025}]},
        "attachments.0.description",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "allowed mentions",
        {"allowed_mentions": {"parse": ["users"], "users": [str(ALICE)]}},
        "allowed_mentions",
        "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
    ),
    ("nonce", {"nonce": "x" * 26}, "nonce", "BASE_TYPE_MAX_LENGTH"),
    ("stickers", {"sticker_ids": ["1", "2", "3", "4"]}, "sticker_ids", "BASE_TYPE_MAX_LENGTH"),
]


@pytest.mark.parametrize(
    ("body", "path", "code"),
    [case[1:] for case in MESSAGE_CASES],
    ids=[c[0] for c in MESSAGE_CASES],
)
async def test_message_over_a_documented_limit_is_refused(body: JSON, path: str, code: str) -> None:
    async with serve() as raw:
        answer = await raw("POST", f"/channels/{CHANNEL_ID}/messages", {"content": "c", **body})

    assert answer.status == 400
    assert (answer.body["code"], answer.body["message"]) == (50035, "Invalid Form Body")
    assert (path, code) in _errors(answer.body)
    [request] = raw.fake.requests
    assert (path, code) in {(v.path, v.code) for v in raw.fake.limit_violations}
    assert all(v.request is request for v in raw.fake.limit_violations)
    assert raw.fake.messages_in(CHANNEL_ID) == []


async def test_every_violation_of_a_request_is_answered_at_once() -> None:
    async with serve() as raw:
        answer = await raw.post("x" * 2001, embeds=[_embed(title="x" * 257)])
    assert _errors(answer.body) == {
        ("content", "BASE_TYPE_MAX_LENGTH"),
        ("embeds.0.title", "BASE_TYPE_MAX_LENGTH"),
    }
    assert len(raw.fake.limit_violations) == 2


async def test_payloads_at_the_limits_are_accepted() -> None:
    fields = [_field("n" * 10, "v" * 100) for _ in range(25)]
    embeds = [_embed(title="t" * 256, fields=fields)] + [_embed(description="d" * 300)] * 9
    buttons = [
        _row(*[_button(f"{r}{n}".ljust(100, "x"), "l" * 80) for n in range(5)]) for r in range(4)
    ]
    select = _select(
        options=_options(25, description="d" * 100),
        min_values=0,
        max_values=25,
        placeholder="p" * 150,
    )
    async with serve() as raw:
        answer = await raw.post("x" * 2000, embeds=embeds, components=[*buttons, select])
    assert answer.status == 200, answer.body
    assert raw.fake.limit_violations == []


async def test_too_many_files_and_too_large_uploads() -> None:
    async with serve() as raw:
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps({"content": "files"}))
        for n in range(11):
            form.add_field(f"files[{n}]", b"x", filename=f"f{n}.txt")
        many = await raw("POST", f"/channels/{CHANNEL_ID}/messages", data=form)
        big = aiohttp.FormData()
        big.add_field("payload_json", json.dumps({"content": "big"}))
        big.add_field("files[0]", b"x" * (10 * 1024 * 1024 + 1), filename="big.bin")
        large = await raw("POST", f"/channels/{CHANNEL_ID}/messages", data=big)

    assert many.status == 400 and ("attachments", "BASE_TYPE_MAX_LENGTH") in _errors(many.body)
    assert (large.status, large.body["code"]) == (413, 40005)
    assert [(v.path, v.code) for v in raw.fake.limit_violations] == [
        ("attachments", "BASE_TYPE_MAX_LENGTH"),
        ("", "40005"),
    ]


def _command(name: str = "cmd", **fields: Any) -> JSON:
    return {"name": name, "description": "d", "type": 1, **fields}


def _option(name: str = "o", **fields: Any) -> JSON:
    return {"name": name, "description": "d", "type": 3, **fields}


def _choices(count: int, name: str = "c", value: str = "v") -> list[JSON]:
    return [{"name": f"{name}{n}", "value": f"{value}{n}"} for n in range(count)]


COMMAND_CASES: list[tuple[str, list[JSON], str, str]] = [
    ("name length", [_command("x" * 33)], "0.name", "BASE_TYPE_BAD_LENGTH"),
    ("name pattern", [_command("Upper")], "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
    ("description", [_command(description="x" * 101)], "0.description", "BASE_TYPE_BAD_LENGTH"),
    ("no description", [_command(description="")], "0.description", "BASE_TYPE_REQUIRED"),
    (
        "options",
        [_command(options=[_option(f"o{n}") for n in range(26)])],
        "0.options",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "option description",
        [_command(options=[_option(description="")])],
        "0.options.0.description",
        "BASE_TYPE_REQUIRED",
    ),
    (
        "option name",
        [_command(options=[_option("Big")])],
        "0.options.0.name",
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    (
        "choices",
        [_command(options=[_option(choices=_choices(26))])],
        "0.options.0.choices",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "choice name",
        [_command(options=[_option(choices=_choices(1, name="x" * 101))])],
        "0.options.0.choices.0.name",
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "choice value",
        [_command(options=[_option(choices=_choices(1, value="x" * 101))])],
        "0.options.0.choices.0.value",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "choices with autocomplete",
        [_command(options=[_option(choices=_choices(1), autocomplete=True)])],
        "0.options.0.autocomplete",
        "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
    ),
    (
        "max_length",
        [_command(options=[_option(max_length=6001)])],
        "0.options.0.max_length",
        "NUMBER_TYPE_MAX",
    ),
    (
        "required first",
        [_command(options=[_option("a"), _option("b", required=True)])],
        "0.options",
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    ),
    (
        "mixed subcommands",
        [_command(options=[_option(), {**_option("sub"), "type": 1}])],
        "0.options",
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    ),
    ("duplicate names", [_command(), _command()], "1.name", "APPLICATION_COMMANDS_DUPLICATE_NAME"),
    ("too many", [_command(f"c{n}") for n in range(101)], "", "APPLICATION_COMMANDS_TOO_MANY"),
    (
        "too many user commands",
        [{"name": f"U {n}", "type": 2} for n in range(16)],
        "",
        "APPLICATION_COMMANDS_TOO_MANY",
    ),
    (
        "command size",
        [
            _command(
                options=[
                    _option(f"o{n}", description="x" * 100, choices=_choices(25, "c" * 20))
                    for n in range(6)
                ]
            )
        ],
        "0",
        "APPLICATION_COMMAND_TOO_LARGE",
    ),
]


@pytest.mark.parametrize(
    ("commands", "path", "code"), [c[1:] for c in COMMAND_CASES], ids=[c[0] for c in COMMAND_CASES]
)
async def test_command_over_a_documented_limit_is_refused(
    commands: list[JSON], path: str, code: str
) -> None:
    async with serve() as raw:
        answer = await raw("PUT", f"/applications/{raw.fake.application_id}/commands", commands)

    assert answer.status == 400 and answer.body["code"] == 50035
    assert (path, code) in _errors(answer.body)
    assert (path, code) in {(v.path, v.code) for v in raw.fake.limit_violations}
    assert raw.fake.commands() == []


def _modal(*components: JSON, **fields: Any) -> JSON:
    return {"custom_id": "m", "title": "T", "components": list(components), **fields}


def _text(**fields: Any) -> JSON:
    return _row({"type": 4, "custom_id": "t", "style": 1, "label": "L", **fields})


CALLBACK_CASES: list[tuple[str, int, int, JSON, str, str]] = [
    ("choices", 4, 8, {"choices": _choices(26)}, "data.choices", "BASE_TYPE_MAX_LENGTH"),
    (
        "choice name",
        4,
        8,
        {"choices": _choices(1, name="x" * 101)},
        "data.choices.0.name",
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "empty choice name",
        4,
        8,
        {"choices": [{"name": "", "value": "v"}]},
        "data.choices.0.name",
        "BASE_TYPE_REQUIRED",
    ),
    (
        "choice value",
        4,
        8,
        {"choices": _choices(1, value="x" * 101)},
        "data.choices.0.value",
        "BASE_TYPE_MAX_LENGTH",
    ),
    ("modal title", 2, 9, _modal(_text(), title="x" * 46), "data.title", "BASE_TYPE_BAD_LENGTH"),
    (
        "modal custom id",
        2,
        9,
        _modal(_text(), custom_id="x" * 101),
        "data.custom_id",
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "modal rows",
        2,
        9,
        _modal(*[_text(custom_id=f"t{n}") for n in range(6)]),
        "data.components",
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "modal row holds one input",
        2,
        9,
        _modal(_row(*_text()["components"] * 2)),
        "data.components.0.components",
        "MODAL_ACTION_ROW_INVALID",
    ),
    (
        "text input label",
        2,
        9,
        _modal(_text(label="x" * 46)),
        "data.components.0.components.0.label",
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "text input value",
        2,
        9,
        _modal(_text(value="x" * 4001)),
        "data.components.0.components.0.value",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "text input placeholder",
        2,
        9,
        _modal(_text(placeholder="x" * 101)),
        "data.components.0.components.0.placeholder",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "text input max_length",
        2,
        9,
        _modal(_text(max_length=4001)),
        "data.components.0.components.0.max_length",
        "NUMBER_TYPE_MAX",
    ),
    (
        "text input min above max",
        2,
        9,
        _modal(_text(min_length=10, max_length=5)),
        "data.components.0.components.0.min_length",
        "TEXT_INPUT_MIN_LENGTH_ABOVE_MAX",
    ),
    (
        "label",
        2,
        9,
        _modal(
            {"type": 18, "label": "x" * 46, "component": {"type": 4, "custom_id": "t", "style": 1}}
        ),
        "data.components.0.label",
        "BASE_TYPE_BAD_LENGTH",
    ),
    ("response content", 2, 4, {"content": "x" * 2001}, "data.content", "BASE_TYPE_MAX_LENGTH"),
]


@pytest.mark.parametrize(
    ("interaction", "kind", "data", "path", "code"),
    [c[1:] for c in CALLBACK_CASES],
    ids=[c[0] for c in CALLBACK_CASES],
)
async def test_interaction_answer_over_a_documented_limit_is_refused(
    interaction: int, kind: int, data: JSON, path: str, code: str
) -> None:
    async with serve() as raw:
        record = raw.fake.open_interaction(interaction, ALICE, CHANNEL_ID, {"name": "x"})
        answer = await raw.callback(record, kind, data)
        assert not record.responded

    assert answer.status == 400 and (path, code) in _errors(answer.body)
    assert (path, code) in {(v.path, v.code) for v in raw.fake.limit_violations}


# --------------------------------------------------------------------------------------------
# Counting what the bot sent
# --------------------------------------------------------------------------------------------

ROLE = 77
MENTION_CASES: list[tuple[str, str, JSON | None, bool]] = [
    ("no allowed_mentions", f"<@{ALICE}>", None, True),
    ("nickname mention", f"<@!{ALICE}>", None, True),
    ("parse users", f"<@{ALICE}>", {"parse": ["users"]}, True),
    ("none", f"<@{ALICE}>", {"parse": []}, False),
    ("listed", f"<@{ALICE}>", {"parse": [], "users": [str(ALICE)]}, True),
    ("someone else listed", f"<@{ALICE}>", {"parse": [], "users": [str(BOB)]}, False),
    ("not mentioned", "hello", None, False),
    ("role", f"<@&{ROLE}>", {"parse": ["roles"]}, True),
    ("role not parsed", f"<@&{ROLE}>", {"parse": ["users"]}, False),
    ("everyone", "@everyone", None, True),
    ("everyone not parsed", "@here", {"parse": ["users"]}, False),
]


@pytest.mark.parametrize(
    ("content", "allowed", "pings"),
    [c[1:] for c in MENTION_CASES],
    ids=[c[0] for c in MENTION_CASES],
)
async def test_notifications_follow_allowed_mentions(
    content: str, allowed: JSON | None, pings: bool
) -> None:
    async with serve() as raw:
        raw.fake.add_role(ROLE, "crew")
        raw.fake.world.guild(GUILD_ID).members[ALICE] = [ROLE]
        extra = {} if allowed is None else {"allowed_mentions": allowed}
        assert (await raw.post(content, **extra)).status == 200

    assert len(raw.fake.notifications(ALICE)) == (1 if pings else 0)
    assert raw.fake.notifications(BOB) == [] or content.startswith("@")
    assert len(raw.fake.new_channel_messages(CHANNEL_ID)) == 1


async def test_replies_edits_dms_and_ephemerals_when_counting() -> None:
    async with serve() as raw:
        fake = raw.fake
        alice_says = await fake.send_message(ALICE, CHANNEL_ID, "who goes first?")
        reference = {"message_id": str(alice_says.id)}
        await raw.post("you", message_reference=reference)
        await raw.post("you", message_reference=reference, allowed_mentions={"parse": []})
        plain = (await raw.post("turn order")).body["id"]
        await raw.edit(plain, f"<@{BOB}> goes first")
        dm_channel = await raw("POST", "/users/@me/channels", {"recipient_id": str(CAROL)})
        await raw.post("secret", dm_channel.body["id"])
        record = fake.open_interaction(2, ALICE, CHANNEL_ID, {"name": "x"})
        await raw.callback(record, 4, {"content": f"<@{BOB}>", "flags": 64})

    assert [e.content for e in fake.notifications(ALICE)] == ["you"]
    assert fake.notifications(BOB) == []  # an edit and an ephemeral message never ping
    assert [e.content for e in fake.notifications(CAROL)] == ["secret"]
    assert [e.content for e in fake.dms(CAROL)] == ["secret"]
    assert fake.dms(ALICE) == []
    assert [e.content for e in fake.edits(CHANNEL_ID)] == [f"<@{BOB}> goes first"]
    assert len(fake.new_channel_messages(CHANNEL_ID)) == 4  # the user's own message excluded
    assert fake.message(int(plain)).content == f"<@{BOB}> goes first"


async def test_counting_what_a_discordpy_bot_sent(fake: FakeDiscord) -> None:
    async with run_client(HarnessBot()):
        await fake.slash(ALICE, fake.channel_id, "announce", target=BOB, quiet=False)
        await fake.slash(ALICE, fake.channel_id, "announce", target=CAROL, quiet=True)
        await fake.slash(ALICE, fake.channel_id, "remind", target=CAROL)
        # /remind goes on after its answer: wait for its edit, not for a quiet moment
        await fake.wait_for(lambda: fake.edits(fake.channel_id))
        await fake.slash(ALICE, fake.channel_id, "whisper", target=CAROL, text="psst")

    assert [e.content for e in fake.notifications(BOB)] == [f"<@{BOB}>, you"]
    assert [e.content for e in fake.notifications(CAROL)] == ["psst"]
    assert [e.content for e in fake.dms(CAROL)] == ["psst"]
    assert [e.content for e in fake.edits(fake.channel_id)] == [f"<@{CAROL}>, your turn"]
    assert fake.notifications(ALICE) == []
    channel_posts = [e.content for e in fake.new_channel_messages(fake.channel_id)]
    assert channel_posts == [f"<@{BOB}>, you", f"<@{CAROL}>, you", "noted", "your turn", "sent"]
    assert fake.limit_violations == [] and fake.rate_limit_hits == []
