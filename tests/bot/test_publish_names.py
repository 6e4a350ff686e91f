"""The names the bot gives the boards, summaries, buttons and texts (issue 18):
cleaned of control, bidi and zero-width characters (renders/names.py), and a name with
nothing left falls back to the seat's number, like a name never seen."""

from __future__ import annotations

from types import SimpleNamespace

from bot.publish import Publisher

SEATS = ["100000000000000000", "100000000000007919", "100000000000015838"]
HIDDEN = "\u202a\u202e\u2066\u2069\u200b\u200f\u2060\ufeff"


def test_a_name_with_nothing_left_is_player_n() -> None:
    """The bot's names (for the boards, summaries, buttons and texts): cleaned, and a
    name that is only invisible characters falls back to the seat's number, like a name
    never seen."""
    seats = SEATS
    bot = SimpleNamespace(names={seats[0]: "Ann\u202e\x00", seats[1]: HIDDEN})
    record = SimpleNamespace(seats=seats, names={seats[1]: "stored", seats[2]: "\x1b"})
    names = Publisher(bot).names(record)  # type: ignore[arg-type]
    assert names == {seats[0]: "Ann", seats[1]: "stored", seats[2]: "Player 3"}
    bot.names[seats[1]] = "Bo\u2066b"
    assert Publisher(bot).names(record)[seats[1]] == "Bob"  # type: ignore[arg-type]
