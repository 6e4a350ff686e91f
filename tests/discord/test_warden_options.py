"""Lockdown's options at the table: `/game new` offers the modes and board sides the
engine accepts, the lobby says what they mean, Start checks the player count of the mode,
and an option of the other game is refused in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, get_args

import pytest
from discord import app_commands
from fake_discord import FakeDiscord
from pydantic import BaseModel, ConfigDict
from warden_helpers import (
    BOB,
    CAROL,
    HOST,
    add_players,
    current_record,
    fake_discord_options,  # noqa: F401 (fixture)
    warden,
)

from bot.commands.game import GameCommands, option_choices
from bot.option_names import menu_label
from rules import get_kit, get_ruleset, list_kits

LD = get_ruleset("lockdown")

CHOICE_NAMES = {k: v for g in ("darkmoon", "lockdown")
                for k, v in get_kit(g).options.choice_names.items()}
NOTES = {k: v for g in ("darkmoon", "lockdown") for k, v in get_kit(g).options.notes.items()}


def _values(key: str) -> tuple[str, ...]:
    return get_args(LD.Options.model_fields[key].annotation)


def _game_new(fake: FakeDiscord) -> dict[str, Any]:
    game = next(c for c in fake.commands() if c["name"] == "game")
    new = next(o for o in game["options"] if o["name"] == "new")
    return {o["name"]: o for o in new["options"]}


@pytest.mark.rule("BOT-LOBBY-1")
async def test_game_new_offers_the_modes_and_sides_the_engine_accepts(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with warden(tmp_path / "w.db"):
        options = _game_new(fake_discord)
    for key in ("mode", "board"):
        choices = options[key]["choices"]
        assert [c["value"] for c in choices] == list(_values(key))
        for choice in choices:
            assert choice["name"] == CHOICE_NAMES[key][choice["value"]]
            assert "_" not in choice["name"] and choice["name"][0].isupper()
        assert options[key]["description"].startswith("Lockdown: ")
        assert not options[key].get("required")
    assert {c["value"] for c in options["mode"]["choices"]} >= {"semi_coop", "coop", "solo"}
    assert [c["value"] for c in options["task_deck"]["choices"]] == ["auto", "silver", "black"]


class _BasicOnly(BaseModel):
    model_config = ConfigDict(frozen=True)

    mode: Literal["semi_coop", "solo"] = "semi_coop"
    board: Literal["basic"] = "basic"
    turn_timeout_minutes: int = 0


def test_choices_follow_the_options_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read at registration: a value the model does not accept is not offered, so the Mars
    side appears by itself once the engine takes it; a field the model lacks offers
    nothing."""
    monkeypatch.setattr(type(LD), "Options", _BasicOnly)
    assert [c.value for c in option_choices("board")] == ["basic"]
    assert [c.value for c in option_choices("mode")] == ["semi_coop", "solo"]

    class _NoBoard(BaseModel):
        turn_timeout_minutes: int = 0

    monkeypatch.setattr(type(LD), "Options", _NoBoard)
    assert option_choices("board") == []


def test_every_new_game_option_of_a_kit_is_a_parameter_of_game_new() -> None:
    """A kit names the options `/game new` takes; the command declares each of them (and
    only those, beside the game and the timer's), worded by that kit."""
    command = GameCommands().get_command("new")
    assert isinstance(command, app_commands.Command)
    params = {p.name: p for p in command.parameters}
    named = {key: kit for kit in map(get_kit, list_kits()) for key in kit.options.new_game}
    assert set(params) - {"ruleset", "turn_timer", "when_time_runs_out", "idle_after"} == \
        set(named)
    for key, kit in named.items():
        assert params[key].description == f"{kit.short_title}: {kit.options.new_game[key]}"


@pytest.mark.rule("BOT-LOBBY-1")
async def test_the_lobby_names_the_mode_and_side_and_says_what_they_mean(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB)
    channel = fake_discord.channel_id
    board = _values("board")[-1]
    async with warden(tmp_path / "w.db") as bot:
        lobby = await fake_discord.slash(HOST, channel, "game", "new", ruleset="lockdown",
                                         mode="coop", board=board)
        text = lobby.response.content
        side = "Mars surface side" if board == "mars" else "basic side"
        assert f"Options: Mode: fully cooperative · Board: {side} · Turn timer: off" in text
        assert f"\n> {NOTES['mode']['coop']}\n> {NOTES['board'][board]}\n" in text
        assert "_" not in text and "=" not in text
        record = await current_record(bot)
        assert record.options == {"mode": "coop", "board": board, "turn_timeout_minutes": 0,
                                  "timeout_move": "ai"}
        joined = await fake_discord.click(BOB, lobby.message, label="Join")
        assert NOTES["mode"]["coop"] in joined.response.content  # kept on every refresh


@pytest.mark.rule("BOT-LOBBY-1")
async def test_an_option_of_the_other_game_is_refused_in_words(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, HOST)
    channel = fake_discord.channel_id
    async with warden(tmp_path / "w.db") as bot:
        for ruleset, option, owner in (("darkmoon", {"mode": "solo"}, "Nemesis: Lockdown"),
                                       ("darkmoon", {"board": "basic"}, "Nemesis: Lockdown"),
                                       ("lockdown", {"task_deck": "black"}, "Dark Moon"),
                                       ("lockdown", {"final_event": "last_stand"},
                                        "Dark Moon")):
            wrong = await fake_discord.slash(HOST, channel, "game", "new", ruleset=ruleset,
                                             **option)
            key = next(iter(option))
            assert wrong.response.ephemeral
            assert wrong.response.content == f"The option {key} is for {owner} only."
        assert await bot.storage.active_game_in_channel(str(channel)) is None
        plain = await fake_discord.slash(HOST, channel, "game", "new", ruleset="lockdown")
        assert "Mode: semi-cooperative · Board: basic side" in plain.response.content
        record = await current_record(bot)
        assert record.options == {"turn_timeout_minutes": 0, "timeout_move": "ai"}


@pytest.mark.rule("BOT-LOBBY-1")
@pytest.mark.rule("LD-MODE-1")
async def test_solo_starts_only_with_one_player(fake_discord: FakeDiscord,
                                               tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB)
    channel = fake_discord.channel_id
    async with warden(tmp_path / "w.db") as bot:
        lobby = await fake_discord.slash(HOST, channel, "game", "new", ruleset="lockdown",
                                         mode="solo")
        assert NOTES["mode"]["solo"] in lobby.response.content
        assert "lobby (1 player)" in lobby.response.content
        refused = await fake_discord.click(BOB, lobby.message, label="Join")
        assert refused.response.ephemeral
        assert refused.response.content == ("The table is full: Nemesis: Lockdown seats 1 "
                                            "player with these options. You can watch.")
        assert (await current_record(bot)).seats == [str(HOST)]
        # the engine's own check stays: a solo game never deals for two
        expected = LD.check_players(LD.Options(mode="solo"), 2)
        assert expected and "exactly 1 player" in expected
        started = await fake_discord.click(HOST, lobby.message, label="Start")
        assert "Started" in started.response.content
        record = await current_record(bot)
        state = bot.tables.state_of(record)
        assert record.status == "running" and record.seats == [str(HOST)]
        assert state.options.mode == "solo"  # type: ignore[attr-defined]


@pytest.mark.rule("BOT-LOBBY-1")
async def test_a_full_table_refuses_one_more(fake_discord: FakeDiscord,
                                            tmp_path: Path) -> None:
    others = [BOB + i for i in range(5)]
    add_players(fake_discord, HOST, *others)
    async with warden(tmp_path / "w.db") as bot:
        lobby = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "new",
                                         ruleset="lockdown")
        assert "lobby (1-5 players)" in lobby.response.content
        for user in others[:4]:
            joined = await fake_discord.click(user, lobby.message, label="Join")
            assert "full" not in joined.response.content
        refused = await fake_discord.click(others[4], lobby.message, label="Join")
        assert refused.response.ephemeral
        assert refused.response.content == ("The table is full: Nemesis: Lockdown seats 5 "
                                            "players. You can watch.")
        assert len((await current_record(bot)).seats) == 5


@pytest.mark.rule("BOT-LOBBY-1")
@pytest.mark.rule("LD-MODE-2")
async def test_a_cooperative_game_starts_with_several_players(fake_discord: FakeDiscord,
                                                             tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB, CAROL)
    channel = fake_discord.channel_id
    async with warden(tmp_path / "w.db") as bot:
        lobby = await fake_discord.slash(HOST, channel, "game", "new", ruleset="lockdown",
                                         mode="coop")
        for uid in (BOB, CAROL):
            await fake_discord.click(uid, lobby.message, label="Join")
        started = await fake_discord.click(HOST, lobby.message, label="Start")
        assert "Started" in started.response.content
        record = await current_record(bot)
        assert bot.tables.state_of(record).options.mode == "coop"  # type: ignore[attr-defined]
        assert len(record.seats) == 3


# ---------------------------------------------- Dark Moon: expansion, modules, variants
def _menus(message: Any) -> dict[str, Any]:
    from fake_discord import iter_components

    return {c["custom_id"].rsplit(":", 1)[1]: c for c in iter_components(message.components)
            if c.get("type") == 3}


def _ticked(menu: dict[str, Any]) -> list[str]:
    return [o["value"] for o in menu["options"] if o.get("default")]


@pytest.mark.rule("BOT-LOBBY-1")
async def test_dark_moon_lobby_menus_turn_the_expansion_modules_and_variants_on(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    from kits.darkmoon.options import MODULE_OPTIONS, VARIANT_OPTIONS

    menu_lines = get_kit("darkmoon").options.menu_lines
    add_players(fake_discord, HOST, BOB, CAROL)
    channel = fake_discord.channel_id
    async with warden(tmp_path / "w.db") as bot:
        lobby = await fake_discord.slash(HOST, channel, "game", "new", ruleset="darkmoon")
        text = lobby.response.content
        assert "Threats" not in text and "Expensive Voting" not in text  # nothing on yet
        assert "two menus below" in text
        menus = _menus(lobby.message)
        assert set(menus) == {"modules", "variants"}
        for name, entries in (("modules", MODULE_OPTIONS), ("variants", VARIANT_OPTIONS)):
            menu = menus[name]
            assert [o["value"] for o in menu["options"]] == list(entries)
            assert [o["label"] for o in menu["options"]] == [menu_label("darkmoon", e)
                                                             for e in entries]
            assert [o["description"] for o in menu["options"]] == [menu_lines[e]
                                                                   for e in entries]
            assert menu["min_values"] == 0 and _ticked(menu) == []
        # only the host chooses
        refused = await fake_discord.select(BOB, lobby.message, menus["modules"]["custom_id"],
                                            ["expansion"])
        assert refused.response.ephemeral
        assert refused.response.content == (f"Only the host (<@{HOST}>) can choose the "
                                             "expansion, modules and variants.")
        # modules without the expansion are refused with what to do
        alone = await fake_discord.select(HOST, lobby.message, menus["modules"]["custom_id"],
                                          ["threats", "company_man"])
        assert alone.response.ephemeral
        assert "The Threats and Company Man modules need the Shadow Corporation expansion: "\
            "tick **Shadow Corporation expansion**" in alone.response.content
        assert (await current_record(bot)).options.get("threats") is None
        both = await fake_discord.select(HOST, lobby.message, menus["variants"]["custom_id"],
                                         ["nerfed_reveal:normal", "nerfed_reveal:extreme"])
        assert "one level at a time" in both.response.content
        # the host ticks them: stored, listed with their notes, the menus show them ticked
        mods = await fake_discord.select(HOST, lobby.message, menus["modules"]["custom_id"],
                                         ["expansion", "threats", "company_man"])
        variants = await fake_discord.select(
            HOST, lobby.message, menus["variants"]["custom_id"],
            ["expensive_voting", "nerfed_reveal:extreme", "costly_actions"])
        record = await current_record(bot)
        assert {k: record.options[k] for k in ("expansion", "threats", "company_man",
                                               "expensive_voting", "nerfed_reveal",
                                               "costly_actions", "safe_orders")} == {
            "expansion": True, "threats": True, "company_man": True,
            "expensive_voting": True, "nerfed_reveal": "extreme", "costly_actions": True,
            "safe_orders": False}
        text = variants.response.content
        for line in ("Shadow Corporation expansion: on", "Threats module: on",
                     "Company Man module: on", "Expensive Voting: on",
                     "Nerfed Reveal: extreme", "Costly Actions: on"):
            assert line in text
        assert "Safe Orders" not in text and "First Is Last" not in text
        for key, value in (("threats", "True"), ("nerfed_reveal", "extreme")):
            assert NOTES[key][value] in text
        assert "_" not in text.split("Seated")[0].replace("`/rules", "")
        menus = _menus(variants.message)
        assert _ticked(menus["modules"]) == ["expansion", "threats", "company_man"]
        assert _ticked(menus["variants"]) == ["expensive_voting", "nerfed_reveal:extreme",
                                              "costly_actions"]
        assert "Threats module: on" in mods.response.content
        # a join keeps the menus and what they show
        joined = await fake_discord.click(BOB, lobby.message, label="Join")
        assert _ticked(_menus(joined.message)["modules"]) == ["expansion", "threats",
                                                              "company_man"]
        await fake_discord.click(CAROL, lobby.message, label="Join")
        started = await fake_discord.click(HOST, lobby.message, label="Start")
        assert "Started" in started.response.content
        state = bot.tables.state_of(await current_record(bot))
        opts = state.options  # type: ignore[attr-defined]
        assert opts.expansion and opts.threats and opts.company_man
        assert opts.nerfed_reveal == "extreme" and opts.costly_actions
    assert fake_discord.limit_violations == []


@pytest.mark.rule("BOT-LOBBY-1")
async def test_telepathic_infected_waits_for_five_players_at_start(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    add_players(fake_discord, HOST, BOB, CAROL)
    async with warden(tmp_path / "w.db") as bot:
        lobby = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "new",
                                         ruleset="darkmoon")
        menu = _menus(lobby.message)["variants"]["custom_id"]
        chosen = await fake_discord.select(HOST, lobby.message, menu, ["telepathic_infected"])
        assert "lobby (5-7 players)" in chosen.response.content
        for uid in (BOB, CAROL):
            await fake_discord.click(uid, lobby.message, label="Join")
        refused = await fake_discord.click(HOST, lobby.message, label="Start")
        assert refused.response.ephemeral
        assert refused.response.content == (
            "Telepathic Infected needs 5 to 7 players and 3 are seated: wait for more "
            "players to join, or untick Telepathic Infected in the Variants menu.")
        assert (await current_record(bot)).status == "lobby"
        await fake_discord.select(HOST, lobby.message, menu, [])
        started = await fake_discord.click(HOST, lobby.message, label="Start")
        assert "Started" in started.response.content
    assert fake_discord.limit_violations == []


@pytest.mark.rule("BOT-LOBBY-1")
@pytest.mark.rule("LD-XOVER-1")
async def test_lockdown_lobby_menu_brings_in_the_original_nemesis(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A Lockdown lobby has no Dark Moon menus, only "Original Nemesis characters and
    intruders" (LD-XOVER-1): the host ticks the options, the game starts with them."""
    from kits.lockdown.options import CROSSOVER_OPTIONS

    menu_lines = get_kit("lockdown").options.menu_lines
    add_players(fake_discord, HOST, BOB)
    async with warden(tmp_path / "w.db") as bot:
        lobby = await fake_discord.slash(HOST, fake_discord.channel_id, "game", "new",
                                         ruleset="lockdown")
        menus = _menus(lobby.message)
        assert set(menus) == {"crossover"}
        assert "menus below" not in lobby.response.content
        assert "Original Nemesis" not in lobby.response.content.split("\n")[1]
        menu = menus["crossover"]
        assert [o["value"] for o in menu["options"]] == list(CROSSOVER_OPTIONS)
        assert [o["label"] for o in menu["options"]] == [
            menu_label("lockdown", e) for e in CROSSOVER_OPTIONS]
        assert [o["description"] for o in menu["options"]] == [
            menu_lines[e] for e in CROSSOVER_OPTIONS]
        refused = await fake_discord.select(BOB, lobby.message, menu["custom_id"],
                                            ["nemesis_intruders"])
        assert refused.response.ephemeral
        assert refused.response.content == (f"Only the host (<@{HOST}>) can bring in the "
                                             "original Nemesis characters and intruders.")
        ticked = await fake_discord.select(HOST, lobby.message, menu["custom_id"],
                                           list(CROSSOVER_OPTIONS))
        record = await current_record(bot)
        assert {k: record.options[k] for k in CROSSOVER_OPTIONS} == {
            "nemesis_characters": True, "nemesis_intruders": True}
        text = ticked.response.content
        assert "Original Nemesis characters: on" in text
        assert NOTES["nemesis_intruders"]["True"] in text
        assert _ticked(_menus(ticked.message)["crossover"]) == list(CROSSOVER_OPTIONS)
        await fake_discord.click(BOB, lobby.message, label="Join")
        started = await fake_discord.click(HOST, lobby.message, label="Start")
        assert "Started" in started.response.content
        state = bot.tables.state_of(await current_record(bot))
        opts = state.options  # type: ignore[attr-defined]
        assert opts.nemesis_characters and opts.nemesis_intruders
        assert state.weaknesses_revealed == 0  # type: ignore[attr-defined]
    assert fake_discord.limit_violations == []
