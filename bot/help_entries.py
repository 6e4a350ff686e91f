"""The `/rules` entries of each game: its kit's help (`GameKit.help`: the topics and
every card, room, item and token by name) and the table's settings, which every game
shares, with keys made unique within the game."""

from __future__ import annotations

from functools import cache

from rules.core.kit import HelpEntry
from rules.registry import get_kit

Entry = HelpEntry


@cache
def entries(ruleset: str) -> tuple[Entry, ...]:
    """Every `/rules` entry of a game, help topics first, keys made unique."""
    raw = [*get_kit(ruleset).help(), _settings(ruleset)]
    out: list[Entry] = []
    seen: set[str] = set()
    for entry in raw:
        if entry.key in seen:  # e.g. the isolation topic and the Isolation Room tile
            slug = entry.group.lower().replace(" ", "_")
            entry = Entry(f"{entry.key}_{slug}", entry.title, entry.text)
        seen.add(entry.key)
        out.append(entry)
    return tuple(out)


def _settings(ruleset: str) -> Entry:
    """The table's settings: the host's turn timer and, in a game with decisions
    Warden may answer, each player's own "Warden answers for me"."""
    text = ("**AI players** (Warden's crew): the host presses **Add AI player** in the "
            "lobby to seat a computer player (\"Warden crew 1\"...) and **Remove AI "
            "player** to take the last one away. It decides from what its seat may see, "
            "after a short pause, and its moves are told like anyone's. A player who "
            "leaves (`/game leave`) or is removed (`/game kick`) hands their seat to it.\n"
            "**Turn timer** (off unless the host sets one: `turn_timer` in `/game new`, or "
            "`/game timer`): a reminder at half time, then Warden decides for whoever is "
            "still waiting, as the host chose (`when_time_runs_out`): an AI player moves "
            "for them (the default), or they pass (the documented default moves). After "
            "3 timeouts in a row (`idle_after` in `/game new` or `/game timer`; 0 = never) "
            "Warden's crew plays the silent player's seat until they come back: "
            "`/game return`, or **I'm back** under the channel's notice (a DM tells them "
            "too).\n"
            "**Your games** (`/games`, in a server or in a DM to Warden): every game you "
            "play in, in every server, those waiting on you first, with a link to each "
            "board, since when it waits on you and when your time runs out; only you see "
            "it.")
    rs = get_kit(ruleset).ruleset
    if rs.auto_answers:
        text += ("\n**Warden answers for me when I have no real choice** (each player for "
                 "themselves, off by default: the button on your private sheet, in your "
                 f"DMs): Warden will {rs.auto_answers}, the moment you are asked. "
                 f"{rs.auto_answer_tells} Turned off, you are asked every time.")
    return Entry("settings", "Table settings", text)


__all__ = ["Entry", "entries"]
