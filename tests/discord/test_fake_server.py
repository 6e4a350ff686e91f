"""Proves the FakeDiscord harness with a small throwaway discord.py bot defined here."""

from __future__ import annotations

import asyncio
import io

import aiohttp
import discord
import pytest
from discord import app_commands
from fake_discord import (
    GUILD_ID,
    BotError,
    DiscordErrorGuard,
    FakeDiscord,
    InteractionRecord,
    find_component,
    run_client,
)
from PIL import Image

ALICE, BOB, CAROL = 101, 102, 103
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
