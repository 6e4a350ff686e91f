"""Computer seats, "Warden's crew": who they are and how the table names them.

A computer seat added in the lobby has a seat id of its own, "crew1", "crew2"...: never
a Discord user id (those are numbers), so it can never be mistaken for a person, and
its name, "Warden crew 1", is read from the id itself (nothing more to store). A
person's seat handed to the crew (`/game kick`, a player leaving a running game) keeps
its id; the game's options list it ("away", bot/games.py).

Wherever the engine or the bot writes a seat as a mention (`<@seat>`), a crew seat
reads as its name (`named`): it is never pinged, gets no DM, no sheet, no ephemeral.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import discord

from rules.core.actions import replace_seat_refs

CREW = "crew"
CREW_NAME = "Warden crew"


def crew_seat(n: int) -> str:
    """The seat id of the `n`-th computer seat added in a lobby."""
    return f"{CREW}{n}"


def is_crew(seat: str) -> bool:
    """Whether `seat` is a computer seat added in the lobby (not a person's id)."""
    return seat.startswith(CREW) and seat[len(CREW):].isdigit()


def crew_name(seat: str) -> str:
    """"Warden crew 2" for "crew2"."""
    return f"{CREW_NAME} {seat[len(CREW):]}"


def next_crew_seat(seats: Iterable[str]) -> str:
    """The id of the next computer seat: the lowest number not taken."""
    taken = {seat for seat in seats if is_crew(seat)}
    n = 1
    while crew_seat(n) in taken:
        n += 1
    return crew_seat(n)


def mention(seat: str) -> str:
    """A seat as the table writes it: a person's mention, a crew seat's name."""
    return f"**{crew_name(seat)}**" if is_crew(seat) else f"<@{seat}>"


def named(text: str) -> str:
    """`text` with every crew seat's mention turned into its name (a person's mention
    stays a mention)."""
    return replace_seat_refs(text, mention) if CREW in text else text


def people(seats: Iterable[str]) -> list[str]:
    """The seats held by people (computer seats left out), in order."""
    return [seat for seat in seats if not is_crew(seat)]


def user_objects(seats: Iterable[str]) -> list[discord.Object]:
    """The Discord users behind `seats` (for allowed mentions): crew seats have none."""
    return [discord.Object(id=int(seat)) for seat in people(seats)]


def decision_seed(game_id: int, version: int, seat: str) -> int:
    """The seed of a computer decision: from the game, the state's version and the seat
    only, so a decision can be played again the same (and a restart decides alike)."""
    digest = hashlib.sha256(f"{game_id}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


__all__ = ["CREW_NAME", "crew_name", "crew_seat", "decision_seed", "is_crew", "mention",
           "named", "next_crew_seat", "people", "user_objects"]
