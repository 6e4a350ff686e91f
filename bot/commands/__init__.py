"""Warden's slash commands, a module per group (discord.py's app_commands.Group):

* game.py -- /game new, join, leave, start, end, kick, timer, status
* play.py -- /move, /roll, /submit, /vote: a move typed as a command
* seat.py -- /choices, /hand: a player's own choices and private information
* games_list.py -- /games: where the player is awaited, in every server
* rules_help.py -- /rules: the rules help

`register` adds them all to the client's command tree (bot.app calls it once).
"""

from __future__ import annotations

from discord import app_commands

from bot.commands.game import GameCommands
from bot.commands.games_list import games
from bot.commands.play import move, roll, submit, vote
from bot.commands.rules_help import rules_help
from bot.commands.seat import choices, hand


def register(tree: app_commands.CommandTree) -> None:
    """Add every slash command to `tree`, in the order Discord lists them."""
    tree.add_command(GameCommands())
    tree.add_command(move)
    tree.add_command(roll)
    tree.add_command(submit)
    tree.add_command(vote)
    tree.add_command(choices)
    tree.add_command(hand)
    tree.add_command(games)
    tree.add_command(rules_help)


__all__ = ["register"]
