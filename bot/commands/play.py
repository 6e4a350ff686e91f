"""/move, /roll, /submit, /vote: a move typed as a command, offered by autocomplete.

Each autocomplete lists the caller's legal moves (/roll and /submit only their kinds);
a chosen value carries the version and choices it was offered at, so a command re-sent
after a lost reply is not applied twice (see bot.move_text)."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands

from bot.choices import fingerprint
from bot.commands.autocomplete import AUTOCOMPLETE_WAIT, SLOW_CHOICES, why
from bot.games import UserError, seat_refusal
from bot.move_text import WHY, has_kinds, labelled, offer_value, resolve_text
from bot.ports import bot_of
from bot.replies import refuse
from bot.storage import StorageUnavailable
from bot.texts import clip

ROLL_KINDS = ("roll", "reroll", "stop", "test_die")
SUBMIT_KINDS = ("submit", "reroll")


@app_commands.command(name="move", description="Make a move (the list shows your legal moves)")
@app_commands.describe(action="Start typing to filter your choices")
async def move(interaction: discord.Interaction, action: str) -> None:
    await move_by_text(interaction, action)


@move.autocomplete("action")
async def move_choices(interaction: discord.Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
    return await legal_choices(interaction, current, ())


def dice_command(name: str, description: str, dice_help: str, kinds: tuple[str, ...]
                 ) -> app_commands.Command[app_commands.Group, [str], None]:
    """A command for one step of a dice roll: its `dice` offer only the moves of `kinds`
    (/roll: roll, reroll or stop; /submit: which rolled dice count)."""

    @app_commands.command(name=name, description=description)
    @app_commands.describe(dice=dice_help)
    async def command(interaction: discord.Interaction, dice: str) -> None:
        await move_by_text(interaction, dice, kinds=kinds, command=name)

    @command.autocomplete("dice")
    async def dice_choices(interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        return await legal_choices(interaction, current, kinds)

    return command


roll = dice_command("roll", "Roll dice (your rolling choices)",
                    "Which dice to roll, or reroll / stop", ROLL_KINDS)
submit = dice_command("submit", "Submit rolled dice (your submit choices)",
                      "Which of your rolled dice to submit", SUBMIT_KINDS)


@app_commands.command(name="vote", description="Cast your secret vote (only you see the reply)")
@app_commands.choices(choice=[
    app_commands.Choice(name="Uninfected (strong die)", value="strong"),
    app_commands.Choice(name="Infected (weak die)", value="weak"),
    app_commands.Choice(name="Abstain", value="abstain")])
async def vote(interaction: discord.Interaction, choice: str) -> None:
    await move_by_text(interaction, f"vote:{choice}", kinds=("vote",), command="vote")


async def legal_choices(interaction: discord.Interaction, current: str,
                        kinds: tuple[str, ...]) -> list[app_commands.Choice[str]]:
    """The caller's legal moves as autocomplete choices (optionally only some kinds).
    With nothing to choose, the one entry says why."""
    bot = bot_of(interaction)
    try:
        record = await asyncio.wait_for(bot.moves.game_for(interaction), AUTOCOMPLETE_WAIT)
    except UserError as exc:
        return [why(str(exc))]
    except (TimeoutError, StorageUnavailable):
        return [why(SLOW_CHOICES)]
    if record.status != "running":
        return [why("The game has not started yet.")]
    seat = str(interaction.user.id)
    if seat not in record.seats:
        return [why("You are not playing in this game; you can watch.")]
    rs = bot.tables.ruleset_of(record)
    state = bot.tables.state_of(record)
    legal = rs.legal_actions(state, seat)
    if not legal:
        return [why(bot.moves.nothing_to_do(record, state, seat))]
    names = bot.publisher.names(record)
    offered = offer_value(record.version, legal)
    out = []
    for i, (action, label) in enumerate(labelled(rs, state, seat, legal, names)):
        if kinds and action.key.split(":")[0] not in kinds:
            continue
        if current.lower() in label.lower() or current == action.key:
            out.append(app_commands.Choice(name=clip(label, 100), value=offered(i)))
    if not out:
        wanted = f" matching '{clip(current, 40)}'" if current else ""
        return [why(f"No choice{wanted} for this command now; try /move or My choices.")]
    return out[:25]


async def move_by_text(interaction: discord.Interaction, text: str,
                       kinds: tuple[str, ...] = (), command: str = "move") -> None:
    """Play the move `text` names (an offered value, a key or a label) for the caller,
    if it is theirs to make now and, for /roll, /submit and /vote, of the command's
    kinds."""
    bot = bot_of(interaction)
    bot.moves.remember(interaction)
    try:
        record = await bot.moves.game_for(interaction)
    except UserError as exc:
        await refuse(interaction, str(exc))
        return
    if record.status != "running":
        await refuse(interaction, "The game has not started yet.")
        return
    seat = str(interaction.user.id)
    if seat not in record.seats:
        await refuse(interaction, "You are not playing in this game; you can watch.")
        return
    refused = seat_refusal(record, seat)
    if refused:
        await refuse(interaction, refused)
        return
    rs = bot.tables.ruleset_of(record)
    state = bot.tables.state_of(record)
    legal = rs.legal_actions(state, seat)
    if kinds and not has_kinds(rs, kinds):
        await refuse(interaction, f"{rs.title} has no `/{command}`: use `/move` or the "
                     "**My choices** button.")
        return
    if not legal:
        await refuse(interaction, bot.moves.nothing_to_do(record, state, seat))
        return
    if text == WHY:
        await refuse(interaction, "Nothing to choose there; use `/move` or **My choices**.")
        return
    names = bot.publisher.names(record)
    try:
        key, version, stamp = resolve_text(rs, state, seat, text, legal, names)
    except UserError as exc:
        await refuse(interaction, str(exc))
        return
    if version is not None and version != record.version and not (
            stamp == fingerprint(legal)
            and not await bot.storage.acted_since(record.id, seat, version)):
        await refuse(interaction, "That choice is out of date; pick again from the list.")
        return
    if kinds and key.split(":")[0] not in kinds:
        await refuse(interaction, f"`/{command}` cannot make that move now; use `/move`.")
        return
    await bot.moves.submit(interaction, record, seat, key, record.version)
