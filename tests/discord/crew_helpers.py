"""Helpers for games with computer seats (Warden's crew) through the fake Discord."""

from __future__ import annotations

import json
import random

from fake_discord import FakeDiscord
from warden_helpers import ManualClock, current_record, current_state

from bot.app import WardenBot
from bot.games import computer_seats


def everything_sent(fake: FakeDiscord) -> str:
    """Every request body the bot sent to Discord (messages, edits, answers, DMs)."""
    return "\n".join(json.dumps(r.json) for r in fake.requests if r.json is not None)


def lobby_content(fake: FakeDiscord, message_id: int) -> str:
    return fake.message(message_id).content


async def open_lobby(fake: FakeDiscord, people: tuple[int, ...], crew: int,
                     ruleset: str = "darkmoon", **options: object) -> int:
    """A lobby with `people` seated and `crew` AI players added by the host; its id."""
    lobby = await fake.slash(people[0], fake.channel_id, "game", "new", ruleset=ruleset,
                             **options)
    for uid in people[1:]:
        await fake.click(uid, lobby.message, label="Join")
    assert lobby.message.components, lobby.response.content
    for _ in range(crew):
        added = await fake.click(people[0], lobby.message, label="Add AI player")
        assert not added.response.ephemeral
    return lobby.message.id


async def start(fake: FakeDiscord, people: tuple[int, ...], crew: int,
                ruleset: str = "darkmoon", **options: object) -> None:
    lobby = await open_lobby(fake, people, crew, ruleset, **options)
    await fake.click(people[0], lobby, label="Start")
    await fake.settle()


async def step(fake: FakeDiscord, bot: WardenBot, clock: ManualClock,
               agent: random.Random) -> bool:
    """One move of the game: a person's (a random legal `/move`, answered "Done") or,
    when only computer seats are awaited, Warden's crew's once its pause is over (never
    before). False once the game is over."""
    record, state = await current_state(bot)
    if record.status != "running":
        return False
    rs = bot.tables.ruleset_of(record)
    crew = set(computer_seats(record))
    people = [p.seat for p in rs.pending(state) if p.seat not in crew]
    if people:
        seat = agent.choice(people)
        legal = rs.legal_actions(state, seat)
        action = agent.choice([a for a in legal if a.key != "pass"] or legal)
        done = await fake.slash(int(seat), fake.channel_id, "move", action=action.key)
        assert done.response.content.startswith("Done:"), done.response.content
        return True
    pause = bot.settings.crew_pause_seconds
    await fake.settle()  # the computer seat's turn has begun: its pause is counting
    await clock.advance(pause - 0.5, fake)
    assert (await current_record(bot)).version == record.version, "moved before its pause"
    await clock.advance(0.5, fake)
    assert (await current_record(bot)).version > record.version, "no move after the pause"
    return True
