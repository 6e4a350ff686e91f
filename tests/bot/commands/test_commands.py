"""The slash commands as Discord receives them: bot.commands registers each group and
command once, and /game new offers every registered ruleset by its title and range."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.commands import register
from bot.commands.game import GameCommands, ruleset_choices
from rules import get_ruleset, list_rulesets


@pytest.fixture
def tree() -> app_commands.CommandTree:
    tree: app_commands.CommandTree = app_commands.CommandTree(
        discord.Client(intents=discord.Intents.default()))
    register(tree)
    return tree


def test_every_command_is_registered_once_in_discords_order(
        tree: app_commands.CommandTree) -> None:
    assert [c.name for c in tree.get_commands()] == [
        "game", "move", "roll", "submit", "vote", "choices", "hand", "games", "rules"]
    game = tree.get_command("game")
    assert isinstance(game, GameCommands)
    assert game.guild_only
    assert [c.name for c in game.commands] == [
        "new", "join", "leave", "start", "end", "kick", "return", "timer", "status"]


def test_games_is_offered_in_servers_and_in_dms_of_a_server_install(
        tree: app_commands.CommandTree) -> None:
    """/games answers in a server channel and in the bot's DMs (contexts 0 and 1), not
    in group DMs; the bot is installed to servers only (integration type 0)."""
    games = tree.get_command("games")
    assert isinstance(games, app_commands.Command)
    payload = games.to_dict(tree)
    assert sorted(payload["contexts"]) == [0, 1]
    assert payload["integration_types"] == [0]
    assert payload.get("options", []) == []


def test_game_new_offers_each_registered_ruleset_with_its_title_and_player_range() -> None:
    choices = ruleset_choices()
    assert [c.value for c in choices] == list_rulesets()
    for choice in choices:
        rs = get_ruleset(choice.value)
        assert choice.name == f"{rs.title} ({rs.min_players}-{rs.max_players} players)"
    assert "Dark Moon (3-7 players)" in [c.name for c in choices]


def test_the_synced_game_new_ruleset_option_holds_those_choices(
        tree: app_commands.CommandTree) -> None:
    game = tree.get_command("game")
    assert isinstance(game, app_commands.Group)
    new = game.get_command("new")
    assert isinstance(new, app_commands.Command)
    payload = new.to_dict(tree)
    ruleset = next(o for o in payload["options"] if o["name"] == "ruleset")
    assert ruleset["required"] is True
    assert [(c["name"], c["value"]) for c in ruleset["choices"]] == [
        (c.name, c.value) for c in ruleset_choices()]


def test_autocompletes_are_bound_where_the_player_types(
        tree: app_commands.CommandTree) -> None:
    def completed(command: app_commands.Command) -> list[str]:
        return [p.name for p in command.parameters if p.autocomplete]

    commands = {c.name: c for c in tree.get_commands()}
    game = commands.pop("game")
    assert isinstance(game, app_commands.Group)
    found = {f"game {c.name}": completed(c) for c in game.commands
             if isinstance(c, app_commands.Command)}
    found |= {name: completed(c) for name, c in commands.items()
              if isinstance(c, app_commands.Command)}
    assert {k: v for k, v in found.items() if v} == {
        "game new": ["final_event"], "move": ["action"], "roll": ["dice"],
        "submit": ["dice"], "rules": ["topic"]}
