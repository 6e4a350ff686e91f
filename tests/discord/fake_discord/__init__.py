"""An offline fake of Discord's REST API and gateway for the *real* discord.py client.

The fake is an aiohttp server on 127.0.0.1 (random port). discord.py is pointed at it by
patching ``discord.http.Route.BASE`` (REST, also used by interaction webhooks) and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (websocket). Tests then act as Discord
users: they run slash commands, autocomplete, button clicks, selects and modal submits, and
assert on what the bot answered and on every HTTP request it made.

Typical bot test (the fixtures live in ``tests/discord/conftest.py``)::

    from fake_discord import FakeDiscord, run_client

    async def test_new_game(fake_discord: FakeDiscord) -> None:
        fake_discord.add_user(ALICE, "alice")
        async with run_client(make_warden_bot()):
            game = await fake_discord.slash(ALICE, fake_discord.channel_id, "game", "new",
                                            ruleset="darkmoon")
            assert "darkmoon" in game.response.content
            joined = await fake_discord.click(ALICE, game.message, label="Join")
            assert joined.response.type == 7

Every dispatch helper (``slash``, ``autocomplete``, ``click``, ``select``, ``submit_modal``,
``user_command``, ``message_command``) returns an :class:`InteractionRecord` once the bot has
answered the interaction *and* gone quiet (no HTTP request for ``settle_time`` seconds).

The world (guilds, text channels, roles, users, DM channels, messages, synced commands) is
kept in memory and is shared by every client started against the same server, so a test can
stop the bot, start a new one and keep clicking buttons on old messages.

The helpers act only as a real client can: a disabled button or select cannot be used, a
select takes only its options and between ``min_values`` and ``max_values`` of them, and a
select closed with nothing chosen sends no interaction at all (a client sends one when the
choice changed), so ``select(..., [])`` raises :class:`EmptySelectRefused` unless the select
showed default values that the user deselected.

Routes the fake does not know answer ``404 {"message": "Unknown route", "code": 0}`` and are
listed in :attr:`FakeDiscord.unknown_routes`; the ``fake_discord`` fixture fails the test if
there are any. Payloads over Discord's documented limits (content over 2000 characters, empty
field values, more than 5 action rows, duplicated custom ids, select bounds, modal and command
limits, ...) get Discord's 400 "Invalid Form Body" answer, every broken field at once, and each
broken field is listed in :attr:`FakeDiscord.limit_violations`.

Rate limits are Discord's: 5 message creates and 5 message edits per 5 s per channel, 5 DM
channel creations per 5 s, and 50 requests per second in all; interaction callbacks and the
interaction webhook count towards none of them. Limited routes carry the ``X-RateLimit-*``
headers discord.py paces itself by, and a request over a limit gets Discord's 429 (listed in
:attr:`FakeDiscord.rate_limit_hits`), which discord.py waits out and retries. A test can drive
the windows' clock (``FakeDiscord(clock=...)``), shrink them (``rate_limit_scale=0.05``) or turn
the limits off (``rate_limits=False``). While a limit holds the bot back, the fake does not
count it as quiet, so the dispatch helpers wait for the requests it still has to make.

What the bot sent can be counted: :meth:`FakeDiscord.notifications`,
:meth:`FakeDiscord.new_channel_messages`, :meth:`FakeDiscord.edits` and :meth:`FakeDiscord.dms`
(all from :attr:`FakeDiscord.message_events`); every recorded request knows the interaction it
belongs to and how long after it it came (``interaction_id``, ``since_interaction``).

The package, one module per responsibility (:class:`FakeDiscord` in ``server`` is composed of
the mixins of ``client``, ``gateway`` and the ``rest_*`` modules):

- ``world``: users, roles, channels, guilds, messages and the :class:`World` holding them;
- ``records``: what the tests assert on (requests, limit violations, message events,
  interactions and their answers);
- ``server``: :class:`FakeDiscord` itself: lifecycle, set-up, inspection, the middleware;
- ``rest_accounts``, ``rest_commands``, ``rest_messages``, ``rest_interactions``: the REST
  routes, by resource;
- ``gateway``: connections, sessions, HELLO/IDENTIFY/RESUME, dispatching interactions;
- ``rate_limits``: Discord's windows, headers and 429s;
- ``validation``: Discord's documented limits on what the bot sends (400s);
- ``client``: what a real client can send (the users' side);
- ``harness``: :func:`run_client` and :class:`DiscordErrorGuard`;
- ``constants``, ``errors``, ``http_body``: what they share.
"""

from .constants import BOT_ID, CHANNEL_ID, GUILD_ID, HEARTBEAT_ACK_SECONDS
from .errors import ApiError, BotError, EmptySelectRefused, InteractionNotAnswered, flatten_errors
from .harness import DiscordErrorGuard, run_client
from .rate_limits import RateLimiter, RateLimitVerdict, RouteLimit
from .records import (
    InteractionRecord,
    InteractionResponse,
    LimitViolation,
    MessageEvent,
    RecordedRequest,
)
from .server import FakeDiscord
from .validation import validate_message_fields
from .world import (
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
    UploadedFile,
    find_component,
    iter_components,
)

__all__ = [
    "BOT_ID",
    "CHANNEL_ID",
    "GUILD_ID",
    "HEARTBEAT_ACK_SECONDS",
    "ApiError",
    "BotError",
    "DiscordErrorGuard",
    "EmptySelectRefused",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionNotAnswered",
    "InteractionRecord",
    "InteractionResponse",
    "LimitViolation",
    "MessageEvent",
    "RateLimitVerdict",
    "RateLimiter",
    "RecordedRequest",
    "RouteLimit",
    "UploadedFile",
    "find_component",
    "flatten_errors",
    "iter_components",
    "run_client",
    "validate_message_fields",
]
