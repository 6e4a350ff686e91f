"""A player gone quiet: after running out of time a number of times in a row, Warden's
crew plays their seat until they come back (issue 21, section 3).

Kept in the game's options (the bot's row of the game, like the seats handed over for
good, "away", and the decisions a player lets Warden answer): a table's bookkeeping,
not a rule, so it survives a restart and every process of a sharded bot reads it with
the game. Three keys:

- `IDLE_AFTER`: how many timeouts in a row hand the seat over (a lobby setting of
  `/game new` and `/game timer`; `DEFAULT_IDLE_AFTER` when not set, 0: never);
- `STREAK`: seat -> the timeouts in a row so far (a move the player makes themselves
  clears it);
- `IDLE`: the seats Warden's crew plays until their player comes back (`/game return`
  or the button of the notice sent to them); a seat removed for good (`/game kick`, a
  player leaving) is "away" instead (bot/games.py) and never comes back.

Pure functions of the options: the callers (bot/moves.py, bot/games.py) store what
they return under the channel's lock."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

IDLE = "idle"
STREAK = "timeouts_in_row"
IDLE_AFTER = "idle_after"
DEFAULT_IDLE_AFTER = 3
MOST_IDLE_AFTER = 10  # the most `/game new` and `/game timer` offer

IDLE_TEXT = ("Warden's crew (an AI player) plays your seat while you are away. "
             "Use `/game return` in the game's channel to play it again.")
NOT_IDLE_TEXT = "You are not away: you play your own seat."


def idle_after(options: Mapping[str, Any]) -> int:
    """How many timeouts in a row hand a seat to the crew in a game with these options
    (0: never)."""
    value = options.get(IDLE_AFTER, DEFAULT_IDLE_AFTER)
    return value if isinstance(value, int) and 0 <= value <= MOST_IDLE_AFTER \
        else DEFAULT_IDLE_AFTER


def idle_seats(options: Mapping[str, Any]) -> list[str]:
    """The seats Warden's crew plays until their player comes back."""
    return [str(x) for x in options.get(IDLE) or ()]


def streak(options: Mapping[str, Any], seat: str) -> int:
    """`seat`'s timeouts in a row so far."""
    value = (options.get(STREAK) or {}).get(seat, 0)
    return value if isinstance(value, int) else 0


def after_timeout(options: Mapping[str, Any], seat: str) -> tuple[dict[str, Any], bool]:
    """The options once `seat` ran out of time once more, and whether that hands the
    seat to the crew (the streak reached `idle_after`; the streak starts again)."""
    count = streak(options, seat) + 1
    limit = idle_after(options)
    counts = dict(options.get(STREAK) or {})
    if limit and count >= limit and seat not in idle_seats(options):
        counts.pop(seat, None)
        return {**options, STREAK: counts, IDLE: [*idle_seats(options), seat]}, True
    counts[seat] = count
    return {**options, STREAK: counts}, False


def after_own_move(options: Mapping[str, Any], seat: str) -> dict[str, Any] | None:
    """The options once `seat`'s player moved themselves (the streak clears); None when
    nothing changes (no streak: nothing to store)."""
    if not streak(options, seat):
        return None
    return {**options, STREAK: _streaks_without(options, seat)}


def back(options: Mapping[str, Any], seat: str) -> dict[str, Any]:
    """The options once `seat`'s player came back: the seat is theirs again."""
    return {**options, IDLE: [x for x in idle_seats(options) if x != seat],
            STREAK: _streaks_without(options, seat)}


def _streaks_without(options: Mapping[str, Any], seat: str) -> dict[str, Any]:
    """The streaks of every seat but `seat`."""
    return {k: v for k, v in (options.get(STREAK) or {}).items() if k != seat}


def gone_for_good(options: Mapping[str, Any], seat: str) -> dict[str, Any]:
    """`options` without `seat` among the idle ones (it is removed for good instead)."""
    if seat not in idle_seats(options):
        return dict(options)
    return back(options, seat)


def in_a_row(options: Mapping[str, Any]) -> str:
    """" 3 times in a row" (nothing for a single timeout), as a sentence about the
    timeouts that handed a seat over says it."""
    limit = idle_after(options)
    return f" {limit} times in a row" if limit > 1 else ""


def idle_text(options: Mapping[str, Any]) -> str:
    """How the lobby and `/game timer` say the setting: "after 3 timeouts in a row,
    Warden's crew plays the seat until its player returns" ("" when never)."""
    limit = idle_after(options)
    if not limit:
        return ""
    times = "timeout" if limit == 1 else f"{limit} timeouts in a row"
    return (f"after {'a ' if limit == 1 else ''}{times}, Warden's crew plays the seat "
            "until its player returns")


__all__ = ["DEFAULT_IDLE_AFTER", "IDLE", "IDLE_AFTER", "IDLE_TEXT", "MOST_IDLE_AFTER",
           "NOT_IDLE_TEXT", "STREAK", "after_own_move", "after_timeout", "back",
           "gone_for_good", "idle_after", "idle_seats", "idle_text", "in_a_row", "streak"]
