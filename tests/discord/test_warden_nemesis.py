"""A 3-player game of the original Nemesis through the real client and the fake Discord
server, from `/game new` to the recap: the lobby, the draft by DM, the live private
sheets, turns played with `/move` and the choice messages, `/rules`, the board image
and its summary, the end with every secret revealed; and, all along, no secret (a hand,
objectives, the coordinates or an engine someone checked, a room seen on the monitors,
a scan's INFECTED) in the channel or in another player's DMs."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fake_discord import FakeDiscord, iter_components
from warden_helpers import (
    BACK,
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
    pick_component,
    warden,
)

from rules import get_ruleset
from rules.nemesis_original.cards import index

# every test here runs on SQLite and on PostgreSQL
pytestmark = pytest.mark.usefixtures("bot_backend")

RS = get_ruleset("nemesis")
PLAYERS = (HOST, BOB, CAROL)
# what only one seat may read before the end (the engine's private words)
PRIVATE_WORDS = ("takes the ship to Earth", "On the monitors", "INFECTED", "Scan:",
                 "You play the **", "**Hand**")
QUIET = ("pass", "wait")  # after the opening, players mostly pass so the time runs out


def _secrets(state: Any, seat: str) -> list[str]:
    """What the channel and the other players must not read about `seat` now."""
    idx = index()
    hero = state.heroes[seat]
    out = [f"**Objective**: **{idx.objectives[o].name}**" for o in hero.objectives]
    out += [f"**Objective ({idx.objectives[o].deck})**: **{idx.objectives[o].name}**"
            for o in hero.objectives]
    known = state.known.get(seat, {})
    if "coordinates" in known:
        out.append(f"space {known['coordinates']} takes the ship to Earth")
    out += [f"Engine {key.removeprefix('engine_')} is" for key in known
            if key.startswith("engine_")]
    if hero.character:  # the private sheet's first line
        out.append(f"You play the **{idx.characters[hero.character].name}**")
    return out


def _private_to(fake: FakeDiscord, channel: int, uid: int) -> list[str]:
    """What only `uid` reads: replies visible to them alone, and their DMs."""
    return ([m.content for m in fake.messages_in(channel)
             if getattr(m, "visible_to", None) == uid] + [m.content for m in fake.dms_to(uid)])


def _check_no_leak(fake: FakeDiscord, channel: int, state: Any) -> None:
    """No seat's secrets in the channel; none in another player's private messages
    unless that player learned the same thing themselves."""
    public = [m.content for m in fake.messages_in(channel, include_ephemeral=False)]
    for word in PRIVATE_WORDS:
        assert not any(word in text for text in public), word
    for seat in state.seats:
        for secret in _secrets(state, seat):
            assert not any(secret in text for text in public), secret
        for other in PLAYERS:
            if str(other) == seat:
                continue
            theirs = set(_secrets(state, str(other)))
            seen = _private_to(fake, channel, other)
            for secret in set(_secrets(state, seat)) - theirs:
                assert not any(secret in text for text in seen), (other, secret)


# the host heads for the cockpit to read the coordinates, Bob for an engine: secrets
# the channel and the other players must never see
GOALS = {str(HOST): ("cockpit", "Read the coordinates"), str(BOB): ("engine_1", "Service engine")}


def _towards(state: Any, seat: str, choices: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The choice that does the seat's secret errand, or moves it one room closer."""
    from rules.nemesis_original.profile import room_name
    from rules.nemesis_original.ship import ship_graph

    target, action = GOALS.get(seat, ("", ""))
    hero = state.heroes[seat]
    if not target or state.known.get(seat) or hero.place != "board":
        return None
    done = next((c for c in choices if action in c["name"]), None)
    if done is not None:
        return done
    distance = ship_graph().distances_from(target)
    best = None
    for choice in choices:
        name = choice["name"]
        if not name.startswith("Move to "):
            continue
        to = name.removeprefix("Move to ").rsplit(" (", 1)[0]
        slot = next((x for x in state.rooms if room_name(state, x) == to), None)
        if slot is not None and distance.get(slot, 99) < distance.get(hero.room, 99) and (
                best is None or distance[slot] < best[0]):
            best = (distance[slot], choice)
    return best[1] if best else None


def _pick(state: Any, seat: str, choices: list[dict[str, Any]], agent: random.Random,
          quiet: bool) -> str:
    errand = _towards(state, seat, choices)
    if errand is not None:
        return str(errand["value"])
    choices = [c for c in choices if not c["name"].startswith(BACK)] or choices
    if quiet:
        for choice in choices:
            if choice["name"].lower().split(" ")[0].strip() in QUIET:
                return str(choice["value"])
    return str(agent.choice(choices)["value"])


@pytest.mark.rule("BOT-LOBBY-1")
@pytest.mark.rule("BOT-PRIV-1")
@pytest.mark.rule("BOT-HELP-1")
async def test_a_three_player_nemesis_game_from_game_new_to_the_recap(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, *PLAYERS)
    channel = fake_discord.channel_id
    async with warden(tmp_path / "w.db", seed=3) as bot:
        lobby = await fake_discord.slash(HOST, channel, "game", "new", ruleset="nemesis")
        assert "**Nemesis** lobby (1-5 players)" in lobby.response.content
        assert "Options: Turn timer: off" in lobby.response.content
        wrong = await fake_discord.slash(BOB, channel, "game", "new", ruleset="nemesis",
                                         mode="coop")
        assert wrong.response.ephemeral and "Lockdown only" in wrong.response.content
        for uid in PLAYERS[1:]:
            await fake_discord.click(uid, lobby.message, label="Join")
        await fake_discord.click(HOST, lobby.message, label="Start")
        # the draft: each player in turn picks a character from a DM with buttons
        for _ in range(len(PLAYERS)):
            record, state = await current_state(bot)
            prompt = RS.pending(state)[0]
            assert prompt.kind == "draft"
            dm = dm_asks(fake_discord, int(prompt.seat))[-1]
            first = dm.components[0]["components"][0]
            picked = await fake_discord.click(int(prompt.seat), dm, first["custom_id"])
            assert picked.response.content.startswith("Done:"), picked.response.content
        record, state = await current_state(bot)
        assert all(h.character for h in state.heroes.values())
        # the live private sheet: by DM, the hand with texts, items, both objectives
        for uid in PLAYERS:
            sheets = [m for m in fake_discord.dms_to(uid) if "You play the **" in m.content]
            assert sheets, uid
            text = sheets[-1].content
            assert "**Hand**" in text and "**Quest**" in text
            assert text.count("**Objective (") == 2
        board = board_message(fake_discord)
        assert board.attachments and board.attachments[0]["filename"] == "board.png"
        rules = await fake_discord.slash(CAROL, channel, "rules", topic="pods")
        assert rules.response.ephemeral and "Escape pods" in rules.response.content
        rules = await fake_discord.slash(CAROL, channel, "rules", topic="cockpit")
        assert "Room: Cockpit" in rules.response.content
        agent = random.Random(5)
        moves = selects = 0
        for moves in range(1, 900):
            record, state = await current_state(bot)
            if record.status != "running":
                break
            _check_no_leak(fake_discord, channel, state)
            seat = agent.choice(RS.pending(state)).seat
            errand = seat in GOALS and not state.known.get(seat)
            if moves % 2 == 0 and moves <= 80 and not errand:  # buttons and selects
                opened = await fake_discord.click(int(seat), board_message(fake_discord),
                                                  label="My choices")
                assert opened.response.ephemeral
                selects += sum(1 for c in iter_components(opened.response.components)
                               if c["type"] == 3 and c["custom_id"].startswith("w:m:"))
                done = await pick_component(fake_discord, int(seat), opened.message,
                                            opened.response.components, RS, state, agent)
                assert done.response.content.startswith("Done:"), done.response.content
                continue
            choices = await fake_discord.autocomplete(int(seat), channel, "move",
                                                      focused="action", value="")
            assert choices, (seat, RS.pending(state))
            done = await fake_discord.slash(int(seat), channel, "move",
                                            action=_pick(state, seat, choices, agent,
                                                         moves > 60))
            assert done.response.content.startswith("Done:"), done.response.content
        assert record.status != "running", "the game did not end"
        assert selects, "no multi-select was offered"
        # the errands were run: each secret reached its player, and only that player
        host_known, bob_known = state.known.get(str(HOST), {}), state.known.get(str(BOB), {})
        engines = [k.removeprefix("engine_") for k in bob_known if k.startswith("engine_")]
        assert "coordinates" in host_known and engines, state.known
        host_sees = _private_to(fake_discord, channel, HOST)
        earth = f"space {host_known['coordinates']} takes the ship to Earth"
        assert any(earth in t for t in host_sees)  # the reply to the room action
        assert any("**What you checked**" in t and f"space **{host_known['coordinates']}**"
                   in t for t in host_sees)  # and the live sheet, by DM
        bob_sees = _private_to(fake_discord, channel, BOB)
        assert any(f"Engine {engines[0]} is" in t for t in bob_sees)
        assert not any("takes the ship to Earth" in t for t in bob_sees)
        assert not any(f"Engine {engines[0]} is" in t for t in host_sees)
        # hand: private, with the objective kept
        hand = await fake_discord.slash(HOST, channel, "hand")
        assert hand.response.ephemeral
        # the recap: every secret revealed in the channel, with a Rematch button
        public = [m for m in fake_discord.messages_in(channel, include_ephemeral=False)]
        recap = next(m for m in reversed(public) if "Game over" in m.content)
        assert "Engines:" in recap.content and "coordinates card" in recap.content
        for uid in PLAYERS:
            assert f"<@{uid}>" in recap.content
        hero = state.heroes[str(HOST)]
        for oid in hero.objectives:
            assert index().objectives[oid].name in recap.content
        assert any(c.get("label") == "Rematch"
                   for row in recap.components for c in row["components"])
        # the last board closes once, without saying "Game over" after the story's own
        board = next(m for m in reversed(public) if m.attachments)
        assert board.content.count("Game over") == 1, board.content
        assert board.content.endswith("**Game over.** Every secret is revealed below.")


@pytest.mark.rule("BOT-AFK-1")
async def test_absent_players_are_played_by_the_timer_defaults_to_the_end(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Nobody plays: after each timer the default decides (the draft's first character,
    the first objective, waiting in a pod, passing, keeping the hand, taking attacks),
    the table hears only that time ran out, and the ship's time runs out in the end."""
    add_players(fake_discord, *PLAYERS)
    clock = ManualClock()
    channel = fake_discord.channel_id
    async with warden(tmp_path / "w.db", seed=4, clock=clock) as bot:
        lobby = await fake_discord.slash(HOST, channel, "game", "new", ruleset="nemesis",
                                         turn_timer=2)
        assert "Turn timer: 2 min" in lobby.response.content
        for uid in PLAYERS[1:]:
            await fake_discord.click(uid, lobby.message, label="Join")
        await fake_discord.click(HOST, lobby.message, label="Start")
        await fake_discord.settle()
        for _ in range(400):
            record, state = await current_state(bot)
            if record.status != "running":
                break
            _check_no_leak(fake_discord, channel, state)
            await clock.advance(120.0, fake_discord)
        assert record.status != "running"
        assert state.ended is not None and state.winners is not None
        text = "\n".join(m.content for m in fake_discord.messages_in(
            channel, include_ephemeral=False))
        assert "ran out of time; Warden decided for them." in text
        assert "Keep objective" not in text
        assert "Game over:" in text
